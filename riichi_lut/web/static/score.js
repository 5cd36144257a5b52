// The Score view (Riichi): the winning hand and every fact of the win in, the result as
// yaku/han and fu tables, payments, and the post-hand explanation out.
"use strict";

import { clearFieldErrors, fillForm, formParams, hasParams, showApiError, showProblems } from "./forms.js";
import { api, el, handElement, kindOf, parseHand, showError, tileElement } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const points = (n) => n.toLocaleString("en-US");

export function table(className, headers, rows) {
  const t = el("table", className);
  const head = el("tr");
  for (const h of headers) head.append(el("th", "", h));
  t.append(head);
  for (const cells of rows) {
    const row = el("tr");
    for (const c of cells) {
      const td = el("td", typeof c === "number" ? "num" : "");
      if (c instanceof Node) td.append(c);
      else td.textContent = typeof c === "number" ? points(c) : c;
      row.append(td);
    }
    t.append(row);
  }
  return t;
}

/** The winning hand drawn with the winning tile set apart (one copy taken from the concealed tiles). */
export function handWithWin(q, win, caption) {
  const hand = parseHand(q);
  if (!hand) return null;
  let at = hand.concealed.lastIndexOf(win);
  if (at < 0) at = hand.concealed.findIndex((t) => kindOf(t) === kindOf(win));
  if (at >= 0) hand.concealed.splice(at, 1);
  const box = handElement(hand, {});
  const winning = el("span", "call winning");
  winning.append(el("span", "caption", caption), tileElement(win));
  box.append(winning);
  return box;
}

export class ScoreView {
  constructor(app) {
    this.app = app;
    this.form = $("score-form");
    this.error = $("score-error");
    this.result = $("score-result");
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.run(true);
    });
  }

  show(params) {
    this.result.replaceChildren();
    showError(this.error, null);
    const problems = fillForm(this.form, params);
    if (problems.length) showProblems(this.form, problems); // the URL asked for what the form does not offer
    else if (hasParams(params)) this.run(false);
    else this.app.setUrl("score", {}, false);
  }

  async run(push) {
    const params = formParams(this.form);
    this.app.setUrl("score", params, push);
    this.result.replaceChildren();
    showError(this.error, null);
    clearFieldErrors(this.form);
    const reply = await api("/api/score", params);
    if (!reply.ok) {
      showApiError(this.form, this.error, reply.body);
      return;
    }
    this.render(reply.body, params);
  }

  render(r, params) {
    const box = this.result;
    const hand = handWithWin(params.q, params.win, r.tsumo ? "tsumo" : "ron");
    if (hand) box.append(hand);
    const limit = r.limit ? ` (${r.limit})` : "";
    const value = r.yakuman ? `${r.yakuman}× yakuman` : `${r.han} han ${r.fu} fu`;
    const headline = el("p", "headline", `${value}${limit}: ${points(r.total)} points`);
    headline.id = "score-total";
    headline.dataset.total = String(r.total);
    box.append(headline);
    box.append(el("p", "note", `Read as ${r.reading}, ${r.wait} wait; ${r.dealer ? "dealer" : "non-dealer"}, ${r.tsumo ? "tsumo" : "ron"}.`));

    const yakuRows = r.yaku.map((y) => [y.name, y.yakuman ? `${y.yakuman}× yakuman` : `${y.han} han`, y.why]);
    for (const [name, n] of [["Dora", r.dora.dora], ["Ura dora", r.dora.ura], ["Red fives", r.dora.aka]]) {
      if (n) yakuRows.push([name, `${n} han`, ""]);
    }
    box.append(el("h3", "", "Yaku"), table("yaku", ["yaku", "value", "why"], yakuRows));
    if (!r.yakuman) {
      const fuRows = r.fu_lines.map((f) => [f.code.replaceAll("_", " "), f.subject, f.fu]);
      fuRows.push(["total (rounded up to 10)", "", r.fu]);
      box.append(el("h3", "", "Fu"), table("fu", ["fu for", "tiles", "fu"], fuRows));
    }
    const payRows = r.payments.map((p) => [p.payer, p.points, p.honba, p.total]);
    if (r.riichi_sticks) payRows.push(["riichi sticks", r.riichi_sticks, 0, r.riichi_sticks]);
    payRows.push(["received", "", "", r.total]);
    const pay = table("payments", ["who pays", "points", "honba", "total"], payRows);
    pay.id = "score-payments";
    box.append(el("h3", "", "Payments"), pay);
    box.append(el("p", "note", `Base points ${points(r.base)}.`));
    if (r.notes.length) {
      const notes = el("ul", "notes");
      for (const n of r.notes) notes.append(el("li", "", typeof n === "string" ? n : (n.text ?? JSON.stringify(n))));
      box.append(el("h3", "", "Notes"), notes);
    }
    box.append(el("h3", "", "After the hand"));
    const explain = el("div", "explain");
    explain.id = "score-explain";
    if (r.suggestion) explain.append(el("p", "suggestion", r.suggestion.text));
    else explain.append(el("p", "", "Nothing obvious to change."));
    const others = r.alternatives.filter((a) => !r.suggestion || a.text !== r.suggestion.text);
    if (others.length) {
      const list = el("ul", "alternatives");
      for (const a of others) list.append(el("li", "", a.text));
      explain.append(list);
    }
    box.append(explain);
  }
}
