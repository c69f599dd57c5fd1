"""A game of 1848 in progress: the compiled rules (``rules.pyx``) with the views.

``Revolution1848State`` is the compiled ``Revolution1848Core`` (typed state and rules) joined with the kernel's
Python ``State`` (observation gate, notation, explanations). Nothing here changes the state,
except ``resample``, which builds a new world.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from garrison.core import CHANCE, InvalidActionError, State
from garrison.core.seats import seat_label
from garrison.core.state import normalize_text

from . import actions as A
from . import log, observe, words
from .carddata import N_PERSON, CardSet
from .explain import explain
from .render import render_full
from .rules import HAND_LIMIT, Revolution1848Fields

if TYPE_CHECKING:
    from .game import Revolution1848Game
    from .params import Revolution1848Params


def pile_of(card: int) -> int:
    """0 for a Personenkarte, 1 for a Zusatzkarte (army cards included)."""
    return 0 if card < N_PERSON else 1


# The verbs a person types in each step, and the step in words.
STEP_VERBS = {"play": ("play", "push", "pass"), "target": ("on",), "assign": ("army to",),
              "draw": ("draw",)}
STEP_WORDS = {"play": "in your turn of the round", "target": "while placing an event card",
              "assign": "while giving the army a commander", "draw": "while drawing cards"}


class Revolution1848State(Revolution1848Fields, State):
    """Every field is a typed accessor of ``Revolution1848Core`` (see ``rules.pyx``)."""

    @property
    def params(self) -> Revolution1848Params:
        return cast("Revolution1848Params", self.game.params)

    @property
    def cs(self) -> CardSet:
        return cast("Revolution1848Game", self.game).cards

    @property
    def last_result(self) -> tuple[str, ...]:
        """The last Stich's decision: its kind ("political" / "military") and its lines."""
        return log.last_result(self)

    def log_lines(self, seat: int | None, limit: int | None = None) -> list[str]:
        """The log ``seat`` may read (``None``: the public lines), the last ``limit`` lines."""
        return log.read(self, seat, limit)

    # -- text ----------------------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        """A move in the player's words: cards by name ("play Robert Blum", "push The press"),
        never by the card file's id."""
        cs = self.cs
        if self.current_player() == CHANCE:
            if 0 <= action < len(cs.cid):
                return f"deal {words.card_name(cs, action)}"
            return f"outcome {action}"
        kind, x = A.decode(action)
        if kind in ("play", "push"):
            return f"{kind} {words.card_name(cs, x)}"
        if kind == "pass":
            return "pass"
        if kind == "person":
            return f"on {words.card_name(cs, x)}"
        if kind == "side":
            return f"on side {seat_label(x)}"
        if kind == "assign":
            return f"army to {seat_label(x)}"
        if kind == "draw":
            return f"draw {words.PILE_WORDS[x]}"
        return f"action {action}"

    def _id_notation(self, action: int) -> str:
        """The older notation by the card file's id ("play <id>", "draw zusatz"), still read
        by ``parse_action`` (scripts and tests type it)."""
        cs = self.cs
        kind, x = A.decode(action)
        if self.current_player() == CHANCE:
            return f"deal {cs.cid[action]}" if 0 <= action < len(cs.cid) else ""
        if kind in ("play", "push"):
            return f"{kind} {cs.cid[x]}"
        if kind == "person":
            return f"on {cs.cid[x]}"
        if kind == "draw":
            return "draw person" if x == 0 else "draw zusatz"
        return ""

    def parse_action(self, text: str) -> int:
        """The game's notation only ("play Robert Blum", "push The press", "pass", "on Robert
        Blum", "on side P2", "army to P3", "draw person card"; a card also by its id in the card
        file, and "draw zusatz"); a verb of another step is refused, naming the step. Raises
        ``InvalidActionError`` for text that names no legal move."""
        try:
            return super().parse_action(text)
        except InvalidActionError:
            wanted = normalize_text(text)
            for a in self.legal_actions():
                if wanted and normalize_text(self._id_notation(a)) == wanted:
                    return a
            verbs = STEP_VERBS.get(self.phase) if self.current_player() >= 0 else None
            if verbs is None:
                raise
        words_typed = normalize_text(text)
        verb = next((v for vs in STEP_VERBS.values() for v in vs
                     if words_typed == v or words_typed.startswith(v + " ")), "")
        if verb and verb not in verbs:
            raise self.unreadable(text, f"{STEP_WORDS[self.phase]} you do not {verb}; "
                                        f"now you {' or '.join(verbs)}") from None
        raise self.unreadable(text) from None

    def _explain_illegal(self, action: int) -> str:

        return explain(self, action)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return observe.observation(self, seat)

    def observation_string(self, seat: int | None) -> str:
        """The same text as ``State.observation_string`` (canonical JSON of the observation),
        written faster: the seats at one node share the public part's JSON
        (``observe.observation_string``). ``GameError`` for a seat that does not exist."""
        self.check_seat(seat)
        return observe.observation_string(self, None if seat is None else int(seat))

    # -- hidden information ------------------------------------------------------------------------
    def resample(self, seat: int, rng: Any) -> Revolution1848State:
        """Re-deal every card ``seat`` cannot know: other hands (except cards it pushed and saw
        drawn, and a Zusatzkarte being placed), the face-down draw piles and other players'
        pushed cards, keeping every count (``draw_world``, in C). The world's log keeps no other
        seat's private line and its history is forgotten.

        Raises:
            GameError: ``seat`` is not a seat of the game.
        """
        self.check_seat(seat)
        return cast("Revolution1848State", self.draw_world(seat, self.rng_of(rng)))

    def fields(self) -> dict[str, Any]:
        """The typed state as Python values (equality and debugging)."""
        views = ("bottom", "known", "persons", "zusatz", "armies", "assign_choices", "draws", "win",
                 "last_decision")
        out = {name: getattr(self, name) for name in (*self.FIELDS, *views)}
        out["events"] = tuple(self.events())
        return out

    def check_invariants(self) -> None:
        cs = self.cs
        places = list(self.hands) + list(self.stock) + list(self.discard) + [self.removed]
        places.append(sum(1 << c for b in self.bottom for c, _ in b))
        places.append(sum(1 << p for ps in self.persons for p in ps))
        places.append(sum(1 << c for c, _, _, _ in self.zusatz))
        places.append(sum(1 << a for a, _, _ in self.armies))
        seen = 0
        total = 0
        for m in places:
            assert seen & m == 0, "a card is in two places"
            seen |= m
            total += m.bit_count()
        universe = ((1 << len(cs.cid)) - 1) & ~cast("Revolution1848Game", self.game).in_play[1]
        assert seen == universe and total == universe.bit_count(), "a card is missing"
        assert all(h.bit_count() <= HAND_LIMIT for h in self.hands), "more than 6 in hand"
        assert len(self.won) == self.n

    def __str__(self) -> str:

        return render_full(self)

    __hash__ = None
