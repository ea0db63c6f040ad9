"""The ``masyu`` command built with Typer: the verbs of ``COMMANDS``, usage errors.

``make_app(names)`` builds the command line with only the verbs ``names``
(the others listed by their summaries); ``main`` runs it with the house's
errors (:func:`xcc.command.run`: Typer's usage errors in one line too).
Each verb is made from its module's declaration (``PARAMS``) and function
(:func:`xcc.command.typer_command`).  ``masyu.cli.main`` comes here for
everything the quick path leaves.
"""
from __future__ import annotations

import importlib
import os
from typing import Sequence

import typer
from typer.core import TyperCommand

import xcc

from .common import COMMANDS, HELP, OUT_OF_MEMORY, guarded

COMPLETE = "_MASYU_COMPLETE"   # set by the shell's completion script (click's name for it)


class Command(TyperCommand):
    """A verb whose options declared with a ``flag_value`` may be given bare
    (``--resume``), and whose positional arguments may be ``-#NAME`` (a puzzle of
    stdin: where the parser meets it as an option, it is an argument)."""

    def make_parser(self, ctx):
        parser = xcc.command.take_flag_values(super().make_parser(ctx),
                                              getattr(self.callback, "flag_values", {}))
        option = parser._process_opts

        def stdin_pick(arg: str, state) -> None:
            if arg.startswith("-#") and len(arg) > 2:
                state.largs.append(arg)
            else:
                option(arg, state)

        parser._process_opts = stdin_pick
        return parser

    def collect_usage_pieces(self, ctx) -> list[str]:
        return xcc.command.plain_usage(super().collect_usage_pieces(ctx))


def make_app(names: Sequence[str] | None = None) -> typer.Typer:
    """The command line with the verbs ``names`` (default: all) built from their
    modules, and the others listed by their summaries only."""
    wanted = set(COMMANDS if names is None else names)
    app = xcc.command.new_app("masyu", HELP)
    for name, (module, function, summary) in COMMANDS.items():
        if name in wanted:
            verbs = importlib.import_module(f"{__package__}.{module}")
            verb = xcc.command.typer_command(verbs.PARAMS[function],
                                             guarded(getattr(verbs, function)))
            app.command(name, cls=Command, short_help=summary)(verb)
        else:
            app.command(name, short_help=summary, help=summary,
                        context_settings={"ignore_unknown_options": True,
                                          "allow_extra_args": True})(_unbuilt)
    return app


def _unbuilt() -> None:  # pragma: no cover - main builds every verb its arguments name
    raise RuntimeError("a verb was called that was not built")


def main(args: Sequence[str]) -> int:
    """Build the verbs ``args`` name (every verb for the shell's completion, which
    ``--install-completion`` sets up: the words are in its environment), run,
    return the exit code."""
    completing = COMPLETE in os.environ
    app = make_app(None if completing else [a for a in args if a in COMMANDS])
    return xcc.command.run(typer.main.get_command(app), args, "masyu", OUT_OF_MEMORY)
