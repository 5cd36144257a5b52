"""Build the frozen corpus of three-player (sanma) scoring against the PyPI library ``mahjong``.

``tests/riichi/test_sanma_scoring.py`` scores every situation of the corpus with
riichi-lut under ``TENHOU_SANMA`` (``sanma_tsumo="split"`` for the capability of that
name) and compares han, fu, yaku and every payment with what ``mahjong`` 2.1.0 said,
configured with ``OptionalRules(is_three_player=True, ...)`` (the Tenhou options of
``tests/tools/make_mahjong_corpus.py``) and ``HandConfig(num_nuki_dora=kita)``, when the
corpus was made. ``mahjong`` is used here only; the test reads the frozen file. Run by
hand, from the repository root, where ``mahjong`` 2.x is installed:

    python tools/make_sanma_scoring_corpus.py

(options: ``--seed 1403``, ``--per-capability 2000``, ``--out
tests/data/sanma/scoring_corpus.json.zst``). The same seed and ``mahjong`` version give
the same file byte for byte.

Hands are drawn from the 108-tile set only (no 2m-8m, so the man suit is 1m and 9m,
triplets and pairs only), with pon and kan calls (no chi), physical 136-ids (never a fifth
copy, counting the kita as North tiles), seats E/S/W and rounds E/S/W. One *capability*
per rule of three players, :data:`PER_CAPABILITY` situations each, drawn so the rule
matters: ``tsumo_loss`` (tsumo wins, half by the dealer), ``split`` (the same, scored by
riichi-lut under ``sanma_tsumo="split"``: ``mahjong`` has no split convention, so the
test derives the expected payments by hand from ``mahjong``'s han and fu), ``kita``
(1-4 kita, West indicators oversampled, ura too), ``dora_wrap`` (1m and 9m indicators),
``honba`` (1-8 honba, ron and tsumo), ``guest_north`` (a North pair, triplet or kan in
the hand), ``open`` (pon / kan calls), ``closed`` (no open call) and ``yaku`` (themes
aimed at every yaku a three-player hand can make, incl. the yakuman). The kita's
replacement draw is rinshan (``kita_rinshan``): some tsumo wins with a kita and no kan are
rinshan.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from importlib.metadata import version
from pathlib import Path
from typing import Any

import mahjong
import zstandard
from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "tools"))

from make_mahjong_corpus import (  # noqa: E402  (the helpers of the other corpus, reused)
    TENHOU_OPTIONS,
    WIND_LETTERS,
    Drawn,
    answer_of,
    assign_ids,
    call_text,
    kind_counts,
    meld_kinds,
    name_of,
    notation,
)

OUT = ROOT / "tests" / "data" / "sanma" / "scoring_corpus.json.zst"
PER_CAPABILITY = 2000
OPTIONS: dict[str, Any] = {**TENHOU_OPTIONS, "is_three_player": True}
KINDS = (0, 8, *range(9, 34))  # the 27 kinds of the 108-tile set
NORTH = 30
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
HONORS = WINDS + DRAGONS
TERMINALS = (0, 8, 9, 17, 18, 26)
GREEN = (19, 20, 21, 23, 25, 32)
CAPABILITIES = ("tsumo_loss", "split", "kita", "dora_wrap", "honba", "guest_north", "open", "closed", "yaku")
YAKU_THEMES = (
    "random", "tanyao", "pinfu", "iipeikou", "ryanpeikou", "ittsu", "chanta", "junchan", "toitoi",
    "sanankou", "sankantsu", "doukou", "honroutou", "shousangen", "honitsu", "chinitsu", "yakuhai",
    "chiitoitsu", "kokushi", "suuankou", "daisangen", "shousuushii", "daisuushii", "tsuuiisou",
    "ryuuiisou", "chinroutou", "chuuren", "suukantsu", "man_honitsu",
)  # fmt: skip


# --------------------------------------------------------------------------- shapes


def suit(rng: random.Random) -> int:
    """Pin (1) or sou (2): the suits that keep their runs."""
    return rng.choice((1, 2))


def a_run(rng: random.Random, s: int | None = None, starts: tuple[int, ...] = tuple(range(7))) -> tuple:
    return ("run", 9 * (suit(rng) if s is None else s) + rng.choice(starts))


def a_set(rng: random.Random, kinds: tuple[int, ...] = KINDS) -> tuple:
    return ("set", rng.choice(kinds))


def shape(rng: random.Random, theme: str) -> tuple[list[tuple], int]:  # noqa: C901, PLR0911, PLR0912
    """Four melds and a pair aimed at ``theme`` (may hold a fifth copy: the caller retries)."""
    simples = tuple(k for k in KINDS if k < 27 and k % 9 not in (0, 8))
    if theme == "random":
        return [a_run(rng) if rng.random() < 0.5 else a_set(rng) for _ in range(4)], rng.choice(KINDS)
    if theme == "tanyao":
        return [
            a_run(rng, starts=(1, 2, 3, 4, 5)) if rng.random() < 0.6 else a_set(rng, simples)
            for _ in range(4)
        ], rng.choice(simples)
    if theme in ("pinfu", "iipeikou", "ryanpeikou"):
        melds = [a_run(rng) for _ in range(4)]
        if theme != "pinfu":
            melds[1] = melds[0]
        if theme == "ryanpeikou":
            melds[3] = melds[2]
        return melds, rng.choice([k for k in KINDS if k < 27 or k == NORTH])
    if theme == "ittsu":
        s = suit(rng)
        return [
            ("run", 9 * s),
            ("run", 9 * s + 3),
            ("run", 9 * s + 6),
            a_run(rng) if rng.random() < 0.5 else a_set(rng),
        ], rng.choice(KINDS)
    if theme in ("chanta", "junchan"):
        ends = TERMINALS + (HONORS if theme == "chanta" else ())
        melds = [a_run(rng, starts=(0, 6)) if rng.random() < 0.5 else a_set(rng, ends) for _ in range(4)]
        return melds, rng.choice(ends)
    if theme in ("toitoi", "sanankou", "sankantsu"):
        return [a_set(rng) for _ in range(4 if theme == "toitoi" else 3)] + (
            [] if theme == "toitoi" else [a_run(rng) if rng.random() < 0.5 else a_set(rng)]
        ), rng.choice(KINDS)
    if theme == "doukou":
        n = rng.choice((0, 8))
        return [
            ("set", n),
            ("set", 9 + n),
            ("set", 18 + n),
            a_run(rng) if rng.random() < 0.5 else a_set(rng),
        ], rng.choice(KINDS)
    if theme in ("honroutou", "chinroutou", "tsuuiisou"):
        pool = {"honroutou": TERMINALS + HONORS, "chinroutou": TERMINALS, "tsuuiisou": HONORS}[theme]
        kinds = rng.sample(pool, 5)
        return [("set", k) for k in kinds[:4]], kinds[4]
    if theme in ("shousangen", "daisangen"):
        melds = [("set", 31), ("set", 32)] + ([("set", 33)] if theme == "daisangen" else [])
        melds += [a_run(rng) if rng.random() < 0.5 else a_set(rng) for _ in range(4 - len(melds))]
        return melds, 33 if theme == "shousangen" else rng.choice(KINDS)
    if theme in ("shousuushii", "daisuushii"):
        winds = list(WINDS)
        rng.shuffle(winds)
        if theme == "daisuushii":
            return [("set", w) for w in winds], rng.choice(KINDS)
        return [("set", w) for w in winds[:3]] + [a_run(rng) if rng.random() < 0.5 else a_set(rng)], winds[3]
    if theme in ("honitsu", "chinitsu"):
        s = suit(rng)
        own = tuple(range(9 * s, 9 * s + 9)) + (HONORS if theme == "honitsu" else ())
        melds = [a_run(rng, s) if rng.random() < 0.6 else a_set(rng, own) for _ in range(4)]
        return melds, rng.choice(own)
    if theme == "man_honitsu":  # 1m / 9m with honors: a man honitsu of triplets
        own = (0, 8) + HONORS
        return [a_set(rng, own) for _ in range(4)], rng.choice(own)
    if theme == "yakuhai":
        return [a_set(rng, HONORS)] + [
            a_run(rng) if rng.random() < 0.5 else a_set(rng) for _ in range(3)
        ], rng.choice(KINDS)
    if theme in {"suuankou", "suukantsu"}:
        return [a_set(rng) for _ in range(4)], rng.choice(KINDS)
    if theme == "ryuuiisou":
        return [("run", 19) if rng.random() < 0.4 else a_set(rng, GREEN) for _ in range(4)], rng.choice(GREEN)
    raise ValueError(theme)


# --------------------------------------------------------------------------- hands


def closed_special(rng: random.Random, theme: str) -> Drawn:
    """Seven pairs, thirteen orphans or nine gates (pin or sou) of the 27 kinds."""
    if theme == "chiitoitsu":
        kinds = rng.sample(KINDS, 7)
        concealed = [k for k in kinds for _ in range(2)]
        win_kind = rng.choice(kinds)
    elif theme == "kokushi":
        orphans = TERMINALS + HONORS
        pair = rng.choice(orphans)
        concealed = [*orphans, pair]
        win_kind = pair if rng.random() < 0.35 else rng.choice(orphans)
    else:  # chuuren
        base = 9 * suit(rng)
        concealed = [base] * 3 + [base + n for n in range(1, 8)] + [base + 8] * 3 + [base + rng.randrange(9)]
        win_kind = concealed[-1] if rng.random() < 0.4 else base + rng.randrange(9)
    ids, _ = assign_ids(rng, concealed, [])
    return Drawn(sorted(ids), [], rng.choice([i for i in ids if i // 4 == win_kind]), theme)


def draw_hand(rng: random.Random, theme: str, calls_wanted: str) -> Drawn:  # noqa: C901, PLR0912
    """A complete hand of ``theme``; ``calls_wanted``: "open" (at least one pon or open
    kan), "closed" (closed kans at most) or "any"."""
    while True:
        if theme in ("chiitoitsu", "kokushi", "chuuren"):
            if calls_wanted == "open":
                theme = rng.choice(("random", "toitoi", "honitsu"))
            else:
                return closed_special(rng, theme)
        melds, pair = shape(rng, theme)
        counts = kind_counts([k for m in melds for k in meld_kinds(m)] + [pair, pair])
        if max(counts) > 4:
            continue
        calls: list[str | None] = [None] * 4
        closed_theme = theme in ("pinfu", "iipeikou", "ryanpeikou", "suuankou", "sanankou")
        p_open = {"open": 0.6, "closed": 0.0}.get(calls_wanted, 0.0 if closed_theme else 0.3)
        p_kan = 0.8 if theme in ("sankantsu", "suukantsu") else 0.1
        for i, (typ, k) in enumerate(melds):
            if typ != "set":
                continue
            if rng.random() < p_kan and counts[k] == 3:
                open_kan = rng.random() < p_open
                calls[i] = rng.choice(("open_kan", "added_kan")) if open_kan else "closed_kan"
                counts[k] = 4
            elif rng.random() < p_open:
                calls[i] = "pon"
        if calls_wanted == "open" and not any(c and c != "closed_kan" for c in calls):
            sets = [i for i, m in enumerate(melds) if m[0] == "set" and calls[i] is None]
            if not sets:  # all runs (pinfu-like themes): no pon without chi, draw another theme
                theme = "random"
                continue
            calls[rng.choice(sets)] = "pon"
        groups = [m for m, c in zip(melds, calls, strict=True) if c is None] + [("pair", pair)]
        typ, k = rng.choice(groups)
        win_kind = k + rng.randrange(3) if typ == "run" else k
        concealed: list[int] = []
        call_list: list[tuple[str, list[int]]] = []
        for meld, call in zip(melds, calls, strict=True):
            if call is None:
                concealed += meld_kinds(meld)
            elif call.endswith("kan"):
                call_list.append((call, [meld[1]] * 4))
            else:
                call_list.append((call, meld_kinds(meld)))
        concealed += [pair, pair]
        ids, called = assign_ids(rng, concealed, call_list)
        win_id = rng.choice([i for i in ids if i // 4 == win_kind])
        return Drawn(sorted(ids), called, win_id, theme)


# --------------------------------------------------------------------------- situations


def three_player_dora(kind: int) -> int:
    """The dora an indicator shows in three players (1m shows 9m)."""
    if kind == 0:
        return 8
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3


def pick_indicators(
    rng: random.Random, free: list[int], n: int, aimed: tuple[int, ...], p: float
) -> list[int]:
    """``n`` indicators from ``free`` (taken out of it), each an ``aimed`` kind with chance ``p``."""
    out = []
    for _ in range(n):
        wanted = [i for i in free if i // 4 in aimed]
        choice = rng.choice(wanted if wanted and rng.random() < p else free)
        free.remove(choice)
        out.append(choice)
    return out


def make(rng: random.Random, cap: str) -> tuple[dict[str, Any], dict[str, Any]]:  # noqa: C901, PLR0912, PLR0915
    """One situation of capability ``cap``: (record in riichi-lut terms, physical details)."""
    theme = rng.choice(YAKU_THEMES) if cap in ("yaku", "closed") else rng.choice(YAKU_THEMES[:18])
    if cap == "guest_north":
        theme = rng.choice(("random", "toitoi", "honitsu", "pinfu", "chanta", "yakuhai"))
    calls_wanted = {"open": "open", "closed": "closed"}.get(cap, "any")
    while True:
        hand = draw_hand(rng, theme, calls_wanted)
        north = sum(1 for i in hand.all_ids if i // 4 == NORTH)
        if cap == "guest_north" and north < 2:
            continue
        break
    r = rng.random
    seat = rng.choice("ESW")
    round_ = rng.choices("ESW", (50, 40, 10))[0]
    tsumo = cap in ("tsumo_loss", "split") or r() < 0.5
    if cap in ("tsumo_loss", "split") and r() < 0.5:
        seat = "E"
    free_north = 4 - north
    if cap == "kita":
        kita = rng.randint(1, free_north) if free_north else 0
    else:
        kita = rng.choices((0, 1, 2, 3, 4), (45, 25, 15, 10, 5))[0]
    kita = min(kita, free_north)
    flags: list[str] = []
    closed = hand.closed
    if not hand.calls and not kita and r() < 0.03:
        tsumo = True
        flags.append("tenhou" if seat == "E" else "chiihou")
    else:
        if closed and r() < 0.5:
            flags.append("double_riichi" if r() < 0.1 else "riichi")
        if tsumo and (hand.n_kans or kita) and r() < 0.25:
            flags.append("rinshan")
        in_hand = sum(1 for i in hand.all_ids if i // 4 == hand.win_id // 4)
        if not tsumo and in_hand == 1 and r() < 0.08:
            flags.append("chankan")
        if tsumo and "rinshan" not in flags and r() < 0.06:
            flags.append("haitei")
        if not tsumo and "chankan" not in flags and r() < 0.06:
            flags.append("houtei")
        if (
            flags[:1] in (["riichi"], ["double_riichi"])
            and not set(flags) & {"rinshan", "houtei"}
            and r() < 0.2
        ):
            flags.append("ippatsu")
    used = set(hand.all_ids)
    free = [i for i in range(136) if i // 4 in KINDS and i not in used]
    # the kita are North tiles: take them out of what may be an indicator
    kita_ids = [i for i in free if i // 4 == NORTH][:kita]
    free = [i for i in free if i not in kita_ids]
    if "chankan" in flags:
        free = [i for i in free if i // 4 != hand.win_id // 4]
    held = {i // 4 for i in hand.all_ids}
    aimed = tuple(k for k in KINDS if three_player_dora(k) in held)
    n_dora = min(5, 1 + hand.n_kans)
    if cap == "kita":
        dora = pick_indicators(rng, free, n_dora, (29,), 0.5)  # West shows North
    elif cap == "dora_wrap":
        dora = pick_indicators(rng, free, n_dora, (0, 8), 0.7)
    else:
        dora = pick_indicators(rng, free, n_dora, aimed + ((29,) if kita else ()), 0.4)
    riichi = bool(set(flags) & {"riichi", "double_riichi"})
    ura_aim = (29,) if cap == "kita" else (0, 8) if cap == "dora_wrap" else aimed
    ura = pick_indicators(rng, free, len(dora), ura_aim, 0.4) if riichi else []
    honba = rng.randint(1, 8) if cap == "honba" else rng.choices((0, 1, 2, 3), (70, 15, 10, 5))[0]
    sticks = (1 if riichi else 0) + rng.choices((0, 1, 2), (70, 20, 10))[0]
    record: dict[str, Any] = {
        "cap": cap,
        "tag": theme,
        "hand": " ".join(
            [notation(hand.concealed, True), *(call_text(t, ids, True) for t, ids in hand.calls)]
        ),
        "win": ("0" + name_of(hand.win_id // 4)[1]) if hand.win_id in (52, 88) else name_of(hand.win_id // 4),
        "tsumo": tsumo,
        "seat": seat,
        "round": round_,
        "flags": flags,
        "kita": kita,
        "dora": notation(dora, True),
        "ura": notation(ura, True),
        "honba": honba,
        "sticks": sticks,
    }
    added = [j for j, (t, _) in enumerate(hand.calls) if t == "added_kan"]
    if added:
        record["ak"] = added
    return record, {"hand": hand, "dora": dora, "ura": ura}


def ask(record: dict[str, Any], physical: dict[str, Any]) -> dict[str, Any]:
    """mahjong's answer (the fields of the other corpora)."""
    hand: Drawn = physical["hand"]
    kinds = {"pon": Meld.PON, "open_kan": Meld.KAN, "closed_kan": Meld.KAN, "added_kan": Meld.SHOUMINKAN}
    melds = [Meld(meld_type=kinds[t], tiles=sorted(ids), opened=t != "closed_kan") for t, ids in hand.calls]
    flags = set(record["flags"])
    config = HandConfig(
        is_tsumo=record["tsumo"],
        is_riichi=bool(flags & {"riichi", "double_riichi"}),
        is_daburu_riichi="double_riichi" in flags,
        is_ippatsu="ippatsu" in flags,
        is_rinshan="rinshan" in flags,
        is_chankan="chankan" in flags,
        is_haitei="haitei" in flags,
        is_houtei="houtei" in flags,
        is_tenhou="tenhou" in flags,
        is_chiihou="chiihou" in flags,
        player_wind=EAST + WIND_LETTERS.index(record["seat"]),
        round_wind=EAST + WIND_LETTERS.index(record["round"]),
        kyoutaku_number=record["sticks"],
        tsumi_number=record["honba"],
        options=OptionalRules(**OPTIONS),
        num_nuki_dora=record["kita"],
    )
    result = HandCalculator.estimate_hand_value(
        sorted(hand.all_ids),
        hand.win_id,
        melds=melds,
        dora_indicators=physical["dora"],
        ura_dora_indicators=physical["ura"],
        config=config,
    )
    return answer_of(result)


def build(seed: int, per_capability: int) -> dict[str, Any]:
    """The corpus: ``per_capability`` situations of each capability, at least 90% of them
    wins by ``mahjong`` (a hand without yaku is kept now and then, as a check)."""
    rng = random.Random(seed)
    records = []
    for cap in CAPABILITIES:
        kept = 0
        while kept < per_capability:
            record, physical = make(rng, cap)
            answer = ask(record, physical)
            if "error" in answer and rng.random() < 0.9:
                continue
            record["mahjong"] = answer
            records.append(record)
            kept += 1
    for i, record in enumerate(records):
        record["id"] = i
    return {
        "format": 1,
        "generator": "tools/make_sanma_scoring_corpus.py",
        "seed": seed,
        "mahjong_version": getattr(mahjong, "__version__", None) or version("mahjong"),
        "mahjong_options": OPTIONS,
        "capabilities": list(CAPABILITIES),
        "records": records,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1403)
    parser.add_argument("--per-capability", type=int, default=PER_CAPABILITY)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    corpus = build(args.seed, args.per_capability)
    text = json.dumps(corpus, separators=(",", ":")).encode()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(zstandard.ZstdCompressor(level=19).compress(text))
    records = corpus["records"]
    print(f"{len(records)} records, {args.out.stat().st_size:,} bytes -> {args.out}")
    for cap in CAPABILITIES:
        mine = [r for r in records if r["cap"] == cap]
        outcomes = Counter(r["mahjong"].get("error", "win") for r in mine)
        print(f"  {cap}: {len(mine)}, mahjong {dict(outcomes)}")


if __name__ == "__main__":
    main()
