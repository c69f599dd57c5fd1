"""One game of 1848 in progress (all fields immutable values; see core/state.py)."""

from __future__ import annotations

from typing import Any

from garrison.core import CHANCE, TERMINAL, InvalidActionError, State
from garrison.core.cards import cards_in, deal_outcomes
from garrison.core.seats import left_of, next_active, order_from, seat_label
from garrison.core.state import normalize_text

from . import actions as A
from . import observe, rules
from .carddata import N_PERSON, PARTIES, CardSet

PILE_NAMES = ("person", "zusatz")


def pile_of(card: int) -> int:
    """0 for a Personenkarte, 1 for a Zusatzkarte (army cards included)."""
    return 0 if card < N_PERSON else 1


# The verbs a person types in each step, and the step in words.
STEP_VERBS = {"play": ("play", "push", "pass"), "target": ("on",), "assign": ("army to",),
              "draw": ("draw",)}
STEP_WORDS = {"play": "in your turn of the Stich", "target": "while placing a Zusatzkarte",
              "assign": "while giving the army a commander", "draw": "while drawing cards"}


class G1848State(State):
    def __init__(self, game) -> None:  # noqa: ANN001
        super().__init__(game)
        p = game.params
        cs = game.cards
        n = p.players
        self.phase = "draw"
        self.hands = (0,) * n
        out = cs.excluded(p.rules)
        persons_all = ((1 << N_PERSON) - 1) & ~out
        zusatz_all = sum(1 << c for c in range(N_PERSON, len(cs.cid))) & ~out
        self.stock = (persons_all, zusatz_all)
        self.bottom: tuple[tuple[tuple[int, int], ...], ...] = ((), ())
        self.discard = (0, 0)
        self.removed = 0
        self.known: frozenset[tuple[int, int]] = frozenset()
        self.persons: tuple[tuple[int, ...], ...] = ((),) * n
        self.zusatz: rules.Zusatz = ()
        self.armies: tuple[rules.Army, ...] = ()
        self.passed = (False,) * n
        self.first_passer = -1
        self.to_move = 0
        self.opener = 0
        self.pending = -1
        self.assign_army = -1
        self.assign_choices: tuple[tuple[int, int], ...] = ()  # (seat, commander) to choose from
        self.draws: tuple[tuple[int, str], ...] = tuple(
            (s, k) for s in range(n) for k in ("P", "P", "Z", "Z")
        )
        self.ablauf_deck = cs.base_ablauf if p.rules == "base" else tuple(range(len(cs.ablauf_id)))
        self.ablauf_pos = 0
        self.won: tuple[tuple[int, ...], ...] = ((),) * n
        self.set_aside: tuple[int, ...] = ()
        self.patt_count = 0  # Patts in a row on the current Ablaufkarte
        self.patts = 0  # Patts in the whole game (PATT_HORIZON)
        self.tally: tuple[tuple[int, ...], ...] = ((0,) * len(PARTIES),) * n
        self.round_no = 1
        self.last_result: tuple[str, ...] = ()
        self.log_tail: Any = None
        self.vp: tuple[int, ...] | None = None
        self.win: tuple[int, ...] = ()
        self._log(-1, "the game begins: each player draws 2 Personen- and 2 Zusatzkarten")
        self._settle_draws()

    # -- small helpers -----------------------------------------------------------------------------
    @property
    def cs(self) -> CardSet:
        return self.game.cards

    @property
    def n(self) -> int:
        return self.game.params.players

    def _log(self, seat: int, text: str) -> None:
        """Add one log line: ``seat`` -1 is public, otherwise only that seat sees it."""
        self.log_tail = (self.log_tail, seat, text)

    def log_lines(self, seat: int | None, limit: int | None = None) -> list[str]:
        out = []
        node = self.log_tail
        while node is not None and (limit is None or len(out) < limit):
            node, who, text = node
            if who == -1 or who == seat:
                out.append(text)
        out.reverse()
        return out

    def current_ablauf(self) -> int:
        return self.ablauf_deck[self.ablauf_pos] if self.ablauf_pos < len(self.ablauf_deck) else -1

    def _set_hand(self, seat: int, mask: int) -> None:
        hands = list(self.hands)
        hands[seat] = mask
        self.hands = tuple(hands)

    def _forget(self, card: int) -> None:
        if any(c == card for c, _ in self.known):
            self.known = frozenset(k for k in self.known if k[0] != card)

    def hand_counts(self, seat: int) -> tuple[int, int]:
        h = self.hands[seat]
        persons = (h & ((1 << N_PERSON) - 1)).bit_count()
        return persons, h.bit_count() - persons

    # -- the kernel interface -------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "draw":
            seat, kind = self.draws[0]
            return seat if kind == "?" else CHANCE
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        if self.phase != "over":
            return [0.0] * self.n
        share = 1.0 / len(self.win)
        return [share if s in self.win else 0.0 for s in range(self.n)]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        _, kind = self.draws[0]
        return deal_outcomes(self.stock[0 if kind == "P" else 1])

    def _legal_actions(self) -> list[int]:
        cs, seat = self.cs, self.to_move
        if self.phase == "draw":
            return [A.DRAW_PERSON, A.DRAW_ZUSATZ]
        if self.phase == "target":
            return sorted(self._target_action(t) for t in self._targets(self.pending, seat))
        if self.phase == "assign":
            return [A.assign(k[0]) for k in self.assign_choices]
        out = []
        hand = cs_cards(self.hands[seat])
        persons = self.persons
        for c in hand:
            if cs.kind[c] != "zusatz" or rules.has_target(cs, c, seat, persons):
                out.append(A.play(c))
        if self.game.params.rules == "extended":
            out.extend(A.push(c) for c in hand)
        out.append(A.PASS)
        return out

    @staticmethod
    def _target_action(target: tuple[str, int]) -> int:
        kind, x = target
        return A.target_person(x) if kind == "person" else A.target_side(x)

    def _targets(self, card: int, seat: int) -> list[tuple[str, int]]:
        return rules.valid_targets(self.cs, card, seat, self.persons)

    def _apply(self, action: int) -> None:
        if self.phase == "draw":
            if self.current_player() == CHANCE:
                self._draw_card(action)
            else:
                seat = self.draws[0][0]
                kind = "P" if action == A.DRAW_PERSON else "Z"
                self.draws = ((seat, kind), *self.draws[1:])
                self._log(-1, f"{seat_label(seat)} chooses to draw a {PILE_NAMES[pile_of_kind(kind)]} card")
            self._settle_draws()
            return
        kind, x = A.decode(action)
        seat = self.to_move
        if self.phase == "target":
            target = ("person", x) if kind == "person" else ("side", x)
            self._place_zusatz(seat, self.pending, target)
            self.pending = -1
            self.phase = "play"
            self._next_turn(seat)
        elif self.phase == "assign":
            commander = next(c for s, c in self.assign_choices if s == x)
            self._give_army(self.assign_army, commander)
            self.assign_army, self.assign_choices = -1, ()
            self.phase = "play"
            self._next_turn(seat)
        elif kind == "play":
            self._play(seat, x)
        elif kind == "push":
            self._push(seat, x)
        else:
            self._pass(seat)

    # -- a turn: play, Schieben, pass ------------------------------------------------------------
    def _play(self, seat: int, card: int) -> None:
        cs = self.cs
        if cs.is_person(card):
            self._take_from_hand(seat, card)
            self.persons = tuple(
                (*ps, card) if s == seat else ps for s, ps in enumerate(self.persons)
            )
            self._log(-1, f"{seat_label(seat)} plays {cs.label(card)}")
            self._settle_armies()
            self._next_turn(seat)
        elif cs.is_army(card):
            self._take_from_hand(seat, card)
            self.armies = (*self.armies, (card, seat, None))
            self._log(-1, f"{seat_label(seat)} plays the army card {cs.label(card)}")
            self._bring_back_passed("an army card is out")
            force = rules.forces(cs, self.persons, self.zusatz)
            choices = rules.army_candidates(cs, card, force, self.armies)
            if len(choices) > 1:
                self.phase, self.assign_army, self.assign_choices = "assign", card, tuple(choices)
                return
            if choices:
                self._give_army(card, choices[0][1])
            else:
                self._log(-1, f"{cs.name[card]} has no commander and lies idle")
            self._next_turn(seat)
        else:
            targets = self._targets(card, seat)
            if len(targets) == 1:
                self._place_zusatz(seat, card, targets[0])
                self._next_turn(seat)
            else:
                self.phase, self.pending = "target", card
                self._log(-1, f"{seat_label(seat)} plays {cs.label(card)} and chooses its target")

    def _bring_back_passed(self, why: str) -> None:
        """"Nachdem eine Armeekarte ausgespielt wurde, kommen auch die Spieler, die gepasst haben,
        wieder ins Spiel" — as the cards with the re-entry symbol already did (card data)."""
        if any(self.passed):
            self._log(-1, f"{why}: every player who passed is back in the Stich")
            self.passed = (False,) * self.n

    def _take_from_hand(self, seat: int, card: int) -> None:
        self._set_hand(seat, self.hands[seat] & ~(1 << card))
        self._forget(card)

    def _place_zusatz(self, seat: int, card: int, target: tuple[str, int]) -> None:
        cs = self.cs
        self._take_from_hand(seat, card)
        kind, x = target
        self.zusatz = (*self.zusatz, (card, seat, kind, x))
        where = cs.label(x) if kind == "person" else f"the side of {seat_label(x)}"
        self._log(-1, f"{seat_label(seat)} puts {cs.name[card]} on {where}")
        if cs.reenter[card]:
            self._bring_back_passed(f"{cs.name[card]} is out")
        if kind == "person" and any(op.op == "remove" for op in cs.effect[card].ops):
            self.persons = tuple(tuple(p for p in ps if p != x) for ps in self.persons)
            self.removed |= 1 << x
            self._log(-1, f"{cs.name[x]} leaves the game")
        self._settle_armies()

    def _give_army(self, army: int, commander: int) -> None:
        seat = next(s for s, ps in enumerate(self.persons) if commander in ps)
        self.armies = tuple(  # a surplus commander leaves the army he shared
            (a, seat, (commander,)) if a == army
            else (a, place, None if lead is None else tuple(p for p in lead if p != commander) or None)
            for a, place, lead in self.armies
        )
        self._log(-1, f"{self.cs.name[army]} goes to {self.cs.name[commander]} of {seat_label(seat)}")
        self._settle_armies()

    def _settle_armies(self) -> None:
        if not self.armies:
            return
        force = rules.forces(self.cs, self.persons, self.zusatz)
        armies, lines = rules.settle_armies(self.cs, self.armies, force)
        self.armies = armies
        for line in lines:
            self._log(-1, line)

    def _push(self, seat: int, card: int) -> None:
        """Schieben: the card goes face down under its own draw pile; the player stays in."""
        pile = pile_of(card)
        self._take_from_hand(seat, card)
        self.bottom = tuple(
            (*b, (card, seat)) if i == pile else b for i, b in enumerate(self.bottom)
        )
        self._log(-1, f"{seat_label(seat)} pushes a {PILE_NAMES[pile]} card under its pile (stays in)")
        self._log(seat, f"(you pushed {self.cs.label(card)})")
        self._next_turn(seat)

    def _pass(self, seat: int) -> None:
        self.passed = tuple(True if s == seat else v for s, v in enumerate(self.passed))
        if self.first_passer < 0:
            self.first_passer = seat
        self._log(-1, f"{seat_label(seat)} passes")
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        if all(self.passed):
            self._end_stich()
        else:
            self.to_move = next_active(seat, self.n, [not v for v in self.passed])

    # -- the end of a Stich ------------------------------------------------------------------------
    def _end_stich(self) -> None:
        cs, n = self.cs, self.n
        result = rules.decide_round(cs, self.persons, self.zusatz, self.armies)
        for line in result.lines:
            self._log(-1, line)
        tally = [list(t) for t in self.tally]
        for seat, party, points in result.credits:
            tally[seat][party] += points
            self._log(-1, f"{seat_label(seat)} credits {points} for {PARTIES[party]}")
        self.tally = tuple(tuple(t) for t in tally)
        current = self.current_ablauf()
        title = f"{cs.ablauf_id[current]} {cs.ablauf_title[current]}"
        if result.winner >= 0:
            w = result.winner
            self.won = tuple((*t, current) if s == w else t for s, t in enumerate(self.won))
            self.ablauf_pos += 1
            self.patt_count = 0
            self.opener = w
            self._log(-1, f"{seat_label(w)} wins the Stich ({result.kind}) and takes {title}")
        else:
            self.patt_count += 1
            self.patts += 1
            self.opener = left_of(self.first_passer, n)
            self._log(-1, f"Patt: {title} stays; {seat_label(self.opener)} opens the next round")
            limit = self.game.params.patt_limit
            if limit and self.patt_count >= limit:
                self.set_aside = (*self.set_aside, current)
                self.ablauf_pos += 1
                self.patt_count = 0
                self._log(-1, f"{title} is set aside unwon (house rule: Patt limit)")
        self.last_result = (result.kind, *result.lines)
        leaving = rules.leaving_cards(cs, self.zusatz, self.armies)
        dis_p, dis_z = self.discard
        for ps in self.persons:
            for p in ps:
                dis_p |= 1 << p
        for c, _, _, _ in self.zusatz:
            if not (leaving >> c) & 1:
                dis_z |= 1 << c
        self.removed |= leaving
        if leaving:
            self._log(-1, "out of the game: " + ", ".join(cs.name[c] for c in cards_in(leaving)))
        self.discard = (dis_p, dis_z)
        self.persons = ((),) * n
        self.zusatz = ()
        self.armies = ()
        self.passed = (False,) * n
        self.first_passer = -1
        target = rules.ABLAUF_TO_WIN[n]
        if self.patts >= rules.PATT_HORIZON:
            self._log(-1, f"{rules.PATT_HORIZON} Patts in this game: it ends here and is scored "
                          "as it stands (our horizon, so that every game has an end)")
            self._finish()
            return
        if self.ablauf_pos >= len(self.ablauf_deck) or (
            self.game.params.rules == "extended" and any(len(t) >= target for t in self.won)
        ):
            self._finish()
            return
        self.round_no += 1
        self.draws = tuple(
            (s, k) for s in order_from(self.opener, n) for k in rules.draw_plan(
                self.game.params.rules, *self.hand_counts(s))
        )
        self.phase = "draw"
        self._settle_draws()

    def _finish(self) -> None:
        vp, lines = rules.final_scoring(self.tally)
        self.vp = tuple(vp)
        self.win = tuple(rules.winners(vp, [len(t) for t in self.won]))
        self.phase = "over"
        for line in lines:
            self._log(-1, line)
        self._log(-1, "game over: " + ", ".join(f"{seat_label(s)} {v} VP" for s, v in enumerate(vp))
                  + "; winner " + " and ".join(seat_label(s) for s in self.win))

    # -- drawing -----------------------------------------------------------------------------------
    def _available(self, pile: int) -> bool:
        return bool(self.stock[pile] or self.bottom[pile] or self.discard[pile])

    def _settle_draws(self) -> None:
        """Carry out the draw queue until a chance draw or a player's choice is due."""
        while self.phase == "draw":
            if not self.draws:
                self.phase = "play"
                self.to_move = self.opener
                cur = self.current_ablauf()
                self._log(-1, f"round {self.round_no}: Ablaufkarte {self.cs.ablauf_id[cur]} "
                              f"{self.cs.ablauf_title[cur]}; {seat_label(self.opener)} opens")
                return
            seat, kind = self.draws[0]
            if kind == "?":
                has_p, has_z = self._available(0), self._available(1)
                if has_p and has_z:
                    return
                if not (has_p or has_z):
                    self.draws = self.draws[1:]
                else:
                    self.draws = ((seat, "P" if has_p else "Z"), *self.draws[1:])
                continue
            pile = pile_of_kind(kind)
            if self.stock[pile]:
                return
            if self.bottom[pile]:
                (card, pusher), rest = self.bottom[pile][0], self.bottom[pile][1:]
                self.bottom = tuple(rest if i == pile else b for i, b in enumerate(self.bottom))
                self._set_hand(seat, self.hands[seat] | 1 << card)
                if pusher != seat:
                    self.known = self.known | {(card, pusher)}
                self.draws = self.draws[1:]
                self._log(-1, f"{seat_label(seat)} draws a {PILE_NAMES[pile]} card (from under the pile)")
                self._log(seat, f"(you drew {self.cs.label(card)})")
                continue
            if self.discard[pile]:
                self.stock = tuple(self.discard[pile] if i == pile else m for i, m in enumerate(self.stock))
                self.discard = tuple(0 if i == pile else m for i, m in enumerate(self.discard))
                self._log(-1, f"the {PILE_NAMES[pile]} discards are shuffled into a new pile")
                continue
            self.draws = self.draws[1:]

    def _draw_card(self, card: int) -> None:
        seat, kind = self.draws[0]
        pile = pile_of_kind(kind)
        self.stock = tuple(m & ~(1 << card) if i == pile else m for i, m in enumerate(self.stock))
        self._set_hand(seat, self.hands[seat] | 1 << card)
        self.draws = self.draws[1:]
        self._log(-1, f"{seat_label(seat)} draws a {PILE_NAMES[pile]} card")
        self._log(seat, f"(you drew {self.cs.label(card)})")

    # -- text ----------------------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        cs = self.cs
        if self.current_player() == CHANCE:
            if 0 <= action < len(cs.cid):
                return f"deal {cs.cid[action]}"
            return f"outcome {action}"
        kind, x = A.decode(action)
        if kind == "play":
            return f"play {cs.cid[x]}"
        if kind == "push":
            return f"push {cs.cid[x]}"
        if kind == "pass":
            return "pass"
        if kind == "person":
            return f"on {cs.cid[x]}"
        if kind == "side":
            return f"on side {seat_label(x)}"
        if kind == "assign":
            return f"army to {seat_label(x)}"
        if kind == "draw":
            return "draw person" if x == 0 else "draw zusatz"
        return f"action {action}"

    def parse_action(self, text: str) -> int:
        """The game's notation only ("play <card>", "push <card>", "pass", "on <card>", "on side P2",
        "army to P3", "draw person"); a verb of another step is refused, naming the step."""
        try:
            return super().parse_action(text)
        except InvalidActionError:
            verbs = STEP_VERBS.get(self.phase) if self.current_player() >= 0 else None
            if verbs is None:
                raise
        words = normalize_text(text)
        verb = next((v for vs in STEP_VERBS.values() for v in vs
                     if words == v or words.startswith(v + " ")), "")
        if verb and verb not in verbs:
            raise self.unreadable(text, f"{STEP_WORDS[self.phase]} you do not {verb}; "
                                        f"now you {' or '.join(verbs)}") from None
        raise self.unreadable(text) from None

    def _explain_illegal(self, action: int) -> str:
        from .explain import explain

        return explain(self, action)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return observe.observation(self, seat)

    # -- hidden information ------------------------------------------------------------------------
    def resample(self, seat: int, rng: Any) -> G1848State:
        """Re-deal every card ``seat`` cannot know: other hands (except cards it pushed and saw
        drawn), the face-down draw piles and other players' pushed cards."""
        rng = self.rng_of(rng)
        world = self.clone()
        world._stack = []
        fixed = {c for c, knower in self.known if knower == seat}
        if self.pending >= 0:
            fixed.add(self.pending)
        hands = list(self.hands)
        stock = list(self.stock)
        bottom = [list(b) for b in self.bottom]
        for pile in (0, 1):
            pool = cards_in(self.stock[pile])
            slots = []  # (where, index) to fill
            for t in range(self.n):
                if t == seat:
                    continue
                for c in cards_in(self.hands[t]):
                    if pile_of(c) == pile and c not in fixed:
                        pool.append(c)
                        hands[t] &= ~(1 << c)
                        slots.append(("hand", t))
            for i, (c, pusher) in enumerate(self.bottom[pile]):
                if pusher != seat:
                    pool.append(c)
                    slots.append(("bottom", i))
            rng.shuffle(pool)
            for (where, x), c in zip(slots, pool):
                if where == "hand":
                    hands[x] |= 1 << c
                else:
                    bottom[pile][x] = (c, bottom[pile][x][1])
            rest = pool[len(slots):]
            stock[pile] = sum(1 << c for c in rest)
        world.hands = tuple(hands)
        world.stock = tuple(stock)
        world.bottom = tuple(tuple(b) for b in bottom)
        world.known = frozenset(k for k in self.known if k[1] == seat)
        node, entries = self.log_tail, []
        while node is not None:
            node, who, text = node
            if who in (-1, seat):
                entries.append((who, text))
        world.log_tail = None
        for who, text in reversed(entries):
            world.log_tail = (world.log_tail, who, text)
        world._legal = None
        world.forget_history()  # the true history would tell the real deal
        return world

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
        universe = ((1 << len(cs.cid)) - 1) & ~cs.excluded(self.game.params.rules)
        assert seen == universe and total == universe.bit_count(), "a card is missing"
        assert all(h.bit_count() <= rules.HAND_LIMIT for h in self.hands), "more than 6 in hand"
        assert len(self.won) == self.n

    def __str__(self) -> str:
        from .render import render_full

        return render_full(self)


def cs_cards(mask: int) -> list[int]:
    return cards_in(mask)


def pile_of_kind(kind: str) -> int:
    return 0 if kind == "P" else 1
