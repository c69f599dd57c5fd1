"""Options of Scopa (docs/rules/scopa.md: "The deal", "Scoring a hand", "Variants")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from garrison.core import OptionError, Params, Preset, option


@dataclass(frozen=True)
class ScopaParams(Params):
    #: The starting points a new table is offered (the lobby), the rulebook's first.
    TABLES: ClassVar[tuple[Preset, ...]] = (
        Preset("classic", "Classic", "four players as two teams, to 11"),
        Preset("quick", "Quick", "two players, to 6 points", {"players": 2, "target": 6}),
        Preset("scopone", "Scopone", "nine cards each, four on the table", {"deal": "scopone"}),
        Preset("assi", "Scopa d'Assi", "an Ace takes the whole table", {"ace_takes_all": True}),
    )

    players: int = option(
        4, choices=(2, 3, 4, 6),
        doc="2 or 3 play alone; 4 play as two teams of partners, 6 as three teams",
        label="Players",
    )
    deal: str = option(
        "scopa", choices=("scopa", "scopone", "scopone10", "all"),
        doc="scopa: 3 cards each and 4 on the table, 3 more each when hands are empty; "
        "scopone: 9 each and 4 on the table; scopone10: 10 each, none on the table (4 players); "
        "all: the whole pack dealt evenly at once, none on the table (for a reduced pack)",
        label="Deal",
        says="how the cards are dealt",
        values={
            "scopa": ("Scopa", "three cards each and four on the table, three more each when hands are empty"),
            "scopone": ("Scopone", "nine cards each and four on the table"),
            "scopone10": ("Scopone, all ten", "ten cards each, none on the table (4 players)"),
            "all": ("All at once", "the whole pack dealt evenly, none on the table"),
        },
        main=True,
    )
    values: int = option(
        10, low=1, high=10,
        doc="for exact game theory, not a way to play: only the cards of values 1 to this in "
        "each suit are in the pack (with deal='all')",
        label="Card values in the pack (research)",
        says="for research only: a smaller pack, values 1 to this in each suit",
        research=True,
    )
    suits: int = option(
        4, low=1, high=4,
        doc="for exact game theory, not a way to play: only this many suits, Diamonds first, are "
        "in the pack (with deal='all')",
        label="Suits in the pack (research)",
        says="for research only: a smaller pack with this many suits",
        research=True,
    )
    aside: int = option(
        0, low=0, high=39,
        doc="for exact game theory, not a way to play: with deal='all', this many cards of the "
        "reduced pack stay face down in the stock, never dealt nor seen, and the rest are dealt "
        "evenly (hidden information in a tiny game)",
        label="Cards never dealt (research)",
        says="for research only: cards of a smaller pack that are never dealt",
        research=True,
    )
    target: int = option(
        11, low=1, high=99, doc="points that win the game (the seed: 11, 16 or 21)",
        label="Points to win",
        says="points that win the game (usually 11, 16 or 21)",
        main=True,
    )
    must_capture: bool = option(
        True, doc="a played card that can capture must capture (off: it may be laid down)",
        label="Must capture",
    )
    fewest_cards: bool = option(
        False, doc="a capture by sum must use the fewest table cards possible",
        label="Capture with fewest cards",
    )
    ace_takes_all: bool = option(
        False, doc="Scopa d'Assi: an Ace takes the whole table (only an Ace, if one lies there)",
        label="Ace takes all",
    )
    ace_scopa: bool = option(
        False, doc="with ace_takes_all: an Ace that takes the whole table also scores a scopa",
        label="Ace's sweep is a scopa",
        says="an Ace that takes the whole table (Ace takes all) also scores a scopa",
    )
    napola: bool = option(
        False, doc="Diamonds A-2-3 in one pile score 3, +1 per further card in sequence; "
        "all ten Diamonds win the game",
        label="Napola",
        says="Coins A-2-3 in one pile score 3, one more for each further Coin in sequence; all ten Coins win the game",
    )
    re_bello: bool = option(False, doc="the King of Diamonds scores a point like the 7 of Diamonds",
        label="Re bello",
        says="the King of Coins scores a point, like the settebello",
    )
    hand_limit: int = option(
        100, low=1, high=10000,
        doc="safety cap on hands per game; at the cap the leaders share the win",
        label="Stop after hands",
    )

    def validate(self) -> None:
        if self.deal in ("scopone", "scopone10") and self.players != 4:
            raise OptionError(
                f"option 'deal' = {self.deal!r} is played by exactly 4 players (got players="
                f"{self.players}); use deal='scopa' for 2, 3 or 6 players",
                says=f"{self.said('deal', self.deal)} is for 4 players; for 2, 3 or 6 choose "
                     f"{self.said('deal', 'scopa')} (got {self.players} players)",
            )
        if self.ace_scopa and not self.ace_takes_all:
            raise OptionError("option 'ace_scopa' needs ace_takes_all=True",
                              says=f"{self.said('ace_scopa')}: only with {self.said('ace_takes_all')}")
        size = self.values * self.suits
        whole = f"choose {self.said('deal', 'all')}"
        if size < 40 and self.deal != "all":
            raise OptionError(
                f"a reduced pack (values={self.values}, suits={self.suits}) is dealt whole: use "
                f"deal='all' (got deal={self.deal!r})",
                says=f"A smaller pack ({self.values} values, {self.suits} suits) is dealt whole: "
                     f"{whole}",
            )
        if self.aside and self.deal != "all":
            raise OptionError(
                f"option 'aside' sets cards aside from a reduced pack dealt whole: use deal='all' "
                f"(got deal={self.deal!r})",
                says=f"{self.said('aside')} come from a pack dealt whole: {whole}",
            )
        if self.aside and self.aside >= size:
            raise OptionError(
                f"option 'aside' = {self.aside} leaves no card to deal from a pack of {size} "
                f"(allowed: 0 to {size - 1})",
                says=f"{self.said('aside')}: at most {size - 1} of a pack of {size} "
                     f"(got {self.aside})",
            )
        if self.deal == "all" and (size - self.aside) % self.players:
            kept = f" (after {self.aside} set aside)" if self.aside else ""
            raise OptionError(
                f"deal='all' deals the {size - self.aside} cards of the pack evenly{kept}: "
                f"{self.players} players cannot share them; choose values and suits whose product "
                f"they divide" + (", less aside" if self.aside else ""),
                says=f"{self.said('deal', 'all')} deals the {size - self.aside} cards evenly"
                     f"{kept}: {self.players} players cannot share them",
            )

    # -- derived -----------------------------------------------------------------------------
    @property
    def sides(self) -> int:
        """Scoring sides: each player alone with 2 or 3 players, else teams of two."""
        return self.players if self.players <= 3 else self.players // 2

    def side_of(self, seat: int) -> int:
        """Partners sit opposite: seats s and s + sides form one team."""
        return seat % self.sides

    @property
    def hand_size(self) -> int:
        if self.deal == "all":
            return (self.values * self.suits - self.aside) // self.players
        return {"scopa": 3, "scopone": 9, "scopone10": 10}[self.deal]

    @property
    def table_size(self) -> int:
        """Cards laid face up on the table at the first deal of each hand."""
        return 0 if self.deal in ("scopone10", "all") else 4

    @property
    def pack(self) -> int:
        """The cards in play (a mask): values 1 to ``values`` of the first ``suits`` suits."""
        return sum(1 << (10 * suit + face) for suit in range(self.suits) for face in range(self.values))
