"""bench/bench_numbers.py's figures as printed: a median of keystrokes keeps its half, for
issue 31's bound (at most 2 on a short easy sheet) is judged from it."""

from __future__ import annotations

import pytest

from bench import bench_numbers


def _sheet(keys: int) -> bench_numbers.PhotoFigures:
    return bench_numbers.PhotoFigures("p.jpg", "g2-tune-short", "easy", written=6, right=6,
                                      keys=keys, keys_accept=keys)


def test_a_keystrokes_median_keeps_its_half(capsys: pytest.CaptureFixture[str]) -> None:
    bench_numbers.summary([_sheet(k) for k in (1, 2, 3, 40)], "short")
    out = capsys.readouterr().out
    assert "keystrokes        median 2.5 (short easy sheets: 2.5 over 4; with --accept 2.5)" \
        in out


def test_a_whole_median_is_said_whole(capsys: pytest.CaptureFixture[str]) -> None:
    bench_numbers.summary([_sheet(k) for k in (1, 3, 40)], "short")
    assert "keystrokes        median 3 (short easy sheets: 3 over 3;" in capsys.readouterr().out
