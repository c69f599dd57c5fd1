"""A move prior learned from human games: ``p(move | what the mover sees)`` (issue 30).

The mover's view only: its own pieces and their ranks, the enemy pieces' squares, which of them
moved, the ranks of those that fought (``observe.view``, the gate's part), the pieces captured,
and the last moves of both sides (the public log). Never a hidden rank.

Each legal move is described by ``GROUPS``: one category per group (the moving piece's rank
crossed with what stands on the target square, with the direction and distance, with the
danger around the squares it leaves and enters, with how it relates to the last moves ...), so
a move is ``len(GROUPS)`` indices into one table of ``DIM`` rows. Its score is the sum of
its rows of a linear weight plus a tiny network over the same indices (the rows of ``embed``
summed, ``relu``, a dot with ``out``); the prior is the softmax of the scores over the legal
moves. The features are worked out in C (``prior.pxi``, where the ``prior`` bot's move is
scored too, as the compiled policy ``PRIOR_POLICY``); the weights are ``data/prior.npz``, which
``research/train_stratego_prior.py`` fits (with PyTorch) on the Gravon games of the training split
(docs/bots.md, "Stratego's learned prior and setup model"), evaluated with numpy here and in C by
the bot.

Squares are counted from the mover's chair (``board.to_own``): row 0 is its own back row and
"forward" is towards the enemy, so one table serves both sides.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from .pieces import NUM_RANKS
from .rules import PLAY, set_prior_weights

if TYPE_CHECKING:
    from .state import StrategoState

#: The committed weights (``research/train_stratego_prior.py`` writes them).
WEIGHTS = Path(__file__).resolve().parent / "data" / "prior.npz"

#: Target classes: 0 empty, 1 an unknown enemy that never moved, 2 an unknown enemy that moved,
#: 3 + r an enemy known to be rank r.
TARGETS = 3 + NUM_RANKS
#: Rank groups for the per-square tables: Spy, Soldier, Defuser, 4-5, 6-7, 8-10.
RANK_GROUP = (0, 0, 1, 2, 3, 3, 4, 4, 5, 5, 5, 0)

#: The feature groups: (name, size). A move takes one index in each.
GROUPS: tuple[tuple[str, int], ...] = (
    ("rank x target", NUM_RANKS * TARGETS),
    ("rank x direction x distance", NUM_RANKS * 3 * 3),
    ("from square", 100),
    ("to square", 100),
    ("rank x to row", NUM_RANKS * 10),
    ("rank x moved x known", NUM_RANKS * 4),
    ("rank x danger at to", NUM_RANKS * 6),
    ("rank x danger at from", NUM_RANKS * 6),
    ("rank x their last move", NUM_RANKS * 6),
    ("rank x my last move", NUM_RANKS * 4),
    ("rank x nearest enemy", NUM_RANKS * 15),
    ("rank x stronger left x target", NUM_RANKS * 2 * 3),
    ("ply x target", 5 * 3),
    ("to column x direction", 10 * 3),
    ("rank group x from square", 6 * 100),
    ("rank group x to square", 6 * 100),
    ("piece's moves", NUM_RANKS * 4),
)
OFFSETS: tuple[int, ...] = tuple(int(x) for x in np.cumsum([0] + [s for _, s in GROUPS])[:-1])
DIM = sum(s for _, s in GROUPS)
K = len(GROUPS)


def features(state: StrategoState, seat: int, legal: list[int] | None = None) -> np.ndarray:
    """The ``(len(legal), K)`` feature indices of the legal moves of ``seat``, the mover, in
    play, in the order of ``state.legal_actions()`` (computed in C, ``prior.pxi``; ``legal``,
    if given, must be that list). Raises ``GameError`` outside play or for a seat not to move,
    ``ValueError`` for another ``legal``."""
    move_prior()  # the weights (and the groups' offsets) in C
    rows = np.frombuffer(state.prior_features(seat), dtype=np.int32).reshape(-1, K)
    if legal is not None and list(legal) != state.legal_actions():
        raise ValueError("features are of the state's legal actions, in their order")
    return rows.astype(np.int64)


class MovePrior:
    """The fitted scorer: ``scores(idx)`` of the moves' feature indices, numpy only."""

    linear: np.ndarray
    embed: np.ndarray
    bias: np.ndarray
    out: np.ndarray

    def __init__(self, linear: np.ndarray, embed: np.ndarray, bias: np.ndarray,
                 out: np.ndarray) -> None:
        self.linear = linear.astype(np.float64)
        self.embed = embed.astype(np.float64)
        self.bias = bias.astype(np.float64)
        self.out = out.astype(np.float64)

    def scores(self, idx: np.ndarray) -> np.ndarray:
        """One score per row of ``idx`` (``(moves, K)`` indices)."""
        lin = self.linear[idx].sum(axis=1)
        hidden = np.maximum(self.embed[idx].sum(axis=1) + self.bias, 0.0)
        result: np.ndarray = lin + hidden @ self.out
        return result

    def probabilities(self, idx: np.ndarray) -> np.ndarray:
        s = self.scores(idx)
        s = np.exp(s - s.max())
        result: np.ndarray = s / s.sum()
        return result


@lru_cache(maxsize=1)
def load_weights(path: str = str(WEIGHTS)) -> dict[str, np.ndarray]:
    """Every array of the weights file (``OSError`` if it cannot be read)."""
    with np.load(path) as data:
        return {key: data[key] for key in data.files}


@lru_cache(maxsize=1)
def move_prior() -> MovePrior:
    """The committed move prior, also handed to the compiled rules (the ``prior`` bot's policy
    in C, ``PRIOR_POLICY``). Raises ``ValueError`` if the file's shapes do not fit ``GROUPS``
    (weights from another version of the features)."""
    w = load_weights()
    if w["linear"].shape != (DIM,) or w["embed"].shape[0] != DIM:
        raise ValueError(f"{WEIGHTS.name} was fitted for {w['linear'].shape[0]} features, "
                         f"not {DIM}: run research/train_stratego_prior.py")
    prior = MovePrior(w["linear"], w["embed"], w["bias"], w["out"])
    set_prior_weights(OFFSETS, prior.linear, np.ascontiguousarray(prior.embed), prior.bias,
                      prior.out, RANK_GROUP)
    return prior


def prior_of(state: StrategoState, seat: int | None = None) -> tuple[list[int], np.ndarray]:
    """The legal moves of the side to move and their prior probabilities."""
    if state.phase != PLAY:
        raise ValueError("the move prior is for moves in play, not the setup or a finished game")
    who = state.current_player() if seat is None else seat
    return state.legal_actions(), move_prior().probabilities(features(state, who))


__all__ = ["DIM", "GROUPS", "K", "MovePrior", "OFFSETS", "RANK_GROUP", "WEIGHTS", "features",
           "load_weights", "move_prior", "prior_of"]
