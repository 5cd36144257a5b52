// A form whose fields are named as the API's parameters (the CLI's flags): read it into
// parameters, fill it from the URL. A checkbox is a switch ("1"); in a radio group each
// button's value names the switch it turns on (tsumo / ron). A field's data-omit value is
// left out of the parameters (the CLI's default), data-default is its value when the URL
// has none.
"use strict";

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

export function fillForm(form, params) {
  const radios = [...form.elements].filter((f) => f.type === "radio");
  const radioGiven = radios.some((f) => params.get(f.value) === "1");
  for (const field of form.elements) {
    if (!field.name) continue;
    if (field.type === "checkbox") field.checked = params.get(field.name) === "1";
    else if (field.type === "radio") field.checked = radioGiven ? params.get(field.value) === "1" : "default" in field.dataset;
    else field.value = params.get(field.name) ?? field.dataset.default ?? "";
  }
}

export function hasParams(params) {
  return [...params.keys()].some((k) => k !== "view");
}
