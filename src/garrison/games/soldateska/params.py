"""Options of Soldateska (docs/rules/soldateska.md, "Options")."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from garrison.core import OptionError, Params, Preset, option

from .deck import NAMES


@dataclass(frozen=True)
class SoldateskaParams(Params):
    #: The starting points a new table is offered (the lobby), the rulebook's first.
    TABLES: ClassVar[tuple[Preset, ...]] = (
        Preset("classic", "Classic", "four players, ten ducats each"),
        Preset("quick", "Quick", "three players, five ducats each", {"players": 3, "ducats_per_player": 5}),
        Preset("full", "Full deck", "all 62 cards, ten each", {"deck": "full"}),
    )

    players: int = option(4, low=3, high=6, doc="number of players",
        label="Players",
    )
    deck: str = option(
        "standard",
        choices=("standard", "full", "five_suits"),
        doc="standard: the seed's cards per player count; full: all 62 cards with 3-5 players, "
        "10 each, the rest unused; five_suits: all five suits without the low cards (3-5 players)",
        label="Deck",
        says="which cards are played",
        values={
            "standard": ("Standard", "the cards the rules give this number of players"),
            "full": ("Full deck", "all 62 cards, ten each, the rest unused (3-5 players)"),
            "five_suits": ("Five suits", "all five suits without the low cards (3-5 players)"),
        },
        main=True,
    )
    ducats_per_player: int = option(
        10, low=1, high=100, doc="ducats in the bank per player at the start (the game's length)",
        label="Ducats per player",
        main=True,
    )
    kokette_dice: int = option(
        1, choices=(1, 2), doc="dice the Kokette's holder rolls (2 only with 5 or 6 players)",
        label="Dice for the Kokette",
    )
    duel_anytime: bool = option(
        False, doc="a Duel card may be played even when the player could follow",
        label="Duel at any time",
    )
    tobacco_trump: bool = option(False, doc="the General may also declare Tobacco as trump",
        label="Tobacco may be trump",
    )
    returns: str = option(
        "ducats",
        choices=("ducats", "win"),
        doc="ducats: final ducats; win: 1 shared among the players with the most ducats",
        label="Scoring",
        says="what counts at the end",
        values={
            "ducats": ("Ducats", "your result is the ducats you end with"),
            "win": ("Most ducats wins", "the players with the most ducats share the win"),
        },
    )
    max_rounds: int = option(
        100,
        low=1,
        high=10000,
        doc="safety stop (not in the seed): the game also ends after this many rounds",
        label="Stop after rounds",
        says="a safety stop: the game also ends after this many rounds",
    )
    hand: int = option(
        10, low=1, high=10,
        doc="cards dealt to each player a round (10: the rules' number); fewer make small games "
        "for exact game theory",
        label="Cards each (research)",
        says="for research only: fewer cards dealt to each player a round (10 as usual)",
        research=True,
    )
    pack: str = option(
        "",
        doc="only these cards in play, '+'-separated names with '_' for a space "
        "('General+Major+Sabers_9'; empty: the deck option's cards): small games for exact "
        "game theory",
        label="Cards in play (research)",
        says="for research only: play with these cards alone",
        research=True,
    )
    roll_limit: int = option(
        20, low=0, high=20,
        doc="rolls a roll-off (or the Bomb's 0s) may take before ties settle in seat order "
        "(not in the rules, it bounds the game: 20; 0 settles every tie in seat order at once, "
        "without a roll: small games for exact game theory)",
        label="Rolls before ties settle (research)",
        says="for research only: how many times a tied roll-off is rolled again before the tie goes by seat order (20 as usual)",
        research=True,
    )

    def validate(self) -> None:
        if self.deck != "standard" and self.players == 6:
            raise OptionError(
                f"option 'deck={self.deck}' is a variant for 3-5 players; with 6 players all "
                "62 cards are always in play (use deck=standard)",
                says=f"{self.said('deck', self.deck)} is for 3 to 5 players; with 6 every card "
                     f"is in play: choose {self.said('deck', 'standard')}",
            )
        if self.kokette_dice == 2 and self.players < 5:
            raise OptionError("option 'kokette_dice=2' is a variant for 5 or 6 players",
                              says=f"{self.said('kokette_dice', 2)} is for 5 or 6 players "
                                   f"(got {self.players} players)")
        in_play = len(pack_cards(self.pack)) if self.pack else None
        dealt = self.hand * self.players
        if in_play is not None and in_play < dealt:
            raise OptionError(f"option 'pack' names {in_play} cards; {self.players} players with "
                              f"hand={self.hand} need at least {dealt}",
                              says=f"{self.said('pack')}: {in_play} cards; {self.players} "
                                   f"players with {self.hand} each need at least {dealt}")
        if in_play is not None and in_play < dealt + 2 and self.max_rounds > 1:
            raise OptionError(
                f"option 'pack' names {in_play} cards: from the second round on the General "
                f"also takes 2, so {dealt + 2} are needed, or max_rounds=1 (one round)",
                says=f"{self.said('pack')}: {in_play} cards; from the second round the General "
                     f"also takes 2, so {dealt + 2} are needed, or {self.said('max_rounds', 1)}")


@cache  # read for every new state of a game with a pack
def pack_cards(pack: str) -> tuple[int, ...]:
    """The card ids of a ``pack`` option ('+'-separated card names, '_' for a space). Raises
    ``OptionError`` naming a card that does not exist or is named twice."""

    index = {name.lower(): card for card, name in enumerate(NAMES)}
    cards: list[int] = []
    for word in pack.split("+"):
        name = word.replace("_", " ").strip().lower()
        if name not in index:
            raise OptionError(f"option 'pack': no card {word!r} (cards are named as "
                              "'General', 'Sabers_7', 'Tobacco_-3')")
        if index[name] in cards:
            raise OptionError(f"option 'pack': {word!r} is named twice")
        cards.append(index[name])
    return tuple(cards)
