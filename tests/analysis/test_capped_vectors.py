"""The capped block vector (kinds capped by the copies in the player's calls) computed from
the shapes kept per caps equals the group-by-group reference, on random patterns and caps
of both blocks, the empty groups (a cap that forbids every shape of a group) included."""

from __future__ import annotations

import random

import pytest

from riichi_lut.analysis.shanten import capped_block_vector, capped_block_vector_reference
from riichi_lut.lut.blocks import HONOR, SUIT


def _cases(kinds: int, n: int, seed: int) -> list[tuple[bytes, bytes]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        caps = [4] * kinds
        for _ in range(rng.randint(1, kinds)):
            caps[rng.randrange(kinds)] = rng.choice([0, 0, 1, 1, 2, 3])
        pattern = [0] * kinds
        for _ in range(rng.randint(0, 14)):
            k = rng.randrange(kinds)
            if pattern[k] < caps[k]:
                pattern[k] += 1
        out.append((bytes(pattern), bytes(caps)))
    return out


@pytest.mark.parametrize(("block", "kinds"), [(SUIT, 9), (HONOR, 7)], ids=["suit", "honor"])
def test_kept_shapes_give_the_reference_vector(block, kinds):
    cases = _cases(kinds, 300, kinds)
    cases.append((bytes(kinds), bytes(kinds)))  # every kind gone: no shape but the empty one
    seen_empty_group = False
    for pattern, caps in cases:
        vector = capped_block_vector.__wrapped__(block, pattern, caps)
        assert vector == capped_block_vector_reference(block, pattern, caps), (pattern, caps)
        seen_empty_group |= 99 in vector
    assert seen_empty_group  # the groups no shape fills are among the cases
