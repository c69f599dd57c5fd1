"""Shared helpers for the Soldateska scenario tests: exact deals, dice and plays via the API."""

from __future__ import annotations

import itertools

import garrison
from garrison import CHANCE
from garrison.core.cards import cards_in
from garrison.core.dice import roll_id
from garrison.games.soldateska import deck as K
from garrison.games.soldateska import rules as R

C = K.BASE_DECK.parse  # "Sabers 3" -> card id


def new_state(**options):
    return garrison.load("soldateska", **options).new_initial_state()


def rolls(state, *faces: int) -> None:
    """Apply die faces (0..4), one per chance node (roll-offs, Bomb, Kokette, Spy)."""
    for face in faces:
        assert state.current_player() == CHANCE and state.phase != R.DEAL, state.phase
        state.apply_action(roll_id((face + 1,), 5))


def roll_pair(state, a: int, b: int) -> None:
    """The Kokette's two dice (variant kokette_dice=2)."""
    state.apply_action(roll_id((a + 1, b + 1), 5))


def deal(state, hands: dict[int, list[str]], extra: list[str] | None = None,
         keep_out: list[str] | None = None) -> None:
    """Deal the named cards to the named seats; ``extra`` are the General's bonus cards (rounds
    2+); ``keep_out`` cards are never dealt. Unnamed seats get the lowest remaining cards."""
    assert state.phase == R.DEAL
    given = {seat: [C(n) for n in names] for seat, names in hands.items()}
    bonus = [C(n) for n in (extra or [])]
    out = {C(n) for n in (keep_out or [])}
    used = {c for cards in given.values() for c in cards} | set(bonus) | out
    rest = [c for c in cards_in(state.stock) if c not in used]
    n = state.game.num_players
    for seat in range(n):
        cards = given.setdefault(seat, [])
        while len(cards) < 10:
            cards.append(rest.pop(0))
    if state.round > 1:
        while len(bonus) < 2:
            bonus.append(rest.pop(0))
    while state.phase == R.DEAL:
        if state.deal_i >= 10 * n:
            state.apply_action(bonus.pop(0))
        else:
            state.apply_action(given[R.deal_target(state)].pop(0))


def play(state, *texts: str) -> None:
    """Apply player actions written as text ("Sabers 3", "trump Sabers", "pass Duel 1")."""
    for text in texts:
        assert state.current_player() >= 0, f"not a player's turn for {text!r}"
        state.apply_action(state.parse_action(text))


def tricks(state, *plays: tuple[str, ...]) -> list[int]:
    """Play whole tricks (cards in play order); return the winner of each."""
    winners = []
    for trick in plays:
        play(state, *trick)
        winners.append(state.tricks[-1][2] if state.phase != R.ROLLOFF else -1)
    return winners


def auto_finish_round(state, faces=None) -> None:
    """Play to the end of the current round: lowest legal card, dice from ``faces``."""
    faces = faces or itertools.cycle([1, 3, 4, 0, 2])
    start = state.round
    while not state.is_terminal() and state.round == start:
        if state.current_player() == CHANCE:
            if state.phase == R.DEAL:
                state.apply_action(state.legal_actions()[0])
            elif state.phase == R.KOKETTE_ROLL and state.game.params.kokette_dice == 2:
                roll_pair(state, 1, 1)
            else:
                rolls(state, next(faces))
        else:
            state.apply_action(state.legal_actions()[0])


SABERS = [f"Sabers {v}" for v in range(1, 11)]
PISTOLS = [f"Pistols {v}" for v in range(1, 11)]
TOBACCO = [f"Tobacco {-v}" for v in range(1, 11)]
OFFICERS = ["General", "Oberst", "Major", "Hauptman", "Lieutenant"]


def recruitment_b(**options):
    """Recruitment round for 3 (seed section "First Round"): seat 0 wins the roll after a tie,
    wins the Deserter card; seat 1 takes the Flag; seat 2 takes everything else.

    Ends with: ranks G = seat 1 (Flag), M = seat 2, Deserter = seat 0;
    ducats seat 0: 1, seat 1: 6, seat 2: 7, bank 16 (with 10 ducats each).
    """
    state = new_state(players=3, **options)
    rolls(state, 4, 4, 1, 3, 0)  # seats 0 and 1 tie on 4; re-roll 3 : 0
    deal(state, {
        0: SABERS,
        1: PISTOLS[:8] + ["Pistols 10", "Flag"],
        2: OFFICERS + ["Deserter", "Spy", "Kokette", "Bomb", "Pistols 9"],
    })
    return state


def play_recruitment_b(state) -> None:
    winners = tricks(
        state,
        ("Sabers 2", "Pistols 10", "Deserter"),
        ("Sabers 10", "Flag", "Pistols 9"),
        ("Pistols 1", "Spy", "Sabers 1"),
        ("General", "Sabers 3", "Pistols 2"),
        ("Oberst", "Sabers 4", "Pistols 3"),
        ("Major", "Sabers 5", "Pistols 4"),
        ("Hauptman", "Sabers 6", "Pistols 5"),
        ("Lieutenant", "Sabers 7", "Pistols 6"),
        ("Kokette", "Sabers 8", "Pistols 7"),
        ("Bomb", "Sabers 9", "Pistols 8"),
    )
    assert winners == [0, 1, 2, 2, 2, 2, 2, 2, 2, 2]


def round_two(**options):
    """After recruitment_b: General seat 1, Major seat 2, Deserter seat 0; seat 2 deals."""
    state = recruitment_b(**options)
    play_recruitment_b(state)
    rolls(state, 0, 1, 3, 4)
    deal(state, {
        1: OFFICERS + ["Flag", "Spy", "Sabers 10", "Sabers 9", "Sabers 8"],
        2: PISTOLS,
        0: SABERS[:7] + ["Deserter", "Kokette", "Bomb"],
    }, extra=["Duel 1", "Duel 2"])
    return state
