"""Byte-identical outputs of a tree, for a refactor: ``python tools/golden.py TREE OUTDIR``.

Runs 636 command lines and API calls (encodings, counts by every method and
engine, explanations, hints, certificates, the generator's settings, daily
puzzles, conversions, errors, xcc on DLX files, parallel runs) with
``TREE/.venv``, masks times and temporary paths, and writes one file per case.
Run it on the commit before a change and on the change, then
``diff -r OUT_BEFORE OUT_AFTER``: a refactor shows no difference (issue 30 used
it).  The puzzles are ``examples/`` of this checkout and the psm samples in
``tools/golden-data/``; both trees read the same files.  It takes about 7
minutes on two cores.
"""
import hashlib, json, os, re, subprocess, sys, shutil, tempfile
from pathlib import Path

tree = Path(sys.argv[1]).resolve(); out = Path(sys.argv[2]).resolve()
here = Path(__file__).resolve().parent
data = Path(tempfile.mkdtemp(prefix="golden-data-"))
for f in list((here / "golden-data").glob("*.txt")) + list((here.parent / "examples").iterdir()):
    shutil.copy(f, data / f.name)
bench = tree / "benchmarks" / "dlx"
shutil.rmtree(out, ignore_errors=True); out.mkdir(parents=True)
M = str(tree / ".venv/bin/masyu"); X = str(tree / ".venv/bin/xcc"); PY = str(tree / ".venv/bin/python")
env = dict(os.environ, OPENBLAS_NUM_THREADS="1", COLUMNS="100", PYTHONHASHSEED="0")
env.pop("PYTHONPATH", None)
MASKS = [
    (re.compile(r"\d[\d,]*(\.\d+)?(e-?\d+)?\s?(s|ms|µs|seconds|sec)\b"), "T"),
    (re.compile(r'"(seconds|cpu_seconds|wall_seconds|task_seconds|time|elapsed)"\s*:\s*[-\d.e]+'), r'"\1": T'),
    (re.compile(r"(seconds|cpu_seconds|elapsed)=[\d.e-]+"), r"\1=T"),
    (re.compile(r'"\w*seconds"\s*:\s*[-\d.e]+'), '"S": T'),
    (re.compile(r"(?<=,)\d+\.\d+(?=,)"), "T"),   # CSV seconds columns
    (re.compile(r",(\d+\.\d+)\r?$", re.M), ",T"),   # CSV seconds column at line end
    (re.compile(r"/tmp/[\w./-]+"), "TMP"),
]
def mask(s):
    for r, t in MASKS:
        s = r.sub(t, s)
    return s.replace(str(tree), "TREE").replace(str(data), "DATA")

n = 0
def run(name, args, stdin=None, cwd=None, files=None):
    global n
    n += 1
    work = out / "_work"; shutil.rmtree(work, ignore_errors=True); work.mkdir()
    p = subprocess.run(args, input=stdin, capture_output=True, text=True, env=env, cwd=cwd or work, timeout=600)
    text = f"$ {' '.join(a.replace(str(tree), 'TREE').replace(str(data), 'DATA') for a in args)}\nexit {p.returncode}\n--- stdout\n{p.stdout}--- stderr\n{p.stderr}"
    for f in sorted((work).rglob("*")) if files else []:
        if f.is_file():
            body = f.read_bytes()
            try:
                body = mask(body.decode())
            except UnicodeDecodeError:
                body = hashlib.sha256(body).hexdigest()
            text += f"--- file {f.relative_to(work)}\n{body}\n"
    (out / f"{n:04d}-{name}.txt").write_text(mask(text))

D = lambda f: str(data / f)
ALL = D("puzzles.txt")
names = [l.split()[1] for f in ("puzzles.txt", "psm-sample.txt", "psm-hard.txt") for l in open(data / f) if l.startswith("# ")]
files = {nm: f for f in ("puzzles.txt", "psm-sample.txt", "psm-hard.txt") for l in open(data / f) if l.startswith("# ") for nm in [l.split()[1]]}
WEAKURL = "https://puzz.link/p?mashu/6/6/1063000i3000"

# help of every verb
for verb in ["", "solve", "count", "check", "list", "convert", "render", "encode", "generate", "daily", "sample", "explain", "hint", "ambiguity", "prove", "verify"]:
    run(f"help-{verb or 'masyu'}", [M] + ([verb] if verb else []) + ["--help"])
for verb in ["", "count", "solve", "encode"]:
    run(f"xhelp-{verb or 'xcc'}", [X] + ([verb] if verb else []) + ["--help"])
run("solve-default", [M, "solve"])
for nm in names:
    P = f"{D(files[nm])}#{nm}"
    small = not any(s in nm for s in ("15x15", "20x20"))
    for enc in ("422", "423"):
        run(f"encode-{nm}-{enc}", [M, "encode", P, "--encoding", enc])
    run(f"solve-{nm}", [M, "solve", P, "--format", "box"])
    run(f"count-{nm}", [M, "count", P, "--json"])
    run(f"explain-{nm}", [M, "explain", P])
    run(f"convert-{nm}", [M, "convert", P, "--to", "url"])
    if small:
        for method in ("auto", "filter", "guard", "propagate", "best"):
            for engine in ((None, "python", "c", "sat") if method != "best" else (None,)):
                if method == "filter" and engine == "python" and "10x10" in nm: continue
                a = [M, "count", P, "--method", method, "-q"] + (["--engine", engine] if engine else [])
                run(f"count-{nm}-{method}-{engine}", a)
        run(f"weak-{nm}", [M, "count", P, "--weak"])
        run(f"prove-{nm}", [M, "prove", P, "-o", "cert"], files=True)
for nm in names[:6]:
    P = f"{D(files[nm])}#{nm}"
    run(f"exact-{nm}", [M, "count", P, "--weak", "--exact", "-q"])
    run(f"sample-{nm}", [M, "sample", P, "-k", "3", "--seed", "5", "--weak"])
    run(f"render-{nm}", [M, "render", P])
    run(f"render-svg-{nm}", [M, "render", P, "--svg"] if False else [M, "convert", P, "--to", "pzprv3"])
    for fmt in ("grid", "tatham", "tatham-url", "psm", "picture"):
        run(f"convert-{nm}-{fmt}", [M, "convert", P, "--to", fmt])
for args in (["--weak"], ["--weak", "--exact"], ["--weak", "--json"], ["--weak", "--engine", "python"], ["--weak", "--encoding", "422"], ["--weak", "--jobs", "2"], ["--jobs", "2", "--all"] ):
    run("weakurl" + "".join(args), [M, "count" if "--all" not in args else "solve", WEAKURL] + args + ["-q"])
run("ambiguity", [M, "ambiguity", WEAKURL])
run("hint", [M, "hint", D("puzzle.txt"), "--state", "{\"set\": []}"])
run("hint2", [M, "hint", D("puzzle.txt"), "--state", "{\"set\": [[1, 1, 2, 1, 1]]}", "--json"])
run("hint-explain", [M, "explain", WEAKURL])
run("check-loop", [M, "check", D("puzzle.txt"), D("loop.txt")])
run("check-weak", [M, "check", D("puzzle.txt"), D("weak-loop.txt")])
run("list", [M, "list", ALL])
run("each-json", [M, "count", ALL, "--each", "-q"])
run("each-csv", [M, "count", ALL, "--each", "--csv", "-q"])
run("each-weak-o", [M, "count", ALL, "--each", "--weak", "-q", "-o", "rows.jsonl"], files=True)
run("each-jobs", [M, "count", D("psm-sample.txt"), "--each", "--jobs", "2", "-q", "--only", "6x6|8x8"])
run("prove-verify", [M, "prove", D("puzzle.txt"), "-o", "cert"], files=True)
for size, diff, seed in (("6x6", "easy", "1"), ("8x8", "medium", "2"), ("10x10", "hard", "3"), ("7x9", "easy", "daily"), ("10x10", "medium", "42")):
    run(f"generate-{size}-{diff}-{seed}", [M, "generate", "--size", size, "--difficulty", diff, "--seed", seed, "-n", "2", "--solutions", "sol.txt", "-q"], files=True)
run("generate-density", [M, "generate", "--size", "8x8", "--seed", "9", "--density", "0.3", "-q"])
run("generate-minimal", [M, "generate", "--size", "6x6", "--seed", "9", "--minimal", "-q"])
for d in ("2024-05-06", "2024-05-07", "2024-05-12", "2026-12-03"):
    run(f"daily-{d}", [M, "daily", "--date", d])
# errors
for args in (["solve", "nonsense"], ["count", "6x6:zzz"], ["count", D("puzzle.txt"), "--engine", "nope"], ["count", D("puzzle.txt"), "--memory", "1K"], ["count", D("puzzle.txt"), "--memory", "lots"], ["solve", "--limit", "0", D("puzzle.txt")], ["count", D("puzzle.txt"), "--method", "filter", "--weak"]):
    run("err-" + "-".join(a.replace("/", "_")[-20:] for a in args), [M] + args)
# xcc
dlx = sorted(bench.glob("*.dlx"))[:12] + [data / "queens8.dlx", data / "color.dlx"]
for f in dlx:
    for engine in ("c", "python", "sat", "memo"):
        if engine == "python" and "10x10" in f.name: continue
        run(f"xcc-{f.stem}-{engine}", [X, "count", str(f), "--engine", engine, "-q"])
    run(f"xcc-solve-{f.stem}", [X, "solve", str(f), "-n", "3"])
    run(f"xcc-solve-python-{f.stem}", [X, "solve", str(f), "-n", "3", "--engine", "python"]) if "10x10" not in f.name else None
    run(f"xcc-count-plain-{f.stem}", [X, "count", str(f)])
    run(f"xcc-count-jobs-{f.stem}", [X, "count", str(f), "--jobs", "2", "-q"])
run("xcc-err", [X, "count", "/nonexistent.dlx"])
run("xcc-err2", [X, "count", D("puzzle.txt")])
# the Python API
api = r'''
import json, masyu, xcc
p = masyu.Puzzle.parse("6x6:eBbBfWbWbBaBcWbBe")
print(masyu.count(p), masyu.count(p, weak=True), masyu.is_unique(p))
for loop in masyu.solve(p): print(loop.to("box") if hasattr(loop, "to") else loop.to_box())  # before issue 30: to_box
for enc in ("422", "423"):
    for m in ("filter", "guard", "propagate", "auto"):
        for e in ("python", "c", "sat"):
            s = masyu.Search(p, encoding=enc, method=m, engine=e)
            c = s.count() if hasattr(s, "count") else None
            d = c.as_dict() if hasattr(c, "as_dict") else str(c)
            if isinstance(d, dict): d = {k: v for k, v in d.items() if "seconds" not in k}
            print(enc, m, e, json.dumps(d, sort_keys=True, default=str))
q = masyu.Puzzle.parse("https://puzz.link/p?mashu/6/6/1063000i3000")
print(masyu.count(q, weak=True), masyu.count(q, weak=True, exact=True))
prob = xcc.read_dlx(r"DATA/queens8.dlx") if hasattr(xcc, "read_dlx") else None
if prob is not None:
    for e in ("python", "c", "sat", "memo"):
        st = xcc.count(prob, engine=e)
        d = st.as_dict(); d = {k: v for k, v in d.items() if "seconds" not in k}
        print(e, json.dumps(d, sort_keys=True, default=str))
print(masyu.estimate_memory(p) if hasattr(masyu, "estimate_memory") else "")
'''.replace("DATA", str(data))
run("api", [PY, "-c", api])
shutil.rmtree(out / "_work", ignore_errors=True)
shutil.rmtree(data, ignore_errors=True)
print(n, "cases in", out)
