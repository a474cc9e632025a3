"""The score box: the score, title and achievements, computed and as written.

They are judged as the record has the endgame end: what a mistake above changes (an escape
that did not happen, so a lower score) is a consequence, reported apart, not another
violation. While an animal's story stops inside, the box is not judged at all.
"""

from __future__ import annotations

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.engine import achievements, score
from printkit.games.fox_rabbit.referee.report import Report
from printkit.games.fox_rabbit.referee.state import Referee
from printkit.games.fox_rabbit.referee.words import same_title, score_sum
from printkit.games.fox_rabbit.rulings import Rule
from printkit.language import ENGLISH, Lang
from printkit.message import Said, and_list, ntr, say, tr

#: A finished game's outcome: its score and the ids of the achievements it earns.
Outcome = tuple[int, list[str]]


class Joined:
    """Several mistakes of one box, said as one message: `a; b`."""

    def __init__(self, parts: tuple[Said, ...]) -> None:
        self.parts = parts

    def say(self, lang: Lang = ENGLISH) -> str:
        return ("\u00a0; " if lang.code == "fr" else "; ").join(say(p, lang) for p in self.parts)


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
    wrong: list[Said] = []
    fields: list[str] = []
    if run.claim_score is not None and run.claim_score not in (report.score, shown_score):
        wrong.append(tr("the score is {score} ({sum}), not {claimed}", score=shown_score,
                        sum=score_sum(m, g.foods_eaten(), len(report.escaped),
                                      report.traps_left), claimed=run.claim_score))
        fields.append("score")
    basis = run.claim_score if run.claim_score is not None else shown_score
    if run.claim_title is not None and not same_title(run.claim_title, m.title_for(basis)):
        wrong.append(tr("{points} points earn the title {title}, not {claimed}", points=basis,
                        title=terms.title(m.title_for(basis)),
                        claimed=terms.title(run.claim_title)))
        fields += [sf.title_field(i) for i in range(len(m.scoring.titles))]
    unearned = [a for a in run.claim_achievements
                if a not in report.achievements and a not in shown_achievements]
    for ach in unearned:
        foods, kinds = g.foods_eaten(), len(g.food_count)
        who = (tr("no animal") if not report.escaped else tr("both animals")
               if len(report.escaped) == 2 else
               tr("only the {animal}", animal=terms.animal_named(report.escaped[0])))
        # named as the sheet prints it, which says what it needs
        wrong.append(ntr(
            "{achievement} is not earned: this {run_mode}-mode run ate {n} food ({kinds} of "
            "the {all} kinds) with {who} escaped",
            "{achievement} is not earned: this {run_mode}-mode run ate {n} foods ({kinds} of "
            "the {all} kinds) with {who} escaped", foods,
            achievement=terms.achievement(m, ach), run_mode=terms.mode(run.mode), kinds=kinds,
            all=len(m.foods), who=who))
        fields.append(ach)
    if not wrong:
        return
    if ref.unfinished:
        report.consequences.append(tr(
            "the score box is not judged while an animal is still inside: {wrong}",
            wrong=Joined(tuple(wrong))))
        return
    ref.add(Rule.SCORE, tr("score box"), Joined(tuple(wrong)), tuple(fields))


def consequences(report: Report, ref: Referee, escaped: list[bool], recorded: list[bool],
                 as_recorded: Outcome) -> None:
    """Add to the report what follows from an escape the record has and the rules do not."""
    m = ref.map
    if recorded == escaped or not report.violations:
        return
    total = report.score
    lost_animals = [a for a in (0, 1) if recorded[a] and not escaped[a]]
    lost = and_list([tr("the {animal}", animal=terms.animal(a)) for a in lost_animals])
    if m.title_for(total) == m.title_for(as_recorded[0]):
        report.consequences.append(ntr(
            "{animals} did not escape, so the score is {score}, not {recorded}",
            "{animals} did not escape, so the score is {score}, not {recorded}",
            len(lost_animals), animals=lost, score=total, recorded=as_recorded[0]))
    else:
        report.consequences.append(ntr(
            "{animals} did not escape, so the score is {score}, not {recorded}, and the title "
            "is {title}",
            "{animals} did not escape, so the score is {score}, not {recorded}, and the title "
            "is {title}", len(lost_animals), animals=lost, score=total,
            recorded=as_recorded[0], title=terms.title(m.title_for(total))))
    lost_ach = [a for a in as_recorded[1] if a not in report.achievements]
    if lost_ach:
        report.consequences.append(ntr("{achievements} is not earned",
                                       "{achievements} are not earned", len(lost_ach),
                                       achievements=and_list([terms.achievement(m, a)
                                                              for a in lost_ach])))
