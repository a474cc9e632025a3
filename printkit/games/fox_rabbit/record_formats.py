"""Every run-record format printkit has written, read as the current one.

A record says its format with `version:`. Records written before the key existed are told
apart by their shape:

- **version 1** (printkit's first validator and `simulate --dump`): `eaten` is the list of
  foods in the order they were eaten, each with its animal and the reward taken for it
  (`- {animal: fox, food: apple, reward: red die}`); there is no `rewards` key.
- **version 2** (the current one): `eaten` holds the foods of each animal, as the food boxes
  show them (`{fox: [apple], rabbit: [carrot]}`), and `rewards` the rewards row.

`upgrade` turns the data of any of them into the current format's data, before the record
model reads it, and says which version it was written in; a problem found in the converted
data is still said where the player wrote it (`eaten[2].reward`, with its line).
`printkit validate --to-yaml` then writes it in the current format.
"""

from __future__ import annotations

from typing import Any

from printkit.games.fox_rabbit.record_yaml import Locator, RecordError, shown
from printkit.message import Said, tr

#: The format printkit writes.
VERSION = 2
FIRST_VERSION = 1
#: The reward of version 1 that meant none was left to take (the rewards row leaves it out).
_NO_REWARD = "nothing"


Place = tuple[Any, ...]


class _MovedLocator(Locator):
    """Says where a value of converted data was written in the record as the player has it."""

    def __init__(self, inner: Locator, moved: dict[Place, Place]) -> None:
        self._inner = inner
        self._moved = moved

    def __call__(self, loc: Place, key: bool = False) -> Said:
        for n in range(len(loc), 0, -1):  # the longest place that moved
            if loc[:n] in self._moved:
                loc = self._moved[loc[:n]] + loc[n:]
                break
        return self._inner(loc, key)


def upgrade(data: dict[str, Any], where: Locator) -> tuple[dict[str, Any], int, Locator]:
    """Return a record's data in the current format, the version it was written in, and the
    locator that says where a value of the new data was written."""
    version = data.get("version")
    if version is None:
        version = FIRST_VERSION if isinstance(data.get("eaten"), list) else VERSION
    elif type(version) is not int or not version >= FIRST_VERSION:
        raise RecordError(tr("{where}: {problem}", where=where(("version",)), problem=tr(
            "expected a format version, a whole number from {first} to {last} (found {found})",
            first=FIRST_VERSION, last=VERSION, found=shown(version))))
    elif version > VERSION:
        raise RecordError(tr("{where}: {problem}", where=where(("version",)), problem=tr(
            "this record is in format version {version}, newer than this printkit reads "
            "({first} to {last}); update printkit to read it", version=version,
            first=FIRST_VERSION, last=VERSION)))
    if version == FIRST_VERSION:
        moved: dict[Place, Place] = {}
        data = _from_first(data, where, moved)
        where = _MovedLocator(where, moved)
    return {**data, "version": VERSION}, version, where


def _from_first(data: dict[str, Any], where: Locator, moved: dict[Place, Place]) -> dict[str, Any]:
    """Return a version 1 record's data in version 2: the foods by animal, the rewards row."""
    eaten = data.get("eaten", [])
    if not isinstance(eaten, list):
        return data  # the model says what is wrong with it, as for any record
    if "rewards" in data:
        raise RecordError(tr("{where}: {problem}", where=where(("rewards",)), problem=tr(
            "a record whose eaten is a list (the format of printkit's first version) gives "
            "each reward in that list; write eaten as the foods of each animal, {{fox: "
            "[apple], rabbit: [carrot]}}, or leave out rewards")))
    foods: dict[str, list[Any]] = {"fox": [], "rabbit": []}
    rewards: list[Any] = []
    problems: list[Said] = []
    for i, item in enumerate(eaten):
        animal = item.get("animal") if isinstance(item, dict) else None
        animal = " ".join(animal.lower().split()) if isinstance(animal, str) else animal
        if not isinstance(item, dict) or set(item) - {"animal", "food", "reward"} \
                or animal not in foods or "food" not in item:
            problems.append(tr("{where}: {problem}", where=where(("eaten", i)), problem=tr(
                "in a record whose eaten is a list, each entry is {{animal: fox or rabbit, "
                "food: FOOD, reward: REWARD}} (found {found})", found=shown(item))))
            continue
        moved[("eaten", animal, len(foods[animal]))] = ("eaten", i, "food")
        foods[animal].append(item["food"])
        reward = item.get("reward")
        if reward is not None and reward != _NO_REWARD:
            moved[("rewards", len(rewards))] = ("eaten", i, "reward")
            rewards.append(reward)
    if problems:
        raise RecordError(problems)
    moved.update({("eaten", "fox"): ("eaten",), ("eaten", "rabbit"): ("eaten",),
                  ("rewards",): ("eaten",)})
    return {**data, "eaten": foods, "rewards": rewards}
