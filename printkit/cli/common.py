"""What the commands share: options, output paths, reporting."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import click
import typer
from click.shell_completion import CompletionItem

from printkit.draw.paper import PAPERS
from printkit.games.fox_rabbit import MODES, STRATEGIES
from printkit.language import ENGLISH, LANGUAGES, Lang, default_language, language
from printkit.message import quoted, safe_line
from printkit.output import check_writable_dir, check_writable_file, write_file
from printkit.reading import looks_like_file

if TYPE_CHECKING:
    from printkit.products.document import Document

DEFAULT_OUT = Path("output")


class _Choice(click.Choice[str]):
    """Click's choice, naming a wrong value as every printkit message shows one (`quoted`)."""

    def get_invalid_choice_message(self, value: Any, ctx: Optional[click.Context]) -> str:
        return f"{quoted(value)} is not one of {', '.join(map(repr, self.choices))}."


def choice(*names: str) -> click.Choice[str]:
    """Return a Click choice: listed in help, and a wrong value named with the allowed ones."""
    return _Choice(names, case_sensitive=False)


MODE = choice(*MODES)
STRATEGY = choice(*STRATEGIES)
PaperOpt = Annotated[str, typer.Option("--paper", click_type=choice(*PAPERS),
                                       help="Paper size.")]
PlayersOpt = Annotated[Optional[str], typer.Option(
    "--players", help='Players\' names, separated by commas: "Ana,Ben,Zoë".')]
CountOpt = Annotated[Optional[int], typer.Option(
    "--count", help="Number of blank name lines when no names are given.")]
OutFileOpt = Annotated[Optional[str], typer.Option(
    "-o", "--out", help="File to write; or a folder (one that exists, or a path ending in /) "
    "to write the file into under its own name.")]
LangOpt = Annotated[Optional[str], typer.Option(
    "--lang", click_type=choice(*LANGUAGES), show_default=False,
    help="The language printed: en, es or fr (default: $PRINTKIT_LANG, then the locale, "
    "then en). Messages here stay in English.")]
#: The language a command speaks in (its report and its messages), where it prints no document
SaysLangOpt = Annotated[Optional[str], typer.Option(
    "--lang", click_type=choice(*LANGUAGES), show_default=False,
    help="The language of the report and the messages: en, es or fr (default: "
    "$PRINTKIT_LANG, then the locale, then en).")]
OutDirOpt = Annotated[Optional[Path], typer.Option(
    "-o", "--out", help="Folder to write into (default output/).")]


def resolve_lang(value: Optional[str]) -> Lang:
    """Return the language asked for with --lang, or the default one (see `default_language`)."""
    return language(value) if value is not None else default_language()


class NameOrFile(click.ParamType[str]):
    """A bundled name (`tgc`) or the path of a file of one's own (`my-printer.toml`)."""

    def __init__(self, what: str, names: Callable[[], Sequence[str]], file_hint: str) -> None:
        self.name = what
        self.names = names  # looked up when needed, not at start-up
        self.file_hint = file_hint

    def get_metavar(self, param: click.Parameter, ctx: Any = None) -> str:
        return "[" + "|".join([*self.names(), self.file_hint]) + "]"

    def convert(self, value: Any, param: Optional[click.Parameter],
                ctx: Optional[click.Context]) -> Any:
        text = str(value)
        if looks_like_file(text) or text.strip().lower() in self.names():
            return text
        self.fail(f"{quoted(text)} is not one of {', '.join(repr(n) for n in self.names())}, nor "
                  f"the path of {self.file_hint}", param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter,
                       incomplete: str) -> list[CompletionItem]:
        named = [CompletionItem(n) for n in self.names() if n.startswith(incomplete)]
        return [*named, CompletionItem(incomplete, type="file")]


class LazyChoice(click.Choice[str]):
    """A choice among names looked up when needed, not at start-up (the deck's formats)."""

    def __init__(self, names: Callable[[], Sequence[str]]) -> None:
        self._names = names
        self.case_sensitive = False

    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]  # click's is set once
        return tuple(self._names())


def _printers() -> Sequence[str]:
    from printkit.products.deck.printers import bundled_printers
    return bundled_printers()


PRINTER = NameOrFile("printer", _printers, "PROFILE.toml")


def report(msg: str) -> None:
    typer.echo(msg)


def report_line(line: str) -> None:
    """Print one line of a command's report, whatever a path in it holds: a newline, a bidi
    control, an escape sequence in a file's name is shown escaped (`\\n`), so the line
    stays one and says what the name is."""
    typer.echo(safe_line(line, most=len(line) * 10))


def pages(n: int) -> str:
    return f"{n} page" + ("s" if n != 1 else "")


def resolve_out(out: Optional[str], filename: str) -> Path:
    """Return where to write a single file: a given file, a given folder, or output/.

    A folder is one that exists or any path ending in a slash, for every command.
    """
    if out is None:
        return DEFAULT_OUT / filename
    if out.endswith(("/", os.sep)) or Path(out).is_dir():
        return Path(out) / filename
    return Path(out)


def check_out(out: Optional[str]) -> None:
    """Raise a PrintkitError now if `-o` could not be written; create nothing."""
    if out is None:
        check_writable_dir(DEFAULT_OUT)
    elif out.endswith(("/", os.sep)) or Path(out).is_dir():
        check_writable_dir(Path(out))
    else:
        check_writable_file(Path(out))


def write_document(doc: Document, out: Optional[str], lang: Lang = ENGLISH) -> None:
    path = resolve_out(out, doc.filename)
    write_file(path, doc.pdf_bytes())
    report_line(wrote(path, len(doc.pages), lang))


def wrote(path: Path, count: int, lang: Lang = ENGLISH) -> str:
    """Return the report line of a file written: 'wrote out.pdf (2 pages)', in `lang`."""
    return lang.ngettext("wrote {path} ({n} page)", "wrote {path} ({n} pages)", count).format(
        path=path, n=lang.number(count))
