"""The review's data: :class:`Decision` (one moment of the reviewed seat) and the verdict
thresholds (:data:`CLOSE_TILES`, :data:`CLOSE_SHARE`, :func:`verdict_of`).

A discard is judged against the best legal option as the hint engine ranks it
(:func:`riichi_lut.coach.hints.hint`: shanten after the discard, a dead or furiten option
after the others, live acceptance, the two-step measure on a tie):

- ``"best"``: the played discard is that option;
- ``"equal"``: another option with the same standing (shanten after the discard, dead,
  furiten) and the same live acceptance: the engine's choice differs only by the two-step
  measure, a red five or the tile order;
- ``"close"``: the same standing, and the played discard gives up at most
  :data:`CLOSE_TILES` live tiles or at most :data:`CLOSE_SHARE` of the best's acceptance;
- ``"loss"``: anything else: more tiles given up, a step back in shanten, a furiten or
  dead wait where the best has a live one.

>>> verdict_of(same_standing=True, played=20, best=22, first=False)
'close'
>>> verdict_of(same_standing=True, played=12, best=20, first=False)
'loss'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..analysis.results import TileLive
from ..core.tiles import format_tiles, tile_name

if TYPE_CHECKING:  # the game engine loads with the review, not with this module
    from ..game.observe import Observation
    from ..game.seat import Meld

__all__ = [
    "CLOSE_SHARE",
    "CLOSE_TILES",
    "DEFENCE_WORDS",
    "FORCED_WORDS",
    "KINDS",
    "VERDICTS",
    "Decision",
    "state_dict",
    "verdict_of",
]

#: The verdicts of a judged discard, best first.
VERDICTS = ("best", "equal", "close", "loss")
#: A discard that gives up at most this many live tiles against the best is ``"close"``:
#: two tiles are half a kind, less than the copies an opponent's hand may hide of it.
CLOSE_TILES = 2
#: ... or at most this share of the best's live acceptance (a wide hand's small loss).
CLOSE_SHARE = 0.10
#: The kinds of decision, in the order a hand shows them.
KINDS = ("discard", "riichi", "call", "kan", "kita", "pass", "nine_terminals", "win", "deal_in", "draw")
DEFENCE_WORDS = "defence — shown, not judged"
FORCED_WORDS = "under riichi the drawn tile goes: forced, not judged"


def verdict_of(*, same_standing: bool, played: int, best: int, first: bool) -> str:
    """The verdict of a discard (see the module docstring): ``first`` it is the best
    option; ``same_standing`` the same shanten after it, dead and furiten as the best;
    ``played`` and ``best`` their live acceptance."""
    if first:
        return "best"
    if not same_standing:
        return "loss"
    gap = best - played
    if gap <= 0:
        return "equal"
    if gap <= CLOSE_TILES or gap <= CLOSE_SHARE * best:
        return "close"
    return "loss"


def _meld_dict(meld: Meld) -> dict[str, Any]:
    return {
        "type": meld.type,
        "tiles": format_tiles(meld.tiles),
        "called": None if meld.called is None else tile_name(meld.called),
        "from": meld.target,
    }


def state_dict(seen: Observation) -> dict[str, Any]:
    """An observation for JSON: tiles in mpsz (a red five ``0``)."""
    return {
        "hand": format_tiles(seen.hand),
        "drawn": None if seen.drawn is None else tile_name(seen.drawn),
        "melds": [[_meld_dict(m) for m in melds] for melds in seen.melds],
        "rivers": [
            [
                {
                    "tile": tile_name(t.tile),
                    "tsumogiri": t.tsumogiri,
                    "riichi": t.riichi,
                    "called_by": t.called_by,
                }
                for t in river
            ]
            for river in seen.rivers
        ],
        "riichi": list(seen.riichi),
        "kita": list(seen.kita),
        "scores": list(seen.scores),
        "round": seen.round,
        "honba": seen.honba,
        "sticks": seen.sticks,
        "dealer": seen.dealer,
        "dora_indicators": [tile_name(t) for t in seen.dora_indicators],
        "tiles_left": seen.remaining,
        "claim_tile": None if seen.claim_tile is None else tile_name(seen.claim_tile),
        "claim_from": seen.claim_from,
    }


def _tiles(found: tuple[TileLive, ...]) -> list[dict[str, Any]]:
    return [t.to_dict() for t in found]


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat, or how a hand ended for it.

    ``kind`` is one of :data:`KINDS`; ``round`` the hand (``"E1-0"``); ``turn`` the
    seat's discard number in the hand that the decision belongs to (1 for its first
    discard; a call or a pass counts toward the discard that follows it). For a
    discard: ``played`` and ``best`` (mpsz, ``0`` a red five), the shanten of the 14
    tiles before it (``shanten_before``, -1 a complete hand) and after each
    (``played_shanten``, ``best_shanten``), their live acceptance (``played_live``,
    ``best_live``: copies not in the hand, the calls or anywhere the seat can see),
    ``given_up`` and ``gained`` (the kinds the best accepts and the played discard does
    not, and the reverse, with live counts), ``played_accepts`` and ``best_accepts``
    (every kind each accepts, with its live copies: they sum to ``played_live`` and
    ``best_live``), ``back`` (the played discard goes back in
    shanten), ``furiten`` and ``dead`` (of the played discard's tenpai or acceptance),
    ``verdict`` (:data:`VERDICTS`, ``None`` when not judged: ``forced`` under riichi,
    ``defence`` against a threat) and ``why`` (the hint engine's words; for the end of a
    hand, the explainer's). ``declares_riichi`` marks the discard that declares it.
    Other kinds set what applies and say the rest in ``facts``; ``state`` is what the
    seat could see (``None`` at the end of a hand).
    """

    kind: str
    round: str
    turn: int
    played: str | None = None
    best: str | None = None
    shanten_before: int | None = None
    played_shanten: int | None = None
    best_shanten: int | None = None
    played_live: int | None = None
    best_live: int | None = None
    verdict: str | None = None
    why: str = ""
    given_up: tuple[TileLive, ...] = ()
    gained: tuple[TileLive, ...] = ()
    played_accepts: tuple[TileLive, ...] = ()
    best_accepts: tuple[TileLive, ...] = ()
    back: bool = False
    furiten: bool = False
    dead: bool = False
    forced: bool = False
    defence: tuple[str, ...] = ()
    declares_riichi: bool = False
    facts: dict[str, Any] = field(default_factory=dict, compare=False)
    state: Observation | None = field(default=None, compare=False, repr=False)

    @property
    def judged(self) -> bool:
        """A discard with a verdict."""
        return self.verdict is not None

    @property
    def tiles_given_up(self) -> int:
        """Live tiles the played discard gives up against the best at the same shanten
        (0 when it goes back a shanten, or when it accepts as many or more)."""
        if self.kind != "discard" or self.played_live is None or self.best_live is None:
            return 0
        if self.played_shanten != self.best_shanten:
            return 0
        return max(self.best_live - self.played_live, 0)

    def to_dict(self, state: bool = True) -> dict[str, Any]:
        """Every field for JSON (tiles in mpsz); ``state=False`` leaves the seat's view out."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "round": self.round,
            "turn": self.turn,
            "played": self.played,
            "best": self.best,
            "shanten_before": self.shanten_before,
            "played_shanten": self.played_shanten,
            "best_shanten": self.best_shanten,
            "played_live": self.played_live,
            "best_live": self.best_live,
            "verdict": self.verdict,
            "why": self.why,
            "given_up": _tiles(self.given_up),
            "gained": _tiles(self.gained),
            "played_accepts": _tiles(self.played_accepts),
            "best_accepts": _tiles(self.best_accepts),
            "back": self.back,
            "furiten": self.furiten,
            "dead": self.dead,
            "forced": self.forced,
            "defence": list(self.defence),
            "declares_riichi": self.declares_riichi,
            "facts": self.facts,
        }
        if state:
            out["state"] = None if self.state is None else state_dict(self.state)
        return out
