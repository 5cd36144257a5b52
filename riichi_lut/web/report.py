"""The game review as one self-contained HTML file (``riichi-lut review --html FILE``).

Everything is in the file: the style, and the tile pictures of the playground
(``static/tiles/``, CC0) as ``data:`` URIs, each kind once, drawn with a CSS class — no
script, no server, no network: it opens offline in any browser and prints. It shows the
header and the one sentence on what the verdicts mean, the summary (verdicts, agreement,
tiles given up per hand, the largest losses and the steps back as links), a list of the
hands with their losses, and every decision of :func:`riichi_lut.review` in game order:
for a discard the seat's hand (and the drawn tile), played beside best, each option's
accepted tiles with their live copies (the tiles given up against the best outlined in red, those
gained in green), the
verdict and the hint engine's words; the table the seat saw (every river with riichi and
called tiles marked, the calls, the dora indicators, scores, tiles left) folds open under
each decision. The figures are :meth:`Review.to_dict`'s, so the page, the JSON and the text
say the same.

>>> from riichi_lut.game import play_one
>>> from riichi_lut.coach.review import review
>>> page = review_html(review(play_one(["efficiency"] * 4, seed=3, length="one_hand"), 0))
>>> page.startswith("<!doctype html>") and "http" not in page.split("<body")[0].replace("http-equiv", "")
True
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable, Sequence
from functools import cache
from html import escape
from typing import Any

from ..coach.review import Review
from .server import STATIC

__all__ = ["review_html", "tile_css"]

_GROUP = re.compile(r"([0-9]+)([mpsz])")


def _split(tiles: str) -> list[str]:
    """``"123m0p"`` -> ``["1m", "2m", "3m", "0p"]``."""
    return [f"{d}{m.group(2)}" for m in _GROUP.finditer(tiles) for d in m.group(1)]


@cache
def _picture(tile: str) -> str:
    """A tile's picture as a ``data:`` URI."""
    data = (STATIC / "tiles" / f"{tile}.svg").read_bytes()
    return "data:image/svg+xml;base64," + base64.b64encode(data).decode("ascii")


def tile_css(tiles: Iterable[str]) -> str:
    """A CSS class per tile, ``.t-1m``, its picture inline: only the tiles used."""
    return "\n".join(f'.t-{t}{{background-image:url("{_picture(t)}")}}' for t in sorted(set(tiles)))


class _Page:
    """The page as it is written: its parts, and every tile drawn (for the style)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.used: set[str] = set()

    def tile(self, tile: str, *, live: int | None = None, mark: str = "") -> str:
        self.used.add(tile)
        cls = f"t t-{tile}" + (f" {mark}" if mark else "")
        pic = f'<i class="{cls}" title="{tile}"></i>'
        if live is None:
            return pic
        return f'<span class="tl{" " + mark if mark else ""}">{pic}<b>{live}</b></span>'

    def tiles(self, tiles: Sequence[str], mark: str = "") -> str:
        return "".join(self.tile(t, mark=mark) for t in tiles)

    def add(self, *html: str) -> None:
        self.parts.extend(html)


#: The report's style (inlined into each page).
STYLE = STATIC / "review-report.css"


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{round(100 * value)}%"


def _anchor(item: dict[str, Any], index: dict[tuple[str, int, str | None], int]) -> str:
    """The link to a judged discard of the summary."""
    number = index.get((item["round"], item["turn"], item["played"]))
    return "" if number is None else f"#d{number}"


def _summary(page: _Page, data: dict[str, Any], index: dict[tuple[str, int, str | None], int]) -> None:
    s = data["summary"]
    rows = [
        ("decisions", s["decisions"]),
        ("discards", s["discards"]),
        ("judged", s["judged"]),
        ("defence (shown, not judged)", s["defence"]),
        ("forced (under riichi)", s["forced"]),
        *((f"verdict: {v}", n) for v, n in s["verdicts"].items()),
        ("agreement (best + equal of the judged)", _percent(s["agreement"])),
        ("live tiles given up at the same shanten", s["given_up"]),
        ("steps back in shanten", s["shanten_back"]),
    ]
    page.add('<h2 id="summary">Summary</h2><table class="figures">')
    page.add(*(f'<tr><th>{escape(k)}</th><td class="n">{escape(str(v))}</td></tr>' for k, v in rows))
    page.add("</table>")
    most = max(s["per_hand"].values(), default=0) or 1
    page.add('<table class="figures"><tr><th>hand</th><th>given up</th><th></th></tr>')
    for name, n in s["per_hand"].items():
        bar = f'<span class="bar" style="width:{round(160 * n / most)}px"></span>' if n else ""
        link = f'<a href="#r-{escape(name)}">{escape(name)}</a>'
        page.add(f'<tr><td>{link}</td><td class="n">{n}</td><td>{bar}</td></tr>')
    page.add("</table>")
    for title, items in (("The largest losses", s["largest"]), ("Steps back in shanten", s["backs"])):
        if not items:
            continue
        page.add(f"<h3>{title}</h3><ul>")
        for it in items:
            figures = "back a shanten" if it["back"] else f"{it['given_up']} live tiles given up"
            page.add(
                f'<li><a href="{_anchor(it, index)}">{escape(it["round"])}, turn {it["turn"]}</a>: '
                f"played {page.tile(it['played'])} where {page.tile(it['best'])} was best ({figures})</li>"
            )
        page.add("</ul>")


def _rounds_nav(page: _Page, data: dict[str, Any]) -> None:
    losses: dict[str, int] = dict.fromkeys(data["rounds"], 0)
    for d in data["decisions"]:
        if d["verdict"] == "loss":
            losses[d["round"]] = losses.get(d["round"], 0) + 1
    page.add('<h2 id="hands">Hands</h2><nav class="rounds">')
    for name, n in losses.items():
        cls = ' class="has-loss"' if n else ""
        flag = f" <b>{n} loss{'es' if n != 1 else ''}</b>" if n else ""
        page.add(f'<a href="#r-{escape(name)}"{cls}>{escape(name)}{flag}</a>')
    page.add("</nav>")


def _hand(page: _Page, state: dict[str, Any], seat: int) -> str:
    """The seat's concealed tiles (the drawn one apart) and its calls."""
    tiles = _split(state["hand"])
    drawn = state["drawn"]
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
    html = page.tiles(tiles) + (page.tile(drawn, mark="drawn") if drawn else "")
    for meld in state["melds"][seat]:
        html += " " + _meld(page, meld)
    return f'<div class="hand">{html}</div>'


def _meld(page: _Page, meld: dict[str, Any]) -> str:
    tiles = _split(meld["tiles"])
    if meld["type"] == "closed_kan":
        return "<span>" + page.tiles(tiles) + "</span>"
    called = meld["called"]
    out = []
    for t in tiles:
        if called is not None and t == called:
            out.append(page.tile(t, mark="side"))
            called = None
        else:
            out.append(page.tile(t))
    return "<span>" + "".join(out) + "</span>"


def _table(page: _Page, state: dict[str, Any], seat: int, names: Sequence[str]) -> str:
    """What the seat saw: every river, the calls, the dora indicators, scores, tiles left."""
    rows = []
    for s, river in enumerate(state["rivers"]):
        who = escape(names[s] if s < len(names) and names[s] else f"seat {s}")
        cls = "seatname me" if s == seat else "seatname"
        tiles = "".join(page.tile(r["tile"], mark=_river_mark(r)) for r in river)
        melds = " ".join(_meld(page, m) for m in state["melds"][s])
        riichi = " riichi" if state["riichi"][s] else ""
        riichi += f" kita {state['kita'][s]}" if state["kita"][s] else ""
        rows.append(
            f'<div><span class="{cls}">{who} {state["scores"][s]:,}{riichi}</span>'
            f'<span class="river">{tiles}</span> {melds}</div>'
        )
    dora = page.tiles(state["dora_indicators"])
    extra = f"dora indicators {dora} · {state['tiles_left']} tiles left"
    extra += f" · honba {state['honba']} · sticks {state['sticks']}"
    table = f'<div class="table">{"".join(rows)}<div>{extra}</div></div>'
    return f"<details><summary>the table</summary>{table}</details>"


def _river_mark(tile: dict[str, Any]) -> str:
    """A river tile's marks: sideways for a riichi declaration, faded once called."""
    marks = (("side", tile["riichi"]), ("called", tile["called_by"] is not None))
    return " ".join(m for m, on in marks if on)


def _accepts(page: _Page, tiles: Sequence[dict[str, Any]], marked: set[str], how: str) -> str:
    """Accepted tiles with their live copies; ``marked`` ones (given up by the played
    discard, or gained by it) outlined, a kind with no live copy left faded."""
    out = []
    for t in tiles:
        mark = how if t["tile"] in marked else ("dead" if t["live"] == 0 else "")
        out.append(page.tile(t["tile"], live=t["live"], mark=mark))
    return "".join(out) or "—"


def _decision(page: _Page, number: int, d: dict[str, Any], seat: int, names: Sequence[str]) -> None:
    verdict = d["verdict"]
    mark = "forced" if d["forced"] else ("defence" if d["defence"] else "")
    cls = " ".join(x for x in ("d", d["kind"], verdict or "") if x)
    label = f"<span>{mark}</span>" if mark else ""
    if verdict:
        label = f'<span class="v {verdict}">{verdict}</span>'
    what = escape(d["kind"].replace("_", " "))
    page.add(f'<article class="{cls}" id="d{number}">')
    page.add(f'<div class="head"><strong>turn {d["turn"]}</strong> {what} {label}')
    if d["declares_riichi"]:
        page.add("<span>declares riichi</span>")
    page.add("</div>")
    state = d.get("state")
    if state is not None:
        page.add(_hand(page, state, seat))
        if state["claim_tile"] is not None:  # a call or a pass: the tile another seat let go
            who = names[state["claim_from"]] or f"seat {state['claim_from']}"
            page.add(f'<div class="claim">on {page.tile(state["claim_tile"])} from {escape(who)}</div>')
    if d["kind"] == "discard":
        gone = {t["tile"] for t in d["given_up"]}
        gained = {t["tile"] for t in d["gained"]}
        back = " (back a shanten)" if d["back"] else ""
        played = _accepts(page, d["played_accepts"], gained, "gain")
        best = _accepts(page, d["best_accepts"], gone, "gone")
        page.add(
            '<div class="cmp">'
            f'<span class="who">played {page.tile(d["played"])} {d["played_shanten"]}-shanten, '
            f"{d['played_live']} live{back}</span><span>{played}</span>"
            f'<span class="who">best {page.tile(d["best"])} {d["best_shanten"]}-shanten, '
            f"{d['best_live']} live</span><span>{best}</span></div>"
        )
    page.add(f'<p class="why">{escape(d["why"])}</p>')
    if state is not None:
        page.add(_table(page, state, seat, names))
    page.add("</article>")


def review_html(result: Review, only: str | None = None) -> str:
    """The review as one HTML page (see the module docstring); ``only`` keeps some
    decisions as :meth:`Review.selected` does (the summary stays the whole game's)."""
    data = result.to_dict(state=True, only=only)
    seat = data["seat"]
    names = data["names"]
    discards = ((n, d) for n, d in enumerate(data["decisions"]) if d["kind"] == "discard")
    index = {(d["round"], d["turn"], d["played"]): n for n, d in discards}
    page = _Page()
    who = f"seat {seat}"
    who += f" ({data['name']})" if data["name"] and data["name"] != who else ""
    page.add(f'<header class="top"><h1>Review of {escape(who)}</h1>')
    page.add(f"<p>{escape(data['source'])} · {data['players']} players</p></header><main>")
    page.add(f'<p class="note">{escape(data["note"])}</p>')
    page.add(*(f'<p class="note">Not reviewed: {escape(s)}</p>' for s in data["skipped"]))
    _summary(page, data, index)
    _rounds_nav(page, data)
    if only is not None:
        page.add(f'<p class="note">Only {escape(only)}: {len(data["decisions"])} decisions shown.</p>')
    current = None
    for number, d in enumerate(data["decisions"]):
        if d["round"] != current:
            current = d["round"]
            page.add(f'<h2 id="r-{escape(current)}">{escape(current)}</h2>')
        _decision(page, number, d, seat, names)
    page.add("</main>")
    body = "".join(page.parts)
    title = escape(f"Review of {who}: {data['source']}")
    style = STYLE.read_text(encoding="utf-8") + tile_css(page.used)
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{style}</style></head><body>{body}</body></html>\n"
    )
