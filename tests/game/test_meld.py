"""The ``m`` code of an mjlog ``N`` tag: every call in the shared logs decodes and encodes
back, codes built by hand from Tenhou's bit layout, and codes that name no call refused."""

from __future__ import annotations

import gzip
import re
from collections import Counter

import pytest
from gamelogs import MJLOG

from riichi_lut.errors import LogFormatError
from riichi_lut.game.logs.meld import MeldCode, decode_meld, encode_meld


def _text(path):
    data = path.read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode()


def test_every_meld_code_of_the_logs_decodes_and_encodes_back():
    codes = Counter()
    for path in sorted(MJLOG.iterdir()):
        for who, m in re.findall(r'<N who="(\d)" m="(\d+)"', _text(path)):
            meld = decode_meld(int(m), int(who))
            assert encode_meld(meld) == int(m), (path.name, m)
            assert meld.from_seat == (int(who) + meld.from_relative) % 4
            codes[meld.type] += 1
    assert set(codes) == {"chi", "pon", "open_kan", "added_kan", "closed_kan"}
    assert sum(codes.values()) > 900


def test_every_code_that_decodes_encodes_back():
    """Decoding is one to one: no two codes name the same call."""
    decoded = 0
    for m in range(1 << 16):
        try:
            meld = decode_meld(m)
        except LogFormatError:
            continue
        assert encode_meld(meld) == m, m
        decoded += 1
    # chi 21*3 runs * 64 copies; pon and added kan 34*3*4*3 each; kans 136*(1+3)
    assert decoded == 21 * 3 * 64 + 2 * 34 * 3 * 4 * 3 + 136 * 4


def _chi(base, called, copies):
    return (base * 3 + called) << 10 | copies[2] << 7 | copies[1] << 5 | copies[0] << 3 | 0x4 | 3


def _pon(kind, called, unused, relative, added=False):
    return (kind * 3 + called) << 9 | unused << 5 | (0x10 if added else 0x8) | relative


CASES = [
    # 7m-8m-9m, the 8m (copy 2) called: Tenhou's own example code 19527
    (MeldCode("chi", (24, 30, 32), 30, 3, 1, 0), 19527, 1),
    # 3p-4p-0p: the red 5p (id 52) called, the run's base 3p = suit 1 number 3
    (MeldCode("chi", (44, 49, 52), 52, 3, 2, 3), _chi(1 * 7 + 2, 2, (0, 1, 0)), 0),
    # 7s-8s-9s, the 7s called, copies 3, 3, 3
    (MeldCode("chi", (99, 103, 107), 99, 3, 0, 1), _chi(2 * 7 + 6, 0, (3, 3, 3)), 2),
    # pon of white dragons (kind 31) without copy 0, from the seat across
    (MeldCode("pon", (125, 126, 127), 126, 2, 1, 2), _pon(31, 1, 0, 2), 0),
    (MeldCode("pon", (100, 101, 103), 101, 2, 1, 3), _pon(25, 1, 2, 2), 1),
    # the same pon made an added kan with copy 2
    (MeldCode("added_kan", (100, 101, 103, 102), 102, 1, 0, 3), _pon(25, 0, 2, 1, added=True), 2),
    (MeldCode("closed_kan", (4, 5, 6, 7), 5, 0, 0, 1), 5 << 8, 1),
    (MeldCode("open_kan", (132, 133, 134, 135), 134, 3, 0, 0), 134 << 8 | 3, 1),
    (MeldCode("open_kan", (16, 17, 18, 19), 16, 1, 0, 3), 16 << 8 | 1, 2),
]


@pytest.mark.parametrize(("meld", "m", "who"), CASES)
def test_meld_codes_built_by_hand(meld, m, who):
    assert decode_meld(m, who) == meld
    assert encode_meld(meld) == m


def test_kita_in_three_players():
    meld = decode_meld(121 << 8 | 0x20, 2, players=3)
    assert meld == MeldCode("kita", (121,), 121, 0, 0, 2)
    assert encode_meld(meld) == 121 << 8 | 0x20
    # from the seat across in three players: the caller's previous seat
    assert decode_meld(_pon(5, 0, 0, 2), 0, players=3).from_seat == 2


@pytest.mark.parametrize(
    ("m", "players", "message"),
    [
        (-1, 4, "outside"),
        (1 << 16, 4, "outside"),
        (_chi(21, 0, (0, 0, 0)), 4, "names no run"),
        (_chi(0, 0, (0, 0, 0)) - 2, 4, "not from the previous seat"),
        (_chi(0, 0, (0, 0, 0)) | 0x200, 4, "bit 9"),
        (_pon(34, 0, 0, 1), 4, "tile kind 34"),
        (_pon(3, 0, 0, 0), 4, "from the caller itself"),
        (_pon(3, 0, 0, 1) | 0x10, 4, "both flags"),
        (_pon(3, 0, 0, 1) | 0x80, 4, "bits 7-8"),
        (5 << 8 | 0x20, 3, "kita"),
        (120 << 8 | 0x20 | 1, 3, "kita"),
        (120 << 8 | 0x20, 4, "kita in a four-player game"),
        (5 << 8 | 0x40, 4, "bits 6-7"),
        (136 << 8, 4, "tile id 136"),
        (_pon(3, 0, 0, 3), 3, "relative seat 3"),
    ],
)
def test_a_code_that_names_no_call_is_refused(m, players, message):
    with pytest.raises(LogFormatError, match=f"meld code m={m} .*{message}"):
        decode_meld(m, 0, players)
