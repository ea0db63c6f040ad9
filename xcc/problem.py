"""An XCC problem: primary and secondary items, options with optional colors,
and optionally multiplicities: bounds ``(u, v)`` on how often a primary item
is covered (Knuth's Algorithm M, his DLX3: ``u:v|name`` in a DLX file), and
costs: a nonnegative integer per option (Knuth's DLX5: ``|cost`` in a DLX
option; engine ``costs`` finds the cheapest solutions, docs/costs.md).

A problem is validated when it is built, before any engine sees it (Tatham's
"validate at the door"): every error raises :class:`XCCError` naming the
option and the item at fault.  An option without a primary item is dropped
with a warning, as Knuth's DLX2 does.
"""
from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple, Sequence

import numpy as np

from .errors import XCCError, XCCTypeError, expect

Occurrence = tuple[str, "str | None"]  # (item name, color or None)
MAX_BOUND = (1 << 31) - 1  # the largest multiplicity (an int32 in the C engine)
MAX_COST = (1 << 62) - 1  # the largest cost of an option (a sum of many fits in an int64)


def _check_name(name: object, where: str) -> str:
    if not isinstance(name, str):
        raise XCCTypeError(f"item name must be a string, not {type(name).__name__}", where)
    if not name or any(ch.isspace() for ch in name):
        raise XCCError(f"item name {name!r} is empty or contains blanks", where)
    if ":" in name or "|" in name:
        raise XCCError(f"item name {name!r} contains ':' or '|'", where)
    if not name.isprintable():
        raise XCCError(f"item name {name!r} contains a control character", where)
    return name


def _check_color(color: object, name: str, where: str) -> str:
    """A color is a nonempty string without blanks, ':' or '|' (an int is
    taken as its digits): what the DLX format can write and read back."""
    if isinstance(color, int) and not isinstance(color, bool):
        color = str(color)
    if not isinstance(color, str):
        raise XCCTypeError(f"the color of item {name!r} must be a string, "
                           f"not {type(color).__name__}", where)
    if not color or _BAD_COLOR_CHAR.search(color) or not color.isprintable():
        raise XCCError(f"bad color {color!r} for item {name!r} (no blanks, ':' or '|')", where)
    return color


def _names(values: object, argument: str) -> tuple:
    """The item names of ``primary`` or ``secondary``: any iterable but a string."""
    if isinstance(values, (str, bytes)):
        raise XCCTypeError(f"{argument} must be a list of item names, not a {type(values).__name__}"
                           f" (write [{values!r}] for one item)", f"argument {argument!r}")
    try:
        return tuple(values)  # type: ignore[arg-type]
    except TypeError:
        raise XCCTypeError(f"{argument} must be a list of item names, not "
                           f"{type(values).__name__}", f"argument {argument!r}") from None


def _occurrence(entry: object, where: str) -> Occurrence:
    """Accept ``"name"``, ``"name:color"`` or ``(name, color)``."""
    if isinstance(entry, str):
        name, sep, color = entry.partition(":")
        if sep:
            _check_name(name, where)
            if not color or any(ch.isspace() for ch in color):
                raise XCCError(f"empty or blank color in {entry!r}", where)
            return name, _check_color(color, name, where)
        return _check_name(name, where), None
    if isinstance(entry, (tuple, list)) and len(entry) == 2:
        name, color = entry
        _check_name(name, where)
        if color is not None:
            color = _check_color(color, name, where)
        return name, color
    raise XCCTypeError(f"cannot read {entry!r} as an item occurrence "
                       "(a name, 'name:color' or (name, color))"[:200], where)


def _bounds(bounds: object, primary: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """The multiplicities of ``bounds`` (a mapping from primary item names to
    ``(u, v)``, or to ``v`` for ``(v, v)``) as one ``(u, v)`` per primary item,
    or ``()`` when every item is covered exactly once (plain XCC).  Validated:
    0 <= u <= v, v >= 1, a known primary item."""
    if bounds is None:
        return ()
    if not hasattr(bounds, "items") or isinstance(bounds, (str, bytes)):
        raise XCCTypeError(f"bounds must be a mapping from primary item names to (u, v), not "
                           f"{type(bounds).__name__}", "argument 'bounds'")
    index = {name: k for k, name in enumerate(primary)}
    out = [(1, 1)] * len(primary)
    for item, value in bounds.items():  # type: ignore[union-attr]
        where = f"bounds of item {item!r}"[:120]
        if item not in index:
            raise XCCError(f"bounds are for primary items only; {item!r} is not one"[:160],
                           "argument 'bounds'")
        pair = (value, value) if isinstance(value, int) and not isinstance(value, bool) else value
        if not isinstance(pair, (tuple, list)) or len(pair) != 2 or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in pair):
            raise XCCTypeError(f"a multiplicity is (u, v) or v, integers, not {value!r}"[:160],
                               where)
        u, v = pair
        if not 0 <= u <= v or v < 1 or v > MAX_BOUND:
            raise XCCError(f"bounds ({u}, {v}) must have 0 <= u <= v, 1 <= v <= {MAX_BOUND}"[:160],
                           where)
        out[index[item]] = (u, v)
    return tuple(out) if any(b != (1, 1) for b in out) else ()


def _costs(costs: object, count: int) -> tuple[int, ...]:
    """The costs of ``costs`` (one nonnegative integer per option given,
    ``count`` of them) as a tuple, or ``()`` when none is given or all are 0.
    Validated: integers (not bools), 0 <= cost <= MAX_COST, one per option."""
    if costs is None:
        return ()
    if isinstance(costs, (str, bytes)) or not hasattr(costs, "__iter__"):
        raise XCCTypeError(f"costs must be a list of integers, one per option, not "
                           f"{type(costs).__name__}", "argument 'costs'")
    out = tuple(int(c) if hasattr(c, "__index__") and not isinstance(c, bool) else c
                for c in costs)  # type: ignore[union-attr]
    if len(out) != count:
        raise XCCError(f"costs has {len(out)} entries for {count} options (one per option)",
                       "argument 'costs'")
    for j, c in enumerate(out):
        if type(c) is not int:
            raise XCCTypeError(f"a cost is an integer, not {c!r}"[:120], f"cost of option {j + 1}")
        if not 0 <= c <= MAX_COST:
            raise XCCError(f"cost {c} must be between 0 and {MAX_COST}", f"cost of option {j + 1}")
    return out if any(out) else ()


_BAD_NAME_CHAR = re.compile(r"[\s:|]")
_BAD_COLOR_CHAR = re.compile(r"[\s:|]")


class Compact(NamedTuple):
    """A problem's options as integer arrays (int32), the form engines read.

    Option ``k`` has entries ``starts[k]`` to ``starts[k+1]-1``; entry ``j``
    names item ``items[j]`` (0-based, primary items first) with color code
    ``colors[j]`` (0: no color; code ``c`` is ``color_names[c-1]``, codes
    numbered in order of first appearance, as :meth:`Problem.colors`)."""

    starts: np.ndarray
    items: np.ndarray
    colors: np.ndarray
    color_names: tuple[str, ...]


@dataclass(frozen=True)
class Problem:
    """Items and options of an exact cover problem with colors.

    ``options`` holds tuples of ``(item, color)`` pairs; ``color`` is None for
    an uncolored occurrence.  ``dropped`` lists the input positions (0-based)
    of options dropped because they had no primary item; ``source_index[k]``
    is the input position of option ``k``.

    ``bounds`` (keyword) gives multiplicities: ``{item: (u, v)}`` asks that
    primary item ``item`` be covered at least ``u`` and at most ``v`` times
    (``{item: v}``: exactly ``v``); the others are covered exactly once.  It
    is stored as one ``(u, v)`` per primary item, or ``()`` when every item
    is covered once (then the problem is plain XCC); ``bound(item)`` reads
    it.  Only the engines whose ``multiplicities`` fact is true solve a
    problem with bounds (Algorithm M: ``mult``, ``mult-python``).
    """

    primary: tuple[str, ...]
    secondary: tuple[str, ...]
    options: tuple[tuple[Occurrence, ...], ...]
    dropped: tuple[int, ...] = ()
    source_index: tuple[int, ...] = ()
    bounds: tuple[tuple[int, int], ...] = ()
    costs: tuple[int, ...] = ()
    name: str | None = field(default=None, compare=False)

    def __init__(
        self,
        primary: Iterable[str],
        secondary: Iterable[str] = (),
        options: Iterable[Sequence[object]] = (),
        *,
        name: str | None = None,
        warn: bool = True,
        bounds: object = None,
        costs: object = None,
        _locations: Sequence[object] | None = None,
    ) -> None:
        primary = _names(primary, "primary")
        secondary = _names(secondary, "secondary")
        if name is not None:
            expect(name, str, "name", "a str or None")
        if isinstance(options, (str, bytes)) or not hasattr(options, "__iter__"):
            raise XCCTypeError(f"options must be a list of options, not {type(options).__name__}",
                               "argument 'options'")
        if not primary:
            raise XCCError("no primary items", "argument 'primary'")
        kinds: dict[str, bool] = {}
        for k, item in enumerate(primary + secondary):
            is_primary = k < len(primary)
            where = f"{'primary' if is_primary else 'secondary'} item {k + 1 if is_primary else k - len(primary) + 1}"
            _check_name(item, where)
            if item in kinds:
                raise XCCError(f"duplicate item {item!r}", where)
            kinds[item] = is_primary
        multiplicities = _bounds(bounds, primary)
        kept: list[tuple[Occurrence, ...]] = []
        source: list[int] = []
        dropped: list[int] = []
        good_colors: set[str] = set()  # colors already validated
        for j, raw in enumerate(options):
            if isinstance(raw, (str, bytes)) or not hasattr(raw, "__iter__"):
                raise XCCTypeError(f"an option is a list of occurrences, not "
                                   f"{type(raw).__name__}", self._where(j, _locations))
            if type(raw) is not tuple and type(raw) is not list:
                raw = tuple(raw)  # read twice below (the fast path, then the careful one)
            occurrences = tuple(self._fast_occurrences(raw, kinds, good_colors)
                                or (_occurrence(e, self._where(j, _locations)) for e in raw))
            seen: set[str] = set()
            has_primary = False
            for item, color in occurrences:
                if item not in kinds:
                    raise XCCError(f"unknown item {item!r}", self._where(j, _locations))
                if item in seen:
                    raise XCCError(f"item {item!r} appears twice", self._where(j, _locations))
                seen.add(item)
                if kinds[item]:
                    has_primary = True
                    if color is not None:
                        raise XCCError(f"primary item {item!r} cannot have a color",
                                       self._where(j, _locations))
            if not has_primary:
                dropped.append(j)
                where = self._where(j, _locations)
                if warn:
                    text = " ".join(i if c is None else f"{i}:{c}" for i, c in occurrences)
                    warnings.warn(f"{where}: option ignored (no primary items): {text}",
                                  stacklevel=2)
                continue
            kept.append(occurrences)
            source.append(j)
        object.__setattr__(self, "primary", primary)
        object.__setattr__(self, "secondary", secondary)
        object.__setattr__(self, "options", tuple(kept))
        object.__setattr__(self, "dropped", tuple(dropped))
        object.__setattr__(self, "source_index", tuple(source))
        object.__setattr__(self, "bounds", multiplicities)
        if costs is not None:
            given = _costs(costs, len(kept) + len(dropped))
            object.__setattr__(self, "costs", tuple(given[j] for j in source) if given else ())
            if not any(self.costs):
                object.__setattr__(self, "costs", ())
        object.__setattr__(self, "name", name)

    @classmethod
    def from_arrays(cls, primary: Iterable[str], secondary: Iterable[str], starts, items,
                    colors=None, color_names: Sequence[str] = (), *, name: str | None = None,
                    warn: bool = True, trusted: bool = False, bounds: object = None,
                    costs: object = None) -> "Problem":
        """A problem given as integer arrays (see :class:`Compact`), validated
        by whole-array checks: the fast door for generated problems.

        ``items`` index ``primary + secondary``; ``colors`` (None: all 0) are
        codes into ``color_names`` (code ``c`` is ``color_names[c-1]``).  The
        same faults as the constructor raise the same kind of error, naming the
        option; ``options`` is built from the arrays when first read.

        ``trusted=True`` skips the checks, for a library that built the arrays
        itself and tests them (masyu's encoders): the caller promises valid,
        distinct names, codes in range, no colored primary item, no item twice
        in an option, and a primary item in every option (none is dropped).
        ``bounds`` and ``costs`` are the constructor's (checked even when trusted).
        """
        if trusted:
            primary = tuple(primary)
            self = cls._from_trusted(primary, tuple(secondary), starts, items, colors,
                                     tuple(color_names), name)
            object.__setattr__(self, "bounds", _bounds(bounds, primary))
            object.__setattr__(self, "costs", _costs(costs, len(starts) - 1))
            return self
        primary, secondary = _names(primary, "primary"), _names(secondary, "secondary")
        if name is not None:
            expect(name, str, "name", "a str or None")
        if not primary:
            raise XCCError("no primary items", "argument 'primary'")
        names = primary + secondary
        if not all(type(x) is str and x and x.isprintable() for x in names) or \
                _BAD_NAME_CHAR.search("".join(names)) or len(set(names)) != len(names):
            Problem(primary, secondary)  # the careful path names the first bad item
        color_names = tuple(color_names)
        for c in color_names:
            if type(c) is not str:
                raise XCCTypeError(f"a color name must be a str, not {type(c).__name__}",
                                   "argument 'color_names'")
            if not c or _BAD_COLOR_CHAR.search(c) or not c.isprintable():
                raise XCCError(f"bad color {c!r} (no blanks, ':' or '|')", "argument 'color_names'")
        multiplicities = _bounds(bounds, primary)
        if len(set(color_names)) != len(color_names):
            raise XCCError("color names must differ (one code per color)", "argument 'color_names'")
        def integers(values, what: str) -> np.ndarray:
            a = np.asarray(values)
            if a.size and a.dtype.kind not in "iu":
                raise XCCError(f"option arrays: {what} must be integers, not {a.dtype}",
                               f"argument {what!r}")
            return a.astype(np.int64)

        starts, items = integers(starts, "starts"), integers(items, "items")
        colors = np.zeros_like(items) if colors is None else integers(colors, "colors")
        m, n, n1 = len(starts) - 1, len(names), len(primary)
        if starts.ndim != 1 or m < 0 or items.ndim != 1 or colors.shape != items.shape \
                or starts[0] != 0 or starts[-1] != len(items) or np.any(np.diff(starts) < 0):
            raise XCCError("option arrays: starts must rise from 0 to len(items), "
                           "and colors match items", "argument 'starts'")
        option = np.repeat(np.arange(m), np.diff(starts))

        def fault(mask, text):
            if np.any(mask):
                j = int(np.flatnonzero(mask)[0])
                item = int(items[j])
                item = names[item] if 0 <= item < n else item
                raise XCCError(text.format(item=item), f"option {int(option[j]) + 1}")

        fault((items < 0) | (items >= n), "unknown item {item!r}")
        fault((colors < 0) | (colors > len(color_names)), "bad color code for item {item!r}")
        fault((items < n1) & (colors != 0), "primary item {item!r} cannot have a color")
        order = np.argsort(option * n + items, kind="stable")  # by option, then item
        twice = np.zeros(len(items), dtype=bool)
        twice[order[1:]] = (option[order[1:]] == option[order[:-1]]) & \
            (items[order[1:]] == items[order[:-1]])
        fault(twice, "item {item!r} appears twice")
        has_primary = np.bincount(option[items < n1], minlength=m) > 0 if m else \
            np.zeros(0, dtype=bool)
        dropped = np.flatnonzero(~has_primary)
        if len(dropped):
            for j in dropped.tolist():
                if warn:
                    text = " ".join(names[i] if not c else f"{names[i]}:{color_names[c - 1]}"
                                    for i, c in zip(items[starts[j]:starts[j + 1]].tolist(),
                                                    colors[starts[j]:starts[j + 1]].tolist()))
                    warnings.warn(f"option {j + 1}: option ignored (no primary items): {text}",
                                  stacklevel=2)
            keep_entry = has_primary[option]
            items, colors = items[keep_entry], colors[keep_entry]
            starts = np.concatenate(([0], np.cumsum(np.diff(starts)[has_primary])))
        self = cls._from_trusted(primary, secondary, starts, items, colors, color_names, name)
        object.__setattr__(self, "dropped", tuple(dropped.tolist()))
        object.__setattr__(self, "source_index", tuple(np.flatnonzero(has_primary).tolist()))
        object.__setattr__(self, "bounds", multiplicities)
        given = _costs(costs, m)
        if given:
            kept_costs = tuple(given[j] for j in self.source_index)
            object.__setattr__(self, "costs", kept_costs if any(kept_costs) else ())
        return self

    @classmethod
    def _from_trusted(cls, primary, secondary, starts, items, colors, color_names, name):
        """The problem of valid arrays (nothing dropped): the colors renumbered in
        order of first appearance, the compact form stored."""
        items = np.asarray(items)
        colors = np.zeros_like(items) if colors is None else np.asarray(colors)
        # renumber the colors in order of first appearance
        present = np.bincount(colors, minlength=len(color_names) + 1)[1:] > 0
        codes = np.flatnonzero(present) + 1
        if len(codes) <= 8:  # a scan per color beats sorting every entry
            first = np.array([int(np.argmax(colors == c)) for c in codes.tolist()], dtype=np.int64)
        else:
            codes, first = np.unique(colors[colors > 0], return_index=True)
        by_first = codes[np.argsort(first)]
        remap = np.zeros(len(color_names) + 1, dtype=np.int64)
        remap[by_first] = np.arange(1, len(by_first) + 1)
        self = object.__new__(cls)
        object.__setattr__(self, "primary", primary)
        object.__setattr__(self, "secondary", secondary)
        object.__setattr__(self, "dropped", ())
        object.__setattr__(self, "source_index", tuple(range(len(starts) - 1)))
        object.__setattr__(self, "bounds", ())
        object.__setattr__(self, "costs", ())
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "_compact", Compact(
            np.asarray(starts, dtype=np.int32), items.astype(np.int32),
            remap[colors].astype(np.int32),
            tuple(color_names[c - 1] for c in by_first.tolist())))
        return self

    def __getattr__(self, attr: str):
        if attr == "options":  # a problem from arrays builds its tuples when asked
            c = self.__dict__["_compact"]
            names, cn = self.primary + self.secondary, (None,) + c.color_names
            entries = [(names[i], cn[k]) for i, k in zip(c.items.tolist(), c.colors.tolist())]
            b = c.starts.tolist()
            options = tuple(tuple(entries[b[k]:b[k + 1]]) for k in range(len(b) - 1))
            object.__setattr__(self, "options", options)
            return options
        raise AttributeError(attr)

    def has_compact(self) -> bool:
        """True if the integer arrays exist already (no work to ask for them)."""
        return "_compact" in self.__dict__

    def compact(self) -> Compact:
        """The options as integer arrays (computed once)."""
        c = self.__dict__.get("_compact")
        if c is None:
            index = {name: i for i, name in enumerate(self.items)}
            color_names = self.colors()
            code = {None: 0, **{name: k + 1 for k, name in enumerate(color_names)}}
            starts = np.zeros(len(self.options) + 1, dtype=np.int32)
            starts[1:] = np.cumsum([len(o) for o in self.options])
            items = np.fromiter((index[i] for o in self.options for i, _ in o), np.int32,
                                int(starts[-1]))
            colors = np.fromiter((code[k] for o in self.options for _, k in o), np.int32,
                                 int(starts[-1]))
            c = Compact(starts, items, colors, color_names)
            object.__setattr__(self, "_compact", c)
        return c

    @staticmethod
    def _where(j: int, locations: Sequence[object] | None) -> str:
        return f"option {j + 1}" if locations is None else str(locations[j])

    @staticmethod
    def _fast_occurrences(raw, kinds: dict[str, bool], good_colors: set[str]):
        """The occurrences of an option given as (known item, valid color)
        pairs, or None to take the careful path (which names the fault)."""
        out = []
        for entry in raw:
            if type(entry) is not tuple or len(entry) != 2:
                return None
            name, color = entry
            if name not in kinds:
                return None
            if color is not None and color not in good_colors:
                if type(color) is not str or not color or _BAD_COLOR_CHAR.search(color) \
                        or not color.isprintable():
                    return None
                good_colors.add(color)
            out.append(entry)
        return out

    def bound(self, item: str) -> tuple[int, int]:
        """``(u, v)``: primary ``item`` is covered between u and v times."""
        k = self.primary.index(item)
        return self.bounds[k] if self.bounds else (1, 1)

    def cost(self, indices: Iterable[int]) -> int:
        """The cost of the options ``indices`` (a solution's): the sum of
        their costs, 0 for a problem without costs."""
        costs = self.costs
        return sum(costs[k] for k in indices) if costs else 0

    @property
    def items(self) -> tuple[str, ...]:
        return self.primary + self.secondary

    def colors(self) -> tuple[str, ...]:
        """Every color used, in order of first appearance."""
        if "_compact" in self.__dict__:
            return self.__dict__["_compact"].color_names
        seen: dict[str, None] = {}
        for option in self.options:
            for _, color in option:
                if color is not None:
                    seen.setdefault(color)
        return tuple(seen)

    def option_text(self, k: int) -> str:
        return " ".join(i if c is None else f"{i}:{c}" for i, c in self.options[k])

    def __repr__(self) -> str:
        more = (", with multiplicities" if self.bounds else "") + \
            (", with costs" if self.costs else "")
        return (f"Problem({len(self.primary)} primary, {len(self.secondary)} secondary items, "
                f"{len(self.options)} options{more})")
