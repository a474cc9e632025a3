"""Rule summaries: one page per game (two for The Fox and the Rabbit), and the booklet of all.

The texts live in `templates/rules/<game-id>.md` (see docs/rules-markdown.md for the
Markdown subset); the player aids are drawn by `printkit.products.rules.aids` from the
games' rules code. A game's aids, its pages and its place in the booklet are its entry in
`printkit.products.catalog`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.impose import footer
from printkit.draw.page import Page
from printkit.draw.paper import Paper
from printkit.games.catalog import Game
from printkit.language import ENGLISH, Lang
from printkit.products import catalog
from printkit.products.document import Document
from printkit.products.rules.layout import PagePlan, lay_out
from printkit.products.rules.markup import Summary, parse
from printkit.reading import read_text
from printkit.resources import template_path


def _printable(text: str) -> list[str]:
    return sorted({ch for f in fonts.ALL_FONTS for ch in fonts.missing_characters(text, f)})


def template_name(game: Game, lang: Lang = ENGLISH) -> str:
    """Return where a game's summary text lives under templates/: `rules/go-nuts.md` in
    English, `rules/es/go-nuts.md` in Spanish."""
    return f"rules/{game.id}.md" if lang.english else f"rules/{lang.code}/{game.id}.md"


def template_file(game: Game, lang: Lang = ENGLISH) -> Path:
    """Return the bundled summary text of a game in a language."""
    return template_path(*template_name(game, lang).split("/"))


def load(game: Game, template: Path | None = None, lang: Lang = ENGLISH) -> Summary:
    """Return a game's summary parsed from its bundled template, or from the file given.

    Its Clarifications section is headed in `lang` (`## Aclaraciones` in Spanish).
    """
    path = template or template_file(game, lang)
    shown = str(path) if template else f"templates/{template_name(game, lang)}"
    text = read_text(path, "the rule summary", shown)
    aids = [aid.name for aid in catalog.products_of(game.id).aids]
    return parse(text, shown, aids, _printable, lang.gettext("Clarifications"))


def plan(game: Game, paper: Paper, template: Path | None = None,
         lang: Lang = ENGLISH) -> list[PagePlan]:
    """Return the laid-out pages of a game's summary (what `rule_summary` prints)."""
    entry = catalog.products_of(game.id)
    return lay_out(load(game, template, lang), {aid.name: aid for aid in entry.aids}, paper,
                   entry.rule_pages, lang)


def _pages(plans: list[PagePlan], paper: Paper, title: str, first: int, total: int,
           lang: Lang) -> list[Page]:
    pages = []
    for i, page_plan in enumerate(plans):
        def draw(canvas: Canvas, page_plan: PagePlan = page_plan, number: int = first + i) -> None:
            page_plan.paint(canvas)
            footer(canvas, paper, title, number, total, lang)

        pages.append(Page(paper.width, paper.height, draw, f"{title} {first + i}"))
    return pages


def rule_summary(game: Game, paper: Paper, template: Path | None = None,
                 lang: Lang = ENGLISH) -> Document:
    """Return one game's rule summary as a document, in `lang`."""
    plans = plan(game, paper, template, lang)
    title = lang.gettext("{game} rule summary").format(game=lang.gettext(game.name))
    return Document(title, f"{game.id}-rules-{paper.id}{lang.suffix}.pdf",
                    tuple(_pages(plans, paper, title, 1, len(plans), lang)))


def booklet(paper: Paper, games: Sequence[str] | None = None,
            lang: Lang = ENGLISH) -> Document:
    """Return the summaries of `games` (every game's by default) in the booklet's order, the
    catalogue's; a game it does not place is refused, not left out."""
    wanted = [entry.game.id for entry in catalog.CATALOG] if games is None else list(games)
    for game_id in wanted:
        catalog.products_of(game_id)
    plans = [(entry.game, plan(entry.game, paper, lang=lang)) for entry in catalog.CATALOG
             if entry.game.id in wanted]
    total = sum(len(p) for _, p in plans)
    title = lang.gettext("Rule summaries")
    pages: list[Page] = []
    for game, game_plans in plans:
        pages += _pages(game_plans, paper, f"{title} · {lang.gettext(game.name)}",
                        len(pages) + 1, total, lang)
    return Document(title, f"rules-{paper.id}{lang.suffix}.pdf", tuple(pages))
