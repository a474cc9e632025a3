"""`printkit kit`: everything for a game night."""


from typing import Annotated, Optional

import typer

from printkit.cli.common import (
    DEFAULT_OUT,
    CountOpt,
    LangOpt,
    OutDirOpt,
    PaperOpt,
    PlayersOpt,
    report,
    report_line,
    resolve_lang,
    wrote,
)
from printkit.draw.paper import paper as parse_paper
from printkit.message import say
from printkit.output import check_writable_dir, write_files


def kit(
    players: PlayersOpt = None,
    count: CountOpt = None,
    paper: PaperOpt = "letter",
    only: Annotated[Optional[str], typer.Option(
        "--only", help="Only these games, separated by commas: go-nuts,crazy8ix.")] = None,
    single_pdf: Annotated[bool, typer.Option(
        "--single-pdf", help="Write the kit as one PDF (kit-letter.pdf), for one print job.")
    ] = False,
    lang: LangOpt = None,
    out: OutDirOpt = None,
) -> None:
    """Print everything for a game night into output/ (or the folder given)."""
    from printkit.games.players import parse_players
    from printkit.products.kit import Rendered, parse_only, plan_kit, render_kit, single_document
    language = resolve_lang(lang)
    folder = out or DEFAULT_OUT
    check_writable_dir(folder)  # created only once everything is made
    names = parse_players(players) if players is not None else None
    sheet_paper = parse_paper(paper)
    plan = plan_kit(sheet_paper, names, count, parse_only(only) if only is not None else None,
                    language)
    if single_pdf:
        doc = single_document(plan, sheet_paper, language)
        rendered = [Rendered(doc.filename, len(doc.pages), doc.pdf_bytes())]
    else:
        rendered = render_kit(plan)
    write_files({folder / r.filename: r.data for r in rendered})
    for r in rendered:
        report_line(wrote(folder / r.filename, r.pages, language))
    for note in plan.skipped:
        report(language.gettext("skipped {part}").format(part=say(note, language)))
