"""`printkit sheet GAME` for the multiplayer games: players, paper and sheets to a Document."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from printkit.draw import fonts
from printkit.draw.impose import Panel, cell_size, grid, impose
from printkit.draw.paper import Paper
from printkit.errors import PrintkitError
from printkit.games.catalog import Game
from printkit.games.players import Table
from printkit.language import ENGLISH, Lang
from printkit.products.catalog import products_of, with_pads
from printkit.products.document import Document
from printkit.products.pads.common import Pad, PadSetup

MAX_SHEETS = 10_000  # a tournament's pads: each is drawn once and placed on every sheet


def players_setup(game: Game, names: Sequence[str] | None, count: int | None,
                  target: int | None, table: str | None = None,
                  lang: Lang = ENGLISH) -> PadSetup:
    """Return who plays: named players, or `count` blank name lines (default: the game's)."""
    if names is not None and count is not None and count != len(names):
        raise PrintkitError(f"--count {count} disagrees with the {len(names)} names in --players")
    if names is not None:
        game.check_player_count(len(names))
        for name in names:
            fonts.check_printable(name, "the player name", fonts.BOLD)
        entries: tuple[str | None, ...] = tuple(names)
    else:
        n = count if count is not None else game.default_players
        game.check_player_count(n)
        entries = (None,) * n
    if target is not None:
        pad = products_of(game.id).pad
        if pad is None or not pad.target:
            targets = sorted(e.game.id for e in with_pads() if e.pad and e.pad.target)
            raise PrintkitError(f"--target does not apply to {game.name}; it applies to "
                                f"{', '.join(targets)}")
        if not 1 <= target <= 9999:
            raise PrintkitError(f"--target must be between 1 and 9999 (not {target})")
    return PadSetup(entries, target, table, lang)


def tables_setups(game: Game, tables: Sequence[Table], target: int | None,
                  lang: Lang = ENGLISH) -> list[PadSetup]:
    """Return a named pad's setup for every table of a club night, each checked on its line."""
    setups = []
    for table in tables:
        try:
            setups.append(players_setup(
                game, table.names, None, target,
                lang.gettext("Table {number}").format(number=table.number), lang))
        except PrintkitError as err:
            raise PrintkitError(f"{table.source}, line {table.line}: {err}") from None
    return setups


def _game_pad(game: Game) -> Pad:
    """Return the game's score pad, or raise a PrintkitError naming the games that have one."""
    pad = products_of(game.id).pad
    if pad is None:
        raise PrintkitError(f"{game.name} has no score pad; pads exist for "
                            f"{', '.join(e.game.id for e in with_pads())}")
    return pad


def in_parts(game: Game, setup: PadSetup, paper: Paper, per_page: int) -> list[PadSetup]:
    """Return the pads one game of `setup` takes at this size: one, or as many as its
    99th-percentile game needs, each numbering its rows on from the last."""
    if _game_pad(game).parts is None:
        return [setup]
    n = _part_count(game.id, replace(setup, names=(None,) * setup.count, table=None,
                                     part=1, parts=1), setup.table is not None, paper, per_page)
    return [replace(setup, part=k, parts=n) for k in range(1, n + 1)] if n > 1 else [setup]


@lru_cache(maxsize=64)
def _part_count(game_id: str, blank: PadSetup, table: bool, paper: Paper, per_page: int) -> int:
    """Return the pads a game takes at this size; it depends on the pad's shape only (a club
    night's thousand tables are measured once)."""
    w, h = cell_size(paper, per_page)
    pad = products_of(game_id).pad
    assert pad is not None and pad.parts is not None  # asked by in_parts of such a pad only
    return pad.parts(replace(blank, table="" if table else None), round(w, 3), round(h, 3))


def _document(game: Game, setups: Sequence[PadSetup], paper: Paper, per_page: int,
              title: str, name: str) -> Document:
    lang = setups[0].lang if setups else ENGLISH
    pad = _game_pad(game)
    panels: list[Panel] = [pad.panel(part) for s in setups
                           for part in in_parts(game, s, paper, per_page)]
    extras = [extra(lang) for extra in pad.extras]
    game_name = lang.gettext(game.name)
    shorter = (lang.gettext("{game} score pad").format(game=game_name), game_name)
    pages = impose(panels, paper, per_page, title, extras, lang, shorter)
    return Document(title, f"{game.id}-{name}-{per_page}up-{paper.id}{lang.suffix}.pdf",
                    tuple(pages))


def score_pad(game: Game, setup: PadSetup, paper: Paper, per_page: int = 1,
              sheets: int = 1) -> Document:
    """Return the score pad document for a game: `sheets` sheets of paper, `per_page` pads each.

    Where one game needs several pads (a long game on small pads), the sheets hold as many
    whole games as they can; a game longer than the sheets asked for is printed whole.
    Dice Dice Baby's odds card follows on a sheet of its own.
    """
    _game_pad(game)
    grid(per_page)
    if not 1 <= sheets <= MAX_SHEETS:
        raise PrintkitError(f"--pages must be between 1 and {MAX_SHEETS:,} sheets (not {sheets})")
    title = setup.lang.gettext("{game} score pad, {count} players").format(
        game=setup.lang.gettext(game.name), count=setup.count)
    # a game that takes several pads fills the sheets asked for with whole games (one at least)
    parts = len(in_parts(game, setup, paper, per_page))
    games = max(1, sheets * per_page // parts)
    return _document(game, [setup] * games, paper, per_page, title, "pad")


def table_pads(game: Game, setups: Sequence[PadSetup], paper: Paper,
               per_page: int = 1) -> Document:
    """Return one named pad per table, `per_page` to a sheet, for a club night or a tournament."""
    _game_pad(game)
    grid(per_page)
    if not setups:
        raise PrintkitError("the tables file lists no table")
    if len(setups) > MAX_SHEETS:
        raise PrintkitError(f"the tables file lists {len(setups):,} tables; at most "
                            f"{MAX_SHEETS:,} are printed at once")
    lang = setups[0].lang
    title = lang.ngettext("{game} score pad, {count} table", "{game} score pads, {count} tables",
                          len(setups)).format(game=lang.gettext(game.name), count=len(setups))
    return _document(game, setups, paper, per_page, title, "tables")
