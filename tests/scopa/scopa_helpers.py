"""Helpers for the Scopa tests: load the game, deal exact cards through the public API."""

from __future__ import annotations

from garrison.games.scopa import GAME
from garrison.games.scopa.deck import parse_card


def load(**options):
    return GAME(GAME.Params.from_options(options))


def card(text: str) -> int:
    return parse_card(text)


def deal(state, cards: str) -> None:
    """Apply chance deals of ``cards`` (codes like '7d 3c kh'), in the deal order."""
    for text in cards.split():
        assert state.is_chance_node(), f"not dealing when {text} was to be dealt"
        state.apply_action(card(text))


def start(table: str = "", hands: tuple[str, ...] = (), **options):
    """A game whose first deal puts ``table`` on the table, then ``hands[s]`` to seat s.

    Seat 0 leads (the first dealer is the last seat), so the deal goes table, seat 0, 1, ...
    """
    state = load(**options).new_initial_state()
    deal(state, table)
    for h in hands:
        deal(state, h)
    return state


def do(state, *texts: str) -> None:
    """Apply the actions written ``texts`` (e.g. 'play 5h', 'take 3c'), checked."""
    for text in texts:
        state.apply_action(state.parse_action(text))


def names(cards: str) -> list[str]:
    from garrison.games.scopa.deck import DECK

    return sorted((DECK.name[card(t)] for t in cards.split()), key=card_index)


def card_index(name: str) -> int:
    return parse_card(name)
