"""A table's clock: per move or per game, and where it stands.

``tables.clock``: the clock the table was made with, as JSON (``{"kind": "move"|"game",
"seconds": n}``; NULL: no clock). ``tables.clock_state``: where it stands, as JSON (each seat's
seconds left on a game clock, and when the turn to move began), written with every move of a
clocked table so a restarted server goes on from there.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("clock", sa.Text, nullable=True))
    op.add_column("tables", sa.Column("clock_state", sa.Text, nullable=True))


def downgrade() -> None:
    op.drop_column("tables", "clock_state")
    op.drop_column("tables", "clock")
