"""``Win``: the facts of a Riichi win, checked once.

How the hand was won (tsumo or ron), the seat and round winds, the situational flags
(riichi, double riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou,
renhou), the dora and ura dora indicators, the honba and the riichi sticks on the table,
and the facts of two optional yaku (open riichi, the dealer's paarenchan count).
A :class:`Win` is rule-neutral and knows nothing of the hand: what needs the tiles (the
winning tile is held, rinshan needs a kan, riichi a closed hand) is checked when
:func:`~riichi_lut.riichi.score` puts the two together, and what needs the rules (renhou
not played, ...) is reported there as a note.

Every input follows one rule: winds are ``"E"``, ``"S"``, ``"W"`` or ``"N"`` in either
case and nothing else (not ``"2z"``, not a tile kind like ``28``); flags are ``True`` or
``False`` (numpy bools count); contradictions raise
:class:`~riichi_lut.errors.InvalidSituationError` naming both facts (sources of the rules:
``docs/rules.md``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from ..core import args
from ..core.tiles import CODE_NAMES, NUM_CODES, parse_tiles, validate_code
from ..core.winds import WIND_INDEX, WIND_LETTERS, wind_index
from ..errors import InvalidHandError, InvalidSituationError, RiichiLutError, TileParseError, quote

# The situational flags of a win, in one place: Win's fields, the batch twin's (without
# rinshan, which needs a kan) and the order of ``to_dict()``.
WIN_FLAGS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
)


def as_flag(value: object, name: str) -> bool:
    """A fact of a win that is a flag (:func:`riichi_lut.core.args.as_flag`)."""
    return args.as_flag(value, name, error=InvalidSituationError)


#: The most honba a Win takes. A honba is added on every renchan and every draw, and a
#: real game has no hard limit (a row of draws in which everyone is tenpai keeps the deal),
#: but each honba costs the payers 300 points: at 100 the honba alone are worth 30,000, more
#: than a player's 25,000 start. A larger count is a typo (or an overflow), not a table.
MAX_HONBA = 100

#: The most riichi sticks a Win takes: a stick is 1,000 points a player held, and a
#: player needs 1,000 points to declare, so the table cannot hold more sticks than the
#: points in play: 120,000 at a four-player 30,000 start (M-League, WRC, EMA; Tenhou's
#: 4 x 25,000 and three players' 3 x 35,000 are less).
MAX_RIICHI_STICKS = 120

#: The value of ``Win.chankan`` that robs a closed kan (ankan): thirteen orphans only.
CLOSED_KAN: Literal["closed"] = "closed"


def as_chankan(value: object) -> bool | Literal["closed"]:
    """``Win.chankan``: ``True`` robs an added kan (shouminkan), ``"closed"`` a closed kan
    (ankan, thirteen orphans only), ``False`` neither.

    >>> as_chankan("closed"), as_chankan(True)
    ('closed', True)
    """
    if isinstance(value, str) and value == CLOSED_KAN:
        return CLOSED_KAN
    if value is True or value is False or isinstance(value, np.bool_):
        return bool(value)
    raise InvalidSituationError.about(
        "chankan",
        f"must be True or False, got {quote(value)} (or 'closed': True robs an added kan,"
        " 'closed' a closed kan, which only thirteen orphans may rob)",
    )


def as_count(value: object, name: str) -> int:
    """A fact of a win that is a count >= 0 (:func:`riichi_lut.core.args.as_count`)."""
    return args.as_count(value, name, error=InvalidSituationError)


def as_bounded(value: object, name: str, maximum: int, why: str) -> int:
    """A count 0..``maximum`` (``honba``, ``riichi_sticks``); ``why`` says what the bound is.

    >>> as_bounded(2, "honba", MAX_HONBA, "")
    2
    >>> as_bounded(10**9, "honba", MAX_HONBA, "a typo")
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidSituationError: honba must be 0..100 (a typo), got 1000000000
    """
    count = as_count(value, name)
    if count > maximum:
        raise InvalidSituationError.about(name, f"must be 0..{maximum} ({why}), got {count}")
    return count


_HONBA_WHY = "100 honba are 30,000 points a win"
_STICKS_WHY = "a stick is 1,000 of at most 120,000 points in play"


def as_kita(value: object, facts: Mapping[str, Any]) -> int:
    """``Win.kita``: a count 0..4 of North tiles set aside, which a first-draw win (tenhou,
    chiihou) or a renhou cannot have (``facts`` holds those flags, already read)."""
    kita = as_count(value, "kita")
    if kita > 4:
        raise InvalidSituationError.about("kita", f"is at most 4 (there are four North tiles), got {kita}")
    if kita and (facts["tenhou"] or facts["chiihou"] or facts["renhou"]):
        raise InvalidSituationError.about(
            "kita", "(North set aside) is a call after a draw: it excludes tenhou, chiihou and renhou"
        )
    return kita


def parse_tile(value: object, name: str) -> int:
    """One tile as notation ("5p", "0p" for the red five) or a tile code 0..36; an error is
    about ``name`` (an item of a list, ``"dora_indicators[2]"``, names its list as the
    parameter, and keeps the whole name in the message)."""
    if isinstance(value, str):
        if not value.strip():
            raise _tile_error(
                TileParseError, name, "must be one tile in notation like '5p', got an empty string"
            )
        codes = parse_tiles(value)
        if len(codes) != 1:
            raise _tile_error(
                InvalidHandError, name, f"must be one tile, got {quote(value)} ({len(codes)} tiles)"
            )
        return codes[0]
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return validate_code(value)
    raise _tile_error(InvalidHandError, name, f"must be a tile in notation like '5p', got {quote(value)}")


def _tile_error(kind: type[TileParseError | InvalidHandError], name: str, detail: str) -> RiichiLutError:
    """``kind.about(name, detail)``, or for an item of a list (``name[i]``) the message with
    the item's name and the list as the parameter."""
    if "[" not in name:
        return kind.about(name, detail)
    error = kind(f"{name} {detail}")
    error.parameter = name.partition("[")[0]
    return error


def parse_indicators(value: object, name: str) -> tuple[int, ...]:
    """Indicator tiles: a notation string ("1m5p") or a list of tiles (notation or codes)."""
    if isinstance(value, str):
        return tuple(parse_tiles(value)) if value.strip() else ()
    if isinstance(value, Iterable):
        return tuple(parse_tile(v, f"{name}[{i}]") for i, v in enumerate(value))
    raise _tile_error(InvalidHandError, name, f"must be a list of tiles, got {quote(value)}")


def _indicators(value: object, name: str) -> tuple[int, ...]:
    """``parse_indicators``, with a fast path for what a Win stores (a tuple of codes)."""
    if value.__class__ is tuple and (not value or all(type(c) is int and 0 <= c < NUM_CODES for c in value)):
        return value
    return parse_indicators(value, name)


def flags_problem(f: Mapping[str, bool | str], dealer: bool) -> str | None:
    """What contradicts itself in the flags of a win whatever the hand, or None.

    ``f`` holds ``tsumo`` and every name of :data:`WIN_FLAGS`, with ``riichi`` meaning
    "riichi or double riichi" (``chankan`` may be ``"closed"``: a robbed kan all the
    same). The checks that need the hand's calls live in
    :func:`riichi_lut.riichi.situation.hand_problem`.
    """
    tsumo, riichi = f["tsumo"], f["riichi"]
    first = f["tenhou"] or f["chiihou"]
    rules = (
        (f["chankan"] and tsumo, "chankan is a ron on another player's kan: it cannot be tsumo"),
        (f["houtei"] and tsumo, "houtei is a win on the last discard: it cannot be tsumo"),
        (f["haitei"] and not tsumo, "haitei is a tsumo on the last tile: it cannot be a ron"),
        (f["rinshan"] and not tsumo, "rinshan is a tsumo on the replacement tile: it cannot be a ron"),
        (f["haitei"] and f["rinshan"], "the replacement tile after a kan is not the last tile (haitei)"),
        (f["houtei"] and f["chankan"], "a robbed kan is not the last discard (houtei)"),
        (f["ippatsu"] and not riichi, "ippatsu needs riichi"),
        (f["ippatsu"] and f["rinshan"], "a kan cancels ippatsu, so rinshan cannot be ippatsu"),
        (f["ippatsu"] and f["houtei"], "a riichi leaves at least one draw: houtei cannot be ippatsu"),
        (f["tenhou"] and not dealer, "tenhou is the dealer's win; a non-dealer's is chiihou"),
        (f["chiihou"] and dealer, "chiihou is a non-dealer's win; the dealer's is tenhou"),
        (f["renhou"] and dealer, "renhou is a non-dealer's win"),
        (first and not tsumo, "tenhou and chiihou are won by tsumo"),
        (
            first and (riichi or f["haitei"] or f["rinshan"]),
            "tenhou and chiihou come on the first draw: no riichi, haitei or rinshan",
        ),
        (f["renhou"] and tsumo, "renhou is a ron before your first draw"),
        (f["renhou"] and riichi, "renhou comes before your first draw: no riichi or calls"),
        (
            f["renhou"] and (f["houtei"] or f["chankan"]),
            "renhou is a ron on a discard before your first draw: not the last discard (houtei),"
            " not a robbed kan (chankan)",
        ),
        (f["tenhou"] and f["chiihou"], "tenhou and chiihou exclude each other"),
    )
    return next((message for bad, message in rules if bad), None)


@dataclass(frozen=True, init=False)
class Win:
    """The facts of a Riichi win, validated once: give them by keyword.

    - ``tsumo``: won by self-draw (``False``: ron, on a discard); required.
    - ``seat_wind``, ``round_wind``: ``"E"``, ``"S"``, ``"W"`` or ``"N"`` (either case,
      stored upper-case); required. The East seat is the dealer.
    - ``riichi``, ``double_riichi`` (implies riichi), ``ippatsu``, ``haitei`` (tsumo on the
      last tile), ``houtei`` (ron on the last discard), ``rinshan`` (tsumo on a kan's
      replacement tile), ``chankan`` (ron on a robbed kan), ``tenhou``, ``chiihou``,
      ``renhou``: bools, default ``False``. ``chankan=True`` robs an added kan
      (shouminkan); ``chankan="closed"`` robs a closed kan (ankan), which only thirteen
      orphans may do and only where ``RuleSet.kokushi_robs_closed_kan`` (checked by
      :func:`~riichi_lut.riichi.score`, which knows the hand and the rules).
    - ``dora_indicators``, ``ura_indicators``: a notation string (``"1m5z"``) or a list of
      tiles (notation or codes), stored as tile codes; at most 5 dora indicators, ura only
      for riichi and no more ura than dora.
    - ``honba``: counters on the table, 0..100 (:data:`MAX_HONBA`); ``riichi_sticks``: every
      1,000-point deposit on the table the winner takes, the winner's own included, 0..120
      (:data:`MAX_RIICHI_STICKS`). A riichi win may have 0: the second winner of a double
      ron, whose stick went with the others to the first winner in turn order (Tenhou
      records that win with 0 sticks; :func:`~riichi_lut.riichi.settle` hands the sticks out).
    - ``open_riichi``: the riichi (or double riichi) was declared open, the hand shown
      (scored where ``RuleSet.open_riichi``); needs riichi.
    - ``paarenchan``: the dealer's consecutive wins, this one included (0: not counted);
      8 or more is paarenchan where ``RuleSet.paarenchan``. Only the dealer has a count.
    - ``kita``: North tiles the winner set aside (kita, nuki dora) in three-player Riichi,
      0..4; each is one dora (``RuleSet.players=3`` only: a kita under four players is an
      error when scored). A kita is a call after a draw, so it excludes tenhou, chiihou and
      renhou.

    ``replace(**changes)`` returns a new, validated Win; ``to_dict()`` is JSON-ready.

    >>> w = Win(tsumo=False, seat_wind="s", round_wind="E", riichi=True, riichi_sticks=1,
    ...         dora_indicators="4s")
    >>> w.seat_wind, w.dealer, w.dora_indicators
    ('S', False, (21,))
    >>> w.replace(tsumo=True).to_dict()["tsumo"]
    True
    >>> Win(tsumo=False, seat_wind="2z", round_wind="E")
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidSituationError: seat_wind must be 'E', 'S', 'W' or 'N' (either case), got '2z'
    """

    tsumo: bool
    seat_wind: str
    round_wind: str
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    haitei: bool
    houtei: bool
    rinshan: bool
    chankan: bool | Literal["closed"]
    tenhou: bool
    chiihou: bool
    renhou: bool
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    honba: int
    riichi_sticks: int
    open_riichi: bool
    paarenchan: int
    kita: int

    # Written out (not generated) to check and store each fact once: a Win costs a few µs.
    def __init__(
        self,
        *,
        tsumo: bool,
        seat_wind: str,
        round_wind: str,
        riichi: bool = False,
        double_riichi: bool = False,
        ippatsu: bool = False,
        haitei: bool = False,
        houtei: bool = False,
        rinshan: bool = False,
        chankan: bool | Literal["closed"] = False,
        tenhou: bool = False,
        chiihou: bool = False,
        renhou: bool = False,
        dora_indicators: str | Iterable[str | int] = (),
        ura_indicators: str | Iterable[str | int] = (),
        honba: int = 0,
        riichi_sticks: int = 0,
        open_riichi: bool = False,
        paarenchan: int = 0,
        kita: int = 0,
    ) -> None:
        given = (riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou, renhou)
        facts: dict[str, Any] = {
            "tsumo": tsumo if tsumo is True or tsumo is False else as_flag(tsumo, "tsumo")
        }
        for name, value in zip(WIN_FLAGS, given, strict=True):
            if name != "chankan":
                facts[name] = value if value is False or value is True else as_flag(value, name)
        facts["chankan"] = chankan if chankan is False or chankan is True else as_chankan(chankan)
        seat = WIND_LETTERS[wind_index(seat_wind, "seat_wind")]
        facts["seat_wind"] = seat
        facts["round_wind"] = WIND_LETTERS[wind_index(round_wind, "round_wind")]
        facts["honba"] = (
            honba
            if type(honba) is int and 0 <= honba <= MAX_HONBA
            else as_bounded(honba, "honba", MAX_HONBA, _HONBA_WHY)
        )
        sticks = riichi_sticks
        facts["riichi_sticks"] = (
            sticks
            if type(sticks) is int and 0 <= sticks <= MAX_RIICHI_STICKS
            else as_bounded(sticks, "riichi_sticks", MAX_RIICHI_STICKS, _STICKS_WHY)
        )
        in_riichi = facts["riichi"] or facts["double_riichi"]
        if ippatsu or haitei or houtei or rinshan or chankan or tenhou or chiihou or renhou:  # validated
            problem = flags_problem({**facts, "riichi": in_riichi}, seat == "E")
            if problem:
                raise InvalidSituationError(problem)
        # riichi with riichi_sticks=0 is a win: the second winner of a double ron, whose stick
        # (with every other) went to the first winner in turn order (Tenhou records it so).
        dora = _indicators(dora_indicators, "dora_indicators")
        ura = _indicators(ura_indicators, "ura_indicators")
        if ura and not in_riichi:
            raise InvalidSituationError.about("ura_indicators", "are only revealed for a riichi hand")
        if len(dora) > 5 or len(ura) > len(dora):
            raise InvalidSituationError.about(
                "dora_indicators" if len(dora) > 5 else "ura_indicators",
                f": {len(dora)} dora and {len(ura)} ura indicators: at most 5 dora,"
                " and no more ura than dora",
            )
        facts["dora_indicators"] = dora
        facts["ura_indicators"] = ura
        facts["open_riichi"] = open_riichi if open_riichi is False else as_flag(open_riichi, "open_riichi")
        if facts["open_riichi"] and not in_riichi:
            raise InvalidSituationError.about(
                "open_riichi", "is a riichi declared with the hand shown: it needs riichi (or double riichi)"
            )
        facts["paarenchan"] = (
            paarenchan
            if paarenchan == 0 and type(paarenchan) is int
            else (as_count(paarenchan, "paarenchan"))
        )
        if facts["paarenchan"] and seat != "E":
            raise InvalidSituationError.about(
                "paarenchan", f"is a count of the dealer's consecutive wins: the winner sits {seat}, not East"
            )
        facts["kita"] = kita if kita == 0 and type(kita) is int else as_kita(kita, facts)
        self.__dict__.update(facts)  # frozen: the fields are set here, once

    @property
    def dealer(self) -> bool:
        """The winner sits East."""
        return self.seat_wind == "E"

    @property
    def in_riichi(self) -> bool:
        """Riichi or double riichi was declared."""
        return self.riichi or self.double_riichi

    @property
    def seat_kind(self) -> int:
        """The seat wind as a tile kind (East = 27)."""
        return 27 + WIND_INDEX[self.seat_wind]

    @property
    def round_kind(self) -> int:
        """The round wind as a tile kind (East = 27)."""
        return 27 + WIND_INDEX[self.round_wind]

    def replace(self, **changes: Any) -> Win:
        """A new Win with some facts changed, validated like the first (this one is unchanged)."""
        facts = self.__dict__
        if not facts.keys() >= changes.keys():
            raise InvalidSituationError(f"unknown fact(s) of a win: {sorted(changes.keys() - facts.keys())}")
        return Win(**{**facts, **changes})

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: indicators as tile notation ("5p", "0p" for a red five); ``chankan``
        is ``True``, ``False`` or ``"closed"``; ``kita`` only when not 0."""
        out: dict[str, Any] = {
            "tsumo": self.tsumo,
            "seat_wind": self.seat_wind,
            "round_wind": self.round_wind,
        }
        for name in WIN_FLAGS:
            out[name] = getattr(self, name)
        out["dora_indicators"] = [CODE_NAMES[c] for c in self.dora_indicators]
        out["ura_indicators"] = [CODE_NAMES[c] for c in self.ura_indicators]
        out["honba"] = self.honba
        out["riichi_sticks"] = self.riichi_sticks
        out["open_riichi"] = self.open_riichi
        out["paarenchan"] = self.paarenchan
        if self.kita:  # three players only: a four-player win's dict is unchanged
            out["kita"] = self.kita
        return out
