"""`printkit validate RUN`: check and score a completed Fox and the Rabbit run."""

import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from printkit.cli.common import MODE, choice, resolve_lang
from printkit.errors import PrintkitError
from printkit.games.fox_rabbit.record_yaml import RecordError
from printkit.language import ENGLISH, LANGUAGES, Lang
from printkit.message import shown_path, tr
from printkit.reading import read_bytes


def validate(
    record: Annotated[Optional[Path], typer.Argument(
        help="The run to check: a record (YAML or JSON) or a filled PDF gamesheet; - reads "
             "standard input.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    to_yaml: Annotated[bool, typer.Option(
        "--to-yaml", help="Print the record that was read (from a filled PDF, say) as YAML, "
                          "instead of checking it.")] = False,
    blank: Annotated[bool, typer.Option("--blank",
                                        help="Print an empty record to fill in.")] = False,
    mode: Annotated[Optional[str], typer.Option(
        "--mode", click_type=MODE, help="Mode of the blank record (default easy).")] = None,
    variant: Annotated[Optional[int], typer.Option(
        "--variant", help="The blank record is for seeded map variant N.")] = None,
    schema: Annotated[bool, typer.Option("--schema",
                                         help="Print the record's JSON Schema.")] = False,
    numbers: Annotated[Optional[str], typer.Option(
        "--numbers", help='A photo of a sheet: the values to type, F-B4=10,round-1-fox="R2 '
                          'Y5 Y3" (read from the photo and confirmed on a terminal when left '
                          'out).')] = None,
    accept: Annotated[bool, typer.Option(
        "--accept", help="A photo of a sheet: take the values it reads surely, without a "
                         "keystroke.")] = False,
    lang: Annotated[Optional[str], typer.Option(
        "--lang", click_type=choice(*LANGUAGES), show_default=False,
        help="The language of the report and the messages: en, es or fr (default: "
             "$PRINTKIT_LANG, then the locale, then en). The JSON report keeps its English "
             "keys, rule ids and texts, and adds the translated ones.")] = None,
) -> None:
    """Check a Fox and the Rabbit run: exit 0 legal, 1 illegal, 2 unreadable."""
    from printkit.games.fox_rabbit.record import json_schema
    from printkit.games.fox_rabbit.record_text import blank_record
    from printkit.games.fox_rabbit.template import choose_map
    from printkit.games.fox_rabbit.validate import validate_run
    language = resolve_lang(lang)
    _ = language.gettext
    asked = [flag for flag, given in (("--blank", blank), ("--schema", schema),
                                      ("--to-yaml", to_yaml)) if given]
    if len(asked) > 1:
        raise PrintkitError(_("give one of {options}, not several").format(
            options=", ".join(asked)))
    if (blank or schema) and record is not None:
        flag = "--blank" if blank else "--schema"
        raise PrintkitError(_("{flag} prints a new document and checks nothing: leave out "
                              "{record}, or leave out {flag}").format(
            flag=flag, record=_shown(record)))
    if not blank:
        given = [flag for flag, value in (("--mode", mode), ("--variant", variant))
                 if value is not None]
        if given:
            raise PrintkitError(_("{options} apply to --blank (a record names its own mode "
                                  "and map)").format(options=" and ".join(given)))
    if schema:
        typer.echo(json.dumps(json_schema(), indent=2))
        return
    if blank:
        game_map = choose_map(None, variant)
        typer.echo(blank_record(mode or "easy", game_map.name), nl=False)
        return
    if record is None:
        raise PrintkitError(_("give a run record or a filled gamesheet to check (or --blank, "
                              "--schema)"))
    try:
        run, photo, read = _read(record, numbers, language, accept)
        if to_yaml:
            from printkit.games.fox_rabbit.record_text import record_yaml, run_data
            typer.echo(record_yaml(run_data(run)), nl=False)
            return
        report = validate_run(run)
    except PrintkitError as err:
        if not as_json:
            raise PrintkitError(err.say(language)) from None
        # tools get JSON on standard output for an unreadable record too (exit status 2)
        from printkit.games.fox_rabbit.record_yaml import unreadable
        typer.echo(json.dumps(unreadable(err, language), indent=2))
        raise typer.Exit(2) from None
    if as_json:
        answer = report.as_dict(language)
        if photo is not None:
            answer["photo"] = photo.as_dict(report)
            answer["photo"]["values"] = {name: s.as_dict(language) for name, s in read.items()}
        typer.echo(json.dumps(answer, indent=2))
    else:
        typer.echo(report.text(str(record), language))
        if photo is not None:
            for line in photo.evidence_lines(report, language):
                typer.echo(line)
    raise typer.Exit(0 if report.legal else 1)


def _read(path: Path, numbers: Optional[str] = None,  # type: ignore[no-untyped-def]
          lang: Lang = ENGLISH, accept: bool = False):
    """Return the run in a record file, a filled PDF gamesheet or a photo of a sheet, the
    photo's checked values (or None) and the suggestions its values were read as."""
    from printkit.cli.ask_values import ask_values
    from printkit.cli.scan import MAX_PHOTO_BYTES, PHOTO_SUFFIXES, is_photo, need_opencv
    from printkit.form_reading import MAX_BYTES as PDF_BYTES
    from printkit.games.fox_rabbit.reader import read_run
    from printkit.reading import first_bytes
    from printkit.scan.image import image_format

    shown = _shown(path)
    # a record is a few kilobytes, a filled sheet a few hundred, a photo (named as one, or
    # known by its first bytes) a few megabytes: anything larger is none of them
    photo = path.suffix.lower() in PHOTO_SUFFIXES or \
        image_format(first_bytes(path, 16)) is not None
    data = read_bytes(path, tr("the run record"),
                      max_bytes=MAX_PHOTO_BYTES if photo else PDF_BYTES)
    if is_photo(path, data):
        need_opencv()
        from printkit.games.fox_rabbit.evidence import check_seen
        from printkit.scan.reader import scan
        from printkit.scan.values import parse_numbers

        found = scan(data, shown)
        check_seen(found.reading, shown, found.small_copy is not None)
        notice = found.notice(shown)
        if notice is not None:  # a messaging app's small copy: one line before the questions
            typer.echo(notice.say(lang), err=True)
        given = parse_numbers(numbers)
        settled = ask_values(found, given, lang, accept, shown)
        run, checked = _photo_run(found, given, settled, path, lang)
        checked.small_copy = found.notice_dict(shown, lang)
        return run, checked, settled.suggestions
    _ = lang.gettext
    if numbers is not None:
        raise PrintkitError(_("--numbers goes with a photo of a sheet; a record or a PDF "
                              "holds its own numbers"))
    if accept:
        raise PrintkitError(_("--accept takes the values read from a photo of a sheet; a "
                              "record or a PDF holds its own"))
    if len(data) > PDF_BYTES:
        raise PrintkitError(_("{file} is larger than {size} MB and not a photo: it is not a "
                              "run record or a filled gamesheet").format(
            file=shown, size=PDF_BYTES // 1_000_000))
    return read_run(data, shown), None, {}


def _photo_run(found: Any, given: dict[str, str], settled: Any, path: Path, lang: Lang
               ) -> tuple[Any, Any]:
    """Return the run a photo's values give once the referee's doubts are settled
    (`settle_doubts`), and the photo's checked values. Values that are no run even then (two
    titles read ticked, however surely) may be the camera's doing: on a terminal the box
    least surely read whose other reading makes them one is asked, its crop saved, until
    they are a run; elsewhere the message says how the photo read those boxes."""
    from printkit.cli import ask
    from printkit.cli.ask_boxes import ask_disagreed, settle_doubts
    from printkit.games.fox_rabbit.evidence_shown import no_run_said, run_rests_on
    from printkit.games.fox_rabbit.reader import SheetFields, read_run
    from printkit.scan.values import fill

    shown = _shown(path)
    filled, taken = settled.filled, set(settled.taken)
    asked: list[Any] = []
    # each round settles a box the player answers, never asked again: the rounds end
    while True:
        photo = settle_doubts(found, filled, given, path, lang, taken)
        # what the referee asked is the player's from then on, and said with the verdict
        taken -= photo.settled
        photo.asked = asked = asked + photo.asked
        try:
            return read_run(SheetFields(photo.values, shown), shown), photo
        except RecordError as err:
            rests = run_rests_on(photo.reading, found.layout.map, photo.values,
                                 photo.settled)
            if not rests:
                raise
            if not ask.on_terminal():
                raise PrintkitError(f"{err.say(lang)}; {no_run_said(rests, lang)}") from None
            typer.echo(err.say(lang), err=True)
            name = min(rests, key=lambda n: (rests[n].confidence, n))
            given[name] = ask_disagreed(found, name, rests[name].marked,
                                        rests[name].confidence, shown, lang)
            taken.discard(name)
            filled = fill(found, given)


def _shown(path: Path) -> str:
    """Return how messages name the file: its path, safe to print (see `message.shown_path`)."""
    return "standard input" if str(path) == "-" else str(shown_path(path))
