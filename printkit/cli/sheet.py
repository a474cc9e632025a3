"""`printkit sheet GAME`: one game's score pad or gamesheet."""


from pathlib import Path
from typing import Annotated, Optional

import typer

from printkit.cli.common import (
    MODE,
    CountOpt,
    LangOpt,
    OutFileOpt,
    PaperOpt,
    PlayersOpt,
    check_out,
    choice,
    resolve_lang,
    write_document,
)
from printkit.draw.paper import paper as parse_paper
from printkit.errors import PrintkitError
from printkit.games.catalog import GAMES
from printkit.games.catalog import game as find_game
from printkit.reading import read_bytes, read_text

TABLES_MAX_BYTES = 2_000_000  # 10,000 tables of four long names fit with room to spare


def sheet(
    game: Annotated[str, typer.Argument(
        click_type=choice(*GAMES), metavar="GAME", show_default=False,
        help=f"The game: {', '.join(GAMES)} (see `printkit games`).")],
    players: PlayersOpt = None,
    count: CountOpt = None,
    paper: PaperOpt = "letter",
    per_page: Annotated[int, typer.Option(
        "--per-page", help="Pads on one sheet: 1, 2 (halves, side by side on a landscape "
        "sheet) or 4 (quarters).")] = 1,
    pages: Annotated[Optional[int], typer.Option(
        "--pages", help="Sheets of paper to print (default 1); each holds --per-page pads. "
        "Dice Dice Baby adds its odds card once.")] = None,
    tables: Annotated[Optional[Path], typer.Option(
        "--tables", help="A CSV file with one row per table, the players' names in its "
        "cells: one named pad per table, in one PDF.")] = None,
    target: Annotated[Optional[int], typer.Option(
        "--target", help="Points that end the game (Go Nuts!, Crazy8ix).")] = None,
    mode: Annotated[Optional[str], typer.Option(
        "--mode", click_type=MODE, help="fox-and-rabbit: the mode (default easy).")] = None,
    map_file: Annotated[Optional[str], typer.Option(
        "--map", help="fox-and-rabbit: a map template (.toml) instead of the classic map.")] = None,
    variant: Annotated[Optional[int], typer.Option(
        "--variant",
        help="fox-and-rabbit: seeded map variant N instead of the classic map.")] = None,
    fillable: Annotated[bool, typer.Option(
        "--fillable", help="fox-and-rabbit: a PDF form to fill in on a tablet; printkit "
                           "validate reads it back.")] = False,
    from_record: Annotated[Optional[Path], typer.Option(
        "--from", help="fox-and-rabbit: fill the form from a run record (YAML), to share a run "
                       "as one PDF.")] = None,
    force: Annotated[bool, typer.Option(
        "--force", help="fox-and-rabbit --from: make the PDF of a run the validator finds "
                        "illegal too.")] = False,
    lang: LangOpt = None,
    out: OutFileOpt = None,
) -> None:
    """Print a score pad (or, for fox-and-rabbit, a gamesheet)."""
    language = resolve_lang(lang)
    check_out(out)
    found = find_game(game)
    sheet_paper = parse_paper(paper)
    if found.id == "fox-and-rabbit":
        # the gamesheet's modules (0.1 s and 13 MB) load for it alone, not for a score pad
        from printkit.games.fox_rabbit.difficulty_figures import stored_difficulty
        from printkit.games.fox_rabbit.template import choose_map
        from printkit.products.fox_rabbit.gamesheet import filled_gamesheet, gamesheet

        unused = [flag for flag, given in (("--players", players), ("--count", count),
                                           ("--target", target), ("--tables", tables))
                  if given is not None]
        if per_page != 1:
            unused.append("--per-page")
        if unused:
            raise PrintkitError(f"{', '.join(unused)} does not apply to the solitaire "
                                f"{found.name} gamesheet")
        if force and from_record is None:
            raise PrintkitError("--force applies to --from (a PDF of an illegal run)")
        if from_record is not None:
            if mode is not None or map_file is not None or variant is not None:
                raise PrintkitError("--from takes the map and the mode from the record; leave "
                                    "out --mode, --map and --variant")
            run = _read_run(from_record)
            warning = _verdict_kept(run, from_record, force)
            write_document(filled_gamesheet(run, sheet_paper, language), out, language)
            if warning:
                typer.echo(f"printkit: warning: {warning}", err=True)
            return
        game_map = choose_map(map_file, variant)
        if stored_difficulty(game_map) is None:
            # a map file of one's own, measured now: the simulator loads for it alone
            from printkit.games.fox_rabbit.difficulty import with_difficulty

            game_map = with_difficulty(game_map)
        write_document(gamesheet(game_map, mode or "easy", sheet_paper,
                                 1 if pages is None else pages, fillable=fillable,
                                 lang=language), out, language)
        return
    solo = [flag for flag, given in (("--mode", mode), ("--map", map_file),
                                     ("--variant", variant), ("--from", from_record))
            if given is not None] + (["--fillable"] if fillable else []) + \
        (["--force"] if force else [])
    if solo:
        said = solo[0] if len(solo) == 1 else ", ".join(solo[:-1]) + " and " + solo[-1]
        raise PrintkitError(f"{said} appl{'ies' if len(solo) == 1 else 'y'} to fox-and-rabbit, "
                            f"not {found.name}")
    from printkit.games.players import parse_players, parse_tables
    from printkit.products.score_pads import players_setup, score_pad, table_pads, tables_setups
    if tables is not None:
        clash = [flag for flag, given in (("--players", players), ("--count", count),
                                          ("--pages", pages)) if given is not None]
        if clash:
            raise PrintkitError(f"{', '.join(clash)} does not apply with --tables: the file "
                                "gives each table's players, and each table gets one pad")
        listed = parse_tables(read_text(tables, "the tables file", max_bytes=TABLES_MAX_BYTES),
                              str(tables))
        write_document(table_pads(found, tables_setups(found, listed, target, language),
                                  sheet_paper, per_page), out, language)
        return
    names = parse_players(players) if players is not None else None
    setup = players_setup(found, names, count, target, lang=language)
    write_document(score_pad(found, setup, sheet_paper, per_page, 1 if pages is None else pages),
                   out, language)


def _verdict_kept(run, path: Path, force: bool) -> str:  # type: ignore[no-untyped-def]
    """Refuse to fill a sheet from an illegal run unless forced; return what to warn of.

    A filled sheet holds what the paper does, not the turn log: a run judged by its log
    would otherwise come out as a PDF that looks legal.
    """
    from printkit.games.fox_rabbit.validate import validate_run

    report = validate_run(run)
    said = []
    if not report.legal:
        n = len(report.violations) + report.more_violations
        broken = f"{path} is an illegal run ({n} violation{'s' if n != 1 else ''}; first: " \
                 f"{report.violations[0]})"
        if not force:
            raise PrintkitError(f"{broken}; printkit validate {path} lists them. A PDF of it "
                                "is made only with --force")
        said.append(f"{broken}: made into a PDF as --force asks")
    if run.turns:
        said.append(f"the turn log of {path} is not carried into the PDF (the sheet has no "
                    "room for it): printkit validate will judge the sheet alone")
    return "; ".join(said)


def _read_run(path: Path):  # type: ignore[no-untyped-def]
    """Return the run in a record file or a filled PDF gamesheet, to fill a gamesheet with."""
    from printkit.form_reading import MAX_BYTES as PDF_BYTES
    from printkit.games.fox_rabbit.reader import read_run

    return read_run(read_bytes(path, "the run record", max_bytes=PDF_BYTES),
                    "standard input" if str(path) == "-" else str(path))
