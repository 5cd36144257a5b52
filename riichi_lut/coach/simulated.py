"""``hint(simulate=...)``: the settings, the simulated re-ranking of the best discards
and the reasons that report it (:func:`riichi_lut.sim.nanikiru`, loaded only when asked).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..analysis.efficiency import DiscardOption, HandLike
from ..core.visible import VisibleLike
from ..errors import InvalidArgumentError, quote
from .words import Code, Reason

if TYPE_CHECKING:
    from ..sim.nanikiru import NanikiruOption, Outlook

SIMULATION_DEFAULTS: dict[str, Any] = {
    "draws": 6,
    "n": 20_000,
    "seed": 0,
    "top": 3,
    "workers": 1,
    "client": None,
    "riichi": False,
}
"""Settings of ``hint(simulate=True)``; a dict passed as ``simulate`` overrides some of
them: ``draws``, ``n`` games, ``seed``, ``top`` (how many of the best distinct discards
by the plain ranking are simulated), ``workers``, ``client`` (Dask), ``riichi``
(see :func:`riichi_lut.sim.nanikiru`)."""


def simulation_settings(simulate: object) -> dict[str, Any] | None:
    """``None`` (no simulation) or the full settings of ``simulate``."""
    if simulate is None or simulate is False:
        return None
    if simulate is True:
        return dict(SIMULATION_DEFAULTS)
    if not isinstance(simulate, Mapping):
        raise InvalidArgumentError(
            f"simulate must be True/False or a dict of {sorted(SIMULATION_DEFAULTS)}, got {quote(simulate)}"
        )
    unknown = sorted(set(simulate) - set(SIMULATION_DEFAULTS))
    if unknown:
        raise InvalidArgumentError(
            f"simulate: unknown setting(s) {unknown}; known: {sorted(SIMULATION_DEFAULTS)}"
        )
    settings = {**SIMULATION_DEFAULTS, **simulate}
    top = settings["top"]
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise InvalidArgumentError(f"simulate: top must be a positive int, got {quote(top)}")
    return settings


def simulate_discards(
    hand: HandLike,
    visible: VisibleLike,
    melds: int | None,
    options: tuple[DiscardOption, ...],
    settings: dict[str, Any],
    players: int = 4,
) -> tuple[tuple[NanikiruOption, ...], tuple[DiscardOption, ...]]:
    """The simulated top kinds (best first) and the options re-ranked by them; ``players=3``
    simulates three-player games (:func:`riichi_lut.sim.nanikiru`)."""
    # start-up: the simulator loads only when hint(simulate=...) asks for it
    from ..sim.nanikiru import nanikiru  # noqa: PLC0415

    order = list(dict.fromkeys(o.kind for o in options))
    top = order[: settings["top"]]
    simulated = nanikiru(
        hand,
        visible,
        melds=melds,
        discards=top,
        draws=settings["draws"],
        n=settings["n"],
        seed=settings["seed"],
        workers=settings["workers"],
        client=settings["client"],
        riichi=settings["riichi"],
        players=players,
    )
    simulated = tuple(sorted(simulated, key=lambda o: (o.sort_key(), order.index(o.kind))))
    if simulated[0].kind != order[0]:
        # overrule the plain ranking only on a difference beyond the noise (paired games)
        plain = next(o for o in simulated if o.kind == order[0])
        difference, half = simulated[0].versus(plain, _measure(simulated[0], plain))
        if difference <= half:
            simulated = (plain, *(o for o in simulated if o is not plain))
    first = [o for s in simulated for o in options if o.kind == s.kind]
    rest = [o for o in options if o.kind not in top]
    return simulated, tuple(first + rest)


def _estimate_values(estimate: Any, prefix: str = "") -> dict[str, Any]:
    return {prefix + "p": estimate.p, prefix + "half_width": estimate.half_width}


def _measure(mine: NanikiruOption, other: NanikiruOption | None) -> str:
    """Compare by wins, unless neither won (then by tenpai)."""
    if mine.wins[-1] or (other is not None and other.wins[-1]):
        return "win"
    return "tenpai"


def simulation_reason(
    best: DiscardOption,
    simulated: tuple[NanikiruOption, ...],
    settings: dict[str, Any],
    rival: NanikiruOption | None = None,
) -> Reason:
    mine = simulated[0]
    other = rival if rival is not None else simulated[1] if len(simulated) > 1 else None
    measure = _measure(mine, other)
    pick = "win_within" if measure == "win" else "tenpai_within"
    values: dict[str, Any] = {
        "tile": best.tile,
        "measure": measure,
        "draws": mine.draws,
        "games": mine.games,
        "seed": settings["seed"],
        **_estimate_values(getattr(mine, pick)()),
        "other": None if other is None else other.discard,
    }
    if other is not None:
        difference, half = mine.versus(other, measure)
        values.update(_estimate_values(getattr(other, pick)(), "other_"))
        values.update(
            {"difference": difference, "difference_half_width": half, "clear": abs(difference) > half}
        )
    return Reason(Code.SIMULATION, values)


def simulate_hand(
    hand: HandLike, visible: VisibleLike, melds: int | None, settings: dict[str, Any], players: int = 4
) -> Outlook:
    """The simulated outlook of a 13-tile hand (:func:`riichi_lut.sim.hand_outlook`)."""
    # start-up: the simulator loads only when hint(simulate=...) asks for it
    from ..sim.nanikiru import hand_outlook  # noqa: PLC0415

    options = {k: settings[k] for k in ("draws", "n", "seed", "workers", "client", "riichi")}
    return hand_outlook(hand, visible, melds=melds, players=players, **options)


def report_reason(outlook: Outlook, settings: dict[str, Any]) -> Reason:
    values = {
        "draws": outlook.draws,
        "games": outlook.games,
        "seed": settings["seed"],
        **_estimate_values(outlook.win_within()),
        **_estimate_values(outlook.tenpai_within(), "tenpai_"),
    }
    return Reason(Code.SIMULATION_REPORT, values)
