"""Table loading, verification and the generator's own checks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from riichi_lut import TableError, shanten
from riichi_lut.lut import loader
from riichi_lut.tablegen import store, verify

TABLES = Path(loader.default_directory())


@pytest.fixture
def table_copy(tmp_path: Path):
    """A private copy of the committed tables, installed as the process-wide set."""
    target = tmp_path / "tables"
    shutil.copytree(TABLES, target)
    yield target
    loader.reset()


@pytest.fixture(scope="module")
def loaded() -> dict[str, np.ndarray]:
    t = loader.Tables(TABLES)
    return {name: t[name] for name in loader.EXPECTED}


def _edit_manifest(directory: Path, edit) -> None:
    path = directory / "manifest.json"
    manifest = json.loads(path.read_text())
    edit(manifest)
    path.write_text(json.dumps(manifest))


def _fails_with(directory: Path, *fragments: str) -> None:
    t = loader.reset(directory)
    with pytest.raises(TableError) as info:
        for name in loader.EXPECTED:
            t[name]
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message
    assert "python build_tables.py" in message


def test_committed_tables_load_and_are_read_only(loaded):
    assert set(loaded) == set(loader.EXPECTED)
    for name, (dtype, shape) in loader.EXPECTED.items():
        assert loaded[name].dtype == np.dtype(dtype) and loaded[name].shape == shape
        with pytest.raises(ValueError):
            loaded[name].reshape(-1)[0] = 1


def test_pattern_counts_match_the_literature(loaded):
    assert int((loaded["suit_class"] != 255).sum()) == 405_350
    assert int((loaded["honor_class"] != 255).sum()) == 43_130
    assert len(loaded["suit_vectors"]) == 126 and len(loaded["honor_vectors"]) == 55


@pytest.mark.slow
def test_every_entry_matches_the_independent_recursion(loaded):
    assert verify.check_all(loaded) == []


def test_the_recursion_check_catches_a_wrong_entry(loaded):
    tampered = dict(loaded, honor_vectors=loaded["honor_vectors"].copy())
    tampered["honor_vectors"][3, 1, 2] += 1
    problems = verify.check_block(verify.HONOR, tampered)
    assert problems and "honor" in problems[0]
    masks = loaded["honor_masks"].copy()
    masks[0, 1, 4, 100] ^= 1
    assert verify.check_block(verify.HONOR, dict(loaded, honor_masks=masks))


def test_the_split_feature_check_catches_a_wrong_entry(loaded):
    for column, bit in ((0, 1 << 31), (1, 1 << 8)):  # a triplet's fu, a wait of kind 2
        features = loaded["suit_split_features"].copy()
        features[1234, column] ^= np.uint64(bit)
        problems = verify.check_split_features(verify.SUIT, dict(loaded, suit_split_features=features))
        assert problems and "row 1234" in problems[0]


def test_the_composition_check_catches_a_wrong_entry(loaded):
    standard = loaded["standard_shanten"].copy()
    standard[7, 3, 0] -= 1
    assert verify.check_composition(dict(loaded, standard_shanten=standard)) == [
        "standard_shanten: differs from the composed vectors"
    ]


def test_store_compare_reports_edited_and_stale_files(tmp_path, loaded):
    small = {name: loaded[name] for name in ("suit_vectors", "honor_vectors", "standard_shanten")}
    store.write(tmp_path, small)
    assert store.compare(tmp_path, small) == []
    (tmp_path / "extra.zst").write_bytes(b"x")
    blob = tmp_path / "suit_vectors.zst"
    blob.write_bytes(store.compress(store.raw_bytes(small["suit_vectors"] + 1)))
    problems = store.compare(tmp_path, small)
    assert "extra.zst: not produced by the generator (stale file)" in problems
    assert "suit_vectors.zst: content differs from a fresh build" in problems


def test_missing_directory_through_the_public_api(tmp_path):
    loader.reset(tmp_path / "nowhere")
    try:
        expected = r"manifest.json: missing; rebuild them with `python build_tables.py`"
        with pytest.raises(TableError, match=expected):
            shanten("123456789m1234p")
    finally:
        loader.reset()


def test_missing_table_file(table_copy):
    (table_copy / "suit_class.zst").unlink()
    _fails_with(table_copy, "suit_class.zst", "missing")


def test_truncated_table_file(table_copy):
    path = table_copy / "suit_class.zst"
    path.write_bytes(path.read_bytes()[:-10])
    _fails_with(table_copy, "suit_class.zst", "truncated")


def test_corrupted_table_file(table_copy):
    path = table_copy / "standard_shanten.zst"
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    _fails_with(table_copy, "standard_shanten.zst", "sha256")


def test_schema_version_mismatch(table_copy):
    _edit_manifest(table_copy, lambda m: m.update(schema=99))
    _fails_with(table_copy, "schema version 99")


def test_shape_mismatch_is_a_version_mismatch(table_copy):
    _edit_manifest(table_copy, lambda m: m["tables"]["suit_class"].update(shape=[5**8]))
    _fails_with(table_copy, "suit_class.zst", "version mismatch")


def test_unreadable_manifest(table_copy):
    (table_copy / "manifest.json").write_text("{not json")
    _fails_with(table_copy, "manifest.json", "unreadable")


def test_valid_hash_of_a_broken_frame(table_copy):
    garbage = b"this is not zstd"
    (table_copy / "suit_vectors.zst").write_bytes(garbage)
    _edit_manifest(
        table_copy,
        lambda m: m["tables"]["suit_vectors"].update(bytes=len(garbage), sha256=store.sha256(garbage)),
    )
    _fails_with(table_copy, "suit_vectors.zst", "not a valid zstd frame")


def test_environment_variable_selects_the_directory(table_copy, monkeypatch):
    monkeypatch.setenv(loader.ENV_VAR, str(table_copy))
    assert loader.default_directory() == table_copy
    assert loader.reset().directory == table_copy
    assert shanten("123456789m1234p").value == 0


def test_store_compare_tells_a_recompression_from_a_content_change(tmp_path, loaded, monkeypatch):
    small = {"suit_pair_class": loaded["suit_pair_class"]}
    monkeypatch.setattr(store, "ZSTD_LEVEL", 1)
    store.write(tmp_path, small)
    monkeypatch.undo()
    problems = store.compare(tmp_path, small)
    recompressed = "suit_pair_class.zst: same content, different compressed bytes"
    assert any(p.startswith(recompressed) for p in problems)


# --- what the message tells the user to do ------------------------------------------------


def _break_manifest(directory: Path) -> None:
    (directory / "manifest.json").write_text("{broken", encoding="utf-8")


def _message(directory: Path | None) -> str:
    t = loader.reset(directory)
    try:
        with pytest.raises(TableError) as info:
            t["suit_class"]
    finally:
        loader.reset()
    return str(info.value)


def test_a_directory_from_the_environment_variable_is_named(table_copy, monkeypatch):
    _break_manifest(table_copy)
    monkeypatch.setenv(loader.ENV_VAR, str(table_copy))
    message = _message(None)
    assert f"the directory comes from RIICHI_LUT_TABLES={table_copy}" in message
    assert "unset RIICHI_LUT_TABLES" in message and "python build_tables.py --out DIR" in message
    assert "reinstall" not in message


def test_installed_tables_say_reinstall(tmp_path, monkeypatch):
    monkeypatch.delenv(loader.ENV_VAR, raising=False)
    package = tmp_path / "lib" / "site-packages" / "riichi_lut"
    shutil.copytree(TABLES, package / "tables")
    (package / "__init__.py").write_text("", encoding="utf-8")
    _break_manifest(package / "tables")
    message = _message(package / "tables")
    assert "unreadable" in message and "reinstall riichi-lut" in message
    assert "build_tables.py" not in message and "RIICHI_LUT_TABLES" not in message


def test_a_checkout_keeps_the_rebuild_advice(tmp_path, monkeypatch):
    monkeypatch.delenv(loader.ENV_VAR, raising=False)
    checkout = tmp_path / "riichi-lut"
    shutil.copytree(TABLES, checkout / "tables")
    (checkout / "build_tables.py").write_text("", encoding="utf-8")
    _break_manifest(checkout / "tables")
    message = _message(checkout / "tables")
    assert message.endswith(loader.REBUILD)
    assert "reinstall" not in message and "RIICHI_LUT_TABLES" not in message


def test_a_long_schema_value_is_quoted_short(table_copy):
    _edit_manifest(table_copy, lambda m: m.update(schema="v" * 10_000))
    message = _message(table_copy)
    assert "schema version 'vvv" in message and len(message) < 400
