"""Serialisation of the tables: zstd blobs plus ``manifest.json``.

Each table is written as its raw little-endian C-order bytes, compressed as one zstd frame
(level 19, content size and checksum in the frame header, no dictionary, single thread) to
``tables/<name>.zst``. ``manifest.json`` records the schema version, the generator
parameters and, per table, dtype, shape, raw and compressed sizes and the sha256 of both
the compressed file and the raw bytes. Output is byte-for-byte reproducible for a given
zstd library version; ``--check`` compares raw bytes as well, so a zstd upgrade that
recompresses differently is reported as such, not as a table change.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import zstandard

from ..lut.blocks import MAX_BLOCK_TILES, MAX_MELDS
from . import SCHEMA_VERSION

ZSTD_LEVEL = 19
MANIFEST = "manifest.json"


def raw_bytes(array: np.ndarray) -> bytes:
    """Little-endian C-order bytes of an array."""
    little = array.astype(array.dtype.newbyteorder("<"), copy=False)
    return np.ascontiguousarray(little).tobytes()


def compress(raw: bytes) -> bytes:
    """One zstd frame, deterministic parameters."""
    params = zstandard.ZstdCompressionParameters.from_level(
        ZSTD_LEVEL, source_size=len(raw), write_checksum=1, write_content_size=1, threads=0
    )
    return zstandard.ZstdCompressor(compression_params=params).compress(raw)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def encode(tables: dict[str, np.ndarray]) -> tuple[dict[str, bytes], bytes]:
    """Compressed blobs (file name -> bytes) and the manifest bytes."""
    blobs: dict[str, bytes] = {}
    entries: dict[str, dict[str, object]] = {}
    for name, array in tables.items():
        raw = raw_bytes(array)
        blob = compress(raw)
        file = f"{name}.zst"
        blobs[file] = blob
        entries[name] = {
            "file": file,
            "dtype": array.dtype.newbyteorder("<").str,
            "shape": list(array.shape),
            "raw_bytes": len(raw),
            "raw_sha256": sha256(raw),
            "bytes": len(blob),
            "sha256": sha256(blob),
        }
    manifest = {
        "schema": SCHEMA_VERSION,
        "generator": {
            "index": "base5",
            "max_block_tiles": MAX_BLOCK_TILES,
            "max_melds": MAX_MELDS,
            "zstd_level": ZSTD_LEVEL,
        },
        "tables": entries,
    }
    text = json.dumps(manifest, indent=2, sort_keys=True) + "\n"
    return blobs, text.encode("utf-8")


def write(directory: Path, tables: dict[str, np.ndarray]) -> dict[str, bytes]:
    """Write the blobs and the manifest; returns what was written (name -> bytes)."""
    blobs, manifest = encode(tables)
    directory.mkdir(parents=True, exist_ok=True)
    for stale in directory.glob("*.zst"):
        if stale.name not in blobs:
            stale.unlink()
    files = dict(blobs, **{MANIFEST: manifest})
    for name, data in files.items():
        (directory / name).write_bytes(data)
    return files


def compare(directory: Path, tables: dict[str, np.ndarray]) -> list[str]:
    """Differences between freshly built tables and the files in ``directory`` (an empty
    list when they are identical byte for byte)."""
    blobs, manifest = encode(tables)
    problems: list[str] = []
    expected = dict(blobs, **{MANIFEST: manifest})
    present = {p.name for p in directory.glob("*.zst")} | (
        {MANIFEST} if (directory / MANIFEST).exists() else set()
    )
    for name in sorted(present - set(expected)):
        problems.append(f"{name}: not produced by the generator (stale file)")
    for name, data in expected.items():
        path = directory / name
        if not path.exists():
            problems.append(f"{name}: missing")
            continue
        on_disk = path.read_bytes()
        if on_disk == data:
            continue
        if name.endswith(".zst") and _same_content(on_disk, data):
            problems.append(
                f"{name}: same content, different compressed bytes "
                f"(zstd {zstandard.ZSTD_VERSION} compresses differently)"
            )
        else:
            problems.append(f"{name}: content differs from a fresh build")
    return problems


def _same_content(a: bytes, b: bytes) -> bool:
    try:
        dctx = zstandard.ZstdDecompressor()
        return dctx.decompress(a) == dctx.decompress(b)
    except zstandard.ZstdError:
        return False
