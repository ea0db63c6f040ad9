"""``masyu play``: the daily puzzle, time attack and zen mode in the browser.

A local server (:mod:`masyu.play.server`) serves one page of plain JavaScript
and SVG (``static/``) and a small JSON API (:mod:`masyu.play.api`, documented
in ``docs/play.md``) over the library: the daily schedule (:mod:`masyu.daily`),
zen's puzzles (:mod:`masyu.play.zen`), and ``masyu.check`` for the integrity
check.  The hint button and ``POST /api/hint`` come with ``masyu.hint``
(issue 18): one route in ``server.POST_ROUTES`` and one button in ``play.js``.
"""
from .server import PlayServer, make_server

__all__ = ["PlayServer", "make_server"]
