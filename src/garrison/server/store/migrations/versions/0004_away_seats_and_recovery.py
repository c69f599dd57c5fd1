"""Seats a bot keeps for an absent person, and recovery codes for guests.

``seats.away_from``: the move number at which a bot took the seat of a person who stayed away
past the grace period (NULL: nobody is away). The seat row keeps the person's ``player_id``, so
they can take it back (``POST /api/tables/{id}/reclaim``). ``players.recovery``: a keyed hash of
the guest's recovery code (shown once, when the guest is made), by which a guest who signed out
or lost the browser gets a token again (``POST /api/guests/recover``). ``tables.rematch``: the
table a finished game's rematch was made at, so every process and a later page send its players
there (and none makes a second one).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("away_from", sa.Integer, nullable=True))
    op.add_column("players", sa.Column("recovery", sa.String(64), nullable=True))
    op.create_index("players_recovery", "players", ["recovery"])
    op.add_column("tables", sa.Column("rematch", sa.String(16), nullable=True))


def downgrade() -> None:
    op.drop_column("tables", "rematch")
    op.drop_index("players_recovery", table_name="players")
    op.drop_column("players", "recovery")
    op.drop_column("seats", "away_from")
