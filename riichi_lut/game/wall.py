"""Walls: Tenhou's shuffle from a log's seed, our own seeded wall, and a wall the user gives.

A :class:`Wall` is the tiles as 136-ids (kind * 4 + copy; with red fives, ids 16, 52, 88
are the red 5m, 5p, 5s) in *yama* order, Tenhou's: the deal and the live draws come from
the end, the dead wall is the first 14.

- **The deal**: four tiles to each seat in turn from the dealer, three times, from
  ``yama[135]`` down, then one each: the dealer holds ``yama[135..132, 119..116,
  103..100, 87]``, the next seat ``yama[131..128, 115..112, 99..96, 86]`` and so on.
- **Live draws**: ``yama[83]``, ``yama[82]``, … down to ``yama[14]`` (70 tiles); each kan
  (each kita in three players) makes the live wall one tile shorter at that end.
- **Dead wall**: replacement tiles ``yama[1], yama[0], yama[3], yama[2]``; dora
  indicators ``yama[5], yama[7], yama[9], yama[11], yama[13]``; ura indicators
  ``yama[4], yama[6], …``.

Every live draw of the 480 hands of the project's Tenhou logs that carry a seed (22,074
draws), every dealt hand, replacement tile, kan dora and ura indicator, is checked
against this reading (``tests/game/test_wall.py``). Logs of the older seed format
(``mt19937ar-sha512-n288`` with 32 hex words) hold the first dora indicator at
``yama[4]`` and the first ura indicator at ``yama[5]``.

**Tenhou's shuffle** (the seed of ``<SHUFFLE seed="mt19937ar-sha512-n288-base64,…">``):
the base64 text is 624 little-endian 32-bit words, MT19937's ``init_by_array`` key (the
older format gives 32 hex words). Each hand in turn takes 288 words; each 128-byte chunk
of them (little-endian) is hashed with SHA-512, and the 9 digests are read as 144
little-endian words ``rnd``. The wall starts as ids 0..135; for ``i`` in 0..134,
``yama[i]`` swaps with ``yama[i + rnd[i] % (136 - i)]``; the dice are ``rnd[135] % 6``
and ``rnd[136] % 6`` (0-5, as the log's INIT writes them).

**Our seeded wall** (:func:`seeded_wall`): the same swap shuffle over a stream of SHA-512
digests of the text ``riichi-lut wall v1`` and the game's seed, round, honba and game
number; defined in ``docs/game-wall.md`` precisely enough to rebuild in any language. It
depends on its arguments only, never on what happened before (Mortal's rule), so a
duplicate match replays the same walls.

Three players (108 tiles, 2m-8m removed): the same shuffle over the 108 ids in
ascending order, 13 tiles dealt to each of three seats (``yama[107]`` down), 55 live
tiles. Tenhou's own three-player wall is unverified (no three-player log with a seed is
in the project's data).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.players import ABSENT_IN_THREE_PLAYER
from ..errors import InvalidArgumentError, LogFormatError
from .mt19937 import MT19937

__all__ = [
    "DEAD_WALL",
    "THREE_PLAYER_IDS",
    "Wall",
    "seeded_wall",
    "tenhou_walls",
    "wall_from_tiles",
]

#: Tiles in the dead wall.
DEAD_WALL = 14
#: The 108 ids of the three-player set (no 2m-8m), ascending.
THREE_PLAYER_IDS = tuple(i for i in range(136) if i // 4 not in ABSENT_IN_THREE_PLAYER)

_RINSHAN = (1, 0, 3, 2)
_WORDS_PER_HAND = 288


@dataclass(frozen=True)
class Wall:
    """One hand's wall: ``tiles`` the ids in yama order (136, or 108 for three players),
    ``dice`` the two dice (0-5 each) or ``None``, ``players``, and ``old_dead_wall``: the
    older Tenhou seed format's dora/ura places (see the module docstring)."""

    tiles: tuple[int, ...]
    dice: tuple[int, int] | None = None
    players: int = 4
    old_dead_wall: bool = False

    def deal(self, dealer: int) -> tuple[tuple[int, ...], ...]:
        """The 13 tiles of each seat, seats in order 0.., ``dealer`` served first."""
        n = self.players
        top = len(self.tiles) - 1
        hands: list[list[int]] = [[] for _ in range(n)]
        position = top
        for _ in range(3):
            for turn in range(n):
                for _ in range(4):
                    hands[(dealer + turn) % n].append(self.tiles[position])
                    position -= 1
        for turn in range(n):
            hands[(dealer + turn) % n].append(self.tiles[position])
            position -= 1
        return tuple(tuple(h) for h in hands)

    @property
    def live_draws(self) -> tuple[int, ...]:
        """The live tiles in the order they are drawn (the haitei last when no kan is
        made: each kan ends the live wall one tile earlier)."""
        first = len(self.tiles) - 1 - 13 * self.players
        return tuple(self.tiles[i] for i in range(first, DEAD_WALL - 1, -1))

    def rinshan(self, index: int) -> int:
        """The ``index``-th replacement tile (0-3 from the dead wall; beyond, in three
        players, the tiles the dead wall takes from the live wall's end)."""
        if index < len(_RINSHAN):
            return self.tiles[_RINSHAN[index]]
        return self.tiles[DEAD_WALL + index - len(_RINSHAN)]

    def dora_indicator(self, index: int) -> int:
        """Dora indicator ``index`` (0 the first, 1-4 the kan dora)."""
        return self.tiles[(4 if self.old_dead_wall else 5) + 2 * index]

    def ura_indicator(self, index: int) -> int:
        """Ura dora indicator ``index``."""
        return self.tiles[(5 if self.old_dead_wall else 4) + 2 * index]


def _shuffled(ids: Sequence[int], rnd: Sequence[int]) -> list[int]:
    """The swap shuffle: ``yama[i]`` with ``yama[i + rnd[i] % (n - i)]``."""
    yama = list(ids)
    n = len(yama)
    for i in range(n - 1):
        j = i + rnd[i] % (n - i)
        yama[i], yama[j] = yama[j], yama[i]
    return yama


def _digest_words(data: bytes) -> list[int]:
    """SHA-512 of each 128-byte chunk, read as little-endian 32-bit words."""
    out: list[int] = []
    for start in range(0, len(data), 128):
        out.extend(struct.unpack("<16I", hashlib.sha512(data[start : start + 128]).digest()))
    return out


def _seed_key(seed_text: str) -> tuple[list[int], bool]:
    """The MT19937 key of a SHUFFLE seed, and whether it is the older format."""
    name, _, body = seed_text.strip().partition(",")
    if name == "mt19937ar-sha512-n288-base64":
        try:
            data = base64.b64decode(body, validate=True)
        except (binascii.Error, ValueError):
            raise LogFormatError("SHUFFLE seed: the base64 text cannot be decoded") from None
        if len(data) != 624 * 4:
            raise LogFormatError(f"SHUFFLE seed: {len(data)} bytes of key, Tenhou's is 2496 (624 words)")
        return list(struct.unpack("<624I", data)), False
    if name == "mt19937ar-sha512-n288":
        try:
            key = [int(word, 16) for word in body.split(",")]
        except ValueError:
            raise LogFormatError("SHUFFLE seed: the key is not comma-separated hex words") from None
        if not key or any(not 0 <= k <= 0xFFFFFFFF for k in key):
            raise LogFormatError("SHUFFLE seed: the key's words must be 32-bit hex numbers")
        return key, True
    raise LogFormatError(
        f"SHUFFLE seed: unknown scheme {name[:40]!r} (known: mt19937ar-sha512-n288-base64,"
        " mt19937ar-sha512-n288)"
    )


def tenhou_walls(seed_text: str, hands: int, *, players: int = 4) -> list[Wall]:
    """The walls of the first ``hands`` hands of a Tenhou game, from its ``SHUFFLE``
    seed text (the whole ``seed`` attribute)."""
    key, old = _seed_key(seed_text)
    generator = MT19937(key)
    ids = THREE_PLAYER_IDS if players == 3 else tuple(range(136))
    walls = []
    for _ in range(hands):
        words = generator.next_words(_WORDS_PER_HAND)
        rnd = _digest_words(struct.pack(f"<{_WORDS_PER_HAND}I", *words))
        yama = _shuffled(ids, rnd)
        walls.append(Wall(tuple(yama), (rnd[135] % 6, rnd[136] % 6), players, old))
    return walls


_LABEL = b"riichi-lut wall v1"


def seeded_wall(seed: int, round: int, honba: int, *, players: int = 4, game: int = 0) -> Wall:
    """Our wall of one hand: a function of ``seed``, ``round`` (0 = East 1), ``honba``,
    ``players`` and ``game`` only (``docs/game-wall.md``).

    >>> seeded_wall(1, 0, 0).tiles[:6]
    (92, 23, 97, 96, 110, 102)
    """
    values = (seed, round, honba, players, game)
    for name, value in zip(("seed", "round", "honba", "players", "game"), values, strict=True):
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**63:
            raise InvalidArgumentError.about(name, f"must be a whole number 0..2**63-1, got {value!r}")
    if players not in (3, 4):
        raise InvalidArgumentError.about("players", f"must be 3 or 4, got {players}")
    prefix = _LABEL + struct.pack("<5Q", *values)
    stream: list[int] = []
    block = 0
    ids = THREE_PLAYER_IDS if players == 3 else tuple(range(136))
    n = len(ids)

    def word() -> int:
        nonlocal block
        if not stream:
            stream.extend(struct.unpack("<16I", hashlib.sha512(prefix + struct.pack("<Q", block)).digest()))
            block += 1
        return stream.pop(0)

    def below(bound: int) -> int:  # uniform in 0..bound-1, rejection sampling (no modulo bias)
        limit = (1 << 32) - (1 << 32) % bound
        while True:
            value = word()
            if value < limit:
                return value % bound

    yama = list(ids)
    for i in range(n - 1):
        j = i + below(n - i)
        yama[i], yama[j] = yama[j], yama[i]
    return Wall(tuple(yama), (below(6), below(6)), players)


def wall_from_tiles(tiles: Iterable[int], *, dice: tuple[int, int] | None = None, players: int = 4) -> Wall:
    """A wall the user gives: the 136 ids (108 for three players) in yama order."""
    if players not in (3, 4):
        raise InvalidArgumentError.about("players", f"must be 3 or 4, got {players}")
    try:
        ids = [int(t) for t in tiles]
    except (TypeError, ValueError):
        raise InvalidArgumentError.about("tiles", "must be tile ids (whole numbers 0..135)") from None
    expected = THREE_PLAYER_IDS if players == 3 else tuple(range(136))
    if len(ids) != len(expected):
        raise InvalidArgumentError.about("tiles", f"must hold {len(expected)} tile ids, got {len(ids)}")
    seen: set[int] = set()
    for position, tile in enumerate(ids):
        if not 0 <= tile < 136:
            raise InvalidArgumentError.about("tiles", f"[{position}] is {tile}, outside 0..135")
        if tile // 4 in ABSENT_IN_THREE_PLAYER and players == 3:
            raise InvalidArgumentError.about(
                "tiles", f"[{position}] is id {tile} (2m-8m), absent in three players"
            )
        if tile in seen:
            raise InvalidArgumentError.about("tiles", f"[{position}] repeats id {tile}")
        seen.add(tile)
    if dice is not None and (len(dice) != 2 or any(not 0 <= d <= 5 for d in dice)):
        raise InvalidArgumentError.about("dice", f"must be two numbers 0..5, got {dice!r}")
    return Wall(tuple(ids), dice, players)
