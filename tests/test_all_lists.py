"""Every ``__all__`` in the package is true: it names only existing, public attributes,
each once; the modules other layers import names from (core, lut, errors) have one, and
it lists every public function and class they define."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest

import riichi_lut

# ``python -m riichi_lut`` runs the command on import
SKIPPED = {"riichi_lut.__main__"}
MUST_HAVE_ALL = ("riichi_lut.core.", "riichi_lut.lut.", "riichi_lut.errors")


def _module_names() -> list[str]:
    names = ["riichi_lut"]
    for info in pkgutil.walk_packages(riichi_lut.__path__, prefix="riichi_lut."):
        if info.name not in SKIPPED:
            names.append(info.name)
    return sorted(names)


MODULES = _module_names()


def _needs_all(module: ModuleType) -> bool:
    is_package = hasattr(module, "__path__")
    return module.__name__.startswith(MUST_HAVE_ALL) and not is_package


def test_the_walk_finds_every_layer():
    for layer in ("core", "lut", "analysis", "riichi", "coach", "sim", "cli", "tablegen"):
        assert f"riichi_lut.{layer}" in MODULES
    assert "riichi_lut.core.hand" in MODULES and "riichi_lut.errors" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_all_names_only_existing_public_attributes(name: str) -> None:
    module = importlib.import_module(name)
    listed = getattr(module, "__all__", None)
    if listed is None:
        assert not _needs_all(module), f"{name} is imported by name elsewhere: give it an __all__"
        return
    assert isinstance(listed, (list, tuple)), f"{name}.__all__ is a {type(listed).__name__}"
    assert len(set(listed)) == len(listed), f"{name}.__all__ repeats a name"
    for entry in listed:
        assert isinstance(entry, str) and not entry.startswith("_"), f"{name}.__all__ lists {entry!r}"
        assert hasattr(module, entry), f"{name}.__all__ lists {entry!r}, which does not exist"


@pytest.mark.parametrize("name", [n for n in MODULES if n.startswith(MUST_HAVE_ALL)])
def test_all_lists_every_public_function_and_class_defined_here(name: str) -> None:
    module = importlib.import_module(name)
    if not _needs_all(module):
        return
    defined = {
        attr
        for attr, value in vars(module).items()
        if not attr.startswith("_")
        and (inspect.isfunction(value) or inspect.isclass(value))
        and value.__module__ == name
    }
    missing = defined - set(module.__all__)
    assert not missing, f"{name} defines {sorted(missing)} but its __all__ leaves them out"
