"""The summaries are in our own words, and say what the house rulings say."""

import pytest

from printkit.draw.paper import LETTER
from printkit.draw.recording import record
from printkit.games.catalog import GAMES
from printkit.games.fox_rabbit.template import load_map
from printkit.products.rules.markup import (
    Heading,
    Inline,
    ListBlock,
    Paragraph,
    Summary,
    Table,
    plain,
)
from printkit.products.rules.summary import load, rule_summary
from tests.rules_support import GAME_IDS, RULEBOOKS, shared_runs, shared_text

RUN = 8  # words: the longest run a summary may share with someone else's text

# The only phrases allowed to match word for word: the names the game itself gives to
# score titles, which a player must see exactly as the game prints them.
GAMES_OWN_NAMES = tuple(t.title for t in load_map("classic").scoring.titles)


def _inline_texts(summary: Summary) -> list[str]:
    out: list[str] = [summary.title, summary.players, summary.time, summary.ages or ""]
    for block in (*summary.blocks, *summary.clarifications):
        pieces: list[Inline] = []
        if isinstance(block, (Heading, Paragraph)):
            pieces = [block.text]
        elif isinstance(block, ListBlock):
            pieces = list(block.items)
        elif isinstance(block, Table):
            pieces = [*block.header, *(c for row in block.rows for c in row)]
        out += [plain(p) for p in pieces]
    return out


def markdown_text(game_id: str) -> str:
    """Return everything the summary's Markdown says, block after block."""
    return "\n".join(_inline_texts(load(GAMES[game_id])))


def printed_text(game_id: str) -> str:
    """Return everything printed on the summary's pages, aids included, in drawing order."""
    doc = rule_summary(GAMES[game_id], LETTER)
    return "\n".join(t for page in doc.pages for t in record(page).texts())


def _without_own_names(text: str) -> str:
    for name in GAMES_OWN_NAMES:
        text = text.replace(name, " | ")
    return text


def _rulebooks() -> dict[str, str]:
    return {f"rulebook {name}": shared_text(name) for name in RULEBOOKS.values()}


def _copied(ours: str, sources: dict[str, str]) -> dict[str, list[str]]:
    return {source: runs for source, text in sources.items()
            if (runs := shared_runs(_without_own_names(ours), text, RUN))}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_run_of_8_words_on_the_page_is_shared_with_any_rulebook(game_id):
    # everything printed, the aids' words included, against all five rulebooks
    copied = _copied(printed_text(game_id), _rulebooks())
    assert not copied, f"{game_id} shares {RUN}-word runs: {copied}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_summary_text_is_not_lifted_from_the_rulings_either(game_id):
    # RULINGS.md asks for its rulings in our own words too. (The aids' tables print the same
    # numbers as its tables, by design, so this compares the written summary only.)
    sources = {**_rulebooks(), "RULINGS.md": shared_text("RULINGS.md")}
    copied = _copied(markdown_text(game_id), sources)
    assert not copied, f"{game_id} shares {RUN}-word runs: {copied}"


def test_the_check_catches_a_copied_sentence_whatever_its_case_and_punctuation():
    rulebook = shared_text(RULEBOOKS["go-nuts"])
    copied = ("EACH die -- that lands on an ACORN, counts as one point; squirrels have no "
              "value...")
    assert shared_runs(copied, rulebook, RUN)
    assert not shared_runs("Each acorn scores one point for this turn.", rulebook, RUN)


def test_the_allowed_names_are_only_the_score_titles_of_the_rulings():
    rulings = " ".join(shared_text("RULINGS.md").split())
    for name in GAMES_OWN_NAMES:
        assert name in rulings
    assert len(GAMES_OWN_NAMES) == 4


# What each Clarifications box must state, in substance (RULINGS.md, section by game).
RULINGS_STATED = {
    "crazy-like-a-fox": ["8 rounds", "before round 5", "cancel", "nobody wins",
                         "One swap per round won with a BIG #1", "share the win"],
    "crazy8ix": ["100 cards", "help cards are extra", "Y is a vowel", "Y Z A B C D E",
                 "stays the card to match", "with 2 players you play again", "300",
                 "Fewest points wins"],
    "go-nuts": ["50", "nobody gets a last turn", "Write 0", "tick the Go Nuts! box"],
    "dice-dice-baby": ["q2 ≥ q, f2 ≥ f", "Never lower", "the challenger loses a die",
                       "the bidder does", "1 time in 3", "15 unseen dice"],
    "fox-and-rabbit": ["never more than 2 of a colour", "at most one cell", "they make 12",
                       "higher than the number before it", "before each animal has eaten",
                       "4 or more means the higher", "any number in super-hard",
                       "traps left count only if an animal escaped",
                       "one aid more is free", "each box serves once against each animal's trap"],
}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_clarifications_box_states_the_house_rulings(game_id):
    summary = load(GAMES[game_id])
    box = " ".join(plain(i) for b in summary.clarifications if isinstance(b, ListBlock)
                   for i in b.items)
    for phrase in RULINGS_STATED[game_id]:
        assert phrase in box, (game_id, phrase)
