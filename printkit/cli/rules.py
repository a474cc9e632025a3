"""`printkit rules [GAME|all]`: one-page rule summaries with player aids, or the booklet of all."""


from pathlib import Path
from typing import Annotated, Optional

import typer

from printkit.cli.common import (
    LangOpt,
    OutFileOpt,
    PaperOpt,
    check_out,
    choice,
    resolve_lang,
    write_document,
)
from printkit.draw.paper import paper as parse_paper
from printkit.errors import PrintkitError
from printkit.games.catalog import GAMES
from printkit.games.catalog import game as find_game

ALL = "all"


def rules(
    game: Annotated[str, typer.Argument(
        click_type=choice(*GAMES, ALL), metavar="GAME",
        help=f"The game: {', '.join(GAMES)} (see `printkit games`); or all, for one booklet "
        "of every summary.")] = ALL,
    paper: PaperOpt = "letter",
    template: Annotated[Optional[Path], typer.Option(
        "--template", help="Print one game's summary from this Markdown file instead of the "
        "bundled templates/rules/GAME.md (templates/rules/LANG/GAME.md).")] = None,
    lang: LangOpt = None,
    out: OutFileOpt = None,
) -> None:
    """Print rule summaries: one page per game (two for fox-and-rabbit), with player aids."""
    from printkit.products.rules.summary import booklet, rule_summary
    language = resolve_lang(lang)
    check_out(out)
    sheet_paper = parse_paper(paper)
    if game.strip().lower() == ALL:
        if template is not None:
            raise PrintkitError("--template prints one game's summary; name the game, "
                                "e.g. printkit rules go-nuts --template my-go-nuts.md")
        write_document(booklet(sheet_paper, lang=language), out, language)
        return
    write_document(rule_summary(find_game(game), sheet_paper, template, language), out,
                   language)
