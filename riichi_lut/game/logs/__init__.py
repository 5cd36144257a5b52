"""Game logs read and written: Tenhou's mjlog XML (plain or gzip), tenhou.net/6 JSON and
mjai JSONL, all read into one :class:`~riichi_lut.game.record.GameRecord`; a record
written back as mjai JSONL (:func:`write_mjai`) or tenhou.net/6 JSON
(:func:`write_tenhou6`) or Tenhou mjlog XML (:func:`write_mjlog`: the tile ids are the
writer's own, the record keeping tile codes).

:func:`read_log` takes a path, bytes or text and tells the format from the content: gzip
magic bytes or ``<mjloggm`` is mjlog; a JSON object with ``"log"`` is tenhou.net/6; lines
of JSON objects with ``"type"`` are mjai. A log it cannot read raises
:class:`~riichi_lut.errors.LogFormatError` naming the source, the round and the event.
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path

from ...errors import LogFormatError
from ..record import GameRecord
from .mjai import read_mjai, write_mjai
from .mjlog import read_mjlog
from .mjlog_write import write_mjlog
from .tenhou6 import read_tenhou6, write_tenhou6

__all__ = [
    "FORMATS",
    "detect_format",
    "read_log",
    "read_mjai",
    "read_mjlog",
    "read_tenhou6",
    "write_mjai",
    "write_mjlog",
    "write_tenhou6",
]

#: The formats :func:`read_log` reads.
FORMATS = ("mjlog", "tenhou6", "mjai")

_GZIP_MAGIC = b"\x1f\x8b"


def _source_text(source: str | bytes | os.PathLike[str], name: str | None) -> tuple[str, str]:
    """The log's text and a name for messages: a path is read (gzip undone), bytes are
    decoded, text is taken as it is."""
    if isinstance(source, os.PathLike) or (
        isinstance(source, str) and "\n" not in source and not source.lstrip().startswith(("<", "{", "["))
    ):
        path = Path(source)
        label = name or path.name
        try:
            data = path.read_bytes()
        except OSError as error:
            raise LogFormatError(f"cannot read the log: {error.strerror or error}", source=label) from None
        return _decoded(data, label), label
    label = name or "<text>"
    if isinstance(source, bytes):
        return _decoded(source, label), label
    if isinstance(source, str):
        return source, label
    raise LogFormatError(f"a log is a path, bytes or text, got {type(source).__name__}", source=label)


def _decoded(data: bytes, label: str) -> str:
    if data[:2] == _GZIP_MAGIC:
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as error:
            raise LogFormatError(f"the gzip data is truncated or corrupted ({error})", source=label) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LogFormatError(f"not UTF-8 text (byte {error.start})", source=label) from None


def detect_format(text: str) -> str | None:
    """``"mjlog"``, ``"tenhou6"``, ``"mjai"`` or ``None``, from the first characters.

    >>> detect_format('<mjloggm ver="2.3">'), detect_format('{"log": []}')
    ('mjlog', 'tenhou6')
    >>> detect_format('{"type":"start_game"}\\n{"type":"end_game"}'), detect_format("hello")
    ('mjai', None)
    """
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("<"):
        return "mjlog" if "<mjloggm" in head[:200] else None
    if head.startswith("{"):
        first_line = head.split("\n", 1)[0]
        if '"type"' in first_line and '"log"' not in first_line:
            return "mjai"
        return "tenhou6"
    return None


def read_log(
    source: str | bytes | os.PathLike[str], *, format: str | None = None, name: str | None = None
) -> GameRecord:
    """Read one game log: a path (``.mjlog`` gzip or plain, ``.xml``, ``.json``,
    ``.jsonl``/``.mjson``), the bytes of one, or its text. ``format`` forces one of
    :data:`FORMATS`; ``name`` names the source in error messages (default: the file name).
    """
    text, label = _source_text(source, name)
    kind = format or detect_format(text)
    if kind == "mjlog":
        return read_mjlog(text, label)
    if kind == "tenhou6":
        return read_tenhou6(text, label)
    if kind == "mjai":
        return read_mjai(text, label)
    if format is not None:
        raise LogFormatError(f"unknown log format {format!r} (known: {', '.join(FORMATS)})", source=label)
    raise LogFormatError(
        "not a game log this library reads (mjlog XML, tenhou.net/6 JSON or mjai JSONL)", source=label
    )
