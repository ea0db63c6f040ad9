"""The ``masyu`` command: a thin face over the masyu library.

``COMMANDS`` names every verb, the module that defines it and its one-line
summary.  ``main`` builds the command line with only the modules the
arguments need (``masyu --help`` imports none of them; ``masyu solve ...``
only ``masyu.cli.solving``), so that it starts fast; ``app`` (for tests and
embedding) has them all.

Every failure is one line on stderr: ``masyu: ...``.  Exit codes: 0 success;
1 "no" (no solution, violations found), or the reader of the output went away
(a broken pipe: nothing more is said); 2 bad input, a usage error, or output
that cannot be written (a full disk); 130 interrupted by Ctrl-C, after what
was found so far.
"""
from __future__ import annotations

import errno
import importlib
import os
import sys
from typing import Sequence

import typer
from typer.core import TyperCommand

# name: (module of masyu.cli, function, summary: the first line of its docstring)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "solve": ("solving", "solve", "Solve a puzzle and print its loop."),
    "count": ("solving", "count", "Count the solutions of a puzzle."),
    "check": ("puzzles", "check", "Check a loop against the rules."),
    "list": ("puzzles", "list_", "List the puzzles of a collection file."),
    "convert": ("puzzles", "convert", "Write a puzzle in another format."),
    "render": ("puzzles", "render", "Draw a puzzle, and a loop on it."),
    "encode": ("solving", "encode", "Write the XCC problem of a puzzle in Knuth's DLX format."),
    "generate": ("generating", "generate", "Generate puzzles with exactly one solution."),
    "daily": ("playing", "daily", "Print the day's puzzle."),
    "play": ("playing", "play", "Play in the browser."),
    "sample": ("sampling", "sample",
               "Draw N loops uniformly at random from all the solutions of a puzzle."),
    "explain": ("explaining", "explain", "Explain a puzzle step by step."),
    "hint": ("explaining", "hint", "The next step from your marks, or which marks are wrong."),
    "ambiguity": ("explaining", "ambiguity",
                  "Where a puzzle with two or more solutions is ambiguous."),
    "prove": ("certifying", "prove",
              "Prove a puzzle's solution unique, in a certificate others can check."),
    "verify": ("certifying", "verify", "Check a certificate of uniqueness without a SAT solver."),
}
HELP = "Solve, count, check, convert, draw and generate Masyu puzzles."
STDIN_PICK = "\x00stdin#"   # -#NAME, protected from the option parser (see inputs.py)


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
            verb = getattr(importlib.import_module(f"{__name__}.{module}"), function)
            app.command(name, cls=Command, short_help=summary)(verb)
        else:
            app.command(name, short_help=summary, help=summary,
                        context_settings={"ignore_unknown_options": True,
                                          "allow_extra_args": True})(_unbuilt)
    return app


def _unbuilt() -> None:  # pragma: no cover - main builds every verb its arguments name
    raise RuntimeError("a verb was called that was not built")


def _fault(command: str, message: str, code: int = 2) -> int:
    """One line on stderr (if it can still be written) and the exit code."""
    try:
        sys.stderr.write(f"{command}: {' '.join(message.split())}\n")
        sys.stderr.flush()
    except OSError:
        pass
    return code


def _mute_stdout() -> None:
    """After stdout failed, point it at /dev/null, so that Python's last flush is quiet."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def run(group, args: list[str], prog: str) -> int:
    """Run a click command (``typer.main.get_command(app)``) with the house's errors:
    usage errors in one line, I/O faults in one line, Ctrl-C as 130.  Returns the
    exit code.  (The xcc command has its own copy: it cannot import masyu.)"""
    usage_error = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
    try:
        try:
            code = group.main(args=args, prog_name=prog, standalone_mode=False)
        finally:
            sys.stdout.flush()
    except usage_error as err:
        if type(err).__name__ == "NoArgsIsHelpError":
            err.show()
            return 2
        message = err.format_message().replace("Value error, ", "").rstrip(".")
        ctx = getattr(err, "ctx", None)
        hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        return _fault(prog, message[:1].lower() + message[1:] + hint, err.exit_code)
    except KeyboardInterrupt:
        return 130
    except RuntimeError as err:    # click's Abort (Ctrl-C at a prompt), in older versions
        if type(err).__name__ == "Abort":
            return 130
        raise
    except BrokenPipeError:
        _mute_stdout()
        return 1
    except MemoryError:
        return _fault(prog, "out of memory; see --memory")
    except OSError as err:
        if err.errno == errno.EPIPE:
            _mute_stdout()
            return 1
        _mute_stdout()
        where = err.filename if err.filename is not None else "cannot write the output"
        return _fault(prog, f"{where}: {err.strerror or err}")
    return code if isinstance(code, int) else 0


def main(argv: Sequence[str] | None = None) -> None:
    """The ``masyu`` entry point: build the verbs the arguments name, run, exit."""
    args = list(sys.argv[1:] if argv is None else argv)
    app = make_app([a for a in args if a in COMMANDS])
    sys.exit(run(typer.main.get_command(app), args, "masyu"))


def __getattr__(name: str):
    if name == "app":     # every verb built: for tests and for embedding
        return make_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
