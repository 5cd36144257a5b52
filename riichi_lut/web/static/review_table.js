// The Review view's table: what the reviewed seat saw at a decision (the decision's `state`),
// drawn with the tiles of tiles.js: the hand's line (its name, the dora indicators, the
// riichi sticks, the tiles left), one panel per seat from the reviewed one round the table
// (wind, name, score, riichi, North tiles set aside, calls, the river with the riichi tile
// sideways and called tiles faded), and the seat's hand with the drawn tile apart and, at a
// discard, the played tile (▼) and the best (★) marked.
"use strict";

import { el, parseHand, sortTiles, tileElement } from "./tiles.js";

const WINDS = "ESWN";
const ROUND_WIND = { E: "East", S: "South", W: "West", N: "North" };

/** A figure the page shows, named for the tests by `data-field`. */
export function figure(name, value, className = "") {
  const node = el("span", `figure ${className}`.trim(), value === null || value === undefined ? "—" : String(value));
  node.dataset.field = name;
  return node;
}

/** The tiles of an mpsz text ("111z" -> ["1z", "1z", "1z"]). */
export function tilesOf(text) {
  const hand = text ? parseHand(text) : null;
  return hand ? hand.concealed : [];
}

/** "E1-0" -> "East 1, 0 honba". */
export function roundWords(name) {
  const m = /^([ESWN])(\d)-(\d+)$/.exec(name);
  return m ? `${ROUND_WIND[m[1]]} ${m[2]}, ${m[3]} honba` : name;
}

/** Draw in `box` the table of `state` at `decision` (nothing without a state). */
export function renderTable(box, data, state, decision) {
  box.replaceChildren();
  if (!state) return;
  const n = data.players;
  const me = data.seat;
  const info = el("div", "rv-info");
  info.append(el("span", "round", roundWords(decision.round)));
  const dora = el("span", "dora");
  dora.append(el("span", "caption", "dora indicators "));
  for (const t of state.dora_indicators) dora.append(tileElement(t));
  info.append(dora);
  info.append(el("span", "", `riichi sticks ${state.sticks}`));
  const left = el("span", "", "tiles left ");
  left.append(figure("tiles_left", state.tiles_left));
  info.append(left);
  box.append(info);
  const seats = el("div", `rv-seats players-${n}`);
  for (let k = 0; k < n; k++) seats.append(seatElement(data, state, (me + k) % n, decision));
  box.append(seats);
  box.append(handElement(data, state, decision));
}

function seatElement(data, state, index, decision) {
  const n = data.players;
  const me = data.seat;
  const box = el("div", `rv-seat${index === me ? " me" : ""}`);
  box.dataset.seat = String(index);
  const head = el("div", "head");
  const wind = WINDS[(index - state.dealer + n) % n];
  head.append(el("span", `wind${index === state.dealer ? " dealer" : ""}`, wind));
  head.append(el("span", "name", data.names[index] || `seat ${index}`));
  const score = figure("score", state.scores[index], "score");
  head.append(score);
  if (state.riichi[index]) head.append(el("span", "riichi-mark", "riichi"));
  if (state.kita[index]) head.append(el("span", "caption", `North ×${state.kita[index]}`));
  const relation = ["you", "right", "across", "left"][(index - me + n) % n] ?? "";
  head.append(el("span", "caption", relation === "you" ? "(you)" : `(${n === 3 && relation === "across" ? "left" : relation})`));
  box.append(head);
  const calls = el("div", "calls");
  for (const meld of state.melds[index]) calls.append(meldElement(data, meld, index));
  if (index !== me) box.append(calls);
  const river = el("div", "river");
  state.rivers[index].forEach((t) => {
    const tile = tileElement(t.tile, { side: t.riichi, label: riverLabel(data, t) });
    if (t.called_by !== null) tile.classList.add("called");
    if (t.tsumogiri) tile.classList.add("tsumogiri");
    if (t.riichi) tile.classList.add("riichi");
    river.append(tile);
  });
  if (decision.kind !== "discard" && state.claim_from === index && state.claim_tile) {
    river.lastElementChild?.classList.add("claim");
  }
  box.append(river);
  return box;
}

function riverLabel(data, t) {
  const words = [t.tile];
  if (t.tsumogiri) words.push("drawn and discarded");
  if (t.riichi) words.push("declared riichi");
  if (t.called_by !== null) words.push(`called by ${data.names[t.called_by] || `seat ${t.called_by}`}`);
  return words.join(", ");
}

export function meldElement(data, meld, owner) {
  const n = data.players;
  const tiles = tilesOf(meld.tiles);
  const box = el("span", `call ${meld.type}`);
  box.title = `${meld.type.replace("_", " ")}${meld.from === null ? "" : ` from ${data.names[meld.from] || `seat ${meld.from}`}`}`;
  // the called tile sideways, on the side of the seat it came from (left, across, right)
  let side = -1;
  if (meld.called !== null && meld.from !== null) {
    const away = (meld.from - owner + n) % n;
    const at = away === n - 1 ? 0 : away === 1 ? tiles.length - 1 : 1;
    const found = tiles.indexOf(meld.called);
    if (found >= 0) {
      tiles.splice(found, 1);
      tiles.splice(at, 0, meld.called);
      side = at;
    }
  }
  tiles.forEach((t, i) => {
    const back = meld.type === "closed_kan" && (i === 0 || i === tiles.length - 1);
    box.append(tileElement(t, { side: i === side, back }));
  });
  return box;
}

function handElement(data, state, decision) {
  const box = el("div", "rv-hand");
  box.append(el("div", "caption", "Your hand"));
  const row = el("div", "hand");
  const concealed = tilesOf(state.hand);
  let drawn = state.drawn;
  if (drawn !== null) {
    const at = concealed.indexOf(drawn);
    if (at >= 0) concealed.splice(at, 1);
    else drawn = null;
  }
  const mark = (node, tile) => {
    if (decision.kind !== "discard") return node;
    if (tile === decision.played) node.classList.add("played");
    if (tile === decision.best) node.classList.add("best");
    return node;
  };
  const hand = el("span", "concealed");
  for (const t of sortTiles(concealed)) hand.append(mark(tileElement(t), t));
  row.append(hand);
  if (drawn !== null) {
    const draw = el("span", "drawn");
    draw.append(mark(tileElement(drawn, { label: `${drawn}, just drawn` }), drawn));
    row.append(draw);
  }
  for (const meld of state.melds[data.seat]) row.append(meldElement(data, meld, data.seat));
  box.append(row);
  if (decision.kind === "discard") {
    // one copy marked of each: the played tile (the drawn one first), the best
    for (const cls of ["played", "best"]) {
      const marked = [...row.querySelectorAll(`.${cls}`)];
      const keep = marked.find((node) => node.closest(".drawn")) ?? marked[0];
      for (const node of marked) if (node !== keep) node.classList.remove(cls);
    }
    box.append(el("div", "caption legend-line", "▼ played   ★ best"));
  }
  return box;
}
