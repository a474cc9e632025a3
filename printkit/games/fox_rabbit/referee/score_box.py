"""The score box: the score, title and achievements, computed and as written.

They are judged as the record has the endgame end: what a mistake above changes (an escape
that did not happen, so a lower score) is a consequence, reported apart, not another
violation. While an animal's story stops inside, the box is not judged at all.
"""

from __future__ import annotations

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.engine import achievements, score
from printkit.games.fox_rabbit.referee.report import Report
from printkit.games.fox_rabbit.referee.state import Referee
from printkit.games.fox_rabbit.referee.words import and_, same_title, score_sum
from printkit.games.fox_rabbit.rulings import Rule

#: A finished game's outcome: its score and the ids of the achievements it earns.
Outcome = tuple[int, list[str]]


def outcome(ref: Referee, escaped: list[bool], traps_left: int) -> Outcome:
    """Return the score and achievements of the game with these animals escaped."""
    g, m = ref.game, ref.map
    n = sum(escaped)
    foods = g.foods_eaten()
    return (score(m, foods, n, traps_left),
            achievements(m, ref.run.mode, foods, g.all_food_eaten(), n))


def check_claims(ref: Referee, report: Report, as_recorded: Outcome) -> None:
    """Check the score box against what the record shows, as one message for the box."""
    run, g, m = ref.run, ref.game, ref.map
    shown_score, shown_achievements = as_recorded
    wrong: list[str] = []
    fields: list[str] = []
    if run.claim_score is not None and run.claim_score not in (report.score, shown_score):
        wrong.append(f"the score is {shown_score} "
                     f"({score_sum(m, g.foods_eaten(), len(report.escaped), report.traps_left)}"
                     f"), not {run.claim_score}")
        fields.append("score")
    basis = run.claim_score if run.claim_score is not None else shown_score
    if run.claim_title is not None and not same_title(run.claim_title, m.title_for(basis)):
        wrong.append(f"{basis} points earn the title {m.title_for(basis)!r}, not "
                     f"{run.claim_title!r}")
        fields += [sf.title_field(i) for i in range(len(m.scoring.titles))]
    unearned = [a for a in run.claim_achievements
                if a not in report.achievements and a not in shown_achievements]
    for ach in unearned:
        spec = next(x for x in m.scoring.achievements if x.id == ach)
        foods, kinds = g.foods_eaten(), len(g.food_count)
        who = ("no animal" if not report.escaped else "both animals"
               if len(report.escaped) == 2 else f"only the {report.escaped[0]}")
        need = spec.text.split(": ", 1)[-1]
        wrong.append(f"{ach} is not earned: it needs {need}, in {spec.mode} mode, and this "
                     f"{run.mode}-mode run ate {foods} food{'s' if foods != 1 else ''} "
                     f"({kinds} of the {len(m.foods)} kinds) with {who} escaped")
        fields.append(ach)
    if not wrong:
        return
    if ref.unfinished:
        report.consequences.append("the score box is not judged while an animal is still "
                                   "inside: " + "; ".join(wrong))
        return
    ref.add(Rule.SCORE, "score box", "; ".join(wrong), tuple(fields))


def consequences(report: Report, ref: Referee, escaped: list[bool], recorded: list[bool],
                 as_recorded: Outcome) -> None:
    """Add to the report what follows from an escape the record has and the rules do not."""
    m = ref.map
    if recorded == escaped or not report.violations:
        return
    total = report.score
    lost = [ANIMALS[a] for a in (0, 1) if recorded[a] and not escaped[a]]
    report.consequences.append(
        f"the {' and the '.join(lost)} did not escape, so the score is {total}, not "
        f"{as_recorded[0]}" + ("" if m.title_for(total) == m.title_for(as_recorded[0]) else
                                f", and the title is {m.title_for(total)!r}"))
    lost_ach = [a for a in as_recorded[1] if a not in report.achievements]
    if lost_ach:
        report.consequences.append(f"{and_(lost_ach)} "
                                   f"{'is' if len(lost_ach) == 1 else 'are'} not earned")
