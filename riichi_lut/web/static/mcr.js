// The Chinese Official (MCR) view: the hint with every wait's points and the 8-point check,
// and the score's fan list with points, the sets each fan uses, and payments.
"use strict";

import { clearFieldErrors, fillForm, formParams, hasParams, showApiError, showProblems } from "./forms.js";
import { handWithWin, table } from "./score.js";
import { acceptedElement, api, el, handElement, parseHand, shantenWords, showError, tileElement } from "./tiles.js";

const $ = (id) => document.getElementById(id);

/** Each wait's points, by how the win comes: on a discard (ron) or self-drawn (tsumo). */
function waitsElement(waits) {
  if (!waits.length) return el("span", "note", "");
  const cell = (points, legal, kind) => {
    const td = el("span", "points", `${points}${legal ? " ✓" : " ✗"}`);
    td.dataset.win = kind;
    td.title = `${points} points ${kind === "discard" ? "on a discard" : "self-drawn"}: ${legal ? "reaches" : "below"} the 8-point minimum`;
    return td;
  };
  const rows = waits.map((w) => [
    tileElement(w.tile, { count: w.live }),
    cell(w.discard_points, w.legal_on_discard, "discard"),
    cell(w.self_drawn_points, w.legal_self_drawn, "self-drawn"),
  ]);
  const t = table("waits", ["wait", "on a discard", "self-drawn"], rows);
  const caption = el("caption", "", "points per wait (✓ reaches 8)");
  t.prepend(caption);
  return t;
}

/** The cells of an MCR option row, labelled for the phone layout (its header row is hidden there). */
const OPTION_HEADERS = ["discard", "after", "accepted tiles (live)", "total", "reach 8", "waits: points (✓ reaches 8)"];

export class McrView {
  constructor(app) {
    this.app = app;
    this.hintForm = $("mcr-hint-form");
    this.scoreForm = $("mcr-score-form");
    this.hintError = $("mcr-hint-error");
    this.scoreError = $("mcr-score-error");
    this.result = $("mcr-result");
    this.hintBox = $("mcr-hint-result");
    this.hintResult = $("mcr-hint-body");
    this.hintForm.addEventListener("submit", (event) => {
      event.preventDefault();
      this.runHint(true);
    });
    this.scoreForm.addEventListener("submit", (event) => {
      event.preventDefault();
      this.runScore(true);
    });
  }

  show(params, view) {
    this.clear();
    const form = view === "mcr-score" ? this.scoreForm : this.hintForm;
    const problems = fillForm(form, params);
    if (problems.length) showProblems(form, problems); // the URL asked for what the form does not offer
    else if (hasParams(params)) {
      if (view === "mcr-score") this.runScore(false);
      else this.runHint(false);
    }
  }

  /** One result at a time (the URL holds one question): both cleared before either is asked. */
  clear() {
    this.result.replaceChildren();
    this.hintResult.replaceChildren();
    this.hintBox.hidden = true;
    showError(this.hintError, null);
    showError(this.scoreError, null);
    clearFieldErrors(this.hintForm);
    clearFieldErrors(this.scoreForm);
  }

  async runHint(push) {
    const params = formParams(this.hintForm);
    this.app.setUrl("mcr-hint", params, push);
    this.clear();
    const reply = await api("/api/mcr/hint", params);
    if (!reply.ok) {
      showApiError(this.hintForm, this.hintError, reply.body);
      return;
    }
    const r = reply.body;
    const box = this.hintResult;
    const hand = parseHand(r.hand);
    if (hand) box.append(handElement(hand));
    const why = el("p", "why", r.why);
    why.id = "mcr-why";
    box.append(why);
    const rows = r.options.map((o) => {
      const discard = o.discard ? tileElement(o.discard) : "—";
      const accepted = acceptedElement(o.accepted);
      return [discard, shantenWords(o.shanten), accepted, o.total, o.legal_total, waitsElement(o.waits)];
    });
    const t = table("options mcr-options", OPTION_HEADERS, rows);
    for (const row of [...t.rows].slice(1)) {
      [...row.cells].forEach((td, i) => {
        td.dataset.label = OPTION_HEADERS[i];
      });
    }
    t.id = "mcr-options";
    const wrap = el("div", "table-wrap");
    wrap.append(t);
    box.append(wrap);
    this.hintBox.hidden = false;
  }

  async runScore(push) {
    const params = formParams(this.scoreForm);
    this.app.setUrl("mcr-score", params, push);
    this.clear();
    const reply = await api("/api/mcr/score", params);
    if (!reply.ok) {
      showApiError(this.scoreForm, this.scoreError, reply.body);
      return;
    }
    const r = reply.body;
    const hand = handWithWin(params.q, params.win, r.win.self_drawn ? "self-drawn" : "on a discard");
    if (hand) this.result.append(hand);
    const head = el("p", "headline", `${r.total} points${r.meets_minimum ? "" : " — below the 8-point minimum: not a legal win"}`);
    head.id = "mcr-total";
    head.dataset.total = String(r.total);
    this.result.append(head, el("p", "note", `Read as ${r.reading}.`));
    const rows = r.fans.map((f) => [String(f.number), `${f.english} ${f.chinese}`, f.points, f.count, f.total, f.sets.join(", ")]);
    const fans = table("fans", ["no.", "fan", "points", "×", "total", "sets it uses"], rows);
    fans.id = "mcr-fans";
    this.result.append(el("h3", "", "Fans"), fans);
    const pay = table("payments", ["who pays", "points"], r.payments.map((p) => [p.payer, p.points]));
    this.result.append(el("h3", "", "Payments"), pay);
    if (r.alternatives.length) {
      const list = el("ul", "alternatives");
      for (const a of r.alternatives) list.append(el("li", "", a.text ?? JSON.stringify(a)));
      this.result.append(el("h3", "", "Other readings"), list);
    }
  }
}
