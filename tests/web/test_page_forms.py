"""The page's forms ask for exactly what the commands take: every field of the Score and
Chinese Official forms is a flag of ``riichi-lut score`` / ``riichi-lut mcr score`` (the
API's parameter names), every switch of those commands has its checkbox, and the rule
and edition lists are the library's (``PRESETS``, ``mcr.rules.EDITIONS``) — so a preset
or a win flag added to the library cannot be missing from the page unnoticed."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from riichi_lut.app import REQUESTS, choice
from riichi_lut.mcr.rules import EDITIONS
from riichi_lut.riichi import PRESETS

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
