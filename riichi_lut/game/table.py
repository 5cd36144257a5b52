"""One table: the state of a game and of its current hand, and ``step``, which applies
the decisions of one moment.

A hand moves through three kinds of moment (``Table.phase``):

- ``"turn"``: the seat ``actor`` holds 14 tiles (counting melds as three) and decides:
  discard, riichi, tsumo, a closed or added kan, kita, nine terminals (after a chi or
  pon: a discard only);
- ``"claim"``: a discard lies on the table and the other seats decide together, without
  seeing each other: ron, pon, open kan, chi or pass (priority ron > pon/kan > chi);
- ``"chankan"``: an added kan's tile may be robbed (ron) or passed.

Draws are not decisions: the engine makes them (and the kan dora flips, the riichi
deposits, the end of the hand). ``"round_over"`` follows the last moment of a hand:
``Table.outcome`` tells how it ended, and :meth:`Table.next_round` moves on (or the
game ends: ``"game_over"``). ``step`` mutates the table and returns the :class:`Event`
records of what happened, in a log's order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..core.tiles import kind_of
from ..errors import IllegalActionError
from ..riichi.score import ScoreResult
from .actions import (
    ADDED_KAN_A,
    CHI_A,
    CLOSED_KAN_A,
    DISCARD_A,
    KITA_A,
    NINE_A,
    OPEN_KAN_A,
    PON_A,
    RIICHI_A,
    RON_A,
    TSUMO_A,
    Action,
)
from .legal import claim_options, kuikae_forbidden, legal_actions
from .outcome import Outcome, RoundEnd, draw_outcome, settle_wins
from .progress import after_round
from .record import (
    ADDED_KAN,
    CHI,
    CLOSED_KAN,
    DISCARD,
    DORA,
    DRAW,
    KITA,
    NINE_TERMINALS,
    OPEN_KAN,
    PON,
    RIICHI,
    RIICHI_ACCEPTED,
    RON,
    TSUMO,
    Event,
)
from .roundwall import UNKNOWN, RoundWall
from .rules import GameRules
from .seat import Meld, RiverTile, SeatState
from .view import Claim
from .wins import CLOSED_KAN_ROB, can_ron, can_tsumo, win_at

__all__ = ["CLOSED_KAN_ROB", "Claim", "Table", "step"]

_WINDS = "ESWN"


class Table:
    """The state of one table (``docs/game.md`` lists every field and rule)."""

    def __init__(self, rules: GameRules, scores: tuple[int, ...] | None = None) -> None:
        self.rules = rules
        self.players = rules.players
        self.scores = list(scores) if scores is not None else [rules.start_points] * self.players
        self.number = 0
        self.honba = 0
        self.sticks = 0
        self.dealer = 0
        self.phase = "idle"
        self._legal: dict[int, list[Action]] = {}
        self.outcome: Outcome | None = None
        self.end: RoundEnd | None = None
        self.final_scores: tuple[int, ...] | None = None
        self.final_points: tuple[float, ...] | None = None

    # ---------------------------------------------------------------- a hand starts
    def start_round(self, wall: RoundWall) -> list[Event]:
        """Deal ``wall`` and let the dealer draw."""
        n = self.players
        self.wall = wall
        self.seats = [SeatState() for _ in range(n)]
        for seat, tiles in enumerate(wall.hands):
            for tile in tiles:
                self.seats[seat].add(tile)
        self.revealed = [wall.indicator(0)]
        self.pending_dora = 0
        self.kans: list[int] = []  # the seat of each kan, in order
        self.uninterrupted = True  # no call yet (a closed kan included): the first go-around
        self.claim: Claim | None = None
        self.rinshan_draw = False  # the seat's last draw was a replacement tile
        self.four_kans_pending = False
        self.pao: dict[int, int] = {}  # winner -> the seat liable for its yakuman
        self.outcome = None
        self.end = None
        self.events: list[Event] = []
        self._legal = {}
        self.phase = "turn"
        self.actor = self.dealer
        self._draw(self.dealer)
        return self._flush()

    # ---------------------------------------------------------------- facts for the rules
    def seat_wind(self, seat: int) -> str:
        return _WINDS[(seat - self.dealer) % self.players]

    @property
    def round_wind(self) -> str:
        return _WINDS[self.number // 4 % 4]

    def first_turn(self, seat: int) -> bool:
        """The seat's first draw of the hand, with no call made by anyone before it."""
        return self.uninterrupted and not self.seats[seat].river

    def kan_allowed(self) -> bool:
        """A kan needs a live tile left and fewer than four kans made (four by one player
        end the kans; four by two or more abort the hand)."""
        return self.wall.remaining > 0 and len(self.kans) < 4

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it has nothing to decide)."""
        known = self._legal.get(seat)
        if known is None:
            known = self._legal[seat] = legal_actions(self, seat)
        return known

    def _win(
        self,
        seat: int,
        tile: int,
        tsumo: bool,
        from_seat: int,
        chankan: bool | str = False,
        legality: bool = False,
    ) -> ScoreResult | None:
        """The win ``seat`` would make on ``tile`` (:func:`riichi_lut.game.wins.win_at`)."""
        return win_at(self, seat, tile, tsumo, chankan, legality)

    def can_tsumo(self, seat: int) -> bool:
        return can_tsumo(self, seat)

    def can_ron(self, seat: int, tile: int, discarder: int, chankan: bool | str) -> bool:
        return can_ron(self, seat, tile, chankan)

    # ---------------------------------------------------------------- step
    def step(self, actions: Mapping[int, Action] | None = None) -> list[Event]:
        """Apply the decisions of this moment: in a turn the actor's one action; on a claim
        each deciding seat's (a seat left out passes). Returns the events that followed."""
        actions = dict(actions or {})
        try:
            self._step(actions)
        finally:
            self._legal = {}
        return self._flush()

    def _step(self, actions: dict[int, Action]) -> None:
        if self.phase == "turn":
            action = actions.pop(self.actor, None)
            if action is None:
                raise IllegalActionError(f"it is seat {self.actor}'s turn: step needs that seat's action")
            if actions:
                others = sorted(actions)
                raise IllegalActionError(f"it is seat {self.actor}'s turn: only it acts, got seats {others}")
            self._turn(self._checked(action))
        elif self.phase in ("claim", "chankan"):
            assert self.claim is not None
            chosen = {}
            for seat, action in actions.items():
                if seat not in self.claim.options:
                    raise IllegalActionError(
                        f"seat {seat} has nothing to decide on this {self.phase}: {action}"
                    )
                chosen[seat] = self._checked(action)
            self._resolve(chosen)
        else:
            raise IllegalActionError(f"no decision is due: the table is {self.phase}")

    def _checked(self, action: Action) -> Action:
        for legal in self.legal_actions(action.seat):
            if legal.same(action):
                return legal
        raise IllegalActionError(f"{action} is not legal now ({self.phase}, {self._where()})")

    def _where(self) -> str:
        return f"{len(self.events)} events into the hand"

    def _flush(self) -> list[Event]:
        out, self.events = self.events, []
        return out

    def _emit(self, event: Event) -> None:
        self.events.append(event)

    # ---------------------------------------------------------------- draws and dora
    def _draw(self, seat: int, rinshan: bool = False) -> None:
        if not rinshan and self.wall.remaining <= 0:
            self._exhaustive()
            return
        tile = self.wall.draw_rinshan() if rinshan else self.wall.draw()
        if tile == UNKNOWN:
            raise IllegalActionError(f"seat {seat} draws a tile the log does not show ({self._where()})")
        me = self.seats[seat]
        me.add(tile)
        me.drawn = tile
        self.rinshan_draw = rinshan
        self.actor = seat
        self.phase = "turn"
        self._emit(Event(DRAW, seat=seat, tile=tile))

    def _flip(self) -> None:
        tile = self.wall.indicator(len(self.revealed))
        self.revealed.append(tile)
        self._emit(Event(DORA, tile=tile))

    def _flush_dora(self) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            self._flip()

    # ---------------------------------------------------------------- the turn
    def _turn(self, action: Action) -> None:
        seat = action.seat
        me = self.seats[seat]
        kind = action.type
        if kind == DISCARD_A:
            self._discard(seat, action)
        elif kind == RIICHI_A:
            me.declaring = True
            self._emit(Event(RIICHI, seat=seat))
        elif kind == TSUMO_A:
            assert me.drawn is not None
            self._emit(Event(TSUMO, seat=seat, tile=me.drawn))
            self._finish_wins([(seat, me.drawn)], seat)
        elif kind == CLOSED_KAN_A:
            self._closed_kan(seat, action)
        elif kind == ADDED_KAN_A:
            self._added_kan(seat, action)
        elif kind == KITA_A:
            me.remove(action.tile or 0)
            me.kita += 1
            me.drawn = None
            self._interrupt()  # like a call: the first go-around and every ippatsu end
            self._emit(Event(KITA, seat=seat, tile=action.tile))
            self._draw(seat, rinshan=True)
        elif kind == NINE_A:
            self._emit(Event(NINE_TERMINALS, seat=seat))
            self._abort("nine_terminals")

    def _discard(self, seat: int, action: Action) -> None:
        me = self.seats[seat]
        tile = action.tile
        assert tile is not None
        self._flush_dora()  # an open or added kan's dora turns at the kan-maker's discard
        me.remove(tile)
        declaring = me.declaring
        if not declaring:  # ippatsu lasts until the riichi player's next discard
            me.ippatsu = False
        tsumogiri = bool(action.tsumogiri)
        me.river.append(RiverTile(tile, tsumogiri, riichi=declaring))
        me.drawn = None
        me.forbidden = frozenset()
        me.furiten_turn = False  # same-turn furiten ends at one's own discard
        self._emit(Event(DISCARD, seat=seat, tile=tile, tsumogiri=tsumogiri))
        self._offer(seat, tile, chankan=False, after=lambda: self._passed(seat))

    def _offer(self, discarder: int, tile: int, chankan: bool | str, after: Callable[[], None]) -> None:
        """Open the claims on ``tile``; with nobody to decide, go on at once."""
        options = {}
        for seat in range(self.players):
            if seat != discarder:
                legal = claim_options(self, seat, tile, discarder, chankan)
                if legal:
                    options[seat] = legal
        self.claim = Claim(discarder, tile, options, chankan)
        self._after = after
        if options:
            self.phase = "chankan" if chankan else "claim"
        else:
            self._resolve({})

    # ---------------------------------------------------------------- claims decided
    def _resolve(self, chosen: dict[int, Action]) -> None:
        claim = self.claim
        assert claim is not None
        n = self.players
        order = sorted(chosen, key=lambda s: (s - claim.discarder) % n)
        rons = [s for s in order if chosen[s].type == RON_A]
        self._mark_missed(claim, rons)
        if rons:
            self.claim = None
            if (
                len(rons) == 3
                and "three_ron" in self.rules.aborts
                and self.rules.scoring.multiple_ron == "double"
            ):
                for s in rons:
                    self._emit(Event(RON, seat=s, tile=claim.tile, target=claim.discarder))
                self._abort("three_ron", shown=tuple(rons))
                return
            if self.rules.scoring.multiple_ron == "atamahane":
                rons = rons[:1]
            for s in rons:
                self._emit(Event(RON, seat=s, tile=claim.tile, target=claim.discarder))
            self._finish_wins([(s, claim.tile) for s in rons], claim.discarder, chankan=claim.chankan)
            return
        calls = [chosen[s] for s in order if chosen[s].type in (PON_A, OPEN_KAN_A)]
        calls += [chosen[s] for s in order if chosen[s].type == CHI_A]
        self.claim = None
        after = self._after
        if not claim.chankan and self._accept_riichi(claim.discarder):
            return
        if calls:
            self._call(calls[0], claim)
            return
        after()

    def _mark_missed(self, claim: Claim, rons: list[int]) -> None:
        """Furiten for every seat the tile would have completed and that did not ron on it
        (a yakuless wait too; a passed chankan counts)."""
        for seat in range(self.players):
            if seat == claim.discarder or seat in rons:
                continue
            me = self.seats[seat]
            if me.completes(claim.tile, self.players):
                me.furiten_turn = True
                if me.riichi:
                    me.furiten_riichi = True

    def _accept_riichi(self, seat: int) -> bool:
        """The declaration discard passed: the stick goes on the table (True: four riichi
        aborted the hand)."""
        me = self.seats[seat]
        if not me.declaring:
            return False
        me.declaring = False
        me.riichi = True
        me.double_riichi = self.uninterrupted and len(me.river) == 1
        me.ippatsu = True
        me.riichi_discard = len(me.river) - 1
        self.scores[seat] -= 1000
        self.sticks += 1
        self._emit(Event(RIICHI_ACCEPTED, seat=seat))
        if "four_riichi" in self.rules.aborts and self.players == 4 and all(s.riichi for s in self.seats):
            self._abort("four_riichi")
            return True
        return False

    def _passed(self, discarder: int) -> None:
        """A discard nobody claimed: the aborts it completes, then the next draw."""
        if self.four_kans_pending:
            self._abort("four_kans")
            return
        if "four_winds" in self.rules.aborts and self.players == 4 and self._four_winds():
            self._abort("four_winds")
            return
        self._draw((discarder + 1) % self.players)

    def _four_winds(self) -> bool:
        rivers = [s.river for s in self.seats]
        if not self.uninterrupted or any(len(r) != 1 for r in rivers):
            return False
        kinds = {kind_of(r[0].tile) for r in rivers}
        return len(kinds) == 1 and next(iter(kinds)) in (27, 28, 29, 30)

    def _interrupt(self) -> None:
        """A call: the first go-around and every ippatsu end."""
        self.uninterrupted = False
        for s in self.seats:
            s.ippatsu = False

    def _call(self, action: Action, claim: Claim) -> None:
        seat = action.seat
        me = self.seats[seat]
        tile = claim.tile
        for t in action.consumed:
            me.remove(t)
        river = self.seats[claim.discarder].river
        river[-1].called_by = seat
        kind = {CHI_A: CHI, PON_A: PON, OPEN_KAN_A: OPEN_KAN}[action.type]
        meld = Meld(kind, tuple(sorted((*action.consumed, tile))), tile, claim.discarder)
        me.melds.append(meld)
        self._interrupt()
        self._note_pao(seat, meld)
        self._emit(Event(kind, seat=seat, tile=tile, target=claim.discarder, consumed=action.consumed))
        if kind == OPEN_KAN:
            self._kan_made(seat)
            self.pending_dora += 1
            self._draw(seat, rinshan=True)
        else:
            me.forbidden = kuikae_forbidden(tile, action.consumed, chi=kind == CHI)
            me.drawn = None
            self.actor = seat
            self.phase = "turn"

    def _note_pao(self, seat: int, meld: Meld) -> None:
        """Pao: the seat that fed the third dragon set (big three dragons) or the fourth
        wind set (big four winds) pays for that yakuman."""
        me = self.seats[seat]
        kinds = {m.kind for m in me.melds if m.type != CHI}
        if meld.type == CHI or meld.target is None:
            return
        dragons = kinds & {31, 32, 33}
        winds = kinds & {27, 28, 29, 30}
        if (meld.kind in (31, 32, 33) and len(dragons) == 3) or (
            meld.kind in (27, 28, 29, 30) and len(winds) == 4
        ):
            self.pao[seat] = meld.target

    def _kan_made(self, seat: int) -> None:
        self.kans.append(seat)
        if len(self.kans) == 4 and len(set(self.kans)) > 1 and "four_kans" in self.rules.aborts:
            self.four_kans_pending = True

    def _closed_kan(self, seat: int, action: Action) -> None:
        me = self.seats[seat]
        for t in action.consumed:
            me.remove(t)
        me.melds.append(Meld(CLOSED_KAN, tuple(sorted(action.consumed))))
        me.drawn = None
        self._emit(Event(CLOSED_KAN, seat=seat, tile=action.tile, consumed=action.consumed))

        def rinshan() -> None:
            self._interrupt()
            self._kan_made(seat)
            self._flush_dora()
            self._flip()  # a closed kan's dora turns at once
            self._draw(seat, rinshan=True)

        if self.rules.scoring.kokushi_robs_closed_kan:  # thirteen orphans may rob it
            self._offer(seat, action.tile or 0, chankan=CLOSED_KAN_ROB, after=rinshan)
        else:
            rinshan()

    def _added_kan(self, seat: int, action: Action) -> None:
        me = self.seats[seat]
        tile = action.tile
        assert tile is not None
        me.remove(tile)
        index = next(i for i, m in enumerate(me.melds) if m.type == PON and m.kind == kind_of(tile))
        pon = me.melds[index]
        me.melds[index] = Meld(ADDED_KAN, tuple(sorted((*pon.tiles, tile))), pon.called, pon.target)
        me.drawn = None
        self._emit(Event(ADDED_KAN, seat=seat, tile=tile, consumed=pon.tiles))

        def rinshan() -> None:
            self._interrupt()  # after the chankan check: a robbing ron may still be ippatsu
            self._flush_dora()  # a pending kan's dora too: a robbed kan turns none
            self._kan_made(seat)
            self.pending_dora += 1
            self._draw(seat, rinshan=True)

        self._offer(seat, tile, chankan=True, after=rinshan)

    # ---------------------------------------------------------------- the end of a hand
    def _finish_wins(self, wins: list[tuple[int, int]], from_seat: int, chankan: bool | str = False) -> None:
        results = []
        for seat, tile in wins:
            tsumo = seat == from_seat
            result = self._win(seat, tile, tsumo, from_seat, chankan)
            assert result is not None
            results.append((seat, result))
        self._end(settle_wins(self, results, from_seat))

    def _exhaustive(self) -> None:
        self._end(draw_outcome(self, "exhaustive"))

    def _abort(self, kind: str, shown: tuple[int, ...] = ()) -> None:
        self._end(draw_outcome(self, kind, shown))

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        for seat, delta in enumerate(outcome.deltas):
            self.scores[seat] += delta
        self.claim = None
        self.phase = "round_over"
        self.end = after_round(self, outcome)
        if self.end.game_over:
            self.phase = "game_over"

    def next_round(self) -> None:
        """Set the next hand's round, honba, sticks and dealer (after ``round_over``)."""
        if self.phase != "round_over" or self.end is None:
            raise IllegalActionError(f"next_round comes after a hand ends, the table is {self.phase}")
        self.number, self.honba, self.sticks, self.dealer = (
            self.end.number,
            self.end.honba,
            self.end.sticks,
            self.end.dealer,
        )
        self.phase = "idle"


def step(table: Table, actions: Mapping[int, Action] | None = None) -> list[Event]:
    """``table.step(actions)``: apply the decisions of one moment (see :class:`Table`)."""
    return table.step(actions)
