"""The ``masyu`` command built with Typer: the verbs of ``COMMANDS``, usage errors.

``make_app(names)`` builds the command line with only the verbs ``names``
(the others listed by their summaries); ``run`` runs it with the house's
errors (:func:`masyu.cli.exits`, plus Typer's usage errors in one line).
Each verb is made from its module's declaration (``PARAMS``) and function
(:func:`xcc.command.typer_command`).  ``masyu.cli.main`` comes here for
everything the quick path leaves.
"""
from __future__ import annotations

import importlib
from typing import Sequence

import typer
from typer.core import TyperCommand

import xcc

from . import COMMANDS, HELP, STDIN_PICK, exits, fault


class Command(TyperCommand):
    """A verb whose positional arguments may be ``-#NAME`` (a puzzle of stdin)."""

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        takes_value = {name for p in self.params if getattr(p, "param_type_name", "") == "option"
                       and not getattr(p, "is_flag", False) for name in p.opts}
        out, previous = [], None
        for arg in args:
            if arg.startswith("-#") and len(arg) > 2 and previous not in takes_value:
                arg = STDIN_PICK + arg[2:]
            out.append(arg)
            previous = arg
        return super().parse_args(ctx, out)

    def collect_usage_pieces(self, ctx) -> list[str]:
        """``PUZZLE [LOOP]``: a required argument plain, as click writes it (not ``{PUZZLE}``)."""
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p
                for p in super().collect_usage_pieces(ctx)]


def _version(value: bool) -> None:
    if value:
        metadata = importlib.import_module("importlib.metadata")   # only for --version
        typer.echo(f"masyu {metadata.version('xcc-masyu')}")
        raise typer.Exit()


def _root(version: bool = typer.Option(False, "--version", is_eager=True, callback=_version,
                                       help="Print the version and exit.")) -> None:
    pass


def make_app(names: Sequence[str] | None = None) -> typer.Typer:
    """The command line with the verbs ``names`` (default: all) built from their
    modules, and the others listed by their summaries only."""
    wanted = set(COMMANDS if names is None else names)
    app = typer.Typer(add_completion=False, no_args_is_help=True, help=HELP,
                      rich_markup_mode=None, pretty_exceptions_enable=False)
    app.callback()(_root)
    for name, (module, function, summary) in COMMANDS.items():
        if name in wanted:
            verbs = importlib.import_module(f"{__package__}.{module}")
            verb = xcc.command.typer_command(verbs.PARAMS[function], getattr(verbs, function))
            app.command(name, cls=Command, short_help=summary)(verb)
        else:
            app.command(name, short_help=summary, help=summary,
                        context_settings={"ignore_unknown_options": True,
                                          "allow_extra_args": True})(_unbuilt)
    return app


def _unbuilt() -> None:  # pragma: no cover - main builds every verb its arguments name
    raise RuntimeError("a verb was called that was not built")


def run(group, args: list[str], prog: str) -> int:
    """Run a click command (``typer.main.get_command(app)``) with the house's errors:
    usage errors in one line, and those of :func:`masyu.cli.exits` (I/O faults
    in one line, Ctrl-C as 130).  Returns the exit code.  (The xcc command has
    its own copy: it cannot import masyu.)"""
    usage_error = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")

    def call() -> int:
        try:
            code = group.main(args=args, prog_name=prog, standalone_mode=False)
        except usage_error as err:
            if type(err).__name__ == "NoArgsIsHelpError":
                err.show()
                return 2
            message = err.format_message().replace("Value error, ", "").rstrip(".")
            ctx = getattr(err, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            return fault(prog, message[:1].lower() + message[1:] + hint, err.exit_code)
        except RuntimeError as err:    # click's Abort (Ctrl-C at a prompt), in older versions
            if type(err).__name__ == "Abort":
                return 130
            raise
        return code if isinstance(code, int) else 0

    return exits(call, prog)


def spell_resume(args: Sequence[str]) -> list[str]:
    """``masyu count|solve PUZZLE --resume FILE`` (issue 17's spelling, as xcc's) is
    the ``--continue FILE`` of a parallel search; with ``--each``, ``--resume`` stays
    the flag that continues the ``-o`` file.  The rule is that one: a FILE after
    ``--resume`` only without ``--each``."""
    out = list(args)
    if out[:1] not in (["count"], ["solve"]) or "--each" in out:
        return out
    for k, arg in enumerate(out):
        if arg == "--":
            break
        if arg.startswith("--resume="):
            out[k] = "--continue=" + arg[len("--resume="):]
        elif arg == "--resume" and k + 1 < len(out) and not out[k + 1].startswith("-"):
            out[k] = "--continue"
    return out


def main(args: Sequence[str]) -> int:
    """Build the verbs ``args`` name, run, return the exit code."""
    app = make_app([a for a in args if a in COMMANDS])
    return run(typer.main.get_command(app), spell_resume(args), "masyu")
