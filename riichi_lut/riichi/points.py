"""From han and fu to points and payments (Japanese Mahjong Wiki, "Japanese mahjong scoring rules").

``base = fu × 2^(2 + han)``, capped: mangan 2,000 (5 han, or a base above 2,000),
haneman 3,000 (6–7), baiman 4,000 (8–10), sanbaiman 6,000 (11–12), yakuman 8,000 per
multiple (13+ han is one counted yakuman under ``kazoe_limit="yakuman"``, sanbaiman under
``"sanbaiman"``, and one yakuman per 13 han under ``"none"``; ``yakuman_cap`` caps the
multiple, real or counted). With
``kiriage`` 4 han 30 fu and 3 han 60 fu are mangan. A non-dealer ron costs the discarder
``base × 4``, a dealer ron ``base × 6``; on tsumo the dealer pays ``base × 2`` and each
non-dealer ``base × 1`` (every player pays ``base × 2`` when the dealer wins). Each payment
rounds up to 100. Honba add 300 to a ron (100 from each payer on tsumo); riichi sticks on
the table (1,000 each) go to the winner.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.winds import wind_index
from ..errors import InvalidSituationError
from .rules import RuleSet

WIND_NAMES = ("E", "S", "W", "N")
LIMITS = (
    (13, "yakuman", 8000),
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
    (5, "mangan", 2000),
)


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` is "discarder" for a ron, else the payer's seat wind ("E" … "N")."""

    payer: str
    points: int
    honba: int

    @property
    def total(self) -> int:
        return self.points + self.honba

    def to_dict(self) -> dict[str, object]:
        return {"payer": self.payer, "points": self.points, "honba": self.honba, "total": self.total}


def round_up_100(points: int) -> int:
    return -(-points // 100) * 100


def capped_yakuman(multiple: int, rules: RuleSet) -> int:
    """A yakuman multiple as the rule set pays it: at most ``rules.yakuman_cap`` (0: no cap)."""
    cap = rules.yakuman_cap
    return min(multiple, cap) if cap and multiple > cap else multiple


def base_points(han: int, fu: int, yakuman: int, rules: RuleSet) -> tuple[int, str | None]:
    """(base points, limit name or None); ``yakuman`` is the multiple already capped
    (:func:`capped_yakuman`), counted yakuman are capped here."""
    if yakuman:
        name = "yakuman" if yakuman == 1 else f"{yakuman}x yakuman"
        return 8000 * yakuman, name
    if han >= 13:
        limit = rules.kazoe_limit
        if limit == "sanbaiman":
            return 6000, "sanbaiman"
        if limit == "none" and han >= 26:
            multiple = capped_yakuman(han // 13, rules)
            return 8000 * multiple, "kazoe yakuman" if multiple == 1 else f"{multiple}x kazoe yakuman"
    for minimum, name, base in LIMITS:
        if han >= minimum:
            return base, "kazoe yakuman" if name == "yakuman" else name
    base = fu * 2 ** (2 + han)
    if base >= 2000 or (rules.kiriage and (han, fu) in ((4, 30), (3, 60))):
        return 2000, "mangan"
    return base, None


def payments(
    base: int, seat_wind: int, tsumo: bool, honba: int, rules: RuleSet | None = None
) -> tuple[Payment, ...]:
    """Who pays what (points rounded up to 100 each, honba apart): 100 per honba from each
    payer, so a ron's discarder pays 300 per honba in four players and 200 in three.

    Three players (``rules.players == 3``, seats E, S, W): a ron is paid as in four; on a
    tsumo the two others pay their four-player shares (``sanma_tsumo="loss"``, tsumo loss),
    or each also pays half of the absent North's share (``"split"``): ``base × 3`` each for
    the dealer, ``base × 2.5`` (the dealer) and ``base × 1.5`` for a non-dealer, each
    rounded up to 100.

    >>> from .rules import TENHOU_SANMA
    >>> [(p.payer, p.points) for p in payments(2000, 28, True, 0, TENHOU_SANMA)]
    [('E', 4000), ('W', 2000)]
    >>> split = TENHOU_SANMA.replace(sanma_tsumo="split")
    >>> [(p.payer, p.points) for p in payments(2000, 28, True, 0, split)]
    [('E', 5000), ('W', 3000)]
    """
    dealer = seat_wind == 27
    winner = WIND_NAMES[seat_wind - 27]
    three = rules is not None and rules.players == 3
    if not tsumo:
        per_honba = 200 if three else 300
        return (Payment("discarder", round_up_100(base * (6 if dealer else 4)), per_honba * honba),)
    split = three and rules is not None and rules.sanma_tsumo == "split"
    out = []
    for wind in WIND_NAMES[:3] if three else WIND_NAMES:
        if wind == winner:
            continue
        share = 2 if dealer or wind == "E" else 1
        if split:  # half of North's share: 2 (the dealer wins) or 1 (a non-dealer wins)
            out.append(
                Payment(wind, round_up_100(base * (2 * share + (2 if dealer else 1)) // 2), 100 * honba)
            )
        else:
            out.append(Payment(wind, round_up_100(base * share), 100 * honba))
    return tuple(out)


def nagashi_mangan(seat_wind: str, *, rules: RuleSet) -> tuple[Payment, ...]:
    """Payments of nagashi mangan (流し満貫): at an exhaustive draw, a player whose every
    discard was a terminal or honor and none of them called receives a mangan tsumo —
    4,000 from each player for the dealer; 4,000 from the dealer and 2,000 from each other
    player for a non-dealer. The payment is a settlement of the draw, not a win: honba and
    riichi sticks do not change it (riichi.wiki, "Nagashi mangan"). Refused under a rule
    set without it (``RuleSet.nagashi_mangan``). ``seat_wind`` is "E", "S", "W" or "N" in
    either case, as for :class:`~riichi_lut.riichi.win.Win`.

    >>> from riichi_lut.riichi.rules import TENHOU
    >>> [(p.payer, p.points) for p in nagashi_mangan("S", rules=TENHOU)]
    [('E', 4000), ('W', 2000), ('N', 2000)]
    """
    if not rules.nagashi_mangan:
        raise InvalidSituationError(f"the {rules.name} rule set does not play nagashi mangan")
    seat = wind_index(seat_wind, "seat_wind")
    if rules.players == 3 and seat == 3:
        raise InvalidSituationError("seat_wind='N': three-player Riichi has no North seat (seats E, S, W)")
    return payments(2000, 27 + seat, tsumo=True, honba=0, rules=rules)
