"""Build the API reference of riichi_lut from its docstrings (HTML, pdoc) into a directory.

    pip install -e ".[docs]"
    python -W error .ci/api_docs.py OUT_DIR      # what CI runs: every warning is an error

Every module whose dotted name has no part starting with ``_`` gets a page: pdoc alone
follows a package's ``__all__`` and would skip modules such as ``riichi_lut.riichi.rules``.
pdoc warns on what it cannot render (an annotation that does not evaluate, a name in
``__all__`` that does not exist, a module that fails to import), and ``-W error`` makes
each warning fail the build. pdoc leaves a cross-reference it cannot resolve
(``:func:`name```) as plain text without a warning: ``tests/test_api_docs.py`` checks those.
"""

from __future__ import annotations

import pkgutil
import sys
from pathlib import Path

import pdoc.doc
import pdoc.render

import riichi_lut


def public_modules() -> list[str]:
    """riichi_lut and every module and package below it without a ``_`` part."""
    names = ["riichi_lut"]
    for info in pkgutil.walk_packages(riichi_lut.__path__, "riichi_lut."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return names


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(f"usage: python -W error {sys.argv[0]} OUT_DIR")
    out = Path(sys.argv[1])
    modules = {name: pdoc.doc.Module.from_name(name) for name in public_modules()}
    for module in modules.values():
        page = out / f"{module.fullname.replace('.', '/')}.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(pdoc.render.html_module(module, modules), encoding="utf-8")
    (out / "index.html").write_text(pdoc.render.html_index(modules), encoding="utf-8")
    (out / "search.js").write_text(pdoc.render.search_index(modules), encoding="utf-8")
    print(f"API reference: {len(modules)} modules -> {out}")


if __name__ == "__main__":
    main()
