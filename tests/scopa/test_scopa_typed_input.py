"""Typed input reads Scopa's notation only: `7` is not the card with id 7 (Diamonds J), and the
verb of the other step is refused."""

from __future__ import annotations

import pytest
from scopa_helpers import card, do, start

from garrison import InvalidActionError


def test_a_bare_seven_is_not_an_action_id():
    state = start("ac 2c 3c 4c", ("7h 7d kh", "qc 4d 6s"), players=2)
    before = state.fields()
    with pytest.raises(InvalidActionError,
                       match="'7' is not an action here; it could be: play Coins 7, play Cups 7"):
        state.parse_action("7")
    assert state.fields() == before
    assert state.parse_action("7d") == card("7d")


def test_take_is_refused_before_a_card_is_played_and_play_while_choosing():
    state = start("ac 2c 3c 4c", ("5h 7d kh", "qc 4d 6s"), players=2)
    with pytest.raises(InvalidActionError,
                       match="before a card is played you do not take; now you play or lay"):
        state.parse_action("take 2c")
    do(state, "play 5h")  # 5 = 2 + 3 = ... several ways: the capture is chosen card by card
    assert state.current_player() == 0 and state.pending >= 0
    with pytest.raises(InvalidActionError,
                       match="while choosing what Cups 5 captures you do not play; now you take"):
        state.parse_action("play 7d")
