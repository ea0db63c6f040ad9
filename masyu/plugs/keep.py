"""A count by the plugs stopped half-way: its layers kept in a file, and taken
up again (``masyu count --exact --resume FILE``, ``masyu.plugs.count(...,
resume=, keep=)``).

The file is a NumPy ``.npz`` archive: ``meta``, a JSON text (the puzzle, weak
or strong, and for each side of the race its level, states so far, widest
layer and loops closed), and for each side ``keys{i}``, the layer's keys as
two 64-bit words each (low, high), and ``counts{i}``, their counts as words
of one width, little-endian.  Both twins write and read the same file, so a
count the C twin began the Python twin can finish.  It is written to a
temporary file beside it, then renamed: a run killed while writing keeps the
file it had.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from ..errors import MasyuError
from ..puzzle import Puzzle

FORMAT = "masyu-plugs-1"
__all__ = ["FORMAT", "identity", "default_path", "save", "load"]


def identity(puzzle: Puzzle, weak: bool) -> dict:
    """What a kept state must match to be taken up: the board and the kind of count."""
    return {"rows": puzzle.rows, "cols": puzzle.cols,
            "pearls": [[r, c, k] for (r, c), k in sorted(puzzle.pearls)], "weak": bool(weak)}


def default_path(puzzle: Puzzle, weak: bool) -> str:
    """``masyu-<hash>.exact.npz``: where a count stopped without ``--resume FILE`` keeps its state."""
    digest = hashlib.sha256(json.dumps(identity(puzzle, weak)).encode()).hexdigest()
    return f"masyu-{digest[:12]}.exact.npz"


def save(path: str | os.PathLike, puzzle: Puzzle, weak: bool, runs: list[dict]) -> None:
    """Keep ``runs`` (each a twin's ``state()``: ``keys`` and ``counts`` as bytes,
    ``words`` a count) of the count of ``puzzle`` in ``path``."""
    import numpy as np   # start-up: numpy for the file only (a count starts without it)
    meta = {"format": FORMAT, **identity(puzzle, weak),
            "runs": [{k: (str(v) if k == "closed" else v) for k, v in r.items()
                      if k not in ("keys", "counts", "words")} for r in runs]}
    arrays = {"meta": np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)}
    for i, r in enumerate(runs):
        arrays[f"keys{i}"] = np.frombuffer(r["keys"], dtype="<u8").reshape(-1, 2)
        arrays[f"counts{i}"] = np.frombuffer(r["counts"], dtype="<u8").reshape(-1, r["words"])
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        np.savez(f, **arrays)
    os.replace(tmp, path)


def load(path: str | os.PathLike, puzzle: Puzzle, weak: bool, sides: int) -> list[dict]:
    """The runs kept in ``path`` by a count of the same puzzle, weak or strong, with
    ``sides`` runs (``keys``, ``counts`` as bytes, as ``save`` took them); a MasyuError
    naming ``--resume`` if the file is not such a state."""
    import numpy as np   # start-up: (as in save)
    try:
        with np.load(path, allow_pickle=False) as z:
            meta = json.loads(z["meta"].tobytes().decode())
            runs = [{**r, "closed": int(r["closed"]), "keys": z[f"keys{i}"],
                     "counts": z[f"counts{i}"]} for i, r in enumerate(meta["runs"])]
    except (OSError, ValueError, KeyError, TypeError, EOFError) as err:
        raise MasyuError(f"{path}: not the state of an exact count ({err})", "--resume") from None
    if meta.get("format") != FORMAT:
        raise MasyuError(f"{path}: not the state of an exact count (format "
                         f"{meta.get('format')!r})", "--resume")
    if {k: meta.get(k) for k in identity(puzzle, weak)} != identity(puzzle, weak) \
            or len(runs) != sides:
        kind = "weak" if meta.get("weak") else "strong"
        raise MasyuError(f"{path}: the state of another count (a {kind} count of a "
                         f"{meta.get('rows')}x{meta.get('cols')} board)", "--resume")
    for r in runs:
        keys, counts = r["keys"], r["counts"]
        if keys.dtype != np.dtype("<u8") or counts.dtype != np.dtype("<u8") or keys.ndim != 2 \
                or keys.shape[1] != 2 or counts.ndim != 2 or len(counts) != len(keys) \
                or counts.shape[1] < 1:
            raise MasyuError(f"{path}: a layer of the wrong shape", "--resume")
        r.update(keys=keys.tobytes(), counts=counts.tobytes(), words=counts.shape[1])
    return runs
