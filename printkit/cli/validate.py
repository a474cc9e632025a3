"""`printkit validate RUN`: check and score a completed Fox and the Rabbit run."""

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from printkit.errors import PrintkitError
from printkit.reading import read_bytes


def validate(
    record: Annotated[Optional[Path], typer.Argument(
        help="The run to check: a record (YAML or JSON) or a filled PDF gamesheet; - reads "
             "standard input.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    to_yaml: Annotated[bool, typer.Option(
        "--to-yaml", help="Print the record that was read (from a filled PDF, say) as YAML, "
                          "instead of checking it.")] = False,
    blank: Annotated[bool, typer.Option("--blank", help="Print an empty record to fill in.")] = False,
    mode: Annotated[str, typer.Option("--mode", help="Mode of the blank record: easy, hard "
                                      "or super-hard.")] = "easy",
    schema: Annotated[bool, typer.Option("--schema", help="Print the record's JSON Schema.")] = False,
) -> None:
    """Check a Fox and the Rabbit run: exit 0 legal, 1 illegal, 2 unreadable."""
    # imported here, not at start-up: every command pays for the modules it uses
    from printkit.games.fox_rabbit.record import blank_record, json_schema
    from printkit.games.fox_rabbit.validate import validate_run
    if schema:
        typer.echo(json.dumps(json_schema(), indent=2))
        return
    if blank:
        typer.echo(blank_record(mode), nl=False)
        return
    if record is None:
        raise PrintkitError("give a run record or a filled gamesheet to check (or --blank, "
                            "--schema)")
    try:
        run = _read(record)
        if to_yaml:
            from printkit.games.fox_rabbit.record_text import record_yaml, run_data
            typer.echo(record_yaml(run_data(run)), nl=False)
            return
        report = validate_run(run)
    except PrintkitError as err:
        if not as_json:
            raise
        # tools get JSON on standard output for an unreadable record too (exit status 2)
        from printkit.games.fox_rabbit.record_yaml import unreadable
        typer.echo(json.dumps(unreadable(err), indent=2))
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(report.as_dict(), indent=2))
    else:
        typer.echo(report.text())
    raise typer.Exit(0 if report.legal else 1)


def _read(path: Path):  # type: ignore[no-untyped-def]
    """Return the run in a record file or a filled PDF gamesheet."""
    from printkit.form_reading import MAX_BYTES as PDF_BYTES, read_fields
    from printkit.games.fox_rabbit.record import MAX_BYTES, read_record, read_sheet

    shown = "standard input" if str(path) == "-" else str(path)
    # a record is a few kilobytes, a filled sheet a few hundred: anything larger is neither
    data = read_bytes(path, "the run record", max_bytes=PDF_BYTES)
    if data.startswith(b"%PDF-") or path.suffix.lower() == ".pdf":
        return read_sheet(read_fields(data, shown), shown)
    if len(data) > MAX_BYTES:
        raise PrintkitError(f"the run record {shown} is larger than 1 MB; is it the right file?")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise PrintkitError(f"the run record {shown} is neither a PDF nor UTF-8 text "
                            f"(byte {err.start})") from None
    return read_record(text)
