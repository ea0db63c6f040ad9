#!/usr/bin/env bash
# The C search under AddressSanitizer and UndefinedBehaviorSanitizer.
#
#   tools/sanitize.sh [COUNT]      (default 3000 random problems per pass)
#
# 1. Builds the dancing-links engine's C files (xcc/csrc/dlx/*.c and
#    xcc/csrc/vec.c) with tests/c/driver.c (no Python) with
#    -fsanitize=address,undefined and runs it over seeded random problems,
#    n queens and tests/data/xcc/*.dlx, comparing every solution and statistic
#    with the reference engine (tests/c/differential.py): once straight
#    through, once pausing and resuming every few mems; then the same with
#    propagation on (random graphs with parity cuts, small Masyu boards);
#    then the SAT engine's C parts alone (xcc/csrc/sat/*.c with
#    tests/c/cnf_driver.c), leaks checked; then the memo engine's C core
#    (xcc/csrc/memo/*.c with tests/c/memo_driver.c)
#    against its Python twin (tests/c/memo_differential.py), leaks checked.
# 2. Builds the extension module itself with the same sanitizers and runs
#    the engine tests (tests/xcc/engines/dlx/test_native.py; test_hostile.py,
#    random and mutated arrays, cycles, cuts and junk arguments straight into
#    the glue; test_layout.py, the C layout, counts and batches;
#    tests/xcc/test_dlxread.py, the one-pass DLX reader; tests/xcc/test_quick.py,
#    the xcc command's quick path (glue/quick.c); the SAT engine's
#    compiled translation and cuts: tests/xcc/engines/sat/; and the memo
#    engine's C core and glue, memo/*.c and glue/memoglue.c: tests/xcc/engines/memo/, whose twins
#    are compared on hundreds of random problems and whose C door is fed
#    broken plans) against it, in a copy of the whole package tree; and masyu's
#    own extension (masyu/csrc/: the deducer, the oracle's cycle finder, the
#    loop reshaping) under its twin tests (tests/masyu/deduce/test_native.py,
#    tests/masyu/generate/test_native.py).
# Any sanitizer report stops the run with a non-zero exit status.
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT="${1:-3000}"
PYTHON="${PYTHON:-python}"
CC="${CC:-gcc}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

# the C files of each core, one folder each (xcc/csrc/ mirrors xcc/engines/), and the glue
DLX="$(echo xcc/csrc/dlx/*.c)"
SAT="$(echo xcc/csrc/sat/*.c)"
MEMO="$(echo xcc/csrc/memo/*.c)"
DRAT="xcc/csrc/drat/drat.c"   # the certificates' checker (issue 18)
READER="xcc/csrc/reader/dlxread.c"
GLUE="$(echo xcc/csrc/glue/*.c)"   # the only files with Python.h
MASYU="masyu/csrc/deducemodule.c masyu/csrc/deduce.c masyu/csrc/cycles.c masyu/csrc/faces.c"
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:halt_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

echo "== 1. standalone C core + driver"
$CC -std=c11 -g -O1 -Wall -Wextra -Werror $SAN -Ixcc/csrc \
    $DLX xcc/csrc/vec.c tests/c/driver.c -o "$OUT/driver"
"$PYTHON" tests/c/differential.py "$OUT/driver" --count "$COUNT" --seed 1
"$PYTHON" tests/c/differential.py "$OUT/driver" --count "$((COUNT / 3))" --seed 2 --budget 7

echo "== 1b. the same with propagation (xcc/engines/dlx/propagate.py; random graphs and small Masyu boards)"
cat > "$OUT/propagation.py" <<'PY'
"""The driver against the reference engine with propagation on: random
single-cycle problems with parity cuts (as tests/c/differential.py makes
them), and Masyu puzzles of tests/data with method "propagate"."""
import random, subprocess, sys, tempfile
from pathlib import Path
sys.path.insert(0, "tests/c")
from differential import SHARED, encode, random_graph_cycle, reference_run  # noqa: E402
import masyu, xcc  # noqa: E402
from xcc.engines.dlx.arrays import build_arrays  # noqa: E402
from xcc.engines.dlx.native import cut_arrays  # noqa: E402

driver, count, seed, budget = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = random.Random(seed)
cases = []
for k in range(count):
    problem, cycle = random_graph_cycle(rng)
    vertices = sorted({v for pairs in cycle.edges.values() for e, _ in pairs for v in e})
    cuts = []
    for _ in range(rng.randint(0, 3)):
        side = set(rng.sample(vertices, rng.randint(0, len(vertices))))
        cuts.append([e for pairs in cycle.edges.values() for e, _ in pairs
                     if (e[0] in side) != (e[1] in side)])
    cases.append((problem, xcc.Cycle(cycle.edges, cycle.required, cycle.present, cuts=cuts,
                                     propagate=True)))
for p in masyu.load(SHARED / "puzzles" / "psm.txt"):
    if p.rows <= 8 and rng.random() < 0.03:
        enc = masyu.encode(p, rng.choice(["422", "423"]))
        cases.append((enc.problem, enc.cycle(propagate=True)))
texts, expected = [], []
for problem, cycle in cases:
    a = build_arrays(problem)
    cc = cycle.compile_for(problem)
    start, edges = cut_arrays(cc)
    rows = encode(a, cc).split("\n")
    rows[7] = "2" + rows[7][1:]  # the cycle line: 1 -> 2, cuts follow
    text = "\n".join(rows)
    texts.append(text + f"{len(start) - 1}\n{' '.join(map(str, start))}\n"
                 f"{' '.join(map(str, edges))}\n")
    found, c = reference_run(a, cc)
    lines = ["S " + " ".join(map(str, nodes)) for nodes in found]
    lines.append(f"T {c['solutions']} {c['nodes']} {c['updates']} {c['cleansings']} "
                 f"{c['mems']} {c['max_level']} {c['cycle_cuts']} {c['forced']} "
                 f"{c['probes']}")
    expected.append(lines)
with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    f.write(f"{len(texts)}\n" + "".join(texts))
run = subprocess.run([driver, f.name, budget], capture_output=True, text=True)
Path(f.name).unlink()
if run.returncode or run.stderr:
    sys.exit(f"driver failed ({run.returncode}): {run.stderr}")
got = []
for line in run.stdout.splitlines():
    if line.startswith("P "):
        got.append([])
    else:
        got[-1].append(line)
bad = [k for k in range(len(expected)) if k >= len(got) or got[k] != expected[k]]
solutions = sum(len(e) - 1 for e in expected)
print(f"{len(expected) - len(bad)}/{len(expected)} problems agree with propagation "
      f"({solutions} solutions, budget {budget})")
sys.exit(1 if bad or len(got) != len(expected) else 0)
PY
"$PYTHON" "$OUT/propagation.py" "$OUT/driver" "$((COUNT / 3))" 3 0
"$PYTHON" "$OUT/propagation.py" "$OUT/driver" "$((COUNT / 10))" 4 5

echo "== 1c. the SAT engine's CNF translation and cut check (xcc/csrc/sat/), leaks checked"
$CC -std=c11 -g -O1 -Wall -Wextra -Werror $SAN -Ixcc/csrc \
    $SAT xcc/csrc/vec.c tests/c/cnf_driver.c -o "$OUT/cnf_driver"
"$OUT/cnf_driver" "$((COUNT * 5))" 1

echo "== 1d. the memo engine's C core (xcc/csrc/memo/) against its twin, leaks checked"
$CC -std=c11 -g -O1 -Wall -Wextra -Werror $SAN -Ixcc/csrc \
    $MEMO tests/c/memo_driver.c -o "$OUT/memo_driver"
"$PYTHON" tests/c/memo_differential.py "$OUT/memo_driver" --count "$((COUNT / 5))" --seed 1

echo "== 2. the extension module, sanitized, under the engine tests"
# a copy of the package and its tests, so that nothing imports the normal build
PKG="$OUT/pkg"
mkdir -p "$PKG/tests"
# the whole xcc package tree (its subpackages too), without built extensions
cp -r xcc masyu "$PKG/"  # masyu: the propagation tests read Masyu puzzles
find "$PKG" \( -name '*.so' -o -name '__pycache__' \) -prune -exec rm -rf {} +
cp -r tests/__init__.py tests/conftest.py tests/data tests/xcc "$PKG/tests/"  # tests/data: the fixtures' files
mkdir -p "$PKG/benchmarks" && cp -r benchmarks/dlx "$PKG/benchmarks/"  # test_quick.py's files
mkdir -p "$PKG/tests/masyu/deduce" "$PKG/tests/masyu/generate"
cp tests/masyu/__init__.py "$PKG/tests/masyu/"
for t in deduce generate; do cp tests/masyu/$t/__init__.py tests/masyu/$t/test_native.py "$PKG/tests/masyu/$t/"; done
cp pyproject.toml "$PKG/"
PYINC="$("$PYTHON" -c "import sysconfig; print(sysconfig.get_paths()['include'])")"
SUFFIX="$("$PYTHON" -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")"
$CC -std=c11 -g -O1 -Wall -Werror -shared -fPIC -fvisibility=hidden $SAN -Ixcc/csrc -I"$PYINC" \
    $GLUE $READER $DLX $SAT $MEMO $DRAT xcc/csrc/vec.c -o "$PKG/xcc/_native$SUFFIX"
$CC -std=c11 -g -O1 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden $SAN -Imasyu/csrc \
    -I"$PYINC" $MASYU -lm -o "$PKG/masyu/_deduce$SUFFIX"
# a module loaded by python cannot link the sanitizer runtimes itself: preload them.
# Python keeps memory to the end by design, so leaks are checked in part 1 only.
export LD_PRELOAD="$($CC -print-file-name=libasan.so) $($CC -print-file-name=libubsan.so)"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:halt_on_error=1"
export XCC_SANITIZED=1  # the RSS test does not apply (ASan holds freed memory)
(
    cd "$PKG"
    "$PYTHON" -c "import xcc._native as m, sys; sys.exit(not m.__file__.startswith('$PKG'))"
    "$PYTHON" -c "import masyu._deduce as m, sys; sys.exit(not m.__file__.startswith('$PKG'))"
    "$PYTHON" -m pytest -q -p no:cacheprovider tests/xcc/engines/dlx/test_native.py \
        tests/xcc/engines/dlx/test_hostile.py tests/xcc/engines/dlx/test_layout.py \
        tests/xcc/test_dlxread.py tests/xcc/test_quick.py \
        tests/xcc/engines/sat/test_translation.py tests/xcc/engines/sat/test_engine.py \
        tests/xcc/engines/memo/test_engine.py tests/xcc/test_drat.py tests/xcc/parallel/test_prefix.py \
        tests/masyu/deduce/test_native.py tests/masyu/generate/test_native.py
)
unset LD_PRELOAD
echo "sanitize: all clean"
