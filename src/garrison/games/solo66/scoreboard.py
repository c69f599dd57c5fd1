"""The page's scoreboard, last trick and result for Solo 66 (``Game.widgets``), from the
observation only."""

from __future__ import annotations

from typing import Any

from garrison.core.seats import seat_label
from garrison.core.widgets import last_trick, points, points_of, result, scoreboard

from .deck import CARD_POINTS, LAST_TRICK_BONUS
from .widgets import CARD_OF_NAME, card_face, side_of


def table(game: Any, obs: dict[str, Any]) -> dict[str, Any]:
    sizes = obs["hand_sizes"]
    n = len(sizes)

    def role(s: int) -> str:
        roles = [side] if (side := side_of(obs, s)) else []
        if obs.get("dealer") == s:
            roles.append("dealer")
        if obs.get("forehand") == s:
            roles.append("forehand")
        return ", ".join(roles) or "—"

    rows = [[points(obs['scores'][s], sign=True), obs["tricks_won"][s], sizes[s], role(s)] for s in range(n)]
    # the deal's contract, said at the table too (``facts``: the felt's line); when the match is
    # over the result says the last deal, and no bid of it stands as if in play
    facts = [] if obs.get("phase") == "over" else contract(obs)
    notes = [f"Deal {obs['deal']} of {obs['deals']}", *facts]
    out: dict[str, Any] = {"scoreboard": scoreboard(
        ["Match points", "Tricks", "Cards in hand", "Role"], rows, notes), "facts": facts}
    # the deal's latest trick; before the first trick of a deal, the last trick of the deal
    # before (the one that ended it: the table held it for a moment, then dealt again)
    tricks = obs.get("tricks") or []
    ended = (obs.get("last_deal") or {}).get("last_trick")
    last = tricks[-1] if tricks else ended
    if last:
        out["last_trick"] = last_trick(last["leader"], [card_face(c) for c in last["cards"]],
                                       last["winner"], n)
        out["last_trick"]["points"] = sum(CARD_POINTS[CARD_OF_NAME[c]] for c in last["cards"])
        if not tricks:
            out["last_trick"]["title"] = f"Last trick of deal {obs['last_deal']['deal']}"
            out["last_trick"]["points"] += LAST_TRICK_BONUS  # Play ¶4
    if obs.get("phase") == "over":
        out["result"] = result(match_winners(obs), [points_of(v, sign=True) for v in obs["scores"]])
    return out


def contract(obs: dict[str, Any]) -> list[str]:
    """The deal's trump (or its want) and the soloist's count so far, or the highest bid while
    the auction runs."""
    facts = []
    soloist = obs.get("soloist")
    if obs.get("trump"):
        facts.append(f"Trump: {obs['trump']}")
    elif obs.get("no_trump_game"):
        facts.append("No trumps: the last trick wins the deal")
    if soloist is not None and obs.get("soloist_points") is not None:
        facts.append(f"Soloist {seat_label(soloist)}: {obs['soloist_points']} card points to the "
                     f"defenders' {obs['defender_points']} (66 wins)")
    elif obs.get("high_bid"):
        facts.append(f"Highest bid: {obs['high_bid']} by {seat_label(obs['high_bidder'])}")
    return facts


def match_winners(obs: dict[str, Any]) -> list[int]:
    """The seats with the best score when the match is over (the table's result and the text
    view's)."""
    best = max(obs["scores"])
    return [s for s, v in enumerate(obs["scores"]) if v == best]
