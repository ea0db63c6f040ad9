"""Alembic's entry: run the migrations on the connection the service hands over
(:func:`masyu.service.store.migrate`); no alembic.ini, no URL here."""
from alembic import context

from masyu.service.store import TABLES

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=TABLES,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
