"""How psm.txt and psm_solutions.txt here were cut from the full collection (see README.md):
every STEP-th puzzle of each size and difficulty, in the file's order, and every psm puzzle that
a test, a document, an example or a benchmark of the repository names.  Run from the repository:

    python tests/data/puzzles/subset.py FULL_PUZZLES_DIR

It rewrites the two files here; extra.txt, extra_solutions.txt and rcra.txt are copied whole."""
import re
import shutil
import sys
from pathlib import Path

STEP = 6
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
NAMED = re.compile(r"psm-\d+x\d+-[a-z]+-[A-Za-z0-9]+")


def blocks(path: Path) -> list[str]:
    """The file's puzzles (or loops), each its header and rows, in order."""
    return [b for b in path.read_text(encoding="utf-8").split("\n\n") if b.strip()]


def named() -> set[str]:
    found: set[str] = set()
    for folder in ("tests", "docs", "benchmarks", "examples", "masyu", "xcc", "tools"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in {".py", ".md", ".json", ".txt", ".ipynb", ".sh"} \
                    and HERE not in path.parents:
                found |= set(NAMED.findall(path.read_text(encoding="utf-8", errors="replace")))
    found |= set(NAMED.findall((ROOT / "README.md").read_text(encoding="utf-8")))
    return found


def main(full: Path) -> None:
    puzzles, loops = blocks(full / "psm.txt"), blocks(full / "psm_solutions.txt")
    assert [b.split()[1] for b in puzzles] == [b.split()[1] for b in loops]
    want, seen = named(), {}
    keep = []
    for i, block in enumerate(puzzles):
        name = block.split()[1]
        kind = name.rsplit("-", 1)[0]            # psm-15x15-hard
        k = seen[kind] = seen.get(kind, -1) + 1
        if k % STEP == 0 or name in want:
            keep.append(i)
    print("named but not in the collection (examples of the name pattern):",
          sorted(want - {b.split()[1] for b in puzzles}) or "none")
    for name, source in (("psm.txt", puzzles), ("psm_solutions.txt", loops)):
        (HERE / name).write_text("\n\n".join(source[i] for i in keep) + "\n\n", encoding="utf-8")
    for name in ("extra.txt", "extra_solutions.txt", "rcra.txt"):
        shutil.copyfile(full / name, HERE / name)
    print(f"{len(keep)} of {len(puzzles)} psm puzzles")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
