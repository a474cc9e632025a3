"""`printkit sheet fox-and-rabbit`: the gamesheet for a map and a mode, as a Document."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from printkit.draw.impose import impose
from printkit.draw.paper import Paper
from printkit.draw.pdf_form import Form
from printkit.errors import PrintkitError, TemplateError
from printkit.games.fox_rabbit import sheet_fields
from printkit.games.fox_rabbit.board import MODES, GameMap, rules_digest
from printkit.games.fox_rabbit.difficulty_figures import stored_difficulty
from printkit.games.fox_rabbit.run import Run  # not record.py, which loads pydantic (0.12 s)
from printkit.games.fox_rabbit.sheet_code import sheet_code
from printkit.language import ENGLISH, Lang
from printkit.products.document import Document
from printkit.products.fox_rabbit import sheet
from printkit.products.fox_rabbit.words import difficulty_note, map_words, mode_word

MAX_COPIES = 200  # gamesheets printed at once (--pages)


def gamesheet(game_map: GameMap, mode_id: str, paper: Paper, copies: int = 1,
              difficulty: str | None = None, fillable: bool = False,
              values: Mapping[str, str | bool] | None = None,
              lang: Lang = ENGLISH, layout: int = sheet_fields.LAYOUT) -> Document:
    """Return `copies` gamesheets of `game_map` in `mode_id`, one to a sheet of paper.

    Each sheet prints the map's measured difficulty, as stored with the map (a map file of
    one's own is measured first: `difficulty.with_difficulty`); `difficulty` replaces that
    note ('' prints none).
    `fillable` makes the sheet a PDF form (one page: a form's field names are its own), filled
    with `values` (field name to text, or True for a ticked box) when given. In another
    `lang` only what is printed changes: the fields keep their names.
    """
    mode = game_map.modes.get(mode_id)
    if mode is None:
        raise PrintkitError(f"unknown mode {mode_id!r}: expected one of {', '.join(MODES)}")
    if not 1 <= copies <= MAX_COPIES:
        raise PrintkitError(f"--pages must be between 1 and {MAX_COPIES} (not {copies})")
    if difficulty is None:
        measured = stored_difficulty(game_map)
        if measured is None:
            raise TemplateError(f"the {game_map.name} map has no difficulty measured on its "
                                "rules: measure it first (difficulty.with_difficulty)")
        difficulty = difficulty_note(measured, lang)
    if fillable and copies != 1:
        raise PrintkitError("a fillable gamesheet is one page: its fields are named once "
                            "(leave out --pages)")
    title = lang.gettext("{title} gamesheet, {mode}").format(
        title=map_words(game_map.title, lang), mode=mode_word(mode_id, lang))
    code = sheet_code(game_map, mode, rules_digest(game_map), paper.id, lang.code, layout)
    pages = impose([sheet.panel(game_map, mode, difficulty, lang, code, layout)] * copies,
                   paper, 1, title, lang=lang)
    suffix = "" if game_map.name == "classic" else f"-{game_map.name}"
    form = None
    if fillable or values:
        form = Form(dict(values or {}), (sheet_fields.IDENTITY, sheet_fields.identity(
            game_map, mode, rules_digest(game_map))))
    name = (f"fox-and-rabbit-{mode_id}{suffix}-{paper.id}{'-fillable' if form else ''}"
            f"{lang.suffix}.pdf")
    return Document(title, name, tuple(pages), form)


def filled_gamesheet(run: Run, paper: Paper, lang: Lang = ENGLISH) -> Document:
    """Return the fillable gamesheet of a run's map and mode, filled in as the run shows it.

    It is today's sheet when the run fits it, else the newest older layout that holds it, a
    form printkit reads as well as today's (`read_sheet`): an endgame longer than today's
    log (two rounds) goes into the sheet of layout 1, whose log held four; another mode's
    achievement claimed, into layout 2's, which had a box for it."""
    problem = ""
    for layout in sorted(sheet_fields.LOG_ROUNDS_OF_LAYOUT, reverse=True):
        try:
            values = sheet_fields.form_values(run, layout)
            break
        except ValueError as err:
            problem = problem or str(err)  # what today's sheet cannot hold
    else:
        raise PrintkitError(f"the run does not fit on a gamesheet: {problem}")
    doc = gamesheet(run.map, run.mode, paper, values=values, lang=lang, layout=layout)
    return replace(doc, filename=doc.filename.replace("-fillable", "-filled"))
