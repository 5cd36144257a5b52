"""The explainer under a three-player rule set: its waits and live counts are those of
the 108-tile set (``ukeire(..., players=3)``) and count the North tiles set aside (kita)
as visible.

On a legal three-player win the four-player and three-player ukeire agree at tenpai (a
four-player wait on a 2m-8m needs a 2m-8m in hand, and a winning three-player hand never
holds four 1m or 9m in its concealed tiles): a search over 2,189 seeded three-player wins
found no explanation that differs. So that the explainer asks the three-player question is
checked by what it asks (every ``ukeire`` call is recorded); the kita are what changes its
words."""

from __future__ import annotations

from typing import Any

import pytest

from riichi_lut.analysis.efficiency import ukeire
from riichi_lut.coach import explain as explain_module
from riichi_lut.riichi import TENHOU, TENHOU_SANMA, score

#: shanpon 9m/4z won on 9m; letting 1p go instead waits on 4p 7p (ryanmen)
HAND = "999m44z123p456p789s"


def recorded_players(monkeypatch: pytest.MonkeyPatch, r: Any) -> list[int]:
    seen: list[int] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("players", 4))
        return ukeire(*args, **kwargs)

    monkeypatch.setattr(explain_module, "ukeire", spy)
    explain_module.explain(r)
    return seen


@pytest.mark.parametrize(("rules", "players"), [(TENHOU_SANMA, 3), (TENHOU, 4)])
def test_every_ukeire_of_the_explainer_is_of_the_rule_sets_players(
    monkeypatch: pytest.MonkeyPatch, rules: Any, players: int
) -> None:
    r = score(HAND, "9m", tsumo=True, seat_wind="S", round_wind="E", rules=rules)
    seen = recorded_players(monkeypatch, r)
    assert len(seen) > 5 and set(seen) == {players}  # the wait played and each let-go tile


def live_of(hand: str, visible: dict[str, Any]) -> int:
    return ukeire(hand, visible, players=3).total


@pytest.mark.parametrize("kita", [0, 1, 2])
def test_kita_are_not_live_in_the_wait_played(kita: int) -> None:
    win = {"tsumo": True, "seat_wind": "S", "round_wind": "E", "riichi": True, "riichi_sticks": 1}
    r = score(HAND, "9m", kita=kita, rules=TENHOU_SANMA, **win)
    (wider,) = [s for s in explain_module.suggestions(r) if s.code == "wider_wait"]
    # the wait played, 99m 44z: 9m two live, 4z two less the kita (set aside, face up)
    against = live_of("99m44z123p456p789s", {"dora_indicators": "4z" * kita})
    assert wider.against == against == 4 - kita
    assert (wider.let_go, wider.waits, wider.live, wider.total) == ("1p", ("4p", "7p"), (3, 4), 7)
    said = explain_module.explain(r).splitlines()[-1]
    assert said.startswith("Nothing obvious to change: letting 1p go would have waited on 4p 7p")
    assert f"(7 live tiles against your {4 - kita})" in said
    assert wider.to_dict() in explain_module.score_report(r)["alternatives"]
