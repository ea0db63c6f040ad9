"""The first schema: players, transfer codes, the days' puzzles, attempts.

Revision ID: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("name", sa.String(24), nullable=True),
        sa.Column("created_at", sa.Float(53), nullable=False),
    )
    op.create_table(
        "transfers",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("expires_at", sa.Float(53), nullable=False),
    )
    op.create_table(
        "puzzles",
        sa.Column("date", sa.String(10), primary_key=True),
        sa.Column("grid", sa.Text, nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
    )
    op.create_table(
        "attempts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("date", sa.String(10), nullable=False),
        sa.Column("ranked", sa.Boolean, nullable=False),
        sa.Column("started_at", sa.Float(53), nullable=False),
        sa.Column("finished_at", sa.Float(53), nullable=True),
        sa.Column("clock_seconds", sa.Float(53), nullable=True),
        sa.Column("penalties", sa.Integer, nullable=False, server_default="0"),
        sa.Column("hints", sa.Integer, nullable=False, server_default="0"),
        sa.Column("penalty_seconds", sa.Integer, nullable=False, server_default="0"),
        sa.Column("seconds", sa.Float(53), nullable=True),
        sa.Column("solved", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("flawless", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    ranked = sa.column("ranked", sa.Boolean)
    op.create_index("attempts_one_ranked", "attempts", ["player_id", "date"], unique=True,
                    sqlite_where=ranked, postgresql_where=ranked)
    op.create_index("attempts_board", "attempts", ["date", "ranked", "seconds"])
    op.create_index("attempts_player", "attempts", ["player_id", "date"])


def downgrade() -> None:
    op.drop_table("attempts")
    op.drop_table("puzzles")
    op.drop_table("transfers")
    op.drop_table("players")
