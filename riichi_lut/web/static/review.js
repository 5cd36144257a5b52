// The Review view: a game log opened here (file picker, drag and drop, or pasted text) goes
// to the local server's POST /api/review and nowhere else; the reply, riichi_lut.review's
// to_dict() with each decision's view of the table, is stepped through decision by decision.
// Keys: ←/→ the previous / next decision, ↑/↓ or PageUp/PageDown the previous / next hand,
// Home/End the first / last decision. A discard's acceptance tiles are the review's own
// (played_accepts, best_accepts); its position (the hand with its calls, the tiles the seat
// could see, its own discards) is the Efficiency view's permalink the decision links to.
"use strict";

import { el, handElement, parseHand, shantenWords, showError, tileElement, tilesText } from "./tiles.js";
import { figure, renderTable, roundWords, tilesOf } from "./review_table.js";

const $ = (id) => document.getElementById(id);
const KIND_WORDS = {
  discard: "Discard",
  riichi: "Riichi",
  call: "Call",
  kan: "Kan",
  kita: "North set aside",
  pass: "Pass",
  nine_terminals: "Nine terminals",
  win: "Win",
  deal_in: "Deal-in",
  draw: "Draw",
};
const NORTH = "4z";



/** A meld as the hint engine writes it in a hand: "[111z]" open, "(1111z)" a closed kan. */
function meldText(meld) {
  const tiles = tilesText(tilesOf(meld.tiles), false);
  return meld.type === "closed_kan" ? `(${tiles})` : `[${tiles}]`;
}

/**
 * The Efficiency view's parameters for a decision's position: the 14 tiles with the calls,
 * every tile the seat could see outside its hand and calls (the other seats' uncalled
 * discards and their calls, a tile called from the seat's own river left out as it stays
 * among its discards; the dora indicators; every seat's North set aside), its own discards.
 */
export function positionParams(data, state) {
  const seat = data.seat;
  const q = [state.hand, ...state.melds[seat].map(meldText)].join(" ");
  const visible = [...state.dora_indicators];
  state.kita.forEach((count) => {
    for (let i = 0; i < count; i++) visible.push(NORTH);
  });
  state.rivers.forEach((river, index) => {
    if (index === seat) return;
    for (const t of river) if (t.called_by === null) visible.push(t.tile);
  });
  state.melds.forEach((melds, index) => {
    if (index === seat) return;
    for (const meld of melds) {
      let skip = meld.from === seat ? meld.called : null;
      for (const t of tilesOf(meld.tiles)) {
        if (t === skip) {
          skip = null;
          continue;
        }
        visible.push(t);
      }
    }
  });
  const discarded = state.rivers[seat].map((t) => t.tile);
  return {
    q,
    visible: tilesText(visible),
    discarded: tilesText(discarded),
    players: data.players === 3 ? "3" : "",
  };
}

/** The Efficiency view's URL of a position. */
export function efficiencyHref(params) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) query.set(k, v);
  return `./?${query}`;
}


function percent(share) {
  return share === null ? "—" : `${(share * 100).toFixed(1)}%`;
}

export class ReviewView {
  constructor(app) {
    this.app = app;
    this.section = $("view-review");
    this.error = $("rv-error");
    this.status = $("rv-status");
    this.seat = $("rv-seat");
    this.body = $("rv-body");
    this.log = null; // {blob, name} of the log reviewed
    this.data = null; // the server's reply
    this.index = 0; // the decision shown
    this.asked = 0; // the number of the latest request: an older reply is dropped
    $("rv-file").addEventListener("change", (event) => {
      const file = event.target.files[0];
      if (file) this.open(file, file.name);
    });
    $("rv-paste-go").addEventListener("click", () => {
      const text = $("rv-paste").value.trim();
      if (!text) {
        showError(this.error, { error: "paste a tenhou.net/6 log (or any log the library reads) first", type: "Hint" });
        return;
      }
      this.open(new Blob([text], { type: "text/plain" }), "pasted log");
    });
    const drop = $("rv-drop");
    for (const target of [drop, this.section]) {
      target.addEventListener("dragover", (event) => {
        event.preventDefault();
        drop.classList.add("over");
      });
      target.addEventListener("dragleave", () => drop.classList.remove("over"));
      target.addEventListener("drop", (event) => {
        event.preventDefault();
        drop.classList.remove("over");
        const file = event.dataTransfer.files[0];
        if (file) this.open(file, file.name);
      });
    }
    this.seat.addEventListener("change", () => this.load(Number(this.seat.value)));
    $("rv-prev").addEventListener("click", () => this.go(this.index - 1));
    $("rv-next").addEventListener("click", () => this.go(this.index + 1));
    $("rv-prev-round").addEventListener("click", () => this.round(-1));
    $("rv-next-round").addEventListener("click", () => this.round(1));
    document.addEventListener("keydown", (event) => this.key(event));
  }

  show() {
    this.app.setUrl("review", {}, false);
  }

  key(event) {
    if (this.section.hidden || !this.data || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select")) return;
    const moves = {
      ArrowLeft: () => this.go(this.index - 1),
      ArrowRight: () => this.go(this.index + 1),
      ArrowUp: () => this.round(-1),
      PageUp: () => this.round(-1),
      ArrowDown: () => this.round(1),
      PageDown: () => this.round(1),
      Home: () => this.go(0),
      End: () => this.go(this.data.decisions.length - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  open(blob, name) {
    this.log = { blob, name };
    this.seat.replaceChildren();
    this.load(0);
  }

  async load(seat) {
    const asked = ++this.asked;
    showError(this.error, null);
    this.status.textContent = `Reviewing ${this.log.name}… (a whole game takes a second or two)`;
    this.section.classList.add("busy");
    let reply;
    try {
      const query = new URLSearchParams({ seat: String(seat), source: this.log.name.slice(0, 255) });
      const response = await fetch(`/api/review?${query}`, { method: "POST", body: this.log.blob });
      reply = { ok: response.ok, body: await response.json() };
    } catch (error) {
      reply = { ok: false, body: { error: `the server did not answer (${error})`, type: "NetworkError" } };
    }
    if (asked !== this.asked) return;
    this.section.classList.remove("busy");
    if (!reply.ok) {
      this.status.textContent = "";
      showError(this.error, reply.body);
      this.data = null; // the view is cleared: the seat list and the steps were of another log
      this.body.hidden = true;
      this.seat.replaceChildren(el("option", "", "open a log first"));
      this.seat.disabled = true;
      return;
    }
    this.data = reply.body;
    this.status.textContent = `${this.data.source}: ${this.data.name || `seat ${this.data.seat}`}, ${this.data.players} players, ${this.data.rounds.length} hands${this.data.complete ? "" : " (the log stops early)"}.`;
    this.fillSeats();
    this.body.hidden = false;
    this.renderRounds();
    this.renderSummary();
    this.go(0);
  }

  fillSeats() {
    const { names, seat } = this.data;
    this.seat.replaceChildren();
    names.forEach((name, index) => {
      const option = el("option", "", `${name || "(no name)"} — seat ${index}`);
      option.value = String(index);
      this.seat.append(option);
    });
    this.seat.value = String(seat);
    this.seat.disabled = false;
  }

  /** The table the decision at `index` was made at: its own state, else the last one before it in the hand. */
  stateAt(index) {
    const decisions = this.data.decisions;
    for (let i = index; i >= 0 && decisions[i].round === decisions[index].round; i--) {
      if (decisions[i].state) return decisions[i].state;
    }
    return null;
  }

  go(index) {
    if (!this.data || !this.data.decisions.length) return;
    this.index = Math.max(0, Math.min(index, this.data.decisions.length - 1));
    const decision = this.data.decisions[this.index];
    $("rv-position").textContent = `${this.index + 1} / ${this.data.decisions.length} · ${roundWords(decision.round)} · turn ${decision.turn}`;
    $("rv-prev").disabled = this.index === 0;
    $("rv-next").disabled = this.index === this.data.decisions.length - 1;
    for (const button of document.querySelectorAll("#rv-rounds button")) {
      button.classList.toggle("current", button.dataset.round === decision.round);
    }
    renderTable($("rv-table"), this.data, this.stateAt(this.index), decision);
    this.renderDecision(decision);
  }

  /** The first decision of the hand `step` hands away (-1 the previous one). */
  round(step) {
    const rounds = this.data.rounds;
    const at = rounds.indexOf(this.data.decisions[this.index].round) + step;
    if (at < 0 || at >= rounds.length) return;
    this.goRound(rounds[at]);
  }

  goRound(name) {
    const found = this.data.decisions.findIndex((d) => d.round === name);
    if (found >= 0) this.go(found);
  }

  renderRounds() {
    const box = $("rv-rounds");
    box.replaceChildren();
    for (const name of this.data.rounds) {
      const decisions = this.data.decisions.filter((d) => d.round === name);
      const losses = decisions.filter((d) => d.verdict === "loss").length;
      const button = el("button", losses ? "has-loss" : "");
      button.type = "button";
      button.dataset.round = name;
      button.dataset.losses = String(losses);
      button.title = `${roundWords(name)}: ${losses} loss${losses === 1 ? "" : "es"}, ${this.data.summary.per_hand[name] ?? 0} live tiles given up`;
      button.append(el("span", "name", name));
      const count = el("span", "losses", losses ? `${losses} ✗` : "✓");
      count.dataset.field = "losses";
      button.append(count);
      button.addEventListener("click", () => this.goRound(name));
      box.append(button);
    }
  }

  renderSummary() {
    const s = this.data.summary;
    const box = $("rv-summary");
    box.replaceChildren(el("h3", "", `Summary: ${this.data.name || `seat ${this.data.seat}`}`));
    box.append(el("p", "note", this.data.note));
    const facts = el("dl", "figures");
    const add = (term, node) => {
      const pair = el("div");
      const dd = el("dd");
      dd.append(node);
      pair.append(el("dt", "", term), dd);
      facts.append(pair);
    };
    add("agreement (best + equal)", figure("agreement", percent(s.agreement)));
    add("decisions", figure("decisions", s.decisions));
    add("discards judged", figure("judged", s.judged));
    for (const verdict of ["best", "equal", "close", "loss"]) {
      add(verdict, figure(`verdict-${verdict}`, s.verdicts[verdict], `verdict ${verdict}`));
    }
    add("live tiles given up", figure("given_up", s.given_up));
    add("steps back in shanten", figure("shanten_back", s.shanten_back));
    add("not judged: forced / defence", figure("not_judged", `${s.forced} / ${s.defence}`));
    box.append(facts);
    if (s.largest.length) {
      box.append(el("h4", "", "The largest losses"));
      const list = el("ol", "largest");
      for (const loss of s.largest) {
        const item = el("li");
        const link = el("a", "", `${loss.round} turn ${loss.turn}: ${loss.played} where ${loss.best}, ${loss.given_up} live tiles given up`);
        link.href = "#";
        link.dataset.round = loss.round;
        link.dataset.turn = String(loss.turn);
        link.addEventListener("click", (event) => {
          event.preventDefault();
          const at = this.data.decisions.findIndex(
            (d) => d.kind === "discard" && d.round === loss.round && d.turn === loss.turn && d.played === loss.played,
          );
          if (at >= 0) this.go(at);
          $("rv-nav").scrollIntoView({ block: "start" });
        });
        item.append(link);
        list.append(item);
      }
      box.append(list);
    }
    if (this.data.skipped.length) box.append(el("p", "note", `Not reviewed: ${this.data.skipped.join("; ")}`));
  }

  renderDecision(d) {
    const box = $("rv-decision");
    box.replaceChildren();
    const head = el("div", "rv-head");
    head.append(figure("kind", KIND_WORDS[d.kind] ?? d.kind, "kind"));
    if (d.verdict) head.append(figure("verdict", d.verdict, `verdict ${d.verdict}`));
    else if (d.kind === "discard") head.append(figure("verdict", d.forced ? "forced" : "defence", "verdict none"));
    if (d.declares_riichi) head.append(el("span", "riichi-mark", "declares riichi"));
    box.append(head);
    if (d.kind === "discard") box.append(this.discardElement(d));
    if (d.forced) box.append(el("p", "note", "Under riichi the drawn tile goes: forced, not judged."));
    else if (d.defence.length) box.append(el("p", "note", `Defence — shown, not judged (${d.defence.join(", ")}).`));
    const why = el("p", "why", d.why);
    why.id = "rv-why";
    box.append(why);
    if (d.kind !== "discard") box.append(this.factsElement(d));
  }

  discardElement(d) {
    const wrap = el("div", "rv-discard");
    const table = el("table", "rv-compare");
    const head = el("tr");
    for (const h of ["", "discard", "after", "accepts (live)", "live"]) head.append(el("th", "", h));
    table.append(head);
    const row = (label, name, tile, shanten, live, highlight) => {
      const tr = el("tr", name);
      tr.dataset.row = name;
      tr.append(el("th", "", label));
      const cell = el("td");
      cell.append(tileElement(tile));
      cell.append(figure(name, tile, "tile-name"));
      tr.append(cell);
      const after = el("td", "after");
      after.append(figure(`${name}_shanten`, shantenWords(shanten)));
      tr.append(after);
      const accepted = el("td", "accepted-cell");
      accepted.dataset.for = name;
      accepted.dataset.highlight = highlight.map((t) => t.tile).join(" ");
      accepted.append(el("span", "note", "…"));
      tr.append(accepted);
      const total = el("td", "num");
      total.append(figure(`${name}_live`, live, "total"));
      tr.append(total);
      return tr;
    };
    table.append(row("played", "played", d.played, d.played_shanten, d.played_live, d.gained));
    if (d.best !== null && d.best !== d.played) table.append(row("best", "best", d.best, d.best_shanten, d.best_live, d.given_up));
    wrap.append(table);
    if (d.given_up.length || d.gained.length) {
      const lost = el("p", "given-up-line");
      if (d.given_up.length) {
        lost.append(el("span", "", "Given up: "));
        for (const t of d.given_up) lost.append(tileElement(t.tile, { count: t.live }));
      }
      if (d.gained.length) {
        lost.append(el("span", "gained-words", "gained: "));
        for (const t of d.gained) lost.append(tileElement(t.tile, { count: t.live }));
      }
      wrap.append(lost);
    }
    const flags = [];
    if (d.back) flags.push("goes back a shanten");
    if (d.furiten) flags.push("furiten");
    if (d.dead) flags.push("dead: no live tile");
    if (flags.length) wrap.append(el("p", "flag-line", flags.join(" · ")));
    const state = this.stateAt(this.index);
    if (state) {
      const params = positionParams(this.data, state);
      const link = el("a", "rv-efficiency", "Open this position in the Efficiency view ↗");
      link.id = "rv-efficiency";
      link.href = efficiencyHref(params);
      link.target = "_blank";
      link.rel = "noopener";
      wrap.append(link);
    }
    this.fillAcceptance(wrap, d);
    return wrap;
  }

  /** Draw each row's accepted tiles with live counts: the review's own played_accepts and
   * best_accepts, the tiles given up (under best) and gained (under played) framed. */
  fillAcceptance(wrap, d) {
    for (const cell of wrap.querySelectorAll("td.accepted-cell")) {
      cell.replaceChildren();
      const marked = new Set(cell.dataset.highlight.split(" ").filter(Boolean));
      const row = el("span", "accepted");
      for (const a of d[`${cell.dataset.for}_accepts`]) {
        const node = tileElement(a.tile, { count: a.live });
        if (marked.has(a.tile)) node.classList.add(cell.dataset.for === "best" ? "given-up" : "gained");
        row.append(node);
      }
      cell.append(row);
    }
    wrap.dataset.ready = "1";
  }

  factsElement(d) {
    const wrap = el("div", "rv-facts");
    const hand = typeof d.facts.hand === "string" ? parseHand(d.facts.hand) : null;
    if (hand) {
      // the hand as scored (a win, a deal-in; the winning tile in it): drawn, the winning tile apart
      const at = typeof d.facts.tile === "string" ? hand.concealed.indexOf(d.facts.tile) : -1;
      if (at >= 0) hand.concealed.splice(at, 1);
      const drawn = handElement(hand);
      if (at >= 0) {
        const win = el("span", "winning");
        win.append(el("span", "caption", "won on"), tileElement(d.facts.tile));
        drawn.append(win);
      }
      wrap.append(drawn);
    }
    const box = el("dl", "facts");
    wrap.append(box);
    for (const [key, value] of Object.entries(d.facts)) {
      if (value === null || value === undefined || (Array.isArray(value) && !value.length)) continue;
      if (typeof value === "object" && !Array.isArray(value)) continue; // the suggestion: in the why already
      let text;
      if (Array.isArray(value)) text = value.map((v) => (typeof v === "object" ? Object.values(v).join(" ") : String(v))).join(", ");
      else if (typeof value === "object") text = Object.entries(value).map(([k, v]) => `${k}: ${v}`).join(", ");
      else text = String(value);
      box.append(el("dt", "", key.replace(/_/g, " ")), el("dd", "", text));
    }
    return wrap;
  }
}
