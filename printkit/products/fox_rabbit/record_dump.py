"""`printkit simulate --dump DIR`: each dumped game written as a run record of its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.games.fox_rabbit.record_text import record_yaml
from printkit.output import write_file


class RecordWriter:
    """Writes each dumped game as `game-0000017.yaml` in a folder (picklable, for workers)."""

    def __init__(self, folder: Path, seed: int, strategy: str) -> None:
        self.folder = folder
        self.seed = seed
        self.strategy = strategy

    def __call__(self, index: int, record: dict[str, Any]) -> None:
        head = (f"# printkit simulate: game {index} of a run seeded {self.seed}, played by the "
                f"{self.strategy} player\n")
        write_file(self.folder / f"game-{index:07d}.yaml",
                   (head + record_yaml(record)).encode("utf-8"))
