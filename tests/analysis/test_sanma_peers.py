"""Three-player (sanma) shanten against two peers, through the frozen corpus
``tests/data/sanma/peer_shanten.jsonl.zst`` made by ``tools/make_sanma_corpus.py``:
riichienv 0.4.11 ``calculate_shanten_3p`` and mahjong 2.1.0
``Shanten.calculate_shanten(..., is_three_player=True)``. The peers are not imported here.
Every hand must agree with both (docs/differences.md: no difference was found)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import zstandard

from riichi_lut.analysis.shanten import shanten, shanten_batch

CORPUS = Path(__file__).resolve().parents[1] / "data" / "sanma" / "peer_shanten.jsonl.zst"


@lru_cache(maxsize=1)
def corpus() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    text = zstandard.ZstdDecompressor().decompress(CORPUS.read_bytes(), max_output_size=1 << 27).decode()
    header, *records = (json.loads(line) for line in text.splitlines())
    return header, records


def test_the_corpus_is_what_its_header_says() -> None:
    header, records = corpus()
    assert (header["riichienv"], header["mahjong"]) == ("0.4.11", "2.1.0")
    assert len(records) == header["count"] >= 30_000
    sizes = {(sum(r["counts"]), r["calls"]) for r in records}
    assert sizes == {(tiles - 3 * calls, calls) for calls in range(5) for tiles in (13, 14)}
    counts = np.array([r["counts"] for r in records])
    assert not counts[:, 1:8].any()
    assert (counts[:, 0] == 4).sum() > 100 and (counts[:, 8] == 4).sum() > 100  # four man terminals


def test_batch_shanten_agrees_with_riichienv_and_mahjong_on_every_hand() -> None:
    _, records = corpus()
    counts = np.array([r["counts"] for r in records], dtype=np.uint8)
    calls = np.array([r["calls"] for r in records])
    ours = shanten_batch(counts, calls, players=3).tolist()
    for peer in ("riichienv", "mahjong"):
        differ = [i for i, r in enumerate(records) if r[peer] != ours[i]]
        assert not differ, (peer, len(differ), [records[i] for i in differ[:3]])
    # the corpus tells three players from four: on these hands the four-player answer differs
    four = shanten_batch(counts, calls).tolist()
    assert sum(a != b for a, b in zip(ours, four, strict=True)) >= 200


def test_scalar_shanten_agrees_with_the_peers() -> None:
    _, records = corpus()
    for r in records[:5000]:
        value = shanten(r["counts"], melds=r["calls"], players=3).value
        assert value == r["riichienv"] == r["mahjong"], r
