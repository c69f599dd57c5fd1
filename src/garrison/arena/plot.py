"""Plots of a tournament: win shares with 95% error bars, and ratings over the games.

Needs ``matplotlib`` (the ``arena`` extra). The file type follows the name: ``.png`` or ``.svg``
(``.pdf`` works too).
"""

from __future__ import annotations

from pathlib import Path

from garrison.core import OptionError

from .tournament import ArenaResult

FORMATS = (".png", ".svg", ".pdf")


def plot_result(result: ArenaResult, path: str | Path) -> Path:
    """Write the two-panel figure of ``result`` to ``path`` and return the path."""
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise OptionError(f"plot file must end in {', '.join(FORMATS)} (got '{path.name}')")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise OptionError("plots need matplotlib: pip install 'garrison[arena]'") from None

    lines = result.lines
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    names = [line.bot for line in lines]
    summary = [line.summary() for line in lines]
    rates = [s["win_rate"] for s in summary]
    halves = [s["win_rate_ci95"] for s in summary]
    errors = [[min(h, r) for r, h in zip(rates, halves)],  # the interval, kept inside [0, 1]
              [min(h, 1.0 - r) for r, h in zip(rates, halves)]]
    left.bar(range(len(names)), rates, yerr=errors, capsize=6, color="#4c72b0")
    left.axhline(1.0 / len(result.bots), color="grey", linestyle="--", linewidth=1,
                 label="equal share")
    left.set_xticks(range(len(names)), names, rotation=15)
    left.set_ylabel("win share per seat (95% CI)")
    left.set_ylim(0, 1)
    left.legend(loc="upper right", fontsize=8)
    left.set_title(f"{result.game}: {len(result.records)} games"
                   + (f", {result.deals} mirrored deals" if result.mirror else ""))
    for line in lines:
        if not line.mu:
            continue
        xs = range(1, len(line.mu) + 1)
        lo = [m - s for m, s in zip(line.mu, line.sigma)]
        hi = [m + s for m, s in zip(line.mu, line.sigma)]
        right.plot(xs, line.mu, label=line.bot)
        right.fill_between(xs, lo, hi, alpha=0.2)
    right.set_xlabel("game")
    right.set_ylabel("openskill rating μ (band: ±σ)")
    right.set_title("ratings over the games")
    if any(line.mu for line in lines):
        right.legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return path


__all__ = ["plot_result"]
