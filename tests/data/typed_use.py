"""A user's script over the documented public API (README.md, docs/guide.md), for
``mypy --strict`` (tests/test_package.py): every call typed as a user would write it."""
from __future__ import annotations

import masyu
import xcc


def strong_count(text: str) -> int:
    p: masyu.Puzzle = masyu.Puzzle.parse(text)
    n: masyu.Count = masyu.count(p)
    return int(n)


def main() -> None:
    p = masyu.Puzzle.parse("https://puzz.link/p?mashu/6/6/1063000i3000")
    rows: int = p.rows
    cols: int = p.cols
    print(rows, cols, p.pearls[:2], masyu.render_text(p))
    weak = masyu.count(p, weak=True, encoding="422", engine="python")
    print(int(weak), weak.stats.nodes, weak.stats.mems, weak.as_dict())
    unique: bool = masyu.is_unique(p)
    for loop in masyu.solve(p):
        box: str = loop.to("box")
        assert masyu.check(p, loop) == []
        svg: str = masyu.render_svg(p, loop, cell=24)
        print(box, len(svg))
    names = [q.name for q in masyu.load("examples/puzzles.txt")]
    loops: dict[str, masyu.Loop] = masyu.load_solutions("examples/solutions.txt")
    print(unique, names[:2], len(loops), p.to("url"), sorted(masyu.FORMATS))
    s = masyu.Search(masyu.Puzzle.parse("6x6:yWj"))
    print(int(s.count()), s.encoding.kind, s.method, s.engine, list(masyu.METHODS))
    enc = masyu.encode(p, "423")
    problem: xcc.Problem = enc.problem
    for sol in xcc.solve(problem, cycle=enc.cycle()):
        print(enc.loop_of(sol))
    q = masyu.generate(10, 10, seed=42, difficulty="medium")
    print(strong_count(q.to("tatham")), masyu.__version__, xcc.__version__)

    dlx = xcc.read_dlx("examples/queens8.dlx")
    stats: xcc.Stats = xcc.count(dlx, engine="c")
    print(stats.solutions, stats.as_dict())
    small = xcc.Problem(["a", "b"], ["x"], [["a", "x:1"], ["b", "x:1"], ["a", "b"]])
    for solution in xcc.solve(small):
        print(solution.text())
    print(xcc.format_dlx(small), sorted(xcc.ENGINES))
    with xcc.Search(dlx, engine="c", limit=10) as search:
        for _ in search:
            pass
    print(search.stats.solutions, search.stats.complete)

    model = xcc.Model(["a", "b"], ["x"])   # docs/modelling.md
    model.add_option("left", ["a", "x:1"])
    model.add_option(("right", 2), ["b", ("x", "1")])
    model.add_option("both", ["a", "b"])
    with model.solutions(engine="python", seed=7, mem_limit=10**6) as found:
        for answer in found:
            model.check(answer.labels)
            xcc.check(model.problem(), answer.solution)
            print(answer.labels, answer.colors, answer.solution.source_indices)
    counted: xcc.Stats = model.count(limit=1, deadline=5.0)
    print(found.stats.mems, found.mem_limited, counted.solutions)
    drawn: list[xcc.model.LabelledSolution] = model.sample(2, seed=1)
    print([d.labels for d in drawn])


if __name__ == "__main__":
    main()
