"""Tables built from hands and draws written in notation, for the named rule tests of the
game engine: the wall holds the given tiles where they are given and fills the rest
from the tiles left over, in a fixed order, so that every test is exact."""

from __future__ import annotations

from riichi_lut.core.tiles import NUM_CODES, parse_tiles
from riichi_lut.game.actions import Action
from riichi_lut.game.roundwall import RoundWall
from riichi_lut.game.rules import TENHOU_GAME, GameRules
from riichi_lut.game.table import Table


def _tiles(text: str) -> list[int]:
    return parse_tiles(text) if text else []


def build_wall(
    hands: list[str],
    draws: str = "",
    *,
    rinshan: str = "",
    dora: str = "",
    ura: str = "",
    players: int = 4,
    red: bool = True,
) -> RoundWall:
    """A wall whose deal is ``hands`` (13 tiles each, seat order), whose first live draws
    are ``draws``, replacement tiles ``rinshan``, indicators ``dora`` and ``ura``; every
    other tile is filled in from what is left (plain fives before red ones)."""
    pool = [4] * 34 + [0, 0, 0]
    if red:
        for kind, code in ((4, 34), (13, 35), (22, 36)):
            pool[kind], pool[code] = 3, 1
    if players == 3:
        for kind in range(1, 8):
            pool[kind] = 0
    dealt = [_tiles(h) for h in hands]
    given = [t for h in dealt for t in h] + _tiles(draws) + _tiles(rinshan) + _tiles(dora) + _tiles(ura)
    for tile in given:
        pool[tile] -= 1
        if pool[tile] < 0:
            raise ValueError(f"too many copies of tile {tile}")
    rest = [code for code in range(NUM_CODES) for _ in range(pool[code])]
    live_size = 70 if players == 4 else 55

    def fill(tiles: list[int], size: int) -> list[int]:
        out = list(tiles)
        while len(out) < size:
            out.append(rest.pop(0))
        return out

    live = fill(_tiles(draws), live_size)
    rin = fill(_tiles(rinshan), 4)
    dora_list = fill(_tiles(dora), 5)
    ura_list = fill(_tiles(ura), 5)
    return RoundWall(tuple(tuple(h) for h in dealt), live, rin, dora_list, ura_list, live_size)


def table_with(
    hands: list[str],
    draws: str = "",
    *,
    rules: GameRules = TENHOU_GAME,
    dealer: int = 0,
    scores: tuple[int, ...] | None = None,
    **wall: object,
) -> Table:
    """A table dealt from :func:`build_wall`; seat ``dealer`` deals and has drawn."""
    table = Table(rules, scores)
    table.dealer = dealer
    table.number = dealer
    table.start_round(build_wall(hands, draws, players=rules.players, **wall))  # type: ignore[arg-type]
    return table


def act(table: Table, seat: int, kind: str, tile: str | None = None, consumed: str = "", **kw: object):
    """Step one action written in notation; returns the events."""
    code = parse_tiles(tile)[0] if tile else None
    action = Action(kind, seat, tile=code, consumed=tuple(_tiles(consumed)), **kw)  # type: ignore[arg-type]
    return table.step({seat: action})


def claims(table: Table, **by_seat: tuple[str, str | None, str]):
    """Step a claim moment: ``s1=("pon", "5m", "55m")``; seats not named pass."""
    actions = {}
    for name, (kind, tile, consumed) in by_seat.items():
        seat = int(name[1:])
        code = parse_tiles(tile)[0] if tile else None
        actions[seat] = Action(kind, seat, tile=code, consumed=tuple(_tiles(consumed)))
    return table.step(actions)


def discard_draw(table: Table, tile: str) -> list:
    """The actor discards ``tile``, everyone passes any claim."""
    events = act(table, table.actor, "discard", tile)
    while table.phase in ("claim", "chankan"):
        events += table.step({})
    return events
