"""`printkit scan PHOTO...`: read a photo of a played Fox and the Rabbit gamesheet."""

import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from printkit.cli.common import SaysLangOpt, resolve_lang
from printkit.errors import PrintkitError
from printkit.message import say, tr
from printkit.reading import read_bytes

#: A phone's photo is a few megabytes; a 48-megapixel PNG can reach 60.
MAX_PHOTO_BYTES = 80_000_000
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".heic", ".heif", ".webp", ".gif", ".tif", ".tiff")


def is_photo(path: Path, data: bytes) -> bool:
    """Return whether a file given to check is a photo rather than a record or a PDF: an
    image the reader reads, by its first bytes, or a file named as one that is no PDF."""
    from printkit.scan.image import image_format

    return image_format(data) is not None or \
        (path.suffix.lower() in PHOTO_SUFFIXES and not data.startswith(b"%PDF"))


def need_opencv() -> None:
    """Raise the one line that says how to get the photo reader, when OpenCV is missing."""
    try:
        import cv2  # noqa: F401
    except ImportError:
        raise PrintkitError(tr("reading a photo needs OpenCV: {command}",
                               command="pip install 'printkit[photo]'")) from None


def scan_file(path: Path):  # type: ignore[no-untyped-def]
    """Return the scan of a photo file (reader.Scan)."""
    need_opencv()
    from printkit.scan.reader import scan

    shown = "standard input" if str(path) == "-" else str(path)
    data = read_bytes(path, tr("the photo"), max_bytes=MAX_PHOTO_BYTES)
    return scan(data, shown)


def scan(
    photos: Annotated[list[Path], typer.Argument(
        help="Photos (JPEG, PNG, WebP, GIF, TIFF; HEIC with pillow-heif) of played "
             "gamesheets.",
        show_default=False)],
    as_json: Annotated[bool, typer.Option("--json", help="Print what was read as JSON.")] = False,
    overlay: Annotated[Optional[Path], typer.Option(
        "--overlay", help="Write the photo flattened to the sheet, each field outlined as "
                          "read, to this PNG file (one photo).")] = None,
    to_yaml: Annotated[bool, typer.Option(
        "--to-yaml", help="Print a sheet-only run record, TYPE-ME where a value is to "
                          "type (one photo).")] = False,
    numbers: Annotated[Optional[str], typer.Option(
        "--numbers", help='Values to type: F-B4=10,R-B4=4,round-1-fox="R2 Y5 Y3"; an '
                          "uncertain box: trap-3=x or trap-3=no.")] = None,
    lang: SaysLangOpt = None,
) -> None:
    """Read photos of played Fox and the Rabbit gamesheets: which boxes hold ink."""
    from printkit.games.fox_rabbit.terms import map_name
    from printkit.games.fox_rabbit.terms import mode as mode_word

    language = resolve_lang(lang)
    _ = language.gettext
    try:
        need_opencv()   # before the reader's modules, which need it to load
    except PrintkitError as err:
        raise PrintkitError(err.say(language)) from None
    from printkit.cli import ask_values
    from printkit.scan.values import fill, parse_numbers

    if (overlay or to_yaml) and len(photos) > 1:
        raise PrintkitError(_("{option} reads one photo, not {n}").format(
            option="--overlay" if overlay else "--to-yaml", n=len(photos)))
    if overlay is not None and overlay.suffix.lower() != ".png":
        raise PrintkitError(_("--overlay writes a PNG file: name it .png, not {name}").format(
            name=overlay.name))
    try:
        given = parse_numbers(numbers)
    except PrintkitError as err:
        raise PrintkitError(err.say(language)) from None
    reports: list[dict[str, Any]] = []
    refused = 0
    # every photo is read, a refused one said in its own line: one bad photo in a batch
    # does not hide what the others show
    try:
        for photo in photos:
            try:
                found = scan_file(photo)
                filled = fill(found, given)
            except PrintkitError as err:
                if len(photos) == 1:
                    raise PrintkitError(err.say(language)) from None
                refused += 1
                if as_json:
                    reports.append({"photo": str(photo), "error": str(err),
                                    "error_said": err.say(language)})
                else:
                    typer.echo("printkit: error: " + " ".join(err.say(language).split()),
                               err=True)
                continue
            if overlay is not None:
                from printkit.output import write_file
                from printkit.scan.overlay import overlay_png

                write_file(overlay, overlay_png(found))
            if to_yaml:
                from printkit.games.fox_rabbit.record_text import record_yaml
                from printkit.scan.values import PLACEHOLDER, record

                head = [f"# read from {photo} by printkit scan"]
                if found.identified == "look":
                    head.append("# its code unreadable, the sheet was known by its look: "
                                "check the map, mode and language below")
                if filled.to_type:
                    head.append(f"# type the values written where it says {PLACEHOLDER}: "
                                f"{', '.join(filled.to_type)}")
                if filled.to_confirm:
                    head.append(f"# uncertain, look at the sheet: {', '.join(filled.to_confirm)}")
                typer.echo("\n".join(head) + "\n" + record_yaml(record(found, filled)), nl=False)
                continue
            suggestions = ask_values.read_suggestions(found, given)
            if as_json:
                report = found.as_dict()
                report["small_copy"] = found.notice_dict(str(photo), language)
                report["values"] = {name: s.as_dict(language)
                                    for name, s in suggestions.items()}
                reports.append(report if len(photos) == 1 else {"photo": str(photo), **report})
                continue
            notice = found.notice(str(photo))
            if notice is not None:  # a messaging app's small copy: said before what it reads
                typer.echo(notice.say(language), err=True)
            marked = sum(f.marked for f in found.fields.values())
            sheet = found.as_dict()["sheet"]
            parts = [_("{photo}: {map} map, {mode} mode, {paper} paper; {n} fields marked").format(
                photo=photo, map=say(map_name(sheet["map"]), language),
                mode=mode_word(sheet["mode"]).say(language),
                paper=sheet["paper"], n=marked)]
            if found.identified == "look":
                parts.append(_("its code unreadable, the sheet was known by its look: check "
                               "that it is the {map} map, {mode} mode, in {lang}").format(
                    map=say(map_name(sheet["map"]), language),
                    mode=mode_word(sheet["mode"]).say(language),
                    lang=sheet["lang"]))
            if filled.to_confirm:
                parts.append(_("uncertain (look at them): {names}").format(
                    names=", ".join(filled.to_confirm)))
            if suggestions:
                parts.append(_("values read: {values}").format(values=", ".join(
                    f"{name}={s.value if s.sure else '?'}" for name, s in suggestions.items())))
            typed = ask_values.to_type([n for n in filled.to_type
                              if n not in suggestions or not suggestions[n].sure], suggestions)
            if typed:
                parts.append(_("to type: {names}").format(names=", ".join(typed)))
            typer.echo("; ".join(parts) + f" ({language.number(found.seconds, 1)} s)")
    except PrintkitError as err:  # writing the overlay, say
        raise PrintkitError(err.say(language)) from None
    if as_json:
        typer.echo(json.dumps(reports[0] if len(photos) == 1 else reports, indent=2))
    if overlay is not None:
        typer.echo(f"wrote {overlay}", err=True)
    if refused:
        raise typer.Exit(2)
