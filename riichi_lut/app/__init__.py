"""The request layer: what the two shells, ``riichi-lut`` and the web playground, share.

Each request (``hint``, ``ukeire``, ``shanten``, ``score``, ``yaku``, ``mcr score``,
``mcr hint``, ``mcr shanten``) is a :class:`Request` declared once: its parameters
(:class:`Param`: the library's name, the reader of its text, its default and help, the
command-line flag and the web field), its ``run`` and its ``report``. ``cli/`` builds its
``argparse`` options from the declarations and prints text; ``web/`` reads query strings
by the same declarations and answers the report as JSON. An error about a parameter
carries its name (:attr:`~riichi_lut.errors.RiichiLutError.parameter`), and each shell
words it with its own name for it (:func:`label_of`): ``--seat`` on the command line,
``seat`` on the web.

>>> sorted(REQUESTS)
['hint', 'mcr hint', 'mcr score', 'mcr shanten', 'score', 'shanten', 'ukeire', 'yaku']
>>> ROUTES["/api/score"].name
'score'
"""

from __future__ import annotations

from .mcr import REQUESTS_MCR
from .params import MAX_COUNT, Group, Param, about, choice, key_of, text, whole_number
from .request import Request, label_of
from .riichi import REQUESTS_RIICHI, rule_preset

__all__ = [
    "MAX_COUNT",
    "REQUESTS",
    "ROUTES",
    "Group",
    "Param",
    "Request",
    "about",
    "choice",
    "key_of",
    "label_of",
    "rule_preset",
    "text",
    "whole_number",
]

REQUESTS: dict[str, Request] = {**REQUESTS_RIICHI, **REQUESTS_MCR}
"""Every request by its command words (``"mcr score"``)."""

ROUTES: dict[str, Request] = {r.route: r for r in REQUESTS.values() if r.route is not None}
"""The requests the web API serves, by path (``/api/score``)."""
