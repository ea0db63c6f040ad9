"""The ``xcc`` console entry point (pyproject's ``[project.scripts]``): the stop
signals handled first (:func:`xcc.interrupts.launch`), then :func:`xcc.main`
(the C quick path of ``xcc count FILE``, else :mod:`xcc.cli`).  A module of
its own, a few lines, so that nothing is imported before the handlers are in."""
from __future__ import annotations

from .interrupts import early, launch

early()  # the stop signals handled from here: the console script's lines before main() too


def _command():
    from . import main  # start-up: the command's imports, once the handlers are in
    return main


def main() -> None:
    launch("xcc", _command)
