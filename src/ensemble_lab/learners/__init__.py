"""Base-learner presets that behave like the papers' Weka learners."""

from ._encoding import MixedEncoder

__all__ = ["MixedEncoder"]
