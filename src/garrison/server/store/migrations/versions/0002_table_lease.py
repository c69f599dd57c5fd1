"""A lease per table: the one live process that drives its bots (several processes on PostgreSQL).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("driver", sa.String(16), nullable=True))
    op.add_column("tables", sa.Column("lease_until", sa.Float, nullable=True))


def downgrade() -> None:
    op.drop_column("tables", "lease_until")
    op.drop_column("tables", "driver")
