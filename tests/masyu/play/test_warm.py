"""The generating jobs' forkserver starts warm (masyu.play.warm): the modules a hint and a
zen puzzle import on first use are imported there, once, not in every child."""
from __future__ import annotations

import subprocess
import sys

from masyu.play import jobs


def test_the_forkserver_preloads_the_warm_module_which_imports_what_the_jobs_need():
    code = ("import sys; import masyu.play.warm; "
            "print(sorted(m for m in ('xcc.engines.dlx', 'xcc.problem', 'masyu.explain', "
            "'masyu.generate.generator') if m not in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300, check=True).stdout
    assert out.strip() == "[]"
    ctx = jobs._context()
    if ctx.get_start_method() == "forkserver":
        from multiprocessing import forkserver
        assert "masyu.play.warm" in forkserver._forkserver._preload_modules
