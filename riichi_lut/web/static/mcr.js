// The Chinese Official (MCR) view: the hint with every wait's points and the 8-point check,
// and the score's fan list with points, the sets each fan uses, and payments.
"use strict";

import { fillForm, formParams, hasParams } from "./forms.js";
import { handWithWin, table } from "./score.js";
import { acceptedElement, api, el, handElement, parseHand, shantenWords, showError, tileElement } from "./tiles.js";

const $ = (id) => document.getElementById(id);

function waitsElement(waits) {
  if (!waits.length) return el("span", "note", "");
  const rows = waits.map((w) => [
    tileElement(w.tile, { count: w.live }),
    `${w.discard_points}${w.legal_on_discard ? " ✓" : " ✗"}`,
    `${w.self_drawn_points}${w.legal_self_drawn ? " ✓" : " ✗"}`,
  ]);
  return table("waits", ["wait", "on a discard", "self-drawn"], rows);
}

export class McrView {
  constructor(app) {
    this.app = app;
    this.hintForm = $("mcr-hint-form");
    this.scoreForm = $("mcr-score-form");
    this.hintError = $("mcr-hint-error");
    this.scoreError = $("mcr-score-error");
    this.result = $("mcr-result");
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
    if (view === "mcr-score") {
      fillForm(this.scoreForm, params);
      if (hasParams(params)) this.runScore(false);
    } else {
      fillForm(this.hintForm, params);
      if (hasParams(params)) this.runHint(false);
    }
  }

  async runHint(push) {
    const params = formParams(this.hintForm);
    this.app.setUrl("mcr-hint", params, push);
    this.result.replaceChildren();
    showError(this.hintError, null);
    showError(this.scoreError, null);
    const reply = await api("/api/mcr/hint", params);
    if (!reply.ok) {
      showError(this.hintError, reply.body);
      return;
    }
    const r = reply.body;
    const hand = parseHand(r.hand);
    if (hand) this.result.append(handElement(hand));
    const why = el("p", "why", r.why);
    why.id = "mcr-why";
    this.result.append(why);
    const rows = r.options.map((o) => {
      const discard = o.discard ? tileElement(o.discard) : "—";
      const accepted = acceptedElement(o.accepted);
      return [discard, shantenWords(o.shanten), accepted, o.total, o.legal_total, waitsElement(o.waits)];
    });
    const t = table("options mcr-options", ["discard", "after", "accepted tiles (live)", "total", "reach 8", "waits: points (✓ reaches 8)"], rows);
    t.id = "mcr-options";
    const wrap = el("div", "table-wrap");
    wrap.append(t);
    this.result.append(wrap);
  }

  async runScore(push) {
    const params = formParams(this.scoreForm);
    this.app.setUrl("mcr-score", params, push);
    this.result.replaceChildren();
    showError(this.hintError, null);
    showError(this.scoreError, null);
    const reply = await api("/api/mcr/score", params);
    if (!reply.ok) {
      showError(this.scoreError, reply.body);
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
