"""Chat lines, rematch offers and replay marks are kept with the table, so that every server process sees them
and a restart loses none.

``chat``: one row per line said at a table (the newest ``CHAT_KEEP`` per table are kept).
``tables.rematch_offer``: the open rematch offer of a finished game, as JSON (``{"by": seat,
"accepted": [seats]}``; NULL: none). ``tables.replay_marks``: where a finished game's decisions,
tricks and hands begin, as JSON, worked out once when it ends (``server/domain/replays.py``).
``tables.draw_offer``: the seat that offers the other player a draw (``server/endings.py``).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("chat_by_table", "chat", ["table_id", "id"])
    op.add_column("tables", sa.Column("rematch_offer", sa.Text, nullable=True))
    op.add_column("tables", sa.Column("replay_marks", sa.Text, nullable=True))
    op.add_column("tables", sa.Column("draw_offer", sa.Integer, nullable=True))


def downgrade() -> None:
    op.drop_column("tables", "draw_offer")
    op.drop_column("tables", "replay_marks")
    op.drop_column("tables", "rematch_offer")
    op.drop_index("chat_by_table", "chat")
    op.drop_table("chat")
