// The Glossary view: every yaku of riichi_lut.riichi.YAKU with its example hand drawn.
"use strict";

import { handWithWin } from "./score.js";
import { api, el, showError } from "./tiles.js";

const $ = (id) => document.getElementById(id);

const FACT_PARAMS = { seat_wind: "seat", round_wind: "round", riichi_sticks: "sticks", double_riichi: "double-riichi" };

/** The Score view's URL parameters for a glossary example (null when it needs other rules). */
export function exampleParams(example) {
  if (Object.keys(example.rules).length) return null;
  const params = { view: "score", q: example.hand, win: example.win };
  for (const [name, value] of Object.entries(example.facts)) {
    const key = FACT_PARAMS[name] ?? name;
    if (name === "tsumo") params[value ? "tsumo" : "ron"] = "1";
    else if (value === true) params[key] = "1";
    else if (value !== false) params[key] = String(value);
  }
  return params;
}

function value(y) {
  if (y.yakuman) return `${y.yakuman > 1 ? `${y.yakuman}× ` : ""}yakuman`;
  const open = y.closed_only ? "closed only" : y.han_open === y.han_closed ? "open too" : `${y.han_open} open`;
  return `${y.han_closed} han, ${open}`;
}

export class GlossaryView {
  constructor(app) {
    this.app = app;
    this.list = $("glossary-list");
    this.error = $("glossary-error");
    this.loaded = false;
  }

  async show() {
    this.app.setUrl("glossary", {}, false);
    if (this.loaded) return;
    const reply = await api("/api/yaku", {});
    if (!reply.ok) {
      showError(this.error, reply.body);
      return;
    }
    this.loaded = true;
    for (const y of reply.body) this.list.append(this.card(y));
  }

  card(y) {
    const card = el("article", "yaku-card");
    card.id = `yaku-${y.id}`;
    const title = el("h3");
    title.append(el("span", "kanji", y.kanji), ` ${y.romaji} `, el("span", "english", `(${y.english})`));
    card.append(title, el("p", "value", value(y)), el("p", "", y.description));
    const drawn = handWithWin(y.example.hand, y.example.win, y.example.facts.tsumo ? "tsumo" : "ron");
    if (drawn) card.append(drawn);
    const params = exampleParams(y.example);
    if (params) {
      const link = el("a", "score-link", "score this example →");
      link.href = `?${new URLSearchParams(params)}`;
      card.append(link);
    }
    const rules = Object.entries(y.rules);
    if (rules.length) {
      const list = el("ul", "rules");
      for (const [name, effect] of rules) list.append(el("li", "", `rule ${name}: ${effect}`));
      card.append(list);
    }
    return card;
  }
}
