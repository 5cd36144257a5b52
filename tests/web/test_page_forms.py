"""The page's forms ask for exactly what the commands take: every field of the Score and
Chinese Official forms is a flag of ``riichi-lut score`` / ``riichi-lut mcr score`` (the
API's parameter names), every switch of those commands has its checkbox, and the rule
and edition lists are the library's (``PRESETS``, ``mcr.rules.EDITIONS``) — so a preset
or a win flag added to the library cannot be missing from the page unnoticed. In the
browser (the ``page`` fixture, conftest.py): the forms read a permalink's values as the
CLI reads them, and show a bad value, or an API error naming a parameter, next to its field."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from riichi_lut import score
from riichi_lut.app import REQUESTS, choice
from riichi_lut.mcr import Win as McrWin
from riichi_lut.mcr import score as mcr_score
from riichi_lut.mcr.rules import EDITIONS
from riichi_lut.riichi import PRESETS, Win

PAGE = Path(__file__).resolve().parents[2] / "riichi_lut" / "web" / "static" / "index.html"
#: switches the page sets another way: the radio "by" (tsumo/ron) and the API's own
NOT_CHECKBOXES = {"tsumo", "ron"}  # the radio "by"


class _Forms(HTMLParser):
    """Per form id: its named fields (name -> type) and each select's option values."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, dict[str, str]] = {}
        self.options: dict[str, dict[str, list[str]]] = {}
        self._form: str | None = None
        self._select: str | None = None
        self._option: bool = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self._form = a.get("id")
            self.fields[self._form or ""] = {}
            self.options[self._form or ""] = {}
        elif self._form and tag in ("input", "select") and a.get("name"):
            self.fields[self._form][a["name"] or ""] = a.get("type") or tag
            if tag == "select":
                self._select = a["name"]
                self.options[self._form][self._select or ""] = []
        elif self._form and self._select and tag == "option":
            value = a.get("value")
            if value is not None:
                self.options[self._form][self._select].append(value)
            self._option = value is None

    def handle_data(self, data: str) -> None:
        if self._option and self._form and self._select:
            self.options[self._form][self._select].append(data.strip())
            self._option = False

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "form":
            self._form = None


def _forms() -> _Forms:
    forms = _Forms()
    forms.feed(PAGE.read_text(encoding="utf-8"))
    return forms


@pytest.mark.parametrize(("form", "command"), [("score-form", "score"), ("mcr-score-form", "mcr score")])
def test_every_form_field_is_a_web_field_and_every_switch_has_its_checkbox(form: str, command: str) -> None:
    fields = _forms().fields[form]
    params = {p.field: p for p in REQUESTS[command].params}
    for name in fields:
        if name == "by":  # the tsumo/ron radio: its values are the fields
            continue
        assert name in params, f"{form}: field {name!r} is no parameter of {command}"
    switches = {p.field for p in params.values() if p.switch}
    checkboxes = {name for name, kind in fields.items() if kind == "checkbox"}
    assert switches - NOT_CHECKBOXES == checkboxes


def test_the_rule_presets_and_editions_are_the_librarys() -> None:
    forms = _forms()
    assert sorted(forms.options["score-form"]["rules"]) == sorted(PRESETS)
    assert tuple(forms.options["mcr-score-form"]["edition"]) == EDITIONS


def test_the_efficiency_form_asks_for_hint_flags_and_the_players_it_takes() -> None:
    forms = _forms()
    params = {p.field: p for p in REQUESTS["hint"].params}
    assert set(forms.fields["eff-form"]) == {"q", "visible", "discarded", "players"} <= set(params)
    reader = params["players"].reader
    assert isinstance(reader, choice)
    assert sorted(forms.options["eff-form"]["players"]) == sorted(str(n) for n in reader.names)


# ---------------------------------------------------------------- in the browser (issue 25)
# A permalink's values are read as the CLI and the API read them: a select's value in any
# case, a rule preset also without spaces, "-" and "_" (the CLI's preset_key). A value the
# form cannot take is shown next to its field; an API error naming a parameter likewise.
KOKUSHI_13 = {"q": "119m19p19s1234567z", "win": "1m", "ron": "1", "seat": "E", "round": "E"}


def _score(rules: str) -> int:
    win = Win(tsumo=False, seat_wind="E", round_wind="E")
    return score(KOKUSHI_13["q"], KOKUSHI_13["win"], win, rules=PRESETS[rules]).total


@pytest.mark.parametrize("spelling", ["mahjong soul", "MAHJONG_SOUL", "mahjong-soul", "Mahjongsoul"])
def test_a_rule_preset_in_any_spelling_selects_it(page, base_url, spelling):
    assert _score("Mahjong Soul") == 96_000 != _score("Tenhou")  # a double yakuman there only
    page.goto(f"{base_url}/?{urlencode({'view': 'score', **KOKUSHI_13, 'rules': spelling})}")
    page.wait_for_selector("#score-total")
    assert page.input_value("#score-form select[name=rules]") == "Mahjong Soul"
    assert page.get_attribute("#score-total", "data-total") == str(_score("Mahjong Soul"))
    assert parse_qs(urlsplit(page.url).query)["rules"] == ["Mahjong Soul"]


@pytest.mark.parametrize(("seat", "round_", "view"), [("s", "e", "score"), ("w", "s", "mcr-score")])
def test_winds_in_lower_case_select_them(page, base_url, seat, round_, view):
    if view == "score":
        query = {"q": "234m456p678s22345s", "win": "5s", "tsumo": "1", "seat": seat, "round": round_}
        win = Win(tsumo=True, seat_wind=seat.upper(), round_wind=round_.upper())
        total = score(query["q"], query["win"], win).total
        fields, ready = ("seat", "round"), "#score-total"
    else:
        query = {"q": "123m456p789s123s55z", "win": "5z", "seat": seat, "prevalent": round_}
        win = McrWin(self_drawn=False, seat_wind=seat.upper(), prevalent_wind=round_.upper())
        total = mcr_score(query["q"], query["win"], win).total
        fields, ready = ("seat", "prevalent"), "#mcr-total"
    page.goto(f"{base_url}/?{urlencode({'view': view, **query})}")
    page.wait_for_selector(ready)
    form = "#score-form" if view == "score" else "#mcr-score-form"
    assert [page.input_value(f"{form} select[name={f}]") for f in fields] == [seat.upper(), round_.upper()]
    assert page.get_attribute(ready, "data-total") == str(total)


def _label_of(page, form: str, name: str):
    return page.locator(f"{form} [name={name}]").locator("xpath=ancestor::label[1]")


@pytest.mark.parametrize(
    ("view", "form", "bad", "expected"),
    [
        ("score", "#score-form", {"rules": "nonsense"}, "rules must be Tenhou, EMA, "),
        ("score", "#score-form", {"seat": "x"}, "seat must be E, S, W or N, got 'x'"),
        ("mcr-score", "#mcr-score-form", {"prevalent": "q"}, "prevalent must be E, S, W or N, got 'q'"),
        ("mcr-score", "#mcr-score-form", {"edition": "2020"}, "edition must be 2006 or 1998, got '2020'"),
    ],
)
def test_a_value_the_form_cannot_take_is_shown_next_to_its_field(page, base_url, view, form, bad, expected):
    base = (
        dict(KOKUSHI_13)
        if view == "score"
        else {"q": "123m456p789s123s55z", "win": "5z", "seat": "E", "prevalent": "S"}
    )
    name = next(iter(bad))
    page.goto(f"{base_url}/?{urlencode({'view': view, **base, **bad})}")
    note = page.locator(f"{form} .field-error[data-for={name}]")
    note.wait_for()
    assert note.is_visible() and note.inner_text().startswith(expected)
    assert bad[name] in note.inner_text()
    assert _label_of(page, form, name).evaluate("l => l.nextElementSibling.dataset.for") == name
    assert page.get_attribute(f"{form} [name={name}]", "aria-invalid") == "true"
    assert page.locator("#score-total, #mcr-total").count() == 0  # not answered as if it were absent
    assert "required" not in page.inner_text("main")
    page.click(f"{form} button[type=submit]")  # the form's own value is asked for then
    page.wait_for_selector("#score-total, #mcr-total")
    assert page.locator(f"{form} .field-error").count() == 0


def _stub(page, route: str, body: dict) -> None:
    """Answer the page's requests to an API route with a 400 and this body (the API's shape)."""
    page.route(
        re.compile(rf".*{re.escape(route)}\?.*"),
        lambda r: r.fulfill(status=400, content_type="application/json", body=json.dumps(body)),
    )


API_ERRORS = [
    ("score", "/api/score", "#score-form", "#score-error", "sticks", "sticks must be 1 or more"),
    ("score", "/api/score", "#score-form", "#score-error", "tsumo", "tsumo contradicts ron"),
    ("efficiency", "/api/hint", "#eff-form", "#eff-error", "visible", "visible: 5m is not here"),
    ("mcr-score", "/api/mcr/score", "#mcr-score-form", "#mcr-score-error", "win", "win must be in the hand"),
    ("mcr-hint", "/api/mcr/hint", "#mcr-hint-form", "#mcr-hint-error", "visible", "visible is bad"),
]


@pytest.mark.parametrize(("view", "route", "form", "fallback", "field", "message"), API_ERRORS)
def test_an_api_error_naming_a_parameter_is_shown_next_to_that_field(
    page, base_url, view, route, form, fallback, field, message
):
    _stub(page, route, {"error": message, "type": "InvalidSituationError", "parameter": field})
    query = {"q": "234m456p678s22345s", "win": "5s", "seat": "E", "round": "E"}
    if view != "efficiency":
        query["view"] = view
    page.goto(f"{base_url}/?{urlencode(query)}")
    note = page.locator(f"{form} .field-error[data-for={'by' if field == 'tsumo' else field}]")
    note.wait_for()
    assert note.inner_text() == f"{message} (InvalidSituationError)"
    assert page.locator(fallback).is_hidden()
    anchor = "fieldset" if field == "tsumo" else "label"
    owner = page.locator(f"{form} [name={field}], {form} [value={field}]").first
    assert owner.evaluate(f"f => f.closest('{anchor}').nextElementSibling.dataset.for") in (field, "by")


@pytest.mark.parametrize("parameter", [None, "q", "no-such-field"])
def test_an_api_error_about_the_hand_or_no_field_stays_after_the_hand(page, base_url, parameter):
    body = {"error": "hand: something is wrong", "type": "InvalidHandError"}
    if parameter:
        body["parameter"] = parameter
    _stub(page, "/api/score", body)
    page.goto(f"{base_url}/?view=score&q=234m456p678s22345s&win=5s&seat=E&round=E")
    page.wait_for_selector("#score-error:not([hidden])")
    assert page.inner_text("#score-error") == "hand: something is wrong (InvalidHandError)"
    assert page.locator("#score-form .field-error").count() == 0
