"""`printkit games`: what printkit knows."""


from printkit.cli.common import report
from printkit.games.catalog import GAMES


def games() -> None:
    """List the games printkit knows and what it prints for each."""
    width = max(len(g.id) for g in GAMES.values())
    for g in GAMES.values():
        report(f"{g.id:<{width}}  {g.name} ({g.players})")
        report(f"{'':<{width}}  prints: {', '.join(g.prints)}")
