"""Solo 66's tensor written from the observation alone (the oracle of ``Solo66Core._encode``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from garrison.games.solo66 import rules
from garrison.games.solo66.deck import SUITS
from garrison.games.solo66.game import Solo66Game
from garrison.games.solo66.observe import NAME_TO_CARD, OFFSET, TENSOR_SIZE, _played_voids
from garrison.games.solo66.rules import NUM_PLAYERS, PHASE_NAMES

SUIT_INDEX = {name: s for s, name in enumerate(SUITS)}


def encode(game: Solo66Game, obs: dict[str, Any]) -> np.ndarray:
    """The observation as a flat float32 vector (``observe.layout``), built only from ``obs``;
    scores are scaled by the largest score of the match."""
    score_scale = max(game.facts.max_utility, 1.0)
    t = np.zeros(TENSOR_SIZE, dtype=np.float32)
    o = OFFSET

    def one(name: str, index: int | None) -> None:
        if index is not None:
            t[o[name] + index] = 1.0

    one("seat", obs["seat"])
    one("phase", PHASE_NAMES.index(obs["phase"]))
    one("dealer", obs["dealer"])
    one("to_move", obs["to_move"])
    for name in obs["hand"]:
        t[o["hand"] + NAME_TO_CARD[name]] = 1.0
    for p, bid in enumerate(obs["last_bids"]):
        if bid is not None:
            t[o["last_bids"] + 4 * p + SUIT_INDEX[bid]] = 1.0
    for p in obs["passed"]:
        t[o["passed"] + p] = 1.0
    one("high_bid", None if obs["high_bid"] is None else SUIT_INDEX[obs["high_bid"]])
    one("high_bidder", obs["high_bidder"])
    one("soloist", obs["soloist"])
    trump = -1 if obs["trump"] is None else SUIT_INDEX[obs["trump"]]
    one("trump", None if trump < 0 else trump)
    t[o["no_trump_game"]] = float(obs["no_trump_game"])
    for name in obs["talon"]:
        t[o["talon"] + NAME_TO_CARD[name]] = 1.0
    for name in obs["discards"]:
        t[o["discards"] + NAME_TO_CARD[name]] = 1.0
    tricks = [(tr["leader"], [NAME_TO_CARD[n] for n in tr["cards"]]) for tr in obs["tricks"]]
    current = (obs["trick"]["leader"], [NAME_TO_CARD[n] for n in obs["trick"]["cards"]])
    for leader, cards in [*tricks, current]:
        for j, c in enumerate(cards):
            t[o["played_by"] + 32 * ((leader + j) % NUM_PLAYERS) + c] = 1.0
    for c in current[1]:
        t[o["trick"] + c] = 1.0
    if current[1]:
        one("trick_leader", current[0])
    for p, v in enumerate(_played_voids([*tricks, current], trump)):
        for suit in range(4):
            if (v >> suit) & 1:
                t[o["voids"] + 4 * p + suit] = 1.0
    for p in range(NUM_PLAYERS):
        t[o["tricks_won"] + p] = obs["tricks_won"][p] / rules.NUM_TRICKS
        t[o["trick_points"] + p] = obs["trick_points"][p] / 130.0
        t[o["scores"] + p] = obs["scores"][p] / score_scale
    if obs["soloist_points"] is not None:
        t[o["side_points"]] = obs["soloist_points"] / 130.0
        t[o["side_points"] + 1] = obs["defender_points"] / 130.0
    t[o["progress"]] = (obs["deal"] - 1) / obs["deals"]
    return t
