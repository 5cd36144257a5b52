"""The ``m`` code of an mjlog ``<N who m>`` tag: a call, decoded and encoded.

The bit layout (Tenhou's own note ``mentsu136.txt``, as the project's game-rules notes
summarise it):

- bits 0-1: who it was called from, relative to the caller (0 itself, 1 the next seat,
  2 the one across, 3 the previous seat);
- bit 2 set: **chi**; bits 3-8 the copy (0-3) of each of the three tiles, low first;
  bits 10-15 ``(suit * 7 + low - 1) * 3 + called``, ``called`` the index of the called
  tile among the three;
- else bit 3 set: **pon**; bits 5-6 the copy left out; bits 9-15 ``kind * 3 + called``;
- else bit 4 set: **added kan**; bits 5-6 the added copy; bits 9-15 as for pon (the pon);
- else bit 5 set: **kita** (three players), bits 8-15 the tile id;
- else a **kan**: bits 8-15 the tile id (the called one); from 0 a closed kan, else open.

>>> decode_meld(19527, 0)  # 7m-8m-9m, the 8m called from the previous seat
MeldCode(type='chi', tiles=(24, 30, 32), called=30, from_relative=3, index=1, from_seat=3)
>>> encode_meld(decode_meld(19527, 3))
19527
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...errors import LogFormatError
from ..record import ADDED_KAN, CHI, CLOSED_KAN, KITA, OPEN_KAN, PON

__all__ = ["MeldCode", "decode_meld", "encode_meld"]


@dataclass(frozen=True)
class MeldCode:
    """A decoded call: ``type`` (a record event type), the meld's tile ids (sorted; for an
    added kan the pon's three and then the added tile), the ``called`` tile id (the added
    one for an added kan, one of the four for a closed kan, the North for kita), and
    ``from_relative`` (0-3); ``index`` the place of the called tile among the three of a
    chi or pon (an added kan keeps its pon's); ``from_seat`` the absolute seat it was
    called from (the caller's own for a closed kan or kita; ``None`` when not decoded
    for a seat). :func:`encode_meld` reads neither ``from_seat`` nor the caller."""

    type: str
    tiles: tuple[int, ...]
    called: int
    from_relative: int
    index: int = 0  # chi, pon, added kan: where the called tile sits among the three
    from_seat: int | None = None


def _bad(m: int, why: str) -> LogFormatError:
    return LogFormatError(f"meld code m={m} {why}")


def decode_meld(m: int, who: int = 0, players: int = 4) -> MeldCode:
    """The call of code ``m`` by seat ``who`` in a game of ``players`` (4 or 3); a code
    that names no call is a :class:`~riichi_lut.errors.LogFormatError`."""
    if not 0 <= m < 1 << 16:
        raise _bad(m, "is outside 0..65535")
    relative = m & 3
    if relative >= players:
        raise _bad(m, f"calls from relative seat {relative} in a {players}-player game")
    meld = _decode(m, relative)
    if players == 3 and meld.type == CHI:
        raise _bad(m, "is a chi in a three-player game")
    if players == 4 and meld.type == KITA:
        raise _bad(m, "is a kita in a four-player game")
    return replace(meld, from_seat=(who + relative) % players)


def _decode(m: int, relative: int) -> MeldCode:
    if m & 0x4:
        return _chi(m, relative)
    if m & 0x18:
        return _pon(m, relative)
    if m & 0xC0:
        raise _bad(m, "sets bits 6-7, which no kan or kita uses")
    tile = m >> 8
    if m & 0x20:
        if tile // 4 != 30 or relative != 0:
            raise _bad(m, f"is a kita of tile id {tile} from relative seat {relative} (a North set aside)")
        return MeldCode(KITA, (tile,), tile, relative)
    kind = tile // 4
    if kind >= 34:
        raise _bad(m, f"names tile id {tile}")
    tiles = tuple(kind * 4 + c for c in range(4))
    return MeldCode(CLOSED_KAN if relative == 0 else OPEN_KAN, tiles, tile, relative)


def _chi(m: int, relative: int) -> MeldCode:
    if m & 0x200:
        raise _bad(m, "sets bit 9, which no chi uses")
    t = m >> 10
    called = t % 3
    t //= 3
    if t >= 21:
        raise _bad(m, f"names no run (base {t} of 0..20)")
    low = (t // 7) * 9 + t % 7
    copies = ((m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3)
    tiles = tuple((low + i) * 4 + copies[i] for i in range(3))
    if relative != 3:
        raise _bad(m, "is a chi not from the previous seat")
    return MeldCode(CHI, tiles, tiles[called], relative, called)


def _pon(m: int, relative: int) -> MeldCode:
    if m & 0x18 == 0x18 or m & 0x180:
        raise _bad(m, "sets bits that no pon or added kan uses (both flags, or bits 7-8)")
    t = m >> 9
    called = t % 3
    kind = t // 3
    if kind >= 34:
        raise _bad(m, f"names tile kind {kind}")
    extra = (m >> 5) & 3
    pon = tuple(kind * 4 + c for c in range(4) if c != extra)
    if relative == 0:
        raise _bad(m, "is a pon from the caller itself")
    if m & 0x8:
        return MeldCode(PON, pon, pon[called], relative, called)
    return MeldCode(ADDED_KAN, (*pon, kind * 4 + extra), kind * 4 + extra, relative, called)


def encode_meld(meld: MeldCode) -> int:
    """The ``m`` code of ``meld`` (the inverse of :func:`decode_meld`)."""
    relative = meld.from_relative
    if meld.type == CHI:
        low = min(meld.tiles) // 4
        suit, number = divmod(low, 9)
        t = (suit * 7 + number) * 3 + meld.index
        copies = [tile % 4 for tile in sorted(meld.tiles)]
        return t << 10 | copies[2] << 7 | copies[1] << 5 | copies[0] << 3 | 0x4 | relative
    if meld.type in (PON, ADDED_KAN):
        pon = sorted(meld.tiles[:3])
        kind = pon[0] // 4
        extra = ({0, 1, 2, 3} - {tile % 4 for tile in pon}).pop()
        flag = 0x8 if meld.type == PON else 0x10
        return (kind * 3 + meld.index) << 9 | extra << 5 | flag | relative
    if meld.type == KITA:
        return meld.called << 8 | 0x20 | relative
    return meld.called << 8 | relative
