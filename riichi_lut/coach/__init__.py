"""Words for people: reason codes, hints, the explainer, the game review."""

from .review import Review, review

__all__ = ["Review", "review"]
