"""The rare moments of play in the lock-step engine, table by table: each method is the
reference :class:`~riichi_lut.game.table.Table` method of the same name, reading and
writing table ``t`` of the arrays instead of one object (the reference's rule functions
read the table through :class:`~riichi_lut.game.vector.state.TableAt`). What happens
here is rare next to the draws and discards the arrays play: a call, a kan, a riichi, a
win, a draw, the end of a hand and the next deal."""

from __future__ import annotations

from ...analysis.shanten import shanten_value
from ...core.tiles import NUM_CODES, NUM_KINDS, RED_FIVE_KINDS, kind_of, red_code_of_kind
from ...errors import IllegalActionError
from ..actions import (
    ADDED_KAN_A,
    ADDED_KAN_ID,
    CHI_A,
    CHI_ID,
    CLOSED_KAN_A,
    CLOSED_KAN_ID,
    DISCARD_A,
    KITA_A,
    KITA_ID,
    NINE_A,
    NINE_ID,
    OPEN_KAN_A,
    OPEN_KAN_ID,
    PASS_ID,
    PON_A,
    PON_ID,
    RIICHI_A,
    RIICHI_ID,
    RON_A,
    RON_ID,
    TSUMO_A,
    TSUMO_ID,
    Action,
)
from ..legal import NORTH, kuikae_forbidden
from ..record import (
    ADDED_KAN,
    CHI,
    CLOSED_KAN,
    DISCARD,
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
from .hands import CHANKAN, ON_ADDED_KAN, ON_CLOSED_KAN, ON_DISCARD, TURN, Hands
from .state import KIND_OF_CODE, MELD_TYPES

__all__ = ["CHANKAN", "Moments"]

_MELD_CODE = {name: i for i, name in enumerate(MELD_TYPES)}
_CALL_EVENT = {CHI_A: CHI, PON_A: PON, OPEN_KAN_A: OPEN_KAN}


def _red_of(kind: int) -> int | None:
    return red_code_of_kind(kind) if kind in RED_FIVE_KINDS else None


#: The ids of a plain turn's actions other than discards and kans.
_OTHER_TURN_IDS = {RIICHI_ID: RIICHI_A, TSUMO_ID: TSUMO_A, NINE_ID: NINE_A, KITA_ID: KITA_A}


class Moments(Hands):
    """The rare moments of play, table by table (see the module docstring)."""

    # ---------------------------------------------------------------- tiles in and out
    def _remove(self, t: int, seat: int, tile: int) -> None:
        s = self.s
        if s.codes[t, seat, tile] <= 0:
            raise IllegalActionError(f"table {t} seat {seat} does not hold tile {tile}")
        s.codes[t, seat, tile] -= 1
        s.kinds[t, seat, KIND_OF_CODE[tile]] -= 1

    def _add_meld(
        self, t: int, seat: int, kind: str, tiles: tuple[int, ...], called: int, target: int
    ) -> int:
        s = self.s
        m = int(s.nmelds[t, seat])
        s.nmelds[t, seat] += 1
        self._set_meld(t, seat, m, kind, tiles, called, target)
        return m

    def _set_meld(
        self, t: int, seat: int, m: int, kind: str, tiles: tuple[int, ...], called: int, target: int
    ) -> None:
        s = self.s
        s.meld_type[t, seat, m] = _MELD_CODE[kind]
        s.meld_tiles[t, seat, m] = -1
        s.meld_tiles[t, seat, m, : len(tiles)] = sorted(tiles)
        s.meld_called[t, seat, m] = called
        s.meld_target[t, seat, m] = target

    # ---------------------------------------------------------------- canonical actions of ids
    def canonical_turn(self, t: int, seat: int, a: int) -> Action:
        """The action of id ``a`` in a plain turn (the rule of ``action_of_id``: a discard
        is tsumogiri when it can, an added kan adds the red five when it can)."""
        s = self.s
        if a < NUM_CODES:
            return Action(DISCARD_A, seat, tile=a, tsumogiri=int(s.drawn[t, seat]) == a)
        if (
            CLOSED_KAN_ID <= a < CLOSED_KAN_ID + NUM_KINDS
        ):  # the four tiles, the red five first; the last named
            kind = a - CLOSED_KAN_ID
            red = _red_of(kind)
            tiles = (red,) * int(s.codes[t, seat, red]) if red is not None else ()
            tiles += (kind,) * int(s.codes[t, seat, kind])
            return Action(CLOSED_KAN_A, seat, tile=tiles[-1], consumed=tiles)
        if ADDED_KAN_ID <= a < ADDED_KAN_ID + NUM_KINDS:
            kind = a - ADDED_KAN_ID
            red = _red_of(kind)
            tile = red if red is not None and s.codes[t, seat, red] else kind
            m = next(
                i
                for i in range(int(s.nmelds[t, seat]))
                if MELD_TYPES[s.meld_type[t, seat, i]] == PON
                and KIND_OF_CODE[max(s.meld_tiles[t, seat, i, 0], 0)] == kind
            )
            consumed = tuple(sorted(int(c) for c in s.meld_tiles[t, seat, m] if c >= 0))
            return Action(ADDED_KAN_A, seat, tile=tile, consumed=consumed)
        if a in _OTHER_TURN_IDS:  # riichi, tsumo (of the tile drawn), nine terminals, kita
            drawn = int(s.drawn[t, seat]) if a == TSUMO_ID else NORTH if a == KITA_ID else None
            return Action(_OTHER_TURN_IDS[a], seat, tile=drawn)
        raise IllegalActionError(f"table {t} seat {seat}: action id {a} in a plain turn")

    def canonical_claim(self, t: int, seat: int, a: int) -> Action:
        """The claim of id ``a`` on this table's tile (a call uses the red five when it can)."""
        s = self.s
        tile = int(self.claim_tile[t])
        kind = kind_of(tile)
        codes = s.codes[t, seat]

        def take(k: int, count: int) -> tuple[int, ...]:
            red = _red_of(k)
            if red is not None and codes[red] and codes[k] >= count - 1:
                return (red,) + (k,) * (count - 1)
            return (k,) * count

        def one(k: int) -> int:
            red = _red_of(k)
            return red if red is not None and codes[red] else k

        if a == RON_ID:
            return Action(RON_A, seat, tile=tile)
        if a == PON_ID:
            return Action(PON_A, seat, tile=tile, consumed=take(kind, 2))
        if a == OPEN_KAN_ID:
            return Action(OPEN_KAN_A, seat, tile=tile, consumed=take(kind, 3))
        if CHI_ID <= a < CHI_ID + 3:
            low = kind - (a - CHI_ID)
            others = [k for k in (low, low + 1, low + 2) if k != kind]
            return Action(CHI_A, seat, tile=tile, consumed=(one(others[0]), one(others[1])))
        raise IllegalActionError(f"table {t} seat {seat}: action id {a} on a claim")

    # ---------------------------------------------------------------- the turn
    def turn_action(self, t: int, action: Action) -> None:
        s = self.s
        seat = action.seat
        kind = action.type
        if kind == DISCARD_A:
            self.discard_one(t, seat, action.tile or 0, bool(action.tsumogiri))
        elif kind == RIICHI_A:
            s.declaring[t, seat] = True
            self.declared[t, seat] = True
            self.emit(t, Event(RIICHI, seat=seat))
            self.turns.append(t)
        elif kind == TSUMO_A:
            drawn = int(s.drawn[t, seat])
            self.emit(t, Event(TSUMO, seat=seat, tile=drawn))
            self.finish_wins(t, [(seat, drawn)], seat)
        elif kind == CLOSED_KAN_A:
            self.closed_kan(t, seat, action)
        elif kind == ADDED_KAN_A:
            self.added_kan(t, seat, action)
        elif kind == KITA_A:
            self._remove(t, seat, action.tile or 30)
            s.kita[t, seat] += 1
            s.drawn[t, seat] = -1
            self.interrupt(t)  # like a call: the first go-around and every ippatsu end
            self.emit(t, Event(KITA, seat=seat, tile=action.tile))
            self.draw_one(t, seat, rinshan=True)
        elif kind == NINE_A:
            self.emit(t, Event(NINE_TERMINALS, seat=seat))
            self.abort(t, "nine_terminals")

    def discard_one(self, t: int, seat: int, tile: int, tsumogiri: bool) -> None:
        s = self.s
        self.flush_dora(t)
        self._remove(t, seat, tile)
        declaring = bool(s.declaring[t, seat])
        if not declaring:
            s.ippatsu[t, seat] = False
        r = int(s.river_len[t, seat])
        s.river_tile[t, seat, r] = tile
        s.river_tsumogiri[t, seat, r] = tsumogiri
        s.river_riichi[t, seat, r] = declaring
        s.river_len[t, seat] += 1
        s.discarded[t, seat, KIND_OF_CODE[tile]] = True
        s.drawn[t, seat] = -1
        s.forbidden[t, seat] = False
        s.furiten_turn[t, seat] = False
        self.shanten13[t, seat] = shanten_value(
            s.kinds[t, seat].tolist(), int(s.nmelds[t, seat]), self.players
        )
        self.emit(t, Event(DISCARD, seat=seat, tile=tile, tsumogiri=tsumogiri))
        self.offers.append((t, seat, tile, ON_DISCARD))

    # ---------------------------------------------------------------- claims decided
    def resolve(self, t: int, chosen_ids: dict[int, int]) -> None:
        s = self.s
        n = self.players
        discarder = int(self.claim_from[t])
        tile = int(self.claim_tile[t])
        on = int(self.claim_kind[t])
        chosen = {seat: self.canonical_claim(t, seat, a) for seat, a in chosen_ids.items() if a != PASS_ID}
        order = sorted(chosen, key=lambda x: (x - discarder) % n)
        rons = [x for x in order if chosen[x].type == RON_A]
        for seat in range(n):
            if seat != discarder and seat not in rons and self.completes[t, seat]:
                s.furiten_turn[t, seat] = True
                if s.riichi[t, seat]:
                    s.furiten_riichi[t, seat] = True
        if rons:
            scoring = self.rules.scoring
            if len(rons) == 3 and "three_ron" in self.rules.aborts and scoring.multiple_ron == "double":
                for x in rons:
                    self.emit(t, Event(RON, seat=x, tile=tile, target=discarder))
                self.abort(t, "three_ron", shown=tuple(rons))
                return
            if scoring.multiple_ron == "atamahane":
                rons = rons[:1]
            for x in rons:
                self.emit(t, Event(RON, seat=x, tile=tile, target=discarder))
            self.finish_wins(t, [(x, tile) for x in rons], discarder, chankan=CHANKAN[on])
            return
        calls = [chosen[x] for x in order if chosen[x].type in (PON_A, OPEN_KAN_A)]
        calls += [chosen[x] for x in order if chosen[x].type == CHI_A]
        if on == ON_DISCARD and s.declaring[t, discarder] and self.accept_riichi(t, discarder):
            return
        if calls:
            self.call(t, calls[0], discarder, tile)
            return
        self.after_claims(t)

    def accept_riichi(self, t: int, seat: int) -> bool:
        s = self.s
        s.declaring[t, seat] = False
        s.riichi[t, seat] = True
        s.double_riichi[t, seat] = bool(s.uninterrupted[t]) and s.river_len[t, seat] == 1
        s.ippatsu[t, seat] = True
        s.riichi_discard[t, seat] = s.river_len[t, seat] - 1
        s.scores[t, seat] -= 1000
        s.sticks[t] += 1
        self.emit(t, Event(RIICHI_ACCEPTED, seat=seat))
        if "four_riichi" in self.rules.aborts and self.players == 4 and s.riichi[t].all():
            self.abort(t, "four_riichi")
            return True
        return False

    def after_claims(self, t: int) -> None:
        """Nobody called and nobody won: the continuation of what was offered."""
        on = int(self.claim_kind[t])
        seat = int(self.claim_from[t])
        if on == ON_ADDED_KAN:
            self.added_kan_rinshan(t, seat)
        elif on == ON_CLOSED_KAN:
            self.closed_kan_rinshan(t, seat)
        else:
            self.passed(t, seat)

    def passed(self, t: int, discarder: int) -> None:
        s = self.s
        if s.four_kans_pending[t]:
            self.abort(t, "four_kans")
            return
        if "four_winds" in self.rules.aborts and self.players == 4 and self._four_winds(t):
            self.abort(t, "four_winds")
            return
        self.draw_one(t, (discarder + 1) % self.players)

    def _four_winds(self, t: int) -> bool:
        s = self.s
        if not s.uninterrupted[t] or (s.river_len[t] != 1).any():
            return False
        kinds = {int(KIND_OF_CODE[s.river_tile[t, x, 0]]) for x in range(self.players)}
        return len(kinds) == 1 and next(iter(kinds)) in (27, 28, 29, 30)

    def interrupt(self, t: int) -> None:
        self.s.uninterrupted[t] = False
        self.s.ippatsu[t] = False

    def call(self, t: int, action: Action, discarder: int, tile: int) -> None:
        s = self.s
        seat = action.seat
        for c in action.consumed:
            self._remove(t, seat, c)
        s.river_called_by[t, discarder, s.river_len[t, discarder] - 1] = seat
        kind = _CALL_EVENT[action.type]
        self._add_meld(t, seat, kind, (*action.consumed, tile), tile, discarder)
        if kind == PON:
            s.pon_kind[t, seat, kind_of(tile)] = True
        self.interrupt(t)
        self.opened[t, seat] = True
        self.note_pao(t, seat, kind, kind_of(tile), discarder)
        self.emit(t, Event(kind, seat=seat, tile=tile, target=discarder, consumed=action.consumed))
        if kind == OPEN_KAN:
            self.kan_made(t, seat)
            s.pending_dora[t] += 1
            self.draw_one(t, seat, rinshan=True)
        else:
            s.forbidden[t, seat] = False
            for k in kuikae_forbidden(tile, action.consumed, chi=kind == CHI):
                s.forbidden[t, seat, k] = True
            s.drawn[t, seat] = -1
            s.actor[t] = seat
            self.phase[t] = TURN
            self.turns.append(t)

    def note_pao(self, t: int, seat: int, kind: str, meld_kind: int, target: int) -> None:
        if kind == CHI:
            return
        s = self.s
        kinds = {
            int(KIND_OF_CODE[s.meld_tiles[t, seat, m, 0]])
            for m in range(int(s.nmelds[t, seat]))
            if MELD_TYPES[s.meld_type[t, seat, m]] != CHI
        }
        dragons = kinds & {31, 32, 33}
        winds = kinds & {27, 28, 29, 30}
        if (meld_kind in (31, 32, 33) and len(dragons) == 3) or (
            meld_kind in (27, 28, 29, 30) and len(winds) == 4
        ):
            s.pao[t, seat] = target

    def kan_made(self, t: int, seat: int) -> None:
        s = self.s
        s.kans[t, s.nkans[t]] = seat
        s.nkans[t] += 1
        kans = s.kans[t, : s.nkans[t]]
        if s.nkans[t] == 4 and len(set(kans.tolist())) > 1 and "four_kans" in self.rules.aborts:
            s.four_kans_pending[t] = True

    def closed_kan(self, t: int, seat: int, action: Action) -> None:
        s = self.s
        for c in action.consumed:
            self._remove(t, seat, c)
        self._add_meld(t, seat, CLOSED_KAN, action.consumed, -1, -1)
        s.drawn[t, seat] = -1
        self.emit(t, Event(CLOSED_KAN, seat=seat, tile=action.tile, consumed=action.consumed))
        if self.rules.scoring.kokushi_robs_closed_kan:
            self.offers.append((t, seat, action.tile or 0, ON_CLOSED_KAN))
        else:
            self.closed_kan_rinshan(t, seat)

    def closed_kan_rinshan(self, t: int, seat: int) -> None:
        self.interrupt(t)
        self.kan_made(t, seat)
        self.flush_dora(t)
        self.flip(t)
        self.draw_one(t, seat, rinshan=True)

    def added_kan(self, t: int, seat: int, action: Action) -> None:
        s = self.s
        tile = action.tile
        assert tile is not None
        self._remove(t, seat, tile)
        kind = kind_of(tile)
        m = next(
            i
            for i in range(int(s.nmelds[t, seat]))
            if MELD_TYPES[s.meld_type[t, seat, i]] == PON
            and KIND_OF_CODE[s.meld_tiles[t, seat, i, 0]] == kind
        )
        pon = tuple(int(c) for c in s.meld_tiles[t, seat, m] if c >= 0)
        self._set_meld(
            t,
            seat,
            m,
            ADDED_KAN,
            (*pon, tile),
            int(s.meld_called[t, seat, m]),
            int(s.meld_target[t, seat, m]),
        )
        s.pon_kind[t, seat, kind] = False
        s.drawn[t, seat] = -1
        self.emit(t, Event(ADDED_KAN, seat=seat, tile=tile, consumed=pon))
        self.offers.append((t, seat, tile, ON_ADDED_KAN))

    def added_kan_rinshan(self, t: int, seat: int) -> None:
        self.interrupt(t)
        self.flush_dora(t)
        self.kan_made(t, seat)
        self.s.pending_dora[t] += 1
        self.draw_one(t, seat, rinshan=True)
