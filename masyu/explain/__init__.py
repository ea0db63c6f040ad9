"""Why, not only what: explanations, hints and ambiguity reports, built on the deducer.

- :func:`explain` (``masyu.explain``): the deductions in order, each a
  :class:`Step` with the rule it applies (``RULES``, in the words solvers use),
  the cells it reads, the edges it sets and one sentence; JSON by
  ``Explanation.as_dict``.
- :func:`hint` (``masyu.hint``): from a player's marks, the next step, or
  which marks are wrong and why.
- :func:`ambiguity`: for a puzzle with several solutions, two that differ
  little, where, and single pearls that make it unique.
- :mod:`.pictures`: partial states in SVG and text, in ``THEMES``.
"""
from .rules import RULES, Rule
from .marks import Marks, parse_marks
from .steps import Explanation, Step
from .explaining import explain
from .hints import Hint, Wrong, as_marks, hint
from .ambiguity import Ambiguity, ambiguity
from .pictures import THEMES, state_svg, state_text

__all__ = ["RULES", "Rule", "Marks", "parse_marks", "Explanation", "Step", "explain", "Hint",
           "Wrong", "as_marks", "hint", "Ambiguity", "ambiguity", "THEMES", "state_svg",
           "state_text"]
