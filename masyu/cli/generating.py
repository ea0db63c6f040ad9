"""CLI verb: generate."""
from . import app  # noqa: F401
