"""The fast tier (``pytest -m "not slow"``) still reaches every module of riichi_lut.

Read statically, from the sources: the modules a fast test file imports (and the helper
modules of tests/ it imports), the modules that hold a doctest (collected from riichi_lut,
never marked slow), and everything those import in turn, at any depth. A test file is slow
when it sets ``pytestmark = pytest.mark.slow`` or every test in it is marked slow. Marking
the last fast test of a module's only fast file slow makes this test fail, naming the module.
"""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "riichi_lut"
TESTS = ROOT / "tests"


def module_name(path: Path) -> str:
    """``riichi_lut/web/server.py`` -> ``riichi_lut.web.server``; a package -> its name."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}
#: tests/ is on sys.path (pyproject's pythonpath): its helpers import by their own names
HELPERS = {
    ".".join(p.relative_to(TESTS).with_suffix("").parts): p
    for p in TESTS.rglob("*.py")
    if not p.name.startswith("test_") and p.name != "conftest.py"
}


def is_slow_mark(node: ast.expr) -> bool:
    return "mark.slow" in ast.unparse(node)


def is_fast_file(tree: ast.Module) -> bool:
    """Whether ``-m "not slow"`` keeps a test of this file."""
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and any(ast.unparse(t) == "pytestmark" for t in node.targets)
            and is_slow_mark(node.value)
        ):
            return False
    tests = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")]
    return any(not any(is_slow_mark(d) for d in t.decorator_list) for t in tests)


@cache
def imports(path: Path, name: str) -> frozenset[str]:
    """The riichi_lut modules and test helpers that the file ``path`` (module ``name``)
    imports anywhere in it, with the packages above each."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            parts = target.split(".")
            found |= {".".join(parts[:i]) for i in range(1, len(parts) + 1)} & (set(MODULES) | set(HELPERS))
    return frozenset(found)


def reached(roots: set[str]) -> set[str]:
    """``roots`` and everything they import, at any depth."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo += imports(MODULES.get(name) or HELPERS[name], name)
    return seen


def fast_roots() -> set[str]:
    roots = {name for name, path in MODULES.items() if ">>> " in path.read_text(encoding="utf-8")}
    for path in TESTS.rglob("test_*.py"):
        if is_fast_file(ast.parse(path.read_text(encoding="utf-8"))):
            roots |= imports(path, "tests." + ".".join(path.relative_to(TESTS).with_suffix("").parts))
    return roots


def test_every_module_is_reached_by_a_fast_test_or_a_doctest() -> None:
    assert "riichi_lut.mcr.shanten" in MODULES and "riichi_lut.__main__" in MODULES
    missed = sorted(set(MODULES) - reached(fast_roots()))
    assert not missed, f"no fast test or doctest reaches {missed}: keep one of their tests fast"


def test_the_reading_of_marks() -> None:
    slow_module = ast.parse("import pytest\npytestmark = pytest.mark.slow\ndef test_a(): pass\n")
    all_slow = ast.parse("import pytest\n@pytest.mark.slow\ndef test_a(): pass\n")
    one_fast = ast.parse("import pytest\n@pytest.mark.slow\ndef test_a(): pass\ndef test_b(): pass\n")
    assert not is_fast_file(slow_module) and not is_fast_file(all_slow) and is_fast_file(one_fast)


def test_main_module_runs_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m riichi_lut``, in process (the subprocess tests are slow)."""
    monkeypatch.setattr(sys, "argv", ["riichi-lut", "--version"])
    monkeypatch.delitem(sys.modules, "riichi_lut.__main__", raising=False)
    with pytest.raises(SystemExit) as exit_:
        import riichi_lut.__main__  # noqa: F401
    assert exit_.value.code == 0 and capsys.readouterr().out.startswith("riichi-lut ")


def test_the_tests_marked_slow_by_name_exist() -> None:
    from conftest import SLOW_BY_NAME

    for name in SLOW_BY_NAME:
        path, _, function = name.partition("::")
        assert f"\ndef {function}(" in (ROOT / path).read_text(encoding="utf-8"), name
