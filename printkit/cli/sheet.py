"""`printkit sheet GAME`: one game's score pad or gamesheet."""


from pathlib import Path
from typing import Annotated, Optional

import typer

from printkit.cli.common import CountOpt, PaperOpt, PlayersOpt, write_document
from printkit.draw.paper import paper as parse_paper
from printkit.games.catalog import game as find_game
from printkit.games.players import parse_players
from printkit.products.score_pads import players_setup, score_pad


def sheet(
    game: Annotated[str, typer.Argument(help="Game id; see `printkit games`.")],
    players: PlayersOpt = None,
    count: CountOpt = None,
    paper: PaperOpt = "letter",
    per_page: Annotated[int, typer.Option("--per-page", help="Pads on one sheet: 1, 2 or 4.")] = 1,
    pages: Annotated[int, typer.Option("--pages", help="Copies of the pad.")] = 1,
    target: Annotated[Optional[int], typer.Option(
        "--target", help="Points that end the game (Go Nuts!, Crazy8ix).")] = None,
    out: Annotated[Optional[Path], typer.Option("-o", "--out", help="File or folder to write.")] = None,
) -> None:
    """Print a score pad (or, for fox-and-rabbit, a gamesheet)."""
    found = find_game(game)
    sheet_paper = parse_paper(paper)
    names = parse_players(players) if players is not None else None
    setup = players_setup(found, names, count, target)
    write_document(score_pad(found, setup, sheet_paper, per_page, pages), out)
