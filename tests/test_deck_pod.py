"""Print-on-demand exports, read back: PNG sizes and DPI, the DriveThruCards PDF, manifests."""

from __future__ import annotations

import csv
import io
import re
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.errors import PrintkitError, TemplateError
from printkit.games.crazy8ix_deck import load_deck
from printkit.products.cards.deck import CardDeck
from printkit.products.deck import crazy8ix, pod
from printkit.products.deck.formats import make_options
from printkit.products.deck.printers import bundled_printers, load_printer, parse_printer
from printkit.workers import no_progress
from tests.test_deck_pnp import fonts_in

DECK = load_deck()
OUT = Path("out")
Files = tuple[dict[Path, bytes], list[dict[str, str]]]


def deck_for(printer: str) -> CardDeck:
    return crazy8ix.load(DECK, make_options("pod", printer=printer))


def pod_files(printer: str) -> Files:
    """Return a printer's card files (the manifest aside) and the manifest's rows."""
    options = make_options("pod", printer=printer)
    export = pod.write(crazy8ix.load(DECK, options), options, OUT, no_progress)
    (manifest,) = [p for p in export.files if p.suffix == ".csv"]
    rows = list(csv.DictReader(io.StringIO(export.files[manifest].decode("utf-8"))))
    return {p: d for p, d in export.files.items() if p != manifest}, rows


@pytest.fixture(scope="module")
def tgc() -> Files:
    return pod_files("tgc")


def test_bundled_printers() -> None:
    assert bundled_printers() == ["drivethrucards", "mpc", "tgc"]


def test_tgc_has_a_png_per_distinct_face_and_one_back(tgc: Files) -> None:
    files, _ = tgc
    # 26 letters, the star and the firecracker, 4 help cards, the back: as the upload takes
    # them, one image per face and a count for each
    assert len(files) == 33 == len(deck_for("tgc").designs())
    names = [p.name for p in files]
    assert names[0] == "crazy8ix-01-A.png"
    assert "crazy8ix-05-E.png" in names
    assert "crazy8ix-29-help-A.png" in names
    assert names[-1] == "crazy8ix-back.png"
    assert names[:-1] == sorted(names[:-1])  # the file names sort in deck order
    for name in names:
        assert re.fullmatch(r"crazy8ix-(\d{2}-[A-Za-z-]+|back)\.png", name), name
    assert len(set(files.values())) == 33


@pytest.mark.parametrize("printer, size", [("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_png_pixels_dpi_and_colour(printer: str, size: tuple[int, int]) -> None:
    files, _ = pod_files(printer)
    for data in set(files.values()):
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG"
        assert image.size == size
        assert image.mode == "RGB"
        assert [round(v) for v in image.info["dpi"]] == [300, 300]


def test_the_fast_png_writer_is_lossless_and_valid() -> None:
    from printkit.draw import png

    image = png.render_image(deck_for("tgc").designs()[0].page(load_printer("tgc").card), 300, 1)
    fast = png.to_png_bytes(image, 300, fast=True)
    checked = Image.open(io.BytesIO(fast))
    checked.verify()  # chunk CRCs and structure
    decoded = Image.open(io.BytesIO(fast))
    assert decoded.tobytes() == image.tobytes()
    assert decoded.info["dpi"] == Image.open(io.BytesIO(png.to_png_bytes(image, 300))).info["dpi"]


def test_the_manifest_counts_every_card(tgc: Files) -> None:
    files, table = tgc
    assert [r["file"] for r in table] == [p.name for p in files]
    fronts = [r for r in table if r["side"] == "front"]
    assert sum(int(r["count"]) for r in fronts) == 104
    counts = {r["card"]: int(r["count"]) for r in fronts}
    for card, qty in DECK.composition().items():
        assert counts[card] == qty, card
    for title in "ABCD":
        assert counts[f"help card {title}"] == 1
    assert {r["file"]: r["count"] for r in table}["crazy8ix-05-E.png"] == "4"
    (back,) = [r for r in table if r["side"] == "back"]
    assert back == {"file": "crazy8ix-back.png", "page": "", "side": "back", "card": "back",
                    "count": "104"}


def test_png_export_is_the_same_every_time(tgc: Files) -> None:
    files, _ = tgc
    again, _ = pod_files("tgc")
    assert again == files


def test_the_pool_renders_what_one_process_renders() -> None:
    arts = deck_for("tgc").designs()[:5]
    box = load_printer("tgc").card
    pooled = pod.render_pngs(arts, box, 72, 1)
    assert pooled == [pod._png_job((a, box, 72, 1)) for a in arts]


def test_progress_is_reported() -> None:
    seen: list[tuple[int, int]] = []
    pod.render_pngs(deck_for("tgc").designs()[:5], load_printer("tgc").card, 36, 1,
                    lambda done, total: seen.append((done, total)))
    assert seen[-1] == (5, 5) and len(seen) == 5


@pytest.fixture(scope="module")
def dtc() -> Files:
    return pod_files("drivethrucards")


def test_drivethrucards_pdf_pages(dtc: Files) -> None:
    files, _rows = dtc
    (path,) = files
    assert path.name == "crazy8ix-drivethrucards.pdf"
    reader = PdfReader(io.BytesIO(files[path]))
    assert len(reader.pages) == 208
    for page in reader.pages:  # 2.75 × 3.75 in: the card and its bleed
        assert (float(page.mediabox.width), float(page.mediabox.height)) == (198.0, 270.0)


def test_drivethrucards_order_is_back_then_front(dtc: Files) -> None:
    files, rows = dtc
    reader = PdfReader(io.BytesIO(next(iter(files.values()))))
    texts = [reader.pages[i].extract_text() for i in range(6)]
    assert all("CRAZY8IX" in t for t in texts[0::2])   # backs: the title, both ways up
    assert all("CRAZY8IX" not in t for t in texts[1::2])
    assert "matches" in texts[1] and "A" in texts[1]
    assert [r["side"] for r in rows[:4]] == ["back", "front", "back", "front"]
    assert [r["page"] for r in rows[:3]] == ["1", "2", "3"]
    assert rows[1]["card"] == "A" and rows[-1]["card"] == "help card D"


def test_drivethrucards_fonts_are_embedded(dtc: Files) -> None:
    files, _ = dtc
    found = fonts_in(PdfReader(io.BytesIO(next(iter(files.values())))))
    assert found and all(found.values()), found
    assert all("+Lato-" in name for name in found)


def test_drivethrucards_is_cmyk(dtc: Files) -> None:
    files, _ = dtc
    reader = PdfReader(io.BytesIO(next(iter(files.values()))))
    streams = []
    for page in reader.pages[:4]:
        streams.append(page.get_contents().get_data())
        for ref in page["/Resources"].get("/XObject", {}).values():
            streams.append(ref.get_object().get_data())
    ops = b"\n".join(streams)
    assert re.search(rb"\sk\n", ops) and re.search(rb"\sK\n", ops)
    assert not re.search(rb"\srg\n", ops) and not re.search(rb"\sRG\n", ops)


def test_unknown_printer_lists_the_known_ones() -> None:
    with pytest.raises(PrintkitError, match="unknown printer 'kinkos': expected one of "
                                            "drivethrucards, mpc, tgc, or the path"):
        load_printer("kinkos")


def test_a_printer_of_your_own(tmp_path: Path) -> None:
    path = tmp_path / "Print Shop.toml"
    path.write_text('name = "Print shop"\noutput = "png"\ntrim_in = [2.5, 3.5]\n'
                    'bleed_in = 0.125\nsafe_in = 0.125\ndpi = 600\npixels = [1650, 2250]\n',
                    encoding="utf-8")
    profile = load_printer(str(path))
    assert profile.id == "print-shop" and profile.dpi == 600


@pytest.mark.parametrize("change, message", [
    ({"pixels": [825, 1124]}, "pixels 825 × 1124 do not match trim_in + 2 × bleed_in at 300 "
                              "dpi, which gives 825 × 1125"),
    ({"color": "rgb"}, "unknown key 'color'; the accepted keys are name, output, trim_in"),
    ({"output": "jpeg"}, "output must be one of png, pdf (not 'jpeg')"),
    ({"colors": "cmyk"}, "colors must be one of rgb (not 'cmyk')"),
    ({"page_order": ["back", "front"]}, "page_order applies to pdf output only"),
    ({"dpi": "300"}, "dpi must be a whole number from 72 to 1200 (not '300')"),
    ({"trim_in": [2.5]}, "trim_in must be a pair [width, height]"),
    ({"trim_in": [1.75, 2.5]}, "trim_in width (poker size) must be from 2.4 to 2.75 (not 1.75)"),
])
def test_a_bad_profile_is_named(change: dict[str, object], message: str) -> None:
    data: dict[str, object] = {"name": "TGC", "output": "png", "trim_in": [2.5, 3.5],
                               "bleed_in": 0.125, "safe_in": 0.125, "dpi": 300,
                               "pixels": [825, 1125]}
    data.update(change)
    with pytest.raises(TemplateError) as err:
        parse_printer(data, "tgc", "tgc.toml")
    assert str(err.value) == f"tgc.toml: {message}" or message in str(err.value)


def test_drivethrucards_is_pdf_x1a(dtc: Files) -> None:
    """The PDF/X-1a:2001 structure DriveThruCards asks for, read back as a prepress check
    would: boxes, output intent, version keys, no RGB and no transparency."""
    files, _ = dtc
    data = next(iter(files.values()))
    assert data.startswith(b"%PDF-1.3")  # PDF/X-1a:2001 is PDF 1.3
    reader = PdfReader(io.BytesIO(data))
    info = reader.trailer["/Info"].get_object()
    assert info["/GTS_PDFXVersion"] == "PDF/X-1:2001"
    assert info["/GTS_PDFXConformance"] == "PDF/X-1a:2001"
    assert info["/Trapped"] == "/False" and info["/Title"]
    (intent,) = reader.trailer["/Root"]["/OutputIntents"]
    intent = intent.get_object()
    assert intent["/Type"] == "/OutputIntent" and intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 001"
    assert intent["/RegistryName"] == "http://www.color.org"
    assert "/DestOutputProfile" not in intent  # a registered condition needs none
    eighth = 0.125 * 72
    for page in reader.pages:
        assert [float(v) for v in page["/MediaBox"]] == [0, 0, 198, 270]
        assert [float(v) for v in page["/BleedBox"]] == [0, 0, 198, 270]
        assert [float(v) for v in page["/TrimBox"]] == [eighth, eighth, 198 - eighth,
                                                        270 - eighth]
    streams = []
    for page in reader.pages[:8]:
        streams.append(page.get_contents().get_data())
        resources = page["/Resources"]
        assert "/ExtGState" not in resources  # no alpha, no soft masks, no blend modes
        for ref in resources.get("/XObject", {}).values():
            xobject = ref.get_object()
            assert xobject["/Subtype"] == "/Form" and "/Group" not in xobject
            streams.append(xobject.get_data())
    ops = b"\n".join(streams)
    assert re.search(rb"\sk\n", ops)
    for rgb in (rb"\srg\n", rb"\sRG\n", rb"/DeviceRGB", rb"\sscn\n"):
        assert not re.search(rgb, ops), rgb
    assert not re.search(rb"/DeviceRGB|/SMask|/CA |/ca ", data)


def test_an_output_condition_needs_cmyk_and_a_registered_name() -> None:
    base: dict[str, object] = {"name": "Press", "output": "pdf", "trim_in": [2.5, 3.5],
                               "bleed_in": 0.125, "safe_in": 0.125, "colors": "cmyk"}
    assert parse_printer({**base, "output_condition": "FOGRA39"}, "p", "p.toml").intent
    with pytest.raises(TemplateError, match="output_condition must be one of CGATS TR 001"):
        parse_printer({**base, "output_condition": "my press"}, "p", "p.toml")
    with pytest.raises(TemplateError, match="needs colors"):
        parse_printer({**base, "colors": "rgb", "output_condition": "FOGRA39"}, "p", "p.toml")


@pytest.mark.parametrize("printer", ["tgc", "mpc", "drivethrucards"])
def test_every_design_keeps_a_millimetre_inside_the_safe_line(printer: str) -> None:
    """Between the cut and 1 mm inside the safe line there is nothing but the background."""
    profile = load_printer(printer)
    named = pod.card_files(deck_for(printer), "png")
    pngs = pod.render_pngs([f.art for f in named], profile.card, profile.dpi, pod.POD_OVERSAMPLE)
    px = profile.dpi / 25.4
    band = int((profile.bleed_in + profile.safe_in) * profile.dpi + 1 * px)
    for f, data in zip(named, pngs):
        image = Image.open(io.BytesIO(data)).convert("RGB")
        fill = f.art.drawing.background
        assert fill is not None
        w, h = image.size
        for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
            colours = image.crop(box).getcolors(1)  # None when more than one colour
            assert colours == [(colours[0][0], (fill.r, fill.g, fill.b))] if colours else False, \
                (f.name, box)


def test_a_few_cards_render_in_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    import concurrent.futures

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a pool was started for a handful of cards")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    arts = deck_for("tgc").designs()[:pod.POOL_AT_LEAST - 1]
    assert len(pod.render_pngs(arts, load_printer("tgc").card, 24, 1)) == len(arts)


def test_drivethrucards_fonts_have_subset_tags_of_their_own(
        dtc: Files) -> None:
    files, _ = dtc
    found = fonts_in(PdfReader(io.BytesIO(next(iter(files.values())))))
    tags = {name.split("+")[0] for name in found}
    assert len(tags) == len(found) >= 3, found


def test_drivethrucards_back_keeps_a_millimetre_inside_the_safe_line(
        dtc: Files, tmp_path: Path) -> None:
    """The first page is a back, as the printer sees it: rendered at 600 dpi, nothing but the
    background lies between the cut and 1 mm inside the safe line."""
    files, _ = dtc
    pdf = tmp_path / "dtc.pdf"
    pdf.write_bytes(next(iter(files.values())))
    subprocess.run(["pdftoppm", "-f", "1", "-l", "1", "-r", "600", "-png", str(pdf),
                    str(tmp_path / "back")], check=True)
    image = Image.open(next(tmp_path.glob("back*.png"))).convert("RGB")
    profile = load_printer("drivethrucards")
    band = round((profile.bleed_in + profile.safe_in) * 600 + 600 / 25.4)
    w, h = image.size
    background = image.getpixel((2, 2))
    for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
        colours = image.crop(box).getcolors(4096) or []
        stray = [c for _n, c in colours
                 if max(abs(a - b) for a, b in zip(c, background)) > 8]
        assert not stray, (box, stray[:3])
