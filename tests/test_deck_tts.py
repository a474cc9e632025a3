"""The Tabletop Simulator export, read back as Tabletop Simulator reads it."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
from PIL import Image, ImageChops
from typer.testing import CliRunner

from printkit.cli import app
from printkit.games.crazy8ix_deck import DeckCard, load_deck
from printkit.language import ENGLISH
from printkit.products.cards.geometry import HOME_CARD
from printkit.products.deck import tts
from printkit.products.deck.crazy8ix import face_art

DECK = load_deck()


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    result = CliRunner().invoke(app, ["deck", "--format", "tts", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "crazy8ix-tts.json" in result.stdout
    return out / "crazy8ix-tts"


def _path(url: str) -> Path:
    return Path(url2pathname(urlparse(url).path))


def test_the_files(export: Path) -> None:
    assert sorted(p.name for p in export.iterdir()) == [
        "crazy8ix-tts-back.png", "crazy8ix-tts-faces-1.png", "crazy8ix-tts.json"]


def test_a_face_sheet_is_a_grid_of_at_most_10_by_7_under_4096_px(export: Path) -> None:
    saved = json.loads((export / "crazy8ix-tts.json").read_text(encoding="utf-8"))
    deck = saved["ObjectStates"][0]
    (sheet,) = deck["CustomDeck"].values()
    assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
    with Image.open(_path(sheet["FaceURL"])) as faces, Image.open(_path(sheet["BackURL"])) as back:
        assert faces.width <= 4096 and faces.height <= 4096
        cell_w, cell_h = faces.width // sheet["NumWidth"], faces.height // sheet["NumHeight"]
        assert (cell_w * sheet["NumWidth"], cell_h * sheet["NumHeight"]) == faces.size
        assert back.size == (cell_w, cell_h)
        assert cell_h / cell_w == pytest.approx(3.5 / 2.5, abs=0.01)  # a poker card
        # the last cell is the card shown for a card hidden in a hand: the back
        last = faces.crop((faces.width - cell_w, faces.height - cell_h, faces.width,
                           faces.height)).convert("RGB")
        assert ImageChops.difference(last, back.convert("RGB")).getbbox() is None
    assert sheet["BackIsHidden"] is False


def test_the_saved_object_imports_the_deck_with_the_right_count_of_each_card(
        export: Path) -> None:
    saved = json.loads((export / "crazy8ix-tts.json").read_text(encoding="utf-8"))
    deck, helps = saved["ObjectStates"]
    assert deck["Name"] == "Deck" and len(deck["DeckIDs"]) == DECK.total == 100
    names = {c["CardID"]: c["Nickname"] for c in deck["ContainedObjects"]}
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    assert Counter(names[i] for i in deck["DeckIDs"]) == Counter(DECK.composition())
    (key, sheet), = deck["CustomDeck"].items()
    hidden = sheet["NumWidth"] * sheet["NumHeight"] - 1
    for card_id in deck["DeckIDs"]:
        assert card_id // 100 == int(key) and card_id % 100 < hidden
    # the same card always comes from the same cell, and no two cards share one
    assert len(set(names.values())) == len(names) == len(DECK.cards)
    assert helps["Nickname"].endswith("help cards")
    assert [c["Nickname"] for c in helps["ContainedObjects"]] == [
        f"help card {t}" for t in "ABCD"]


def test_the_same_export_twice_gives_the_same_bytes(export: Path) -> None:
    first = {p.name: p.read_bytes() for p in export.iterdir()}
    result = CliRunner().invoke(app, ["deck", "--format", "tts", "-o", str(export.parent)])
    assert result.exit_code == 0
    assert {p.name: p.read_bytes() for p in export.iterdir()} == first


def test_a_big_deck_takes_several_sheets_each_with_its_hidden_cell() -> None:
    art = face_art(DeckCard("Q"), HOME_CARD, ENGLISH)
    sheets = tts.face_sheets([art] * 150, "crazy8ix")
    assert [len(s.arts) for s in sheets] == [69, 69, 12]
    assert [(s.cols, s.rows) for s in sheets] == [(10, 7), (10, 7), (10, 2)]
    assert all(len(s.arts) <= s.hidden_cell for s in sheets)
    assert [s.filename for s in sheets] == [f"crazy8ix-tts-faces-{n}.png" for n in (1, 2, 3)]
