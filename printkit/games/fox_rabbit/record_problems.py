"""What the record model refused, said in a player's words, with where it is.

pydantic names a problem by its type (`int_parsing`, `string_pattern_mismatch`) and its
place by a path of keys; a player reads "line 3, column 5: crossed[2]: not a cell id (write
e.g. F-B3)". Every reader of a record (`record.from_data`) says its problems through here.
"""

from __future__ import annotations

from typing import Any

from printkit.games.fox_rabbit.record_model import MODELS
from printkit.games.fox_rabbit.record_yaml import Locator, shown, unknown_key
from printkit.message import Listing, Message, Said, ntr, said_of, tr


def explain(err: dict[str, Any], where: Locator) -> Said:
    """Return one problem the model found, with where it is."""
    loc = tuple(err["loc"])
    if "[key]" in loc:  # a key of a mapping (a cell id, an aid) that is not one
        loc = loc[:loc.index("[key]")]
        return _at_key(where(loc, key=True), _refused_key(loc, err.get("input")))
    kind = err["type"]
    if kind == "extra_forbidden":
        parent = tuple(0 if isinstance(p, int) else p for p in loc[:-1])
        model = MODELS.get(parent)
        keys = list(model.model_fields) if model else []
        return _at_key(where(loc, key=True), unknown_key(loc[-1], keys))
    if kind == "missing":
        return at(where(loc[:-1]), tr("needs the key '{key}'", key=str(loc[-1]))) \
            if loc[:-1] else tr("the record needs the key '{key}'", key=str(loc[-1]))
    value = err.get("input")
    ctx = err.get("ctx") or {}
    msg: Said = _expected(kind) or err["msg"].removeprefix("Value error, ")
    if kind == "value_error" and isinstance(ctx.get("error"), ValueError):
        msg = said_of(ctx["error"])   # a validator's own message, in any language
    found: Said = shown(value)
    if kind == "literal_error":
        words = [w.strip(" '") for w in ctx.get("expected", "").replace(" or ", ", ").split(",")]
        msg = tr("expected {values}", values=Listing(tuple(words), "or"))
    elif kind in ("less_than_equal", "greater_than_equal"):
        msg = tr("expected at most {n}", n=ctx["le"]) if "le" in ctx else \
            tr("expected at least {n}", n=ctx["ge"])
    elif kind in ("too_long", "too_short"):
        most = int(ctx.get("max_length", ctx.get("min_length")) or 0)
        msg = ntr("expected at most {n} item", "expected at most {n} items", most) \
            if kind == "too_long" else \
            ntr("expected at least {n} item", "expected at least {n} items", most)
        found = str(ctx.get("actual_length", found))
    elif kind == "string_too_long":
        msg = tr("expected at most {n} characters", n=ctx["max_length"])
        found = tr("{n} characters", n=len(value)) if isinstance(value, str) else found
    elif kind == "string_pattern_mismatch":
        msg = _pattern_words(loc)
    place = where(loc) or tr("the record")
    if kind == "value_error":
        return at(place, msg)
    return at(place, tr("{problem} (found {found})", problem=msg, found=found))


def at(where: Said, problem: Said) -> Message:
    """Return a problem with where it is: `line 3, column 5: crossed[2]: ...`."""
    return tr("{where}: {problem}", where=where, problem=problem)


def _at_key(where: Said, problem: Said) -> Said:
    """Return a problem with a key with where the key is, if that is known (a key at the top
    of a record read without its text is named by the problem alone)."""
    return at(where, problem) if where else problem


def _pattern_words(loc: tuple[Any, ...]) -> Message:
    if loc and loc[0] in ("crossed", "written"):
        return tr("not a cell id (write e.g. F-B3)")
    if "roll" in loc:
        return tr("not a die (write a colour R, B or Y and a face 1-6, e.g. R6)")
    if "aids" in loc:
        return tr("not an aid (write +1 B4, -1 B4, flip Y5 or re-roll Y5 B4 -> Y2 B1)")
    if loc and loc[0] == "map":
        return tr("not a map name (lower-case letters, digits and -, e.g. classic)")
    return tr("not an id (letters, digits and -, e.g. carrot or easy-3-one)")


def _refused_key(loc: tuple[Any, ...], key: Any) -> Message:
    what = {"written": tr("a cell id (write e.g. F-B3)"),
            "progress": tr("a trail id (write e.g. F-B)"),
            "aids_spent": tr("an aid (+/-1, flip or re-roll)"),
            "farmer_aids": tr("an aid (+/-1, flip or re-roll)")}.get(
        str(loc[0]) if loc else "", tr("a key this record knows"))
    return tr("{key} is not {what}", key=shown(key), what=what)


def _expected(kind: str) -> Message | None:
    """Return what a value should have been, by pydantic's error type, in a player's words."""
    number, boolean = tr("expected a whole number"), tr("expected true or false")
    keys = tr("expected a set of keys (key: value)")
    return {"int_type": number, "int_parsing": number, "int_from_float": number,
            "bool_type": boolean, "bool_parsing": boolean,
            "string_type": tr("expected a word or text"),
            "list_type": tr("expected a list, e.g. [F-A1, F-A2]"),
            "dict_type": tr("expected a set of keys, e.g. {{F-A3: 7}}"),
            "model_type": keys, "model_attributes_type": keys}.get(kind)
