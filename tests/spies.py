"""Counting what a function is asked: a test that a shortcut reads as without it also shows
that the shortcut fires (fewer calls)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def spied(monkeypatch: Any, module: object, name: str,
          noted: Callable[..., Any] = lambda *args: args[-1]) -> list[Any]:
    """Replace `module.name` with a function that calls it and notes each call (`noted` of
    its arguments: the last one unless told); return the list the calls are noted in."""
    calls: list[Any] = []
    real = getattr(module, name)

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append(noted(*args))
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, spy)
    return calls
