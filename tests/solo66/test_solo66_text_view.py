"""Solo 66's text view ends with what the seat to move is asked, in the words of its phase."""

from __future__ import annotations

import garrison
from random_play import played_out, prompted


def test_the_view_ends_with_what_the_seat_to_move_is_asked() -> None:
    game = garrison.load("solo66")
    asked = set()
    for seed in range(3):
        for _state, obs, last, moves in prompted(game, seed):
            phase = obs["phase"]
            asked.add(phase)
            if phase == "auction":
                assert last.startswith("Your call: ") and "'pass' (a pass is final)" in last
                assert all(f"'{m}'" in last for m in moves)
            elif phase == "announce":
                assert last.startswith("You won the auction. Announce trump: ")
                assert all(f"'{m}'" in last for m in moves)
            elif phase == "discard":
                made = obs["discards_made"]
                assert last.startswith(("Discard 2 cards onto your pile", "Discard 1 more card onto")[made])
            elif obs["trick"]["cards"]:
                assert last.startswith("Your turn: follow suit, else trump if you can; type a card")
            else:
                assert last.startswith("Your lead: type a card")
    assert asked == {"auction", "announce", "discard", "play"}


def test_the_end_of_the_match_lists_every_deal_and_names_the_winners() -> None:
    game, state = played_out("solo66", 3)
    obs = state.observation(0)
    lines = game.render(obs).splitlines()
    deals = [line for line in lines if line.startswith("Deal ")]
    assert [line.split()[1] for line in deals] == [str(d) for d in range(1, obs["deals"] + 1)]
    assert lines[-2].startswith("The match is over. Scores: ")
    best = max(obs["scores"])
    winners = [f"P{s + 1}" if s else "you" for s, v in enumerate(obs["scores"]) if v == best]
    assert lines[-1] == ("Winners: " if len(winners) > 1 else "Winner: ") + ", ".join(winners)
