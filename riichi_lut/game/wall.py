"""Walls: Tenhou's shuffle from a log's seed, our own seeded wall, and a wall the user gives.

A :class:`Wall` is the tiles as 136-ids (kind * 4 + copy; with red fives, ids 16, 52, 88
are the red 5m, 5p, 5s) in *yama* order, Tenhou's: the deal and the live draws come from
the end, the dead wall is the first 14 (``docs/game-wall.md`` has the table and how it
was read from the logs).

- **The deal**: four tiles to each seat in turn from the dealer, three times, from
  ``yama[135]`` down, then one each: the dealer holds ``yama[135..132, 119..116,
  103..100, 87]``, the next seat ``yama[131..128, 115..112, 99..96, 86]`` and so on.
- **Live draws**: ``yama[83]``, ``yama[82]``, … down to ``yama[14]`` (70 tiles); each
  replacement draw (a kan; a kita in three players) ends the live wall one tile earlier.
- **Dead wall**: replacement tiles ``yama[1], yama[0], yama[3], yama[2]``; dora
  indicators ``yama[5], yama[7], yama[9], yama[11], yama[13]``; ura indicators
  ``yama[4], yama[6], …`` (logs of the older seed format ``mt19937ar-sha512-n288``: the
  first dora indicator is ``yama[4]``, the first ura ``yama[5]``).

**Tenhou's shuffle** (:func:`tenhou_walls`): the seed's 624 words seed MT19937
(:mod:`riichi_lut.game.mt19937`); each hand takes the next 288 words, SHA-512 of each
128-byte chunk gives 144 words ``rnd``; ``yama`` starts as ids 0..135 and for ``i`` in
0..134 swaps ``yama[i]`` with ``yama[i + rnd[i] % (136 - i)]``; the dice are ``rnd[135] % 6``
and ``rnd[136] % 6`` (0-5, as the log's INIT writes them; the faces are one more).

**Our seeded wall** (:func:`seeded_wall`): a swap shuffle without modulo bias over a
SHA-512 counter stream of ``riichi-lut wall v1`` and the game's seed, round, honba,
players and game number; a function of its arguments only (Mortal's rule), so a
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
import operator
import struct
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from ..core.players import ABSENT_IN_THREE_PLAYER
from ..errors import InvalidArgumentError, LogFormatError
from .mt19937 import MT19937

__all__ = [
    "DEAD_WALL",
    "FOUR_PLAYER_IDS",
    "LIVE_WALL",
    "LIVE_WALL_THREE",
    "THREE_PLAYER_IDS",
    "Wall",
    "iter_tenhou_walls",
    "seeded_wall",
    "tenhou_walls",
    "wall_from_tiles",
]

#: Tiles in the dead wall (both player counts).
DEAD_WALL = 14
#: Live tiles after the deal, four players: 136 - 4 * 13 - 14 (each replacement draw: one fewer).
LIVE_WALL = 70
#: Live tiles after the deal, three players: 108 - 3 * 13 - 14.
LIVE_WALL_THREE = 55
#: The 136 ids of the four-player set.
FOUR_PLAYER_IDS = tuple(range(136))
#: The 108 ids of the three-player set (no 2m-8m), ascending.
THREE_PLAYER_IDS = tuple(i for i in range(136) if i // 4 not in ABSENT_IN_THREE_PLAYER)

_IDS = {4: FOUR_PLAYER_IDS, 3: THREE_PLAYER_IDS}
_RINSHAN = (1, 0, 3, 2)  # yama places of the first four replacement tiles
_MAX_REPLACEMENTS = {4: 4, 3: 8}  # four kans; in three players four kans and four kita
_INDICATORS = 5  # dora (and ura) indicators: the first and four kan dora
_WORDS_PER_HAND = 288


def _whole(value: object, name: str, low: int, high: int) -> int:
    """``value`` as an int in ``low..high``, else an :class:`InvalidArgumentError`."""
    if isinstance(value, bool):
        raise InvalidArgumentError.about(name, f"must be a whole number {low}..{high}, got {value!r}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidArgumentError.about(
            name, f"must be a whole number {low}..{high}, got {value!r}"
        ) from None
    if not low <= number <= high:
        raise InvalidArgumentError.about(name, f"must be {low}..{high}, got {number}")
    return int(number)


def _players(players: object) -> int:
    if players not in (3, 4) or isinstance(players, bool):
        raise InvalidArgumentError.about("players", f"must be 3 or 4, got {players!r}")
    return 3 if players == 3 else 4


@dataclass(frozen=True)
class Wall:
    """One hand's wall: ``tiles`` the ids in yama order (136, or 108 for three players),
    ``dice`` the two dice (0-5 each, as Tenhou's INIT writes them) or ``None``,
    ``players``, and ``old_dead_wall``: the older Tenhou seed format's dora/ura places.

    >>> wall = wall_from_tiles(range(136))
    >>> wall.deal(0)[0][:5], wall.live_draws[:2], wall.rinshan(0), wall.dora_indicator(0)
    ((135, 134, 133, 132, 119), (83, 82), 1, 5)
    """

    tiles: tuple[int, ...]
    dice: tuple[int, int] | None = None
    players: int = 4
    old_dead_wall: bool = False

    def deal(self, dealer: int) -> tuple[tuple[int, ...], ...]:
        """The 13 tiles of each seat in the order dealt, seats in order 0.. (absolute),
        ``dealer`` served first."""
        n = self.players
        dealer = _whole(dealer, "dealer", 0, n - 1)
        tiles = self.tiles
        top = len(tiles) - 1
        hands: list[list[int]] = [[] for _ in range(n)]
        for turn in range(n):
            hand = hands[(dealer + turn) % n]
            for block in range(3):  # three blocks of four, the blocks 4 * n tiles apart
                start = top - 4 * (block * n + turn)
                hand.extend(tiles[start - k] for k in range(4))
            hand.append(tiles[top - 12 * n - turn])
        return tuple(tuple(h) for h in hands)

    @property
    def live_draws(self) -> tuple[int, ...]:
        """The live tiles in the order they are drawn, the haitei last when no
        replacement tile is drawn (each one ends the live wall one tile earlier)."""
        first = len(self.tiles) - 1 - 13 * self.players
        return self.tiles[first : DEAD_WALL - 1 : -1]

    def live_count(self, replacements: int = 0) -> int:
        """Live draws in a hand with ``replacements`` replacement draws (kans, kita)."""
        limit = _MAX_REPLACEMENTS[self.players]
        replacements = _whole(replacements, "replacements", 0, limit)
        return len(self.tiles) - 13 * self.players - DEAD_WALL - replacements

    def haitei(self, replacements: int = 0) -> int:
        """The last live tile (haitei) of a hand with ``replacements`` replacement draws."""
        return self.live_draws[self.live_count(replacements) - 1]

    def rinshan(self, index: int) -> int:
        """The ``index``-th replacement tile (0-3 from the dead wall; 4-7, three players
        only, the tiles the dead wall takes from the live wall's end, ``yama[14]`` on:
        unverified)."""
        index = _whole(index, "index", 0, _MAX_REPLACEMENTS[self.players] - 1)
        if index < len(_RINSHAN):
            return self.tiles[_RINSHAN[index]]
        return self.tiles[DEAD_WALL + index - len(_RINSHAN)]

    def dora_indicator(self, index: int) -> int:
        """Dora indicator ``index`` (0 the first, 1-4 the kan dora)."""
        index = _whole(index, "index", 0, _INDICATORS - 1)
        return self.tiles[(4 if self.old_dead_wall else 5) + 2 * index]

    def ura_indicator(self, index: int) -> int:
        """Ura dora indicator ``index`` (under dora indicator ``index``)."""
        index = _whole(index, "index", 0, _INDICATORS - 1)
        return self.tiles[(5 if self.old_dead_wall else 4) + 2 * index]

    @property
    def dice_faces(self) -> tuple[int, int] | None:
        """The dice as faces 1-6 (``dice`` plus one)."""
        return None if self.dice is None else (self.dice[0] + 1, self.dice[1] + 1)


def _shuffled(ids: Sequence[int], rnd: Sequence[int]) -> tuple[int, ...]:
    """The swap shuffle: ``yama[i]`` with ``yama[i + rnd[i] % (n - i)]``."""
    yama = list(ids)
    n = len(yama)
    for i in range(n - 1):
        j = i + rnd[i] % (n - i)
        yama[i], yama[j] = yama[j], yama[i]
    return tuple(yama)


def _digest_words(data: bytes) -> tuple[int, ...]:
    """SHA-512 of each 128-byte chunk, the digests read as little-endian 32-bit words."""
    digests = b"".join(
        hashlib.sha512(data[start : start + 128]).digest() for start in range(0, len(data), 128)
    )
    return struct.unpack(f"<{len(digests) // 4}I", digests)


def _seed_key(seed_text: str) -> tuple[list[int], bool]:
    """The MT19937 key of a SHUFFLE seed, and whether it is the older format."""
    if not isinstance(seed_text, str):
        raise LogFormatError(f"SHUFFLE seed: must be text, got {type(seed_text).__name__}")
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
        if any(not 0 <= k <= 0xFFFFFFFF for k in key):
            raise LogFormatError("SHUFFLE seed: the key's words must be 32-bit hex numbers")
        return key, True
    raise LogFormatError(
        f"SHUFFLE seed: unknown scheme {name[:40]!r} (known: mt19937ar-sha512-n288-base64,"
        " mt19937ar-sha512-n288)"
    )


def iter_tenhou_walls(seed_text: str, *, players: int = 4) -> Iterator[Wall]:
    """The walls of a Tenhou game from its ``SHUFFLE`` seed text (the whole ``seed``
    attribute), hand after hand, without end: the k-th is the k-th INIT's. A bad seed
    raises :class:`~riichi_lut.errors.LogFormatError` at once."""
    key, old = _seed_key(seed_text)
    ids = _IDS[_players(players)]
    return _walls(MT19937(key), ids, players, old)


def _walls(generator: MT19937, ids: tuple[int, ...], players: int, old: bool) -> Iterator[Wall]:
    while True:
        words = generator.next_words(_WORDS_PER_HAND)
        rnd = _digest_words(struct.pack(f"<{_WORDS_PER_HAND}I", *words))
        yield Wall(_shuffled(ids, rnd), (rnd[135] % 6, rnd[136] % 6), players, old)


def tenhou_walls(seed_text: str, rounds: int, *, players: int = 4) -> list[Wall]:
    """The walls of the first ``rounds`` hands of a Tenhou game (every INIT is a hand,
    renchan and draws included), from its ``SHUFFLE`` seed text."""
    count = _whole(rounds, "rounds", 0, 10_000)
    walls = iter_tenhou_walls(seed_text, players=players)
    return [next(walls) for _ in range(count)]


_LABEL = b"riichi-lut wall v1"
_WORD_LIMIT = 2**63 - 1


def seeded_wall(seed: int, round: int, honba: int, *, players: int = 4, game: int = 0) -> Wall:
    """Our wall of one hand: a function of ``seed``, ``round`` (0 = East 1), ``honba``,
    ``players`` and ``game`` only (the algorithm: ``docs/game-wall.md``).

    >>> seeded_wall(1, 0, 0).tiles[:6]
    (92, 23, 97, 96, 110, 102)
    """
    values = [
        _whole(value, name, 0, _WORD_LIMIT)
        for name, value in (("seed", seed), ("round", round), ("honba", honba), ("game", game))
    ]
    players = _players(players)
    prefix = _LABEL + struct.pack("<5Q", values[0], values[1], values[2], players, values[3])
    yama = list(_IDS[players])
    n = len(yama)
    # the vectorised game makes its walls here: the words of the blocks usually needed at
    # once, every draw's index by one array operation, checked for a rejected word (about
    # one wall in 500,000 has one, drawn then word by word)
    words = _block_words(prefix, 0, _BLOCKS[players])
    used = np.array(words[: n - 1], dtype=np.int64)
    bounds = _BOUNDS[players]
    if (used >= _LIMITS_OF[players]).any():
        k = 0
        for i in range(n - 1):
            j, k = _next_below(prefix, words, k, n - i)
            yama[i], yama[i + j] = yama[i + j], yama[i]
    else:
        k = n - 1
        for i, j in enumerate((used % bounds + _STARTS[players]).tolist()):
            yama[i], yama[j] = yama[j], yama[i]
    first, k = _next_below(prefix, words, k, 6)
    second, k = _next_below(prefix, words, k, 6)
    return Wall(tuple(yama), (first, second), players)


def _next_below(prefix: bytes, words: list[int], k: int, bound: int) -> tuple[int, int]:
    """Uniform in ``0..bound-1`` from ``words[k:]``: the first word below the largest
    multiple of ``bound`` that fits in 32 bits, modulo ``bound`` (rejection sampling: no
    modulo bias), and the index of the next unused word. ``words`` holds whole blocks of
    ``prefix``'s stream and is extended with the next block when it runs out."""
    limit = _LIMITS[bound]
    while True:
        if k == len(words):
            words += _block_words(prefix, k // 16, k // 16 + 1)
        word = words[k]
        k += 1
        if word < limit:
            return word % bound, k


#: The largest multiple of ``bound`` that fits in 32 bits, for each bound of a wall's draws.
_LIMITS = [0] + [(1 << 32) - (1 << 32) % bound for bound in range(1, 137)]
#: SHA-512 blocks (16 words each) a wall of 4 / 3 players usually needs: 135 / 107 draws.
_BLOCKS = {4: 9, 3: 7}
#: Per wall size: the bound of each Fisher-Yates draw, its limit, and the draw's first place.
_BOUNDS = {p: np.arange(len(_IDS[p]), 1, -1, dtype=np.int64) for p in (4, 3)}
_LIMITS_OF = {p: np.array([_LIMITS[b] for b in _BOUNDS[p]], dtype=np.int64) for p in (4, 3)}
_STARTS = {p: np.arange(len(_IDS[p]) - 1, dtype=np.int64) for p in (4, 3)}


def _block_words(prefix: bytes, first: int, end: int) -> list[int]:
    """The 32-bit words of blocks ``first..end-1`` of ``prefix``'s stream: block ``b`` is
    the SHA-512 of ``prefix`` + ``b`` (8 bytes, little-endian), read as 16 little-endian
    words."""
    digests = b"".join(hashlib.sha512(prefix + struct.pack("<Q", b)).digest() for b in range(first, end))
    return list(struct.unpack(f"<{16 * (end - first)}I", digests))


def wall_from_tiles(tiles: Iterable[int], *, dice: Sequence[int] | None = None, players: int = 4) -> Wall:
    """A wall the user gives: the 136 ids (108 for three players: no 2m-8m) in yama order,
    ``dice`` two numbers 0-5 (faces minus one, as Tenhou's INIT) or ``None``."""
    players = _players(players)
    try:
        items = list(tiles)
    except TypeError:
        raise InvalidArgumentError.about("tiles", "must be a sequence of tile ids 0..135") from None
    ids = [_whole(tile, f"tiles[{position}]", 0, 135) for position, tile in enumerate(items)]
    expected = _IDS[players]
    seen: dict[int, int] = {}
    for position, tile in enumerate(ids):
        if players == 3 and tile // 4 in ABSENT_IN_THREE_PLAYER:
            raise InvalidArgumentError.about(
                "tiles", f"[{position}] is id {tile} (2m-8m), absent in three players"
            )
        if tile in seen:
            raise InvalidArgumentError.about(
                "tiles", f"[{position}] repeats id {tile} (first at [{seen[tile]}])"
            )
        seen[tile] = position
    if len(ids) != len(expected):
        missing = [t for t in expected if t not in seen]
        raise InvalidArgumentError.about(
            "tiles", f"must hold {len(expected)} tile ids, got {len(ids)} (missing ids {missing[:8]})"
        )
    pair: tuple[int, int] | None = None
    if dice is not None:
        try:
            values = list(dice)
        except TypeError:
            raise InvalidArgumentError.about("dice", f"must be two numbers 0..5, got {dice!r}") from None
        if len(values) != 2:
            raise InvalidArgumentError.about("dice", f"must be two numbers 0..5, got {dice!r}")
        pair = (_whole(values[0], "dice[0]", 0, 5), _whole(values[1], "dice[1]", 0, 5))
    return Wall(tuple(ids), pair, players)
