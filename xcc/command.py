"""One declaration of a command's parameters, and what is derived from it.

A verb of the ``xcc`` and ``masyu`` commands is a plain function (its
keyword arguments, an exit code back) and a tuple of :class:`Param`: plain
data, importable without Typer.  From the tuple come

- ``typer_command(params, body)``: the Typer command (its options, their
  help, the choices of a registry), what ``--help`` prints;
- ``parse_quick(params, argv)``: the fast start-up path's parser, which
  takes a command line only where it reads it exactly as Typer (click)
  would, and answers None for everything else (the caller then builds the
  Typer command): the parameters marked ``quick``, each at most once; a
  value option's value in the next argument or after ``=`` (long names),
  never empty nor starting with ``-``; a choice exactly one of its names;
  an integer in plain decimal, at least its ``min``; positional arguments
  not starting with ``-``, no more than declared and every required one.
  ``--help``, ``--``, bundled short flags (``-qn``), a repeated option,
  another type: None.
- the tests that hold both doors (and xcc's quick path in C) to it.

And what both commands share around their verbs: ``exits`` (the house's
errors of a run: Ctrl-C 130, I/O faults and running out of memory in one
line), ``run`` (the same for a Typer app, with usage errors in one line),
``new_app`` (a Typer app with ``--version``) and ``Plain`` (a command whose
usage line names a required argument plainly).
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from typing import Callable, Sequence

from .textio import output_fault

REQUIRED = ...    # the default of a parameter that must be given
_DECIMAL = re.compile(r"(0|[1-9][0-9]{0,17})\Z")   # an int as click reads it, written plainly


@dataclass(frozen=True)
class Param:
    """One parameter of a verb: ``flags`` its option names (none: a positional
    argument), ``kind`` its type (``bool``: a flag), ``choices`` the names of a
    registry, ``quick``: taken by the quick path; ``flag_value``: the option's
    value may be left out (when no argument follows, or one that looks like an
    option), the value is then this (click's ``is_flag=False, flag_value=``,
    which Typer does not take: :func:`take_flag_values`)."""

    name: str
    flags: tuple[str, ...] = ()
    kind: type = str
    default: object = None
    help: str = ""
    metavar: str | None = None
    choices: tuple[str, ...] | None = None
    min: int | None = None
    hidden: bool = False
    show_default: bool | str = True   # a str: the default shown when the default is None
    quick: bool = False
    flag_value: str | None = None     # the value of the option given bare (click's flag_value)

    @property
    def is_flag(self) -> bool:
        return self.kind is bool and bool(self.flags)

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


def option(name: str, *flags: str, **fields) -> Param:
    """``option("limit", "--limit", "-n", kind=int, ...)``: an option of a verb."""
    return Param(name, tuple(flags), **fields)


def argument(name: str, **fields) -> Param:
    """A positional argument of a verb."""
    return Param(name, (), **fields)


def defaults(params: Sequence[Param]) -> dict:
    """Every parameter's default (a required one: None)."""
    return {p.name: None if p.required else p.default for p in params}


# ---------------------------------------------------------------------------
# The quick path

def _value(p: Param, text: str):
    """The value of ``text`` for ``p`` as Typer would read it, or None where the
    quick path does not read it exactly so (the caller declines)."""
    if not text or text.startswith("-"):
        return None
    if p.choices is not None:
        return text if text in p.choices else None
    if p.kind is int:
        if not _DECIMAL.match(text) or (p.min is not None and int(text) < p.min):
            return None
        return int(text)
    return text if p.kind is str else None


def parse_quick(params: Sequence[Param], argv: Sequence[str]) -> dict | None:
    """The keyword arguments of the verb for ``argv`` (its defaults filled in), or
    None where the quick path does not take the command line (see the module)."""
    names = {flag: p for p in params if p.quick for flag in p.flags}
    positional = [p for p in params if not p.flags]
    given: dict = {}
    places: list[str] = []
    args = list(argv)
    while args:
        arg = args.pop(0)
        if not arg.startswith("-"):
            places.append(arg)
            continue
        name, eq, text = arg.partition("=")
        p = names.get(name)
        if p is None or p.name in given:
            return None
        if p.is_flag:
            if eq:
                return None
            value = True
        else:
            if eq and not name.startswith("--") or not eq and not args:
                return None
            value = _value(p, text if eq else args.pop(0))
            if value is None:
                return None
        given[p.name] = value
    if len(places) > len(positional):
        return None
    for p, text in zip(positional, places):
        if not p.quick:
            return None
        given[p.name] = text
    if any(p.required and p.name not in given for p in positional):
        return None
    return {**defaults(params), **given}


# ---------------------------------------------------------------------------
# Typer

def annotation(p: Param):
    """The type Typer reads: the kind, a Literal of the choices, Optional if the
    default is None."""
    from typing import Literal, Optional
    kind = Literal[p.choices] if p.choices is not None else p.kind
    return Optional[kind] if p.default is None else kind


# Typer turns a Ctrl-C it meets into exit code 130, silently: whether the command's body
# ran, and whether the Ctrl-C came out of it, tell ``run`` when nothing has said so.
_callback = {"ran": False, "interrupted": False}


def typer_command(params: Sequence[Param], body: Callable[..., object]) -> Callable[..., object]:
    """A function Typer makes a command of: ``body``'s name and docstring, the
    parameters of the declaration (in its order)."""
    import inspect
    import typer   # start-up: only for the Typer command

    def info(p: Param):
        extra = {k: v for k, v in (("metavar", p.metavar), ("min", p.min)) if v is not None}
        if not p.flags:
            return typer.Argument(p.default, help=p.help, **extra)
        return typer.Option(p.default, *p.flags, help=p.help, hidden=p.hidden,
                            show_default=p.show_default, **extra)

    def command(**kwargs):
        _callback["ran"] = True
        try:
            code = body(**kwargs)    # an exit code (None: 0), as click's standalone mode wants it
        except KeyboardInterrupt:
            _callback["interrupted"] = True
            raise
        if code:
            raise typer.Exit(code)

    command.__name__ = body.__name__
    command.__doc__ = body.__doc__
    command.flag_values = {p.name: p.flag_value for p in params if p.flag_value is not None}
    command.__annotations__ = {p.name: annotation(p) for p in params}
    command.__signature__ = inspect.Signature([
        inspect.Parameter(p.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=info(p),
                          annotation=annotation(p)) for p in params])
    return command


def take_flag_values(parser, flag_values: dict):
    """``parser`` (the option parser a command makes, Typer's or click's) reading
    the options of ``flag_values`` (``typer_command``'s, by name) as click reads
    an option declared ``is_flag=False, flag_value=``: ``--name VALUE`` and
    ``--name=VALUE`` give VALUE; ``--name`` last, or before an argument that
    looks like an option, gives the flag value.  For a Command's ``make_parser``."""
    if not flag_values:
        return parser
    value_of = parser._get_value_from_state

    def value(name: str, option, state):
        following = state.rargs[0] if state.rargs else None
        if option.dest in flag_values and (following is None or (
                following[:1] == "-" and len(following) > 1)):
            return flag_values[option.dest]
        return value_of(name, option, state)

    parser._get_value_from_state = value
    return parser


def fault(prog: str, message: str, code: int = 2) -> int:
    """One line on stderr, ``prog: message`` (if it can still be written), and the exit code."""
    try:
        sys.stderr.write(f"{prog}: {' '.join(message.split())}\n")
        sys.stderr.flush()
    except OSError:
        pass
    return code


def exits(call: Callable[[], int], prog: str, out_of_memory: str = "out of memory") -> int:
    """Run ``call`` (it returns an exit code) with the house's errors: I/O faults
    in one line (a broken pipe: 1, silent), running out of memory in one line
    (``out_of_memory``), a Ctrl-C the command did not take as 130 and ``prog: interrupted``;
    stdout flushed.  (SystemExit passes through.)"""
    try:
        try:
            code = call()
        finally:
            sys.stdout.flush()
    except KeyboardInterrupt:  # one the command did not take (it came between its steps)
        return fault(prog, "interrupted", 130)
    except MemoryError:
        return fault(prog, out_of_memory)
    except OSError as err:  # a broken pipe (1) or another failed write (2)
        return output_fault(err, prog)
    return code


def run(group, args: Sequence[str], prog: str, out_of_memory: str = "out of memory") -> int:
    """Run a click command (``typer.main.get_command(app)``) with the house's errors:
    usage errors in one line, and those of :func:`exits`.  Returns the exit code."""
    import typer   # start-up: only for the Typer command
    exceptions = sys.modules[typer.BadParameter.__module__]   # click's, or Typer's copy of it
    usage_error = exceptions.ClickException
    no_args = getattr(exceptions, "NoArgsIsHelpError", ())     # click 8.2 on: the help, exit 2

    def call() -> int:
        _callback.update(ran=False, interrupted=False)
        try:
            code = group.main(args=list(args), prog_name=prog, standalone_mode=False)
            if code == 130 and (not _callback["ran"] or _callback["interrupted"]):
                return fault(prog, "interrupted", 130)  # a Ctrl-C Typer took, unsaid
        except usage_error as err:
            if isinstance(err, no_args):
                err.show()
                return 2
            message = err.format_message().replace("Value error, ", "").rstrip(".")
            ctx = getattr(err, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            return fault(prog, message[:1].lower() + message[1:] + hint, err.exit_code)
        except typer.Abort:    # click's Abort (Ctrl-C at a prompt)
            return fault(prog, "interrupted", 130)
        return code if isinstance(code, int) else 0

    return exits(call, prog, out_of_memory)


def new_app(prog: str, help: str):
    """A Typer app for the command ``prog``: plain help, ``--version``, shell completion
    (``--install-completion``, ``--show-completion``)."""
    import typer   # start-up: only for the Typer command
    from .distribution import version as installed   # xcc alone or with masyu
    app = typer.Typer(add_completion=True, no_args_is_help=True, help=help,
                      rich_markup_mode=None, pretty_exceptions_enable=False)

    def show_version(value: bool) -> None:
        if value:   # the installed distribution's, xcc alone or with masyu (xcc.version)
            typer.echo(f"{prog} {installed()}")
            raise typer.Exit()

    version = typer.Option(False, "--version", is_eager=True, callback=show_version,
                           help="Print the version and exit.")

    @app.callback()
    def _root(version: bool = version) -> None:
        pass

    return app


def plain_usage(pieces: list[str]) -> list[str]:
    """``PUZZLE [LOOP]``: a required argument plain, as click writes it (not ``{PUZZLE}``)."""
    return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in pieces]


__all__ = ["Param", "option", "argument", "defaults", "parse_quick", "typer_command",
           "annotation", "REQUIRED", "take_flag_values", "fault", "exits", "run", "new_app", "plain_usage"]
