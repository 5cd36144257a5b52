// A form whose fields are named as the API's parameters (the CLI's flags): read it into
// parameters, fill it from the URL. A checkbox is a switch ("1"); in a radio group each
// button's value names the switch it turns on (tsumo / ron). A field's data-omit value is
// left out of the parameters (the CLI's default), data-default is its value when the URL
// has none. A select takes the URL's value in any case, as the CLI and the API do ("s" is
// S); one marked data-match="preset" ignores spaces, "-" and "_" too, as `--rules` does
// ("mahjong-soul" is Mahjong Soul). A value no option matches is a problem shown next to
// its field, never dropped silently.
"use strict";

import { el } from "./tiles.js";

export function formParams(form) {
  const params = {};
  for (const field of form.elements) {
    if (!field.name) continue;
    const value = field.value.trim();
    if (field.type === "checkbox") {
      if (field.checked) params[field.name] = "1";
    } else if (field.type === "radio") {
      if (field.checked) params[value] = "1";
    } else if (value !== "" && value !== field.dataset.omit) {
      params[field.name] = value;
    }
  }
  return params;
}

/** A select's value as it is compared: casefolded; for a rule preset without spaces, "-" and "_" (the CLI's preset_key). */
export function matchKey(select, value) {
  const folded = value.trim().toLowerCase();
  return select.dataset.match === "preset" ? folded.replace(/[\s_-]/g, "") : folded;
}

/** "A, B or C" */
function choices(values) {
  return values.length > 1 ? `${values.slice(0, -1).join(", ")} or ${values.at(-1)}` : values.join("");
}

/** The URL's value of a parameter, its name in any case. */
function given(params, name) {
  if (params.has(name)) return params.get(name);
  const key = [...params.keys()].find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? null : params.get(key);
}

/**
 * Fill the form from the URL's parameters. Returns the problems found, [{name, message}]:
 * a select's value that none of its options matches (the field is left at its default).
 */
export function fillForm(form, params) {
  clearFieldErrors(form);
  const problems = [];
  const radios = [...form.elements].filter((f) => f.type === "radio");
  const radioGiven = radios.some((f) => given(params, f.value) === "1");
  for (const field of form.elements) {
    if (!field.name) continue;
    if (field.type === "checkbox") field.checked = given(params, field.name) === "1";
    else if (field.type === "radio") field.checked = radioGiven ? given(params, field.value) === "1" : "default" in field.dataset;
    else if (field.tagName === "SELECT") {
      const wanted = given(params, field.name);
      const options = [...field.options];
      const found = wanted === null ? null : options.find((o) => matchKey(field, o.value) === matchKey(field, wanted));
      field.value = found ? found.value : (field.dataset.default ?? options[0]?.value ?? "");
      if (wanted !== null && !found) {
        const names = choices(options.map((o) => o.value));
        problems.push({ name: field.name, message: `${field.name} must be ${names}, got '${wanted}'` });
      }
    } else field.value = given(params, field.name) ?? field.dataset.default ?? "";
  }
  return problems;
}

export function hasParams(params) {
  return [...params.keys()].some((k) => k !== "view");
}

/** The field a parameter names: by name, or the radio button whose value it is ("tsumo"). */
export function fieldOf(form, name) {
  return [...form.elements].find((f) => f.name === name || (f.type === "radio" && f.value === name)) ?? null;
}

/** Show a message next to a field (after its label, or after its fieldset for a radio button). */
export function showFieldError(form, name, message) {
  const field = fieldOf(form, name);
  if (!field) return null;
  const anchor = field.type === "radio" ? (field.closest("fieldset") ?? field.closest("label")) : (field.closest("label") ?? field);
  let note = form.querySelector(`.field-error[data-for="${CSS.escape(field.name)}"]`);
  if (!note) {
    note = el("p", "error field-error");
    note.dataset.for = field.name;
    note.setAttribute("role", "alert");
    anchor.after(note);
  }
  note.textContent = message;
  field.setAttribute("aria-invalid", "true");
  return note;
}

export function clearFieldErrors(form) {
  for (const note of form.querySelectorAll(".field-error")) note.remove();
  for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
}

/**
 * Show an API error: next to the field its `parameter` names (the page's parameter names,
 * e.g. "seat", "sticks", "visible"), else in `fallback` (the message after the hand's field).
 * The hand ("q") has its message in `fallback`, which stands right after it.
 */
export function showApiError(form, fallback, body) {
  const name = body && body.parameter;
  if (form && name && name !== "q" && showFieldError(form, name, `${body.error} (${body.type})`)) return;
  fallback.textContent = body ? `${body.error} (${body.type})` : "";
  fallback.hidden = !body;
}

/** Show the problems fillForm found, each next to its field. */
export function showProblems(form, problems) {
  for (const p of problems) showFieldError(form, p.name, p.message);
}
