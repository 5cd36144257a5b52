"""``riichi-lut play`` and ``riichi-lut replay``: whole games (:mod:`riichi_lut.game`).

riichi-lut play --seed 1 --out game.mjson      # four efficiency bots, a hanchan, as mjai
riichi-lut replay game.mjson                    # every hand replayed and checked
riichi-lut replay 2019021004gm-00a9-0000-e2f6516d.mjlog --json

``replay`` reads each log (mjlog XML plain or gzip, tenhou.net/6 JSON, mjai JSONL), plays
it through the rules and prints each hand's result and the final table; a recorded result
that differs from the engine's, or an action the rules do not allow, prints one line
naming the file, the hand, the event and both values, and the command exits 1. A log
that cannot be read exits 2.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..errors import IllegalActionError, InvalidArgumentError, ReplayMismatchError
from ..game.logs import read_log, write_mjai, write_tenhou6
from ..game.play import play_one
from ..game.policies import POLICIES
from ..game.record import GameRecord
from ..game.replay import Replay, RoundReplay, replay
from .options import examples

__all__ = ["add_parser"]

_WRITERS = {".mjson": write_mjai, ".jsonl": write_mjai, ".json": write_tenhou6}


def _hand_line(r: RoundReplay) -> str:
    outcome = r.outcome
    if outcome is None:
        return f"{r.name:<7} (the log stops in this hand)"
    deltas = " ".join(f"{d:+6d}" for d in outcome.deltas)
    if outcome.kind != "win":
        shown = f" tenpai {','.join(map(str, outcome.tenpai)) or '-'}" if outcome.kind == "exhaustive" else ""
        return f"{r.name:<7} {outcome.kind.replace('_', ' ')}{shown}".ljust(50) + " " + deltas
    parts = []
    for w in outcome.wins:
        how = "tsumo" if w.seat == w.from_seat else f"ron from seat {w.from_seat}"
        value = f"{w.result.yakuman}x yakuman" if w.result.yakuman else f"{w.result.han} han {w.result.fu} fu"
        parts.append(f"seat {w.seat} {how}, {value}, {w.result.points}")
    return f"{r.name:<7} {'; '.join(parts)}".ljust(50) + " " + deltas


def _report(record: GameRecord, result: Replay) -> dict[str, Any]:
    rounds = []
    for r in result.rounds:
        outcome = r.outcome
        item: dict[str, Any] = {"round": r.name, "dealer": r.dealer, "scores_before": list(r.scores_before)}
        if outcome is not None:
            item["result"] = outcome.kind
            item["deltas"] = list(outcome.deltas)
            item["wins"] = [
                {"seat": w.seat, "from": w.from_seat, "pao": w.pao, **w.result.to_dict()}
                for w in outcome.wins
            ]
            if outcome.kind == "exhaustive":
                item["tenpai"] = list(outcome.tenpai)
        item["scores_after"] = list(r.scores_after)
        rounds.append(item)
    return {
        "source": record.source,
        "format": record.format,
        "names": list(record.names),
        "complete": result.complete,
        "rounds": rounds,
        "final_scores": list(result.final_scores) if result.final_scores else None,
        "final_points": list(result.final_points) if result.final_points else None,
    }


def cmd_replay(args: argparse.Namespace) -> int:
    status = 0
    reports = []
    for path in args.logs:
        record = read_log(Path(path))
        try:
            result = replay(record)
        except (ReplayMismatchError, IllegalActionError) as error:
            kind = "mismatch" if isinstance(error, ReplayMismatchError) else "illegal action"
            print(f"{kind}: {error}")
            status = 1
            continue
        if args.json:
            reports.append(_report(record, result))
            continue
        print(f"{record.source} ({record.format}, {len(record.rounds)} hands): replayed, no mismatch")
        for r in result.rounds:
            print("  " + _hand_line(r))
        if result.final_scores is not None and result.final_points is not None:
            final = "  ".join(
                f"{name or f'seat {s}'} {score:,} ({points:+.1f})"
                for s, (name, score, points) in enumerate(
                    zip(record.names, result.final_scores, result.final_points, strict=True)
                )
            )
            print(f"  final   {final}")
        elif not result.complete:
            print("  (the log stops before the end of the game)")
    if args.json:
        print(json.dumps(reports if len(reports) != 1 else reports[0], ensure_ascii=False, indent=1))
    return status


def cmd_play(args: argparse.Namespace) -> int:
    players = args.players
    if players not in (3, 4):
        raise InvalidArgumentError(f"--players must be 3 or 4, got {players}")
    writer = None
    if args.out:
        out = Path(args.out)
        writer = _WRITERS.get(out.suffix)
        if writer is None:
            raise InvalidArgumentError(
                f"--out {out.name}: the file's extension picks the format: .mjson or .jsonl (mjai),"
                " .json (tenhou.net/6)"
            )
    record = play_one([args.policy] * players, seed=args.seed, players=players, length=args.length)
    if args.out and writer is not None:
        out = Path(args.out)
        try:
            out.write_text(writer(record), encoding="utf-8")
        except OSError as error:
            raise InvalidArgumentError(f"--out {out}: cannot write: {error.strerror or error}") from None
    result = replay(record, check=False)
    if args.json:
        report = _report(record, result)
        if args.out:
            report["written"] = str(args.out)
        print(json.dumps(report, ensure_ascii=False, indent=1))
        return 0
    for r in result.rounds:
        print(_hand_line(r))
    if result.final_scores is not None and result.final_points is not None:
        print(
            "final   "
            + "  ".join(
                f"seat {s} {score:,} ({pts:+.1f})"
                for s, (score, pts) in enumerate(zip(result.final_scores, result.final_points, strict=True))
            )
        )
    if args.out:
        print(f"written: {args.out}")
    return 0


def add_parser(sub: Any) -> None:
    """``riichi-lut play`` and ``riichi-lut replay`` on the main parser's sub-parsers."""
    p = sub.add_parser(
        "play",
        help="play one whole game with built-in bots (docs/game.md)",
        description="Play one game by Tenhou's rules, one policy at every seat, the walls from"
        " --seed; print each hand and the final table, and write the log with --out.",
        epilog=examples(
            "riichi-lut play --seed 1 --out game.mjson",
            "riichi-lut play --seed 7 --policy random --players 3 --out game.json",
        ),
    )
    p.add_argument("--seed", type=int, default=0, help="the seed of the walls (and of random bots)")
    p.add_argument("--policy", choices=POLICIES, default="efficiency", help="the bot at every seat")
    p.add_argument("--players", type=int, default=4, help="4, or 3 for Tenhou's three-player game")
    p.add_argument("--length", choices=("hanchan", "tonpuu", "one_hand"), default=None, help="game length")
    p.add_argument("--out", default=None, help="write the log: .mjson/.jsonl (mjai) or .json (tenhou.net/6)")
    p.add_argument("--json", action="store_true", help="print the game (each hand, the final table) as JSON")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser(
        "replay",
        help="replay game logs through the rules and check every result they record",
        description="Read each log (mjlog XML plain or gzip, tenhou.net/6 JSON, mjai JSONL),"
        " replay it and compare every recorded result with the engine's. A mismatch or an"
        " illegal action exits 1 naming it; a log that cannot be read exits 2.",
        epilog=examples("riichi-lut replay game.mjson", "riichi-lut replay game.mjlog --json"),
    )
    p.add_argument("logs", nargs="+", metavar="LOG", help="log files")
    p.add_argument("--json", action="store_true", help="print each replay as JSON")
    p.set_defaults(run=cmd_replay)
