// The Efficiency view: a hand in, every discard ranked as the hint engine ranks it (as
// tenhou.net/2's 牌理 shows it), the why, the two-step view; click a discard to play it,
// then a tile to draw it (a what-if walk). The URL holds the state (?q=...). "Players: 3"
// asks the API for three-player Riichi (sanma, players=3): the palette offers no 2m-8m,
// and the counts are the 108-tile wall's.
"use strict";

import {
  PALETTE,
  acceptedElement,
  api,
  el,
  handElement,
  handText,
  parseHand,
  shantenWords,
  showError,
  tileCount,
  tileElement,
} from "./tiles.js";
import { clearFieldErrors, showApiError } from "./forms.js";

const $ = (id) => document.getElementById(id);

/** Tiles that three-player Riichi removes: 2m-8m, the red five of man too. */
export function notInSanma(tile) {
  return /^[02-8]m$/.test(tile);
}

const SANMA_TITLE = "not a three-player tile: sanma removes 2m-8m";

/** A discard that leaves no live tile to accept: the API's `dead`, else read from its total. */
export function isDead(option) {
  return option.dead ?? option.total === 0;
}

function flagWords(option) {
  const words = [];
  if (option.shanten_back) words.push("shanten back");
  if (isDead(option)) words.push("dead");
  else if (option.furiten) words.push("furiten");
  return words.join(", ");
}

function twoStepElement(twoStep) {
  const box = el("details", "two-step");
  const average = twoStep.average === null ? "" : `, ${twoStep.average.toFixed(1)} tiles on average after the draw`;
  box.append(el("summary", "", `two-step${average}`));
  const table = el("table", "follow-ups");
  const head = el("tr");
  for (const h of ["draw", "live", "then discard", "after", "accepts"]) head.append(el("th", "", h));
  table.append(head);
  for (const f of twoStep.follow_ups) {
    const row = el("tr");
    const draw = el("td");
    draw.append(tileElement(f.draw));
    const discard = el("td");
    if (f.discard) discard.append(tileElement(f.discard));
    row.append(draw, el("td", "num", String(f.live)), discard, el("td", "", shantenWords(f.shanten)), el("td", "num", String(f.total)));
    table.append(row);
  }
  box.append(table);
  return box;
}

/** What the marks of the rows mean, in plain words (`discards`: the 14-tile table's marks too). */
const LEGEND = [
  ["×4", "live count: copies of that tile not seen yet (not in your hand, the visible tiles or your discards).", false],
  ["shanten back", "this discard leaves the hand further from ready than the best discard does.", true],
  ["two-step", "for discards that tie: each helpful draw, your discard after it, and what the hand then accepts.", true],
  ["furiten", "ready, but a winning tile is among your own discards: you can win only by drawing it yourself (tsumo).", false],
  ["dead", "no live tile left (all ×0): no draw can improve the hand.", true],
];

export function legendElement(discards) {
  const box = el("dl", "legend");
  box.id = "eff-legend";
  for (const [term, words, forDiscards] of LEGEND) {
    if (forDiscards && !discards) continue;
    box.append(el("dt", "", term), el("dd", "", words));
  }
  return box;
}

export class EfficiencyView {
  constructor(app) {
    this.app = app;
    this.form = $("eff-form");
    this.input = $("eff-q");
    this.visible = $("eff-visible");
    this.discarded = $("eff-discarded");
    this.players = $("eff-players");
    this.urlPlayers = null; // a players value from the URL that the select does not offer
    this.error = $("eff-error");
    this.result = $("eff-result");
    this.handBox = $("eff-hand");
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.run(true);
    });
    $("eff-clear").addEventListener("click", () => {
      this.input.value = "";
      this.run(true);
    });
    this.players.addEventListener("change", () => {
      this.urlPlayers = null;
      this.markPalette();
      this.run(true);
    });
    const palette = $("eff-palette");
    for (const tile of PALETTE) palette.append(tileElement(tile, { onClick: () => this.draw(tile), label: `add ${tile}` }));
  }

  get sanma() {
    return this.players.value === "3";
  }

  /** The palette for the player count: in three-player mode 2m-8m are greyed out and disabled. */
  markPalette() {
    for (const button of $("eff-palette").querySelectorAll("button.tile")) {
      const out = this.sanma && notInSanma(button.dataset.tile);
      button.disabled = out;
      button.classList.toggle("unavailable", out);
      button.querySelector("img").title = out ? SANMA_TITLE : `add ${button.dataset.tile}`;
    }
    $("eff-palette-note").hidden = !this.sanma;
  }

  params() {
    return {
      q: this.input.value.trim(),
      visible: this.visible.value.trim(),
      discarded: this.discarded.value.trim(),
      players: this.urlPlayers ?? (this.sanma ? "3" : ""), // 4, the default, is left out
    };
  }

  show(params) {
    this.input.value = params.get("q") ?? "";
    this.visible.value = params.get("visible") ?? "";
    this.discarded.value = params.get("discarded") ?? "";
    const players = params.get("players");
    this.players.value = players === "3" ? "3" : "4";
    // anything else but 4 goes to the API as it is, which says what is wrong with it
    this.urlPlayers = players !== null && players !== "3" && players !== "4" ? players : null;
    this.markPalette();
    this.run(false);
  }

  setHand(hand, building = false) {
    this.input.value = handText(hand);
    this.run(true, building);
  }

  draw(tile) {
    const hand = parseHand(this.input.value) ?? { concealed: [], calls: [] };
    if (tileCount(hand) >= 14) {
      showError(this.error, { error: "the hand has 14 tiles: discard one first (click it)", type: "Hint" });
      return;
    }
    if (this.sanma && notInSanma(tile)) return;
    hand.concealed.push(tile);
    this.setHand(hand, true);
  }

  play(tile) {
    const hand = parseHand(this.input.value);
    const at = hand ? hand.concealed.indexOf(tile) : -1;
    if (at < 0) return;
    hand.concealed.splice(at, 1);
    this.setHand(hand);
  }

  // `building`: a tile added from the palette; below 13 tiles that is no error yet
  async run(push, building = false) {
    const params = this.params();
    this.app.setUrl("efficiency", params, push);
    const hand = parseHand(params.q);
    this.handBox.replaceChildren();
    this.result.replaceChildren();
    showError(this.error, null);
    clearFieldErrors(this.form);
    if (!params.q) {
      this.result.append(el("p", "note", "Type or paste a hand (mpsz, 0 = red five, calls in brackets) or click tiles below."));
      return;
    }
    const count = hand ? tileCount(hand) : 0;
    if (hand) this.handBox.append(handElement(hand, { onTile: count === 14 ? (t) => this.play(t) : null }));
    if (this.sanma) {
      for (const tile of this.handBox.querySelectorAll(".tile")) {
        if (!notInSanma(tile.dataset.tile)) continue;
        tile.classList.add("unavailable");
        tile.querySelector("img").title = SANMA_TITLE;
      }
    }
    if (hand && count < 13) {
      this.result.append(el("p", "note", `${count} tiles: add ${13 - count} more to see the acceptance.`));
      if (building) return;
    }
    const reply = await api("/api/hint", params);
    const now = this.params();
    if (params.q !== now.q || params.players !== now.players) return; // a newer question was asked meanwhile
    if (!reply.ok) {
      showApiError(this.form, this.error, reply.body);
      return;
    }
    this.render(reply.body);
  }

  render(body) {
    if (this.sanma) {
      const mode = el("p", "note mode", "Three-player Riichi (sanma): the 108-tile wall, no 2m–8m.");
      mode.id = "eff-mode";
      this.result.append(mode);
    }
    const why = el("p", "why");
    why.id = "eff-why";
    why.textContent = body.why;
    this.result.append(why);
    if (body.options.length) this.result.append(this.optionsTable(body), legendElement(true));
    else if (body.ukeire) this.result.append(this.acceptance(body), legendElement(false));
  }

  acceptance(body) {
    const u = body.ukeire;
    const box = el("div", "ukeire");
    box.id = "eff-ukeire";
    const line = el("p", "", `${shantenWords(u.shanten)} — accepts ${u.kinds} kinds / ${u.total} tiles${u.furiten ? " (furiten)" : ""}. Click a tile to draw it:`);
    box.append(line);
    const tiles = acceptedElement(u.accepted, (t) => this.draw(t));
    tiles.classList.add("draw");
    box.append(tiles);
    box.append(el("p", "note", "…or any tile from the palette below."));
    return box;
  }

  optionsTable(body) {
    const table = el("table", "options");
    table.id = "eff-options";
    const head = el("tr");
    for (const h of ["", "discard", "after", "accepted tiles (live)", "total"]) head.append(el("th", "", h));
    table.append(head);
    body.options.forEach((option, rank) => {
      const row = el("tr");
      row.dataset.discard = option.discard;
      const best = option.discard === body.discard;
      if (best) row.classList.add("best");
      const rankCell = el("td", "rank", best ? "★" : String(rank + 1));
      rankCell.title = best ? "recommended: the hint's discard" : `rank ${rank + 1}`;
      row.append(rankCell);
      const discard = el("td", "discard");
      discard.append(tileElement(option.discard, { onClick: () => this.play(option.discard), label: `discard ${option.discard}` }));
      row.append(discard);
      const after = el("td", "after", shantenWords(option.shanten));
      after.dataset.shanten = String(option.shanten);
      const flags = flagWords(option);
      if (flags) after.append(el("span", "flag", flags));
      row.append(after);
      const accepted = el("td", "accepted-cell");
      accepted.append(acceptedElement(option.accepted));
      if (option.two_step) accepted.append(twoStepElement(option.two_step));
      row.append(accepted);
      const total = el("td", "total num", String(option.total));
      total.title = `${option.kinds} kinds, ${option.live_kinds} with a live copy`;
      row.append(total);
      table.append(row);
    });
    const wrap = el("div", "table-wrap");
    wrap.append(table);
    return wrap;
  }
}
