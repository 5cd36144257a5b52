"""Actions as values, and one fixed action-id space for masks.

An :class:`Action` is what a seat decides at one moment: discard a tile, declare riichi,
call a discard (chi, pon, open kan), make a closed or added kan, set a North aside (kita,
three players), win (tsumo, ron), declare nine terminals, or pass. Its fields name the
tiles exactly (a red five is its own code), so a log's action is one value.

For learning agents every action also has an id in one fixed space of
:data:`NUM_ACTIONS` ids, the same for three and four players (ids a game cannot use are
never legal in it):

====================  =========  ==============================================
ids                   action     which
====================  =========  ==============================================
0-36                  discard    the tile code (34-36: a red five)
37                    riichi     declare; the seat's next decision is the discard
38, 39, 40            chi        the called tile is the lowest, middle, highest
41                    pon
42                    open_kan   (daiminkan)
43-76                 closed_kan of kind ``id - 43``
77-110                added_kan  of kind ``id - 77``
111                   tsumo
112                   ron
113                   pass
114                   nine_terminals
115                   kita
====================  =========  ==============================================

Several actions may share an id (a chi with or without the red five, a discard of the
tile just drawn or of its twin in the hand): :func:`action_of_id` picks one by a fixed
rule (a call uses the red five when it can; a discard is tsumogiri when it can).

>>> action_id(Action("discard", 0, tile=35))
35
>>> action_id(Action("chi", 1, tile=4, consumed=(5, 6)))
38
>>> ACTION_NAMES[113]
'pass'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.tiles import NUM_CODES, NUM_KINDS, is_red, kind_of, tile_name
from ..errors import IllegalActionError

__all__ = [
    "ACTION_NAMES",
    "ACTION_TYPES",
    "NUM_ACTIONS",
    "Action",
    "action_id",
    "action_of_id",
    "legal_mask",
]

DISCARD_A = "discard"
RIICHI_A = "riichi"
CHI_A = "chi"
PON_A = "pon"
OPEN_KAN_A = "open_kan"
CLOSED_KAN_A = "closed_kan"
ADDED_KAN_A = "added_kan"
TSUMO_A = "tsumo"
RON_A = "ron"
PASS_A = "pass"
NINE_A = "nine_terminals"
KITA_A = "kita"

ACTION_TYPES = (
    DISCARD_A,
    RIICHI_A,
    CHI_A,
    PON_A,
    OPEN_KAN_A,
    CLOSED_KAN_A,
    ADDED_KAN_A,
    TSUMO_A,
    RON_A,
    PASS_A,
    NINE_A,
    KITA_A,
)

RIICHI_ID = NUM_CODES
CHI_ID = RIICHI_ID + 1
PON_ID = CHI_ID + 3
OPEN_KAN_ID = PON_ID + 1
CLOSED_KAN_ID = OPEN_KAN_ID + 1
ADDED_KAN_ID = CLOSED_KAN_ID + NUM_KINDS
TSUMO_ID = ADDED_KAN_ID + NUM_KINDS
RON_ID = TSUMO_ID + 1
PASS_ID = RON_ID + 1
NINE_ID = PASS_ID + 1
KITA_ID = NINE_ID + 1

#: The size of the action-id space.
NUM_ACTIONS = KITA_ID + 1

#: A short name for each id: ``"discard 5m"``, ``"chi low"``, ``"closed_kan 1z"``, ...
ACTION_NAMES: tuple[str, ...] = (
    tuple(f"discard {tile_name(c)}" for c in range(NUM_CODES))
    + ("riichi", "chi low", "chi middle", "chi high", "pon", "open_kan")
    + tuple(f"closed_kan {tile_name(k)}" for k in range(NUM_KINDS))
    + tuple(f"added_kan {tile_name(k)}" for k in range(NUM_KINDS))
    + ("tsumo", "ron", "pass", "nine_terminals", "kita")
)


@dataclass(frozen=True)
class Action:
    """One decision of ``seat``. ``tile``: the discarded, called, added or won tile (for a
    closed kan one of its four, for kita the North); ``consumed``: the tiles a call takes
    from the hand (two for chi and pon, three for an open kan and for the pon an added kan
    completes, four for a closed kan); ``tsumogiri``: a discard of the tile just drawn
    (``None``: whichever the hand allows, the tile just drawn first)."""

    type: str
    seat: int
    tile: int | None = None
    consumed: tuple[int, ...] = ()
    tsumogiri: bool | None = None

    def __str__(self) -> str:
        text = f"seat {self.seat} {self.type}"
        if self.tile is not None:
            text += f" {tile_name(self.tile)}"
        if self.consumed:
            text += " with " + "".join(tile_name(c) for c in self.consumed)
        if self.tsumogiri:
            text += " (tsumogiri)"
        return text

    def same(self, other: Action) -> bool:
        """The same decision: equal but for a ``tsumogiri`` left open (``None``) on one (a
        closed kan is its four tiles, whichever of them ``tile`` names)."""
        tiles = (None, None) if self.type == CLOSED_KAN_A else (self.tile, other.tile)
        if (self.type, self.seat, tiles[0], tuple(sorted(self.consumed))) != (
            other.type,
            other.seat,
            tiles[1],
            tuple(sorted(other.consumed)),
        ):
            return False
        return self.tsumogiri is None or other.tsumogiri is None or self.tsumogiri == other.tsumogiri


def action_id(action: Action) -> int:
    """The id of ``action`` in the fixed space (see the module docstring)."""
    kind = action.type
    if kind == DISCARD_A and action.tile is not None:
        return action.tile
    if kind == CHI_A and action.tile is not None:
        called = kind_of(action.tile)
        lower = sum(1 for c in action.consumed if kind_of(c) < called)
        return CHI_ID + lower
    if kind in (CLOSED_KAN_A, ADDED_KAN_A) and action.tile is not None:
        return (CLOSED_KAN_ID if kind == CLOSED_KAN_A else ADDED_KAN_ID) + kind_of(action.tile)
    fixed = {
        RIICHI_A: RIICHI_ID,
        PON_A: PON_ID,
        OPEN_KAN_A: OPEN_KAN_ID,
        TSUMO_A: TSUMO_ID,
        RON_A: RON_ID,
        PASS_A: PASS_ID,
        NINE_A: NINE_ID,
        KITA_A: KITA_ID,
    }
    if kind in fixed:
        return fixed[kind]
    raise IllegalActionError(f"{action} has no id (a {kind} needs its tile)")


def legal_mask(actions: Iterable[Action]) -> list[bool]:
    """A boolean list of :data:`NUM_ACTIONS`: True at the id of each legal action."""
    mask = [False] * NUM_ACTIONS
    for action in actions:
        mask[action_id(action)] = True
    return mask


def _preference(action: Action) -> tuple[int, int]:
    """Lower is preferred among actions that share an id: a call using a red five, a
    discard of the tile just drawn."""
    return (-sum(1 for c in action.consumed if is_red(c)), 0 if action.tsumogiri else 1)


def action_of_id(legal: Sequence[Action], id: int) -> Action:
    """The legal action with ``id`` (see :func:`action_id`; ties by the fixed rule)."""
    if not 0 <= id < NUM_ACTIONS:
        raise IllegalActionError(f"action id {id} is outside 0..{NUM_ACTIONS - 1}")
    matching = [a for a in legal if action_id(a) == id]
    if not matching:
        raise IllegalActionError(f"action id {id} ({ACTION_NAMES[id]}) is not legal now")
    return min(matching, key=_preference)
