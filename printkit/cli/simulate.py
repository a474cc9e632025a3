"""`printkit simulate`: play many Fox and the Rabbit games to measure how hard a map is."""

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Optional

import typer

from printkit.cli.common import MODE, STRATEGY, report_line
from printkit.cli.progress import DelayedProgress
from printkit.errors import PrintkitError
from printkit.output import check_writable_dir, check_writable_file, ensure_writable_dir, write_file


def simulate(
    mode: Annotated[str, typer.Option("--mode", click_type=MODE, help="The mode.")] = "easy",
    games: Annotated[int, typer.Option("--games", help="Games to play.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the run (0 or more); game i "
                                      "is seeded from (seed, i).")] = 1,
    strategy: Annotated[str, typer.Option(
        "--strategy", click_type=STRATEGY, help="The automatic player.")] = "greedy",
    jobs: Annotated[int, typer.Option("--jobs", help="Processes to play in (the numbers do "
                                      "not depend on it).")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    plot_name: Annotated[Optional[str], typer.Option(
        "--plot", help="Also draw the score histogram and achievement shares to this PNG.")] = None,
    dump: Annotated[Optional[Path], typer.Option(
        "--dump", help="Write every game as a run record (with its turn log) into this "
                       "folder.")] = None,
    map_name: Annotated[Optional[str], typer.Option(
        "--map", help="A map: classic (default), variant-N, or a template file (.toml).")] = None,
    variant: Annotated[Optional[int], typer.Option(
        "--variant", help="Play seeded variant N instead of the classic map.")] = None,
) -> None:
    """Play many games with an automatic player; report escapes, achievements, scores."""
    from printkit.games.fox_rabbit.simulate import check
    from printkit.games.fox_rabbit.simulate import simulate as run
    from printkit.games.fox_rabbit.template import choose_map
    from printkit.products.fox_rabbit.record_dump import RecordWriter
    from printkit.products.fox_rabbit.simulation_plot import plot_png

    check(mode, games, seed, strategy, jobs)
    plot = None
    if plot_name is not None:
        plot = Path(plot_name)
        if plot_name.endswith(("/", os.sep)) or plot.suffix.lower() != ".png":
            raise PrintkitError(f"--plot writes a PNG: give a file name ending in .png "
                                f"(not {plot_name})")
        check_writable_file(plot)  # before the run, not after it
    if dump is not None:
        check_writable_dir(dump)
    game_map = choose_map(map_name, variant)
    writer = None
    if dump is not None:
        writer = RecordWriter(ensure_writable_dir(dump), seed, strategy)
    start = time.perf_counter()
    with progress_bar() as progress:
        summary = run(game_map, mode, games, seed, strategy, jobs, writer,
                      lambda done: progress(done, games))
    took = time.perf_counter() - start
    typer.echo(f"played {games:,} games in {took:.2f} s ({games / took:,.0f} games/s, "
               f"{jobs} job{'s' if jobs != 1 else ''})", err=True)
    texts = {a.id: a.text for a in game_map.scoring.achievements}
    if as_json:
        typer.echo(json.dumps(summary.as_dict(), indent=2))
    else:
        typer.echo(summary.text(texts))
    if plot is not None:
        write_file(plot, plot_png(summary, texts))
        report_line(f"wrote {plot}")
    if dump is not None:
        report_line(f"wrote {games:,} run records into {dump}")


def progress_bar(clock: Callable[[], float] = time.monotonic) -> DelayedProgress:
    """Return the bar a run shows on standard error once it has taken a second."""
    return DelayedProgress("simulating", clock=clock)
