"""Every reader under fuzzing, in CI: hypothesis drives the seeds and mutations of
``tests/fuzz_inputs.py`` with a deadline per example.  Only the package's own error
comes out, always with its place (but for blank input); ``tools/fuzz_readers.py``
runs 10^5 inputs a reader, grown to 20 KB, and times them."""
from __future__ import annotations

import random
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz_inputs import grow, judge, mutate, readers

READERS = {r.name: r for r in readers()}
# A generous deadline per example (this machine is shared): a backtracking pattern
# on a 20 KB input took seconds.
FUZZ = settings(max_examples=150, deadline=timedelta(milliseconds=1500), derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", list(READERS))
@FUZZ
@given(seed=st.integers(0, 2**32 - 1), big=st.booleans())
def test_reader_refuses_with_a_place_or_parses(name, seed, big):
    reader = READERS[name]
    rng = random.Random(seed)
    text = mutate(rng, rng.choice(reader.seeds))
    if big:
        text = grow(rng, text)
    verdict, _, detail = judge(reader, text)
    assert verdict in ("ok", "refused"), (verdict, text[:200], detail)


@pytest.mark.parametrize("name", list(READERS))
@FUZZ
@given(text=st.text(max_size=80))
def test_reader_on_random_text(name, text):
    verdict, _, detail = judge(READERS[name], text)
    assert verdict in ("ok", "refused"), (verdict, text, detail)


def test_the_backtracking_inputs_of_issue_20_are_refused():
    """The inputs that took 5.7 s and 19.7 s (``"a" * 40000 + "?"``, a 20 KB
    'http...'): now one pass each, refused with the place."""
    for text in ("a" * 40000 + "?", "http" + "a" * 20000 + "s://x", "a" * 40000):
        verdict, _, detail = judge(READERS["game id (detected)"], text)
        assert verdict == "refused", detail
