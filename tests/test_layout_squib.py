"""What a Squib or nanDECK user expects of a layout, each drawn by the Forest Market example
(examples/decks/market) and looked at in its pixels: an OpenType font with PostScript (CFF)
outlines, a list of fonts, opacity, a back with the card's own fields, a layout extending
another, an element extending another or a style with "+=" and "-=", words drawn as icons,
CSS colour names, a band into the bleed, and a fanned hand for any deck."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from printkit.cli import app
from printkit.draw import fonts
from printkit.errors import TemplateError
from printkit.products.cards.deck import CardDeck, load_deck
from tests.test_custom_deck import all_fonts, deck_args, make_deck, run

runner = CliRunner()
MARKET = Path(__file__).resolve().parent.parent / "examples" / "decks" / "market"
DPI = 300
BLEED = 0.125 * DPI  # The Game Crafter's and DriveThruCards' bleed, in pixels
needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                   reason="poppler-utils' pdftoppm is not installed")

FOREST_GREEN = (34, 139, 34)
SLATE_GREY = (112, 128, 144)
GOLDENROD = (218, 165, 32)
OLD_LACE = (253, 245, 230)


@pytest.fixture(scope="module")
def market(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example exported as The Game Crafter's PNGs, DriveThruCards' PDF and pictures."""
    out = tmp_path_factory.mktemp("market")
    for more in (["--printer", "tgc", "--preview"], ["--printer", "drivethrucards"]):
        result = runner.invoke(app, ["deck", *deck_args(MARKET / "cards.csv",
                                                          MARKET / "card.toml"),
                                     *more, "-o", str(out)])
        assert result.exit_code == 0, result.stderr
        assert "warning" not in result.stderr
    return out


@pytest.fixture(scope="module")
def deck() -> CardDeck:
    return load_deck(MARKET / "cards.csv", MARKET / "card.toml")


def png(market: Path, name: str) -> Image.Image:
    return Image.open(market / "forest-market-tgc" / f"forest-market-{name}.png").convert("RGB")


def at(picture: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """Return the colour at a point of a card, in mm from its trim's top-left corner."""
    found = picture.getpixel((round(BLEED + x_mm / 25.4 * DPI),
                              round(BLEED + y_mm / 25.4 * DPI)))
    assert isinstance(found, tuple)
    return found[:3]


def near(found: tuple[int, ...], want: tuple[int, ...], by: int = 6) -> bool:
    return all(abs(a - b) <= by for a, b in zip(found, want))


def white_columns(picture: Image.Image, top: float, bottom: float) -> set[int]:
    """Return the pixel columns of a band of the card (mm from the trim's top) holding
    white ink: the title's letters on its coloured band."""
    found = set()
    for y in range(round(BLEED + top / 25.4 * DPI), round(BLEED + bottom / 25.4 * DPI)):
        for x in range(picture.width):
            if min(picture.getpixel((x, y))[:3]) > 235:  # type: ignore[index]
                found.add(x)
    return found


@needs_poppler
def test_an_opentype_cff_font_is_embedded_and_prints_as_it_draws(market: Path) -> None:
    """Lobster Two has PostScript outlines, which reportlab cannot embed: printkit gives it
    the font with TrueType outlines, and the PDF's letters stand where the PNG's do."""
    pdf = next((market / "forest-market-drivethrucards").glob("*.pdf"))
    embedded = all_fonts(pdf)
    assert embedded.get("LobsterTwo-Bold") is True and all(embedded.values())
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-f", "2", "-l", "2", "-singlefile",
                    str(pdf), str(market / "oak")], check=True)
    printed = Image.open(market / "oak.png").convert("RGB")
    drawn = png(market, "01-Oak-Log")
    assert printed.size == drawn.size == (825, 1125)
    a, b = white_columns(printed, 7, 16), white_columns(drawn, 7, 16)
    assert len(a) > 100 and len(a & b) / len(a | b) > 0.9  # "Oak Log" in Lobster, twice


def test_a_letter_the_first_font_lacks_is_set_in_the_next_of_the_list(deck: CardDeck,
                                                                      market: Path) -> None:
    """font = ["Display", "Lato-Black"]: Lobster Two has no ř, so Dvořák's ř is Lato's."""
    fiddle = next(c.front for c in deck.cards if c.front.label == "Dvořák's Fiddle")
    name = next(op for op in fiddle.drawing.ops if op.kind == "text" and op.y < 20 * 72 / 25.4)
    pieces = [(p.text, p.font.name if p.font else name.font.name) for p in name.lines[0]]
    assert pieces == [("Dvo", "LobsterTwo-Bold"), ("ř", "Lato-Black"),
                      ("ák's Fiddle", "LobsterTwo-Bold")]
    # and the ř is drawn: white ink in its columns on the band
    left = (name.x + name.lines[0][0].width) / 72 * DPI + BLEED
    right = left + name.lines[0][1].width / 72 * DPI
    ink = white_columns(png(market, "08-Dvorak-s-Fiddle"), 7, 16)
    assert any(left + 1 <= x <= right - 1 for x in ink)


def test_colour_names_the_layout_extending_another_and_a_band_into_the_bleed(
        market: Path) -> None:
    """The title band comes from base.toml, which card.toml extends; its colour is the row's
    CSS name; it runs into the bleed to the file's edges."""
    for name, colour in (("01-Oak-Log", FOREST_GREEN), ("05-Granite-Block", SLATE_GREY),
                         ("09-Gold-Nugget", GOLDENROD)):
        card = png(market, name)
        assert near(at(card, 1, 11), colour)
        assert near(card.getpixel((0, round(BLEED + 11 / 25.4 * DPI))), colour)  # bleed edge
        assert near(card.getpixel((card.width - 1, round(BLEED + 11 / 25.4 * DPI))), colour)
        assert near(at(card, 3, 3), OLD_LACE)  # the card's own colour, by name


@needs_poppler
def test_a_band_into_the_bleed_reaches_the_print_shops_page_edge(market: Path) -> None:
    """On DriveThruCards' page of a card printed three times (drawn once, placed three
    times), the band was cut at the trim: 1/8 in of white card on either side."""
    pdf = next((market / "forest-market-drivethrucards").glob("*.pdf"))
    subprocess.run(["pdftoppm", "-r", "100", "-png", "-f", "2", "-l", "2", "-singlefile",
                    str(pdf), str(market / "oak100")], check=True)
    page = Image.open(market / "oak100.png").convert("RGB")
    row = round((0.125 + 11 / 25.4) * 100)
    band = page.getpixel((30, row))  # inside the trim, in poppler's CMYK to RGB
    assert near(band, page.getpixel((100, round(0.125 * 100 + 10))), 12) is False  # not card
    assert near(page.getpixel((0, row)), band, 3)
    assert near(page.getpixel((page.width - 1, row)), band, 3)


def test_an_element_extends_another_moved_by_plus_and_minus_equals(deck: CardDeck,
                                                                    market: Path) -> None:
    """The star extends the price coin, 45.5 mm to its left ("-= 45.5mm") and 0.5 mm
    bigger ("+= 0.5mm"); its number extends the price's text the same way."""
    oak = deck.cards[0].front.drawing
    coin = next(op for op in oak.ops if op.kind == "circle")
    star = next(op for op in oak.ops if op.kind == "star")
    assert star.x + star.radius == pytest.approx(coin.x + coin.radius - 45.5 * 72 / 25.4)
    assert star.radius == pytest.approx(coin.radius + 0.5 * 72 / 25.4)
    card = png(market, "01-Oak-Log")
    cx, cy = 63.5 - 3 - 6, 88.9 - 3 - 6
    assert near(at(card, cx + 2.5, cy), GOLDENROD)         # the coin
    assert near(at(card, cx - 45.5, cy - 2.4), SLATE_GREY)  # the star, above its number
    assert near(at(card, cx - 45.5 + 4.2, cy), OLD_LACE)     # between the star's points


def test_words_of_the_text_are_drawn_as_their_icons(deck: CardDeck, market: Path) -> None:
    """[inline_icons] Wood = "wood": "Take 2 Wood from the supply." draws the log."""
    oak = deck.cards[0].front.drawing
    rules = next(op for op in oak.ops if op.kind == "text" and "supply" in str(op.lines))
    line = rules.lines[0]
    assert [p.text or p.path.rsplit("/", 1)[-1] for p in line] == [
        "Take 2 ", "wood.svg", " from the supply."]
    # the log's brown, where the word would be
    x = (rules.x + line[0].width + rules.size * 0.5) / 72 * 25.4
    y = (rules.first_baseline - rules.size * 0.3) / 72 * 25.4
    card = png(market, "01-Oak-Log")
    browns = [at(card, x + dx, y) for dx in (-0.6, -0.3, 0, 0.3, 0.6)]
    assert any(near(c, (139, 90, 43), 30) for c in browns), browns
    # a name keeps its word (inline_icons = false): "Gold Nugget"
    nugget = next(c.front for c in deck.cards if c.front.label == "Gold Nugget").drawing
    title = next(op for op in nugget.ops if op.kind == "text")
    assert "".join(p.text for p in title.lines[0]) == "Gold Nugget"


def test_opacity_lets_what_lies_below_show(market: Path) -> None:
    """The veil is white at 65 %: over the card's old lace it is lighter, not white."""
    card = png(market, "01-Oak-Log")
    veil = at(card, 5, 47.5)
    want = tuple(round(0.65 * 255 + 0.35 * c) for c in OLD_LACE)
    assert near(veil, want, 2) and not near(veil, (255, 255, 255), 3), veil


def test_a_back_takes_the_cards_own_fields(deck: CardDeck, market: Path) -> None:
    """One back template, {faction} and {colour}: a back for each faction, each drawn once
    however many cards it backs."""
    backs = deck.distinct_backs()
    assert [(art.label, count) for art, count in backs] == [
        ("back of Oak Log", 8), ("back of Granite Block", 8), ("back of Gold Nugget", 8)]
    for art, colour in zip([a for a, _ in backs], (FOREST_GREEN, SLATE_GREY, GOLDENROD)):
        picture = png(market, art.slug)
        assert near(at(picture, 10, 70), colour) and near(at(picture, -2, -2), colour)
    faction = [[op for op in art.drawing.ops if op.kind == "text"][-1] for art, _ in backs]
    assert ["".join(p.text for p in op.lines[0]) for op in faction] == [
        "GROVE", "QUARRY", "MINT"]


def test_a_deck_of_ones_own_has_a_fanned_hand(market: Path) -> None:
    hand = Image.open(market / "forest-market-hand.png").convert("RGB")
    assert hand.width > 1000 and hand.height > 600
    colours = {hand.getpixel((x, y)) for x in range(0, hand.width, 7)
               for y in range(0, hand.height, 7)}
    assert any(near(c, FOREST_GREEN, 4) for c in colours)  # its first cards, a Grove's
    assert any(near(c, SLATE_GREY, 4) for c in colours)    # and a Quarry's


# -- the layout language read strictly ------------------------------------------------------

BASE = """
[card]
title = "Keys"
back = "plain"
[elements.name]
kind = "text"
text = "{name}"
x = "safe"
y = "safe"
width = "100% - 2safe"
height = "10mm"
[backs.plain]
background = "navy"
"""


@pytest.mark.parametrize(("extra", "message"), [
    ('[elements.b]\nkind = "rect"\ny = "+= 2mm"\n',
     "elements.b.y: '+= 2mm' moves the value this element extends, but it extends nothing"),
    ('[elements.b]\nextends = "c"\n[elements.c]\nextends = "b"\n',
     "extends it back (b -> c -> b)"),
    ('[elements.b]\nextends = "nothing"\n',
     "elements.b.extends: no element or style 'nothing' (there are: name)"),
    ('[elements.b]\nextends = "name"\ntext = "+= 2"\n',
     "elements.b.text: \"+=\" and \"-=\" move a length or a number"),
    ('[elements.b]\nextends = "name"\nsize = "+= big"\n',
     "elements.b.size: after \"+=\" or \"-=\" comes a number (not 'big')"),
    ('[elements.b]\nextends = "name"\nsize = "+= 500"\n',
     "elements.b.size must be from 1 to 400 (not 510)"),
    ('[elements.b]\nkind = "rect"\nfill = "crimsn"\n',
     "elements.b.fill must be a colour '#rrggbb', '#rgb', a CSS colour name such as 'crimson'"),
    ('[inline_icons]\n"two words" = "wood"\n', "[inline_icons] 'two words': a word drawn"),
    ('[styles.s]\nfnot = "x"\n', "styles.s: unknown key 'fnot'"),
])
def test_a_bad_inheritance_colour_or_icon_word_is_named(tmp_path: Path, extra: str,
                                                         message: str) -> None:
    data, lay = make_deck(tmp_path / "d", [["name"], ["A"]], BASE + extra)
    code, _out, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2 and message in err, err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_layout_extending_a_missing_file_or_itself_is_named(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d", [["name"], ["A"]], 'extends = "base.toml"\n' + BASE)
    code, _out, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2 and "extends: no layout file 'base.toml' beside it" in err
    (tmp_path / "d" / "base.toml").write_text('extends = "card.toml"\n' + BASE)
    code, _out, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2 and "extends = ... comes back to this file" in err


def test_a_cff_font_that_forbids_embedding_is_refused(tmp_path: Path) -> None:
    """A font whose licence says it may not be embedded (OS/2 fsType 2) is refused when the
    layout is read, CFF or not."""
    from fontTools.ttLib import TTFont as FontFile

    found = FontFile(str(MARKET / "fonts" / "LobsterTwo-Bold.otf"))
    found["OS/2"].fsType = 2
    (tmp_path / "d" / "fonts").mkdir(parents=True)
    found.save(str(tmp_path / "d" / "fonts" / "Locked.otf"))
    data, lay = make_deck(tmp_path / "d", [["name"], ["A"]],
                          BASE.replace('height = "10mm"', 'height = "10mm"\nfont = "Locked"'))
    code, _out, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2 and "cannot be embedded" in err, err
    with pytest.raises(TemplateError):
        load_deck(data, lay)
    assert fonts.REGULAR.name == "Lato-Regular"
