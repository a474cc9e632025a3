"""SVG cards: an SVG per distinct face and back, with the deck's bleed, to edit or to send.

The text is drawn as outlines, so a card looks the same in any viewer, its fonts installed
or not. The folder's manifest counts each card, as a printer's does (`pod`), and is the
folder's own list of what the export wrote there.
"""

from __future__ import annotations

from pathlib import Path

from printkit.draw.paper import MM
from printkit.products.cards.deck import CardDeck
from printkit.products.cards.geometry import size_label
from printkit.products.deck.options import DeckExport, DeckOptions
from printkit.products.deck.pod import card_files, manifest_csv, manifest_name, manifest_rows
from printkit.workers import Progress


def folder(deck: CardDeck, options: DeckOptions, out: Path) -> Path:
    """Return the folder of SVG cards: `crazy8ix-svg/`."""
    return out / f"{deck.prefix}-svg"


def write(deck: CardDeck, options: DeckOptions, out: Path, progress: Progress) -> DeckExport:
    """Return an SVG per distinct card of the deck, and the manifest."""
    from printkit.draw import svg  # svgwrite takes a tenth of a second to import

    where = folder(deck, options, out)
    box = deck.box.with_bleed((deck.bleed,) * 4)
    files = card_files(deck, "svg")
    export = DeckExport(out)
    for i, f in enumerate(files, start=1):
        export.files[where / f.name] = svg.render(f.art.page(box), outlines=True)
        progress(i, len(files))
    manifest = manifest_name(deck)
    export.files[where / manifest] = manifest_csv(manifest_rows(files))
    lang = options.lang
    export.lines.append(lang.gettext(
        "wrote {folder}/: {n} SVG files ({size} cards with {bleed} mm bleed), and {manifest}"
    ).format(folder=where, n=lang.number(len(files)), size=size_label(box, lang),
             bleed=lang.number(deck.bleed / MM, 1), manifest=manifest))
    return export
