"""Hostile inputs for every reader: seeds of each format, mutations, and the one check.

Shared by the CI fuzz tests (``tests/test_fuzz_readers.py``, with hypothesis and a
per-example deadline) and the long run of ``tools/fuzz_readers.py`` (10^5 inputs a
reader, inputs grown to 20 KB, timed).  ``judge(reader, text)`` runs one input and
says what happened: parsed, refused with its place, refused without one (a fault
unless the text is blank), or a foreign exception (always a fault).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable

import masyu
import xcc
from masyu import Loop, MasyuError, Puzzle
from masyu.formats import FORMATS

from tests.data import DATA as SHARED

EXAMPLE = Puzzle.parse("6x6:eBbBfWbWbBaBcWbBe")
EXAMPLE_LOOP = Loop.parse(
    "┌──┐┌┐\n│┌─┘││\n││┌─┘│\n│└┘┌─┘\n└─┐│  \n  └┘  \n", 6, 6)

ODD = list("./WBwbox01239-?:#x/ \n\r\taqz{}[],─│┌┐└┘○●·\x00é٣²|\u2028\ufeff\x85") + [
    "999999999", "0", "-1", "1000", "99999999999999999999", "\\u0000", "[[", "]]"]


@dataclass(frozen=True)
class Reader:
    name: str
    read: Callable[[str], object]
    error: type
    seeds: tuple[str, ...]


def _dlx_seeds() -> tuple[str, ...]:
    seeds = ["A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n",
             "| a comment\na b\na\nb\n"]
    seeds.append(xcc.format_dlx(masyu.encode(Puzzle(3, 3, {(0, 1): "W"}), "423").problem))
    return tuple(seeds)


def readers() -> list[Reader]:
    p, loop = EXAMPLE, EXAMPLE_LOOP
    big = Puzzle(12, 12, {(0, 0): "W", (11, 8): "B", (5, 4): "W"})
    out = [Reader(name, FORMATS[name].read, MasyuError, (p.to(name), big.to(name)))
           for name in ("grid", "url", "tatham", "tatham-url", "psm", "pzprv3", "picture")]
    out.append(Reader("game id (detected)", Puzzle.parse, MasyuError,
                      tuple(p.to(n) for n in FORMATS if FORMATS[n].kind == "puzzle")))
    out.append(Reader("picture loop", lambda t: Loop.parse(t, 6, 6), MasyuError,
                      (p.to("picture", loop), masyu.render_text(p, loop))))
    out.append(Reader("box loop", lambda t: Loop.parse(t, 6, 6), MasyuError,
                      (loop.to("box"), loop.to("box").replace(" ", "·"))))
    out.append(Reader("box loop, no size", Loop.parse, MasyuError, (loop.to("box"),)))
    out.append(Reader("json loop", Loop.parse, MasyuError, (loop.to("json"),)))
    out.append(Reader("pzprv3 loop", Loop.parse, MasyuError, (p.to("pzprv3", loop),)))
    out.append(Reader("collection", lambda t: masyu.collection.parse_collection(t, "f.txt"),
                      MasyuError, (masyu.collection.format_collection([p, big]),)))
    out.append(Reader("solutions file", lambda t: masyu.collection.parse_solutions(t, "s.txt"),
                      MasyuError, (masyu.collection.format_solutions({"a": loop}),)))
    out.append(Reader("dlx", lambda t: xcc.parse_dlx(t, "f.dlx", warn=False), xcc.XCCError,
                      _dlx_seeds()))
    return out


def mutate(rng: random.Random, text: str, rounds: int | None = None) -> str:
    """A few random edits: insert, delete, replace, repeat or cut a piece."""
    for _ in range(rounds if rounds is not None else rng.randint(1, 5)):
        i = rng.randint(0, len(text))
        j = rng.randint(i, min(len(text), i + 8))
        piece = rng.choice(ODD) if rng.random() < 0.7 else "".join(
            chr(rng.randint(0, 0x2FFF)) for _ in range(rng.randint(1, 3)))
        op = rng.randrange(5)
        if op == 0:
            text = text[:i] + piece + text[i:]
        elif op == 1:
            text = text[:i] + text[j:]
        elif op == 2:
            text = text[:i] + piece + text[j:]
        elif op == 3:
            text = text[:j] + text[i:j] * rng.randint(2, 4) + text[j:]
        else:
            text = text[:i]
    return text


def grow(rng: random.Random, text: str, size: int = 20_000) -> str:
    """The text with one of its pieces (or an odd piece) repeated to about ``size``
    characters: the shape of inputs that make a backtracking pattern explode."""
    i = rng.randint(0, len(text))
    j = rng.randint(i, min(len(text), i + 12))
    piece = text[i:j] or rng.choice(ODD)
    times = max(1, (size - len(text)) // max(1, len(piece)))
    return text[:i] + piece * times + text[j:]


def judge(reader: Reader, text: str) -> tuple[str, float, str]:
    """``(verdict, seconds, detail)``: verdict is ``ok``, ``refused``, ``no place``
    or ``foreign``."""
    start = time.process_time()   # CPU time: the machine is shared
    try:
        reader.read(text)
        verdict, detail = "ok", ""
    except reader.error as err:
        where = getattr(err, "where", None)
        verdict = "refused" if where or not text.strip() else "no place"
        detail = str(err)
    except Exception as err:  # noqa: BLE001 - the point: anything else is a fault
        verdict, detail = "foreign", f"{type(err).__name__}: {err}"
    return verdict, time.process_time() - start, detail[:200]
