"""The playground's Review view (issue 28 item 4) in Chromium: a shared log opened by the file
picker or pasted, each decision stepped to with the keyboard, and the figures the page shows
(played, best, their live acceptance, the verdict, each hand's losses, the summary) equal to
``riichi_lut.review(path, seat).to_dict()``; a discard's acceptance tiles add up to its live
count and its Efficiency link opens the same position; a bad log shows the library's error.
Screenshots at 390 and 1280 px go to ``RIICHI_LUT_SCREENSHOTS``."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from riichi_lut import Visible, hint, review
from riichi_lut.game import read_log

pytestmark = pytest.mark.slow  # drives a headless Chromium and reviews whole games

LOGS = Path(__file__).resolve().parents[1] / "data" / "game-logs"
MJLOG = LOGS / "mjlog" / "2019021004gm-00a9-0000-e2f6516d.xml"  # a houou hanchan
TENHOU6 = LOGS / "tenhou6" / "convlog-ranked_game.json"  # three hands
GZIP = LOGS / "mjlog" / "2010081709gm-00a9-0000-fe3371ad.mjlog"

AT = "n => document.querySelector('#rv-position').textContent.startsWith(`${n} /`)"
READ_DECISION = """() => {
  const text = (sel) => { const n = document.querySelector(sel); return n ? n.textContent : null; };
  return {
    position: text('#rv-position'),
    kind: text('#rv-decision [data-field=kind]'),
    verdict: text('#rv-decision [data-field=verdict]'),
    played: text('#rv-decision [data-field=played]'),
    best: text('#rv-decision [data-field=best]'),
    played_live: text('#rv-decision [data-field=played_live]'),
    best_live: text('#rv-decision [data-field=best_live]'),
    why: text('#rv-why'),
  };
}"""


def open_review(page, base_url, path: Path, seat: int = 0):
    """Open the Review view, pick ``path`` with the file picker, choose ``seat``."""
    page.goto(f"{base_url}/?view=review")
    page.set_input_files("#rv-file", str(path))
    page.wait_for_selector("#rv-body:not([hidden]) #rv-position")
    if seat:
        page.select_option("#rv-seat", str(seat))
        page.wait_for_function(
            "s => window.playground.views.review.data.seat === s"
            " && !document.querySelector('#view-review.busy')",
            arg=seat,
        )


def step_to(page, index: int, current: int) -> None:
    """Press → or ← until decision ``index`` (0-based) is shown."""
    key = "ArrowRight" if index > current else "ArrowLeft"
    for _ in range(abs(index - current)):
        page.keyboard.press(key)
    page.wait_for_function(AT, arg=index + 1)


def shown_matches(shown: dict, d: dict) -> None:
    kinds = {"discard": "Discard", "call": "Call", "pass": "Pass", "win": "Win", "draw": "Draw", "kan": "Kan"}
    assert shown["kind"] == kinds.get(d["kind"], shown["kind"])
    assert shown["why"] == d["why"]
    if d["kind"] != "discard":
        return
    assert shown["played"] == d["played"]
    assert shown["played_live"] == str(d["played_live"])
    if d["best"] != d["played"]:
        assert shown["best"] == d["best"] and shown["best_live"] == str(d["best_live"])
    else:
        assert shown["best"] is None  # one row: the played discard is the best
    expected_verdict = d["verdict"] or ("forced" if d["forced"] else "defence")
    assert shown["verdict"] == expected_verdict


def sample(decisions: list[dict], count: int) -> list[int]:
    """Indices of discards of every verdict and of other kinds, spread over the game, in order."""
    chosen: set[int] = set()
    for verdict in ("best", "equal", "close", "loss", None):
        found = [i for i, d in enumerate(decisions) if d["kind"] == "discard" and d["verdict"] == verdict]
        chosen.update(found[:1] + found[-1:])
    others = [i for i, d in enumerate(decisions) if d["kind"] != "discard"]
    chosen.update(others[:2])
    step = max(len(decisions) // count, 1)
    chosen.update(range(0, len(decisions), step))
    return sorted(chosen)


def check_summary(page, expected: dict) -> None:
    s = expected["summary"]
    got = page.eval_on_selector_all(
        "#rv-summary [data-field]", "ns => Object.fromEntries(ns.map(n => [n.dataset.field, n.textContent]))"
    )
    agreement = "—" if s["agreement"] is None else f"{s['agreement'] * 100:.1f}%"
    assert got["agreement"] == agreement
    for verdict, count in s["verdicts"].items():
        assert got[f"verdict-{verdict}"] == str(count)
    assert got["given_up"] == str(s["given_up"]) and got["judged"] == str(s["judged"])
    assert got["decisions"] == str(s["decisions"]) and got["shanten_back"] == str(s["shanten_back"])
    rounds = page.eval_on_selector_all(
        "#rv-rounds button",
        "bs => bs.map(b => [b.dataset.round, b.querySelector('[data-field=losses]').textContent])",
    )
    assert [r for r, _ in rounds] == expected["rounds"]
    for name, text in rounds:
        losses = sum(1 for d in expected["decisions"] if d["round"] == name and d["verdict"] == "loss")
        assert text == (f"{losses} ✗" if losses else "✓"), name
    links = page.eval_on_selector_all("#rv-summary ol.largest a", "as => as.map(a => a.textContent)")
    assert len(links) == len(s["largest"])
    for text, loss in zip(links, s["largest"], strict=True):
        assert text.startswith(f"{loss['round']} turn {loss['turn']}: {loss['played']} where {loss['best']}")
        assert f"{loss['given_up']} live tiles" in text


@pytest.mark.parametrize(("path", "seat"), [(MJLOG, 2), (TENHOU6, 1)])
def test_the_figures_shown_equal_the_librarys_review(page, base_url, path, seat):
    expected = review(path, seat).to_dict()
    open_review(page, base_url, path, seat)
    names = read_log(path).names
    assert page.eval_on_selector_all("#rv-seat option", "os => os.map(o => o.textContent)") == [
        f"{n} — seat {i}" for i, n in enumerate(names)
    ]
    check_summary(page, expected)
    current = 0
    for index in sample(expected["decisions"], 12):
        step_to(page, index, current)
        current = index
        shown_matches(page.evaluate(READ_DECISION), expected["decisions"][index])


def acceptance_rows(page) -> dict:
    page.wait_for_selector(".rv-discard[data-ready='1']")
    return page.eval_on_selector_all(
        "#rv-decision td.accepted-cell",
        """cs => Object.fromEntries(cs.map(c => [c.dataset.for, [...c.querySelectorAll('.tile')].map(t => ({
            tile: t.dataset.tile, live: Number(t.querySelector('.count').textContent.slice(1)),
            given_up: t.classList.contains('given-up'), gained: t.classList.contains('gained')}))]))""",
    )


def test_a_loss_shows_both_acceptances_with_the_tiles_given_up_marked(page, base_url):
    expected = review(MJLOG, 2).to_dict()
    open_review(page, base_url, MJLOG, 2)
    losses = [
        i
        for i, d in enumerate(expected["decisions"])
        if d["verdict"] == "loss" and d["given_up"] and d["played_shanten"] == d["best_shanten"]
    ]
    current = 0
    for index in losses[:3]:
        step_to(page, index, current)
        current = index
        d = expected["decisions"][index]
        rows = acceptance_rows(page)
        assert sum(t["live"] for t in rows["played"]) == d["played_live"]
        assert sum(t["live"] for t in rows["best"]) == d["best_live"]
        given_up = {t["tile"]: t["live"] for t in d["given_up"]}
        assert {t["tile"]: t["live"] for t in rows["best"] if t["given_up"]} == given_up
        gained = {t["tile"]: t["live"] for t in d["gained"]}
        assert {t["tile"]: t["live"] for t in rows["played"] if t["gained"]} == gained
        assert not any(t["gained"] for t in rows["best"]) and not any(t["given_up"] for t in rows["played"])


def test_the_efficiency_link_opens_the_same_position(page, base_url, context):
    expected = review(MJLOG, 2).to_dict()
    open_review(page, base_url, MJLOG, 2)
    d0 = expected["decisions"]
    index = next(
        i for i, d in enumerate(d0) if d["kind"] == "discard" and d["state"]["melds"][2] and d["verdict"]
    )
    step_to(page, index, 0)
    href = page.get_attribute("#rv-efficiency", "href")
    d = d0[index]
    assert href.startswith("./?q=")
    other = context.new_page()
    try:
        other.goto(f"{base_url}/{href[2:]}")
        other.wait_for_selector("#eff-options")
        rows = other.eval_on_selector_all(
            "#eff-options tr[data-discard]",
            "rs => rs.map(r => [r.dataset.discard, Number(r.querySelector('.total').textContent)])",
        )
        totals = dict(rows)
        assert rows[0][0] == d["best"] and totals[d["best"]] == d["best_live"]
        assert totals[d["played"]] == d["played_live"]
        q = other.input_value("#eff-q")
        assert "[" in q  # the hand's calls went with it
    finally:
        other.close()
    # the library on the link's position, independently: the same best and live counts
    params = parse_qs(urlsplit(href).query)
    seen = Visible(other=params["visible"][0], own_discards=params["discarded"][0])
    found = hint(params["q"][0], seen)
    totals = {o.to_dict()["discard"]: o.total for o in found.options}
    assert found.discard == d["best"] and totals[d["played"]] == d["played_live"]


def test_pasted_tenhou6_text_is_reviewed_like_the_file(page, base_url):
    expected = review(TENHOU6, 0).to_dict()
    page.goto(f"{base_url}/?view=review")
    page.click("#rv-paste-box summary")
    page.fill("#rv-paste", TENHOU6.read_text(encoding="utf-8"))
    page.click("#rv-paste-go")
    page.wait_for_selector("#rv-body:not([hidden]) #rv-position")
    assert "pasted log" in page.text_content("#rv-status")
    check_summary(page, expected)
    shown_matches(page.evaluate(READ_DECISION), expected["decisions"][0])


def test_a_gzip_mjlog_and_the_round_keys(page, base_url):
    expected = review(GZIP, 0).to_dict()
    open_review(page, base_url, GZIP)
    firsts = [
        next(i for i, d in enumerate(expected["decisions"]) if d["round"] == r) for r in expected["rounds"]
    ]
    for key in ("ArrowDown", "PageDown"):
        page.keyboard.press(key)
    page.wait_for_function(
        "i => document.querySelector('#rv-position').textContent.startsWith(`${i + 1} /`)", arg=firsts[2]
    )
    page.keyboard.press("ArrowUp")
    page.wait_for_function(
        "i => document.querySelector('#rv-position').textContent.startsWith(`${i + 1} /`)", arg=firsts[1]
    )
    assert page.get_attribute("#rv-rounds button.current", "data-round") == expected["rounds"][1]
    page.keyboard.press("End")
    n = len(expected["decisions"])
    page.wait_for_function(
        "n => document.querySelector('#rv-position').textContent.startsWith(`${n} /`)", arg=n
    )


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"this is not a game log", "LogFormatError"),
        ((LOGS / "tenhou6" / "convlog-chankan.json").read_bytes(), "LogFormatError"),
    ],
)
def test_a_bad_file_shows_the_error(page, base_url, tmp_path, content, words):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    page.goto(f"{base_url}/?view=review")
    page.set_input_files("#rv-file", str(bad))
    page.wait_for_selector("#rv-error:not([hidden])")
    shown = page.text_content("#rv-error")
    assert "LogFormatError" in shown and words in shown
    assert page.is_hidden("#rv-body")


def test_the_largest_loss_link_steps_to_that_decision(page, base_url):
    expected = review(MJLOG, 2).to_dict()
    open_review(page, base_url, MJLOG, 2)
    loss = expected["summary"]["largest"][0]
    page.click("#rv-summary ol.largest a >> nth=0")
    shown = page.evaluate(READ_DECISION)
    assert shown["played"] == loss["played"] and shown["best"] == loss["best"]
    assert f"turn {loss['turn']}" in shown["position"] and shown["verdict"] == "loss"


@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots_mid_hand_and_the_summary(page, base_url, shots, width):
    expected = review(MJLOG, 2).to_dict()
    page.set_viewport_size({"width": width, "height": 900})
    open_review(page, base_url, MJLOG, 2)
    # a discard with calls on the table and a loss, mid-hand
    index = next(
        i
        for i, d in enumerate(expected["decisions"])
        if d["verdict"] == "loss" and d["given_up"] and any(d["state"]["melds"]) and d["turn"] >= 6
    )
    step_to(page, index, 0)
    page.wait_for_selector(".rv-discard[data-ready='1']")
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 0
    page.screenshot(path=str(shots / f"review-{width}.png"))
    page.locator("#rv-summary").scroll_into_view_if_needed()
    page.locator("#rv-summary").screenshot(path=str(shots / f"review-summary-{width}.png"))
    page.screenshot(path=str(shots / f"review-full-{width}.png"), full_page=True)
    for name in ("review", "review-summary", "review-full"):
        assert (shots / f"{name}-{width}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


READ_TABLE = """() => {
  const names = (root, sel) => [...root.querySelectorAll(sel)].map(t => t.dataset.tile);
  const seats = [...document.querySelectorAll('#rv-table .rv-seat')].map(s => ({
    seat: Number(s.dataset.seat),
    score: s.querySelector('[data-field=score]').textContent,
    riichi: !!s.querySelector('.riichi-mark'),
    river: names(s, '.river .tile'),
    sideways: names(s, '.river .tile.side'),
    called: names(s, '.river .tile.called'),
    calls: [...s.querySelectorAll('.calls .call')].map(c => names(c, '.tile').sort().join('')),
  }));
  const hand = document.querySelector('#rv-table .rv-hand');
  return {
    seats,
    dora: names(document, '#rv-table .rv-info .dora .tile'),
    tiles_left: document.querySelector('#rv-table [data-field=tiles_left]').textContent,
    concealed: names(hand, '.concealed .tile'),
    drawn: names(hand, '.drawn .tile'),
    own_calls: [...hand.querySelectorAll('.call')].map(c => names(c, '.tile').sort().join('')),
  };
}"""


def _tiles(text: str) -> list[str]:
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out += [f"{d}{ch}" for d in digits]
            digits = ""
    return out


def test_the_table_is_drawn_as_the_seat_saw_it(page, base_url):
    expected = review(MJLOG, 2).to_dict()
    decisions = expected["decisions"]
    # a discard with a riichi in a river, a call on the table and tiles called from a river
    index = next(
        i
        for i, d in enumerate(decisions)
        if d["kind"] == "discard"
        and any(t["riichi"] for river in d["state"]["rivers"] for t in river)
        and any(d["state"]["melds"])
        and any(t["called_by"] is not None for river in d["state"]["rivers"] for t in river)
    )
    open_review(page, base_url, MJLOG, 2)
    step_to(page, index, 0)
    state = decisions[index]["state"]
    shown = page.evaluate(READ_TABLE)
    assert [s["seat"] for s in shown["seats"]] == [2, 3, 0, 1]  # the seat first, then round the table
    for s in shown["seats"]:
        river = state["rivers"][s["seat"]]
        assert s["score"] == str(state["scores"][s["seat"]])
        assert s["riichi"] == state["riichi"][s["seat"]]
        assert s["river"] == [t["tile"] for t in river]
        assert s["sideways"] == [t["tile"] for t in river if t["riichi"]]
        assert s["called"] == [t["tile"] for t in river if t["called_by"] is not None]
        if s["seat"] != 2:
            assert s["calls"] == ["".join(sorted(_tiles(m["tiles"]))) for m in state["melds"][s["seat"]]]
    assert shown["dora"] == state["dora_indicators"]
    assert shown["tiles_left"] == str(state["tiles_left"])
    hand = _tiles(state["hand"])
    assert sorted(shown["concealed"] + shown["drawn"]) == sorted(hand)
    assert shown["drawn"] == ([state["drawn"]] if state["drawn"] else [])
    assert shown["own_calls"] == ["".join(sorted(_tiles(m["tiles"]))) for m in state["melds"][2]]


POSITIONS = """async () => {
  const m = await import('/review.js');
  const data = window.playground.views.review.data;
  return data.decisions.map(d => d.kind === 'discard' ? m.positionParams(data, d.state) : null);
}"""


@pytest.mark.parametrize(("path", "seat"), [(MJLOG, 2), (MJLOG, 0)])
def test_every_discards_efficiency_position_gives_the_reviews_live_counts(page, base_url, path, seat):
    """The Efficiency link's position of every discard of the seat, asked of the library's
    ``hint`` (not through the page): the played and best options' totals are the review's."""
    expected = review(path, seat).to_dict()
    open_review(page, base_url, path, seat)
    positions = page.evaluate(POSITIONS)
    checked = 0
    for d, params in zip(expected["decisions"], positions, strict=True):
        if params is None:
            continue
        found = hint(params["q"], Visible(other=params["visible"], own_discards=params["discarded"]))
        totals = {o.to_dict()["discard"]: o.total for o in found.options}
        assert totals[d["played"]] == d["played_live"], (d["round"], d["turn"])
        assert totals[d["best"]] == d["best_live"], (d["round"], d["turn"])
        checked += 1
    assert checked == expected["summary"]["discards"]


@pytest.fixture(scope="module")
def sanma_log(tmp_path_factory) -> Path:
    """A three-player East-only game (the shared logs hold no complete one), played by the
    engine with a seeded random seat that sets North tiles aside, written as tenhou.net/6."""
    from riichi_lut.game import play_one
    from riichi_lut.game.logs.tenhou6_write import write_tenhou6

    game = play_one(["random", "efficiency", "efficiency"], seed=1, players=3, length="tonpuu")
    path = tmp_path_factory.mktemp("sanma") / "sanma-seed1.json"
    path.write_text(write_tenhou6(game), encoding="utf-8")
    return path


def seen_tiles(state: dict, seat: int) -> list[str]:
    """What docs/review.md says the seat sees outside its hand: the other seats' uncalled
    discards and their calls (less a tile called from the seat's own river), the dora
    indicators, every seat's North tiles set aside."""
    out = list(state["dora_indicators"]) + ["4z"] * sum(state["kita"])
    for index, river in enumerate(state["rivers"]):
        if index != seat:
            out += [t["tile"] for t in river if t["called_by"] is None]
    for index, melds in enumerate(state["melds"]):
        if index == seat:
            continue
        for meld in melds:
            tiles = _tiles(meld["tiles"])
            if meld["from"] == seat:
                tiles.remove(meld["called"])
            out += tiles
    return sorted(out)


def test_a_three_player_game_shows_the_librarys_figures_and_positions(page, base_url, sanma_log):
    expected = review(sanma_log, 1).to_dict()
    assert expected["players"] == 3
    kita = [i for i, d in enumerate(expected["decisions"]) if d["state"] and any(d["state"]["kita"])]
    assert kita, "the game should set North tiles aside"
    open_review(page, base_url, sanma_log, 1)
    check_summary(page, expected)
    current = 0
    for index in sorted({*sample(expected["decisions"], 8), kita[0]}):
        step_to(page, index, current)
        current = index
        shown_matches(page.evaluate(READ_DECISION), expected["decisions"][index])
        assert page.eval_on_selector_all("#rv-table .rv-seat", "s => s.length") == 3
    positions = page.evaluate(POSITIONS)
    checked = 0
    for d, params in zip(expected["decisions"], positions, strict=True):
        if params is None:
            continue
        assert params["players"] == "3"
        assert sorted(_tiles(params["visible"])) == seen_tiles(d["state"], 1)
        assert sorted(_tiles(params["discarded"])) == sorted(t["tile"] for t in d["state"]["rivers"][1])
        seen = Visible(other=params["visible"], own_discards=params["discarded"])
        found = hint(params["q"], seen, players=3)
        totals = {o.to_dict()["discard"]: o.total for o in found.options}
        assert totals[d["played"]] == d["played_live"] and totals[d["best"]] == d["best_live"]
        checked += 1
    assert checked == expected["summary"]["discards"]


DROP = """text => {
  const data = new DataTransfer();
  data.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
  document.querySelector('#rv-drop').dispatchEvent(
    new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
}"""


def test_a_dropped_file_is_reviewed(page, base_url):
    expected = review(TENHOU6, 0).to_dict()
    page.goto(f"{base_url}/?view=review")
    page.evaluate(DROP, TENHOU6.read_text(encoding="utf-8"))
    page.wait_for_selector("#rv-body:not([hidden]) #rv-position")
    assert page.text_content("#rv-status").startswith("dropped.json: ")
    check_summary(page, expected)


def test_a_win_shows_the_hand_as_scored(page, base_url):
    expected = review(MJLOG, 2).to_dict()
    index, win = next((i, d) for i, d in enumerate(expected["decisions"]) if d["kind"] == "win")
    open_review(page, base_url, MJLOG, 2)
    step_to(page, index, 0)
    shown_matches(page.evaluate(READ_DECISION), win)
    facts = "#rv-decision .rv-facts .hand"
    drawn = page.eval_on_selector_all(f"{facts} .tile", "ts => ts.map(t => t.dataset.tile)")
    apart = page.eval_on_selector_all(f"{facts} .winning .tile", "ts => ts.map(t => t.dataset.tile)")
    hand = _tiles(win["facts"]["hand"].replace("[", "").replace("]", "").replace("(", "").replace(")", ""))
    assert sorted(drawn) == sorted(hand)  # the 14 tiles as scored, the winning one among them
    assert apart == [win["facts"]["tile"]]  # ... drawn apart
