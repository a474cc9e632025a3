"""`printkit kit`: everything printkit makes for a game night, as a list of files to write.

Players, paper and the games asked for are checked while planning; each document is then
made and rendered by its own recipe, side by side on every core where the system can
fork, since the pages of a kit are independent of each other. A kit for one print job is
one document made of every recipe's pages instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

from printkit.draw.canvas import Canvas
from printkit.draw.page import Page
from printkit.draw.paper import Paper
from printkit.errors import PrintkitError
from printkit.games.catalog import Game
from printkit.games.catalog import game as find_game
from printkit.language import ENGLISH, Lang
from printkit.message import Said, Term, ntr, quoted, say, tr
from printkit.products import catalog
from printkit.products.catalog import Recipe
from printkit.products.document import Document
from printkit.products.score_pads import players_setup, score_pad
from printkit.workers import in_parallel


@dataclass(frozen=True)
class Rendered:
    """One file of the kit: its name, its page count and its bytes."""

    filename: str
    pages: int
    data: bytes


@dataclass
class KitPlan:
    """How to make each document of a kit, and the games left out (with why)."""

    recipes: list[Recipe] = field(default_factory=list)
    skipped: list[Said] = field(default_factory=list)  # what the kit leaves out, and why
    games: list[str] = field(default_factory=list)  # the games whose rules the kit prints


def parse_only(text: str) -> list[str]:
    """Return the game ids of `--only GAME,GAME`, each checked, in the order given."""
    ids: list[str] = []
    for part in text.split(","):
        if not part.strip():
            raise PrintkitError(f"--only: expected game ids separated by commas, like "
                                f"go-nuts,crazy8ix (not {quoted(text)})")
        found = find_game(part).id
        if found not in ids:
            ids.append(found)
    return ids


def _players(game: Game) -> Said:
    """Return how many players a game is for: `2-4 players`, `1 player`."""
    if game.min_players == game.max_players:
        return ntr("{n} player", "{n} players", game.min_players)
    return tr("{low}-{high} players", low=game.min_players, high=game.max_players)


def plan_kit(paper: Paper, names: list[str] | None, count: int | None,
             only: Sequence[str] | None = None, lang: Lang = ENGLISH) -> KitPlan:
    """Return the kit's recipes for these players on this paper; bad input is refused here.

    `only` narrows the kit to those games. A solitaire game (The Fox and the Rabbit) is
    played alone, so its gamesheets come with every kit (one each, on the night), and a kit
    for one player is just them and their rules; a number of players no table game fits is
    refused. The pads come first, then the games' other documents (the deck, the
    gamesheets), each in the catalogue's order, then the rules booklet.
    """
    plan = KitPlan()
    wanted = [entry.game.id for entry in catalog.CATALOG] if only is None else list(only)
    entries = [catalog.products_of(game_id) for game_id in wanted]
    entries.sort(key=catalog.CATALOG.index)
    n = len(names) if names is not None else count
    fits = {entry.game.id: n is None or entry.game.min_players <= n <= entry.game.max_players
            for entry in entries}
    for entry in entries:
        game = entry.game
        if entry.pad is None:
            continue
        if not fits[game.id]:
            plan.skipped.append(tr("{part}: the game is for {players}, not {n}",
                                   part=tr("{game} score pad", game=Term(game.name)),
                                   players=_players(game), n=n or 0))
            continue
        setup = players_setup(game, names, count, None, lang=lang)
        plan.recipes.append(partial(score_pad, game, setup, paper))
        plan.games.append(game.id)
    # a night for several players that none of the table games fits is a mistake; one player
    # (or a kit asked for a solitaire game by name) gets the solitaire sheets
    solo_night = n == 1 or only is not None
    for solitaire in (False, True):
        for entry in entries:
            game, part = entry.game, entry.kit
            if part is None or (game.max_players == 1) != solitaire:
                continue
            if not solitaire and not fits[game.id]:
                named = (tr("{game} deck", game=Term(game.name)) if part.what == "deck" else
                         tr("{game} gamesheets", game=Term(game.name)))
                plan.skipped.append(tr("{part}: the game is for {players}, not {n}",
                                       part=named, players=_players(game), n=n or 0))
                continue
            if solitaire and not plan.recipes and not solo_night:
                continue
            plan.recipes.extend(part.recipes(paper, lang))
            if game.id not in plan.games:
                plan.games.append(game.id)
    if not plan.recipes:
        between = "\u00a0; " if lang.code == "fr" else "; "
        raise PrintkitError(lang.ngettext(
            "no game in the kit can be played by {n} player: {skipped}",
            "no game in the kit can be played by {n} players: {skipped}", n or 0).format(
                n=n, skipped=between.join(say(note, lang) for note in plan.skipped)))
    plan.recipes.append(partial(_rules_booklet, paper, tuple(plan.games), lang))
    lang.warm()  # the workers forked to make the kit inherit the catalogue and number data
    return plan


# The booklet is made when it runs, in the worker that makes it, so the cores share the
# start-up work too.
def _rules_booklet(paper: Paper, games: tuple[str, ...], lang: Lang) -> Document:
    from printkit.products.rules.summary import booklet

    return booklet(paper, games, lang)


_RECIPES: list[Recipe] = []  # what forked workers make, inherited from the parent


def _render(index: int) -> Rendered:
    doc = _RECIPES[index]()
    return Rendered(doc.filename, len(doc.pages), doc.pdf_bytes())


def render_kit(plan: KitPlan, jobs: int | None = None) -> list[Rendered]:
    """Return every file of the kit, in plan order, made on up to `jobs` cores."""
    _RECIPES[:] = plan.recipes
    try:
        # the booklet and the deck come last in the plan and take longest: start them first,
        # so the cores finish together
        backwards = in_parallel(_render, range(len(plan.recipes) - 1, -1, -1), workers=jobs)
        return backwards[::-1]
    finally:
        _RECIPES.clear()


def _blank(canvas: Canvas) -> None:
    """Draw nothing: the back of a part's last sheet."""


def single_document(plan: KitPlan, paper: Paper, lang: Lang = ENGLISH) -> Document:
    """Return the whole kit as one document, for one print job.

    Each part starts on the front of a sheet when the job is printed on both sides (the
    deck's backs must land behind their fronts), so a part with an odd number of pages is
    followed by a blank one.
    """
    pages: list[Page] = []
    for recipe in plan.recipes:
        doc = recipe()
        pages += doc.pages
        if len(doc.pages) % 2:
            last = doc.pages[-1]
            pages.append(Page(last.width, last.height, _blank, f"{doc.title}: blank back"))
    return Document(lang.gettext("Game night kit"), f"kit-{paper.id}{lang.suffix}.pdf",
                    tuple(pages))
