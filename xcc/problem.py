"""An XCC problem: primary and secondary items, options with optional colors.

A problem is validated when it is built, before any engine sees it (Tatham's
"validate at the door"): every error raises :class:`XCCError` naming the
option and the item at fault.  An option without a primary item is dropped
with a warning, as Knuth's DLX2 does.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .errors import XCCError

Occurrence = tuple[str, "str | None"]  # (item name, color or None)


def _check_name(name: object, where: str) -> str:
    if not isinstance(name, str):
        raise XCCError(f"{where}: item name must be a string, not {type(name).__name__}")
    if not name or any(ch.isspace() for ch in name):
        raise XCCError(f"{where}: item name {name!r} is empty or contains blanks")
    if ":" in name or "|" in name:
        raise XCCError(f"{where}: item name {name!r} contains ':' or '|'")
    return name


def _occurrence(entry: object, where: str) -> Occurrence:
    """Accept ``"name"``, ``"name:color"`` or ``(name, color)``."""
    if isinstance(entry, str):
        name, sep, color = entry.partition(":")
        if sep:
            if not color or any(ch.isspace() for ch in color):
                raise XCCError(f"{where}: empty or blank color in {entry!r}")
            return _check_name(name, where), color
        return _check_name(name, where), None
    if isinstance(entry, (tuple, list)) and len(entry) == 2:
        name, color = entry
        _check_name(name, where)
        if color is not None:
            color = str(color)
            if not color or any(ch.isspace() for ch in color) or "|" in color:
                raise XCCError(f"{where}: bad color {color!r} for item {name!r}")
        return name, color
    raise XCCError(f"{where}: cannot read {entry!r} as an item occurrence")


@dataclass(frozen=True)
class Problem:
    """Items and options of an exact cover problem with colors.

    ``options`` holds tuples of ``(item, color)`` pairs; ``color`` is None for
    an uncolored occurrence.  ``dropped`` lists the input positions (0-based)
    of options dropped because they had no primary item; ``source_index[k]``
    is the input position of option ``k``.
    """

    primary: tuple[str, ...]
    secondary: tuple[str, ...]
    options: tuple[tuple[Occurrence, ...], ...]
    dropped: tuple[int, ...] = ()
    source_index: tuple[int, ...] = ()
    name: str | None = field(default=None, compare=False)

    def __init__(
        self,
        primary: Iterable[str],
        secondary: Iterable[str] = (),
        options: Iterable[Sequence[object]] = (),
        *,
        name: str | None = None,
        warn: bool = True,
        _locations: Sequence[object] | None = None,
    ) -> None:
        primary = tuple(primary)
        secondary = tuple(secondary)
        if not primary:
            raise XCCError("no primary items")
        kinds: dict[str, bool] = {}
        for k, item in enumerate(primary + secondary):
            is_primary = k < len(primary)
            where = f"{'primary' if is_primary else 'secondary'} item {k + 1 if is_primary else k - len(primary) + 1}"
            _check_name(item, where)
            if item in kinds:
                raise XCCError(f"{where}: duplicate item {item!r}")
            kinds[item] = is_primary
        kept: list[tuple[Occurrence, ...]] = []
        source: list[int] = []
        dropped: list[int] = []
        good_colors: set[str] = set()  # colors already validated
        for j, raw in enumerate(options):
            occurrences = tuple(self._fast_occurrences(raw, kinds, good_colors)
                                or (_occurrence(e, self._where(j, _locations)) for e in raw))
            seen: set[str] = set()
            has_primary = False
            for item, color in occurrences:
                if item not in kinds:
                    raise XCCError(f"{self._where(j, _locations)}: unknown item {item!r}")
                if item in seen:
                    raise XCCError(f"{self._where(j, _locations)}: item {item!r} appears twice")
                seen.add(item)
                if kinds[item]:
                    has_primary = True
                    if color is not None:
                        raise XCCError(f"{self._where(j, _locations)}: "
                                       f"primary item {item!r} cannot have a color")
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
        object.__setattr__(self, "name", name)

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
                if type(color) is not str or not color or "|" in color \
                        or any(ch.isspace() for ch in color):
                    return None
                good_colors.add(color)
            out.append(entry)
        return out

    @property
    def items(self) -> tuple[str, ...]:
        return self.primary + self.secondary

    def colors(self) -> tuple[str, ...]:
        """Every color used, in order of first appearance."""
        seen: dict[str, None] = {}
        for option in self.options:
            for _, color in option:
                if color is not None:
                    seen.setdefault(color)
        return tuple(seen)

    def option_text(self, k: int) -> str:
        return " ".join(i if c is None else f"{i}:{c}" for i, c in self.options[k])

    def __repr__(self) -> str:
        return (f"Problem({len(self.primary)} primary, {len(self.secondary)} secondary items, "
                f"{len(self.options)} options)")
