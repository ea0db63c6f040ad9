"""The memo count level by level over shards: the states of each level split
by a hash of their key, so that each worker holds one shard.

A level of the count (:mod:`.diagram`'s count mode) maps the states before
level ``k``, each with the number of partial solutions that reach it, to the
states before level ``k + 1``.  Here a level's states are cut into ``parts``
shards by :func:`owner` (a hash of the packed key), and each shard goes
through the level on its own (:func:`expand`: the C core's
``memo_expand``, ``xcc/csrc/memo/shard.c``): its children, merged by key
where they coincide, are cut again by owner; the pieces bound for one owner,
from every shard, are merged there (:func:`combine`).  After the last level
each shard adds up its accepting states (:func:`total`), and the sum of the
shards' totals is the count: exact, the same for any number of parts, as
every state lives in one shard and its count is the sum over all its
parents, wherever they were.

A shard is ``(keys, counts)``: ``keys`` an ``(n, words)`` array of uint64
(the packed keys of the layout, as the C core packs them), ``counts`` an
``(n, limbs)`` array of uint32, each count a little-endian number in
32-bit limbs (so that numpy adds up to 2^32 of them without overflow, then
carries).  These functions are what a worker runs; the Dask run is
``xcc/parallel/levels.py``, and :func:`count_here` runs the same levels in
this process (the reference the tests hold the Dask run to).
"""
from __future__ import annotations

import resource
import time
from dataclasses import dataclass

import numpy as np

from ...cycle import Cycle
from ...errors import XCCError
from ...problem import Problem
from .diagram import MemoryLimit
from .engine import memory_or_default, native_available, prepare
from .frontier import accepts
from .native import flatten

LIMB_BITS = 32
LIMB = np.uint64(0xFFFFFFFF)


@dataclass(frozen=True)
class Setup:
    """What every worker needs: the plan flattened for the C core
    (``sizes``, ``arrays``), the memory limit of a worker's C buffers, the
    key words of each layout, and the root key; ``known`` is the count when
    no level is needed (no root: 0; no level: 1 if the root accepts)."""

    sizes: tuple
    arrays: tuple
    limit: int
    levels: int
    words: tuple[int, ...]
    root: tuple[int, ...]
    known: int | None = None


def setup(problem: Problem, cycle: Cycle | None = None, order=None,
          memory: int | None = None) -> Setup:
    """The :class:`Setup` of ``problem``'s count (the plan in the caller's
    ``order`` of primary items, or the one the memo engine chooses)."""
    limit = memory_or_default(memory)
    plan = prepare(problem, cycle, order, limit)
    if plan.root is None or plan.levels == 0:
        known = 0 if plan.root is None else int(accepts(plan, plan.root))
        return Setup((), (), limit, plan.levels, (), (), known)
    if not native_available():
        raise XCCError("the compiled memo engine is not built; the distributed count needs it")
    sizes, arrays = flatten(plan, problem.compact(), False)
    lay_start, words, shifts, lay_words = (np.frombuffer(arrays[f], dtype=np.int32)
                                           for f in (6, 9, 10, 12))
    root = [0] * int(lay_words[0])
    for s, value in zip(range(lay_start[0], lay_start[1]), plan.root):
        root[words[s]] |= int(value) << int(shifts[s])
    return Setup(sizes, arrays, limit, plan.levels, tuple(int(w) for w in lay_words), tuple(root))


def _memo(s: Setup):
    from ... import _native  # the compiled extension (optional)
    try:
        return _native, _native.Memo(s.sizes, s.arrays, s.limit)
    except MemoryError as err:
        raise MemoryLimit(f"memo: {err}") from None


# ---- shards -----------------------------------------------------------------------

def empty(words: int) -> tuple[np.ndarray, np.ndarray]:
    return np.zeros((0, words), dtype=np.uint64), np.zeros((0, 1), dtype=np.uint32)


def root_shard(s: Setup) -> tuple[np.ndarray, np.ndarray]:
    """The root alone, reached once."""
    return np.array([s.root], dtype=np.uint64), np.ones((1, 1), dtype=np.uint32)


def owner(keys: np.ndarray, parts: int) -> np.ndarray:
    """The shard each key belongs to: a hash of its words (the mix of the C
    core's ``hash_key``) modulo ``parts``."""
    h = np.full(len(keys), 0x9E3779B97F4A7C15, dtype=np.uint64)
    for w in range(keys.shape[1]):
        h ^= keys[:, w]
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(29)
    return ((h >> np.uint64(32)) % np.uint64(parts)).astype(np.intp)


def carried(sums: np.ndarray) -> np.ndarray:
    """Limb sums (uint64, each below 2^64) with their carries passed up, as uint32 limbs."""
    sums = sums.copy()
    while True:
        for i in range(sums.shape[1] - 1):
            sums[:, i + 1] += sums[:, i] >> np.uint64(LIMB_BITS)
            sums[:, i] &= LIMB
        if not (sums[:, -1] >> np.uint64(LIMB_BITS)).any():
            return sums.astype(np.uint32)
        sums = np.concatenate([sums, np.zeros((len(sums), 1), dtype=np.uint64)], axis=1)


def merge(keys: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Equal keys made one, their counts added (the keys come out sorted)."""
    if len(keys) == 0:
        return keys, counts
    if len(keys) >= 1 << 32:
        raise MemoryLimit("a shard of 2^32 states or more: use more workers")
    order = np.lexsort(keys.T[::-1])
    keys = keys[order]
    new = np.ones(len(keys), dtype=bool)
    new[1:] = (keys[1:] != keys[:-1]).any(axis=1)
    starts = np.flatnonzero(new)
    sums = np.add.reduceat(counts[order].astype(np.uint64), starts, axis=0)
    return keys[starts], carried(sums)


def widened(counts: np.ndarray, limbs: int) -> np.ndarray:
    if counts.shape[1] == limbs:
        return counts
    return np.concatenate([counts, np.zeros((len(counts), limbs - counts.shape[1]),
                                            dtype=np.uint32)], axis=1)


def nbytes(shard) -> int:
    return int(shard[0].nbytes + shard[1].nbytes)


def peak_rss() -> int:
    """This process's peak resident memory in bytes (Linux: ru_maxrss in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


# ---- what a worker runs ---------------------------------------------------------------

def expand(s: Setup, k: int, shard, parts: int) -> tuple[list, dict]:
    """Level ``k`` over one shard: its children merged by key, cut into
    ``parts`` pieces by :func:`owner`; with what it cost (``info``: states
    read, children found, states kept, bytes of each piece, CPU seconds,
    the bytes held at the peak, the process's peak memory)."""
    start = time.process_time()
    keys, counts = shard
    native, memo = _memo(s)
    try:
        raw, parents = native.memo_expand(memo, k, np.ascontiguousarray(keys).tobytes())
    except MemoryError as err:
        raise MemoryLimit(f"memo: {err}") from None
    raw, parents = raw or b"", parents or b""  # (no children: None)
    children = np.frombuffer(raw, dtype=np.uint64).reshape(-1, s.words[k + 1])
    parent = np.frombuffer(parents, dtype=np.uint32)
    held, found = nbytes(shard) + len(raw) + len(parents), len(parent)
    kept, kept_counts = merge(children, counts[parent])
    del raw, parents, children, parent
    to = owner(kept, parts)
    pieces = [(kept[to == d], kept_counts[to == d]) for d in range(parts)]
    info = {"states": len(keys), "children": found,
            "kept": len(kept), "bytes": [nbytes(p) for p in pieces],
            "cpu": time.process_time() - start,
            "held": held + 2 * nbytes((kept, kept_counts)), "rss": peak_rss()}
    return pieces, info


def combine(pieces) -> tuple[np.ndarray, np.ndarray]:
    """The pieces bound for one shard (one from each shard), merged."""
    pieces = [p for p in pieces if len(p[0])]
    if not pieces:
        return empty(1)
    limbs = max(p[1].shape[1] for p in pieces)
    keys = np.concatenate([p[0] for p in pieces])
    counts = np.concatenate([widened(p[1], limbs) for p in pieces])
    return merge(keys, counts) if len(pieces) > 1 else (keys, counts)


def total(s: Setup, shard) -> int:
    """The partial solutions of the shard's accepting states (the shard of
    the last layout)."""
    keys, counts = shard
    if len(keys) == 0:
        return 0
    native, memo = _memo(s)
    flags = np.frombuffer(native.memo_accepts(memo, np.ascontiguousarray(keys).tobytes()),
                          dtype=np.uint8).astype(bool)
    sums = carried(counts[flags].astype(np.uint64).sum(axis=0, keepdims=True))
    return sum(int(limb) << (LIMB_BITS * i) for i, limb in enumerate(sums[0]))


def describe(shard) -> dict:
    """A shard's states and bytes, the process's peak memory, and the CPU
    seconds of this thread so far (a worker's one thread: all its tasks)."""
    return {"states": len(shard[0]), "bytes": nbytes(shard), "rss": peak_rss(),
            "cpu": time.thread_time()}


# ---- the same levels in this process -----------------------------------------------------

def count_here(s: Setup, parts: int = 1) -> int:
    """The count with ``parts`` shards, one after another in this process."""
    if s.known is not None:
        return s.known
    shards = [root_shard(s) if d == 0 else empty(s.words[0]) for d in range(parts)]
    for k in range(s.levels):
        cut = [expand(s, k, shard, parts)[0] for shard in shards]
        shards = [combine([c[d] for c in cut]) for d in range(parts)]
    return sum(total(s, shard) for shard in shards)
