"""The contract every scalar function and its batch twin share: one description per
parameter, written once and interpolated into both docstrings.

A scalar function (:func:`~riichi_lut.analysis.shanten.shanten`,
:func:`~riichi_lut.analysis.efficiency.ukeire`,
:func:`~riichi_lut.analysis.efficiency.rank_discards`) takes one hand; its batch twin
(``shanten_batch``, ``ukeire_batch``, ``best_discard_batch``) takes N hands as rows of an
(N, 34) array and returns arrays, row ``i`` holding what the scalar function gives for
hand ``i``. Parameters of the same meaning have the same name in both (``melds``,
``visible``); a parameter only one side has says so (``form``, ``threads``, ``two_step``).
The player's own discards, which are visible and decide furiten, are one exception of
form: the scalar side reads them from ``Visible(own_discards=...)`` inside ``visible``,
the batch side takes them as ``own_discards`` (an array beside ``visible``); both answer
the same ``furiten``.
The registry of the pairs is :data:`riichi_lut.analysis.twins.TWINS`, and one test module
checks every pair against the other and against the slow reference.

A docstring asks for the shared text with a line holding only ``$parameters(name, ...)``:

>>> @shared_parameters
... def f(counts, melds=0):
...     '''Example.
...
...     $parameters(counts, melds)
...     '''
>>> print(f.__doc__.splitlines()[2][:44])
    ``counts``: concealed tile counts: 34 of
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import Any, TypeVar

PARAMETERS: dict[str, str] = {
    "hand": (
        "one hand: notation (``'23m456p11z [789s] (1111z)'``, calls after the concealed"
        " tiles), a :class:`~riichi_lut.core.hand.Hand`, or 34 concealed counts (a list,"
        " tuple or 1-D array); the hand has ``13 - 3k`` or ``14 - 3k`` concealed tiles"
        " with ``k`` calls (kans count as three)"
    ),
    "counts": (
        "concealed tile counts: 34 of one hand (a list or tuple, for ``shanten_value``) or"
        " N hands as an (N, 34) integer array, one row per hand (uint8 is read without a"
        " copy, other integer dtypes with one); a bad row raises"
        " :class:`~riichi_lut.errors.InvalidHandError` naming the first one"
    ),
    "melds": (
        "calls whose tiles are not given: an int 0-4 for a hand given as counts (a Hand or"
        " notation carries its own calls, and ``melds`` is then refused), or for the batch"
        " an int or an (N,) array, one per row. Unknown call tiles do not cap the copies of"
        " a kind; add them to ``visible`` so that live counts are right"
    ),
    "visible": (
        "tiles seen outside the hand, which lower the live counts (never the acceptance):"
        " ``None``, notation, 34 counts or a :class:`~riichi_lut.core.visible.Visible`"
        " (scalar), or a (34,) or (N, 34) array of counts (batch); a kind may not exceed"
        " four copies with the hand. The scalar side's"
        " ``Visible(own_discards=...)`` are the player's own discards, which the batch"
        " side takes as ``own_discards``"
    ),
    "own_discards": (
        "batch only (the scalar side reads ``Visible(own_discards=...)`` in ``visible``):"
        " the player's own discards as a (34,) or (N, 34) array of counts, or ``None``;"
        " they count as visible (a kind may not exceed four copies with the hand and"
        " ``visible``) and decide furiten: a tenpai row whose waits include one of them"
        " (or, for a discard, the discarded tile) is ``furiten``"
    ),
    "form": (
        "``'all'`` (the minimum over the forms that apply), ``'standard'``,"
        " ``'chiitoitsu'`` or ``'kokushi'`` (the last two only for closed hands); the"
        " scalar result reports every form, so only the batch takes it"
    ),
    "threads": (
        "batch only: how many threads run the chunks of rows (default: every available"
        " core); the result does not depend on it"
    ),
    "two_step": (
        "scalar only: ``True``/``False`` or ``'all'``, ``'ties'``, ``'none'``: which"
        " discard options get the two-step measure (:mod:`riichi_lut.analysis.two_step`),"
        " ``'ties'`` being those tied with the best on shanten and live acceptance, the"
        " only ones whose order it can change; the batch twin never computes it"
    ),
}

_PLACEHOLDER = re.compile(r"^(?P<indent>[ \t]*)\$parameters\((?P<names>[^)]*)\)[ \t]*$", re.MULTILINE)
_Function = TypeVar("_Function", bound=Callable[..., Any])


def parameter_text(names: list[str], indent: str = "", width: int = 92) -> str:
    """The descriptions of ``names``, one wrapped paragraph each (the first line of each
    ``indent``-ed, the rest two spaces deeper)."""
    return "\n".join(
        textwrap.fill(
            f"``{name}``: {PARAMETERS[name]}",
            width=width,
            initial_indent=indent,
            subsequent_indent=indent + "  ",
            break_on_hyphens=False,
            break_long_words=False,
        )
        for name in names
    )


def shared_parameters(function: _Function) -> _Function:
    """Replace each ``$parameters(a, b)`` line of the docstring by the shared descriptions
    of ``a`` and ``b`` (a :class:`KeyError` for a name :data:`PARAMETERS` lacks)."""
    doc = function.__doc__
    if doc:  # None under python -OO

        def expand(match: re.Match[str]) -> str:
            names = [n.strip() for n in match["names"].split(",") if n.strip()]
            return parameter_text(names, match["indent"])

        function.__doc__ = _PLACEHOLDER.sub(expand, doc)
    return function
