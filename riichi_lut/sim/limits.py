"""Sizes a simulation refuses at once: more work than any run can finish, more memory than
the machine has.

**Work.** The bounds are what a 1,000-core cluster does in a day at the fastest rate
measured for that kind of work (2-core Linux VM, 2026-12): drawing and classifying deals
about 2.5 million a second per core, so :data:`MAX_DEALS` = 10¹⁴; playing turns (a draw
and a discard choice, in :func:`~riichi_lut.sim.selfplay.selfplay` and
:func:`~riichi_lut.sim.nanikiru.nanikiru`) about 0.25 million a second per core, so
:data:`MAX_PLAYER_TURNS` = 10¹³ (games × draws, summed over the candidates of a
nanikiru). ``n = 10**15`` deals would be 12 years of one core: refused, not started.

**Memory.** Every chunk of a job is computed in memory at once, and
:func:`~riichi_lut.sim.deals.deal_counts` returns all its rows: :func:`check_memory`
refuses, before anything is allocated, an array set that needs more bytes than the
machine's physical memory (:func:`physical_memory`; the estimate counts only the arrays a
chunk cannot do without, so it refuses only what can never fit). A smaller allocation that
still fails (the memory is in use) is caught where it happens (:func:`allocating`): both
are an :class:`~riichi_lut.errors.InvalidArgumentError` naming the parameter and the size,
never numpy's ``MemoryError``.

>>> try:
...     check_work(10**15, "n", MAX_DEALS, "deals")
... except InvalidArgumentError as error:
...     print(str(error).split(" (")[0])
n=1,000,000,000,000,000 deals is more than any run can finish
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from ..errors import InvalidArgumentError

MAX_DEALS = 10**14
"""Most deals one call draws: a day of a 1,000-core cluster at 2.5 M deals/s per core."""

MAX_PLAYER_TURNS = 10**13
"""Most games × draws one call plays: a day of a 1,000-core cluster at 0.25 M turns/s per core."""


def check_work(amount: int, name: str, limit: int, what: str, *, given: int | None = None) -> None:
    """Refuse ``amount`` units of ``what`` above ``limit``; ``name`` (= ``given``, the
    parameter's value, when it is not the amount itself) is what the message blames."""
    if amount > limit:
        size = f"{amount:,} {what}" if given is None else f"{given:,} ({amount:,} {what})"
        raise InvalidArgumentError.about(
            name,
            f"={size} is more than any run can finish (at most {limit:,} {what}: see riichi_lut.sim.limits)",
        )


def physical_memory() -> int | None:
    """Bytes of physical memory of this machine, or ``None`` where the OS does not say
    (``os.sysconf`` is POSIX)."""
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return None
    return pages * size if pages > 0 and size > 0 else None


def size_text(nbytes: int) -> str:
    """A byte count for people: ``'309.2 TiB'``.

    >>> size_text(10**13 * 34), size_text(512)
    ('309.2 TiB', '512 B')
    """
    value = float(nbytes)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if value < 1024 or unit == "PiB":
            return f"{nbytes} B" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    raise AssertionError("unreachable")  # pragma: no cover


Blame = tuple[str, str]
"""The parameter a message blames and what its value asks for: ``("n", "=10 rows")``."""


def chunk_parameter(n: int, n_name: str, chunk_size: int, unit: str) -> Blame:
    """What a chunk's memory message blames: ``chunk_size`` when chunks are smaller than the
    job, else ``n_name`` (one chunk holds all ``n``).

    >>> chunk_parameter(10**6, "n", 1 << 18, "deals"), chunk_parameter(10, "n_games", 100, "games")
    (('chunk_size', '=262,144 (deals per chunk)'), ('n_games', '=10 (games, all in one chunk)'))
    """
    if n > chunk_size:
        return "chunk_size", f"={chunk_size:,} ({unit} per chunk)"
    return n_name, f"={n:,} ({unit}, all in one chunk)"


def _refusal(what: Blame | str, rest: str) -> InvalidArgumentError:
    """The error that ``what`` (a parameter's :data:`Blame`, or words) ``rest``."""
    if isinstance(what, tuple):
        return InvalidArgumentError.about(what[0], f"{what[1]} {rest}")
    return InvalidArgumentError(f"{what} {rest}")


def check_memory(nbytes: int, what: Blame | str) -> None:
    """Refuse arrays of ``nbytes`` bytes at once when the machine has less physical
    memory; ``what`` is the parameter that asks for them (``("n", "=10,000 rows")``)."""
    memory = physical_memory()
    if memory is not None and nbytes > memory:
        raise _refusal(
            what,
            f"asks for {size_text(nbytes)} of memory at once, more than this machine has"
            f" ({size_text(memory)})",
        )


@contextmanager
def allocating(what: Blame | str, nbytes: int) -> Iterator[None]:
    """Turn a ``MemoryError`` raised inside the block into an
    :class:`~riichi_lut.errors.InvalidArgumentError` that names ``what`` asked for it."""
    try:
        yield
    except MemoryError:
        raise _refusal(
            what,
            f"asks for about {size_text(nbytes)} of memory at once, which could not be"
            " allocated (the memory is in use): ask for fewer, or a smaller chunk_size",
        ) from None
