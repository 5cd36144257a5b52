// The playground: five views over the riichi-lut JSON API, the URL holding the state
// (/?q=2234m506p678s5557z is a permalink to the Efficiency view, tenhou.net/2's q).
"use strict";

import { EfficiencyView } from "./efficiency.js";
import { GlossaryView } from "./glossary.js";
import { McrView } from "./mcr.js";
import { ReviewView } from "./review.js";
import { ScoreView } from "./score.js";

const TAB_OF = { efficiency: "efficiency", score: "score", "mcr-hint": "mcr", "mcr-score": "mcr", glossary: "glossary", review: "review" };

class App {
  constructor() {
    this.last = {}; // each tab's last query string, restored when the tab is chosen again
    this.views = {
      efficiency: new EfficiencyView(this),
      score: new ScoreView(this),
      mcr: new McrView(this),
      glossary: new GlossaryView(this),
      review: new ReviewView(this),
    };
    for (const link of document.querySelectorAll("nav a[data-tab]")) {
      link.addEventListener("click", (event) => {
        event.preventDefault();
        const tab = link.dataset.tab;
        const search = this.last[tab] ?? (tab === "efficiency" ? "" : `?view=${tab === "mcr" ? "mcr-hint" : tab}`);
        history.pushState(null, "", search || location.pathname);
        this.route();
      });
    }
    window.addEventListener("popstate", () => this.route());
  }

  /** Write a view's parameters into the URL (a new history entry when `push`). */
  setUrl(view, params, push) {
    const query = new URLSearchParams();
    if (view !== "efficiency") query.set("view", view);
    for (const [k, v] of Object.entries(params)) if (v !== "" && v !== undefined) query.set(k, v);
    const search = query.toString() ? `?${query}` : "";
    this.last[TAB_OF[view]] = search;
    if (search === location.search) return;
    const url = search || location.pathname;
    if (push) history.pushState(null, "", url);
    else history.replaceState(null, "", url);
  }

  route() {
    const params = new URLSearchParams(location.search);
    const asked = (params.get("view") ?? "efficiency").toLowerCase(); // view=Score too, as every value
    const view = TAB_OF[asked] ? asked : "efficiency";
    const tab = TAB_OF[view];
    for (const section of document.querySelectorAll("main > section")) section.hidden = section.dataset.tab !== tab;
    for (const link of document.querySelectorAll("nav a[data-tab]")) {
      link.classList.toggle("active", link.dataset.tab === tab);
      if (link.dataset.tab === tab) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    this.views[tab].show(params, view);
  }
}

const app = new App();
app.route();
window.playground = app;
