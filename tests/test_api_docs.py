"""The API reference's contract (docs/architecture.md, "API reference").

* Every name in ``__all__`` of ``riichi_lut``, ``riichi_lut.riichi`` and ``riichi_lut.sim``
  has a docstring (a constant: an attribute docstring under its assignment, which pdoc
  shows), and every function and class among them a signature ``inspect`` can read; so
  does every public method and property of those classes.
* Every cross-reference in a docstring of the package (``:func:`x```, ``:class:`~a.b.C```,
  ``:mod:`a.b```, ...) names an object: pdoc, which CI runs with warnings as errors
  (``.ci/api_docs.py``), leaves an unresolved one as plain text without a warning.
"""

from __future__ import annotations

import ast
import builtins
import functools
import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

import riichi_lut

API_MODULES = ("riichi_lut", "riichi_lut.riichi", "riichi_lut.sim")
ROLE = re.compile(r":(?:py:)?(?:func|class|mod|meth|attr|exc|data|obj|const):`([^`]+)`")


# --------------------------------------------------------------------------- collection


def public_modules() -> list[ModuleType]:
    """riichi_lut and every module below it whose dotted name has no ``_`` part."""
    names = ["riichi_lut"] + [
        info.name
        for info in pkgutil.walk_packages(riichi_lut.__path__, "riichi_lut.")
        if not any(part.startswith("_") for part in info.name.split("."))
    ]
    return [importlib.import_module(name) for name in names]


def api_names() -> list[tuple[str, str]]:
    return [(module, name) for module in API_MODULES for name in importlib.import_module(module).__all__]


def api_classes() -> list[type]:
    """The classes in the three ``__all__``, each once."""
    seen: dict[str, type] = {}
    for module, name in api_names():
        obj = getattr(importlib.import_module(module), name)
        if inspect.isclass(obj):
            seen.setdefault(f"{obj.__module__}.{obj.__qualname__}", obj)
    return list(seen.values())


def own_members(cls: type) -> Iterator[tuple[str, Any]]:
    """Public methods (plain, class and static) and properties defined in ``cls`` itself."""
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(value, (classmethod, staticmethod)):
            value = value.__func__
        if inspect.isfunction(value) or isinstance(value, property):
            yield name, value


def method_cases() -> list[Any]:
    cases = []
    for cls in api_classes():
        for name, value in own_members(cls):
            full = f"{cls.__module__}.{cls.__qualname__}.{name}"
            cases.append(pytest.param(value, id=full))
    return cases


def docstrings(module: ModuleType) -> Iterator[tuple[str, str, Any]]:
    """(full name, docstring, enclosing class or None) of the module and of every function,
    class, method and property defined in it."""
    yield module.__name__, module.__doc__ or "", None
    for name, obj in vars(module).items():
        if getattr(obj, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(obj):
            yield f"{module.__name__}.{name}", obj.__doc__ or "", None
        elif inspect.isclass(obj) and obj.__qualname__ == name:
            yield f"{module.__name__}.{name}", obj.__doc__ or "", obj
            for member, value in vars(obj).items():
                if isinstance(value, (classmethod, staticmethod)):
                    value = value.__func__
                if inspect.isfunction(value) or isinstance(value, property):
                    yield f"{module.__name__}.{name}.{member}", value.__doc__ or "", obj


def reference_cases() -> list[Any]:
    cases = []
    for module in public_modules():
        for full, doc, owner in docstrings(module):
            for target in dict.fromkeys(ROLE.findall(doc)):
                cases.append(pytest.param(target, module, owner, id=f"{full}:{target}"))
    return cases


@functools.cache
def documented_constants() -> frozenset[int]:
    """ids of the objects bound by a module-level assignment followed by a string (an
    attribute docstring), in any module of the package."""
    out = set()
    for module in public_modules():
        try:
            tree = ast.parse(inspect.getsource(module))
        except (OSError, TypeError):
            continue
        for node, after in zip(tree.body, tree.body[1:], strict=False):
            is_doc = isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
            if not (is_doc and isinstance(after.value.value, str) and after.value.value.strip()):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
            for target in targets:
                if isinstance(target, ast.Name) and hasattr(module, target.id):
                    out.add(id(getattr(module, target.id)))
    return frozenset(out)


# --------------------------------------------------------------------------- docstrings and signatures


def generated_doc(cls: type) -> bool:
    """Whether ``cls.__doc__`` is the one ``dataclasses`` writes when a class has none."""
    try:
        signature = str(inspect.signature(cls)).replace(" -> None", "")
    except (TypeError, ValueError):
        return False
    return cls.__doc__ == cls.__name__ + signature


def has_signature(obj: Any) -> bool:
    """``inspect.signature`` reads it. An exception class that keeps the built-in
    constructor (no ``__init__`` of its own or of a Python base) has none for inspect;
    its signature is ``(*args)``, as for any exception."""
    try:
        inspect.signature(obj)
    except ValueError:
        if not (inspect.isclass(obj) and issubclass(obj, BaseException)):
            return False
        return all("__init__" not in vars(c) for c in obj.__mro__ if c.__module__ != "builtins")
    return True


@pytest.mark.parametrize(("module", "name"), api_names(), ids=[f"{m}.{n}" for m, n in api_names()])
def test_public_name_is_documented(module: str, name: str) -> None:
    obj = getattr(importlib.import_module(module), name)
    if inspect.isroutine(obj) or inspect.isclass(obj):
        doc = obj.__doc__ or ""
        assert doc.strip(), f"{module}.{name} has no docstring"
        assert not (inspect.isclass(obj) and generated_doc(obj)), f"{module}.{name}: only the dataclass text"
        assert has_signature(obj), f"{module}.{name}: inspect cannot read its signature"
    else:
        assert id(obj) in documented_constants(), f"{module}.{name}: no docstring under its assignment"


@pytest.mark.parametrize("member", method_cases())
def test_public_method_is_documented(member: Any) -> None:
    assert (member.__doc__ or "").strip(), "no docstring"
    if not isinstance(member, property):
        inspect.signature(member)


# --------------------------------------------------------------------------- cross-references


def lookup(root: Any, dotted: str) -> bool:
    """Whether ``root.a.b.c`` exists for ``dotted`` = ``"a.b.c"`` (``root`` a dict at the top)."""
    obj = root
    for part in dotted.split("."):
        if isinstance(obj, dict):
            if part not in obj:
                return False
            obj = obj[part]
        elif hasattr(obj, part):
            obj = getattr(obj, part)
        else:
            return False
    return True


def importable(dotted: str) -> bool:
    """Whether ``dotted`` is a module, or a module followed by attributes."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        return i == len(parts) or lookup(module, ".".join(parts[i:]))
    return False


@pytest.mark.parametrize(("target", "module", "owner"), reference_cases())
def test_docstring_reference_resolves(target: str, module: ModuleType, owner: Any) -> None:
    """Looked up in the enclosing class, the module (its own and imported names), builtins,
    or as a full dotted path; ``~`` and a trailing ``()`` are allowed."""
    name = target.removeprefix("~").removesuffix("()")
    found = (
        (owner is not None and lookup(owner, name))
        or lookup(module, name)
        or lookup(vars(builtins), name)
        or importable(name)
    )
    assert found, f"`{target}` names nothing from {module.__name__}"


def test_a_broken_reference_is_caught() -> None:
    """The check above is not vacuous: a name that does not exist fails it, a moved one too."""
    shanten = importlib.import_module("riichi_lut.analysis.shanten")
    assert lookup(vars(shanten), "shanten_batch")
    assert not lookup(vars(shanten), "shanten_batchh")
    assert not importable("riichi_lut.efficiency.hint")  # the module path before the layers
    assert ROLE.findall("see :func:`~riichi_lut.hint` and :class:`Hand`") == ["~riichi_lut.hint", "Hand"]
