"""Error messages in the words of the command line: the library names its Python
parameters (``seat_wind``, ``riichi_sticks``, ``own_discards``, ``n_games``); the command
names the flag the user typed (``--seat``, ``--sticks``, ``--discarded``, ``--games``).

Each command has a table of parameter name -> flag (``FLAGS_*``, given to the parser
with ``set_defaults(flags=...)``); :func:`flag_names` applies it to an error's text. A name
with ``_`` (or a phrase) is replaced wherever it stands; a plain word (``n``, ``honba``,
``visible``) only where it names a parameter: before ``=``, ``:``, ``[``, `` must``,
`` needs`` or `` is``. :func:`naming` puts a flag in front of what the library says about
a value it does not name (``--dora: unknown character 'x' ...``).

>>> flag_names("riichi_sticks is 0: give riichi_sticks=1 or more", FLAGS_SCORE)
'--sticks is 0: give --sticks=1 or more'
>>> flag_names("n must be an int >= 0, got -1; 3 visible", FLAGS_HAIPAI)
'--n must be an int >= 0, got -1; 3 visible'
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from ..errors import RiichiLutError, TileParseError

__all__ = [
    "FLAGS_EXACT",
    "FLAGS_HAIPAI",
    "FLAGS_HINT",
    "FLAGS_MCR_HINT",
    "FLAGS_MCR_SCORE",
    "FLAGS_NANIKIRU",
    "FLAGS_SCORE",
    "FLAGS_SELFPLAY",
    "FLAGS_UKEIRE",
    "flag_names",
    "naming",
]

_VISIBLE = {"visible other": "--visible", "visible own_discards": "--discarded", "visible": "--visible"}
FLAGS_HINT: Mapping[str, str] = {**_VISIBLE, "own_discards": "--discarded"}
"""``riichi-lut hint``: the visible tiles and the player's own discards."""

FLAGS_UKEIRE: Mapping[str, str] = {**FLAGS_HINT, "rank_discards() or hint()": "riichi-lut hint"}
"""``riichi-lut ukeire``: as ``hint``, and the command for 14 tiles."""

FLAGS_SCORE: Mapping[str, str] = {
    "seat_wind": "--seat",
    "round_wind": "--round",
    "riichi_sticks": "--sticks",
    "honba": "--honba",
    "dora_indicators": "--dora",
    "ura_indicators": "--ura",
    "win_tile": "--win",
    "double_riichi": "--double-riichi",
    "open_riichi": "--open-riichi",
    "paarenchan": "--paarenchan",
    "kita": "--kita",
}
"""``riichi-lut score``: the facts of the win."""

FLAGS_MCR_SCORE: Mapping[str, str] = {
    "seat_wind": "--seat",
    "prevalent_wind": "--prevalent",
    "win_tile": "--win",
    "self_drawn": "--self-drawn",
    "flowers": "--flowers",
    "last_tile_of_wall": "--last-of-wall",
    "last_tile": "--last-tile",
    "kong_replacement": "--kong-replacement",
    "robbing_kong": "--robbing-kong",
}
"""``riichi-lut mcr score``: the facts of an MCR win."""

FLAGS_MCR_HINT: Mapping[str, str] = {"visible": "--visible"}
"""``riichi-lut mcr hint``."""

_SIMULATION = {
    "seed": "--seed",
    "workers": "--workers",
    "chunk_size": "--chunk-size",
    "timeout": "--dask-timeout",
}
FLAGS_EXACT: Mapping[str, str] = {"tiles": "--tiles", "form": "--form"}
"""``riichi-lut simulate exact``."""

FLAGS_HAIPAI: Mapping[str, str] = {**_SIMULATION, **FLAGS_EXACT, "n": "--n"}
"""``riichi-lut simulate haipai``."""

FLAGS_SELFPLAY: Mapping[str, str] = {
    **_SIMULATION,
    "n_games": "--games",
    "draws": "--draws",
    "seat_wind": "--seat",
    "round_wind": "--round",
}
"""``riichi-lut simulate selfplay``."""

FLAGS_NANIKIRU: Mapping[str, str] = {
    **_SIMULATION,
    **_VISIBLE,
    "n": "--n",
    "draws": "--draws",
    "riichi": "--riichi",
}
"""``riichi-lut simulate nanikiru``."""

_WORD_END = r"(?==|:|\[| must\b| needs\b| is\b)"


def _pattern(flags: Mapping[str, str]) -> re.Pattern[str]:
    parts = []
    for name in sorted(flags, key=len, reverse=True):  # "last_tile_of_wall" before "last_tile"
        end = r"(?!\w)" if "_" in name or " " in name or "(" in name else _WORD_END
        parts.append(re.escape(name) + end)
    return re.compile(r"(?<![\w\-])(?:" + "|".join(parts) + ")")


def flag_names(message: str, flags: Mapping[str, str]) -> str:
    """``message`` with every Python parameter of ``flags`` replaced by its flag."""
    if not flags:
        return message
    return _pattern(flags).sub(lambda m: flags[m.group(0)], message)


@contextmanager
def naming(flag: str) -> Iterator[None]:
    """Errors of the library raised inside start with ``flag`` (``--dora: ...``), of the
    same class; a parse error keeps its text and position."""
    try:
        yield
    except TileParseError as error:
        raise TileParseError(f"{flag}: {error.reason}", error.text, error.position) from None
    except RiichiLutError as error:
        raise type(error)(f"{flag}: {error}") from None
