"""The Riichi requests: ``hint``, ``ukeire``, ``shanten``, ``score`` and ``yaku``.

Each is declared once (its parameters with their flag and field, its ``run`` and its
``report``); ``riichi-lut`` builds its options from these, and the web API reads its query
strings by them.

>>> score = REQUESTS_RIICHI["score"]
>>> given = {"hand": "22334455667788p", "win_tile": "8p", "ron": True, "seat_wind": "S", "round_wind": "E"}
>>> score.run(score.read(given)).total
24000
"""

from __future__ import annotations

from typing import Any

from ..analysis.efficiency import ukeire
from ..analysis.shanten import shanten
from ..coach.hints import hint
from ..core.hand import parse_hand
from ..core.tiles import parse_tiles
from ..core.visible import Visible
from ..errors import InvalidHandError, RiichiLutError, quote
from .params import Group, Param, about, choice, key_of, whole_number
from .request import Request

__all__ = [
    "REQUESTS_RIICHI",
    "WIN_FLAG_HELP",
    "hand_param",
    "hand_text",
    "rows_failed",
    "rule_preset",
    "shanten_rows",
    "tiles_reader",
]

EXAMPLE_HAND = "2234m506p678s5557z"


def hand_param(help: str, *, required: bool = True, many: bool = False) -> Param:
    """The hand: positional ``HAND`` on the command line, ``q`` on the web (tenhou.net/2's)."""
    return Param("hand", help=help, positional=True, field="q", metavar="HAND", required=required, many=many)


def rule_preset(text: str) -> Any:
    """The :class:`~riichi_lut.riichi.RuleSet` preset ``text`` names, in any case
    (spaces, ``-`` and ``_`` ignored).

    >>> rule_preset("mahjong-soul").name, rule_preset("M-LEAGUE").name
    ('Mahjong Soul', 'M-League')
    """
    from ..riichi import PRESETS  # noqa: PLC0415 (start-up: only the requests that score load it)

    found = {key_of(name): rules for name, rules in PRESETS.items()}.get(key_of(text))
    if found is None:
        raise ValueError(f"must be a rule preset (any case): {', '.join(PRESETS)}; got {quote(text)}")
    return found


PLAYERS = Param(
    "players", reader=choice(3, 4), default="4", help="3 for three-player Riichi (sanma: no 2m-8m)"
)
VISIBLE = Param("visible", default="", also=("other",), help='tiles seen elsewhere, e.g. "1m 4m 77z [123s]"')
DISCARDED = Param(
    "own_discards",
    flag="--discarded",
    default="",
    help='your own discards (visible, and they decide furiten), e.g. "9m 1z"',
)


def _visible(values: dict[str, Any]) -> Visible | str | None:
    """``visible`` and ``own_discards`` as the library takes them."""
    if values["own_discards"]:
        return Visible(other=values["visible"], own_discards=values["own_discards"])
    return values["visible"] or None


def hand_text(values: dict[str, Any]) -> str:
    """The hand's text, read once here so that its errors are about ``hand``."""
    text: str = values["hand"]
    with about("hand"):
        parse_hand(text)
    return text


def _hint(values: dict[str, Any]) -> Any:
    return hint(hand_text(values), _visible(values), players=values["players"])


def _ukeire(values: dict[str, Any]) -> Any:
    text = hand_text(values)
    if parse_hand(
        text
    ).is_complete_size:  # the library points at its own functions; a shell user asks for a hint
        raise InvalidHandError.about(
            "hand",
            "has 14 tiles counting calls as 3: ukeire takes 13; for 14 tiles use riichi-lut hint"
            " or /api/hint",
        )
    return ukeire(text, _visible(values), players=values["players"])


def shanten_rows(hands: list[str], shanten_of: Any) -> list[dict[str, Any]]:
    """Each hand's ``shanten_of(hand).to_dict()`` with ``"hand"`` (its text, normalised), or
    for a hand that cannot be read ``{"hand": the text given, "error": message, "type": error
    class}``: one bad hand does not stop the others."""
    rows: list[dict[str, Any]] = []
    for text in hands:
        try:
            hand = parse_hand(text)
            result = shanten_of(hand).to_dict()
        except RiichiLutError as exc:
            rows.append({"hand": text, "error": str(exc), "type": type(exc).__name__})
            continue
        rows.append({"hand": hand.to_text(), **result})
    return rows


def rows_failed(rows: list[dict[str, Any]]) -> bool:
    """Whether a hand of :func:`shanten_rows` could not be read."""
    return any("error" in row for row in rows)


def _shanten(values: dict[str, Any]) -> list[dict[str, Any]]:
    players = values["players"]
    return shanten_rows(values["hand"], lambda hand: shanten(hand, players=players))


#: The help of each flag of a win (:data:`~riichi_lut.riichi.win.WIN_FLAGS`).
WIN_FLAG_HELP = {
    "riichi": "declared riichi",
    "double_riichi": "declared riichi on the first turn",
    "ippatsu": "won within one turn of riichi",
    "haitei": "tsumo on the last tile of the wall",
    "houtei": "ron on the last discard",
    "rinshan": "tsumo on a kan's replacement tile",
    "chankan": "ron on the tile of an added kan",
    "tenhou": "the dealer's win on the first draw",
    "chiihou": "a non-dealer's tsumo on the first draw",
    "renhou": "a non-dealer's ron before the first draw",
}


def tiles_reader(name: str) -> Any:
    """A reader of tiles text for parameter ``name``: checked here so that its parse
    errors are about it (the library reads it again where the win is scored)."""

    def read(value: str) -> str:
        if value.strip():
            with about(name):
                parse_tiles(value)
        return value

    return read


def _score(values: dict[str, Any]) -> Any:
    from ..riichi import Win, score  # noqa: PLC0415 (start-up: only scoring loads the scorer)

    rules = values["rules"]
    if values["kiriage"]:
        rules = rules.replace(kiriage=True)
    flags = {name: values[name] for name in WIN_FLAG_HELP if name != "chankan"}
    win = Win(
        tsumo=values["tsumo"],
        seat_wind=values["seat_wind"],
        round_wind=values["round_wind"],
        **flags,
        chankan="closed" if values["chankan_closed"] else values["chankan"],
        dora_indicators=values["dora_indicators"],
        ura_indicators=values["ura_indicators"],
        honba=values["honba"],
        riichi_sticks=values["riichi_sticks"],
        open_riichi=values["open_riichi"],
        paarenchan=values["paarenchan"],
        kita=values["kita"],
    )
    return score(hand_text(values), values["win_tile"], win, rules=rules)


def _score_report(result: Any) -> Any:
    from ..coach.explain import score_report  # noqa: PLC0415 (start-up: only scoring loads the explainer)

    return score_report(result)


def _yaku(values: dict[str, Any]) -> Any:
    from ..riichi.glossary import YAKU  # noqa: PLC0415 (start-up: the glossary is large)
    from ..riichi.yaku_names import search_yaku  # noqa: PLC0415 (start-up: as the glossary)

    name = values["name"]
    if name is None:
        return list(YAKU)
    with about("name"):
        found = search_yaku(name)
    return found[0] if len(found) == 1 else list(found)  # a family (yakuhai): each of it


def _yaku_report(result: Any) -> Any:
    return [entry.to_dict() for entry in result] if isinstance(result, list) else result.to_dict()


WIN_TILE = Param(
    "win_tile",
    reader=tiles_reader("win_tile"),
    flag="--win",
    required=True,
    help='the winning tile, e.g. "5p"',
)
SEAT_WIND = Param(
    "seat_wind", flag="--seat", required=True, help="seat wind: E, S, W or N (either case), e.g. S"
)


def _score_params() -> tuple[Param, ...]:
    win_flags = [Param(name, reader=None, help=help) for name, help in WIN_FLAG_HELP.items()]
    return (
        hand_param('the whole hand, winning tile included: "234m55p [678s] (1111z)"'),
        WIN_TILE,
        Param("tsumo", reader=None, help="won by self-draw"),
        Param("ron", reader=None, help="won on a discard"),
        SEAT_WIND,
        Param(
            "round_wind", flag="--round", required=True, help="round wind: E, S, W or N (either case), e.g. E"
        ),
        *win_flags,
        Param(
            "chankan_closed",
            reader=None,
            help="ron on a tile robbed from a closed kan (thirteen orphans, where the rules allow)",
        ),
        Param(
            "dora_indicators",
            reader=tiles_reader("dora_indicators"),
            flag="--dora",
            default="",
            help='dora indicators, e.g. "1m5z"',
        ),
        Param(
            "ura_indicators",
            reader=tiles_reader("ura_indicators"),
            flag="--ura",
            default="",
            help="ura dora indicators (riichi only)",
        ),
        Param("honba", reader=whole_number(), default="0", help="honba counters on the table, 0..100"),
        Param(
            "riichi_sticks",
            reader=whole_number(),
            flag="--sticks",
            default="0",
            help="riichi sticks on the table that you take, yours included, 0..120 (0 for the second winner"
            " of a double ron: the first took them)",
        ),
        Param(
            "open_riichi", reader=None, help="the riichi was declared open (scored where the rules play it)"
        ),
        Param(
            "paarenchan",
            reader=whole_number(),
            default="0",
            metavar="N",
            help="the dealer's consecutive wins, this one included (8+: paarenchan, where the rules play it)",
        ),
        Param(
            "kita",
            reader=whole_number(),
            default="0",
            metavar="N",
            help="North tiles set aside as dora (three players only: --rules 'tenhou sanma')",
        ),
        Param(
            "rules",
            reader=rule_preset,
            default="Tenhou",
            metavar="PRESET",
            help="rule preset, any case: Tenhou, Mahjong Soul, M-League, WRC, EMA, Tenhou sanma,"
            " Mahjong Soul sanma",
        ),
        Param("kiriage", reader=None, help="round 4 han 30 fu / 3 han 60 fu up to mangan"),
    )


REQUESTS_RIICHI: dict[str, Request] = {
    "hint": Request(
        command=("hint",),
        route="/api/hint",
        help="best discard with a plain-English why (14 tiles), or acceptance (13)",
        params=(
            hand_param('e.g. "1234m5677p2345s12z" or "23m456p22z1s [789s] (1111z)"'),
            VISIBLE,
            DISCARDED,
            PLAYERS,
        ),
        run=_hint,
        examples=(
            f'riichi-lut hint "{EXAMPLE_HAND}" --top 3',
            'riichi-lut hint "123m456p789s1122z3z" --discarded "1z" --visible "2z 2z"',
            'riichi-lut hint "23m456p22z1s [789s] (1111z)" --json',
        ),
    ),
    "ukeire": Request(
        command=("ukeire",),
        route="/api/ukeire",
        help="shanten and accepted tiles of a 13-tile hand, per form",
        params=(
            hand_param('13 tiles counting calls as 3, e.g. "123m456p789s1122z"'),
            VISIBLE,
            DISCARDED,
            PLAYERS,
        ),
        run=_ukeire,
        examples=(
            'riichi-lut ukeire "123m456p789s1122z" --visible "1z"',
            'riichi-lut ukeire "23m456p789s11z [123s]" --discarded "4m" --json',
        ),
    ),
    "score": Request(
        command=("score",),
        route="/api/score",
        help="score a winning Riichi hand and explain it",
        params=_score_params(),
        groups=(
            Group("win_by", ("tsumo", "ron"), required=True, help="how the hand was won"),
            Group("robbed_kan", ("chankan", "chankan_closed"), help="the robbed kan"),
        ),
        run=_score,
        report=_score_report,
        examples=(
            'riichi-lut score "234m456p678s22345s" --win 5s --ron --seat S --round E --riichi --sticks 1',
            'riichi-lut score "19m19p19s12345677z" --win 1m --tsumo --seat e --round e'
            ' --rules "mahjong soul"',
        ),
    ),
    "shanten": Request(
        command=("shanten",),
        route="/api/shanten",
        help="exact shanten of hands in mpsz notation",
        params=(hand_param('e.g. "123456789m1111z" or "23m456p22z [789s] (1111z)"', many=True), PLAYERS),
        run=_shanten,
        report=list,
        failed=rows_failed,
        examples=(
            'riichi-lut shanten "123456789m1111z" "23m456p22z [789s] (1111z)"',
            'riichi-lut shanten --json "11223344556677z"',
        ),
    ),
    "yaku": Request(
        command=("yaku",),
        route="/api/yaku",
        help="the yaku glossary: every yaku, or one in full",
        params=(
            Param(
                "name",
                positional=True,
                metavar="NAME",
                help="a yaku id, romaji, English, kanji or everyday name (default: all), e.g. sanshoku",
            ),
        ),
        run=_yaku,
        report=_yaku_report,
        examples=("riichi-lut yaku", "riichi-lut yaku pinfu", 'riichi-lut yaku "seven pairs" --json'),
    ),
}
"""The Riichi requests by command name."""
