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

from ..app import rule_preset as app_rule_preset

__all__ = ["HelpFormatter", "Parser", "choice", "count", "examples", "rule_preset"]


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


def rule_preset(text: str) -> Any:
    """The :class:`~riichi_lut.riichi.RuleSet` preset ``--rules`` names, in any case (the
    request layer's reader, :func:`riichi_lut.app.rule_preset`)."""
    try:
        return app_rule_preset(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def choice(*names: str) -> Callable[[str], str]:
    """An argument type for one of ``names`` in any case (``--form Standard``)."""

    def read(text: str) -> str:
        lowered = text.casefold()
        if lowered not in names:
            raise argparse.ArgumentTypeError(f"must be one of {', '.join(names)} (any case), got {text!r}")
        return lowered

    read.__name__ = "choice"
    return read
