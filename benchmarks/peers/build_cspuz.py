"""Build cspuz (semiexp's Rust puzzle solvers over Glucose) as a peer of ``small.py``.

    python benchmarks/peers/build_cspuz.py [--source GIT] [--glucose GIT]

Clones ``cspuz_core`` (the repository that now holds ``cspuz_rs`` and its puzzles) and
its Glucose submodule at the commit the checkout pins, into the peers' cache directory
(``native.cache_dir()``), writes a small driver crate beside it and builds it with
``cargo build --release``.  The driver, ``cspuz-driver/target/release/cspuz-masyu``, speaks
``native.py``'s protocol; its check is cspuz's own: ``solve_masyu`` (the puzzle's loop
model, ``irrefutable_facts``), and the puzzle is unique when every edge is decided, as
cspuz's solver backend reports it.

Crates.io is not reachable on this project's machines, Debian's packages are: the driver
depends on ``cspuz_rs`` alone (whose only crate is ``cc``: ``apt-get install
librust-cc-dev``, read as a directory source from /usr/share/cargo/registry, its pin
``=1.2.1`` relaxed to ``1``), and carries ``solve_masyu`` copied verbatim at build time
from ``cspuz_rs_puzzles/src/puzzles/masyu.rs`` (the crate itself needs json, base64 and
flate2 in versions Debian does not have).  ``--registry crates-io`` builds against
crates.io instead where it is reachable (same driver).
Prints the driver's path.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import native  # noqa: E402

SOURCE = "https://github.com/semiexp/cspuz_core"
GLUCOSE = "https://github.com/semiexp/glucose"

CARGO_TOML = """[package]
name = "cspuz-masyu"
version = "0.1.0"
edition = "2021"

[dependencies]
cspuz_rs = {{ path = "{core}/cspuz_rs", default-features = false }}

[profile.release]
opt-level = 3
"""

MAIN_RS = r"""// The protocol of benchmarks/peers/native.py over cspuz's Masyu solver.
use std::io::{self, BufRead, Write};

mod util {
    pub fn infer_shape<T>(array: &[Vec<T>]) -> (usize, usize) {
        (array.len(), array[0].len())
    }
}

// Only for the loop-through-every-cell variant (`full`), which the driver never asks.
fn add_full_loop_constraints(_: &mut cspuz_rs::solver::Solver, _: &cspuz_rs::graph::BoolGridEdges,
                             _: usize, _: usize) {
    unreachable!()
}

// cspuz_rs_puzzles/src/puzzles/masyu.rs, up to its serializer, verbatim:
@MASYU@

#[repr(C)]
struct Timespec { sec: i64, nsec: i64 }
extern "C" { fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32; }
const CLOCK_PROCESS_CPUTIME_ID: i32 = 2;

fn cpu_ms() -> f64 {
    let mut t = Timespec { sec: 0, nsec: 0 };
    unsafe { clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    t.sec as f64 * 1e3 + t.nsec as f64 / 1e6
}

fn verdict(clues: &[Vec<MasyuClue>]) -> &'static str {
    match solve_masyu(false, clues) {
        None => "none",
        Some(facts) => {
            let decided = facts.horizontal.iter().flatten().all(|e| e.is_some())
                && facts.vertical.iter().flatten().all(|e| e.is_some());
            if decided { "unique" } else { "multiple" }
        }
    }
}

fn main() {
    let repeat: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in io::stdin().lock().lines() {
        let line = line.unwrap();
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != 4 { continue; }
        let (rows, cols): (usize, usize) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        let cells: Vec<char> = f[3].chars().collect();
        let clues: Vec<Vec<MasyuClue>> = (0..rows).map(|r| (0..cols).map(|c| match cells[r * cols + c] {
            'W' => MasyuClue::White, 'B' => MasyuClue::Black, _ => MasyuClue::None }).collect()).collect();
        let start = cpu_ms();
        let v = verdict(&clues);
        let cold = cpu_ms() - start;
        let mut warm = f64::INFINITY;
        for _ in 0..repeat {
            let start = cpu_ms();
            verdict(&clues);
            warm = warm.min(cpu_ms() - start);
        }
        writeln!(out, "{} {:.4} {:.4} {}", f[0], cold, warm, v).unwrap();
        out.flush().unwrap();
    }
}
"""


def git(*args, cwd=None) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True)


DEBIAN_SOURCE = """[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "/usr/share/cargo/registry"
"""


def solver_source(core: Path) -> str:
    """cspuz's ``MasyuClue`` and ``solve_masyu``, from its puzzle module, without the
    module's ``use`` lines (the driver names their items itself)."""
    text = (core / "cspuz_rs_puzzles" / "src" / "puzzles" / "masyu.rs").read_text()
    text = text[:text.index("type Problem")]
    text = re.sub(r"^use [^;]*;\n", "", text, flags=re.M)
    return "use cspuz_rs::graph;\nuse cspuz_rs::solver::Solver;\n" + text


def build(source: str = SOURCE, glucose: str = GLUCOSE, registry: str = "debian") -> Path:
    """Clone (once), write the driver, build it; the driver's path."""
    cache = native.cache_dir()
    core = cache / "cspuz_core"
    if not (core / ".git").exists():
        cache.mkdir(parents=True, exist_ok=True)
        git("clone", "--quiet", source, str(core))
    lib = core / "cspuz_core" / "lib" / "glucose"
    if not (lib / "core" / "Solver.cc").exists():
        pinned = subprocess.run(["git", "rev-parse", "HEAD:cspuz_core/lib/glucose"], cwd=core,
                                check=True, capture_output=True, text=True).stdout.strip()
        shutil.rmtree(lib, ignore_errors=True)
        git("clone", "--quiet", glucose, str(lib))
        git("checkout", "--quiet", pinned, cwd=lib)
    driver = cache / "cspuz-driver"
    (driver / "src").mkdir(parents=True, exist_ok=True)
    (driver / "Cargo.toml").write_text(CARGO_TOML.format(core=core))
    (driver / "src" / "main.rs").write_text(MAIN_RS.replace("@MASYU@", solver_source(core)))
    if registry == "debian":
        manifest = core / "cspuz_core" / "Cargo.toml"
        manifest.write_text(manifest.read_text().replace('cc = "=1.2.1"', 'cc = "1"'))
        (driver / ".cargo").mkdir(exist_ok=True)
        (driver / ".cargo" / "config.toml").write_text(DEBIAN_SOURCE)
    else:
        (driver / ".cargo" / "config.toml").unlink(missing_ok=True)
    cargo = shutil.which("cargo") or str(Path.home() / ".cargo" / "bin" / "cargo")
    subprocess.run([cargo, "build", "--release", "--quiet"], cwd=driver, check=True)
    return driver / "target" / "release" / "cspuz-masyu"


def binary() -> Path | None:
    """The built driver, or None."""
    path = native.cache_dir() / "cspuz-driver" / "target" / "release" / "cspuz-masyu"
    return path if path.exists() else None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", default=SOURCE, help="git URL or path of cspuz_core")
    ap.add_argument("--glucose", default=GLUCOSE, help="git URL or path of semiexp/glucose")
    ap.add_argument("--registry", choices=("debian", "crates-io"), default="debian")
    args = ap.parse_args(argv)
    print(build(args.source, args.glucose, args.registry))
    return 0


if __name__ == "__main__":
    sys.exit(main())
