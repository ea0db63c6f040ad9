"""``masyu serve``: Daily Masyu for many players, an ASGI application (Starlette, uvicorn).

Needs the ``service`` extra (``pip install 'xcc-masyu[service]'``); ``import masyu``
and ``masyu play`` do not.  The modules, each one job:

- :mod:`.app`: the routes (the page, its API, ``/api/v1/...``), ``create_app(Config)``
- :mod:`.store`: the repository (SQLAlchemy Core; SQLite WAL or PostgreSQL) and its
  Alembic migrations (``migrations/``)
- :mod:`.players`: the key, cookies, CSRF tokens, names, transfer codes
- :mod:`.limits`: rate limits (token buckets)
- :mod:`.tracker`: streaks, the calendar, milestones, stats, share text
- :mod:`.bodies`: the check of a JSON request body
- :mod:`.running`: uvicorn, several workers

The penalty rules are the library's (:mod:`masyu.attempts`).  See docs/service.md.
"""
