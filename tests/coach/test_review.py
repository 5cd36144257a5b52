"""The game review (riichi_lut.coach.review) on real logs and played games.

Every discard of the reviewed seat is checked against an independent walk of the log's
own events (the hand, the rivers, the calls, the dora indicators and the kita the seat
could see, rebuilt here without the engine), and the live counts are recomputed with
``riichi_lut.ukeire`` on that walk's hand and visible tiles.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import pytest
from gamelogs import MJAI, MJLOG, TENHOU6

import riichi_lut
from riichi_lut import Visible, hint, shanten_value, ukeire
from riichi_lut.coach.explain import explain, how_counted, what_won
from riichi_lut.coach.review import NOTE, Review, review
from riichi_lut.coach.review_model import VERDICTS
from riichi_lut.core.calls import Call, CallType
from riichi_lut.core.hand import Hand
from riichi_lut.core.tiles import kind_of, tile_name
from riichi_lut.errors import InvalidArgumentError, LogFormatError, RiichiLutError
from riichi_lut.game import play_one, read_log, replay
from riichi_lut.game.record import (
    ADDED_KAN,
    CHI,
    CLOSED_KAN,
    DISCARD,
    DORA,
    DRAW,
    KITA,
    OPEN_KAN,
    PON,
    RIICHI,
    GameRecord,
    WinResult,
)

SHORT = MJLOG / "2020052212gm-00a9-0000-3c7fe026.mjlog"  # two hands: an exhaustive draw, a ron
WINS = MJLOG / "2017040900gm-00a9-0000-af5434e3.mjlog"  # two hands: a ron, a tsumo
BYE = MJLOG / "2019081518gm-00a9-0000-cce9d00c.xml"  # seat 0 disconnects in E1 (Tenhou's BYE)
NO_END = MJLOG / "2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog"
_CALLS = {CHI: CallType.CHI, PON: CallType.PON, OPEN_KAN: CallType.OPEN_KAN, CLOSED_KAN: CallType.CLOSED_KAN}


def _shared_logs() -> list:
    """Every log of the shared set (tests/data/game-logs, gamelogs.py)."""
    paths = sorted(p for p in MJLOG.iterdir() if p.suffix in (".mjlog", ".xml"))
    paths += sorted(p for p in TENHOU6.iterdir() if p.suffix == ".json")
    return paths + sorted(MJAI.iterdir())


@cache
def _played(players: int) -> GameRecord:
    """A game of our own: three hands with kita, pons, an open and an added kan, riichi."""
    return play_one(["random", "efficiency", "random"][:players], seed=2, players=players, length="tonpuu")


@cache
def _review(path_or_players: object, seat: int) -> Review:
    source = _played(path_or_players) if isinstance(path_or_players, int) else read_log(path_or_players)
    return review(source, seat)


# ---------------------------------------------------------------- the independent walk
@dataclass
class _Seen:
    """One discard of the walked seat: the 14 tiles and calls before it, what it could see."""

    round: str
    tile: int
    hand: Hand
    visible: Visible
    declares: bool
    forced: bool


@dataclass
class _Walk:
    hands: list[list[int]]
    melds: list[list[tuple[CallType, list[int], int | None, int | None]]]  # type, tiles, called, from
    rivers: list[list[list]] = field(default_factory=list)  # [tile, called]
    dora: list[int] = field(default_factory=list)
    kita: list[int] = field(default_factory=list)
    indicators: list[int] = field(default_factory=list)  # the kan dora indicators, in order


def _turn(walk: _Walk, count: int) -> None:
    """Turn ``count`` kan dora indicators."""
    for _ in range(count):
        walk.dora.append(walk.indicators[len(walk.dora) - 1])


def _visible(walk: _Walk, seat: int) -> Visible:
    discards, calls, own, other = [0] * 34, [0] * 34, [0] * 34, [0] * 34
    for s, river in enumerate(walk.rivers):
        for tile, called in river:
            if s == seat:
                own[kind_of(tile)] += 1
            elif not called:
                discards[kind_of(tile)] += 1
    for s, melds in enumerate(walk.melds):
        if s == seat:
            continue
        for _, tiles, called, source in melds:
            rest = list(tiles)
            if source == seat:
                rest.remove(called)  # counted among the seat's own discards
            for tile in rest:
                calls[kind_of(tile)] += 1
    other[30] = sum(walk.kita)
    dora = [0] * 34
    for tile in walk.dora:
        dora[kind_of(tile)] += 1
    return Visible(discards=discards, calls=calls, dora_indicators=dora, other=other, own_discards=own)


def _hand(walk: _Walk, seat: int) -> Hand:
    calls = []
    for kind, tiles, _, _ in walk.melds[seat]:
        calls.append(
            Call.added_kan(kind_of(tiles[0]), sum(t >= 34 for t in tiles))
            if kind is None
            else Call(kind, tiles)
        )
    return Hand.from_codes(walk.hands[seat], calls)


def walk_discards(record: GameRecord, seat: int, ends: list | None = None) -> list[_Seen]:
    """Every discard of ``seat`` in the log, with the state it was made in. Kan dora turn
    as the rules say (docs/game.md): a closed kan's at once, an open or added kan's with
    the kan-maker's next discard (Tenhou writes that DORA just before the discard; the
    seat chose it without seeing the indicator); the tiles are the log's DORA events, or
    the indicators a tenhou.net/6 log lists for the hand."""
    out = []
    for rnd in record.rounds:
        walk = _Walk([list(h) for h in rnd.hands], [[] for _ in rnd.hands])
        walk.rivers = [[] for _ in rnd.hands]
        walk.dora = [rnd.dora_indicator]
        walk.kita = [0] * len(rnd.hands)
        walk.indicators = [e.tile for e in rnd.events if e.type == DORA] + list(rnd.later_indicators or ())
        pending = 0
        riichi, declaring = False, False
        for event in rnd.events:
            s, tile = event.seat, event.tile
            if event.type == DRAW:
                walk.hands[s].append(tile)
            elif event.type == DISCARD:
                if s == seat:
                    hand, visible = _hand(walk, s), _visible(walk, s)
                    out.append(_Seen(rnd.name, tile, hand, visible, declaring, riichi))
                    riichi, declaring = riichi or declaring, False
                walk.hands[s].remove(tile)
                walk.rivers[s].append([tile, False])
                _turn(walk, pending)
                pending = 0
            elif event.type == RIICHI and s == seat:
                declaring = True
            elif event.type in (CHI, PON, OPEN_KAN):
                for t in event.consumed:
                    walk.hands[s].remove(t)
                walk.rivers[event.target][-1][1] = True
                tiles = [*event.consumed, tile]
                walk.melds[s].append((_CALLS[event.type], tiles, tile, event.target))
                pending += event.type == OPEN_KAN
            elif event.type == CLOSED_KAN:
                for t in event.consumed:
                    walk.hands[s].remove(t)
                walk.melds[s].append((CallType.CLOSED_KAN, list(event.consumed), None, None))
                _turn(walk, pending + 1)
                pending = 0
            elif event.type == ADDED_KAN:
                walk.hands[s].remove(tile)
                pons = [m[0] == CallType.PON and kind_of(m[1][0]) == kind_of(tile) for m in walk.melds[s]]
                k = pons.index(True)
                _, tiles, called, source = walk.melds[s][k]
                walk.melds[s][k] = (None, [*tiles, tile], called, source)
                _turn(walk, pending)
                pending = 1
            elif event.type == KITA:
                walk.hands[s].remove(tile)
                walk.kita[s] += 1
        if ends is not None:  # the seat's hand and what it saw when the hand ended
            ends.append((rnd.name, _hand(walk, seat), _visible(walk, seat)))
    return out


def _without(hand: Hand, tile: int) -> Hand:
    codes = list(hand.codes)
    codes.remove(tile)
    return Hand.from_codes(codes, hand.calls)


def _best_code(hand: Hand, notation: str) -> int:
    """The code in ``hand`` of the tile ``notation`` names (``0p`` the red five)."""
    return next(c for c in hand.codes if tile_name(c) == notation)


def check_seat(record: GameRecord, result: Review, seat: int, players: int) -> None:
    """The "must show" of issue 28 for one seat."""
    walked = walk_discards(record, seat)
    discards = [d for d in result.decisions if d.kind == "discard"]
    # every discard of the seat is a decision, in order, forced ones under riichi marked
    assert [(d.round, d.played) for d in discards] == [(w.round, tile_name(w.tile)) for w in walked]
    assert [d.forced for d in discards] == [w.forced for w in walked]
    assert [d.declares_riichi for d in discards] == [w.declares for w in walked]
    for k, d in enumerate(result.decisions):
        if d.kind == "riichi":  # the declaration, then the discard that declares it
            assert result.decisions[k + 1].kind == "discard" and result.decisions[k + 1].declares_riichi
    for d, w in zip(discards, walked, strict=True):
        where = (d.round, d.turn, d.played)
        assert d.state is not None and sorted(d.state.hand) == sorted(list(w.hand.codes)), where
        after = _without(w.hand, w.tile)
        # live counts: riichi_lut.ukeire on the walk's hand, the discard one of the seat's own
        seen = w.visible
        own = list(seen.own_discards)
        own[kind_of(w.tile)] += 1
        played = ukeire(
            after, Visible(seen.discards, seen.calls, seen.dora_indicators, seen.other, own), players=players
        )
        assert (d.played_shanten, d.played_live) == (played.shanten, played.total), where
        assert [(t.kind, t.live) for t in d.played_accepts] == [(t.kind, t.live) for t in played.accepted]
        best_tile = _best_code(w.hand, d.best)
        own_best = list(seen.own_discards)
        own_best[kind_of(best_tile)] += 1
        best = ukeire(
            _without(w.hand, best_tile),
            Visible(seen.discards, seen.calls, seen.dora_indicators, seen.other, own_best),
            players=players,
        )
        assert (d.best_shanten, d.best_live) == (best.shanten, best.total), where
        assert [(t.kind, t.live) for t in d.best_accepts] == [(t.kind, t.live) for t in best.accepted]
        # given up: what the best accepts and the played discard does not (and the reverse)
        mine, theirs = {t.kind for t in d.played_accepts}, {t.kind for t in d.best_accepts}
        assert [t.kind for t in d.given_up] == sorted(theirs - mine), where
        assert [t.kind for t in d.gained] == sorted(mine - theirs), where
        # at equal shanten (and furiten alike) the best never accepts fewer live tiles
        if d.played_shanten == d.best_shanten and d.furiten == best.furiten:
            assert d.best_live >= d.played_live, where
        # a discard that goes back in shanten is reported as going back
        lowest = max(shanten_value(list(w.hand.concealed), w.hand.n_calls, players), 0)
        assert d.back == (played.shanten > lowest), where
        # where the played discard is the engine's first choice the verdict is best
        first = hint(w.hand, w.visible, players=players).discard
        if d.judged:
            assert d.verdict in VERDICTS
            assert (d.verdict == "best") == (d.played == d.best), where
            if tile_name(w.tile) == first:
                assert d.verdict == "best", where
        else:
            assert d.forced or d.defence, where


#: yaku that come of how the tile came, not of the hand: a ron may have only these
_SITUATIONAL = {"houtei", "chankan", "ippatsu", "haitei", "rinshan", "double_riichi"}


def check_ends(record: GameRecord, result: Review, seat: int) -> None:
    """Each win has the explainer's words, each deal-in the winner's hand; a ron was on a
    wait the last discard said had a yaku; the summary adds up."""
    won = {r.name: r.outcome for r in replay(record).rounds}
    last: dict[str, dict] = {}
    for d in result.decisions:
        if d.kind == "discard":
            last[d.round] = d.facts
        if d.kind == "win" and not d.facts["tsumo"]:
            yaku = {y.id for w in won[d.round].wins if w.seat == seat for y in w.result.yaku}
            waits = {w["tile"]: w["ron_yaku"] for w in last[d.round].get("waits", [])}
            assert waits, (d.round, "won without a tenpai discard before")
            if yaku - _SITUATIONAL:
                assert waits[d.facts["tile"].replace("0", "5")], (d.round, d.facts["tile"], waits)
        if d.kind == "call" and "yaku" in d.facts:
            assert d.facts["yaku"] in (True, False, None)
    wins = [r for rnd in record.rounds for r in rnd.results if isinstance(r, WinResult)]
    assert sum(d.kind == "win" for d in result.decisions) == sum(w.seat == seat for w in wins)
    dealt = sum(w.from_seat == seat and w.seat != seat for w in wins)
    assert sum(d.kind == "deal_in" for d in result.decisions) == dealt
    s = result.summary
    judged = [d for d in result.decisions if d.judged]
    assert s.judged == len(judged) and sum(s.verdicts.values()) == len(judged)
    if judged:
        assert s.agreement == (s.verdicts["best"] + s.verdicts["equal"]) / len(judged)
    assert s.given_up == sum(s.per_hand.values()) == sum(d.tiles_given_up for d in judged)
    losses = sorted((d.tiles_given_up for d in judged if d.tiles_given_up), reverse=True)
    assert [d.tiles_given_up for d in s.largest] == losses[:3]
    assert s.backs == tuple(d for d in judged if d.back) and s.shanten_back == len(s.backs)
    json.dumps(result.to_dict())  # JSON-ready


# ---------------------------------------------------------------- the fast tier
@pytest.mark.parametrize("path", [SHORT, WINS], ids=lambda p: p.name)
@pytest.mark.parametrize("seat", range(4))
def test_two_short_games_every_discard_is_checked(path, seat):
    record = read_log(path)
    result = _review(path, seat)
    check_seat(record, result, seat, 4)
    check_ends(record, result, seat)
    assert result.complete and result.note == NOTE and not result.skipped


@pytest.mark.parametrize("seat", range(3))
def test_a_three_player_game(seat):
    record = _played(3)
    kinds = {e.type for rnd in record.rounds for e in rnd.events}
    assert {KITA, PON, ADDED_KAN, DORA, RIICHI} <= kinds
    result = _review(3, seat)
    assert result.players == 3
    check_seat(record, result, seat, 3)
    check_ends(record, result, seat)


def test_the_seat_by_name_is_the_seat_by_index():
    record = read_log(WINS)
    by_name = review(record, record.names[2])
    assert by_name.seat == 2 and by_name.to_dict() == _review(WINS, 2).to_dict()
    assert review(record, np.int64(2)).summary == by_name.summary  # a numpy integer is an index


def test_a_path_text_or_bytes_is_read_as_a_log():
    from_path = review(WINS, 1)
    assert from_path.to_dict(state=False) == _review(WINS, 1).to_dict(state=False)
    assert review(WINS.read_bytes(), 1).summary == from_path.summary


def test_wins_are_explained_and_deal_ins_show_the_winning_hand():
    record = read_log(WINS)
    outcome = replay(record)
    ends = [rnd.outcome for rnd in outcome.rounds if rnd.outcome]
    assert {w.seat == w.from_seat for end in ends for w in end.wins} == {True, False}  # a tsumo, a ron
    for seat in range(4):
        wins = [d for d in _review(WINS, seat).decisions if d.kind == "win"]
        results = [w.result for end in ends for w in end.wins if w.seat == seat]
        assert [d.why for d in wins] == [explain(r) for r in results]
    for seat in range(4):
        deal_ins = [d for d in _review(WINS, seat).decisions if d.kind == "deal_in"]
        fed = [w.result for end in ends for w in end.wins if w.from_seat == seat != w.seat]
        assert len(deal_ins) == len(fed)
        for d, r in zip(deal_ins, fed, strict=True):
            assert d.why.startswith("Dealt in") and d.facts["hand"] == r.situation.hand.to_text()
            assert d.why.endswith("\n".join([*what_won(r), *how_counted(r)]))


def test_a_draw_says_tenpai_or_noten_and_the_live_winning_tiles():
    record = read_log(SHORT)
    outcome = replay(record)
    drawn = [r.outcome for r in outcome.rounds if r.outcome and r.outcome.kind == "exhaustive"]
    assert drawn
    for seat in range(4):
        ends: list = []
        walk_discards(record, seat, ends)
        final = {name: ukeire(hand, visible) for name, hand, visible in ends}
        draws = [d for d in _review(SHORT, seat).decisions if d.kind == "draw"]
        assert [d.facts["tenpai"] for d in draws] == [seat in o.tenpai for o in drawn]
        for d in draws:
            report = final[d.round]
            assert (d.played_shanten, d.played_live) == (report.shanten, report.total)
            assert d.facts["tenpai"] == (report.shanten == 0) and ("noten" in d.why) != d.facts["tenpai"]


def test_the_replay_hooks_see_every_decision_and_change_nothing():
    record = read_log(WINS)
    seen: list[tuple[int, str]] = []
    ends = []
    hooked = replay(
        record,
        on_decision=lambda table, seat, action: seen.append(
            (seat, "pass" if action is None else action.type)
        ),
        on_round_end=lambda table: ends.append(table.outcome),
    )
    assert hooked == replay(record)
    turn_types = (DISCARD, RIICHI, CLOSED_KAN, ADDED_KAN, KITA, "tsumo", "nine_terminals")
    logged = [(e.seat, e.type) for rnd in record.rounds for e in rnd.events if e.type in turn_types]
    assert [x for x in seen if x[1] in turn_types] == logged
    assert ends == [r.outcome for r in hooked.rounds]


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("seat", [4, -1, True, np.bool_(False), 1.0, None, "2"])
def test_a_seat_that_does_not_exist_is_named(seat):
    with pytest.raises(InvalidArgumentError, match=r"^seat") as error:
        review(read_log(WINS), seat)
    assert error.value.parameter == "seat"


def test_a_three_player_game_has_no_fourth_seat():
    with pytest.raises(InvalidArgumentError, match="3-player game"):
        review(_played(3), 3)


def test_a_name_not_in_the_game_lists_the_players():
    record = read_log(WINS)
    with pytest.raises(InvalidArgumentError, match="not a player of this game") as error:
        review(record, "nobody")
    assert record.names[0] in str(error.value)


def test_a_name_two_seats_share_asks_for_the_index():
    record = read_log(WINS)
    twins = GameRecord(**{**record.__dict__, "names": ("a", "a", "b", "c")})
    with pytest.raises(InvalidArgumentError, match="names seats \\[0, 1\\]"):
        review(twins, "a")


def test_a_truncated_game_is_an_error_unless_partial():
    with pytest.raises(LogFormatError, match=r"stops in .* before the end of the game"):
        review(NO_END, 0)
    record = read_log(WINS)
    cut = dataclasses.replace(record, rounds=record.rounds[:1], final_scores=None, final_points=None)
    part = review(cut, 0, partial=True)
    assert not part.complete and part.skipped == ("the log stops in E1-0: the game after it is not reviewed",)
    assert part.rounds == ("E1-0",) and part.decisions == _review(WINS, 0).decisions[: len(part.decisions)]


def test_a_disconnected_seat_is_an_error_unless_partial():
    record = read_log(BYE)
    with pytest.raises(LogFormatError, match="disconnected"):
        review(record, 0)
    first = dataclasses.replace(record, rounds=record.rounds[:1], final_scores=None, final_points=None)
    assert any("BYE" in s for s in review(first, 0, partial=True).skipped)
    # another seat's disconnection changes nothing it decided: only the cut is said
    assert [s[:12] for s in review(first, 1, partial=True).skipped] == ["the log stop"]


@pytest.mark.parametrize("garbage", ["hello", b"\x00\x01binary", '{"log": 3}', "<html></html>"])
def test_another_format_is_a_log_format_error(garbage):
    with pytest.raises(LogFormatError):
        review(garbage, 0)


def test_rules_must_be_game_rules():
    with pytest.raises(InvalidArgumentError, match=r"^rules"):
        review(read_log(WINS), 0, rules="tenhou")


def test_the_facade_exports_review():
    assert riichi_lut.review is review and riichi_lut.Review is Review


# ---------------------------------------------------------------- every shared game (slow)
@pytest.mark.slow
@pytest.mark.parametrize("path", _shared_logs(), ids=lambda p: p.name)
def test_every_complete_shared_game_every_seat(path):
    record = read_log(path)
    try:
        complete = replay(record).complete
    except RiichiLutError as error:  # a short edge case the engine refuses (tests/game say which)
        pytest.skip(f"the engine does not replay it: {error}")
    if not complete:
        pytest.skip("not a complete game")
    away = {int(d["who"]) for d in record.meta.get("disconnections", [])}
    for seat in range(record.players):
        result = review(record, seat, partial=True)  # a seat that disconnected: reviewed, and said
        assert bool(result.skipped) == (seat in away) and result.complete
        check_seat(record, result, seat, record.players)
        check_ends(record, result, seat)
