#!/bin/sh
# The TdZdd peer of benchmarks/frontier.py: grid_cycles N prints the number of
# cycles of the N x N grid graph (TdZdd's CycleZdd with lookahead, counted by
# countPaths, no diagram kept; "grid_cycles N dd" builds the diagram first).
# TdZdd is header-only; the project neither builds nor depends on it.
#
#   sh benchmarks/peers/tdzdd/build.sh [OUT_DIR] [TDZDD_INCLUDE]
#
# OUT_DIR defaults to /tmp/tdzdd-peer; TDZDD_INCLUDE (the folder holding
# tdzdd/) to a clone of https://github.com/kunisura/TdZdd made in OUT_DIR.
# Then: python benchmarks/frontier.py --peer "tdzdd=OUT_DIR/grid_cycles {n}"
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/tmp/tdzdd-peer}
mkdir -p "$out"
include=${2:-}
if [ -z "$include" ]; then
    [ -d "$out/TdZdd" ] || git clone --depth 1 https://github.com/kunisura/TdZdd "$out/TdZdd"
    include="$out/TdZdd/include"
fi
# Single-threaded (no -fopenmp), as the memo engine is.
g++ -O3 -march=native -DNDEBUG -I"$include" -o "$out/grid_cycles" "$here/grid_cycles.cpp"
echo "$out/grid_cycles"
