"""The ``riichi-lut`` command: thin over the public API (``main`` is the entry point)."""

from .main import main

__all__ = ["main"]
