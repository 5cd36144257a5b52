"""Whether a complete 14-tile hand has a yaku, for the hint's first words.

A hint does not know which tile came last, so a complete hand is scored once for every
kind it holds concealed, as the winning tile (:func:`riichi_lut.riichi.score.score`, with
the best reading of each). The hand is *sure* of a yaku when every one of those wins
scores; the yaku named are those every one of them has. A closed hand declared by tsumo is
always sure (menzen tsumo), and so are seven pairs and thirteen orphans, whose yaku is the
shape itself.

Without the facts of the win (``win=None``) the winds are taken as a wind the hand holds no
triplet of, so that a seat or round wind triplet is not counted as a yaku that the real
seat may not give; the win is a tsumo (the hint says "declare tsumo"). With a
:class:`~riichi_lut.riichi.win.Win`, its winds, flags and win kind are used as given.

>>> from riichi_lut import parse_hand
>>> c = complete_yaku(parse_hand("1122m3344p5566s77z"))
>>> c.sure, c.yaku
(True, ('Menzen tsumo', 'Chiitoitsu'))
>>> c = complete_yaku(parse_hand("123m456p789s22s [777p]"))
>>> c.sure, c.possible, c.yaku
(False, False, ())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.hand import Hand
from ..core.tiles import RED_CODES, RED_FIVE_KINDS, WIND_KINDS
from ..core.winds import WIND_LETTERS
from ..errors import InvalidSituationError, NotAWinError
from ..riichi.rules import TENHOU, RuleSet
from ..riichi.score import ScoreResult, score
from ..riichi.win import Win
from ..riichi.yaku import ROWS

__all__ = ["ROW_BY_ID", "CompleteYaku", "common_yaku", "complete_yaku", "neutral_win"]

ROW_BY_ID = {row.id: row for row, _ in ROWS}


@dataclass(frozen=True)
class CompleteYaku:
    """What a complete hand's yaku are, whatever tile completed it.

    ``sure``: every winning tile the hand can have scores; ``possible``: at least one
    does; ``yaku``: the names every scoring win has (in the scorer's order); ``tsumo``:
    the win kind that was assumed (the hint's "declare tsumo" or "declare ron")."""

    sure: bool
    possible: bool
    yaku: tuple[str, ...]
    tsumo: bool

    def to_dict(self) -> dict[str, Any]:
        """The figures, for JSON."""
        return {"sure": self.sure, "possible": self.possible, "yaku": list(self.yaku), "tsumo": self.tsumo}


def neutral_win(hand: Hand) -> Win:
    """A tsumo whose seat and round wind is one the hand holds fewer than three of: no wind
    triplet counts as a yaku (if the hand holds three or more of every wind, it is
    big four winds, a yakuman whatever the seat).

    >>> from riichi_lut import parse_hand
    >>> neutral_win(parse_hand("123m456p789s111z22z")).seat_wind
    'S'
    """
    counts = hand.total_counts
    wind = next((i for i, k in enumerate(WIND_KINDS) if counts[k] < 3), 0)
    letter = WIND_LETTERS[wind]
    return Win(tsumo=True, seat_wind=letter, round_wind=letter)


def complete_yaku(hand: Hand, win: Win | None = None, rules: RuleSet = TENHOU) -> CompleteYaku:
    """Score the complete ``hand`` on each kind it holds concealed as the winning tile and
    tell whether a yaku is sure (see the module docstring). ``win``: the facts of the win
    (default: :func:`neutral_win`); a fact that does not fit one winning tile (e.g.
    robbing a kan of a kind the hand holds twice) rules out only that tile, and when it
    fits none, its error is raised."""
    facts = neutral_win(hand) if win is None else win
    results: list[ScoreResult] = []
    tiles = 0
    error: InvalidSituationError | None = None
    for kind, count in enumerate(hand.concealed):
        if not count:
            continue
        suit = RED_FIVE_KINDS.index(kind) if kind in RED_FIVE_KINDS else -1
        tile = RED_CODES[suit] if suit >= 0 and hand.red[suit] == count else kind  # only red fives
        try:
            results.append(score(hand, tile, facts, rules=rules))
        except NotAWinError:
            pass  # no yaku (or not complete) on this tile
        except InvalidSituationError as exc:
            error = error or exc
            continue
        tiles += 1
    if not tiles and error is not None:
        raise error
    sure = bool(results) and len(results) == tiles
    return CompleteYaku(sure, bool(results), common_yaku(results) if sure else (), facts.tsumo)


def _with_weaker(result: ScoreResult) -> set[str]:
    """The ids of a result's yaku and of those each supersedes (a 13-sided kokushi is also
    a kokushi, junchan also a chanta)."""
    ids = {y.id for y in result.yaku}
    return ids | {weaker for i in ids for weaker in ROW_BY_ID[i].supersedes}


def common_yaku(results: list[ScoreResult]) -> tuple[str, ...]:
    """The names of the yaku every result has, in the table's order; a yaku that one
    result has in a stronger form (superseding it) still counts, under its own name."""
    common = set.intersection(*(_with_weaker(r) for r in results))
    shown = common - {weaker for i in common for weaker in ROW_BY_ID[i].supersedes}
    return tuple(row.name for row, _ in ROWS if row.id in shown)
