"""`printkit validate RUN.yaml`: check and score a completed Fox and the Rabbit run."""

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from printkit.cli.common import MODE
from printkit.errors import PrintkitError
from printkit.reading import read_text


def validate(
    record: Annotated[Optional[Path], typer.Argument(
        help="The run record (YAML) to check; - reads standard input.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    blank: Annotated[bool, typer.Option("--blank", help="Print an empty record to fill in.")] = False,
    mode: Annotated[Optional[str], typer.Option(
        "--mode", click_type=MODE, help="Mode of the blank record (default easy).")] = None,
    variant: Annotated[Optional[int], typer.Option(
        "--variant", help="The blank record is for seeded map variant N.")] = None,
    schema: Annotated[bool, typer.Option("--schema", help="Print the record's JSON Schema.")] = False,
) -> None:
    """Check a Fox and the Rabbit run record: exit 0 legal, 1 illegal, 2 unreadable."""
    # imported here, not at start-up: every command pays for the modules it uses
    from printkit.games.fox_rabbit.record import blank_record, json_schema
    from printkit.games.fox_rabbit.template import choose_map
    from printkit.games.fox_rabbit.validate import validate_text
    if blank and schema:
        raise PrintkitError("give --blank or --schema, not both")
    if (blank or schema) and record is not None:
        raise PrintkitError(f"--{'blank' if blank else 'schema'} prints a new document and "
                            f"checks nothing: leave out {record}, or leave out "
                            f"--{'blank' if blank else 'schema'}")
    if not blank:
        given = [flag for flag, value in (("--mode", mode), ("--variant", variant))
                 if value is not None]
        if given:
            raise PrintkitError(f"{' and '.join(given)} apply to --blank (a record names its "
                                "own mode and map)")
    if schema:
        typer.echo(json.dumps(json_schema(), indent=2))
        return
    if blank:
        game_map = choose_map(None, variant)
        typer.echo(blank_record(mode or "easy", game_map.name), nl=False)
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

    # a run record is a few kilobytes: anything over the limit is not one
    return read_text(path, "the run record", max_bytes=MAX_BYTES)
