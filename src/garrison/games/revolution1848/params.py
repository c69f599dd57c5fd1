"""Options of 1848 (docs/rules/1848.md, "Options")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from garrison.core import OptionError, Params, Preset, option

from .carddata import CardSet, load_cards


@dataclass(frozen=True)
class Revolution1848Params(Params):
    #: The starting points a new table is offered (the lobby), the rulebook's first.
    TABLES: ClassVar[tuple[Preset, ...]] = (
        Preset("classic", "Classic", "three players with armies"),
        Preset("quick", "Quick", "two players", {"players": 2}),
        Preset("base", "Base game", "the two-player base game", {"players": 2, "rules": "base"}),
    )

    players: int = option(3, low=2, high=4, doc="number of players (2-4)",
        label="Players",
    )
    rules: str = option(
        "extended",
        choices=("extended", "base"),
        doc="extended: the seed's rules for 2-4 players with armies; base: the 2-player base game",
        label="Rules",
        says="the full game or the two-player base game",
        values={
            "extended": ("Full game", "2-4 players, with armies and pushing"),
            "base": ("Base game", "two players, no armies"),
        },
        main=True,
    )
    cards: str = option(
        "",
        doc="path of another card file (JSON, same format as data/cards.json); empty: our "
        "reconstructed set",
        path=True,
        label="Card set",
        says="the cards in play: our built-in set, or another the server offers",
        values={
            "": ("Built in", "our set; values marked * are reconstructed"),
        },
    )
    patt_limit: int = option(
        0,
        low=0,
        high=20,
        doc="house rule (ours), off (0) by default: after this many Patts in a row on one "
        "Ablaufkarte it is set aside unwon; the seed replays a Patt for the same card however "
        "often it happens",
        label="Set a round card aside after ties",
        says="a house rule, off at 0: after this many ties in a row on one round card it is set aside unwon",
    )

    pack: str = option(
        "",
        doc="for exact game theory, not a way to play: only these cards are in play, their ids "
        "joined by '+' (e.g. A01+PE01+PE09+PE21+PE33); at least one Ablaufkarte and one "
        "Personenkarte, each in play under the rules; empty: the rules' whole set",
        label="Cards in play (research)",
        says="for research only: play with these cards alone",
        research=True,
    )

    def validate(self) -> None:
        if self.rules == "base" and self.players != 2:
            raise OptionError(
                f"option 'rules' = 'base' is the 2-player base game; use players=2 (got {self.players})",
                says=f"{self.said('rules', 'base')} is for 2 players: set {self.said('players')} to 2"
                     f" (got {self.players})",
            )
        in_play(load_cards(self.cards), self.rules, self.pack)


def in_play(cards: CardSet, rules: str, pack: str) -> tuple[list[int], int]:
    """The Ablaufkarten in play (their indices, in order) and the bitmask of the playable cards
    left out, under ``rules`` and the option ``pack`` (docs/rules/1848.md, "Options").

    Raises:
        OptionError: for a pack naming an unknown card, a card the rules leave out, a card twice,
            or no Ablaufkarte or no Personenkarte.
    """
    ablauf = list(cards.base_ablauf) if rules == "base" else list(range(len(cards.ablauf_id)))
    excluded = cards.excluded(rules)
    if not pack:
        return ablauf, excluded
    ids = pack.split("+")
    if len(set(ids)) != len(ids):
        raise OptionError(f"option 'pack' names a card twice: {pack!r}")
    kept_ablauf, kept = [], 0
    for cid in ids:
        if cid in cards.ablauf_id:
            index = cards.ablauf_id.index(cid)
            if index not in ablauf:
                raise OptionError(f"option 'pack': Ablaufkarte {cid} is not in the {rules} game")
            kept_ablauf.append(index)
        elif cid in cards.cid:
            card = cards.index(cid)
            if excluded >> card & 1:
                raise OptionError(f"option 'pack': card {cid} is not in the {rules} game")
            kept |= 1 << card
        else:
            raise OptionError(f"option 'pack': no card {cid!r}; ids are A01-A26, PE01-PE42 and "
                              "Z01-Z34, joined by '+'")
    if not kept_ablauf or not any(cards.is_person(c) for c in range(len(cards.cid)) if kept >> c & 1):
        raise OptionError("option 'pack' needs at least one Ablaufkarte and one Personenkarte")
    everything = (1 << len(cards.cid)) - 1
    return sorted(kept_ablauf), everything & ~kept
