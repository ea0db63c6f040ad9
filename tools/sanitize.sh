#!/usr/bin/env bash
# The C search under AddressSanitizer and UndefinedBehaviorSanitizer.
#
#   tools/sanitize.sh [COUNT]      (default 3000 random problems per pass)
#
# 1. Builds xcc/_csearch/search.c with tests/c/driver.c (no Python) with
#    -fsanitize=address,undefined and runs it over seeded random problems,
#    n queens and shared/xcc/*.dlx, comparing every solution and statistic
#    with the reference engine (tests/c/differential.py): once straight
#    through, once pausing and resuming every few mems.
# 2. Builds the extension module itself with the same sanitizers and runs
#    the engine tests (tests/xcc/test_engine_c.py) against it.
# Any sanitizer report stops the run with a non-zero exit status.
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT="${1:-3000}"
PYTHON="${PYTHON:-python}"
CC="${CC:-gcc}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:halt_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

echo "== 1. standalone C core + driver"
$CC -std=c11 -g -O1 -Wall -Wextra -Werror $SAN -Ixcc/_csearch \
    xcc/_csearch/search.c tests/c/driver.c -o "$OUT/driver"
"$PYTHON" tests/c/differential.py "$OUT/driver" --count "$COUNT" --seed 1
"$PYTHON" tests/c/differential.py "$OUT/driver" --count "$((COUNT / 3))" --seed 2 --budget 7

echo "== 2. the extension module, sanitized, under the engine tests"
# a copy of the package and its tests, so that nothing imports the normal build
PKG="$OUT/pkg"
mkdir -p "$PKG/xcc" "$PKG/tests"
cp xcc/*.py "$PKG/xcc/"
cp -r tests/__init__.py tests/conftest.py tests/xcc "$PKG/tests/"
cp pyproject.toml "$PKG/"
SHARED="$(cd .. && pwd)/shared"
[ -d "$SHARED" ] && ln -s "$SHARED" "$OUT/shared"
PYINC="$("$PYTHON" -c "import sysconfig; print(sysconfig.get_paths()['include'])")"
SUFFIX="$("$PYTHON" -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")"
$CC -std=c11 -g -O1 -Wall -Werror -shared -fPIC $SAN -Ixcc -I"$PYINC" \
    xcc/_csearchmodule.c xcc/_csearch/search.c -o "$PKG/xcc/_csearch$SUFFIX"
# a module loaded by python cannot link the sanitizer runtimes itself: preload them.
# Python keeps memory to the end by design, so leaks are checked in part 1 only.
export LD_PRELOAD="$($CC -print-file-name=libasan.so) $($CC -print-file-name=libubsan.so)"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:halt_on_error=1"
export XCC_SANITIZED=1  # the RSS test does not apply (ASan holds freed memory)
(
    cd "$PKG"
    "$PYTHON" -c "import xcc._csearch as m, sys; sys.exit(not m.__file__.startswith('$PKG'))"
    "$PYTHON" -m pytest -q -p no:cacheprovider tests/xcc/test_engine_c.py
)
unset LD_PRELOAD
echo "sanitize: all clean"
