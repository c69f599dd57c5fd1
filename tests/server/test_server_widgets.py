"""The games' widget hooks (``Game.widgets``): cards, squares and dice for the page.

For random-play positions of every game: every legal action of the seat to move has exactly
one description, each description points at something drawn (a card in its zone, a free die,
a square, a piece of the seat), a click on that thing leads back to exactly that action, and
what is drawn comes from the observation alone (a resampled world with the same observation
draws the same widgets; no card is drawn that the observation does not name).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import garrison
from garrison.core import sample_chance
from garrison.games.stratego.pieces import NAMES

KINDS = {"card", "die", "move", "square", "button", "setup"}
GAMES = garrison.games()


def click_key(desc: dict[str, Any]) -> tuple:
    """What a click (plus, for a card offering several, the chosen verb) identifies."""
    kind = desc["kind"]
    if kind == "card":
        return ("card", desc["zone"], desc["card"], desc["verb"])
    if kind == "die":
        return ("die", desc["zone"], desc["face"])
    if kind == "move":
        return ("move", tuple(desc["from"]), tuple(desc["to"]))
    if kind == "square":
        return ("square", tuple(desc["square"]))
    if kind == "setup":  # chosen by its name from the list of setups
        return ("setup", desc["name"])
    return ("button", desc["id"])


def zone(ui: dict[str, Any], zid: str) -> dict[str, Any]:
    found = [z for z in ui["zones"] if z["id"] == zid]
    assert len(found) == 1, (zid, [z["id"] for z in ui["zones"]])
    return found[0]


def cell(board: dict[str, Any], rc: list[int]) -> Any:
    r, c = rc
    assert 0 <= r < board["rows"] and 0 <= c < board["cols"]
    return board["cells"][r * board["cols"] + c]


def targets(ui: dict[str, Any], desc: dict[str, Any]) -> int:
    """How many drawn things a description can be clicked on (at least one for a real widget)."""
    kind = desc["kind"]
    if kind == "button":
        return 1
    if kind == "setup":  # a named entry with a preview of the zone it fills
        assert desc["name"] and len(desc["preview"]) % 10 == 0
        return 1
    if kind == "card":
        return sum(1 for c in zone(ui, desc["zone"])["cards"] if c["key"] == desc["card"])
    if kind == "die":
        return sum(1 for d in zone(ui, desc["zone"])["dice"]
                   if d["face"] == desc["face"] and not d["used"])
    board = zone(ui, desc["zone"])
    if kind == "square":
        return int(cell(board, desc["square"]) is None)
    if kind == "move":
        piece = cell(board, desc["from"])
        to = cell(board, desc["to"])
        assert piece and piece.get("mine"), desc
        assert to is None or (not to.get("lake") and not to.get("mine")), desc
        return 1
    raise AssertionError(desc)


def check_zones(ui: dict[str, Any]) -> None:
    ids = [z["id"] for z in ui["zones"]]
    assert len(ids) == len(set(ids))
    for z in ui["zones"]:
        assert z["kind"] in ("cards", "dice", "board")
        if z["kind"] == "cards":
            for c in z["cards"]:
                assert {"key", "rank", "suit", "color", "title"} <= set(c)
        if z["kind"] == "board":
            assert len(z["cells"]) == z["rows"] * z["cols"]


def named_in(obs: Any) -> tuple[set[int], set[str]]:
    ints: set[int] = set()
    strs: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, bool):
            return
        if isinstance(x, int):
            ints.add(x)
        elif isinstance(x, str):
            strs.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list | tuple):
            for v in x:
                walk(v)

    walk(obs)
    return ints, strs


def check_from_observation(game: Any, obs: dict[str, Any], ui: dict[str, Any]) -> None:
    """Nothing drawn that the observation does not hold."""
    ints, strs = named_in(obs)
    for z in ui["zones"]:
        if z["kind"] == "cards":
            for c in z["cards"]:
                # a card the observation names (Scopa's Italian face keeps the observation's
                # French name under "french")
                named = c["title"] in strs or (c.get("french") or {}).get("name") in strs
                # a key is the card's number, or a kind of card's own numbering (1848's "round:3")
                assert int(c["key"].rsplit(":", 1)[-1]) in ints or named, (z["id"], c)
        if z["kind"] == "board":
            for square, (seen, drawn) in enumerate(zip(obs["board"], z["cells"], strict=True)):
                if drawn is None or drawn.get("lake"):
                    assert seen is None
                    continue
                side, rank, _moved, _known = seen
                assert drawn["side"] == side
                if drawn.get("revealed"):  # shown at the end: the observation's own list says so
                    assert rank is None and [side, drawn["name"]] in [
                        [s, NAMES[r]] for _sq, s, r in obs["revealed"]], square
                    continue
                assert (drawn["rank"] is None) == (rank is None), square


def positions(name: str, seeds: int = 3, every: int = 1):  # noqa: ANN201
    """(game, state) at decision nodes of seeded random games."""
    cls = garrison.game_class(name)
    for config in cls.test_configs[:2]:
        game = garrison.load(name, **dict(config))
        for seed in range(seeds):
            rng = random.Random(seed)
            state = game.new_initial_state()
            steps = 0
            while not state.is_terminal() and steps < 400:
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                    continue
                if steps % every == 0:
                    yield game, state
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
            yield game, state


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_has_one_widget_and_round_trips(name: str) -> None:
    checked = 0
    kinds: set[str] = set()
    for game, state in positions(name):
        if state.is_terminal():
            obs = state.observation(0)
            ui = game.widgets(obs, [])
            check_zones(ui)
            assert ui["actions"] == []
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        obs = state.observation(seat)
        ui = json.loads(json.dumps(game.widgets(obs, legal)))  # what a page receives
        check_zones(ui)
        assert [d["id"] for d in ui["actions"]] == legal
        clicks: dict[tuple, int] = {}
        for desc in ui["actions"]:
            assert desc["kind"] in KINDS
            kinds.add(desc["kind"])
            assert targets(ui, desc) >= 1, (name, desc, state.action_to_string(desc["id"]))
            key = click_key(desc)
            assert key not in clicks, (name, key)
            clicks[key] = desc["id"]
        # the round trip: the click a description names leads back to its action
        for desc in ui["actions"]:
            assert clicks[click_key(desc)] == desc["id"]
        checked += 1
    assert checked > 20
    wanted = {"gambit": {"die"}, "stratego": {"move", "square"}}.get(name, {"card"})
    assert wanted <= kinds, kinds


@pytest.mark.parametrize("name", GAMES)
def test_widgets_come_from_the_observation_only(name: str) -> None:
    rng = random.Random(7)
    checked = 0
    for game, state in positions(name, seeds=2, every=5):
        for seat in [*range(game.num_players), None]:
            obs = state.observation(seat)
            legal = state.legal_actions() if seat == state.current_player() else []
            ui = game.widgets(obs, legal)
            check_zones(ui)
            check_from_observation(game, obs, ui)
            if seat is None or state.is_terminal():
                continue
            # another world the seat cannot tell apart draws exactly the same widgets
            other = state.resample(seat, rng)
            assert other.observation(seat) == obs
            assert game.widgets(other.observation(seat), legal) == ui
            checked += 1
    assert checked > 5
