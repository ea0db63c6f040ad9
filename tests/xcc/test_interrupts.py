"""xcc.interrupts: a stop signal that comes during an import is raised after it.

A KeyboardInterrupt raised inside importlib can leave the import lock held
(between ``_imp.acquire_lock()`` and its ``try``): the next thread to import
waits forever, which is how ``masyu count --jobs 2`` hung, or ended by SIGINT,
when SIGTERM came while it started up.  Each case runs in a child process: the
handlers are process-wide.
"""
from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, sys.argv[1])
    from xcc import interrupts
    interrupts.install()
    try:
        import slow_module
        time.sleep(5)
        print("not interrupted")
    except KeyboardInterrupt:
        print("interrupted", "slow_module" in sys.modules, interrupts.received,
              signal_state())
""")

# the module signals its own process, then keeps importing for a while
MODULE = textwrap.dedent("""
    import os, signal, time
    os.kill(os.getpid(), signal.{name})
    until = time.monotonic() + 0.2
    while time.monotonic() < until:
        pass
    DONE = True
""")


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_a_stop_during_an_import_comes_after_it(tmp_path, name):
    (tmp_path / "slow_module.py").write_text(MODULE.format(name=name))
    code = ("import signal\n"
            "def signal_state():\n"
            "    return signal.getsignal(signal.SIGALRM) == signal.SIG_DFL\n" + CHILD)
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    signum = int(getattr(signal, name))
    # the module was imported whole, the stop was raised after, SIGALRM given back
    assert done.stdout.split() == ["interrupted", "True", f"[{signum}]", "True"], done.stdout


def test_a_stop_outside_imports_is_raised_at_once(tmp_path):
    code = textwrap.dedent("""
        import os, signal, time
        from xcc import interrupts
        interrupts.install()
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)
            print("not interrupted")
        except KeyboardInterrupt:
            print("interrupted", signal.getsignal(signal.SIGALRM) == signal.SIG_DFL)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.split() == ["interrupted", "True"], (done.stdout, done.stderr)
