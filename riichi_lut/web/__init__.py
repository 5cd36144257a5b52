"""The playground behind ``riichi-lut serve``: a JSON API over the library and a static page.

:mod:`riichi_lut.web.api` answers ``/api/...`` with what the matching ``riichi-lut ... --json``
prints; :mod:`riichi_lut.web.server` serves it and the page (``static/``) on loopback with the
standard library's ``http.server``.
"""

from .api import ApiReply, answer
from .server import make_server, serve

__all__ = ["ApiReply", "answer", "make_server", "serve"]
