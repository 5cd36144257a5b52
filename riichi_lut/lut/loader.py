"""Loads the lookup tables once, lazily, verified and read-only.

The tables ship inside the package as ``riichi_lut.tables`` (the top-level ``tables/``
directory of a checkout). ``RIICHI_LUT_TABLES`` may name another directory. Each array is
read on first use: the file's size and sha256 are checked against ``manifest.json``, the
manifest's schema, dtype and shape against what this version of the code expects, and
the decompressed bytes become a read-only numpy array. Any failure raises
:class:`~riichi_lut.errors.TableError` naming the file and what to do (:func:`advice`):
in a checkout, rebuild with ``python build_tables.py``; for an installed package,
reinstall riichi-lut; for a directory named by ``RIICHI_LUT_TABLES``, fix or unset it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import zstandard

from ..errors import QUOTE_LIMIT, TableError, quote

__all__ = [
    "ENV_VAR",
    "EXPECTED",
    "HONOR_PATTERNS",
    "HONOR_SLOTS",
    "MANIFEST",
    "REBUILD",
    "REINSTALL",
    "SCHEMA_VERSION",
    "SUIT_PATTERNS",
    "SUIT_SLOTS",
    "Tables",
    "advice",
    "current",
    "default_directory",
    "reset",
    "tables",
]

SCHEMA_VERSION = 3
MANIFEST = "manifest.json"
ENV_VAR = "RIICHI_LUT_TABLES"
_T = TypeVar("_T")
REBUILD = "rebuild them with `python build_tables.py` in a checkout of riichi-lut"
REINSTALL = "reinstall riichi-lut (`pip install --force-reinstall riichi-lut`) to restore them"

SUIT_SLOTS = 5**9
HONOR_SLOTS = 5**7
SUIT_PATTERNS = 405_350
HONOR_PATTERNS = 43_130

#: name -> (dtype, shape) this code reads; a manifest that disagrees is a version mismatch.
EXPECTED: dict[str, tuple[str, tuple[int, ...]]] = {
    "suit_class": ("|u1", (SUIT_SLOTS,)),
    "suit_vectors": ("|i1", (126, 2, 5)),
    "honor_class": ("|u1", (HONOR_SLOTS,)),
    "honor_vectors": ("|i1", (55, 2, 5)),
    "suit_pair_class": ("|u1", (126, 126)),
    "suit_pair_vectors": ("|i1", (180, 2, 5)),
    "suit_triple_class": ("|u1", (180, 126)),
    "suit_triple_vectors": ("|i1", (180, 2, 5)),
    "standard_shanten": ("|i1", (180, 55, 5)),
    "suit_pair_honor_class": ("|u1", (180, 55)),
    "suit_pair_honor_vectors": ("|i1", (180, 2, 5)),
    "suit_useful": ("<u2", (126, 180, 5)),
    "honor_useful": ("<u2", (55, 180, 5)),
    "suit_masks": ("<u2", (2, 2, 5, SUIT_PATTERNS)),
    "honor_masks": ("<u2", (2, 2, 5, HONOR_PATTERNS)),
    "suit_complete": ("<i4", (21_743,)),
    "suit_split_offsets": ("<i4", (21_744,)),
    "suit_splits": ("<u4", (23_533,)),
    "honor_complete": ("<i4", (498,)),
    "honor_split_offsets": ("<i4", (499,)),
    "honor_splits": ("<u4", (498,)),
    # the scorer's per-split feature and waits words (riichi_lut.lut.splitwords)
    "suit_split_features": ("<u8", (23_533, 2)),
    "honor_split_features": ("<u8", (498, 2)),
    # the alias tables of the exact deal sampler (riichi_lut.tablegen.deals)
    "deal_suit_threshold": ("<u4", (555_857,)),
    "deal_suit_alias": ("<u4", (555_857,)),
    "deal_suit_layout": ("<u8", (15, 3)),
    "deal_honor_threshold": ("<u4", (53_161,)),
    "deal_honor_alias": ("<u4", (53_161,)),
    "deal_honor_layout": ("<u8", (15, 3)),
    "deal13_splits": ("|u1", (560, 4)),
    "deal13_split_threshold": ("<u8", (1024,)),
    "deal13_split_alias": ("<u2", (1024,)),
    "deal13_split_layout": ("<u8", (1, 3)),
    "deal14_splits": ("|u1", (680, 4)),
    "deal14_split_threshold": ("<u8", (1024,)),
    "deal14_split_alias": ("<u2", (1024,)),
    "deal14_split_layout": ("<u8", (1, 3)),
}


def default_directory() -> Path:
    """``$RIICHI_LUT_TABLES`` if set, else the tables installed with the package
    (``riichi_lut.tables``), else ``tables/`` beside the package in a checkout."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    try:
        spec = importlib.util.find_spec("riichi_lut.tables")
    except ImportError:
        spec = None
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return Path(__file__).resolve().parents[2] / "tables"  # a checkout, not installed


def _is_checkout(directory: Path) -> bool:
    """The ``tables/`` of a source checkout: ``build_tables.py`` sits beside it."""
    return (directory.parent / "build_tables.py").is_file()


def _is_installed(directory: Path) -> bool:
    """Tables installed inside a package (``.../riichi_lut/tables``, site-packages)."""
    parts = directory.resolve().parts
    inside_package = (directory.parent / "__init__.py").is_file()
    return inside_package or "site-packages" in parts or "dist-packages" in parts


def advice(directory: Path, from_env: bool = False) -> str:
    """What to do about broken tables in ``directory``: name ``RIICHI_LUT_TABLES`` when
    the directory came from it, reinstall an installed package, rebuild a checkout's (or
    another directory's) tables with ``build_tables.py``.

    >>> advice(Path("/nowhere/tables"), from_env=True).split(":")[0]
    'the directory comes from RIICHI_LUT_TABLES=/nowhere/tables'
    """
    shown = _shown(directory)
    if from_env:
        return (
            f"the directory comes from {ENV_VAR}={shown}: point it at a table set built with"
            f" `python build_tables.py --out DIR`, or unset {ENV_VAR} to use the tables installed"
            " with riichi-lut"
        )
    if _is_checkout(directory):
        return REBUILD
    if _is_installed(directory):
        return REINSTALL
    return f"{REBUILD} (`--out {shown}` writes them here)"


def _shown(directory: Path) -> str:
    """A directory as messages show it: quoted and shortened only when long."""
    text = str(directory)
    return text if len(text) <= QUOTE_LIMIT else quote(text)


class Tables:
    """The table set of one directory; arrays load on first access. Without a
    ``directory``, that of :func:`default_directory`."""

    def __init__(self, directory: Path | str | None = None) -> None:
        override = os.environ.get(ENV_VAR)
        self.directory = Path(directory) if directory is not None else default_directory()
        #: whether the directory is the one RIICHI_LUT_TABLES names (errors say so)
        self.from_env = bool(override) and Path(str(override)) == self.directory
        self._manifest: dict[str, Any] | None = None
        self._arrays: dict[str, np.ndarray] = {}
        self._derived: dict[str, Any] = {}
        self._lock = threading.RLock()

    def _fail(self, file: str, problem: str) -> TableError:
        return TableError(
            f"table file {self.directory / file}: {problem}; {advice(self.directory, self.from_env)}"
        )

    @property
    def manifest(self) -> dict[str, Any]:
        if self._manifest is None:
            self._manifest = self._read_manifest()
        return self._manifest

    def _read_manifest(self) -> dict[str, Any]:
        path = self.directory / MANIFEST
        try:
            manifest = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise self._fail(MANIFEST, "missing") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise self._fail(MANIFEST, f"unreadable ({exc})") from None
        if not isinstance(manifest, dict) or manifest.get("schema") != SCHEMA_VERSION:
            found = manifest.get("schema") if isinstance(manifest, dict) else None
            raise self._fail(
                MANIFEST, f"schema version {quote(found)}, this riichi-lut reads version {SCHEMA_VERSION}"
            )
        if not isinstance(manifest.get("tables"), dict):
            raise self._fail(MANIFEST, "no 'tables' section")
        return manifest

    def __getitem__(self, name: str) -> np.ndarray:
        array = self._arrays.get(name)
        if array is None:
            with self._lock:
                array = self._arrays.get(name)
                if array is None:
                    array = self._load(name)
                    self._arrays[name] = array
        return array

    def derived(self, key: str, build: Callable[[Tables], _T]) -> _T:
        """A structure computed once from these tables (look-up dicts, premultiplied
        index arrays), cached with them so that a reset table set never mixes with it."""
        value = self._derived.get(key)
        if value is None:
            with self._lock:
                value = self._derived.get(key)
                if value is None:
                    value = build(self)
                    self._derived[key] = value
        return value

    def _load(self, name: str) -> np.ndarray:
        dtype, shape = EXPECTED[name]
        entry = self.manifest["tables"].get(name)
        if not isinstance(entry, dict):
            raise self._fail(MANIFEST, f"no entry for table {name!r}")
        file = str(entry.get("file", f"{name}.zst"))
        if entry.get("dtype") != dtype or tuple(entry.get("shape", ())) != shape:
            raise self._fail(
                file,
                f"manifest says {quote(entry.get('dtype'))} {quote(entry.get('shape'))}, "
                f"this riichi-lut expects {dtype} {list(shape)} (version mismatch)",
            )
        try:
            blob = (self.directory / file).read_bytes()
        except FileNotFoundError:
            raise self._fail(file, "missing") from None
        except OSError as exc:
            raise self._fail(file, f"unreadable ({exc})") from None
        if len(blob) != entry.get("bytes"):
            raise self._fail(
                file, f"{len(blob)} bytes, manifest says {quote(entry.get('bytes'))} (truncated?)"
            )
        if hashlib.sha256(blob).hexdigest() != entry.get("sha256"):
            raise self._fail(file, "sha256 does not match the manifest (corrupted or edited)")
        try:
            raw = zstandard.ZstdDecompressor().decompress(blob)
        except zstandard.ZstdError as exc:
            raise self._fail(file, f"not a valid zstd frame ({exc})") from None
        expected_size = int(np.dtype(dtype).itemsize * np.prod(shape))
        if len(raw) != expected_size:
            raise self._fail(file, f"{len(raw)} bytes after decompression, expected {expected_size}")
        array = np.frombuffer(raw, dtype=np.dtype(dtype)).reshape(shape)
        array.setflags(write=False)
        return array


#: The process-wide table set, None until first use; replaced only through reset().
current: Tables | None = None
_current_lock = threading.Lock()


def tables() -> Tables:
    """The process-wide table set (created on first call)."""
    global current
    if current is None:
        with _current_lock:
            if current is None:
                current = Tables()
    return current


def reset(directory: Path | str | None = None) -> Tables:
    """Replace the process-wide table set (tests; a custom table directory)."""
    global current
    with _current_lock:
        current = Tables(directory)
    return current
