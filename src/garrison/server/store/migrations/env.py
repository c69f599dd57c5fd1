"""Alembic environment: the server passes its own connection (``config.attributes``)."""

from __future__ import annotations

from alembic import context

from garrison.server.store.db import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only when alembic is run by hand
    import sqlalchemy as sa

    from garrison.server.config import default_db_url

    connection = sa.create_engine(default_db_url()).connect()

context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
