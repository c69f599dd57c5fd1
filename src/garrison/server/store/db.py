"""The database: schema (SQLAlchemy Core), migrations on start, and the few queries we need.

Every method is synchronous and short; the app calls them from worker threads. The move log is
the source of truth: ``moves`` has one row per applied action with primary key ``(table_id, n)``,
so two writers racing for move ``n`` cannot both succeed (compare-and-set by the database).
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

metadata = sa.MetaData()

meta_t = sa.Table(
    "meta", metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)
players_t = sa.Table(
    "players", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    # sign-outs and revocations so far: a token of an older epoch is refused (migration 0003)
    sa.Column("token_epoch", sa.Integer, nullable=False, server_default="0"),
    # a keyed hash of the guest's recovery code (migration 0004)
    sa.Column("recovery", sa.String(64), nullable=True, index=True),
)
tables_t = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(16), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("owner", sa.String(32), nullable=True),
    sa.Column("moves", sa.Integer, nullable=False, default=0),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    # the process that drives the table's bots, and until when (migration 0002)
    sa.Column("driver", sa.String(16), nullable=True),
    sa.Column("lease_until", sa.Float, nullable=True),
    # the table a finished game's rematch was made at (migration 0004)
    sa.Column("rematch", sa.String(16), nullable=True),
    # the table's clock and where it stands, as JSON (migration 0005; NULL: no clock)
    sa.Column("clock", sa.Text, nullable=True),
    sa.Column("clock_state", sa.Text, nullable=True),
    # the open rematch offer of a finished game, as JSON (migration 0006)
    sa.Column("rematch_offer", sa.Text, nullable=True),
    # where a finished game's decisions, tricks and hands begin, as JSON (migration 0006)
    sa.Column("replay_marks", sa.Text, nullable=True),
    # the seat that offers the other player a draw (migration 0006)
    sa.Column("draw_offer", sa.Integer, nullable=True),
)
seats_t = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(8), nullable=False),  # human | bot
    sa.Column("player_id", sa.String(32), nullable=True),
    sa.Column("bot", sa.String(40), nullable=True),
    sa.Column("last_seen", sa.Float, nullable=True),
    # the move number at which a bot took the seat of its absent person (migration 0004)
    sa.Column("away_from", sa.Integer, nullable=True),
    # one seat per guest per table, whatever the code does (migration 0003)
    sa.Index("seats_one_per_guest", "table_id", "player_id", unique=True),
)
chat_t = sa.Table(
    "chat", metadata,  # migration 0006
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("player_id", sa.String(32), nullable=False),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("chat_by_table", "table_id", "id"),
)
#: Chat lines kept per table (the newest).
CHAT_KEEP = 50
moves_t = sa.Table(
    "moves", metadata,
    sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),  # -1: chance
    sa.Column("at", sa.Float, nullable=False),
)


#: The statements of the hot path (one per move), built once: the compare-and-set on the move
#: counter and the insert of the new moves.
_APPEND_CAS = (
    tables_t.update()
    .where(tables_t.c.id == sa.bindparam("p_id"), tables_t.c.moves == sa.bindparam("p_start"),
           tables_t.c.status == "playing")
    .values(moves=sa.bindparam("p_moves"), updated=sa.bindparam("p_updated"),
            status=sa.bindparam("p_status"), result=sa.bindparam("p_result"))
)
_APPEND_MOVES = moves_t.insert()
#: The same compare-and-set for a move a person or a bot makes: it lands only while the seat is
#: still held by that guest (or still a bot seat), checked in the transaction that writes it.
_PERSON_HOLDS = sa.exists().where(
    seats_t.c.table_id == sa.bindparam("p_id"), seats_t.c.seat == sa.bindparam("p_seat"),
    seats_t.c.kind == "human", seats_t.c.player_id == sa.bindparam("p_pid"))
_BOT_HOLDS = sa.exists().where(
    seats_t.c.table_id == sa.bindparam("p_id"), seats_t.c.seat == sa.bindparam("p_seat"),
    seats_t.c.kind == "bot")
_APPEND_CAS_PERSON = _APPEND_CAS.where(_PERSON_HOLDS)
_APPEND_CAS_BOT = _APPEND_CAS.where(_BOT_HOLDS)


class Conflict(Exception):
    """Another writer got there first (a move number or a seat is already taken)."""


@dataclass
class SeatRow:
    seat: int
    kind: str
    player_id: str | None
    bot: str | None
    last_seen: float | None
    name: str | None = None
    #: The move number at which a bot took this seat for its absent person (None: not away).
    away_from: int | None = None

    @property
    def away(self) -> bool:
        """A bot plays this seat for its person, who may take it back."""
        return self.kind == "bot" and self.player_id is not None and self.away_from is not None


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    status: str
    owner: str | None
    moves: int
    result: Any
    created: float
    updated: float
    seats: list[SeatRow]
    #: The table this finished game's rematch was made at, if any.
    rematch: str | None = None
    #: The clock the table was made with and where it stands (JSON; ``server/domain/clock.py``).
    clock: str | None = None
    clock_state: str | None = None
    #: The open rematch offer of the finished game (``{"by", "accepted"}``), if any.
    rematch_offer: dict[str, Any] | None = None
    #: Where the finished game's decisions, tricks and hands begin (``server/domain/replays.py``).
    replay_marks: dict[str, Any] | None = None
    #: The seat that offers the other player a draw, if any (``server/endings.py``).
    draw_offer: int | None = None


def _engine(url: str) -> sa.Engine:
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")  # durable against a killed process
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            # no checkpoint inside a commit (its fsync would stall the server's event loop);
            # the server checkpoints from a worker thread (Store.checkpoint), and SQLite does when
            # the last connection closes
            cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.close()

        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return sa.create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


#: PostgreSQL's NOTIFY takes 8000 bytes: a longer message is sent without its body (the other
#: processes read what changed from the database).
NOTIFY_MAX = 7900

#: The advisory lock key under which one process at a time migrates the schema.
SCHEMA_LOCK = 0x6761_7272  # "garr"


def migrate(engine: sa.Engine) -> None:
    """Bring the schema to the newest alembic revision."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            # processes starting at once set the schema up one after the other (the lock ends
            # with this transaction)
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Store:
    """The queries of the server, one short transaction each."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _engine(url)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        #: Names this process in NOTIFY payloads, so it can skip its own.
        self.origin = secrets.token_hex(4)

    def setup(self) -> None:
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # -- meta ------------------------------------------------------------------------------
    def secret(self) -> bytes:
        """The signing key for guest tokens, made once and shared by every server process."""
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(meta_t.c.value).where(meta_t.c.key == "secret")).first()
            if row:
                return bytes.fromhex(row[0])
        try:
            with self.engine.begin() as conn:
                conn.execute(meta_t.insert().values(key="secret", value=secrets.token_hex(32)))
        except IntegrityError:
            pass
        return self.secret()

    # -- players ---------------------------------------------------------------------------
    def probe(self) -> None:
        """Write a row and read it back (the health check); raises if the database cannot.
        Each call writes a row of its own and removes it in the same transaction, so calls at
        the same moment never wait for or collide with each other."""
        stamp = repr(time.time())
        key = "health." + secrets.token_hex(8)
        with self.engine.begin() as conn:
            conn.execute(meta_t.insert().values(key=key, value=stamp))
            back = conn.execute(sa.select(meta_t.c.value).where(meta_t.c.key == key)).scalar()
            conn.execute(meta_t.delete().where(meta_t.c.key == key))
        if back != stamp:
            raise RuntimeError("the health row did not read back")

    def add_player(self, name: str, recovery: str | None = None) -> str:
        """A new guest named ``name``; ``recovery``: the keyed hash of its recovery code."""
        pid = secrets.token_hex(8)
        with self.engine.begin() as conn:
            conn.execute(players_t.insert().values(id=pid, name=name, created=time.time(),
                                                   recovery=recovery))
        return pid

    def recover(self, name: str, recovery: str) -> tuple[str, int] | None:
        """``(guest id, token epoch)`` of the guest named ``name`` whose recovery code has the
        keyed hash ``recovery``, or ``None``."""
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(players_t.c.id, players_t.c.token_epoch).where(
                players_t.c.recovery == recovery, players_t.c.name == name)).first()
        return (row[0], int(row[1])) if row else None

    def guest_tables(self, pid: str, limit: int = 50) -> list[TableRow]:
        """Tables where guest ``pid`` holds a seat, or held one a bot now keeps for them
        (closed tables left out), the latest first."""
        with self.engine.begin() as conn:
            ids = [r[0] for r in conn.execute(
                sa.select(tables_t.c.id)
                .select_from(tables_t.join(seats_t, seats_t.c.table_id == tables_t.c.id))
                .where(seats_t.c.player_id == pid, tables_t.c.status != "closed")
                .order_by(tables_t.c.updated.desc()).limit(limit)).all()]
        rows = [self.table(tid) for tid in ids]
        return [r for r in rows if r is not None]

    def token_epoch(self, pid: str) -> int | None:
        """The guest's token epoch (``None``: no such guest)."""
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(players_t.c.token_epoch)
                               .where(players_t.c.id == pid)).first()
        return int(row[0]) if row else None

    def token_epochs(self, pids: list[str]) -> dict[str, int]:
        """The token epochs of these guests (a guest unknown here is left out)."""
        if not pids:
            return {}
        with self.engine.begin() as conn:
            rows = conn.execute(sa.select(players_t.c.id, players_t.c.token_epoch)
                                .where(players_t.c.id.in_(pids))).all()
        return {r[0]: int(r[1]) for r in rows}

    def revoke(self, pid: str) -> bool:
        """Refuse every token the guest holds now (sign-out, or the operator's revocation)."""
        with self.engine.begin() as conn:
            return conn.execute(players_t.update().where(players_t.c.id == pid).values(
                token_epoch=players_t.c.token_epoch + 1)).rowcount == 1

    def player_name(self, pid: str) -> str | None:
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(players_t.c.name).where(players_t.c.id == pid)).first()
        return row[0] if row else None

    # -- tables ----------------------------------------------------------------------------
    def create_table(self, game: str, options: dict[str, Any], owner: str,
                     seats: list[tuple[str, str | None, str | None]],
                     clock: str | None = None) -> str:
        """``seats``: (kind, player_id, bot) per seat; ``clock``: its config as JSON, if any."""
        tid = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(tables_t.insert().values(
                id=tid, game=game, options=json.dumps(options), status="waiting", owner=owner,
                moves=0, result=None, created=now, updated=now, clock=clock))
            conn.execute(seats_t.insert(), [
                {"table_id": tid, "seat": i, "kind": kind, "player_id": pid, "bot": bot,
                 "last_seen": now if pid else None}
                for i, (kind, pid, bot) in enumerate(seats)
            ])
        return tid

    def open_tables(self, owner: str) -> tuple[int, int]:
        """How many tables ``owner`` made that are waiting or in play, and how many of those
        have no seat for a person (all bots)."""
        with self.engine.begin() as conn:
            rows = conn.execute(
                sa.select(tables_t.c.id, sa.func.sum(sa.case((seats_t.c.kind == "human", 1), else_=0)))
                .select_from(tables_t.join(seats_t, seats_t.c.table_id == tables_t.c.id))
                .where(tables_t.c.owner == owner, tables_t.c.status.in_(("waiting", "playing")))
                .group_by(tables_t.c.id)
            ).all()
        return len(rows), sum(1 for _, people in rows if not people)

    # -- leases: one live process drives a table's bots -------------------------------------
    def take_lease(self, tid: str, until: float, now: float) -> bool:
        """Drive table ``tid`` until ``until``: granted when nobody holds a live lease on it,
        or this process already does."""
        with self.engine.begin() as conn:
            return conn.execute(tables_t.update().where(
                tables_t.c.id == tid,
                sa.or_(tables_t.c.driver.is_(None), tables_t.c.driver == self.origin,
                       tables_t.c.lease_until.is_(None), tables_t.c.lease_until < now),
            ).values(driver=self.origin, lease_until=until)).rowcount == 1

    def renew_leases(self, tids: list[str], until: float) -> set[str]:
        """Extend this process's leases on ``tids``; the ones it still holds."""
        if not tids:
            return set()
        with self.engine.begin() as conn:
            conn.execute(tables_t.update().where(
                tables_t.c.id.in_(tids), tables_t.c.driver == self.origin,
            ).values(lease_until=until))
            rows = conn.execute(sa.select(tables_t.c.id).where(
                tables_t.c.id.in_(tids), tables_t.c.driver == self.origin)).all()
        return {r[0] for r in rows}

    def orphans(self, now: float) -> list[str]:
        """Tables in play with a bot seat and no live driver (its process died, or none took it
        yet)."""
        with self.engine.begin() as conn:
            bots = sa.select(seats_t.c.table_id).where(seats_t.c.kind == "bot")
            rows = conn.execute(sa.select(tables_t.c.id).where(
                tables_t.c.status == "playing", tables_t.c.id.in_(bots),
                sa.or_(tables_t.c.lease_until.is_(None), tables_t.c.lease_until < now))).all()
        return [r[0] for r in rows]

    def close_idle(self, before: float) -> list[str]:
        """Waiting tables nobody touched since ``before`` are closed (status ``closed``)."""
        with self.engine.begin() as conn:
            ids = [r[0] for r in conn.execute(sa.select(tables_t.c.id).where(
                tables_t.c.status == "waiting", tables_t.c.updated < before)).all()]
            if ids:
                conn.execute(tables_t.update().where(tables_t.c.id.in_(ids),
                                                     tables_t.c.status == "waiting")
                             .values(status="closed", updated=time.time()))
        return ids

    def table(self, tid: str) -> TableRow | None:
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(tables_t).where(tables_t.c.id == tid)).mappings().first()
            if row is None:
                return None
            seats = conn.execute(
                sa.select(seats_t, players_t.c.name)
                .select_from(seats_t.outerjoin(players_t, seats_t.c.player_id == players_t.c.id))
                .where(seats_t.c.table_id == tid).order_by(seats_t.c.seat)
            ).mappings().all()
        return _table_row(row, seats)

    def list_tables(self, status: str | None, limit: int = 100) -> list[TableRow]:
        with self.engine.begin() as conn:
            q = sa.select(tables_t).order_by(tables_t.c.updated.desc()).limit(limit)
            # the lobby leaves out tables closed after waiting too long, unless asked for them
            q = q.where(tables_t.c.status == status) if status else q.where(
                tables_t.c.status != "closed")
            rows = conn.execute(q).mappings().all()
            ids = [r["id"] for r in rows]
            seats = conn.execute(
                sa.select(seats_t, players_t.c.name)
                .select_from(seats_t.outerjoin(players_t, seats_t.c.player_id == players_t.c.id))
                .where(seats_t.c.table_id.in_(ids)).order_by(seats_t.c.seat)
            ).mappings().all() if ids else []
        by: dict[str, list[Any]] = {}
        for s in seats:
            by.setdefault(s["table_id"], []).append(s)
        return [_table_row(r, by.get(r["id"], [])) for r in rows]

    def tables_in_play(self) -> list[str]:
        with self.engine.begin() as conn:
            return [r[0] for r in conn.execute(
                sa.select(tables_t.c.id).where(tables_t.c.status == "playing"))]

    def take_seat(self, tid: str, seat: int, pid: str) -> None:
        """Seat ``pid`` at ``seat``. ``Conflict`` if the seat is taken or ``pid`` holds another
        seat at the table (the database's unique index decides a race)."""
        try:
            with self.engine.begin() as conn:
                done = conn.execute(
                    seats_t.update()
                    .where(seats_t.c.table_id == tid, seats_t.c.seat == seat,
                           seats_t.c.kind == "human", seats_t.c.player_id.is_(None))
                    .values(player_id=pid, last_seen=time.time())
                ).rowcount
        except IntegrityError:
            raise Conflict("you already hold a seat at this table") from None
        if done != 1:
            raise Conflict(f"seat {seat} is not free")

    def free_seat(self, tid: str, seat: int, pid: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(seats_t.update().where(
                seats_t.c.table_id == tid, seats_t.c.seat == seat, seats_t.c.player_id == pid
            ).values(player_id=None, last_seen=None))

    def seen(self, tid: str, seats: list[int], when: float) -> None:
        if not seats:
            return
        with self.engine.begin() as conn:
            conn.execute(seats_t.update().where(
                seats_t.c.table_id == tid, seats_t.c.seat.in_(seats), seats_t.c.kind == "human"
            ).values(last_seen=when))

    def seen_many(self, held: list[tuple[str, list[int]]], when: float) -> None:
        """``seen`` for many tables in one transaction (the heartbeat of every open page)."""
        if not held:
            return
        with self.engine.begin() as conn:
            for tid, seats in held:
                if seats:
                    conn.execute(seats_t.update().where(
                        seats_t.c.table_id == tid, seats_t.c.seat.in_(seats),
                        seats_t.c.kind == "human").values(last_seen=when))

    def checkpoint(self) -> None:
        """SQLite: copy the write-ahead log into the database file (PASSIVE: never waits for
        readers or writers). PostgreSQL: nothing to do."""
        if self.is_postgres:
            return
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def all_seen(self, when: float) -> None:
        """Count every seated person of every table in play as seen now (after a start, so
        nobody is replaced for the time the server was down)."""
        with self.engine.begin() as conn:
            playing = sa.select(tables_t.c.id).where(tables_t.c.status == "playing")
            conn.execute(seats_t.update().where(
                seats_t.c.kind == "human", seats_t.c.table_id.in_(playing),
                seats_t.c.last_seen < when,
            ).values(last_seen=when))

    def absent_seats(self, before: float) -> list[tuple[str, int]]:
        """Human seats of tables in play whose holder was last seen before ``before``."""
        with self.engine.begin() as conn:
            rows = conn.execute(
                sa.select(seats_t.c.table_id, seats_t.c.seat)
                .select_from(seats_t.join(tables_t, seats_t.c.table_id == tables_t.c.id))
                .where(tables_t.c.status == "playing", seats_t.c.kind == "human",
                       seats_t.c.last_seen < before)
            ).all()
        return [(r[0], r[1]) for r in rows]

    def seat_to_bot(self, tid: str, seat: int, bot: str, before: float) -> bool:
        """A bot takes the seat of a person last seen before ``before``; the row keeps the
        person (``player_id``) and the move number it happened at (``away_from``), so they can
        take it back (``reclaim``)."""
        with self.engine.begin() as conn:
            moves = sa.select(tables_t.c.moves).where(tables_t.c.id == tid).scalar_subquery()
            return conn.execute(seats_t.update().where(
                seats_t.c.table_id == tid, seats_t.c.seat == seat, seats_t.c.kind == "human",
                seats_t.c.last_seen < before,
            ).values(kind="bot", bot=bot, away_from=moves)).rowcount == 1

    def reclaim(self, tid: str, seat: int, pid: str) -> bool:
        """The person ``pid`` takes back the seat a bot kept for them; ``False`` if it is not
        such a seat of theirs (any more)."""
        with self.engine.begin() as conn:
            return conn.execute(seats_t.update().where(
                seats_t.c.table_id == tid, seats_t.c.seat == seat, seats_t.c.kind == "bot",
                seats_t.c.player_id == pid, seats_t.c.away_from.is_not(None),
            ).values(kind="human", bot=None, away_from=None, last_seen=time.time())).rowcount == 1

    def save_clock(self, tid: str, state: str) -> None:
        """Write where a table's clock stands (after each move of a clocked table)."""
        with self.engine.begin() as conn:
            conn.execute(tables_t.update().where(tables_t.c.id == tid).values(clock_state=state))

    def checkpoint_clocks(self, clocks: list[tuple[str, str | None, str]]) -> set[str]:
        """Write that running clocks still run: ``(table, the state last read or written, the
        state now)`` each, in one transaction; a table whose stored state changed meanwhile (a
        move in another process) is left as it is. The tables written."""
        done: set[str] = set()
        with self.engine.begin() as conn:
            for tid, old, new in clocks:
                if conn.execute(tables_t.update().where(
                        tables_t.c.id == tid, tables_t.c.status == "playing",
                        tables_t.c.clock_state.is_(None) if old is None
                        else tables_t.c.clock_state == old,
                ).values(clock_state=new)).rowcount == 1:
                    done.add(tid)
        return done

    # -- around the table -------------------------------------------------------------------
    def add_chat(self, tid: str, line: dict[str, Any]) -> int:
        """Keep a chat line of table ``tid`` (``from``, ``name``, ``seat``, ``text``, ``at``), and
        only the newest ``CHAT_KEEP`` lines; the line's id."""
        with self.engine.begin() as conn:
            key = conn.execute(chat_t.insert().values(
                table_id=tid, player_id=line["from"], name=line["name"], seat=line["seat"],
                text=line["text"], at=line["at"])).inserted_primary_key
            assert key is not None
            lid = int(key[0])
            conn.execute(chat_t.delete().where(chat_t.c.table_id == tid,
                                               chat_t.c.id <= lid - CHAT_KEEP))
            return int(lid)

    def chat_lines(self, tid: str, after: int = 0) -> list[dict[str, Any]]:
        """The kept chat lines of table ``tid`` after line id ``after``, oldest first (each with
        its ``id``)."""
        with self.engine.begin() as conn:
            rows = conn.execute(
                sa.select(chat_t.c.id, chat_t.c.player_id, chat_t.c.name, chat_t.c.seat,
                          chat_t.c.text, chat_t.c.at)
                .where(chat_t.c.table_id == tid, chat_t.c.id > after)
                .order_by(chat_t.c.id.desc()).limit(CHAT_KEEP)).all()
        return [{"type": "chat", "id": r[0], "from": r[1], "name": r[2], "seat": r[3],
                 "text": r[4], "at": r[5]} for r in reversed(rows)]

    def answer_rematch(self, tid: str, seat: int, accept: bool, bots: list[int],
                       seats: int) -> tuple[dict[str, Any] | None, bool]:
        """Seat ``seat`` offers or accepts (``accept``) the rematch of finished table ``tid``, or
        declines it, in one transaction that holds the table's row (two processes answering at
        once are taken one after the other). Bot seats (``bots``) accept with the first offer.
        The offer after it (``by``, ``accepted``; ``None``: declined), and whether this answer
        was the one that made all ``seats`` seats accept (its caller makes the new table)."""
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(tables_t.c.rematch_offer).where(tables_t.c.id == tid)
                               .with_for_update()).first()
            offer = json.loads(row[0]) if row is not None and row[0] else None
            new: dict[str, Any] | None = None
            if accept:
                by = seat if offer is None else offer["by"]
                before = set(bots) if offer is None else set(offer["accepted"])
                new = {"by": by, "accepted": sorted({*before, seat})}
            conn.execute(tables_t.update().where(tables_t.c.id == tid).values(
                rematch_offer=None if new is None else json.dumps(new)))
        was_full = offer is not None and len(offer["accepted"]) >= seats
        return new, new is not None and len(new["accepted"]) >= seats and not was_full

    def finish_early(self, tid: str, result: dict[str, Any]) -> bool:
        """End the game of table ``tid`` before its rules do (a resignation, an agreed draw)
        with ``result``; ``False`` if it was not in play any more."""
        with self.engine.begin() as conn:
            return conn.execute(tables_t.update().where(
                tables_t.c.id == tid, tables_t.c.status == "playing",
            ).values(status="finished", result=json.dumps(result), draw_offer=None,
                     updated=time.time())).rowcount == 1

    def give_back_seats(self, tid: str) -> int:
        """The game of table ``tid`` is over: every seat a bot kept for an absent person is that
        person's again (they come back to their seat, their result and the rematch, not to a
        watcher's view). ``away_from`` stays: from there on a bot played the seat. How many."""
        with self.engine.begin() as conn:
            return int(conn.execute(seats_t.update().where(
                seats_t.c.table_id == tid, seats_t.c.kind == "bot",
                seats_t.c.player_id.is_not(None), seats_t.c.away_from.is_not(None),
            ).values(kind="human", bot=None)).rowcount)

    def seat_resigned(self, tid: str, seat: int, bot: str) -> bool:
        """The person at ``seat`` resigned from a game of more than two: bot ``bot`` plays the
        seat for good (it is not kept for them to take back). ``False`` if no person held it."""
        with self.engine.begin() as conn:
            return conn.execute(seats_t.update().where(
                seats_t.c.table_id == tid, seats_t.c.seat == seat, seats_t.c.kind == "human",
            ).values(kind="bot", bot=bot, player_id=None, away_from=None)).rowcount == 1

    def set_draw_offer(self, tid: str, seat: int | None) -> None:
        """Seat ``seat`` offers a draw (``None``: no offer stands)."""
        with self.engine.begin() as conn:
            conn.execute(tables_t.update().where(tables_t.c.id == tid).values(draw_offer=seat))

    def save_marks(self, tid: str, marks: str) -> None:
        """Keep a finished game's replay marks (JSON)."""
        with self.engine.begin() as conn:
            conn.execute(tables_t.update().where(tables_t.c.id == tid).values(replay_marks=marks))

    def set_rematch(self, tid: str, new: str) -> str:
        """Record ``new`` as the rematch table of finished table ``tid``, unless one is recorded
        already; the rematch table it has now."""
        with self.engine.begin() as conn:
            conn.execute(tables_t.update().where(tables_t.c.id == tid, tables_t.c.rematch.is_(None))
                         .values(rematch=new))
            return str(conn.execute(sa.select(tables_t.c.rematch)
                                    .where(tables_t.c.id == tid)).scalar())

    def start(self, tid: str, clock_state: str | None = None) -> bool:
        """The waiting table ``tid`` starts (with its clock started, ``clock_state``); ``False``
        if it was not waiting (another process started it)."""
        values: dict[str, Any] = {"status": "playing", "updated": time.time()}
        if clock_state is not None:
            values["clock_state"] = clock_state
        with self.engine.begin() as conn:
            return conn.execute(tables_t.update().where(
                tables_t.c.id == tid, tables_t.c.status == "waiting"
            ).values(**values)).rowcount == 1

    # -- moves -----------------------------------------------------------------------------
    def moves(self, tid: str, start: int = 0) -> list[tuple[int, int, int]]:
        """``(n, action, seat)`` of every move from ``start`` on, in order."""
        with self.engine.begin() as conn:
            return [tuple(r) for r in conn.execute(
                sa.select(moves_t.c.n, moves_t.c.action, moves_t.c.seat)
                .where(moves_t.c.table_id == tid, moves_t.c.n >= start).order_by(moves_t.c.n))]

    def append(self, tid: str, start: int, entries: list[tuple[int, int]],
               result: Any = None, mover: tuple[int, str | None] | None = None,
               clock_state: str | None = None) -> None:
        """Append ``(action, seat)`` entries as moves ``start, start+1, ...`` in one transaction
        (with where the table's clock stands after them, ``clock_state``, if it has one).

        ``mover``: ``(seat, guest)`` of the person who makes the first entry (``guest`` None: a
        bot seat); the move lands only while that seat is still theirs. ``Conflict`` if move
        ``start`` exists already (someone else moved), the table is not in play or the seat
        changed hands; nothing is written then. With PostgreSQL the other processes are told
        the moves themselves (``'<table>:moves:<origin>|{"from", "moves", "result",
        "clock"}'``), so that they need not read them back.
        """
        now = time.time()
        params = {
            "p_id": tid, "p_start": start, "p_moves": start + len(entries),
            "p_updated": now, "p_status": "finished" if result is not None else "playing",
            "p_result": None if result is None else json.dumps(result),
        }
        statement = _APPEND_CAS
        if mover is not None:
            statement = _APPEND_CAS_BOT if mover[1] is None else _APPEND_CAS_PERSON
            params["p_seat"] = mover[0]
            if mover[1] is not None:
                params["p_pid"] = mover[1]
        try:
            with self.engine.begin() as conn:
                changed = conn.execute(statement, params).rowcount
                if changed != 1:
                    raise Conflict(f"move {start} was already made")
                conn.execute(_APPEND_MOVES, [
                    {"table_id": tid, "n": start + i, "action": a, "seat": s, "at": now}
                    for i, (a, s) in enumerate(entries)
                ])
                if clock_state is not None:
                    conn.execute(tables_t.update().where(tables_t.c.id == tid)
                                 .values(clock_state=clock_state))
                if self.is_postgres:
                    payload = f"{tid}:moves:{self.origin}"
                    body = json.dumps({"from": start, "moves": entries, "result": result,
                                       "clock": clock_state}, separators=(",", ":"))
                    if len(payload) + len(body) < NOTIFY_MAX:  # else read back by the others
                        payload += "|" + body
                    conn.execute(sa.text("SELECT pg_notify('garrison', :p)"), {"p": payload})
        except IntegrityError:
            raise Conflict(f"move {start} was already made") from None


def _table_row(row: Any, seats: Any) -> TableRow:
    return TableRow(
        id=row["id"], game=row["game"], options=json.loads(row["options"]), status=row["status"],
        owner=row["owner"], moves=row["moves"],
        result=None if row["result"] is None else json.loads(row["result"]),
        created=row["created"], updated=row["updated"],
        seats=[SeatRow(s["seat"], s["kind"], s["player_id"], s["bot"], s["last_seen"], s["name"],
                       s.get("away_from"))
               for s in seats],
        rematch=row.get("rematch"), clock=row.get("clock"), clock_state=row.get("clock_state"),
        rematch_offer=json.loads(row["rematch_offer"]) if row.get("rematch_offer") else None,
        replay_marks=json.loads(row["replay_marks"]) if row.get("replay_marks") else None,
        draw_offer=row.get("draw_offer"),
    )
