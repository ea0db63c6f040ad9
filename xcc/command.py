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
- the docs' option tables (``rows``), held to the declaration by a test.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

REQUIRED = ...    # the default of a parameter that must be given
_DECIMAL = re.compile(r"(0|[1-9][0-9]{0,17})\Z")   # an int as click reads it, written plainly


@dataclass(frozen=True)
class Param:
    """One parameter of a verb: ``flags`` its option names (none: a positional
    argument), ``kind`` its type (``bool``: a flag), ``choices`` the names of a
    registry, ``quick``: taken by the quick path."""

    name: str
    flags: tuple[str, ...] = ()
    kind: type = str
    default: object = None
    help: str = ""
    metavar: str | None = None
    choices: tuple[str, ...] | None = None
    min: int | None = None
    hidden: bool = False
    show_default: bool = True
    quick: bool = False

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
        code = body(**kwargs)    # an exit code (None: 0), as click's standalone mode wants it
        if code:
            raise typer.Exit(code)

    command.__name__ = body.__name__
    command.__doc__ = body.__doc__
    command.__annotations__ = {p.name: annotation(p) for p in params}
    command.__signature__ = inspect.Signature([
        inspect.Parameter(p.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=info(p),
                          annotation=annotation(p)) for p in params])
    return command


def rows(params: Sequence[Param]) -> list[tuple[str, str]]:
    """``(names, help)`` of each option shown in ``--help``: a docs table's rows."""
    return [(", ".join(p.flags), p.help) for p in params if p.flags and not p.hidden]


__all__ = ["Param", "option", "argument", "defaults", "parse_quick", "typer_command",
           "annotation", "rows", "REQUIRED"]
