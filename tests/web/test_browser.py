"""The playground page in a real headless Chromium (issue 12 item 2), driven by Playwright
(the browser, the ``page`` and ``shots`` fixtures: conftest.py). The efficiency view's
three-player mode (``players=3``) is driven too, the white dragon's picture, the legend and
the Chinese Official hint's own heading (issue 25). Screenshots of every view at 390 px and
1280 px go to ``RIICHI_LUT_SCREENSHOTS`` (a folder) when set, else to a temporary folder.
"""

from __future__ import annotations

import base64
import json
import urllib.request
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from riichi_lut import hint, score
from riichi_lut.coach.explain import score_report
from riichi_lut.mcr import Win as McrWin
from riichi_lut.mcr import hint as mcr_hint
from riichi_lut.mcr import score as mcr_score
from riichi_lut.riichi import YAKU, Win

pytestmark = pytest.mark.slow  # drives a headless Chromium

HANDS_14 = ["2234m506p678s5557z", "1234m5677p2345s12z", "123m456p789s11222z", "23m456p22z1s [789s] (1111z)"]


def api(base_url: str, route: str, **params: str):
    with urllib.request.urlopen(f"{base_url}{route}?{urlencode(params)}") as response:
        return json.loads(response.read())


#: the Efficiency view's message after the hand or next to another field (issue 25)
ANY_EFF_ERROR = "#eff-error:not([hidden]), #eff-form .field-error"


def error_place(body: dict, form: str = "#eff-form", fallback: str = "#eff-error") -> str:
    """Where the page shows an API error: next to the field the API names (its ``parameter``,
    when the API gives one and it is not the hand), else after the hand's field."""
    name = body.get("parameter")
    return f"{form} .field-error[data-for='{name}']" if name and name != "q" else fallback


def open_hand(page, base_url: str, query: str) -> None:
    page.goto(f"{base_url}/?{query}")
    page.wait_for_selector("#eff-why")


def page_rows(page) -> list[dict]:
    """Each discard row as the page shows it: tile, shanten after, accepted tiles and counts, total."""
    return page.eval_on_selector_all(
        "#eff-options tr[data-discard]",
        """rows => rows.map(r => ({
            discard: r.dataset.discard,
            best: r.classList.contains('best'),
            shanten: Number(r.querySelector('.after').dataset.shanten),
            accepted: [...r.querySelectorAll('.accepted-cell > .accepted .tile')].map(t => ({
                tile: t.dataset.tile, live: Number(t.querySelector('.count').textContent.slice(1))})),
            total: Number(r.querySelector('.total').textContent),
        }))""",
    )


def expected_rows(result: dict) -> list[dict]:
    return [
        {
            "discard": o["discard"],
            "best": o["discard"] == result["discard"],
            "shanten": o["shanten"],
            "accepted": o["accepted"],
            "total": o["total"],
        }
        for o in result["options"]
    ]


@pytest.mark.parametrize("hand", HANDS_14)
def test_every_discard_row_equals_the_api_and_the_library(page, base_url, hand):
    open_hand(page, base_url, urlencode({"q": hand}))
    library = hint(hand).to_dict()
    assert library == api(base_url, "/api/hint", q=hand)
    rows = page_rows(page)
    assert rows == expected_rows(library)
    assert sum(row["best"] for row in rows) == 1
    assert page.inner_text("#eff-why") == library["why"]
    calls = hand.count("[") + hand.count("(")
    assert page.locator("#eff-hand .tile").count() == 14 + hand.count("(")  # a kan shows four
    assert page.locator("#eff-hand .call .tile.side").count() == hand.count("[")  # one called tile each
    assert page.locator("#eff-hand .call.closed img[alt=back]").count() == 2 * hand.count("(")
    assert page.locator("#eff-hand .call").count() == calls


def test_visible_tiles_change_the_live_counts_as_in_the_library(page, base_url):
    hand, visible = "2234m506p678s5557z", "1m 1m 4p 8p8p"
    open_hand(page, base_url, urlencode({"q": hand, "visible": visible}))
    assert page.input_value("#eff-visible") == visible
    assert page_rows(page) == expected_rows(hint(hand, visible).to_dict())
    assert page_rows(page) != expected_rows(hint(hand).to_dict())


def test_thirteen_tiles_show_the_acceptance_with_live_counts(page, base_url):
    hand = "123m456p789s1122z"
    open_hand(page, base_url, urlencode({"q": hand}))
    shown = page.eval_on_selector_all(
        "#eff-ukeire .accepted .tile",
        "ts => ts.map(t => ({tile: t.dataset.tile,"
        " live: Number(t.querySelector('.count').textContent.slice(1))}))",
    )
    assert shown == hint(hand).to_dict()["ukeire"]["accepted"]


def test_a_permalink_reproduces_the_view_typed_by_hand(page, base_url, context):
    hand = "2234m506p678s5557z"
    page.goto(base_url + "/")
    page.fill("#eff-q", hand)
    page.click("#eff-form button[type=submit]")
    page.wait_for_selector("#eff-options")
    typed_rows, typed_url = page_rows(page), page.url
    assert parse_qs(urlsplit(typed_url).query) == {"q": [hand]}
    other = context.new_page()
    try:
        open_hand(other, base_url, "q=" + hand)
        assert page_rows(other) == typed_rows
        assert other.inner_text("#eff-why") == page.inner_text("#eff-why")
        assert other.input_value("#eff-q") == hand
    finally:
        other.close()


def test_clicking_a_discard_plays_it_and_updates_the_url_then_a_draw(page, base_url):
    open_hand(page, base_url, "q=2234m506p678s5557z")
    page.click("#eff-options tr[data-discard='7z'] td.discard button")
    page.wait_for_selector("#eff-ukeire")
    assert parse_qs(urlsplit(page.url).query) == {"q": ["2234m506p678s555z"]}
    drawn = page.eval_on_selector_all("#eff-ukeire .accepted .tile", "ts => ts.map(t => t.dataset.tile)")
    assert drawn == [a["tile"] for a in hint("2234m506p678s5557z").options[0].to_dict()["accepted"]]
    page.click("#eff-ukeire .accepted .tile[data-tile='1m']")
    page.wait_for_selector("#eff-options")
    assert parse_qs(urlsplit(page.url).query) == {"q": ["12234m506p678s555z"]}
    assert page_rows(page) == expected_rows(hint("12234m506p678s555z").to_dict())
    page.go_back()
    page.wait_for_selector("#eff-ukeire")
    assert page.input_value("#eff-q") == "2234m506p678s555z"


def test_clicking_a_tile_of_the_hand_discards_it(page, base_url):
    open_hand(page, base_url, "q=2234m506p678s5557z")
    page.click("#eff-hand .tile[data-tile='0p']")
    page.wait_for_selector("#eff-ukeire")
    assert parse_qs(urlsplit(page.url).query) == {"q": ["2234m56p678s5557z"]}


def test_the_palette_builds_a_hand(page, base_url):
    page.goto(base_url + "/")
    for tile in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2z", "2z"]:
        page.click(f"#eff-palette .tile[data-tile='{tile}']")
    page.wait_for_selector("#eff-ukeire")
    assert page.input_value("#eff-q") == "123m456p789s1122z"
    assert page.inner_text("#eff-why") == hint("123m456p789s1122z").why


@pytest.mark.parametrize("hand", ["123m", "1234m5677p2345s1x", "11111m456p789s11z"])
def test_a_bad_hand_shows_the_api_message_next_to_the_input(page, base_url, hand):
    page.goto(f"{base_url}/?{urlencode({'q': hand})}")
    page.wait_for_selector(ANY_EFF_ERROR)
    with pytest.raises(urllib.error.HTTPError) as refused:
        api(base_url, "/api/hint", q=hand)
    body = json.loads(refused.value.read())
    assert page.inner_text(error_place(body)) == f"{body['error']} ({body['type']})"
    assert page.locator("#eff-options").count() == 0


# ---------------------------------------------------------------- three players (issue 14)
SANMA_14 = "11119999m234p22z5z"  # the best discard: 1m with three players, 5z with four
SANMA_13 = "1m99m123456p789s1z"  # accepts 1m 9m 1z with three players, 2m 3m too with four
NOT_SANMA = {f"{n}m" for n in range(2, 9)} | {"0m"}


def test_switching_to_three_players_asks_the_api_for_the_sanma_answer(page, base_url):
    open_hand(page, base_url, urlencode({"q": SANMA_14}))
    four, three = hint(SANMA_14).to_dict(), hint(SANMA_14, players=3).to_dict()
    assert page_rows(page) == expected_rows(four)
    assert page.locator("#eff-mode").count() == 0
    page.select_option("#eff-players", "3")
    page.wait_for_selector("#eff-mode")
    assert parse_qs(urlsplit(page.url).query) == {"q": [SANMA_14], "players": ["3"]}
    assert page_rows(page) == expected_rows(three) != expected_rows(four)
    assert page.get_attribute("#eff-options tr.best", "data-discard") == "1m" == three["discard"]
    assert page.inner_text("#eff-why") == three["why"]
    page.select_option("#eff-players", "4")
    page.wait_for_function("!document.getElementById('eff-mode')")
    page.wait_for_selector("#eff-options tr.best[data-discard='5z']")
    assert parse_qs(urlsplit(page.url).query) == {"q": [SANMA_14]}
    assert page_rows(page) == expected_rows(four)
    page.go_back()  # the player count is a history entry too
    page.wait_for_selector("#eff-mode")
    assert page.input_value("#eff-players") == "3"


def test_a_three_player_permalink_shows_the_108_tile_walls_acceptance(page, base_url):
    open_hand(page, base_url, urlencode({"q": SANMA_13, "players": "3"}))
    assert page.input_value("#eff-players") == "3"
    shown = page.eval_on_selector_all(
        "#eff-ukeire .accepted .tile",
        "ts => ts.map(t => ({tile: t.dataset.tile,"
        " live: Number(t.querySelector('.count').textContent.slice(1))}))",
    )
    assert shown == hint(SANMA_13, players=3).to_dict()["ukeire"]["accepted"]
    assert shown != hint(SANMA_13).to_dict()["ukeire"]["accepted"]
    page.click("#eff-ukeire .accepted .tile[data-tile='9m']")  # a draw keeps the mode
    page.wait_for_selector("#eff-options")
    assert parse_qs(urlsplit(page.url).query) == {"q": ["1999m123456p789s1z"], "players": ["3"]}
    assert page_rows(page) == expected_rows(hint("1999m123456p789s1z", players=3).to_dict())


def test_the_three_player_palette_offers_no_2m_to_8m(page, base_url):
    page.goto(base_url + "/?players=3")
    page.wait_for_selector("#eff-palette-note:not([hidden])")
    disabled = page.eval_on_selector_all(
        "#eff-palette button.tile", "bs => bs.filter(b => b.disabled).map(b => b.dataset.tile)"
    )
    assert set(disabled) == NOT_SANMA
    assert page.locator("#eff-palette .tile.unavailable").count() == len(NOT_SANMA)
    page.click("#eff-palette .tile[data-tile='5m']", force=True)  # a click on it does nothing
    for tile in ["1m", "1m", "9m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7s", "8s", "9s"]:
        page.click(f"#eff-palette .tile[data-tile='{tile}']")
    page.wait_for_selector("#eff-ukeire")
    assert page.input_value("#eff-q") == "1199m123456p789s"
    assert page.inner_text("#eff-why") == hint("1199m123456p789s", players=3).why
    page.select_option("#eff-players", "4")
    page.wait_for_selector("#eff-palette-note[hidden]", state="attached")
    assert page.locator("#eff-palette button.tile:disabled").count() == 0


@pytest.mark.parametrize(
    ("params", "tile"),
    [({"q": "15m99m123456p789s5z"}, "5m"), ({"q": "19m99m123456p789s5z", "visible": "2m 0m"}, "2m")],
)
def test_a_2m_to_8m_tile_with_three_players_shows_the_api_message(page, base_url, params, tile):
    page.goto(base_url + "/")
    page.select_option("#eff-players", "3")
    page.fill("#eff-visible", params.get("visible", ""))
    page.fill("#eff-q", params["q"])
    page.click("#eff-form button[type=submit]")
    page.wait_for_selector(ANY_EFF_ERROR)
    with pytest.raises(urllib.error.HTTPError) as refused:
        api(base_url, "/api/hint", **params, players="3")
    body = json.loads(refused.value.read())
    assert body["type"] == "InvalidHandError" and f"{tile} is not a three-player tile" in body["error"]
    assert page.inner_text(error_place(body)) == f"{body['error']} (InvalidHandError)"
    assert page.locator("#eff-options").count() == 0
    if "visible" not in params:
        assert page.locator(f"#eff-hand .tile.unavailable[data-tile='{tile}']").count() == 1
    page.select_option("#eff-players", "4")  # with four players the same hand is analysed
    page.wait_for_selector("#eff-options")
    assert page.locator("#eff-error").is_hidden()
    assert page.locator("#eff-form .field-error").count() == 0
    assert page_rows(page) == expected_rows(hint(params["q"], params.get("visible")).to_dict())


def test_a_players_value_the_page_does_not_offer_shows_the_api_message(page, base_url):
    page.goto(f"{base_url}/?q={SANMA_14}&players=5")
    page.wait_for_selector(ANY_EFF_ERROR)
    with pytest.raises(urllib.error.HTTPError) as refused:
        api(base_url, "/api/hint", q=SANMA_14, players="5")
    body = json.loads(refused.value.read())
    assert body["type"] == "InvalidArgumentError" and "players" in body["error"] and "5" in body["error"]
    assert page.inner_text(error_place(body)) == f"{body['error']} (InvalidArgumentError)"


SCORE_CASES = [
    (
        "234m456p678s22345s",
        {"win": "5s", "ron": "1", "seat": "S", "round": "E", "riichi": "1", "sticks": "1", "dora": "1s"},
    ),
    ("22334455667788p", {"win": "8p", "tsumo": "1", "seat": "E", "round": "S", "honba": "2"}),
    ("123m456p789s11z [555z]", {"win": "1z", "ron": "1", "seat": "E", "round": "E"}),
]


@pytest.mark.parametrize(("hand", "params"), SCORE_CASES)
def test_the_score_view_equals_the_api_and_the_library(page, base_url, hand, params):
    page.goto(f"{base_url}/?{urlencode({'view': 'score', 'q': hand, **params})}")
    page.wait_for_selector("#score-total")
    body = api(base_url, "/api/score", q=hand, **params)
    win = Win(
        tsumo="tsumo" in params,
        seat_wind=params["seat"],
        round_wind=params["round"],
        riichi="riichi" in params,
        dora_indicators=params.get("dora", ""),
        honba=int(params.get("honba", 0)),
        riichi_sticks=int(params.get("sticks", 0)),
    )
    library = score_report(score(hand, params["win"], win))
    assert body == library
    assert page.get_attribute("#score-total", "data-total") == str(library["total"])
    shown = page.eval_on_selector_all(
        "table.yaku tr td:first-child", "cells => cells.map(c => c.textContent)"
    )
    assert shown[: len(library["yaku"])] == [y["name"] for y in library["yaku"]]
    payments = page.eval_on_selector_all(
        "#score-payments tr td:nth-child(2)", "cs => cs.map(c => c.textContent)"
    )
    assert payments[0] == f"{library['payments'][0]['points']:,}"
    if library["suggestion"]:
        assert library["suggestion"]["text"] in page.inner_text("#score-explain")


def test_the_score_form_round_trips_through_the_url(page, base_url):
    page.goto(f"{base_url}/?view=score")
    page.fill("#score-form input[name=q]", "234m456p678s22345s")
    page.fill("#score-form input[name=win]", "5s")
    page.check("#score-form input[value=tsumo]")
    page.select_option("#score-form select[name=seat]", "S")
    page.check("#score-form input[name=riichi]")
    page.fill("#score-form input[name=sticks]", "1")
    page.click("#score-form button[type=submit]")
    page.wait_for_selector("#score-total")
    query = parse_qs(urlsplit(page.url).query)
    assert query == {
        "view": ["score"],
        "q": ["234m456p678s22345s"],
        "win": ["5s"],
        "tsumo": ["1"],
        "seat": ["S"],
        "round": ["E"],
        "riichi": ["1"],
        "sticks": ["1"],
    }
    win = Win(tsumo=True, seat_wind="S", round_wind="E", riichi=True, riichi_sticks=1)
    assert page.get_attribute("#score-total", "data-total") == str(
        score("234m456p678s22345s", "5s", win).total
    )


def test_a_bad_score_shows_the_message_next_to_the_form(page, base_url):
    page.goto(f"{base_url}/?view=score&q=22334455667789p&win=9p&ron=1&seat=E&round=E")
    page.wait_for_selector("#score-error:not([hidden])")
    assert "NotAWinError" in page.inner_text("#score-error")


def test_the_mcr_views_equal_the_library(page, base_url):
    hand = "12m456p789s123s55z"
    page.goto(f"{base_url}/?view=mcr-hint&q={hand}")
    page.wait_for_selector("#mcr-why")
    assert page.inner_text("#mcr-why") == mcr_hint(hand).to_dict()["why"]
    wait = mcr_hint(hand).to_dict()["options"][0]["waits"][0]
    assert f"{wait['discard_points']} ✓" in page.inner_text("#mcr-options")
    query = {"view": "mcr-score", "q": "123m456p789s123s55z", "win": "5z", "seat": "E", "prevalent": "S"}
    page.goto(f"{base_url}/?{urlencode(query)}")
    page.wait_for_selector("#mcr-total")
    library = mcr_score(
        "123m456p789s123s55z", "5z", McrWin(self_drawn=False, seat_wind="E", prevalent_wind="S")
    ).to_dict()
    assert page.get_attribute("#mcr-total", "data-total") == str(library["total"])
    numbers = page.eval_on_selector_all(
        "#mcr-fans tr td:first-child", "cs => cs.map(c => Number(c.textContent))"
    )
    assert numbers == [f["number"] for f in library["fans"]]


def test_the_glossary_draws_every_yaku_with_its_example_hand(page, base_url):
    page.goto(f"{base_url}/?view=glossary")
    page.wait_for_selector(".yaku-card")
    assert page.locator(".yaku-card").count() == len(YAKU)
    first = page.locator(f"#yaku-{YAKU[0].id}")
    assert YAKU[0].to_dict()["kanji"] in first.inner_text()
    tiles = page.eval_on_selector_all(
        ".yaku-card", "cs => cs.map(c => c.querySelectorAll('.hand .tile').length)"
    )
    assert all(n >= 14 for n in tiles)


@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots_at_phone_and_desktop_width(page, base_url, shots, width):
    page.set_viewport_size({"width": width, "height": 900})
    open_hand(page, base_url, "q=2234m506p678s5557z")
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than {width}px"
    page.screenshot(path=str(shots / f"efficiency-{width}.png"), full_page=True)
    open_hand(page, base_url, urlencode({"q": SANMA_14, "players": "3"}))
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 0, "3p"
    page.screenshot(path=str(shots / f"efficiency-3p-{width}.png"), full_page=True)
    page.goto(f"{base_url}/?{urlencode({'q': '15m99m123456p789s5z', 'players': '3'})}")
    page.wait_for_selector("#eff-error:not([hidden])")
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 0, "3p error"
    page.screenshot(path=str(shots / f"efficiency-3p-error-{width}.png"), full_page=True)
    page.goto(f"{base_url}/?{urlencode({'view': 'score', 'q': SCORE_CASES[0][0], **SCORE_CASES[0][1]})}")
    page.wait_for_selector("#score-total")
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 0
    page.screenshot(path=str(shots / f"score-{width}.png"), full_page=True)
    mcr = {"view": "mcr-score", "q": "123m456p789s123s55z", "win": "5z", "seat": "E", "prevalent": "S"}
    for name, query, ready in [
        ("efficiency-13", "q=2234m506p678s555z", "#eff-legend"),
        ("mcr-hint", urlencode({"view": "mcr-hint", "q": "12m456p789s123s55z"}), "#mcr-hint-heading"),
        ("mcr", urlencode(mcr), "#mcr-total"),
        ("glossary", "view=glossary", ".yaku-card"),
    ]:
        page.goto(f"{base_url}/?{query}")
        page.wait_for_selector(ready)
        page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
        assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 0, name
        page.screenshot(path=str(shots / f"{name}-{width}.png"), full_page=True)
    efficiency = ("efficiency", "efficiency-13", "efficiency-3p", "efficiency-3p-error")
    for name in (*efficiency, "score", "mcr-hint", "mcr", "glossary"):
        assert (shots / f"{name}-{width}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ---------------------------------------------------------------- issue 25: the page's words and pictures
FRONT = (0xF5, 0xF0, 0xEB)  # the tile front's colour (#f5f0eb)


def _ink(context, png: bytes) -> tuple[int, int]:
    """(pixels of a screenshot's middle half that differ from the tile front, of them blue),
    read through a canvas in a blank page (no image library needed)."""
    blank = context.new_page()
    try:
        w, h, data = blank.evaluate(
            """async (b64) => {
                const img = new Image();
                img.src = 'data:image/png;base64,' + b64;
                await img.decode();
                const c = document.createElement('canvas');
                c.width = img.width; c.height = img.height;
                const x = c.getContext('2d');
                x.drawImage(img, 0, 0);
                return [c.width, c.height, Array.from(x.getImageData(0, 0, c.width, c.height).data)];
            }""",
            base64.b64encode(png).decode(),
        )
    finally:
        blank.close()
    middle = [
        tuple(data[4 * (y * w + x) : 4 * (y * w + x) + 3])
        for y in range(h // 4, 3 * h // 4)
        for x in range(w // 4, 3 * w // 4)
    ]
    ink = [p for p in middle if sum(abs(a - b) for a, b in zip(p, FRONT, strict=True)) > 60]
    return len(ink), sum(1 for r, g, b in ink if b > r + 20 and b > g)


WHITE_DRAGON_PLACES = ["#eff-options tr.best td.discard img", "#eff-hand .tile[data-tile='5z'] img"]


@pytest.mark.parametrize("where", WHITE_DRAGON_PLACES)
def test_the_white_dragon_is_drawn_not_blank(page, context, base_url, shots, where):
    open_hand(page, base_url, urlencode({"q": SANMA_14}))  # with four players: discard 5z
    assert page.get_attribute("#eff-options tr.best", "data-discard") == "5z"
    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
    tile = page.locator(where).first
    box = tile.bounding_box()
    assert box is not None
    ink, blue = _ink(context, tile.screenshot(path=str(shots / "white-dragon.png")))
    assert ink > 0.05 * box["width"] * box["height"] / 4, f"5z looks blank: {ink} pixels of ink"
    assert blue > 0.8 * ink, "the white dragon's frame is not blue"
    drawn = page.locator("#eff-hand .tile[data-tile='2z'] img").first.screenshot()
    assert _ink(context, drawn)[0] > 0  # the check sees a drawn face (the south wind)


DEAD_HAND, DEAD_VISIBLE = "123m456p789s1122z3z", "1z1z2z2z"  # discard 3z: waits on 1z 2z, all visible


def test_the_legend_explains_every_mark_the_rows_show(page, base_url):
    open_hand(page, base_url, urlencode({"q": DEAD_HAND, "visible": DEAD_VISIBLE}))
    terms = page.eval_on_selector_all("#eff-legend dt", "ds => ds.map(d => d.textContent)")
    assert terms == ["×4", "shanten back", "two-step", "furiten", "dead"]
    assert all(page.eval_on_selector_all("#eff-legend dd", "ds => ds.map(d => d.textContent.length > 20)"))
    flags = page.eval_on_selector_all("#eff-options .flag", "fs => fs.map(f => f.textContent)")
    shown = {word for text in flags for word in text.split(", ")}
    result = hint(DEAD_HAND, DEAD_VISIBLE).to_dict()
    dead = [o["discard"] for o in result["options"] if o["total"] == 0]
    assert dead == ["3z"]
    assert page.inner_text("#eff-options tr[data-discard='3z'] .flag") == "dead"
    assert shown == {"shanten back", "dead"} <= set(terms)
    assert page.locator("#eff-options details.two-step").count() > 0  # the two-step the legend names
    assert page.locator("#eff-legend").is_visible()
    open_hand(page, base_url, urlencode({"q": "123m456p789s1122z", "discarded": "1z"}))
    legend = page.eval_on_selector_all("#eff-legend dt", "ds => ds.map(d => d.textContent)")
    assert legend == ["×4", "furiten"]
    assert "(furiten)" in page.inner_text("#eff-ukeire")


@pytest.mark.parametrize("width", [390, 1280])
def test_the_mcr_hint_result_stands_under_its_own_heading_before_the_score_form(page, base_url, width):
    page.set_viewport_size({"width": width, "height": 900})
    hand = "12m456p789s123s55z"
    page.goto(f"{base_url}/?{urlencode({'view': 'mcr-hint', 'q': hand})}")
    page.wait_for_selector("#mcr-why")
    heading = page.locator("#mcr-hint-heading")
    assert heading.is_visible() and "Hint" in heading.inner_text()
    order = page.evaluate(
        """() => ['mcr-hint-form', 'mcr-hint-heading', 'mcr-why', 'mcr-score-form'].map(id => {
            const r = document.getElementById(id).getBoundingClientRect(); return r.top; })"""
    )
    assert order == sorted(order), f"hint form, heading, result, score form: {order}"
    library = mcr_hint(hand).to_dict()["options"][0]["waits"]
    titles = "cs => cs.map(c => c.title)"
    discard = page.eval_on_selector_all("#mcr-options .waits [data-win='discard']", titles)
    drawn = page.eval_on_selector_all("#mcr-options .waits [data-win='self-drawn']", titles)
    assert [t.split(" points ")[0] for t in discard] == [str(w["discard_points"]) for w in library]
    assert [t.split(" points ")[0] for t in drawn] == [str(w["self_drawn_points"]) for w in library]
    assert all("on a discard" in t for t in discard) and all("self-drawn" in t for t in drawn)
    caption = page.locator("#mcr-options table.waits caption").first
    assert caption.is_visible() and "points per wait" in caption.inner_text()
    page.goto(f"{base_url}/?{urlencode({'view': 'mcr-score', 'q': '123m456p789s123s55z', 'win': '5z'})}")
    page.wait_for_selector("#mcr-total")
    assert page.locator("#mcr-hint-heading").is_hidden()  # no hint asked: no heading over nothing
