"""The Chinese Official (MCR) requests: ``mcr score``, ``mcr hint`` and ``mcr shanten``.

The MCR package is loaded when one of them runs, not when they are declared (the Riichi
commands start without it).

>>> hint = REQUESTS_MCR["mcr hint"]
>>> hint.run(hint.read({"hand": "12m456p789s123s55z"})).shanten
0
"""

from __future__ import annotations

from typing import Any

from .params import Param, choice, whole_number
from .request import Request
from .riichi import SEAT_WIND, WIN_TILE, hand_param, hand_text, rows_failed, shanten_rows

__all__ = ["REQUESTS_MCR"]


def _score(values: dict[str, Any]) -> Any:
    from ..mcr import McrRules, Win, score  # noqa: PLC0415 (start-up: the Riichi commands do not load MCR)

    win = Win(
        self_drawn=values["self_drawn"],
        seat_wind=values["seat_wind"],
        prevalent_wind=values["prevalent_wind"],
        flowers=values["flowers"],
        last_tile=values["last_tile"],
        kong_replacement=values["kong_replacement"],
        robbing_kong=values["robbing_kong"],
        last_tile_of_wall=values["last_tile_of_wall"],
    )
    return score(hand_text(values), values["win_tile"], win, rules=McrRules(edition=values["edition"]))


def _hint(values: dict[str, Any]) -> Any:
    from ..mcr import hint  # noqa: PLC0415 (start-up: the Riichi commands do not load MCR)

    return hint(hand_text(values), visible=values["visible"] or None)


def _shanten(values: dict[str, Any]) -> list[dict[str, Any]]:
    from ..mcr import shanten  # noqa: PLC0415 (start-up: the Riichi commands do not load MCR)

    return shanten_rows(values["hand"], shanten)


REQUESTS_MCR: dict[str, Request] = {
    "mcr score": Request(
        command=("mcr", "score"),
        route="/api/mcr/score",
        help="score a winning MCR hand and explain every fan",
        params=(
            hand_param('the whole hand, winning tile included: "123m55p [678s] (1111z)"'),
            WIN_TILE,
            Param("self_drawn", reader=None, help="won by self-draw (default: on a discard)"),
            SEAT_WIND,
            Param(
                "prevalent_wind",
                flag="--prevalent",
                required=True,
                help="prevalent (round) wind: E, S, W or N (either case), e.g. S",
            ),
            Param(
                "flowers",
                reader=whole_number(),
                default="0",
                help="flower tiles set aside, 0-8 (1 point each)",
            ),
            Param("last_tile", reader=None, help="the last copy of the winning tile (Last Tile)"),
            Param("kong_replacement", reader=None, help="won on a kong's replacement tile"),
            Param("robbing_kong", reader=None, help="won on a tile added to a melded pung"),
            Param(
                "last_tile_of_wall",
                reader=None,
                flag="--last-of-wall",
                help="won on the last tile of the wall",
            ),
            Param(
                "edition",
                reader=choice("2006", "1998"),
                default="2006",
                help="rulebook edition: 2006 or 1998",
            ),
        ),
        run=_score,
        examples=(
            'riichi-lut mcr score "123m456p789s123s55z" --win 5z --seat E --prevalent S',
            'riichi-lut mcr score "123m456p789s123s55z" --win 5z --self-drawn --seat w --prevalent e'
            " --flowers 2 --json",
        ),
    ),
    "mcr hint": Request(
        command=("mcr", "hint"),
        route="/api/mcr/hint",
        help="MCR discard advice (14 tiles) or acceptance (13), with points per wait",
        params=(
            hand_param('e.g. "123m456p789s1235z5z"'),
            Param("visible", default="", help='tiles seen elsewhere, e.g. "1m 4m 77z"'),
        ),
        run=_hint,
        examples=(
            'riichi-lut mcr hint "123m456p789s1235z5z"',
            'riichi-lut mcr hint "123m45678p123s55z" --json',
        ),
    ),
    "mcr shanten": Request(
        command=("mcr", "shanten"),
        route="/api/mcr/shanten",
        help="exact MCR shanten of hands, every form",
        params=(hand_param('e.g. "147m258p369s1234z"', many=True),),
        run=_shanten,
        report=list,
        failed=rows_failed,
        examples=('riichi-lut mcr shanten "147m258p369s1234z" "11223344556677m" --json',),
    ),
}
"""The MCR requests by command name."""
