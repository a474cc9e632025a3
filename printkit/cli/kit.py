"""`printkit kit`: everything for a game night."""


from printkit.cli.common import (
    DEFAULT_OUT, CountOpt, OutDirOpt, PaperOpt, PlayersOpt, pages, report)
from printkit.draw.paper import paper as parse_paper
from printkit.games.players import parse_players
from printkit.output import check_writable_dir, write_files


def kit(
    players: PlayersOpt = None,
    count: CountOpt = None,
    paper: PaperOpt = "letter",
    out: OutDirOpt = None,
) -> None:
    """Print everything for a game night into output/ (or the folder given)."""
    # imported here, not at start-up: every command pays for the modules it uses
    from printkit.products.kit import plan_kit, render_kit
    folder = out or DEFAULT_OUT
    check_writable_dir(folder)  # created only once everything is made
    names = parse_players(players) if players is not None else None
    plan = plan_kit(parse_paper(paper), names, count)
    rendered = render_kit(plan)
    write_files({folder / r.filename: r.data for r in rendered})
    for r in rendered:
        report(f"wrote {folder / r.filename} ({pages(r.pages)})")
    for note in plan.skipped:
        report(f"skipped {note}")
