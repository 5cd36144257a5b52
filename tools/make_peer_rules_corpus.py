"""Build the frozen corpus of the optional rules of issue 14 against the PyPI library ``mahjong``.

``tests/riichi/test_peer_rules.py`` scores every situation of the corpus with riichi-lut
under ``TENHOU.replace(**record["rules"])`` and compares han, fu, yaku and every payment
with what ``mahjong`` 2.1.0 said, configured with the matching ``OptionalRules`` /
``HandConfig`` options, when the corpus was made. ``mahjong`` is used here only; the test
reads the frozen file. Run by hand, from the repository root, where ``mahjong`` 2.x is
installed:

    python tools/make_peer_rules_corpus.py

(options: ``--seed 1402``, ``--per-capability 2000``, ``--out
tests/data/riichi/peer_rules_corpus.json.zst``). The same seed and ``mahjong`` version give
the same file byte for byte.

One *capability* per rule value (:data:`CAPABILITIES`): its ``RuleSet`` changes from
``TENHOU``, the matching ``mahjong`` options, and a *baseline* (the rule's other value, in
both libraries' terms). Each situation is asked of ``mahjong`` twice, under the capability
and under the baseline; it is *sensitive* when the two answers differ (the rule changes
the score). Situations are drawn from makers that favour the shapes each rule is about
(pinfu-shaped tsumo, chinitsu with many aimed dora for the counted yakuman, 22334455667788
of a suit, seven honor pairs, stacks of yakuman with tenhou and paarenchan, riichi hands
for open riichi, dealer wins for paarenchan) and kept until at least
:data:`SENSITIVE_SHARE` of each capability's quota is sensitive; the rest are kept as
they come (the rule must then change nothing). The hands, winds, flags, indicators and
red fives come from the helpers of ``tests/tools/make_mahjong_corpus.py`` (physical
136-ids, never a fifth copy), reused here.

Each record is the other corpus's record (``hand``, ``win``, ``tsumo``, ``seat``,
``round``, ``flags``, ``dora``, ``ura``, ``honba``, ``sticks``, ``ak``) plus ``cap`` (the
capability), ``rules`` and ``baseline_rules`` (the RuleSet changes of the capability and
of its baseline), ``paarenchan`` (the dealer's consecutive
wins, when given; ``mahjong`` is passed ``paarenchan=1``, one yakuman, from 8 on and 0
below, since its ``paarenchan`` is a yakuman multiple), ``sensitive``, ``mahjong`` and
``mahjong_baseline`` (its answers under the capability and the baseline, as the other
corpus stores them) and, for an open 22334455667788 hand, ``mahjong_without`` (its answer
without daisharin: docs/differences.md, D3). ``open_riichi`` is a flag (``mahjong``'s
``is_open_riichi``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from dataclasses import dataclass, field
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
    ALL_DOUBLE,
    CLOSED_THEMES,
    DRAGONS,
    RED_IDS,
    TENHOU_OPTIONS,
    WIND_LETTERS,
    WINDS,
    Drawn,
    answer_of,
    assign_ids,
    call_text,
    chuuren_hand,
    dora_of,
    indicators,
    kokushi_hand,
    make_record,
    name_of,
    notation,
)

OUT = ROOT / "tests" / "data" / "riichi" / "peer_rules_corpus.json.zst"
SENSITIVE_SHARE = 0.7
PAARENCHAN_WINS = 8


@dataclass(frozen=True)
class Capability:
    """A rule value and its baseline, in riichi-lut's terms (``rules``: RuleSet changes
    from TENHOU) and in mahjong's (``options``: OptionalRules changes from the TENHOU
    options; ``config``: HandConfig fields). ``maker`` names the situation maker."""

    name: str
    rules: dict[str, Any]
    options: dict[str, Any]
    baseline_rules: dict[str, Any]
    baseline_options: dict[str, Any]
    maker: str
    config: dict[str, Any] = field(default_factory=dict)
    baseline_config: dict[str, Any] = field(default_factory=dict)


KAZOE = {"yakuman": 0, "sanbaiman": 1, "none": 2}  # mahjong's HandConstants.KAZOE_*
CAPABILITIES: tuple[Capability, ...] = (
    Capability(
        "pinfu_tsumo_fu", {"pinfu_tsumo_fu": True}, {"fu_for_pinfu_tsumo": True}, {}, {}, "pinfu_tsumo"
    ),
    Capability(
        "kazoe_yakuman",
        {"kazoe_limit": "yakuman"},
        {"kazoe_limit": KAZOE["yakuman"]},
        {"kazoe_limit": "sanbaiman"},
        {"kazoe_limit": KAZOE["sanbaiman"]},
        "heavy",
    ),
    Capability(
        "kazoe_sanbaiman",
        {"kazoe_limit": "sanbaiman"},
        {"kazoe_limit": KAZOE["sanbaiman"]},
        {"kazoe_limit": "yakuman"},
        {"kazoe_limit": KAZOE["yakuman"]},
        "heavy",
    ),
    Capability(
        "kazoe_none",
        {"kazoe_limit": "none"},
        {"kazoe_limit": KAZOE["none"]},
        {"kazoe_limit": "yakuman"},
        {"kazoe_limit": KAZOE["yakuman"]},
        "heavier",
    ),
    Capability(
        "daisharin_off",
        {"daisharin": "off"},
        {},
        {"daisharin": "all_suits"},
        {"has_daisharin_other_suits": True},
        "sharin_any",
    ),
    Capability("daisharin_pin", {"daisharin": "pin"}, {"has_daisharin": True}, {}, {}, "sharin_pin"),
    Capability(
        "daisharin_all_suits",
        {"daisharin": "all_suits"},
        {"has_daisharin_other_suits": True},
        {"daisharin": "pin"},
        {"has_daisharin": True},
        "sharin_any",
    ),
    Capability("daichisei", {"daichisei": True}, {"has_daichisei": True}, {}, {}, "honor_pairs"),
    Capability(
        "paarenchan_needs_yaku",
        {"paarenchan": True, "paarenchan_needs_yaku": True},
        {"paarenchan_needs_yaku": True},
        {"paarenchan": False},
        {"paarenchan_needs_yaku": True},
        "dealer",
        baseline_config={"paarenchan": 0},
    ),
    Capability(
        "paarenchan_no_yaku",
        {"paarenchan": True, "paarenchan_needs_yaku": False},
        {"paarenchan_needs_yaku": False},
        {"paarenchan": False, "paarenchan_needs_yaku": False},
        {"paarenchan_needs_yaku": False},
        "dealer",
        baseline_config={"paarenchan": 0},
    ),
    Capability(
        "yakuman_cap_6",
        {"yakuman_cap": 6, "double_yakuman": ALL_DOUBLE, "paarenchan": True},
        {"has_double_yakuman": True, "limit_to_sextuple_yakuman": True},
        {"yakuman_cap": 0, "double_yakuman": ALL_DOUBLE, "paarenchan": True},
        {"has_double_yakuman": True, "limit_to_sextuple_yakuman": False},
        "stack",
    ),
    Capability(
        "yakuman_cap_none",
        {"yakuman_cap": 0, "double_yakuman": ALL_DOUBLE, "paarenchan": True},
        {"has_double_yakuman": True, "limit_to_sextuple_yakuman": False},
        {"yakuman_cap": 6, "double_yakuman": ALL_DOUBLE, "paarenchan": True},
        {"has_double_yakuman": True, "limit_to_sextuple_yakuman": True},
        "stack",
    ),
    Capability(
        "open_riichi",
        {"open_riichi": True},
        {},
        {"open_riichi": False},
        {},
        "riichi",
        baseline_config={"is_open_riichi": False},
    ),
)

STANDARD_THEMES = ("random", "tanyao", "pinfu", "peikou", "sanshoku", "ittsu", "chanta", "toitoi", "yakuhai")
#: ``mahjong`` is configured like TENHOU with these changes for every capability: its
#: default ``limit_to_sextuple_yakuman`` is a 6x cap, which TENHOU (``yakuman_cap=0``)
#: does not have.
BASE_OPTIONS: dict[str, Any] = {**TENHOU_OPTIONS, "limit_to_sextuple_yakuman": False}


# --------------------------------------------------------------------------- makers


def _record_of(rng: random.Random, hand: Drawn, s: dict[str, Any], n_dora: int, aimed: bool) -> dict:
    """A record (the other corpus's fields) of a drawn hand and a situation; indicators
    aimed at the hand's most-held kinds when ``aimed``."""
    used = set(hand.all_ids)
    free = [i for i in range(136) if i not in used]
    if "chankan" in s["flags"]:
        free = [i for i in free if i // 4 != hand.win_id // 4]
    counts = Counter(i // 4 for i in hand.all_ids)
    if aimed:
        dora, ura = _aimed(rng, free, counts, n_dora), []
        if {"riichi", "double_riichi"} & set(s["flags"]):
            ura = _aimed(rng, free, counts, n_dora)
    else:
        dora = indicators(rng, free, set(counts), n_dora)
        riichi = {"riichi", "double_riichi"} & set(s["flags"])
        ura = indicators(rng, free, set(counts), len(dora)) if riichi else []
    riichi = bool({"riichi", "double_riichi"} & set(s["flags"]))
    record: dict[str, Any] = {
        "tag": hand.theme,
        "hand": " ".join(
            [notation(hand.concealed, True), *(call_text(t, ids, True) for t, ids in hand.calls)]
        ),
        "win": ("0" + name_of(hand.win_id // 4)[1]) if hand.win_id in RED_IDS else name_of(hand.win_id // 4),
        "tsumo": s["tsumo"],
        "seat": s["seat"],
        "round": s["round"],
        "flags": list(s["flags"]),
        "dora": notation(dora, True),
        "ura": notation(ura, True),
        "honba": rng.choices((0, 1, 2, 5), (60, 20, 12, 8))[0],
        "sticks": (1 if riichi else 0) + rng.choices((0, 1, 2), (70, 20, 10))[0],
    }
    added = [j for j, (t, _) in enumerate(hand.calls) if t == "added_kan"]
    if added:
        record["ak"] = added
    return {"record": record, "physical": {"hand": hand, "dora": dora, "ura": ura}}


def _aimed(rng: random.Random, free: list[int], counts: Counter[int], n: int) -> list[int]:
    """n indicators from ``free`` showing the kinds before the hand's most-held kinds."""
    out = []
    for _ in range(n):
        weights = [counts.get(dora_of(i // 4), 0) ** 2 for i in free]
        choice = rng.choices(free, weights)[0] if any(weights) else rng.choice(free)
        free.remove(choice)
        out.append(choice)
    return out


def _flags(
    rng: random.Random,
    hand: Drawn,
    *,
    tsumo: bool | None = None,
    seat: str | None = None,
    riichi: float = 0.5,
) -> dict[str, Any]:
    """Winds and flags consistent with the hand (the checks of riichi_lut.riichi.situation)."""
    r = rng.random
    seat = seat or rng.choice(WIND_LETTERS)
    round_ = rng.choices(WIND_LETTERS, (50, 38, 8, 4))[0]
    tsumo = r() < 0.5 if tsumo is None else tsumo
    flags: list[str] = []
    if not hand.calls and tsumo and r() < 0.05:
        return {
            "seat": seat,
            "round": round_,
            "tsumo": True,
            "flags": ["tenhou" if seat == "E" else "chiihou"],
        }
    if hand.closed and r() < riichi:
        flags.append("double_riichi" if r() < 0.12 else "riichi")
        if r() < 0.2:
            flags.append("ippatsu")
    in_hand = sum(1 for i in hand.all_ids if i // 4 == hand.win_id // 4)
    if tsumo and hand.n_kans and "ippatsu" not in flags and r() < 0.3:
        flags.append("rinshan")
    elif tsumo and r() < 0.05:
        flags.append("haitei")
    if not tsumo and in_hand == 1 and "ippatsu" not in flags and r() < 0.05:
        flags.append("chankan")
    elif not tsumo and "ippatsu" not in flags and r() < 0.05:
        flags.append("houtei")
    return {"seat": seat, "round": round_, "tsumo": tsumo, "flags": flags}


def _standard(rng: random.Random, themes: tuple[str, ...], **situation: Any) -> dict:
    """A hand of the other corpus's makers (``make_record`` draws it), re-dressed with
    :func:`_flags` and fresh indicators."""
    made, physical = make_record(rng, rng.choice(themes), None)
    hand: Drawn = physical["hand"]
    aimed = situation.pop("aimed", False)
    n_dora = situation.pop("n_dora", None)
    s = _flags(rng, hand, **situation)
    if n_dora is None:
        n_dora = min(5, 1 + hand.n_kans)
    out = _record_of(rng, hand, s, n_dora, aimed)
    out["record"]["tag"] = made["tag"]
    return out


def _sharin(rng: random.Random, suit: int) -> dict:
    """22334455667788 of a suit, closed; sometimes one pair off (not the pattern) or one run
    called (an open hand: never daisharin in riichi-lut, see docs/differences.md)."""
    base = 9 * suit
    kinds = [base + i for i in range(1, 8) for _ in range(2)]
    tag = "sharin"
    if rng.random() < 0.08:
        gone = base + rng.randrange(1, 8)
        kinds = [k for k in kinds if k != gone] + [base + rng.choice((0, 8))] * 2
        tag = "sharin_miss"
    calls: list[tuple[str, list[int]]] = []
    if tag == "sharin" and rng.random() < 0.04:
        start = base + rng.randrange(1, 6)
        for k in (start, start + 1, start + 2):
            kinds.remove(k)
        calls = [("chi", [start, start + 1, start + 2])]
        tag = "sharin_open"
    ids, called = assign_ids(rng, sorted(kinds), calls)
    win_id = rng.choice(ids)
    hand = Drawn(sorted(ids), called, win_id, tag)
    return _record_of(rng, hand, _flags(rng, hand), 1, False)


def _honor_pairs(rng: random.Random) -> dict:
    """Seven honor pairs (daichisei by rule); now and then tsuuiisou as four sets and a pair."""
    if rng.random() < 0.85:
        kinds = [k for k in range(27, 34) for _ in range(2)]
        tag = "honor_pairs"
    else:
        ks = rng.sample(range(27, 34), 5)
        kinds = [k for k in ks[:4] for _ in range(3)] + [ks[4]] * 2
        tag = "tsuuiisou_sets"
    ids, _ = assign_ids(rng, kinds, [])
    hand = Drawn(sorted(ids), [], rng.choice(ids), tag)
    return _record_of(rng, hand, _flags(rng, hand), 1, False)


def _stack(rng: random.Random) -> dict:
    """A stack of yakuman for the cap: big winds, all honors, four concealed sets, kans,
    thirteen orphans, the nine gates; often the dealer's tenhou and a paarenchan count."""
    form = rng.random()
    theme = "stack"
    if form < 0.12:
        hand = kokushi_hand(rng)
    elif form < 0.2:
        hand = chuuren_hand(rng)
    else:
        winds = list(WINDS)
        if form < 0.75:
            sets, pair = winds, rng.choice([*DRAGONS, *DRAGONS, rng.randrange(27)])
        else:
            dragons = list(DRAGONS)
            wind = rng.sample(winds, 2)
            sets, pair = [*dragons, wind[0]], wind[1]
        n_kans = rng.choices((0, 1, 2, 3, 4), (40, 15, 15, 10, 20))[0]
        kan_sets = set(rng.sample(range(4), n_kans))
        concealed = [k for i, k in enumerate(sets) if i not in kan_sets for _ in range(3)] + [pair, pair]
        calls = [("closed_kan", [k] * 4) for i, k in enumerate(sets) if i in kan_sets]
        ids, called = assign_ids(rng, concealed, calls)
        pair_ids = [i for i in ids if i // 4 == pair]
        win_id = rng.choice(pair_ids) if rng.random() < 0.7 else rng.choice(ids)
        hand = Drawn(sorted(ids), called, win_id, theme)
    dealer = rng.random() < 0.8
    s = _flags(rng, hand, seat="E" if dealer else rng.choice("SWN"), tsumo=rng.random() < 0.7, riichi=0.2)
    if dealer and not hand.calls and s["tsumo"] and rng.random() < 0.5:
        s["flags"] = ["tenhou"]
    out = _record_of(rng, hand, s, 1, False)
    if dealer:
        out["record"]["paarenchan"] = rng.choice((0, 7, 8, 8, 9))
    return out


def _dealer(rng: random.Random) -> dict:
    """A dealer win with a paarenchan count: any hand, open hands without a yaku among them."""
    themes = (*STANDARD_THEMES, "random", "random", "open_runs", "kans", "chiitoitsu")
    out = _standard(rng, themes, seat="E")
    out["record"]["paarenchan"] = rng.choice((8, 8, 8, 9, 12, 7, 1))
    return out


def _pinfu_tsumo(rng: random.Random) -> dict:
    return _standard(rng, ("pinfu", "pinfu", "pinfu", "peikou", "sanshoku", "ittsu", "random"), tsumo=True)


def _heavy(rng: random.Random, n_dora: int | None = None) -> dict:
    """Mostly closed one-suit hands in riichi, with 2-5 (or ``n_dora``) aimed indicators."""
    themes = ("chinitsu", "chinitsu", "honitsu", "peikou", "toitoi", "pinfu")
    return _standard(rng, themes, riichi=0.9, aimed=True, n_dora=n_dora or rng.randint(2, 5))


def _open_riichi(rng: random.Random) -> dict:
    """A riichi (or double riichi) win, declared open."""
    themes = tuple(sorted(CLOSED_THEMES - {"kokushi", "chuuren_kan"})) + STANDARD_THEMES
    while True:
        out = _standard(rng, themes, riichi=1.0)
        if {"riichi", "double_riichi"} & set(out["record"]["flags"]):
            out["record"]["flags"].append("open_riichi")
            return out


MAKERS = {
    "pinfu_tsumo": _pinfu_tsumo,
    "heavy": _heavy,
    "heavier": lambda rng: _heavy(rng, 5),
    "sharin_pin": lambda rng: _sharin(rng, 1 if rng.random() < 0.75 else rng.choice((0, 2))),
    "sharin_any": lambda rng: _sharin(rng, rng.randrange(3)),
    "honor_pairs": _honor_pairs,
    "stack": _stack,
    "dealer": _dealer,
    "riichi": _open_riichi,
}
"""The situation makers by name: each draws one candidate {"record": ..., "physical": ...}."""


# --------------------------------------------------------------------------- mahjong


def ask(
    record: dict[str, Any], physical: dict[str, Any], options: dict[str, Any], config: dict[str, Any]
) -> dict:
    """mahjong's answer (the other corpus's fields) under ``options`` and HandConfig ``config``."""
    hand: Drawn = physical["hand"]
    kinds = {"chi": Meld.CHI, "pon": Meld.PON, "open_kan": Meld.KAN, "closed_kan": Meld.KAN}
    kinds["added_kan"] = Meld.SHOUMINKAN
    melds = [Meld(meld_type=kinds[t], tiles=sorted(ids), opened=t != "closed_kan") for t, ids in hand.calls]
    flags = set(record["flags"])
    facts: dict[str, Any] = {
        "is_tsumo": record["tsumo"],
        "is_riichi": bool(flags & {"riichi", "double_riichi"}),
        "is_daburu_riichi": "double_riichi" in flags,
        "is_ippatsu": "ippatsu" in flags,
        "is_rinshan": "rinshan" in flags,
        "is_chankan": "chankan" in flags,
        "is_haitei": "haitei" in flags,
        "is_houtei": "houtei" in flags,
        "is_tenhou": "tenhou" in flags,
        "is_chiihou": "chiihou" in flags,
        "is_renhou": "renhou" in flags,
        "is_open_riichi": "open_riichi" in flags,
        "paarenchan": 1 if record.get("paarenchan", 0) >= PAARENCHAN_WINS else 0,
        **config,
    }
    result = HandCalculator.estimate_hand_value(
        sorted(hand.all_ids),
        hand.win_id,
        melds=melds,
        dora_indicators=physical["dora"],
        ura_dora_indicators=physical["ura"],
        config=HandConfig(
            player_wind=EAST + WIND_LETTERS.index(record["seat"]),
            round_wind=EAST + WIND_LETTERS.index(record["round"]),
            kyoutaku_number=record["sticks"],
            tsumi_number=record["honba"],
            options=OptionalRules(**{**BASE_OPTIONS, **options}),
            **facts,
        ),
    )
    return answer_of(result)


def build(seed: int, per_capability: int) -> dict[str, Any]:
    """The corpus: ``per_capability`` records of each capability, at least
    :data:`SENSITIVE_SHARE` of them sensitive."""
    rng = random.Random(seed)
    records = []
    for cap in CAPABILITIES:
        need_sensitive = int(per_capability * SENSITIVE_SHARE)
        kept: list[dict[str, Any]] = []
        sensitive = tries = 0
        while len(kept) < per_capability:
            tries += 1
            if tries > 60 * per_capability:
                raise RuntimeError(f"{cap.name}: {sensitive} sensitive of {len(kept)} after {tries} draws")
            made = MAKERS[cap.maker](rng)
            record, physical = made["record"], made["physical"]
            answer = ask(record, physical, cap.options, cap.config)
            baseline = ask(record, physical, cap.baseline_options, cap.baseline_config)
            changed = answer != baseline
            room = per_capability - len(kept) - (need_sensitive - sensitive)
            if not changed and room <= 0:
                continue
            sensitive += changed
            record.update(
                cap=cap.name,
                rules=cap.rules,
                baseline_rules=cap.baseline_rules,
                sensitive=changed,
                mahjong=answer,
                mahjong_baseline=baseline,
            )
            if record["tag"] == "sharin_open":  # for docs/differences.md D3: no daisharin at all
                record["mahjong_without"] = ask(record, physical, {}, {})
            kept.append(record)
        records += kept
    for i, record in enumerate(records):
        record["id"] = i
    return {
        "format": 1,
        "generator": "tools/make_peer_rules_corpus.py",
        "seed": seed,
        "mahjong_version": getattr(mahjong, "__version__", None) or _dist_version(),
        "mahjong_options": BASE_OPTIONS,
        "capabilities": {
            c.name: {
                "rules": c.rules,
                "mahjong": c.options,
                "mahjong_config": c.config,
                "baseline_rules": c.baseline_rules,
                "baseline": c.baseline_options,
                "baseline_config": c.baseline_config,
            }
            for c in CAPABILITIES
        },
        "records": records,
    }


def _dist_version() -> str:
    return version("mahjong")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1402)
    parser.add_argument("--per-capability", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    corpus = build(args.seed, args.per_capability)
    text = json.dumps(corpus, separators=(",", ":")).encode()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(zstandard.ZstdCompressor(level=19).compress(text))
    records = corpus["records"]
    print(f"{len(records)} records, {args.out.stat().st_size:,} bytes -> {args.out}")
    for cap in CAPABILITIES:
        mine = [r for r in records if r["cap"] == cap.name]
        errors = Counter(r["mahjong"].get("error", "win") for r in mine)
        sensitive = sum(r["sensitive"] for r in mine)
        print(f"  {cap.name}: {len(mine)}, sensitive {sensitive}, mahjong {dict(errors)}")


if __name__ == "__main__":
    main()
