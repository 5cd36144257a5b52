"""Issue 11 item 3: the explainer's suggestion never waits on the tile it lets go, never
counts that tile's copies live, says furiten, says on a ron that it assumes the winning
tile was already in hand, and is data in ``ScoreResult.to_dict()``."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

from riichi_lut.cli.main import main
from riichi_lut.coach.explain import SUGGESTION_CODES, Suggestion, score_report, suggestion, suggestions
from riichi_lut.riichi import score

README = Path(__file__).resolve().parents[2] / "README.md"

# 11m 234p 788p 889p 222s won on 8p by ron (a 78p + 8p shape): riichi only. Keeping the
# 8p and letting 2p go leaves 11m 34p 788889p 222s, tenpai on 2p and 5p; 2p is the let-go
# tile (own discard: furiten, and never a wait), so the suggestion is 5p, 4 live tiles.
RON_HAND = ("11m234788889p222s", "8p", {"tsumo": False, "seat_wind": "W", "round_wind": "E"})
RIICHI = {"riichi": True, "riichi_sticks": 1}
# 777789p 77s 333z 777z won on 7p by tsumo (dealer): letting 9p go waits on 6p (and 9p)
TSUMO_HAND = ("777789p77s333777z", "7p", {"tsumo": True, "seat_wind": "E", "round_wind": "E"})


def _wider(r):
    """The wider-wait alternative the explainer weighed (always furiten, so not the one said)."""
    return next(s for s in suggestions(r) if s.code == "wider_wait")


def test_wider_wait_never_waits_on_the_tile_it_lets_go():
    hand, tile, facts = RON_HAND
    s = _wider(score(hand, tile, **facts, **RIICHI))
    assert (s.code, s.let_go, s.waits) == ("wider_wait", "2p", ("5p",))
    assert s.let_go not in s.waits


def test_wider_wait_does_not_count_the_let_go_tiles_copies_live():
    # before: 2p 4 + 5p 4 = 8 "tiles", the let-go 2p counted as if nobody had seen it
    hand, tile, facts = RON_HAND
    s = _wider(score(hand, tile, **facts, **RIICHI))
    assert (s.live, s.total, s.against) == ((4,), 4, 3)
    assert s.furiten is True


def test_wider_wait_on_a_ron_says_it_assumes_the_winning_tile_was_held():
    hand, tile, facts = RON_HAND
    s = _wider(score(hand, tile, **facts, **RIICHI))
    assert s.assumes_win_tile_held is True
    assert s.text == (
        "Had the 8p you won on by ron already been in your hand (an assumption: it was another"
        " player's discard), letting 2p go instead would have waited on 5p, 4 live tiles against"
        " your 3, for at least the same value; but furiten (2p your own discard): by tsumo only,"
        " where your wait could also win by ron."
    )


def test_wider_wait_on_a_tsumo_keeps_the_drawn_tile_without_the_ron_assumption():
    hand, tile, facts = TSUMO_HAND
    s = _wider(score(hand, tile, **facts))
    assert (s.code, s.let_go, s.waits, s.assumes_win_tile_held) == ("wider_wait", "9p", ("6p",), False)
    assert s.text.startswith("Keeping the 7p and letting 9p go instead would have waited on 6p,")
    assert "by tsumo only" in s.text and "assumption" not in s.text


def test_dora_indicators_are_not_live():
    # 222m 123p 345p 678p 33z won on 4p by ron: letting 3p go waits on 6p 9p (3p excluded).
    # A 9p dora indicator is a visible 9p: one live copy fewer.
    hand, tile = "222m123345678p33z", "4p"
    facts = {"tsumo": False, "seat_wind": "S", "round_wind": "E", **RIICHI}
    plain = _wider(score(hand, tile, **facts))
    shown = _wider(score(hand, tile, **facts, dora_indicators="9p"))
    assert (plain.code, plain.let_go, plain.waits) == ("wider_wait", "3p", ("6p", "9p"))
    assert (shown.code, shown.waits) == ("wider_wait", ("6p", "9p"))
    assert shown.live == (plain.live[0], plain.live[1] - 1) and shown.total == plain.total - 1


def test_suggestion_is_data_in_the_score_report():
    hand, tile, facts = RON_HAND
    r = score(hand, tile, **facts, **RIICHI)
    data = score_report(r)
    # issue 25: to_dict() is the score's data; the report adds the explainer's, at the end
    assert list(data) == [*r.to_dict(), "suggestion", "alternatives"]
    assert "suggestion" not in r.to_dict() and "alternatives" not in r.to_dict()
    assert data["suggestion"] == suggestion(r).to_dict()
    assert data["suggestion"]["code"] == "none"
    wider = _wider(r)
    assert data["alternatives"] == [wider.to_dict()]
    assert data["alternatives"][0] == {
        "code": "wider_wait",
        "text": wider.text,
        "gain": 0,
        "points": wider.points,
        "let_go": "2p",
        "waits": ["5p"],
        "live": [4],
        "total": 4,
        "against": 3,
        "win_tile": None,
        "furiten": True,
        "assumes_win_tile_held": True,
    }
    assert json.loads(json.dumps(data))["alternatives"] == data["alternatives"]


def test_a_furiten_wider_wait_is_never_the_one_said():
    # the only alternative of the ron hand is the wider wait, furiten: the explainer says
    # nothing obvious to change, and why that wait is no better
    hand, tile, facts = RON_HAND
    r = score(hand, tile, **facts, **RIICHI)
    said = suggestion(r)
    assert [s.code for s in suggestions(r)] == ["wider_wait"]
    assert said.code == "none" and not said.furiten
    assert said.text == (
        "Nothing obvious to change: letting 2p go would have waited on 5p (4 live tiles against"
        " your 3), but furiten (2p your own discard): by tsumo only, where your wait could also"
        " win by ron."
    )
    assert r.explain().endswith(said.text)


def test_every_suggestion_has_a_known_code_and_the_first_is_said():
    cases = [
        score("234m456p678s22345s", "5s", tsumo=False, seat_wind="S", round_wind="E"),  # riichi
        score("12345678923455p", "4p", tsumo=False, seat_wind="S", round_wind="E", **RIICHI),  # dama
        score("234567m999m11z [555z]", "7m", tsumo=True, seat_wind="S", round_wind="E"),  # closed
        score("19m19p19s12345677z", "1m", tsumo=False, seat_wind="S", round_wind="E"),  # none
    ]
    assert [suggestion(r).code for r in cases] == ["riichi", "dama", "closed", "none"]
    for r in cases:
        s = suggestion(r)
        assert isinstance(s, Suggestion) and s.code in SUGGESTION_CODES
        assert r.explain().endswith(s.text)
        playable = [a for a in suggestions(r) if not a.furiten]
        assert playable[:1] in ([s], [])


def test_cli_score_json_includes_the_suggestion(capsys):
    hand, tile, _ = RON_HAND
    argv = ["score", hand, "--win", tile, "--ron", "--seat", "W", "--round", "E", "--riichi", "--sticks", "1"]
    assert main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["suggestion"]["code"] == "none" and "furiten" in out["suggestion"]["text"]
    assert [a["code"] for a in out["alternatives"]] == ["wider_wait"]
    assert out["alternatives"][0]["waits"] == ["5p"] and out["alternatives"][0]["live"] == [4]


def test_readme_score_example_is_what_the_cli_prints(capsys):
    text = README.read_text(encoding="utf-8")
    block = text[text.index("```text\n$ riichi-lut score") :].split("\n", 1)[1].split("```", 1)[0]
    command, shown = block.split("\n", 1)
    argv = shlex.split(command.removeprefix("$ "))[1:]  # after "riichi-lut"
    assert main(argv) == 0
    assert capsys.readouterr().out == shown


def test_an_open_riichi_is_weighed_against_dama_too():
    """An open riichi (RuleSet.open_riichi, issue 14) that adds nothing is "dama" like a
    plain riichi: dama takes the open riichi back with the riichi."""
    from riichi_lut.riichi import TENHOU

    facts = {"tsumo": False, "seat_wind": "S", "round_wind": "E", **RIICHI, "open_riichi": True}
    r = score("12345678999955p", "5p", **facts, rules=TENHOU.replace(open_riichi=True))  # baiman either way
    assert "open_riichi" in {y.id for y in r.yaku}
    assert suggestion(r).code == "dama"


def test_the_scorer_imports_no_explainer_and_explain_still_works():
    # issue 25: riichi/score.py imports nothing from coach/ (no import circle); the facade
    # provides ScoreResult.explain() through riichi_lut.hooks, loading coach.explain on use
    code = (
        "import sys\n"
        "from riichi_lut.riichi.score import score\n"
        "r = score('234m456p678s22345s', '5s', tsumo=False, seat_wind='S', round_wind='E')\n"
        "d = r.to_dict()\n"
        "assert 'riichi_lut.coach.explain' not in sys.modules, 'the scorer loaded the explainer'\n"
        "assert 'suggestion' not in d\n"
        "from riichi_lut.coach.explain import explain\n"
        "assert r.explain() == explain(r) and r.explain().startswith('What won:')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_dama_is_said_to_a_double_rons_second_winner_with_no_stick_left():
    # issue 25: a riichi winner with riichi_sticks=0 (the first winner took the sticks) is
    # weighed against dama like any other riichi win
    facts = {"tsumo": False, "seat_wind": "S", "round_wind": "E", "riichi": True}
    for sticks in (1, 0):
        r = score("12345678923455p", "4p", **facts, riichi_sticks=sticks)
        said = suggestion(r)
        assert (said.code, said.points) == ("dama", r.points)
