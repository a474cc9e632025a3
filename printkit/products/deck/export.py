"""`printkit deck`: a deck (the built-in one or one's own) and the options, to the files to write.

Everything is rendered first and written with `write`: a folder of card files is swapped
in whole, so a bad option, a failing render or a kill leaves no partial output behind. A
format's writer (`formats.FORMATS`) makes the files; `--preview` adds the deck's pictures
(and, for a deck whose PNGs are cached, a picture of each card alone).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from printkit.draw.flatten import MIN_DPI
from printkit.language import Lang
from printkit.output import check_set_folder, write_files, write_folder
from printkit.products.cards.deck import CardDeck
from printkit.products.cards.geometry import CUT_CORNER
from printkit.products.cards.resolution import Printed, printed_pictures
from printkit.products.deck import pod, previews
from printkit.products.deck.formats import format_named
from printkit.products.deck.options import DeckExport, DeckOptions
from printkit.products.deck.parallel import in_parallel
from printkit.workers import Progress, no_progress

PICTURE_DPI = 150  # a card alone, in the pictures of a deck of one's own


def card_folders(deck: CardDeck, options: DeckOptions, out: Path,
                 formats: bool = True) -> list[Path]:
    """Return the folders of card files the export writes."""
    fmt = format_named(options.format)
    folders = []
    if formats and fmt.folder is not None:
        folders.append(fmt.folder(deck, options, out))
    if options.preview and deck.cached:
        folders.append(_pictures_folder(deck, out))
    return folders


def check_folders(deck: CardDeck, options: DeckOptions, out: Path,
                  formats: bool = True) -> None:
    """Check, before anything is drawn, that the folders of card files can be written."""
    for folder in card_folders(deck, options, out, formats):
        check_set_folder(folder)


def build(deck: CardDeck, options: DeckOptions, out: Path, progress: Progress = no_progress,
          formats: bool = True) -> DeckExport:
    """Return every file of the export, rendered, by its path under `out`; with `formats`
    False, the pictures alone."""
    fmt = format_named(options.format)
    check_folders(deck, options, out, formats)  # before the cards are rendered, not after
    export = DeckExport(out, options.lang)
    if formats:
        export.add(fmt.write(deck, options, out, progress))
        if fmt.sheets or fmt.printer:  # printed on paper: pictures that print blurred are said
            export.warnings += thin_pictures(deck, options.lang)
        if fmt.folder is not None:
            folder = fmt.folder(deck, options, out)
            export.earlier[folder] = lambda: fmt.earlier(deck, folder)
    if options.preview:
        _pictures(export, deck, options, progress)
    return export


def thin_pictures(deck: CardDeck, lang: Lang, dpi: float = MIN_DPI) -> list[str]:
    """Return a warning for each raster picture a deck prints at fewer than `dpi` dots per
    inch (at its lowest, on the first card that prints it so), saying the pixels it needs."""
    worst: dict[str, tuple[Printed, str]] = {}
    for art in deck.designs():
        for found in printed_pictures(art.drawing):
            if found.dpi < dpi - 0.5 and (found.path not in worst
                                          or found.dpi < worst[found.path][0].dpi):
                worst[found.path] = (found, art.label)
    folder = deck.layout.folder
    said = []
    for path, (found, card) in worst.items():
        shown = Path(path)
        if shown.is_relative_to(folder):
            shown = shown.relative_to(folder)
        need = found.pixels_for(dpi)
        said.append(lang.gettext(
            "{file} prints at {dpi} DPI on {card} ({pixels} px printed {size} mm); printers "
            "ask for {least} DPI or more: give it {needed} px").format(
                file=shown, dpi=round(found.dpi), card=card,
                pixels=f"{found.pixels[0]} × {found.pixels[1]}",
                size=f"{lang.number(found.size_mm[0], 1)} × {lang.number(found.size_mm[1], 1)}",
                least=round(dpi), needed=f"{need[0]} × {need[1]}"))
    return said


def _pictures(export: DeckExport, deck: CardDeck, options: DeckOptions, progress: Progress) -> None:
    """Add the deck's pictures; for a deck whose PNGs are cached, a picture of each card."""
    named = previews.pictures(deck, options.lang)
    data = in_parallel(previews.render_picture,
                       [(deck, options.lang, i) for i in range(len(named))], progress)
    for (name, _page, _dpi), png in zip(named, data):
        path = export.out / f"{deck.prefix}-{name}.png"
        export.files[path] = png
        export.lines.append(options.lang.gettext("wrote {path}").format(path=path))
    if not deck.cached:
        return
    folder = _pictures_folder(deck, export.out)
    files = pod.card_files(deck, "png")
    paths, _ = pod.cached_pngs([f.art for f in files], deck.box.rounded(CUT_CORNER),
                               PICTURE_DPI, export.out / pod.CACHE, progress)
    export.links.update({folder / f.name: path for f, path in zip(files, paths)})
    manifest = folder / pod.manifest_name(deck)
    export.files[manifest] = pod.manifest_csv(pod.manifest_rows(files))
    export.earlier[folder] = lambda: pod.listed(manifest)
    export.lines.append(options.lang.ngettext(
        "wrote {folder}/ ({n} card, one picture each, and {manifest})",
        "wrote {folder}/ ({n} cards, one picture each, and {manifest})", len(files)).format(
            folder=folder, n=options.lang.number(len(files)), manifest=manifest.name))


def _pictures_folder(deck: CardDeck, out: Path) -> Path:
    return out / f"{deck.prefix}-preview"


class _FolderFiles(Mapping[str, bytes]):
    """A folder's files by name: some in memory, some read from disk only when written."""

    def __init__(self) -> None:
        self.data: dict[str, bytes] = {}
        self.disk: dict[str, Path] = {}

    def __getitem__(self, name: str) -> bytes:
        if name in self.data:
            return self.data[name]
        return self.disk[name].read_bytes()

    def __iter__(self) -> Iterator[str]:
        yield from self.data
        yield from (name for name in self.disk if name not in self.data)

    def __len__(self) -> int:
        return len(self.data.keys() | self.disk.keys())

    def __contains__(self, name: object) -> bool:
        return name in self.data or name in self.disk


def write(export: DeckExport) -> None:
    """Write the export: each folder of card files swapped in whole, so an upload never
    mixes two builds; what an earlier export listed there and this one does not make (the
    cards of a bigger deck) is dropped, and anything else in the folder kept."""
    loose: dict[Path, bytes] = {}
    sets: dict[Path, _FolderFiles] = {}
    for path, data in export.files.items():
        if path.parent == export.out:
            loose[path] = data
        else:
            sets.setdefault(path.parent, _FolderFiles()).data[path.name] = data
    for path, source in export.links.items():
        sets.setdefault(path.parent, _FolderFiles()).disk[path.name] = source
    for folder, named in sets.items():
        earlier = export.earlier[folder]() if folder in export.earlier else set()
        dropped = write_folder(folder, named, earlier)
        if dropped:
            export.lines.append(export.lang.ngettext(
                "removed {n} card file of an earlier export from {folder}",
                "removed {n} card files of an earlier export from {folder}",
                len(dropped)).format(n=export.lang.number(len(dropped)), folder=folder))
    if loose:
        write_files(loose)
