"""The command-line examples of README.md and docs/cli.md are what the command prints, and
every ``$ riichi-lut …`` line there is a valid command line."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from riichi_lut.cli.main import build_parser, main

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CLI_DOC = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


def test_readme_first_hint_example_is_what_hint_prints(capsys):
    block = README.split('riichi-lut hint "2234m506p678s5557z"\n```\n\n```text\n', 1)[1].split("```", 1)[0]
    shown = block.splitlines()
    assert main(["hint", "2234m506p678s5557z"]) == 0
    out = capsys.readouterr().out.splitlines()
    cut = shown.index("   ...")
    assert shown[:cut] == out[:cut] and shown[cut + 1 :] == out[len(out) - len(shown) + cut + 1 :]
    assert shown[-1] == "playground: http://127.0.0.1:8000/?q=2234m506p678s5557z"


COMMAND_LINES = sorted(set(re.findall(r"^\$ riichi-lut (.+)$", README + CLI_DOC, flags=re.MULTILINE)))


@pytest.mark.parametrize("line", COMMAND_LINES)
def test_readme_and_docs_command_lines_are_valid(line):
    argv = shlex.split(line)
    if argv[-1] == "--help":
        with pytest.raises(SystemExit) as done:
            build_parser().parse_args(argv)
        assert done.value.code == 0
    else:
        build_parser().parse_args(argv)


def test_cli_doc_ukeire_example_is_what_ukeire_prints(capsys):
    command, shown = CLI_DOC.split("```text\n$ riichi-lut ", 1)[1].split("```", 1)[0].split("\n", 1)
    assert main(shlex.split(command)) == 0
    assert capsys.readouterr().out == shown
