"""The catalogue of what printkit prints: one entry per game, nothing printed from elsewhere.

Every game has its entry, with a pad or `pad=None` said, player aids and a rule summary in
each language; a game the catalogue leaves out is refused by every product, and a new game
needs its facts, its pad and its entry, nothing more, to be printed.
"""

from dataclasses import MISSING, fields, replace

import pytest

from printkit.draw.paper import LETTER
from printkit.errors import PrintkitError
from printkit.games import catalog as games_catalog
from printkit.games.catalog import GAMES, Game
from printkit.language import LANGUAGES, language
from printkit.products import catalog
from printkit.products.catalog import CATALOG, GameProducts, products_of
from printkit.products.kit import plan_kit
from printkit.products.pads import go_nuts
from printkit.products.pads.common import Pad
from printkit.products.rules.summary import booklet, template_file
from printkit.products.score_pads import players_setup, score_pad
from tests.helpers import text


def test_every_game_has_one_entry_and_every_entry_a_game():
    assert sorted(entry.game.id for entry in CATALOG) == sorted(GAMES)
    for entry in CATALOG:
        assert entry.game is GAMES[entry.game.id]


def test_an_entry_says_whether_its_game_has_a_pad():
    # no default: an entry without a pad says pad=None, and a forgotten pad is a TypeError
    said = {f.name for f in fields(GameProducts) if f.default is MISSING}
    assert {"game", "pad", "aids", "kit"} <= said
    for entry in CATALOG:
        assert entry.pad is None or isinstance(entry.pad, Pad), entry.game.id
    assert [e.game.id for e in CATALOG if e.pad is None] == ["fox-and-rabbit"]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_has_aids_and_a_rule_summary_in_each_language(game_id, code):
    entry = products_of(game_id)
    assert entry.aids, f"{game_id} has no player aid"
    assert template_file(entry.game, language(code)).is_file(), (game_id, code)


def test_a_game_the_booklet_does_not_place_is_refused_not_left_out(monkeypatch):
    with pytest.raises(PrintkitError, match="'chess' has no entry"):
        booklet(LETTER, ["crazy8ix", "chess"])
    monkeypatch.setattr(catalog, "CATALOG", tuple(e for e in CATALOG
                                                  if e.game.id != "go-nuts"))
    with pytest.raises(PrintkitError, match="'go-nuts' has no entry"):
        booklet(LETTER, ["crazy8ix", "go-nuts"])


def test_a_kit_of_a_game_the_catalogue_leaves_out_is_refused(monkeypatch):
    monkeypatch.setattr(catalog, "CATALOG", tuple(e for e in CATALOG
                                                  if e.game.id != "go-nuts"))
    with pytest.raises(PrintkitError, match="'go-nuts' has no entry"):
        plan_kit(LETTER, None, 4, ["go-nuts", "crazy8ix"])


def test_a_sixth_game_is_printed_from_its_facts_its_pad_and_its_entry(monkeypatch):
    """The places docs/architecture.md lists ("Where to add: a game") are all it takes."""
    sixth = Game("acorn-race", "Acorn Race", 2, 6, 3, ("score pad", "rule summary"))
    monkeypatch.setitem(games_catalog.GAMES, sixth.id, sixth)
    pad = Pad(go_nuts.panel, parts=go_nuts.parts, target=True)  # a pad module's PAD
    entry = replace(products_of("go-nuts"), game=sixth, pad=pad)
    monkeypatch.setattr(catalog, "CATALOG", (*CATALOG, entry))

    doc = score_pad(sixth, players_setup(sixth, ["Ana", "Ben", "Cy", "Eve"], None, 80),
                    LETTER)
    assert "Eve" in text(doc.pdf_bytes())
    kit = plan_kit(LETTER, None, 4, [sixth.id])
    assert kit.games == [sixth.id] and len(kit.recipes) == 2  # its pad, then the booklet
