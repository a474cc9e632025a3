"""The validator's verdict on one run, as a player reads it (`text`) and a tool (`as_dict`),
in the player's language: a violation's words are kept as `message.Said`, said in English
for the report's stable fields and in the language asked for beside them."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from typing import Any

from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.record_formats import VERSION
from printkit.games.fox_rabbit.rulings import Rule
from printkit.language import ENGLISH, Lang
from printkit.message import WORDS_LENGTH, Said, Shown, Term, and_list, say, tr


@dataclass(frozen=True)
class Violation:
    """A rule broken: which rule, where on the sheet, what happened and what was expected.

    `where` and `said` are the place and the text in any language (`place` and `text` say
    them in English). `fields` names the boxes of the sheet the mistake is in (the form's
    field names), so a page can mark them. `unfinished` marks a violation that says only
    that the game is not over yet (no endgame, or an animal's attempts stop while it is still
    inside): a record that claims a finished game breaks the rule, but a game in progress,
    on the page, is in no mistake.
    """

    rule: Rule
    where: Said   # "turn 7", "F-C4", "round 2, fox's escape attempt", "score box"
    said: Said
    fields: tuple[str, ...] = ()
    unfinished: bool = False

    @property
    def place(self) -> str:
        return say(self.where)

    @property
    def text(self) -> str:
        return say(self.said)

    def line(self, lang: Lang = ENGLISH) -> str:
        """Return the violation as a player reads it: place, what happened, the rule cited."""
        return tr("{place}: {text} ({rule})", place=self.where, text=self.said,
                  rule=self.rule.cited).say(lang)

    def __str__(self) -> str:
        return self.line()

    def as_dict(self, lang: Lang = ENGLISH) -> dict[str, Any]:
        return {"rule": self.rule.citation, "number": self.rule.number,
                "title": self.rule.title, "place": self.place, "text": self.text,
                "fields": list(self.fields), "not_finished": self.unfinished,
                "said": {"place": say(self.where, lang), "text": say(self.said, lang),
                         "rule": self.rule.citation_said.say(lang),
                         "line": self.line(lang)}}


@dataclass
class Report:
    """The validator's verdict on one run."""

    mode: str
    map: str
    violations: list[Violation] = field(default_factory=list)
    more_violations: int = 0      # found past MAX_VIOLATIONS, counted only
    consequences: list[Said] = field(default_factory=list)
    score: int = 0
    title: str = ""
    achievements: list[str] = field(default_factory=list)
    escaped: list[str] = field(default_factory=list)
    claimed_score: int | None = None
    claimed_title: str | None = None
    claimed_achievements: list[str] = field(default_factory=list)
    replayed: bool = False
    in_progress: bool = False     # no endgame yet: the game is not over (still illegal to claim)
    foods_eaten: int = 0
    traps_left: int = 0   # when the endgame began (they score only if an animal escaped)
    old_format: int | None = None  # the record's format version, where an earlier one
    # each achievement's name as the sheet prints it (in English), by its id
    achievement_names: dict[str, str] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def finished(self) -> bool:
        """Return whether the record's game is over (no violation says it is not)."""
        return not any(v.unfinished for v in self.violations)

    @property
    def broken(self) -> list[Violation]:
        """Return the violations that are mistakes of play, not only a game not over yet."""
        return [v for v in self.violations if not v.unfinished]

    def as_dict(self, lang: Lang = ENGLISH) -> dict[str, Any]:
        """Return the report for a tool: English keys, rule ids and texts, and each text
        also said in `lang` (`said`, `consequences_said`)."""
        return {
            "legal": self.legal, "readable": True, "map": self.map, "mode": self.mode,
            "replayed_turn_log": self.replayed, "in_progress": self.in_progress,
            "finished": self.finished,
            "format_version": self.old_format or VERSION, "lang": lang.code,
            "violations": [v.as_dict(lang) for v in self.violations],
            "more_violations": self.more_violations,
            "consequences": [say(c) for c in self.consequences],
            "consequences_said": [say(c, lang) for c in self.consequences],
            "computed": {"score": self.score, "title": self.title,
                         "title_said": Term(self.title).say(lang),
                         "achievements": self.achievements,
                         "achievements_said": self.named(self.achievements, lang),
                         "escaped": self.escaped,
                         "foods_eaten": self.foods_eaten, "traps_left": self.traps_left},
            "claimed": {"score": self.claimed_score, "title": self.claimed_title,
                        "achievements": self.claimed_achievements,
                        "achievements_said": self.named(self.claimed_achievements, lang)},
        }

    def named(self, ids: list[str], lang: Lang = ENGLISH) -> list[str]:
        """Return achievements by the names the sheet prints, in `lang` (an id the map does
        not name, as it is)."""
        return [Term(self.achievement_names.get(a, a)).say(lang) for a in ids]

    def text(self, record_name: str = "old.yaml", lang: Lang = ENGLISH) -> str:
        """Return the report as a player reads it (`record_name`: the file it was read from),
        in `lang`."""
        _ = lang.gettext
        mode = terms.mode(self.mode).say(lang)
        lines = [(_("The Fox and the Rabbit, {map} map, {mode} mode (turn log replayed)")
                  if self.replayed else
                  _("The Fox and the Rabbit, {map} map, {mode} mode (sheet only, no turn log)"))
                 .format(map=self.map, mode=mode)]
        if self.old_format is not None:
            lines.append(_("note: this record is in the format of an earlier printkit "
                           "(version {old}); to update it to the current one (version "
                           "{current}): {command}").format(
                old=self.old_format, current=VERSION,
                command=f"printkit validate {shlex.quote(record_name)} --to-yaml > new.yaml"))
        if self.legal:
            lines.append(_("legal run: no rule broken"))
        elif not self.broken:
            lines.append(_("unfinished run: no rule broken, but the game is not over"))
            lines += [f"  - {v.line(lang)}" for v in self.violations]
        else:
            n = len(self.violations) + self.more_violations
            lines.append(lang.ngettext("illegal run: {n} violation", "illegal run: {n} violations",
                                       n).format(n=n))
            lines += [f"  - {v.line(lang)}" for v in self.violations]
            if self.more_violations:
                lines.append("  - " + _("and {n} more").format(n=self.more_violations))
        if self.consequences:
            lines.append(_("what follows from them:"))
            lines += [f"  - {say(c, lang)}" for c in self.consequences]
        escaped = [terms.animal_named(a) for a in self.escaped]
        lines.append(_("escaped: {escaped}; foods eaten: {foods}; traps left when the endgame "
                       "began: {traps}").format(
            escaped=say(and_list(escaped), lang) if escaped else _("nobody"),
            foods=self.foods_eaten, traps=self.traps_left))

        def claim(value: object) -> str:
            return _("(not written)") if value is None else str(value)

        def title(text: str | None) -> str | None:
            # a claimed title is the player's own text, shown as a message shows a value
            return None if text is None else Shown(Term(text).say(lang), quote=False,
                                                   most=WORDS_LENGTH, words=True).say(lang)

        rows = [(_("score"), str(self.score), claim(self.claimed_score)),
                (_("title"), title(self.title) or "", claim(title(self.claimed_title)))]
        computed, claimed = _("computed"), _("claimed")
        first = max(14, *(len(r[0]) + 2 for r in rows), len(_("achievements")) + 2)
        width = max(len(computed), *(len(r[1]) for r in rows)) + 3
        lines.append(f"{'':{first}}{computed:{width}}{claimed}")
        for name, value, written in rows:
            lines.append(f"{name:{first}}{value:{width}}{written}")
        # achievements by the names the sheet prints, one a line, each marked where it is
        every = self.achievements + [a for a in self.claimed_achievements
                                     if a not in self.achievements]
        if not every:
            none = _("none")
            lines.append(f"{_('achievements'):{first}}{none:{width}}{none}")
        else:
            lines.append(_("achievements"))
            names = dict(zip(every, self.named(every, lang)))
            widest = max(len(n) for n in names.values())
            for a in every:
                marks = ", ".join(word for word, holds in (
                    (computed, a in self.achievements), (claimed, a in self.claimed_achievements))
                    if holds)
                lines.append(f"  {names[a]:{widest}}  {marks}")
        return "\n".join(lines)

