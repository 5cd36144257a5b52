// Tiles for the playground: reading mpsz hands, writing them back, drawing tile pictures,
// and calling the JSON API. Plain ES module, no dependencies.
"use strict";

export const SUIT_ORDER = "mpsz";

/** Every kind in palette order, red fives after their suit: 1m..9m 0m 1p.. 0p 1s.. 0s 1z..7z. */
export const PALETTE = [];
for (const suit of "mps") {
  for (let n = 1; n <= 9; n++) PALETTE.push(`${n}${suit}`);
  PALETTE.push(`0${suit}`);
}
for (let n = 1; n <= 7; n++) PALETTE.push(`${n}z`);

/** The kind of a tile name: a red five is its five ("0p" -> "5p"). */
export function kindOf(tile) {
  return tile[0] === "0" ? `5${tile[1]}` : tile;
}

function expand(group) {
  // "234m" -> ["2m", "3m", "4m"]; null when it is not digits then one suit letter
  const m = /^([0-9]+)([mpsz])$/.exec(group);
  if (!m) return null;
  return [...m[1]].map((d) => `${d}${m[2]}`);
}

function expandRun(text) {
  // "23m456p" -> tiles; null when unreadable
  const tiles = [];
  const re = /([0-9]+)([mpsz])/gy;
  let m;
  let end = 0;
  while ((m = re.exec(text)) !== null) {
    tiles.push(...expand(m[0]));
    end = re.lastIndex;
  }
  return end === text.length ? tiles : null;
}

/**
 * Read a hand as the library writes it: concealed tiles, then calls, "[789s]" open and
 * "(1111z)" a closed kan. Returns {concealed, calls} or null when the text cannot be read
 * (the server then says why).
 */
export function parseHand(text) {
  const concealed = [];
  const calls = [];
  const re = /\s+|\[([^\]]*)\]|\(([^)]*)\)|([0-9]+[mpsz])+/gy;
  let m;
  let end = 0;
  const source = text.trim();
  while ((m = re.exec(source)) !== null && m[0] !== "") {
    end = re.lastIndex;
    if (/^\s+$/.test(m[0])) continue;
    if (m[1] !== undefined || m[2] !== undefined) {
      const tiles = expandRun((m[1] ?? m[2]).replace(/\s+/g, ""));
      if (!tiles) return null;
      calls.push({ closed: m[2] !== undefined, tiles });
    } else {
      const tiles = expandRun(m[0]);
      if (!tiles) return null;
      concealed.push(...tiles);
    }
  }
  return end === source.length ? { concealed, calls } : null;
}

function sortKey(tile) {
  const n = tile[0] === "0" ? 5.5 : Number(tile[0]);
  return SUIT_ORDER.indexOf(tile[1]) * 10 + n;
}

/** Tiles in mpsz order, a red five after its five. */
export function sortTiles(tiles) {
  return [...tiles].sort((a, b) => sortKey(a) - sortKey(b));
}

/** Tiles sorted and grouped by suit: ["5p","0p","6p"] -> "506p". */
export function tilesText(tiles, sort = true) {
  const list = sort ? sortTiles(tiles) : tiles;
  let out = "";
  let digits = "";
  let suit = "";
  for (const t of list) {
    if (t[1] !== suit && digits) {
      out += digits + suit;
      digits = "";
    }
    suit = t[1];
    digits += t[0];
  }
  return out + (digits ? digits + suit : "");
}

/** The hand's text, concealed tiles sorted, calls as written. */
export function handText(hand) {
  const calls = hand.calls.map((c) => (c.closed ? `(${tilesText(c.tiles, false)})` : `[${tilesText(c.tiles, false)}]`));
  return [tilesText(hand.concealed), ...calls].filter(Boolean).join(" ");
}

/** How many tiles the hand counts as (a call counts three, a kan too). */
export function tileCount(hand) {
  return hand.concealed.length + 3 * hand.calls.length;
}

/** The library's words for a shanten number. */
export function shantenWords(n) {
  return n === -1 ? "complete" : n === 0 ? "tenpai" : `${n}-shanten`;
}

/** An element with a class and text. */
export function el(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== "") node.textContent = text;
  return node;
}

/**
 * One tile picture: {side} turns it sideways (a called tile), {back} shows its back,
 * {count} writes a live count under it, {onClick} makes it a button.
 */
export function tileElement(tile, { side = false, back = false, count = null, onClick = null, label = "" } = {}) {
  const box = el(onClick ? "button" : "span", `tile${side ? " side" : ""}${count === 0 ? " dead" : ""}`);
  if (onClick) {
    box.type = "button";
    box.addEventListener("click", onClick);
  }
  box.dataset.tile = tile;
  const img = document.createElement("img");
  img.src = `tiles/${back ? "back" : tile}.svg`;
  img.alt = back ? "back" : tile;
  img.title = label || tile;
  img.draggable = false;
  box.append(img);
  if (count !== null) box.append(el("span", "count", `×${count}`));
  return box;
}

/** A row of tile pictures with live counts: [{tile, live}] as the API gives them. */
export function acceptedElement(accepted, onClick = null) {
  const row = el("span", "accepted");
  for (const a of accepted) {
    row.append(tileElement(a.tile, { count: a.live, onClick: onClick ? () => onClick(a.tile) : null }));
  }
  return row;
}

/** The hand drawn: concealed tiles sorted, then each call (one tile sideways; a closed kan's ends face down). */
export function handElement(hand, { onTile = null } = {}) {
  const box = el("div", "hand");
  const concealed = el("span", "concealed");
  for (const t of sortTiles(hand.concealed)) concealed.append(tileElement(t, { onClick: onTile ? () => onTile(t) : null }));
  box.append(concealed);
  for (const call of hand.calls) {
    const meld = el("span", `call${call.closed ? " closed" : ""}`);
    call.tiles.forEach((t, i) => {
      const back = call.closed && (i === 0 || i === call.tiles.length - 1);
      meld.append(tileElement(t, { side: !call.closed && i === 0, back }));
    });
    box.append(meld);
  }
  return box;
}

/** GET an API route: {ok, status, body}; a failed connection reads as an error body. */
export async function api(route, params) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== "" && v !== null && v !== undefined) query.set(k, v);
  try {
    const response = await fetch(`${route}?${query}`);
    const body = await response.json();
    return { ok: response.ok, status: response.status, body };
  } catch (error) {
    return { ok: false, status: 0, body: { error: `the server did not answer (${error})`, type: "NetworkError" } };
  }
}

/** Show or clear an error message next to an input. */
export function showError(node, body) {
  node.textContent = body ? `${body.error} (${body.type})` : "";
  node.hidden = !body;
}
