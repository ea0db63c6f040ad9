"""How strong solutions are found: the methods of ``METHODS`` and the runs each makes.

This is the policy: which encoding, method and engine a search runs, decided
from the measured table ``masyu/data/policy.json`` (``POLICY``: written by
``benchmarks/policy.py``, the one place the crossovers live), the board's size
and the engines' own facts (``xcc.engines.get(name)``:
whether it ``splits`` into subproblems, whether it ``learns`` clauses), never
from an engine's name.  The running is :mod:`masyu.search`.

- ``weak=True``: every solution of the XCC problem (several loops allowed).
- ``method="filter"``: enumerate the weak solutions and keep those whose
  edges form one loop through every pearl (the reference, SPEC 4).
- ``method="guard"``: the single-cycle constraint :class:`xcc.Cycle` inside
  the search, which cuts multi-loop partial solutions early.
- ``method="propagate"``: the guard plus reasoning inside the search
  (connectivity, bridges, parity cuts, forced colors).
- ``method="best"``: the fastest configuration measured, for strong or weak
  solutions (``best_configuration(weak)``); it chooses encoding and engine too.
- ``method="auto"`` (the default): the fastest configuration for the task
  (``auto_runs``), after deduction: strong solutions by ``auto`` or ``best``
  (encoding and engine not chosen) first run the C deducer, which answers alone
  when it settles the puzzle (``deduces_first``; the result's method is then
  ``"deduce"``, ``DEDUCE``).  A first solution or uniqueness (a limit of at most 2,
  ``is_unique``): ``best``.  Listing or counting (no limit, or a larger one):
  first ``best`` up to two solutions, which proves most puzzles unique at
  once; only when a second solution exists, dancing links with the loop guard
  (the c engine, 423), far faster than SAT at enumerating.  Weak solutions:
  dancing links on 423.  An ``encoding`` or ``engine`` given is kept.

``runs`` is what a search makes of a method: one run ``(encoding, method,
engine, limit)``, or two for ``auto``; ``split_run`` the one run of a search
split over workers.  Only xcc's public API is used; the engine default is
``xcc.DEFAULT_ENGINE``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import xcc

from .errors import MasyuError, expect

RunChoice = tuple[str, str, str, "int | None"]  # a run: encoding, method, engine, limit

@dataclass(frozen=True)
class Method:
    """How strong solutions are found: ``cycle`` puts the single-cycle constraint in
    the search (else the weak solutions are filtered), ``propagate`` adds its
    reasoning; ``auto`` chooses encoding, method and engine itself
    (``best_configuration``)."""

    name: str
    summary: str
    cycle: bool = False
    propagate: bool = False
    auto: bool = False


METHODS: dict[str, Method] = {m.name: m for m in (
    Method("auto", "the fastest for the task: best for a first solution or uniqueness; to list "
                   "or count more, best up to two solutions, then the guard on dancing links",
           auto=True),
    Method("filter", "keep the weak solutions that are one loop (the reference)"),
    Method("guard", "a loop guard inside the search", cycle=True),
    Method("propagate", "the guard with propagation in the search", cycle=True, propagate=True),
    Method("best", "the fastest configuration measured (it picks encoding and engine)",
           auto=True),
)}
DEFAULT_METHOD = "auto"


DEDUCE = "deduce"  # the method (and engine) of a result the deducer settled alone


def _measured() -> dict:
    """The policy's table, ``masyu/data/policy.json``: written by
    ``benchmarks/policy.py`` (its date and machine inside), read here only."""
    path = Path(__file__).with_name("data") / "policy.json"
    with open(path, encoding="utf-8") as f:
        return json.load(f)


POLICY: dict = _measured()
_SMALL, _LARGE, _LIST = POLICY["prove"]["small"], POLICY["prove"]["large"], POLICY["list"]
# boards up to this many cells: dancing links beat the SAT engine's setup (the crossover)
SMALL_CELLS: int = _SMALL["up_to_cells"]
DEDUCE_FIRST: bool = POLICY["deduce_first"]


def deduces_first(weak: bool, method: str, encoding: str | None = None,
                  engine: str | None = None) -> bool:
    """Whether a search first runs the C deducer (levels 1 and 2, one bounded
    call: :func:`masyu.deduce.settle`) and answers with it when it settles the
    puzzle (``method`` ``"deduce"`` in the result): for strong solutions by
    ``auto`` or ``best`` with no ``encoding`` or ``engine`` chosen, when the
    measured table says it pays (``deduce_first``: it costs under 5% of a
    search where it does not settle, and settles most puzzles at 1/20 to 1/100
    of a search's time)."""
    return (DEDUCE_FIRST and not weak and METHODS[method].auto and encoding is None
            and engine is None)


def seeds(weak: bool, method: str, encoding: str | None = None, engine: str | None = None,
          seed: bool | None = None) -> bool:
    """Whether the C deducer's forced edges seed a search's runs (when it does not
    settle the puzzle alone): ``seed`` when given (a bool; weak solutions take
    none: the forced edges hold in every strong solution, not in every weak one),
    else the policy: where deduction runs first (:func:`deduces_first`'s choices),
    and split over workers too, where it seeds the one run without answering alone
    (a split search's state resumes the same seeded problem)."""
    if seed is None:
        return deduces_first(weak, method, encoding, engine)
    expect(seed, bool, "seed", "True, False or None")
    if seed and weak:
        raise MasyuError("weak solutions take no seed (the deducer's forced edges hold in "
                         "every strong solution, not in every weak one)", "argument 'seed'")
    return seed


def best_configuration(weak: bool = False, cells: int | None = None) -> tuple[str, str, str]:
    """(encoding, method, engine) of ``method="best"``: the fastest way
    measured here (``benchmarks/policy.py`` writes the crossover into
    ``masyu/data/policy.json``; docs/policy.md).  Strong solutions: on boards of
    at most ``SMALL_CELLS`` cells (``cells``, when given), the loop guard in the
    C dancing-links engine, whose setup is cheaper than a SAT solver's; else the 423 encoding with the loop guard as lazy cuts in CaDiCaL when
    python-sat is installed, else dancing links with propagation.  Weak
    solutions (listed, often by the thousand): 423 on the default engine (c
    when it is built).  (The engines are named here because they were
    measured: this is the table of the measurements.)"""
    if weak:
        return "423", "guard", xcc.DEFAULT_ENGINE
    if cells is not None and cells <= SMALL_CELLS and _SMALL["engine"] in xcc.ENGINES:
        return "423", _SMALL["method"], _SMALL["engine"]
    if _LARGE["engine"] in xcc.ENGINES:
        return "423", _LARGE["method"], _LARGE["engine"]
    return "423", "propagate", xcc.DEFAULT_ENGINE


def prover(engine: str) -> str:
    """The method that proves a puzzle unique fastest on ``engine``: the guard
    alone on an engine that learns clauses (CaDiCaL: the loop by lazy cuts, its
    own reasoning for the rest), else the guard with propagation."""
    return "guard" if xcc.engines.get(engine).learns else "propagate"


def auto_runs(weak: bool, limit: int | None, encoding: str | None = None,
              engine: str | None = None, cells: int | None = None) -> list[RunChoice]:
    """The runs of ``method="auto"``: ``(encoding, method, engine, limit)`` each.

    One run, unless strong solutions are listed or counted past two: then a
    first run of the prover with limit 2 decides a puzzle with at most one
    solution, and the second run (the guard on dancing links, with the
    caller's limit) happens only if it found two.  A given ``encoding`` or
    ``engine`` is kept in every run."""
    if weak:
        return [(encoding or "423", "guard", engine or xcc.DEFAULT_ENGINE, limit)]
    if engine is None:
        prove_enc, prove_method, prove_engine = best_configuration(False, cells)
    else:
        prove_enc, prove_method, prove_engine = "423", prover(engine), engine
    prove = (encoding or prove_enc, prove_method, prove_engine)
    if limit is not None and limit <= 2:
        return [prove + (limit,)]
    listing = (encoding or "423", _LIST["method"] if engine is None else "guard",
               engine or (_LIST["engine"] if _LIST["engine"] in xcc.ENGINES
                          else xcc.DEFAULT_ENGINE))
    if listing == prove:
        return [listing + (limit,)]
    return [prove + (2,), listing + (limit,)]


def check_choices(encoding: str | None, method: str, engine: str | None,
                  weak: bool = False) -> None:
    """The one check of a search's choices: a MasyuError naming the valid ones for an
    unknown encoding, method or engine; a MasyuTypeError (a TypeError too) naming
    the argument for one of the wrong type (``encoding=422``, ``weak="yes"``)."""
    expect(weak, bool, "weak", "True or False")
    if encoding is not None:
        from .encodings import check_encoding   # start-up: the encoders only where a search needs them
        check_encoding(encoding)
    expect(method, str, "method", f"a string, one of {', '.join(map(repr, METHODS))}")
    if engine is not None:
        expect(engine, str, "engine", "a string (an engine's name) or None")
    if method not in METHODS:
        raise MasyuError(f"unknown method {method!r}; valid methods: {', '.join(METHODS)}")
    if engine is not None and engine not in xcc.ENGINES:
        raise MasyuError(f"unknown or unavailable engine {engine!r}; "
                         f"valid engines: {', '.join(xcc.ENGINES)}")
    check_weak_method(method, weak)


def check_weak_method(method: str, weak: bool,
                      where: str = "arguments 'method' and 'weak'") -> None:
    """Weak solutions take no method that says how strong ones are found (filter,
    guard, propagate: it would be ignored); those that choose a configuration
    (``auto``, ``best``) apply.  The command line's check too (``where``: its options)."""
    if weak and method in METHODS and not METHODS[method].auto:
        raise MasyuError(f"weak solutions take no method {method!r} (a method says how strong "
                         "solutions are found; auto and best choose for weak ones too)", where)


def runs(weak: bool, method: str, limit: int | None, encoding: str | None = None,
         engine: str | None = None, cells: int | None = None) -> list[RunChoice]:
    """The runs a search makes, ``(encoding, method, engine, limit)`` each: one,
    or two for ``auto`` (:func:`auto_runs`).  ``None`` for ``encoding`` or
    ``engine`` is the method's choice (``DEFAULT_ENCODING``, ``xcc.DEFAULT_ENGINE``
    outside ``auto`` and ``best``); ``cells``, the board's size, lets ``best``
    choose by it (:func:`best_configuration`)."""
    check_choices(encoding, method, engine, weak)
    if method == "auto":
        return auto_runs(bool(weak), limit, encoding, engine, cells)
    if METHODS[method].auto:
        return [best_configuration(bool(weak), cells) + (limit,)]
    from .encodings import DEFAULT_ENCODING   # start-up: the encoders load when asked
    return [(encoding or DEFAULT_ENCODING, method, engine or xcc.DEFAULT_ENGINE, limit)]


def split_run(weak: bool, method: str, limit: int | None, encoding: str | None = None,
              engine: str | None = None, cells: int | None = None) -> RunChoice:
    """The one run of a search split over workers: the run that lists (auto's
    second, when it makes two: the first only decides between one solution and
    more, and a split count counts them all anyway).  An engine that does not
    split (``splits``: the SAT engine of ``best``) is replaced by the default
    engine, and its guard by the guard with propagation."""
    encoding, method, engine, _ = runs(weak, method, None, encoding, engine, cells)[-1]
    if not xcc.engines.get(engine).splits:
        engine = xcc.DEFAULT_ENGINE
        if method == "guard" and not weak:
            method = "propagate"
    return encoding, method, engine, limit
