"""The rules of Soldateska, in the order of the seed (seeds/000_7254710e07ac3472.txt).

Each function changes a ``SoldateskaState`` by assigning new immutable values to its fields
(the kernel's State rule); the state calls them from ``_apply``. Readings where the seed is
silent follow specs/soldateska.md and are listed in docs/rules/soldateska.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from garrison.core.cards import NO_SUIT, count
from garrison.core.seats import seat_label

from . import deck as K
from .actions import trump_text

if TYPE_CHECKING:
    from .state import SoldateskaState

# Phases of play.
ROLLOFF, DEAL, DECLARE, PASS, ASIDE, PLAY, BOMB_ROLL, KOKETTE_ROLL, SPY_ROLL, OVER = range(10)
PHASE_NAMES = (
    "roll-off", "deal", "declare trump", "pass cards", "lay aside", "play", "bomb", "kokette",
    "spy", "game over",
)
PUBLIC = -1
HAND_SIZE = 10
BONUS = 2


def put(values: tuple, index: int, value) -> tuple:  # noqa: ANN001
    """A copy of ``values`` with ``values[index] = value`` (tuples are never mutated)."""
    return values[:index] + (value,) + values[index + 1 :]


def say(st: SoldateskaState, text: str, seat: int = PUBLIC) -> None:
    """Add a line to the log, for everyone (``PUBLIC``) or for one seat only."""
    st.log = st.log + ((seat, text),)


def settle(st: SoldateskaState, text: str) -> None:
    """A public line of the round's settlement (also kept as the round summary)."""
    say(st, text)
    st.settlement = st.settlement + (text,)


def who(st: SoldateskaState, seat: int) -> str:
    rank = st.ranks[seat]
    return seat_label(seat) if rank < 0 else f"{seat_label(seat)} ({K.RANK_NAMES[rank]})"


# -- "Card Distribution", "Money" -------------------------------------------------------------
def setup(st: SoldateskaState) -> None:
    """Card Distribution and Money: the cards for the player count and variant, and a bank of
    ``ducats_per_player`` per player (the seed: 10 each); nobody holds a ducat or a rank yet."""
    p = st.game.params
    n = st.n = p.players
    st.in_play = st.stock = K.deck_mask(n, p.deck)
    st.bank = p.ducats_per_player * n
    st.ducats = st.settled = (0,) * n
    st.ranks = (-1,) * n
    st.order = ()
    st.round = 1
    st.over = False
    st.log = ()
    st.settlement = ()
    st.last_settlement = ()
    say(st, f"Soldateska for {n}: {count(st.in_play)} cards, {st.bank} ducats in the bank.")
    say(st, "Recruitment round: everyone rolls a die; the highest roller deals and leads.")
    start_rolloff(st, "dealer", ((tuple(range(n))),), top=True)


# -- roll-offs (First Round; ties in ranks; Duels) ------------------------------------------------
def start_rolloff(st: SoldateskaState, purpose: str, blocks: tuple, top: bool) -> None:
    """Players roll a die each; high roll wins, ties roll again among the tied (First Round,
    "Ties are resolved by a die roll", Duels). ``blocks`` are groups in place order; a group of
    more than one is still tied. ``top``: only the single winner is wanted."""
    st.ro_purpose, st.ro_blocks, st.ro_rolls, st.ro_top = purpose, blocks, (), top
    st.phase = ROLLOFF
    _rolloff_continue(st)


def rolloff_roller(st: SoldateskaState) -> int:
    for block in st.ro_blocks:
        if len(block) > 1:
            return block[len(st.ro_rolls)]
    return -1


def rolloff_roll(st: SoldateskaState, value: int) -> None:
    """One die of a roll-off."""
    seat = rolloff_roller(st)
    say(st, f"{who(st, seat)} rolls {value}.")
    st.ro_rolls = st.ro_rolls + (value,)
    index = next(i for i, b in enumerate(st.ro_blocks) if len(b) > 1)
    block = st.ro_blocks[index]
    if len(st.ro_rolls) < len(block):
        return
    groups = tuple(
        tuple(s for s, r in zip(block, st.ro_rolls) if r == face)
        for face in sorted(set(st.ro_rolls), reverse=True)
    )
    st.ro_rolls = ()
    if st.ro_top:
        st.ro_blocks = (groups[0],)
    else:
        st.ro_blocks = st.ro_blocks[:index] + groups + st.ro_blocks[index + 1 :]
    for group in groups[:1] if st.ro_top else groups:
        if len(group) > 1:
            say(st, "Tied: " + ", ".join(seat_label(s) for s in group) + " roll again.")
    _rolloff_continue(st)


def _rolloff_continue(st: SoldateskaState) -> None:
    if rolloff_roller(st) >= 0:
        return
    placed = tuple(b[0] for b in st.ro_blocks)
    purpose = st.ro_purpose
    st.ro_purpose, st.ro_blocks = None, ()
    if purpose == "dealer":
        first_dealer(st, placed[0])
    elif purpose == "duel":
        take_trick(st, placed[0])
    else:
        finish_ranks(st, placed)


# -- "First Round – The Recruitment Round" --------------------------------------------------------
def first_dealer(st: SoldateskaState, seat: int) -> None:
    """First Round: the highest roller shuffles, deals and plays the first card."""
    st.dealer = seat
    say(st, f"{seat_label(seat)} deals and leads the recruitment round.")
    begin_round(st)


def begin_round(st: SoldateskaState) -> None:
    """Every round: 10 cards to each player; the 2 left over are unused in the recruitment
    round and go to the General from the 2nd round on (The 2nd Round and On)."""
    n = st.game.num_players
    st.last_settlement = st.settlement
    st.settlement = ()
    st.hands = (0,) * n
    st.passed = (0,) * n
    st.played = (0,) * n
    st.won = (0,) * n
    st.voids = (0,) * n
    st.ntricks = (0,) * n
    st.stock = st.in_play
    st.bonus = 0
    st.aside, st.aside_owner, st.aside_public = 0, -1, False
    st.trick, st.trick_leader, st.tricks = (), -1, ()
    st.trump, st.declared = NO_SUIT, st.round == 1
    st.pass_pos = 0
    st.deal_i = 0
    st.deal_total = HAND_SIZE * n + (BONUS if st.round > 1 else 0)
    st.bombed, st.new_deserter = -1, -1
    st.phase = DEAL
    say(st, f"--- Round {st.round}: {seat_label(st.dealer)} deals ---")


def deal_target(st: SoldateskaState) -> int:
    """Who gets the next card: round-robin from the dealer's left; then the General's bonus."""
    if st.deal_i < HAND_SIZE * st.n:
        return (st.dealer + 1 + st.deal_i) % st.n
    return st.order[0]


def deal_card(st: SoldateskaState, card: int) -> None:
    """One card off the shuffled stock (one chance action per card)."""
    i, n = st.deal_i, st.n
    seat = (st.dealer + 1 + i) % n if i < HAND_SIZE * n else st.order[0]
    bit = 1 << card
    st.stock &= ~bit
    hands = st.hands
    st.hands = hands[:seat] + (hands[seat] | bit,) + hands[seat + 1 :]
    if i >= HAND_SIZE * n:
        st.bonus |= bit
    st.deal_i = i = i + 1
    if i < st.deal_total:
        return
    if st.round == 1:
        say(st, "Recruitment round: only officers are trump (G O M H L Flag Spy); "
            "2 cards lie aside unused.")
        start_play(st, st.dealer)
        return
    general = st.order[0]
    say(st, f"{who(st, general)} takes the 2 bonus cards.")
    say(st, f"You take the bonus cards {', '.join(K.names(st.bonus))}.", general)
    st.phase = DECLARE


# -- "The 2nd Round and On" -----------------------------------------------------------------------
def declarable(st: SoldateskaState) -> tuple[int, ...]:
    """Officers only (NO_SUIT) or a weapon suit in play; Tobacco only with ``tobacco_trump``."""
    suits = [s for s in K.suits_in(st.in_play) if s != K.TOBACCO]
    if st.game.params.tobacco_trump and st.in_play & K.SUIT_MASK[K.TOBACCO]:
        suits.append(K.TOBACCO)
    return (NO_SUIT, *suits)


def declare_trump(st: SoldateskaState, suit: int) -> None:
    """The General declares officers only, or one weapon suit as additional trump (ranked
    under the Flag and above the Spy)."""
    st.trump, st.declared = suit, True
    say(st, f"{who(st, st.order[0])} declares trump: {trump_text(suit)}.")
    st.phase = PASS


def pass_card(st: SoldateskaState, card: int) -> None:
    """Each rank passes 2 cards (one action each) to the next rank down, from the General."""
    giver, taker = st.order[st.pass_pos], st.order[st.pass_pos + 1]
    bit = 1 << card
    st.hands = put(st.hands, giver, st.hands[giver] & ~bit)
    st.hands = put(st.hands, taker, st.hands[taker] | bit)
    st.passed = put(st.passed, giver, st.passed[giver] | bit)
    if count(st.passed[giver]) < 2:
        return
    say(st, f"{who(st, giver)} passes 2 cards to {who(st, taker)}.")
    say(st, f"You pass {', '.join(K.names(st.passed[giver]))} to {seat_label(taker)}.", giver)
    say(st, f"You receive {', '.join(K.names(st.passed[giver]))} from {seat_label(giver)}.", taker)
    st.pass_pos += 1
    if st.pass_pos == len(st.order) - 1:
        st.phase = ASIDE
        st.aside_owner = st.order[-1]


def lay_aside(st: SoldateskaState, card: int) -> None:
    """The Deserter (the lowest rank) lays 2 cards aside face down; they count as his."""
    owner = st.aside_owner
    bit = 1 << card
    st.hands = put(st.hands, owner, st.hands[owner] & ~bit)
    st.aside |= bit
    if count(st.aside) < 2:
        return
    say(st, f"{who(st, owner)} lays 2 cards aside face down.")
    say(st, f"You lay aside {', '.join(K.names(st.aside))}.", owner)
    start_play(st, owner)


# -- "Game Idea", "Duels" -----------------------------------------------------------------------
def start_play(st: SoldateskaState, leader: int) -> None:
    """The Deserter (in the recruitment round the dealer) plays the first card."""
    st.phase = PLAY
    st.trick, st.trick_leader, st.led = (), leader, UNSET
    st.tr = K.trick_rules(st.trump, st.game.params.duel_anytime)


#: ``st.led`` before a card other than a Duel is in the trick.
UNSET = -2


def playable(st: SoldateskaState, seat: int) -> int:
    """The cards ``seat`` may play now (Game Idea: follow the led suit, a trump lead with trump;
    otherwise any card; Duels only when unable to follow unless ``duel_anytime``)."""
    hand = st.hands[seat]
    if not st.trick:
        others = hand & K.NOT_DUELS
        return others if others else hand
    if st.led == UNSET:
        return hand  # a Duel was led: the next card sets the suit
    return st.tr.playable(hand, st.led, K.TRUMPS)


def play_card(st: SoldateskaState, card: int) -> None:
    """A card to the trick. A player who does not follow shows a void in the led suit."""
    n = st.n
    trick = st.trick
    seat = (st.trick_leader + len(trick)) % n
    bit = 1 << card
    tr = st.tr
    duel = bit & K.DUELS
    if st.led == UNSET:
        if not duel:
            st.led = tr.deck.suit_of[card]
        elif not trick:
            st.voids = put(st.voids, seat, st.voids[seat] | K.NOT_DUELS)
    elif st.led != NO_SUIT and tr.deck.suit_of[card] != st.led and not (bit & tr.free_mask):
        st.voids = put(st.voids, seat, st.voids[seat] | tr.deck.suit_mask[st.led])
    hands, played = st.hands, st.played
    st.hands = hands[:seat] + (hands[seat] & ~bit,) + hands[seat + 1 :]
    st.played = played[:seat] + (played[seat] | bit,) + played[seat + 1 :]
    trick = st.trick = trick + (card,)
    if len(trick) < n:
        return
    plain = [c for c in trick if not (K.DUELS >> c) & 1]
    index = trick.index(plain[tr.winner(plain, K.TRUMPS)])
    winner = (st.trick_leader + index) % n
    if len(plain) == n:
        take_trick(st, winner)
        return
    duellists = [(st.trick_leader + i) % n for i, c in enumerate(trick) if (K.DUELS >> c) & 1]
    fighters = tuple(dict.fromkeys([winner, *duellists]))
    say(st, "Duel for the trick: " + " against ".join(who(st, s) for s in fighters) + ".")
    start_rolloff(st, "duel", (fighters,), top=True)


def take_trick(st: SoldateskaState, winner: int) -> None:
    """The winner keeps the trick's cards and leads the next trick."""
    cards = st.trick
    pile = 0
    for c in cards:
        pile |= 1 << c
    names = K.NAMES
    st.won = put(st.won, winner, st.won[winner] | pile)
    st.ntricks = put(st.ntricks, winner, st.ntricks[winner] + 1)
    st.tricks = st.tricks + ((st.trick_leader, cards, winner),)
    say(st, f"{who(st, winner)} wins the trick: {', '.join([names[c] for c in cards])}.")
    st.phase = PLAY
    st.trick, st.trick_leader, st.led = (), winner, UNSET
    if len(st.tricks) == HAND_SIZE:
        end_of_round(st)


# -- "End of the Round" -------------------------------------------------------------------------
def holds(st: SoldateskaState, seat: int) -> int:
    """What ``seat`` holds at the round's end: the tricks it won, plus the laid-aside cards."""
    return st.won[seat] | (st.aside if seat == st.aside_owner else 0)


def holder(st: SoldateskaState, card: int) -> int:
    for seat in range(st.game.num_players):
        if (holds(st, seat) >> card) & 1:
            return seat
    return -1


def pay_bank(st: SoldateskaState, seat: int, amount: int) -> int:
    """``seat`` pays ``amount`` to the bank, or all he has."""
    paid = min(amount, st.ducats[seat])
    st.ducats = put(st.ducats, seat, st.ducats[seat] - paid)
    st.bank += paid
    return paid


def bank_pays(st: SoldateskaState, seat: int, amount: int) -> int:
    """The bank pays ``amount`` to ``seat``, or all it has. Bomb: a player blown up this round
    starts the next one "a new penniless Lieutenant", so what the round would pay him (medals,
    Spy, wage) stays in the bank."""
    if seat == st.bombed:
        return 0
    paid = min(amount, st.bank)
    st.ducats = put(st.ducats, seat, st.ducats[seat] + paid)
    st.bank -= paid
    return paid


def gain(st: SoldateskaState, seat: int, paid: int) -> str:
    """What a settlement step paid ``seat``, in words for the log."""
    return "penniless, it stays in the bank" if seat == st.bombed else f"+{paid}"


def end_of_round(st: SoldateskaState) -> None:
    """End of the Round. The Deserter's laid-aside cards are shown, then the six steps."""
    settle(st, f"=== Round {st.round} settlement ===")
    if st.aside_owner >= 0:
        st.aside_public = True
        settle(st, f"{who(st, st.aside_owner)} laid aside {', '.join(K.names(st.aside))}.")
    bomb = holder(st, K.BOMB)
    if bomb >= 0:
        st.roller, st.phase = bomb, BOMB_ROLL
        return
    settle(st, "1. Bomb: not held.")
    step_deserter(st)


def bomb_roll(st: SoldateskaState, value: int) -> None:
    """1. Bomb: 0 rolls again, 2 blows up (the holder's ducats go to the bank), else a dud."""
    seat = st.roller
    if value == 0:
        say(st, f"{who(st, seat)} rolls 0 for the Bomb: roll again.")
        return
    if value == 2:
        lost = pay_bank(st, seat, st.ducats[seat])
        st.bombed = seat
        settle(st, f"1. Bomb: {who(st, seat)} rolls 2: it blows up! {lost} ducats to the bank.")
    else:
        settle(st, f"1. Bomb: {who(st, seat)} rolls {value}: a dud.")
    step_deserter(st)


def step_deserter(st: SoldateskaState) -> None:
    """2. Deserter: the holder of the Deserter card becomes Deserter and pays 1 ducat per
    trick he took (not after the recruitment round)."""
    seat = holder(st, K.DESERTER)
    st.new_deserter = seat
    if seat < 0:
        settle(st, "2. Deserter: the Deserter card was not in play.")
    elif st.round == 1:
        settle(st, f"2. Deserter: {seat_label(seat)} holds the Deserter card (no payment after recruitment).")
    else:
        paid = pay_bank(st, seat, st.ntricks[seat])
        settle(
            st, f"2. Deserter: {seat_label(seat)} holds the Deserter card, took {st.ntricks[seat]} tricks, "
            f"pays {paid}."
        )
    seat = holder(st, K.KOKETTE)
    if seat >= 0:
        st.roller, st.phase = seat, KOKETTE_ROLL
        return
    settle(st, "3. Kokette: not held.")
    step_medals(st)


def kokette_roll(st: SoldateskaState, dice: tuple[int, ...]) -> None:
    """3. Kokette: the holder rolls (one die, or both in the variant) and pays that much."""
    seat = st.roller
    cost = sum(dice)
    paid = pay_bank(st, seat, cost)
    rolled = "+".join(str(d) for d in dice)
    settle(st, f"3. Kokette: {seat_label(seat)} rolls {rolled} and spends {paid} ducats on her.")
    step_medals(st)


def step_medals(st: SoldateskaState) -> None:
    """4. Medals: the bank pays 1 ducat for every medal ('10' of a weapon suit) held."""
    parts = []
    for seat in range(st.game.num_players):
        medals = count(holds(st, seat) & K.MEDALS)
        if medals:
            paid = bank_pays(st, seat, medals)
            parts.append(f"{seat_label(seat)} {medals} medal{'s' if medals > 1 else ''} "
                         f"({gain(st, seat, paid)})")
    settle(st, "4. Medals: " + (", ".join(parts) if parts else "none held") + ".")
    if bank_empty(st):
        return
    seat = holder(st, K.SPY)
    if seat >= 0:
        st.roller, st.phase = seat, SPY_ROLL
        return
    settle(st, "5. Spy: not held.")
    step_ranks(st)


def spy_roll(st: SoldateskaState, value: int) -> None:
    """5. Spy: the holder rolls and receives that many ducats from the bank."""
    paid = bank_pays(st, st.roller, value)
    settle(st, f"5. Spy: {seat_label(st.roller)} rolls {value}: {gain(st, st.roller, paid)}.")
    if bank_empty(st):
        return
    step_ranks(st)


def bank_empty(st: SoldateskaState) -> bool:
    """End of the Game: when the bank is empty, the game ends after the current step."""
    if st.bank > 0:
        return False
    settle(st, "The bank is empty: the game ends.")
    game_over(st)
    return True


def step_ranks(st: SoldateskaState) -> None:
    """6. New ranks by the value of the cards held; ties are rolled off."""
    n = st.game.num_players
    sums = [K.points(holds(st, s)) for s in range(n)]
    candidates = [s for s in range(n) if s != st.new_deserter]
    settle(st, "6. Ranks: card values " + ", ".join(
        f"{seat_label(s)} {sums[s]}" + (" (Deserter)" if s == st.new_deserter else "") for s in range(n)
    ) + ".")
    candidates.sort(key=lambda s: -sums[s])
    blocks: list[tuple[int, ...]] = []
    for s in candidates:
        if blocks and sums[blocks[-1][0]] == sums[s]:
            blocks[-1] = blocks[-1] + (s,)
        else:
            blocks.append((s,))
    if any(len(b) > 1 for b in blocks):
        say(st, "Equal values are rolled off.")
    start_rolloff(st, "ranks", tuple(blocks), top=False)


def finish_ranks(st: SoldateskaState, placed: tuple[int, ...]) -> None:
    """6. (cont.) A player blown up by the Bomb re-enters as the lowest officer; then the Flag
    holder goes one rank up from where he stands; then wages from the bank, top down, while it has money."""
    n = st.game.num_players
    deserter = st.new_deserter
    if deserter >= 0:
        officers, ranks = list(placed), K.personalities(n)
    elif st.game.params.deck == "full" and n < 6:
        officers, ranks = list(placed), K.officers_without_deserter(n)
        settle(st, "No Deserter this time: one more officer rank is used.")
    else:
        # The lowest sum becomes Deserter (spec, the seed is silent); a blown-up player is not
        # a candidate, the seed makes him "a new penniless Lieutenant" (Bomb).
        deserter = next(s for s in reversed(placed) if s != st.bombed)
        officers, ranks = [s for s in placed if s != deserter], K.personalities(n)
        but = (f" but for {seat_label(st.bombed)} (blown up)"
               if placed[-1] == st.bombed else "")
        settle(st, f"Nobody holds the Deserter card: {seat_label(deserter)}, lowest{but}, "
               "becomes Deserter.")
    # Bomb: the blown-up player re-enters as the lowest officer; the ranks are now what the
    # others "would otherwise attain", so the Flag is given after it (End of the Round, 6).
    if st.bombed in officers:
        officers.remove(st.bombed)
        officers.append(st.bombed)
        settle(st, f"{seat_label(st.bombed)} re-enters as the lowest officer, penniless.")
    flag = holder(st, K.FLAG)
    if flag in officers and officers.index(flag) > 0:
        i = officers.index(flag)
        officers[i - 1], officers[i] = officers[i], officers[i - 1]
        settle(st, f"Flag: {seat_label(flag)} moves up one rank past {seat_label(officers[i])}.")
    order = tuple(officers) + ((deserter,) if deserter >= 0 and deserter not in officers else ())
    new_ranks = [-1] * n
    for seat, rank in zip(order, ranks):
        new_ranks[seat] = rank
    st.ranks, st.order = tuple(new_ranks), order
    settle(st, "New ranks: " + ", ".join(f"{K.RANK_NAMES[st.ranks[s]]} {seat_label(s)}" for s in order) + ".")
    parts = []
    for seat in order:
        wage = K.WAGES[st.ranks[seat]]
        if wage:
            paid = bank_pays(st, seat, wage)
            parts.append(f"{K.RANK_NAMES[st.ranks[seat]]} {seat_label(seat)} {gain(st, seat, paid)}")
    settle(st, "Wages: " + ", ".join(parts) + f". Bank: {st.bank}.")
    st.settled = st.ducats
    if bank_empty(st):
        return
    if st.round >= st.game.params.max_rounds:
        settle(st, f"Round limit {st.round} reached: the game ends.")
        game_over(st)
        return
    st.round += 1
    st.dealer = officers[-1]
    begin_round(st)


# -- "End of the Game" --------------------------------------------------------------------------
def game_over(st: SoldateskaState) -> None:
    """Most ducats wins; equal ducats share the win."""
    st.over, st.phase = True, OVER
    best = max(st.ducats)
    winners = [s for s in range(st.game.num_players) if st.ducats[s] == best]
    say(st, "Final ducats: " + ", ".join(f"{seat_label(s)} {d}" for s, d in enumerate(st.ducats))
        + ". Winner" + ("s: " if len(winners) > 1 else ": ")
        + ", ".join(seat_label(s) for s in winners) + ".")


def returns(st: SoldateskaState) -> list[float]:
    """``returns="ducats"``: the ducats each player held after the last settlement (final
    ducats at the end), so search can value a round; ``"win"``: the shared win, at the end."""
    n = st.game.num_players
    if st.game.params.returns == "ducats":
        return [float(d) for d in (st.ducats if st.over else st.settled)]
    if not st.over:
        return [0.0] * n
    best = max(st.ducats)
    winners = [s for s in range(n) if st.ducats[s] == best]
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]


