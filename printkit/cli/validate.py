"""`printkit validate RUN.yaml`: check and score a completed Fox and the Rabbit run."""

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from printkit.errors import PrintkitError


def validate(
    record: Annotated[Optional[Path], typer.Argument(
        help="The run record (YAML) to check; - reads standard input.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    blank: Annotated[bool, typer.Option("--blank", help="Print an empty record to fill in.")] = False,
    mode: Annotated[str, typer.Option("--mode", help="Mode of the blank record: easy, hard "
                                      "or super-hard.")] = "easy",
    schema: Annotated[bool, typer.Option("--schema", help="Print the record's JSON Schema.")] = False,
) -> None:
    """Check a Fox and the Rabbit run record: exit 0 legal, 1 illegal, 2 unreadable."""
    # imported here, not at start-up: every command pays for the modules it uses
    from printkit.games.fox_rabbit.record import blank_record, json_schema
    from printkit.games.fox_rabbit.validate import validate_text
    if schema:
        typer.echo(json.dumps(json_schema(), indent=2))
        return
    if blank:
        typer.echo(blank_record(mode), nl=False)
        return
    if record is None:
        raise PrintkitError("give a run record to check (or --blank, --schema)")
    try:
        report = validate_text(_read(record))
    except PrintkitError as err:
        if not as_json:
            raise
        # tools get JSON on standard output for an unreadable record too (exit status 2)
        typer.echo(json.dumps({"legal": None, "readable": False, "error": str(err)}, indent=2))
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(report.as_dict(), indent=2))
    else:
        typer.echo(report.text())
    raise typer.Exit(0 if report.legal else 1)


def _read(path: Path) -> str:
    from printkit.games.fox_rabbit.record import MAX_BYTES

    try:
        if str(path) == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with path.open("rb") as handle:
                data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise PrintkitError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise PrintkitError(f"{path}: is a folder, not a run record") from None
    except OSError as err:
        raise PrintkitError(f"cannot read {path}: {err.strerror}") from None
    if len(data) > MAX_BYTES:
        raise PrintkitError(f"{path}: larger than 1 MB; a run record is a few kilobytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise PrintkitError(f"{path}: not UTF-8 text (byte {err.start})") from None
