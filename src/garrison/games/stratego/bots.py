"""Bots for the Stratego-style game. They read only what their seat sees (the gate's board and
captures, ``observe.view``, without the log text) and the legal actions.

``heuristic``: sets up with a fresh sound layout of its own (or, when the game has an archive, a
human one); in play
it scores every legal move: the expected gain of an attack over what the enemy piece may be
(its known rank, or the ranks still unaccounted for; a piece that moved is no Bomb or Flag, an
unmoved one may be the Flag), danger from known stronger enemies next to the target square,
fleeing from them, guarding its own Flag, and a small pull towards the enemy. Low pieces thus
probe unknown pieces, strong pieces take revealed weaker ones, and the Spy goes for a revealed
Marshal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from garrison.core import Bot

from . import actions
from .board import NEIGHBOURS, step
from .observe import view
from .pieces import FLAG, MARSHAL, NUM_RANKS, SPY, movable
from .rules import ATTACKER_WINS, BOTH_LOST, DEFENDER_WINS, SETUP, battle
from .setups import HEURISTIC, varied_layout

if TYPE_CHECKING:
    from .game import StrategoGame
    from .state import StrategoState

VALUE = (1000.0, 3.0, 1.0, 2.5, 2.0, 3.0, 4.0, 5.0, 7.0, 9.0, 12.0, 1.5)


#: What losing the last piece that can move costs: the game.
LAST_PIECE = 500.0


def _gain(attacker: int, defender: int, last: bool = False) -> float:
    """What an attack by ``attacker`` on ``defender`` wins (+) or loses (-), in piece values;
    ``last``: the attacker is the last piece its side can move."""
    outcome = battle(attacker, defender)
    own = LAST_PIECE if last else VALUE[attacker]
    if defender == FLAG:
        return VALUE[FLAG]
    if outcome == ATTACKER_WINS:
        return VALUE[defender] + 0.5
    if outcome == DEFENDER_WINS:
        return -own
    if outcome == BOTH_LOST:
        return VALUE[defender] - own
    return 0.0


class HeuristicBot(Bot):
    name = "heuristic"
    description = "probes with low pieces, takes weaker revealed pieces, guards its flag"
    game: StrategoGame

    def __init__(self, game: Any, seat: int, seed: int | None = None) -> None:
        super().__init__(game, seat, seed)
        self._plan: dict[int, list[int]] | None = None
        army = game.rules.army
        self._army: list[int] = [army.count(r) for r in range(NUM_RANKS)]  # pieces per rank

    def step(self, state: StrategoState) -> int:  # type: ignore[override]
        legal = state.legal_actions()
        if state.phase == SETUP:
            return self._setup(self._army, self.game.rules.army[state.placed[self.seat]], legal)
        board, captured = view(state, self.seat)
        return self._move(board, captured, self._army, legal)

    # -- setup -------------------------------------------------------------------------------------
    def _setup(self, army: list[int], rank: int, legal: list[int]) -> int:
        """A human layout of the operator's archive when there is one; else, piece by piece, a
        fresh sound layout drawn from this bot's own random source (the server seeds it from the
        system's): no public list of setups tells where its Flag is. When the game allows whole
        setups alone, a fresh random setup: the built-in catalogue is public, so an opponent
        who read it would know where the Flag stands."""
        catalogue = [a for a in legal if a >= actions.CATALOGUE]
        human = [a for a in catalogue if a >= actions.CATALOGUE + HEURISTIC]
        pieces = any(actions.PLACE <= a < actions.RANDOM_SETUP for a in legal)
        if human:
            return self.rng.choice(human)
        if not pieces and self._plan is None and actions.RANDOM_SETUP in legal:
            return actions.RANDOM_SETUP
        if self._plan is None:  # piece by piece: follow a fresh layout
            ranks = tuple(r for r in range(NUM_RANKS) for _ in range(army[r]))
            rows = self.game.params.setup_rows
            layout = varied_layout(ranks, rows, self.rng)
            squares = [r * 10 + c for r in range(rows) for c in range(10)]
            if self.seat == 1:
                squares = [99 - s for s in squares]
            self._plan = {}
            for sq, r in zip(squares, layout):
                self._plan.setdefault(r, []).append(sq)
        for sq in self._plan.get(rank, []):
            if actions.PLACE + sq in legal:
                self._plan[rank].remove(sq)
                return actions.PLACE + sq
        return self.rng.choice(legal)

    # -- play --------------------------------------------------------------------------------------
    def _move(self, board: list[Any], captured: list[list[int]], army: list[int],
              legal: list[int]) -> int:
        me = self.seat
        unknown_all, unknown_moving = self._unknown_ranks(board, captured, army)
        near = nearest([sq for sq, c in enumerate(board) if c is not None and c[0] != me])
        flag_sq = next((sq for sq, c in enumerate(board) if c and c[0] == me and c[1] == FLAG), -1)
        last = sum(1 for c in board if c and c[0] == me and movable(c[1])) == 1
        best, best_score = legal[0], float("-inf")
        for action in legal:
            frm, direction, distance = actions.decode_move(action)
            to = step(frm, direction, distance)
            rank = board[frm][1]
            target = board[to]
            score = self.rng.random() * 0.2
            if target is not None:
                score += self._attack_value(rank, target, unknown_all, unknown_moving, last)
                if flag_sq >= 0 and to in NEIGHBOURS[flag_sq]:
                    score += 6.0  # drive an attacker away from our Flag
            else:
                score += self._danger(board, me, to, rank, frm)
                score -= self._danger(board, me, frm, rank, -1)  # fleeing a threat is good
                if rank not in (MARSHAL,) and VALUE[rank] <= 4.0:
                    score += 0.15 * (near[frm] - near[to])
                else:
                    score += 0.05 * (near[frm] - near[to])
            if score > best_score:
                best, best_score = action, score
        return best

    def _unknown_ranks(self, board: list[Any], captured: list[list[int]], army: list[int],
                       ) -> tuple[dict[int, float], dict[int, float]]:
        """Probabilities of the rank of an unknown enemy piece: any one, and one that moved."""
        me = self.seat
        left = list(army)
        for rank in captured[1 - me]:
            left[rank] -= 1
        for cell in board:
            if cell is not None and cell[0] != me and cell[1] is not None:
                left[cell[1]] -= 1
        left = [max(0, c) for c in left]
        total = sum(left) or 1
        moving = sum(c for r, c in enumerate(left) if movable(r)) or 1
        return ({r: c / total for r, c in enumerate(left) if c},
                {r: c / moving for r, c in enumerate(left) if c and movable(r)})

    def _attack_value(self, rank: int, target: list, unknown_all: dict, unknown_moving: dict,
                      last: bool) -> float:
        if target[1] is not None:
            return _gain(rank, target[1], last)
        odds = unknown_moving if target[2] else unknown_all
        value = sum(p * _gain(rank, r, last) for r, p in odds.items())
        if rank == SPY:
            value -= 2.0  # keep the Spy for the Marshal
        return value

    def _danger(self, board: list, me: int, square: int, rank: int, skip: int) -> float:
        """Minus the value at risk on ``square`` from known stronger enemies next to it."""
        risk = 0.0
        for sq in NEIGHBOURS[square]:
            cell = board[sq]
            if cell is None or cell[0] == me or sq == skip:
                continue
            enemy = cell[1]
            if enemy is not None and movable(enemy) and battle(enemy, rank) == ATTACKER_WINS:
                risk = max(risk, VALUE[rank])
            elif enemy is None and cell[2] and VALUE[rank] >= 7.0:
                risk = max(risk, 0.3 * VALUE[rank] / 3)
        return -risk


def nearest(targets: list[int]) -> list[int]:
    """Per square, the distance (rows plus columns) to the nearest of ``targets``; all 0 when
    there is none. Two sweeps over the board (a city-block distance transform)."""
    if not targets:
        return [0] * 100
    far = 100
    d = [far] * 100
    for sq in targets:
        d[sq] = 0
    for sq in range(100):  # from a1 upwards: the nearest below or to the left
        if sq >= 10 and d[sq - 10] + 1 < d[sq]:
            d[sq] = d[sq - 10] + 1
        if sq % 10 and d[sq - 1] + 1 < d[sq]:
            d[sq] = d[sq - 1] + 1
    for sq in range(99, -1, -1):  # from j10 downwards: above or to the right
        if sq < 90 and d[sq + 10] + 1 < d[sq]:
            d[sq] = d[sq + 10] + 1
        if sq % 10 != 9 and d[sq + 1] + 1 < d[sq]:
            d[sq] = d[sq + 1] + 1
    return d


BOTS: dict[str, type[Bot]] = {"heuristic": HeuristicBot}
