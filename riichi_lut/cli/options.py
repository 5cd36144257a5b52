"""What every ``riichi-lut`` command shares in its options: the help layout (defaults and
examples shown), and the argument types that read a count, a rule preset or a choice in
any case.

>>> rule_preset("m-league").name, rule_preset("MAHJONG_SOUL").name
('M-League', 'Mahjong Soul')
>>> count("3")
3
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

__all__ = ["HelpFormatter", "Parser", "choice", "count", "examples", "preset_key", "rule_preset"]


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help that shows each option's default (``(default: 5)``) unless it is empty or off,
    and keeps the examples of the epilog as written."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        shown = not (default is None or default is False or default == "" or default is argparse.SUPPRESS)
        if shown and action.option_strings and "%(default)" not in text:
            text += " (default: %(default)s)"
        return text


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` with the :class:`HelpFormatter`: the class of every
    ``riichi-lut`` sub-parser, so that a command registered with ``sub.add_parser(...)``
    shows its defaults too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


def examples(*lines: str) -> str:
    """An epilog of example command lines.

    >>> print(examples("riichi-lut tables"))
    examples:
      riichi-lut tables
    """
    return "examples:\n" + "\n".join(f"  {line}" for line in lines)


def count(text: str) -> int:
    """An int of 0 or more (``--top``): a negative number is refused by argparse, which
    names the flag (``argument --top: must be 0 or more, got -1``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


def preset_key(name: str) -> str:
    """A rule preset's name as ``--rules`` compares it: case, spaces, ``-`` and ``_``
    ignored (``"Mahjong Soul"``, ``"mahjong-soul"`` and ``"MAHJONG_SOUL"`` are one).

    >>> preset_key("M-League")
    'mleague'
    """
    return "".join(c for c in name.casefold() if c not in " -_")


def rule_preset(text: str) -> Any:
    """The :class:`~riichi_lut.riichi.RuleSet` preset ``--rules`` names, in any case."""
    from ..riichi import PRESETS  # noqa: PLC0415  (start-up: only the commands that score)

    found = {preset_key(name): rules for name, rules in PRESETS.items()}.get(preset_key(text))
    if found is None:
        raise argparse.ArgumentTypeError(f"unknown rule preset {text!r} (any case): {', '.join(PRESETS)}")
    return found


def choice(*names: str) -> Callable[[str], str]:
    """An argument type for one of ``names`` in any case (``--form Standard``)."""

    def read(text: str) -> str:
        lowered = text.casefold()
        if lowered not in names:
            raise argparse.ArgumentTypeError(f"must be one of {', '.join(names)} (any case), got {text!r}")
        return lowered

    read.__name__ = "choice"
    return read
