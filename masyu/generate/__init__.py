"""Generate Masyu puzzles with exactly one strong solution, reproducible from a seed.

:mod:`.generator` does it: loops from :mod:`.loops`, their pearls and the
removal of pearls in :mod:`.pearls`, the difficulty bands ``DIFFICULTIES`` in
:mod:`.bands`.
"""
from .bands import DIFFICULTIES, Band, Difficulty, measure
from .generator import Generated, generate, generate_with_loop

__all__ = ["DIFFICULTIES", "Band", "Difficulty", "measure", "Generated", "generate",
           "generate_with_loop"]
