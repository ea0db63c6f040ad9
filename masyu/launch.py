"""The ``masyu`` console entry point (pyproject's ``[project.scripts]``): the stop
signals handled first (:func:`xcc.interrupts.launch`: SIGTERM and SIGHUP as
Ctrl-C, one line for a signal during start-up, the exit code of the signal),
then :func:`masyu.cli.main`."""
from __future__ import annotations

import xcc

# the stop signals handled from here (xcc's lazy face imports xcc.interrupts now), a stop
# noted until main() runs the command: the console script's lines before main() too
xcc.interrupts.early()
# looked up now, not in main(): no import may come between the start and the handlers
launch = xcc.interrupts.launch


def _command():
    from .cli import main  # start-up: the command's imports, once the handlers are in
    return main


def main() -> None:
    launch("masyu", _command)
