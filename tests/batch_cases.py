"""Helpers shared by the batch scorer's tests of called and three-player hands
(tests/riichi/test_batch_calls.py, test_batch_sanma.py): a win with calls as both APIs
take it, and the comparison of their answers."""

from __future__ import annotations

from dataclasses import dataclass

from riichi_lut.core.tiles import KIND_NAMES, format_counts
from riichi_lut.riichi.batch import CHI, CLOSED_KAN, PON, BatchScore

WIND_LETTERS = "ESWN"


@dataclass(frozen=True)
class Called:
    """One win with calls as both APIs take it."""

    concealed: tuple[int, ...]
    calls: tuple[int, ...]  # codes type * 34 + kind
    win: int
    seat: int
    round: int
    tsumo: bool
    flags: tuple[tuple[str, bool], ...]
    dora: tuple[int, ...]
    ura: tuple[int, ...]

    @property
    def flag(self) -> dict[str, bool]:
        return dict(self.flags)

    def text(self) -> str:
        parts = [format_counts(self.concealed)]
        for code in self.calls:
            kind_type, kind = divmod(code, 34)
            number, suit = kind % 9 + 1 if kind < 27 else kind - 26, "mpsz"[kind // 9]
            digits = {CHI: f"{number}{number + 1}{number + 2}", PON: f"{number}" * 3}.get(
                kind_type, f"{number}" * 4
            )
            parts.append(f"({digits}{suit})" if kind_type == CLOSED_KAN else f"[{digits}{suit}]")
        return " ".join(parts)


Outcome = tuple[bool, int, int, int, int, tuple[str, ...]]


def batch_rows(r: BatchScore) -> list[Outcome]:
    return [
        (bool(w), int(h), int(f), int(y), int(p), tuple(sorted(r.yaku(i))))
        for i, (w, h, f, y, p) in enumerate(zip(r.is_win, r.han, r.fu, r.yakuman, r.points, strict=True))
    ]


def assert_agree(sits: list[Called], expected: list[Outcome], got: list[Outcome]) -> None:
    differ = [i for i, (e, g) in enumerate(zip(expected, got, strict=True)) if e != g]
    detail = [
        f"{sits[i].text()} win {KIND_NAMES[sits[i].win]} seat {WIND_LETTERS[sits[i].seat]} round "
        f"{WIND_LETTERS[sits[i].round]} tsumo={sits[i].tsumo} {[k for k, v in sits[i].flags if v]}: "
        f"scalar {expected[i]}, batch {got[i]}"
        for i in differ[:5]
    ]
    assert not differ, f"{len(differ)} of {len(sits)} differ:\n" + "\n".join(detail)
