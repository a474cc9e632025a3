"""Rule summaries: one page per game (two for The Fox and the Rabbit), and the booklet of all.

The texts live in `templates/rules/<game-id>.md` (see docs/rules-markdown.md for the
Markdown subset); the player aids are drawn by `printkit.products.rules.aids` from the
games' rules code.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.impose import footer
from printkit.draw.page import Page
from printkit.draw.paper import Paper
from printkit.games.catalog import GAMES, Game
from printkit.products.document import Document
from printkit.products.rules.aids import AIDS
from printkit.products.rules.layout import PagePlan, lay_out
from printkit.products.rules.markup import Summary, parse
from printkit.reading import read_text
from printkit.resources import template_path

# The booklet's order: the four table games by name, then the solitaire game, whose two
# pages then share one sheet when printed on both sides.
ORDER = ("crazy-like-a-fox", "crazy8ix", "dice-dice-baby", "go-nuts", "fox-and-rabbit")
MAX_PAGES = {"fox-and-rabbit": 2}  # every other summary fits one page


def _printable(text: str) -> list[str]:
    return sorted({ch for f in fonts.ALL_FONTS for ch in fonts.missing_characters(text, f)})


def template_file(game: Game) -> Path:
    """Return the bundled summary text of a game."""
    return template_path("rules", f"{game.id}.md")


def load(game: Game, template: Path | None = None) -> Summary:
    """Return a game's summary parsed from its bundled template, or from the file given."""
    path = template or template_file(game)
    shown = str(path) if template else f"templates/rules/{path.name}"
    text = read_text(path, "the rule summary", shown)
    return parse(text, shown, AIDS[game.id].keys(), _printable)


def plan(game: Game, paper: Paper, template: Path | None = None) -> list[PagePlan]:
    """Return the laid-out pages of a game's summary (what `rule_summary` prints)."""
    return lay_out(load(game, template), AIDS[game.id], paper, MAX_PAGES.get(game.id, 1))


def _pages(plans: list[PagePlan], paper: Paper, title: str, first: int, total: int
           ) -> list[Page]:
    pages = []
    for i, page_plan in enumerate(plans):
        def draw(canvas: Canvas, page_plan: PagePlan = page_plan, number: int = first + i) -> None:
            page_plan.paint(canvas)
            footer(canvas, paper, title, number, total)

        pages.append(Page(paper.width, paper.height, draw, f"{title} {first + i}"))
    return pages


def rule_summary(game: Game, paper: Paper, template: Path | None = None) -> Document:
    """Return one game's rule summary as a document."""
    plans = plan(game, paper, template)
    title = f"{game.name} rule summary"
    return Document(title, f"{game.id}-rules-{paper.id}.pdf",
                    tuple(_pages(plans, paper, title, 1, len(plans))))


def booklet(paper: Paper, games: Sequence[str] = ORDER) -> Document:
    """Return the summaries of `games` (every game's by default) in the booklet's order."""
    plans = [(GAMES[game_id], plan(GAMES[game_id], paper)) for game_id in ORDER
             if game_id in games]
    total = sum(len(p) for _, p in plans)
    title = "Rule summaries"
    pages: list[Page] = []
    for game, game_plans in plans:
        pages += _pages(game_plans, paper, f"{title} · {game.name}", len(pages) + 1, total)
    return Document(title, f"rules-{paper.id}.pdf", tuple(pages))
