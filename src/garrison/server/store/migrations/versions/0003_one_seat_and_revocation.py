"""One seat per guest per table, enforced by the database; guest tokens that can be revoked.

A guest may hold at most one seat at a table (a unique index on ``seats(table_id, player_id)``:
several empty seats, whose player is NULL, never collide). A database made before this keeps a
guest's lowest seat where it held two. ``players.token_epoch`` counts the guest's sign-outs and
revocations: a token carries the epoch it was made in and is refused once the epoch moved on.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        "UPDATE seats SET player_id = NULL WHERE player_id IS NOT NULL AND seat > ("
        "SELECT MIN(s2.seat) FROM seats s2 WHERE s2.table_id = seats.table_id "
        "AND s2.player_id = seats.player_id)"
    )
    op.create_index("seats_one_per_guest", "seats", ["table_id", "player_id"], unique=True)
    op.add_column("players", sa.Column("token_epoch", sa.Integer, nullable=False,
                                       server_default="0"))


def downgrade() -> None:
    op.drop_column("players", "token_epoch")
    op.drop_index("seats_one_per_guest", table_name="seats")
