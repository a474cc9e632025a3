"""A shadow's profile across a box (`shade._profile`): each step's median taken at once, as
`np.median` takes it step by step (the reader's readings must not move with its speed)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from printkit.scan.params import DEFAULT
from printkit.scan.shade import _profile


def _by_steps(xs, ys, values, slope, bx, by, params):
    """The profile as first written: a median per step, one step at a time."""
    length = math.hypot(float(slope[0]), float(slope[1]))
    towards = slope / length
    along = towards[0] * xs + towards[1] * ys
    steps = np.round(along / params.shade_bin).astype(int)
    known = [(k * params.shade_bin, float(np.median(values[steps == k])))
             for k in np.unique(steps) if np.count_nonzero(steps == k) >= params.shade_count]
    if len(known) < 2:
        return None
    at = np.array([k for k, _ in known])
    level = np.maximum.accumulate(np.array([v for _, v in known]))
    inside = towards[0] * bx + towards[1] * by
    return np.interp(along, at, level), np.interp(inside, at, level)


@pytest.mark.parametrize("seed", range(12))
def test_the_profile_s_medians_are_np_median_s_step_by_step(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(8, 400))
    xs = rng.integers(-30, 30, n).astype(float)
    ys = rng.integers(-20, 20, n).astype(float)
    # a sharp edge, noise, and repeated values: steps of odd and even counts, some too few
    values = np.where(xs * 0.6 + ys > 3, 0.12, 0.0) + np.round(rng.normal(0, 0.02, n), 3)
    slope = rng.normal(0, 1, 2)
    bx, by = np.mgrid[-8:8, -5:5]
    params = DEFAULT.ink
    got = _profile(xs, ys, values, slope, bx.astype(float), by.astype(float), params)
    want = _by_steps(xs, ys, values, slope, bx.astype(float), by.astype(float), params)
    if want is None:
        assert got is None
    else:
        assert got is not None
        assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])


def test_a_ring_of_too_few_pixels_a_step_has_no_profile():
    xs = np.array([0.0, 1.0, 10.0, 11.0])
    ys = np.zeros(4)
    got = _profile(xs, ys, np.array([0.1, 0.1, 0.0, 0.0]), np.array([1.0, 0.0]),
                   np.zeros((2, 2)), np.zeros((2, 2)), DEFAULT.ink)
    assert got is None   # two pixels a step, under shade_count
