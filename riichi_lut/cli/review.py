"""``riichi-lut review``: one seat's game, decision by decision (:func:`riichi_lut.review`).

riichi-lut play --seed 1 --out game.mjson && riichi-lut review game.mjson --seat 0
riichi-lut review game.mjlog --player Sidecar            # the text report
riichi-lut review game.json --seat 2 --only losses --unicode
riichi-lut review game.mjlog --seat 2 --json --no-state > review.json
riichi-lut review game.mjlog --seat 2 --html review.html  # one file, tiles drawn, offline

The log is any file :func:`riichi_lut.game.read_log` reads (Tenhou mjlog XML plain or gzip,
tenhou.net/6 JSON, mjai JSONL), or ``-`` for standard input. Without ``--seat`` or
``--player`` the command lists the players and asks for one. A log that cannot be read, a
seat that does not exist, a game cut short or a disconnected seat (without ``--partial``)
print ``error: ...`` and exit 2; a log whose decisions the rules refuse or whose results
differ from the engine's prints the difference and exits 1, as ``riichi-lut replay`` does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..coach.review import ONLY, review
from ..coach.review_text import review_text
from ..errors import IllegalActionError, InvalidArgumentError, ReplayMismatchError, quote
from ..game.logs import read_log
from ..game.record import GameRecord
from ..web.report import review_html
from .glyphs import render
from .options import examples

__all__ = ["add_parser", "cmd_review"]


def _record(source: str) -> GameRecord:
    """The game of ``source``: a path, or ``-`` for standard input."""
    if source == "-":
        return read_log(sys.stdin.buffer.read())
    return read_log(Path(source))


def _seat(record: GameRecord, args: argparse.Namespace) -> int | str:
    """The seat asked for, or an error that lists the players."""
    if args.seat is not None:
        return int(args.seat)
    if args.player is not None:
        return str(args.player)
    players = ", ".join(f"{i}: {quote(name)}" for i, name in enumerate(record.names))
    raise InvalidArgumentError(f"choose the seat to review: --seat N or --player NAME (players {players})")


def _write_html(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise InvalidArgumentError.about("html", f"{path}: cannot write: {error.strerror or error}") from None


def cmd_review(args: argparse.Namespace) -> int:
    # errors about a parameter name the flag given (riichi_lut.cli.requests.message_of)
    args.flags = {"seat": "--player" if args.player is not None else "--seat", "html": "--html"}
    for flag, given in (("--no-state", args.no_state), ("--compact", args.compact)):
        if given and not args.json:
            raise InvalidArgumentError(f"{flag} shapes the JSON: give it with --json")
    record = _record(args.log)
    seat = _seat(record, args)
    try:
        result = review(record, seat, partial=args.partial)
    except (ReplayMismatchError, IllegalActionError) as error:
        kind = "mismatch" if isinstance(error, ReplayMismatchError) else "illegal action"
        print(f"{kind}: {error}", file=sys.stderr)
        return 1
    if args.html:
        _write_html(args.html, review_html(result, only=args.only))
        print(f"written: {args.html}", file=sys.stderr)
    if args.json:
        report: dict[str, Any] = result.to_dict(state=not args.no_state, only=args.only)
        print(json.dumps(report, ensure_ascii=False, indent=None if args.compact else 1))
    else:
        sys.stdout.write(render(review_text(result, only=args.only), args.unicode))
    return 0


def add_parser(sub: Any) -> None:
    """``riichi-lut review`` on the main parser's sub-parsers."""
    p = sub.add_parser(
        "review",
        help="review one seat of a game log, decision by decision (docs/review.md)",
        description="Replay a game log and put the hint engine's best discard beside each of the"
        " seat's discards: the live tiles each accepts, what was given up, a verdict (best, equal,"
        " close, loss) and why; riichi, calls and passes as facts; each hand's end explained."
        " Discards are judged by tile efficiency alone: turns against a threat are shown, not judged.",
        epilog=examples(
            "riichi-lut review game.mjson --seat 0",  # the game `riichi-lut play --out game.mjson` wrote
            "riichi-lut review game.mjlog --player Sidecar",
            "riichi-lut review game.json --seat 2 --only losses --unicode",
            "riichi-lut review game.mjlog --seat 2 --json --no-state",
            "riichi-lut review game.mjlog --seat 2 --html review.html",
        ),
    )
    p.add_argument(
        "log", metavar="LOG", help="the log: mjlog XML (plain or gzip), tenhou.net/6 JSON, mjai; - stdin"
    )
    who = p.add_mutually_exclusive_group()
    who.add_argument("--seat", type=_seat_index, default=None, help="the seat reviewed: 0 the first dealer")
    who.add_argument("--player", default=None, help="the seat reviewed, by the player's name in the log")
    p.add_argument("--only", choices=tuple(ONLY), default=None, help="show only these decisions")
    p.add_argument("--json", action="store_true", help="print the review as JSON (docs/review.md)")
    p.add_argument("--no-state", action="store_true", help="with --json: leave out what the seat saw")
    p.add_argument("--compact", action="store_true", help="with --json: one line, no indentation")
    p.add_argument("--html", metavar="FILE", default=None, help="also write a self-contained HTML report")
    p.add_argument("--unicode", action="store_true", help="draw tiles as Unicode mahjong tiles")
    p.add_argument(
        "--partial", action="store_true", help="review a game cut short or a disconnected seat anyway"
    )
    p.set_defaults(run=cmd_review)


def _seat_index(text: str) -> int:
    """``--seat``: a seat index."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a seat index (0-3), got {text!r}") from None
