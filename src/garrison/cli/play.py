"""A person at the terminal against bots: every screen is the game's view of one seat's
observation, so nothing that seat may not see is ever printed."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.prompt import Prompt
from rich.text import Text

from garrison.bots import bot_names, make_bot
from garrison.core import CHANCE, GameError, OptionError, game_class, games, load, sample_chance
from garrison.core.seats import seat_label

from .common import print_wrapped


def default_bot(game: Any) -> str:
    """The strongest bot the game offers (its own bots are listed strongest first)."""
    own = list(game.bots)
    return own[-1] if own else "random"


def menu(console: Console) -> tuple[str, dict[str, Any], int, list[str]]:
    """Ask for a game, its options, the person's seat and the bots."""
    names = games()
    console.print(Panel.fit("[bold]Garrison[/bold] — soldiers' and tavern games", style="cyan"))
    for i, name in enumerate(names, 1):
        cls = game_class(name)
        lo, hi = cls.player_range()
        players = f"{lo}" if lo == hi else f"{lo}-{hi}"
        console.print(f"  [bold]{i}[/bold]. {cls.title} ({name}, {players} players)")
    while True:
        pick = Prompt.ask("Game (number or name)", default="1", console=console).strip()
        if pick.isdigit() and 1 <= int(pick) <= len(names):
            name = names[int(pick) - 1]
            break
        if pick in names:
            name = pick
            break
        console.print(f"[red]Please choose 1-{len(names)} or one of: {', '.join(names)}[/red]")
    cls = game_class(name)
    options: dict[str, Any] = {}
    while True:
        try:
            game = load(name, **options)
            break
        except OptionError as err:
            console.print(f"[red]{err}[/red]")
            options = {}
    print_wrapped(console, game.describe())
    while True:
        text = Prompt.ask("Change options (name=value ..., empty to keep)", default="", console=console)
        try:
            pairs = dict(p.split("=", 1) for p in text.split()) if text.strip() else {}
            game = load(name, **{**options, **pairs})
            options.update(pairs)
            break
        except (OptionError, ValueError) as err:
            console.print(f"[red]{err if isinstance(err, OptionError) else 'write name=value'}[/red]")
    n = game.num_players
    while True:
        seat_text = Prompt.ask(f"Your seat (0-{n - 1})", default="0", console=console)
        if seat_text.isdigit() and 0 <= int(seat_text) < n:
            seat = int(seat_text)
            break
        console.print(f"[red]A seat is a number from 0 to {n - 1}[/red]")
    choices = bot_names(game)
    bot = Prompt.ask(
        f"Bots for the other seats ({', '.join(choices)})", default=default_bot(game), console=console
    )
    if bot not in choices:
        console.print(f"[yellow]No bot '{bot}'; using {default_bot(game)}[/yellow]")
        bot = default_bot(game)
    return name, options, seat, [bot] * n


def play(
    name: str,
    options: dict[str, Any],
    seat: int,
    bots: list[str],
    seed: int | None,
    console: Console,
    save: Path | None = None,
    delay: float = 0.0,
) -> list[float]:
    """Play one game; the person holds ``seat``; ``bots[s]`` plays every other seat ``s``.
    ``save``: the record is written there at the end, or when the person quits. ``delay``: a
    pause after each bot move, so a person can follow. Raises ``OptionError`` for a bad seat or
    bot list; quitting raises ``SystemExit(0)``."""
    game = load(name, **options)
    n = game.num_players
    if not 0 <= seat < n:
        raise OptionError(f"there is no seat {seat} (seats 0–{n - 1})")
    if len(bots) == 1:
        bots = bots * n
    if len(bots) == n - 1:
        bots = bots[:seat] + ["(you)"] + bots[seat:]
    if len(bots) != n:
        raise OptionError(f"give one bot for each of the {n - 1} other seats (or one for all)")
    rng = random.Random(seed)
    players = {s: make_bot(game, bots[s], s, rng.randrange(2**31)) for s in range(n) if s != seat}
    state = game.new_initial_state()
    seen = 0
    console.print(f"[bold]{game.title}[/bold] — you are {seat_label(seat)} (--seat {seat}). Type 'help' for help.")
    try:
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            if player != seat:
                state.apply_action(players[player].step(state))
                seen = _show_log(console, state.observation(seat), seen)
                if delay:
                    time.sleep(delay)
                continue
            obs = state.observation(seat)
            seen = _show_log(console, obs, seen)
            console.print(Panel(colourise(game.render(obs)), expand=False,
                                title=f"[bold]Your move, {seat_label(seat)}[/bold]"))
            state.apply_action(_ask(console, state))
    finally:
        if save is not None:
            _save(console, save, state)
    obs = state.observation(seat)
    _show_log(console, obs, seen)
    console.print(Panel(colourise(game.render(obs)), title="Game over", expand=False))
    returns = state.returns()
    console.print("Result: " + ", ".join(
        f"{'you' if s == seat else f'{seat_label(s)} ({bots[s]})'} {r:+g}" for s, r in enumerate(returns)
    ))
    return returns


def _show_log(console: Console, obs: dict[str, Any], seen: int) -> int:
    log = obs.get("log") or []
    for line in log[seen:]:
        text = colourise(f"· {line}")
        text.stylize("dim")
        console.print(text)
    return len(log)


#: Colours that help at the terminal: red and black suits, the two Stratego sides, seat names.
COLOURS = (
    (r"♥|♦|\bHearts\b|\bDiamonds\b", "bold red"),
    (r"♠|♣|\bSpades\b|\bClubs\b", "bold"),
    (r"\bRed\b", "bold red"),
    (r"\bBlue\b", "bold blue"),
    (r"\bP[1-9]\b", "cyan"),
)


def colourise(text: str) -> Text:
    """The game's text view with colours (none where NO_COLOR is set or output is no terminal:
    rich drops styles there)."""
    out = Text(text)
    for pattern, style in COLOURS:
        out.highlight_regex(pattern, style)
    return out


def _save(console: Console, path: Path, state: Any) -> None:
    try:
        path.write_text(json.dumps(state.to_record()) + "\n", encoding="utf-8")
    except OSError as err:
        console.print(f"[red]could not save the record to {path}: {err.strerror}[/red]")
        return
    console.print(f"Record saved to {path} ({state.move_number()} moves): "
                  f"garrison replay {path}")


LISTED_AT_MOST = 40  # more moves than this are listed on request ('moves')


def _ask(console: Console, state: Any) -> int:
    legal = state.legal_actions()
    texts = [state.action_to_string(a) for a in legal]
    listing = "Your move: " + "  ".join(f"[bold]#{i}[/bold] {t}" for i, t in enumerate(texts, 1))
    if len(texts) > LISTED_AT_MOST:  # a Stratego setup's 73: the view says what to type
        console.print(f"Your move ({len(texts)} possible; 'moves' lists them with their numbers)")
    else:
        console.print(listing)
    while True:
        try:
            text = console.input("> ").strip()
        except EOFError:
            console.print("\nInput closed; game abandoned.")
            raise SystemExit(0) from None
        if text.lower() in ("q", "quit", "exit"):
            console.print("Game abandoned.")
            raise SystemExit(0)
        if text.lower() in ("h", "help", "?"):
            console.print(
                f"Type the move as listed (e.g. '{texts[0]}'), or its number with '#' (e.g. #1); "
                "a plain number is read as the game's own notation. 'moves' lists the moves, "
                "'quit' leaves the game."
            )
            continue
        if text.lower() == "moves":
            console.print(listing)
            continue
        if text.startswith("#") and text[1:].isdigit():
            if 1 <= int(text[1:]) <= len(legal):
                return int(legal[int(text[1:]) - 1])
            console.print(f"[red]there is no move {text}: the moves are #1 to #{len(legal)}[/red]")
            continue
        try:
            action = state.parse_action(text)
            if action not in legal:
                state.apply_action(action)  # raises the rule's explanation, changes nothing
            return int(action)
        except GameError as err:
            listed = text.isdigit() and 1 <= int(text) <= len(legal)
            # A plain number is the game's notation; say how to pick the listed move instead.
            tip = f" (the listed move {text} is typed #{text})" if listed else ""
            console.print(f"[red]{err}[/red]{tip}", highlight=False)
