"""An aid circle scribbled or ringed along its printed line on a light pencil page: the band
along the inside of the print stands over the page's other circles (`prints.rings_along_print`),
read marked from `InkParams.ring_read` steps, asked, leaning marked, from `ring_ask`.
"""

import pytest

from printkit.scan.params import DEFAULT
from tests.scan.test_field_reading import FIRM, _camera, _played, _read, _ring_along_print

RINGED = ["plus-minus-2", "flip-2"]
AIDS = ("plus-minus-", "flip-", "re-roll-")


@pytest.mark.parametrize(("inside", "darkness"), [(0.0, 0.2), (0.5, 0.15)])
def test_a_circle_whose_band_stands_over_a_step_above_the_others_is_read_marked(inside,
                                                                                darkness):
    # a light pencil ring along two aids' printed circles, 15-20 % dark: the band along the
    # print stands 1.1-1.25 steps over the page's other circles (as the first generator's
    # hard photos' scribbled circles do, 1.0-1.5, where no empty circle of the tuning photos
    # stands 0.5): read marked, not asked (main asked them, from 0.75 to 1.5 steps)
    page = _played(dark=False)
    for name in RINGED:
        _ring_along_print(page, name, inside, darkness)
    fields = _read(_camera(page, noise=2.0))
    for name in RINGED:
        assert fields[name].marked and not fields[name].uncertain
    left = [fields[f] for f in fields if f.startswith(AIDS) and f not in RINGED + FIRM]
    assert left and all(not f.marked and not f.uncertain for f in left)


def test_a_circle_whose_band_stands_under_a_step_above_the_others_is_still_asked():
    # the same rings 15 % dark on the print's edge: the band stands 0.9 steps, over the ask
    # (0.75) and under `ring_read`: asked, leaning marked
    assert DEFAULT.ink.ring_ask < 0.9 < DEFAULT.ink.ring_read
    page = _played(dark=False)
    for name in RINGED:
        _ring_along_print(page, name, 0.0, 0.15)
    fields = _read(_camera(page, noise=2.0))
    for name in RINGED:
        assert fields[name].marked and fields[name].uncertain
    left = [fields[f] for f in fields if f.startswith(AIDS) and f not in RINGED + FIRM]
    assert left and all(not f.marked and not f.uncertain for f in left)
