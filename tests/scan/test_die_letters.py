"""A die's colour letter the glyph model reads as a colour no die has (issue 31).

The dice are red, blue and yellow alone (`dice.PRIMARY_LETTERS`); green, orange, purple and
black are the cells' mixes. The crops are attempt fields of two tuning photos of generator 2
(French sheets), cut where the reader cuts them (the photo's a few pixels wider each way, at
2 pixels a point): the aid's die of each is read as a K or a G, and R, B and Y hardly at all.
Before, the letter of the die an aid names was chosen by those scraps of chance, and the
other die of the same face was read first."""

from __future__ import annotations

from tests.scan.attempt_crops import attempt_readings


def test_an_aids_die_whose_r_reads_as_a_k_is_read_red():
    # homeprint 2300001's fox: `R5 R1 Y1 Y5; retourner R1`, the R after `retourner` read K
    # (0.67) and R and Y at 0.01 or less: the red 1 flipped, not the yellow one
    read = attempt_readings("die-letter-as-k", (2, 2, 2))
    assert read[0] == "R5 R1 Y1 Y5; retourner R1"
    assert read.index("R5 R1 Y1 Y5; retourner Y1") > 0


def test_an_aids_die_whose_b_reads_as_a_g_is_read_blue():
    # ordinary 2100004's fox trap: `R2 B3 B1 Y2 Y4; retourner B1`, the B after `retourner`
    # read G (0.93): the farmer flips his blue 1, not a yellow 2 (his trap's dice: one red,
    # two blue, two yellow)
    read = attempt_readings("die-letter-as-g", (1, 2, 2))
    assert read.index("R2 B3 B1 Y2 Y4; retourner B1") < \
        read.index("R2 B3 B1 Y2 Y4; retourner Y2")
