"""The validator: every rule a run record can show, each mistake once, and the score.

With a turn log the whole game is replayed on the engine (`referee.replay`); without one,
everything the paper alone shows is checked (`referee.paper`). Either way the endgame
(`referee.endgame`, `referee.aid_totals`) and the score box (`referee.score_box`) are
checked, and the computed score, title and achievements are reported beside the claimed
ones (`referee.report`).

One mistake gives one message. After a refused mark the replay goes on as the player
evidently meant it, so later turns are judged on their own. What follows from a mistake (an
escape that did not happen, so a lower score) is reported apart, as a consequence, not as
another violation.
"""

from __future__ import annotations

from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.referee.endgame import check_endgame
from printkit.games.fox_rabbit.referee.paper import check_sheet
from printkit.games.fox_rabbit.referee.replay import compare_sheet, replay
from printkit.games.fox_rabbit.referee.report import Report, Violation
from printkit.games.fox_rabbit.referee.score_box import check_claims, consequences, outcome
from printkit.games.fox_rabbit.referee.state import MAX_VIOLATIONS, Referee
from printkit.games.fox_rabbit.run import Run


def played(run: Run) -> Referee:
    """Return the referee with the run played up to its endgame: its turn log replayed on the
    engine, or what its sheet alone shows checked; the endgame is not judged yet."""
    ref = Referee(run)
    if run.turns is not None:
        replay(ref, run.turns)
        compare_sheet(ref)
    else:
        check_sheet(ref)
    return ref


def validate_run(run: Run) -> Report:
    """Return the report on a run: every violation, then computed score, title, achievements."""
    ref = played(run)
    escaped, recorded, traps_left = check_endgame(ref)
    m = run.map
    total, earned = outcome(ref, escaped, traps_left)
    report = Report(run.mode, m.name, score=total, title=m.title_for(total),
                    achievements=earned,
                    escaped=[ANIMALS[a] for a in (0, 1) if escaped[a]],
                    claimed_score=run.claim_score, claimed_title=run.claim_title,
                    claimed_achievements=list(run.claim_achievements),
                    replayed=run.turns is not None, foods_eaten=ref.game.foods_eaten(),
                    traps_left=traps_left, old_format=run.old_format,
                    achievement_names={a.id: a.text for a in m.scoring.achievements})
    as_recorded = outcome(ref, recorded, traps_left)
    check_claims(ref, report, as_recorded)
    report.violations = ref.found
    report.more_violations = ref.more
    report.in_progress = ref.in_progress
    consequences(report, ref, escaped, recorded, as_recorded)
    return report


def validate_text(text: str) -> Report:
    """Return the report on a record's YAML text (RecordError if it cannot be read)."""
    from printkit.games.fox_rabbit.reader import read_run

    return validate_run(read_run(text))


__all__ = ["MAX_VIOLATIONS", "Report", "Violation", "validate_run", "validate_text"]
