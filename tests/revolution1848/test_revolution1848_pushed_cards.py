"""The cards a seat pushed under the piles, and who drew one, said to that seat alone: on the
page's felt (``facts``) and in the text view, by name, in the order they will be drawn."""

from __future__ import annotations

import random
from typing import Any

import garrison
from garrison.core.seats import seat_label
from garrison.games.revolution1848.words import card_name


def _named(facts: list[str]) -> set[str]:
    """The card names the lines say (each whole: "Austrian army" is not "Austrian army (Italy)")."""
    names: set[str] = set()
    for line in facts:
        if line.startswith("You pushed under"):
            names.update(line.split(": ", 1)[1].split(", "))
        else:
            names.add(line.split(" drew ", 1)[1].rsplit(", which you pushed", 1)[0])
    return names


def _expected(cs: Any, obs: dict[str, Any]) -> list[str]:
    lines = []
    for pile, words in enumerate(("person card", "event card")):
        under = [card_name(cs, c) for p, _pos, c in sorted(obs["my_pushed"]) if p == pile]
        if under:  # in the order they will be drawn
            lines.append(f"You pushed under the {words} pile: {', '.join(under)}")
    lines += [f"{seat_label(holder)} drew {card_name(cs, c)}, which you pushed"
              for c, holder in obs["known"]]
    return lines


def test_only_the_pusher_reads_its_pushed_cards_and_who_drew_them() -> None:
    game = garrison.load("1848", players=3)
    cs = game.cards
    said_under = said_drawn = 0
    for seed in range(6):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()])
                               if state.is_chance_node() else rng.choice(state.legal_actions()))
            if state.is_chance_node():
                continue
            heard = {}
            for seat in [0, 1, 2, None]:
                obs = state.observation(seat)
                facts = (game.widgets(obs, []) or {}).get("facts") or []
                assert facts == _expected(cs, obs)
                text = game.render(obs)
                assert all(f"({line})" in text for line in facts)
                heard[seat] = _named(facts)
                said_under += bool(obs["my_pushed"])
                said_drawn += bool(obs["known"])
            assert not heard[None]
            for seat in range(3):  # nobody else hears of this seat's pushed cards
                mine = {card_name(cs, c) for _p, _pos, c in state.observation(seat)["my_pushed"]}
                assert not any(mine & heard[s] for s in range(3) if s != seat)  # names are unique
    assert said_under and said_drawn
