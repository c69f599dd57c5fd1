"""Ending a game before its rules do: a player resigns, or the two players of a two-player game
agree on a draw. Nothing here reads the game's state; the result says how the game ended.

* **Resign.** In a two-player game the game is over at once: the seat that resigned gets the
  game's lowest utility, the other seat its highest. In a game of more players the seat's person
  leaves the game for good and the game's strongest bot plays the seat on (the others' game goes
  on as its rules say); the table is told so.
* **Draw.** In a two-player game either player offers a draw; the other accepts (the game is
  over, each seat gets the middle of the game's utility range) or declines. An offer is kept with
  the table (``tables.draw_offer``) and stands until it is answered or the game ends.

The result of a game ended so is ``{"returns": [...], "ended": {"how": "resigned" | "draw",
"by": seat}}``; every page of the table, in every process, gets the finished view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from garrison.core.seats import seat_label

from .domain import room
from .errors import ServerError
from .hub import default_bot
from .net import outgoing

if TYPE_CHECKING:
    from .domain.table import Runtime
    from .hub import Hub


def _in_play(rt: Runtime, seat: int | None, what: str) -> int:
    if seat is None:
        raise ServerError("forbidden", f"only the players {what}; you are watching")
    if rt.row.status != "playing" or rt.state.is_terminal():
        raise ServerError("conflict", f"the game is not in play; there is nothing to {what}")
    return seat


async def _finish(hub: Hub, rt: Runtime, result: dict[str, Any]) -> None:
    """End the game with ``result`` (if it is still in play), and tell every page."""
    if not await hub.db(hub.store.finish_early, rt.row.id, result):
        await hub.catch_up(rt, reload_row=True)
        raise ServerError("conflict", "the game ended meanwhile")
    rt.row.status = "finished"
    rt.row.result = result
    rt.row.draw_offer = None
    await hub.game_over(rt)


async def resign(hub: Hub, rt: Runtime, seat: int | None) -> dict[str, Any]:
    """Seat ``seat`` resigns (see the module's words).

    Raises:
        ServerError: ``forbidden`` for a spectator, ``conflict`` when the game is not in play.
    """
    async with rt.lock:
        await hub.catch_up(rt, reload_row=True)
        seat = _in_play(rt, seat, "resign")
        players = len(rt.row.seats)
        if players == 2:
            low, high = rt.game.min_utility, rt.game.max_utility
            returns = [low if s == seat else high for s in range(players)]
            await _finish(hub, rt, {"returns": returns,
                                    "ended": {"how": "resigned", "by": seat}})
            message = f"{seat_label(seat)} resigned; the game is over"
        else:
            bot = default_bot(rt.game)
            if not await hub.db(hub.store.seat_resigned, rt.row.id, seat, bot):
                raise ServerError("conflict", f"{seat_label(seat)} is not a person's seat now")
            await hub.catch_up(rt, reload_row=True)
            message = f"{seat_label(seat)} resigned; the bot {bot} plays the seat on"
    notice = outgoing.notice(message)
    room.tell(rt, notice)
    await hub.publish(rt.row.id, "ended", notice)
    hub.after_change(rt)
    return outgoing.ended(seat, message)


async def draw(hub: Hub, rt: Runtime, seat: int | None, accept: bool) -> dict[str, Any]:
    """Offer a draw, accept the other player's offer, or decline it, for ``seat`` (a two-player
    game only).

    Raises:
        ServerError: ``forbidden`` for a spectator, ``conflict`` when the game is not in play, is
            not a two-player game, or there is no offer to decline.
    """
    async with rt.lock:
        await hub.catch_up(rt, reload_row=True)
        seat = _in_play(rt, seat, "offer a draw")
        if len(rt.row.seats) != 2:
            raise ServerError("conflict", "a draw is agreed between the two players of a "
                                          "two-player game; here a player may resign")
        offered = rt.row.draw_offer
        if not accept:
            if offered is None or offered == seat:
                raise ServerError("conflict", "there is no draw offer of the other player to "
                                              "decline")
            await hub.db(hub.store.set_draw_offer, rt.row.id, None)
            rt.row.draw_offer = None
            message = outgoing.draw("declined", seat)
        elif offered is not None and offered != seat:
            middle = (rt.game.min_utility + rt.game.max_utility) / 2
            await _finish(hub, rt, {"returns": [middle, middle],
                                    "ended": {"how": "draw", "by": offered}})
            message = outgoing.draw("agreed", offered)
        else:
            await hub.db(hub.store.set_draw_offer, rt.row.id, seat)
            rt.row.draw_offer = seat
            message = outgoing.draw("open", seat)
    room.tell(rt, message)
    await hub.publish(rt.row.id, "ended", message)
    hub.after_change(rt)
    return message
