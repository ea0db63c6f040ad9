"""The ``masyu`` console entry point (pyproject's ``[project.scripts]``): the stop
signals handled first (:func:`xcc.interrupts.launch`: SIGTERM and SIGHUP as
Ctrl-C, one line for a signal during start-up, the exit code of the signal),
then :func:`masyu.cli.main`."""
from __future__ import annotations

import xcc

# looked up now, not in main(): no import may come between the start and the handlers
# (xcc's lazy face imports xcc.interrupts on first use; a Ctrl-C in it was a traceback)
launch = xcc.interrupts.launch


def _command():
    from .cli import main  # start-up: the command's imports, once the handlers are in
    return main


def main() -> None:
    launch("masyu", _command)
