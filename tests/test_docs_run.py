"""Every Python block of README.md and docs/*.md runs as pasted (issue 25 item 5).

Each ```` ```python ```` block is written to a file in a temporary folder (not the checkout:
a relative path must not pass by accident) and run by a fresh interpreter, one test per
block (``README.md:123``: the line of its fence). A block that is not meant to run (a
fragment, an outline) says so on the line before its fence, with the reason:
``<!-- not run: a fragment of the class above -->``; a mark without a reason fails. A block
written as an interactive session (``>>>``) is run as a doctest, so the output it shows is
checked too.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
MARK = re.compile(r"<!--\s*not run:(.*?)-->\s*$")

pytestmark = pytest.mark.slow  # a fresh interpreter per block, some of them simulate


def _blocks() -> list[tuple[str, str, str | None]]:
    """(id, code, reason it is not run or None) of every Python block."""
    found = []
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
            mark = MARK.search(before)
            reason = None if mark is None else mark.group(1).strip()
            found.append((f"{path.relative_to(ROOT)}:{line}", match.group(1), reason))
    return found


BLOCKS = _blocks()


def test_blocks_are_found_and_marks_give_reasons():
    assert len(BLOCKS) >= 10
    for where, _, reason in BLOCKS:
        assert reason != "", f"{where}: '<!-- not run: ... -->' needs a reason"


RUN = [(where, code) for where, code, reason in BLOCKS if reason is None]


@pytest.mark.parametrize(("where", "code"), RUN, ids=[where for where, _ in RUN])
def test_the_block_runs_in_a_fresh_interpreter(tmp_path, where, code):
    session = code.lstrip().startswith(">>>")
    script = tmp_path / ("block.txt" if session else "block.py")
    script.write_text(code, encoding="utf-8")
    command = [sys.executable, *(["-m", "doctest"] if session else []), str(script)]
    done = subprocess.run(command, check=False, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{where} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
