"""Game night in Spanish and French: --lang, the catalogues, and what each product prints."""

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from printkit.draw import fonts
from printkit.draw.paper import A4, LETTER
from printkit.draw.recording import record
from printkit.draw.text import ELLIPSIS
from printkit.errors import PrintkitError
from printkit.games.catalog import GAMES
from printkit.language import LANGUAGES, Lang, default_language, from_locale
from printkit.products.fox_rabbit.gamesheet import gamesheet
from printkit.products.kit import plan_kit
from printkit.products.rules.markup import ListBlock, plain
from printkit.products.rules.summary import load, rule_summary
from tests.helpers import text
from tests.rules_support import GAME_IDS, RULEBOOKS, shared_runs, shared_text
from tests.test_rules_wording import GAMES_OWN_NAMES, _inline_texts

ROOT = Path(__file__).resolve().parent.parent
OTHERS = [code for code in LANGUAGES if code != "en"]


def _catalogue(code):
    with (ROOT / "printkit" / "locale" / code / "LC_MESSAGES" / "printkit.po").open("rb") as f:
        return read_po(f, locale=code)


# -- the catalogues ---------------------------------------------------------------------
def test_the_committed_catalogues_are_extracted_and_compiled_from_the_code():
    # the script exits 1 when the template, a .po or a compiled .mo is out of date
    run = subprocess.run([sys.executable, "bench/catalogues.py", "--check"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("code", OTHERS)
def test_every_message_is_translated_and_printable_in_every_face(code):
    for message in _catalogue(code):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings) and not message.fuzzy, message.id
        for s in strings:
            for face in fonts.ALL_FONTS:
                assert not fonts.missing_characters(s, face), (s, face)
            # the spaces French and Spanish numbers use are in the font too
            for ch in set(s) & {"\u00a0", "\u202f"}:
                assert ord(ch) in fonts._code_points(fonts.REGULAR)


def test_french_puts_a_no_break_space_before_its_high_punctuation():
    # "voyez : ..." broken at the space leaves the colon alone at the next line's start
    for message in _catalogue("fr"):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for s in strings:
            assert not re.search(r" [;:?!]", s), (message.id, s)


@pytest.mark.parametrize("code", OTHERS)
def test_translations_keep_their_placeholders(code):
    for message in _catalogue(code):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(re.findall(r"\{\w+\}", ids[-1]))
        for s in strings:
            assert set(re.findall(r"\{\w+\}", s)) == wanted, (message.id, s)


def test_french_puts_a_no_break_space_before_its_double_punctuation():
    for message in _catalogue("fr"):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for s in strings:
            assert not re.search(r" [:;!?]", s), s


# -- numbers ------------------------------------------------------------------------------
def test_numbers_follow_each_language():
    assert Lang("en").percent(0.757) == "76 %"
    assert Lang("fr").percent(0.3534, 1) == "35,3\u00a0%"
    assert Lang("es").percent(0.3534, 1) == "35,3\u00a0%"
    assert Lang("fr").number(1000) == "1\u202f000"
    assert Lang("es").number(63.5, 1) == "63,5"


# -- choosing the language ------------------------------------------------------------------
def test_the_default_comes_from_printkit_lang_then_the_locale_then_english():
    assert default_language({"PRINTKIT_LANG": "fr", "LANG": "es_ES.UTF-8"}).code == "fr"
    assert default_language({"LC_ALL": "es_MX.UTF-8", "LANG": "fr_FR"}).code == "es"
    assert default_language({"LC_MESSAGES": "fr_CA", "LANG": "es_ES"}).code == "fr"
    assert default_language({"LANG": "de_DE.UTF-8"}).code == "en"
    assert default_language({}).code == "en"
    assert from_locale("C") is None


def test_an_unknown_language_is_refused_with_the_known_ones(cli, tmp_path):
    result = cli("rules", "go-nuts", "--lang", "de", "-o", str(tmp_path) + "/")
    assert result.exit_code == 2
    assert "printkit: error:" in result.output and "'en', 'es', 'fr'" in result.output
    assert not list(tmp_path.iterdir())


def test_printkit_lang_unknown_is_refused(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_LANG", "xx")
    result = cli("sheet", "go-nuts", "-o", str(tmp_path) + "/")
    assert result.exit_code == 2
    assert "PRINTKIT_LANG: unknown language 'xx': expected one of en, es, fr" in result.output


def test_the_locale_chooses_the_language(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("PRINTKIT_LANG", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    result = cli("sheet", "go-nuts", "-o", str(tmp_path) + "/")
    assert result.exit_code == 0, result.output
    assert "¡Vuélvase Loco!" in text(tmp_path / "go-nuts-pad-1up-letter-es.pdf")


# -- the products ----------------------------------------------------------------------------
def _kit_pages(code, paper=LETTER):
    plan = plan_kit(paper, None, 4, lang=Lang(code))
    return [(doc.filename, page) for doc in (r() for r in plan.recipes) for page in doc.pages]


@pytest.fixture(scope="module", params=[(c, p) for c in OTHERS for p in (LETTER, A4)],
                ids=lambda cp: f"{cp[0]}-{cp[1].id}")
def kit_pages(request):
    code, paper = request.param
    return code, [(name, page, record(page)) for name, page in _kit_pages(code, paper)]


def _english_messages(code):
    """Return the catalogue's messages that read differently in `code`, as the fixed words
    between their placeholders (a fragment of two words or more). The score titles are left
    out: the summary prints each with its English original, on purpose."""
    found = set()
    titles = {t["title"] for t in __import__("tomllib").loads(
        (ROOT / "templates/fox-and-rabbit/classic.toml").read_text())["score"]["titles"]}
    same = {m.id for m in _catalogue(code) if m.id and m.id == m.string}  # Go Nuts! in French
    if True:
        for message in _catalogue(code):
            if message.id in titles:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not message.id or ids[0] == strings[0]:
                continue
            for piece in re.split(r"\{\w+\}|\*\*|\*", ids[-1]):
                piece = piece.strip(" .,:;()·")
                if len(piece.split()) >= 2 and piece not in same:
                    found.add(piece)
    return found


ENGLISH_WORDS = {code: _english_messages(code) for code in OTHERS}


def test_no_english_is_left_where_the_catalogue_has_a_translation(kit_pages):
    code, pages = kit_pages
    printed = " ".join(" ".join(rec.texts()) for _, _, rec in pages)
    left = sorted(w for w in ENGLISH_WORDS[code] if re.search(rf"(?<!\w){re.escape(w)}(?!\w)",
                                                              printed))
    assert not left, left


#: Words a Spanish or French gamesheet prints as the English one does, each for its reason:
#: the game's own name, printkit's name and the command that reads a photo of the sheet,
#: the farmer's name (Brown), the inch of the paper's size, and words the language writes
#: alike. Anything else the English sheet prints too is English left on the sheet.
SHEET_SHARES = {
    "all": {"The", "Fox", "and", "the", "Rabbit", "printkit", "validate", "jpg", "BROWN", "in",
            "total", "animal"},
    "es": {"a"},
    "fr": {"Date", "SCORE", "active", "mode", "orange", "page", "six", "tunnel", "photo",
           "on"},
}


def _sheet_words(code, mode, game_map):
    page = gamesheet(game_map, mode, LETTER, lang=Lang(code)).pages[0]
    return {w for t in record(page).texts() for w in re.findall(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*", t)
            if not (len(w) == 1 or re.fullmatch(r"[FR]-[A-D]", w))}  # notation: R, F-A, ...


@pytest.mark.parametrize("code", OTHERS)
def test_no_english_is_left_on_the_gamesheet(code):
    # the map's name, the aids' names and every other word: what the English sheet prints
    # the Spanish or French one prints in its language, but for the words listed above
    from printkit.games.fox_rabbit.template import load_map

    left = set()
    for game_map in (load_map("classic"), load_map("variant-7")):
        for mode in ("easy", "hard", "super-hard"):
            left |= _sheet_words(code, mode, game_map) & _sheet_words("en", mode, game_map)
    assert left - SHEET_SHARES["all"] - SHEET_SHARES[code] == set()


def test_the_games_have_their_published_names(kit_pages):
    code, pages = kit_pages
    printed = " ".join(" ".join(rec.texts()) for _, _, rec in pages)
    if code == "fr":
        assert "Amérix" in printed and "Crazy8ix" not in printed
    else:
        assert "¡Vuélvase Loco!" in printed


def test_no_word_is_cut_short_and_nothing_runs_off_its_page(kit_pages):
    _code, pages = kit_pages
    for name, page, rec in pages:
        for call in rec.calls:
            if call.kind != "text":
                continue
            assert not call.text.endswith(ELLIPSIS), (name, page.label, call.text)
            assert call.size >= 8 - 1e-9 or call.text.strip().isdigit() or len(call.text) < 3, (
                name, call.text, call.size)
            # the printable area: a quarter inch from every edge
            assert call.x >= 17 and call.right <= page.width - 17, (name, call)
            assert call.y >= 17 and call.bottom <= page.height - 17, (name, call)


def test_texts_do_not_overlap_each_other(kit_pages):
    # a longer language that pushes a block down onto the next one shows up as two texts
    # drawn over each other (the French gamesheet's titles ran into its footer)
    _code, pages = kit_pages
    for name, page, rec in pages:
        if "deck" in name and page.label not in ("instructions", "alignment scales"):
            continue  # card faces are placed by the deck's own tests
        boxes = [c for c in rec.calls if c.kind == "text" and c.text.strip()]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                dx = min(a.right, b.right) - max(a.x, b.x)
                dy = min(a.bottom, b.bottom) - max(a.y, b.y)
                assert dx <= 0.5 or dy <= 0.5, (name, page.label, a.text, b.text)


@pytest.mark.parametrize("paper", [LETTER, A4], ids=lambda p: p.id)
def test_french_shrinks_where_english_does_not(paper):
    # shrink-to-fit is exercised: somewhere on the French kit a text is set smaller than
    # the same place in English, and still at 8 pt or more, never cut (tested above);
    # French is the language that runs longest
    code = "fr"
    pages = [(name, page, record(page)) for name, page in _kit_pages(code, paper)]
    english = {}
    for name, page in _kit_pages("en", paper):
        english[(name, page.label)] = _sizes(record(page))
    smaller = [(name, page.label) for name, page, rec in pages
               if min(_sizes(rec), default=99) < min(
                   english.get((name.replace(f"-{code}", ""), page.label), [99]))]
    assert smaller


def _sizes(rec):
    """Return the sizes of a page's words (not its lone digits and marks)."""
    return [c.size for c in rec.calls if c.kind == "text" and len(c.text.strip()) > 2]


@pytest.mark.parametrize("code", OTHERS)
def test_the_same_language_gives_the_same_bytes(code):
    a = gamesheet(_classic(), "hard", LETTER, lang=Lang(code)).pdf_bytes()
    b = gamesheet(_classic(), "hard", LETTER, lang=Lang(code)).pdf_bytes()
    assert a == b


def _classic():
    from printkit.games.fox_rabbit.template import load_map

    return load_map("classic")


def test_the_fillable_sheet_keeps_its_field_names_in_every_language():
    import pypdf

    def names(code):
        pdf = gamesheet(_classic(), "easy", LETTER, fillable=True, lang=Lang(code)).pdf_bytes()
        return set(pypdf.PdfReader(io.BytesIO(pdf)).get_fields() or {})

    english = names("en")
    assert english and all(names(code) == english for code in OTHERS)


# -- the rule summaries -----------------------------------------------------------------------
RUN = 8


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_run_of_8_words_is_shared_with_a_rulebook_or_the_rulings(code, game_id):
    # as tests/test_rules_wording.py does for English: everything printed (aids included)
    # against every rulebook, with the game's own score titles (printed as the English
    # originals) left out; the written summary against RULINGS.md too (the aids print the
    # same numbers as its tables, by design)
    summary = rule_summary(GAMES[game_id], LETTER, lang=Lang(code))
    printed = " ".join(t for page in summary.pages for t in record(page).texts())
    for name in GAMES_OWN_NAMES:
        printed = printed.replace(name, " | ")
    written = "\n".join(_inline_texts(load(GAMES[game_id], lang=Lang(code))))
    checks = [(printed, shared_text(book)) for book in RULEBOOKS.values()]
    checks.append((written, shared_text("RULINGS.md")))
    copied = [runs for ours, theirs in checks if (runs := shared_runs(ours, theirs, RUN))]
    assert not copied, copied


def test_the_check_catches_a_sentence_of_the_spanish_rulebook():
    rulebook = shared_text(RULEBOOKS["go-nuts"])
    assert shared_runs("Cada dado que caiga en una bellota le dará un punto, las ardillas",
                       rulebook, RUN)


def _clarifications(code):
    summary = load(GAMES["fox-and-rabbit"], lang=Lang(code))
    (numbered,) = [b for b in summary.clarifications if isinstance(b, ListBlock) and b.ordered]
    return [plain(item) for item in numbered.items]


@pytest.mark.parametrize("code", OTHERS)
def test_the_fox_and_rabbit_clarifications_keep_their_numbers_and_their_rules(code):
    # the validator cites "clarification 4" whatever language the summary is in: the same 15,
    # in the same order, each stating the same figures as the English one
    english, other = _clarifications("en"), _clarifications(code)
    assert len(other) == len(english) == 15
    for n, (a, b) in enumerate(zip(english, other), start=1):
        assert re.findall(r"\d+", a) == re.findall(r"\d+", b), (n, a, b)


@pytest.mark.parametrize("code", OTHERS)
def test_titles_show_their_english_original(code):
    summary = rule_summary(GAMES["fox-and-rabbit"], LETTER, lang=Lang(code))
    printed = " ".join(" ".join(record(p).texts()) for p in summary.pages)
    for title in ("Mere scavenger rodents", "Twice as clever"):
        assert title in printed


@pytest.mark.parametrize(("code", "call"), [("en", "Woof, Woof, Woof!"), ("es", "«¡Perro!»"),
                                            ("fr", "«\u00a0Ouaf, ouaf, ouaf\u202f!\u00a0»")])
def test_every_go_nuts_summary_says_the_dogs_call(code, call):
    """The roller stops when the last dog is called: the call is in every language's summary
    (the Spanish rulebook's own «¡Perro!»), in the section of the round the dogs end."""
    folder = Path(__file__).resolve().parent.parent / "templates" / "rules"
    text = (folder / ("" if code == "en" else code) / "go-nuts.md").read_text()
    section = next(part for part in text.split("\n## ") if part.startswith(
        ("Go Nuts!", "¡Vuélvase Loco!")))
    assert call in section


# English words no Spanish or French text has a use for (a word the language spells alike,
# as French "score" or Spanish "dice", is left out for it)
_ENGLISH_ONLY = set(re.findall(r"\S+", """
the and of to round rounds player players turn turns wins winner game
games pad with for your you each roll rolls die bank cars acorns squirrel dog letters cards
card deck names bid bids tricks trick hand draw discard left right yes not is are this that it
if when then all any every one two three four five seven eight nine ten before after until
who what which how sheet sheets keep scored running team next last more less most least than
up down out over under into from they them their get gets take takes play plays played match
pair pairs busted bust double once twice only also see foods food escaped escape trap traps fox
rabbit farmer easy hard achievement achievements title titles clever score scores points point
dice or but on table note six final total grand"""))
_SHARED = {"es": {"dice", "final", "total"},
           "fr": {"score", "scores", "points", "point", "or", "but", "on", "table", "note",
                  "six", "total", "grand"}}


def _own_names() -> list[str]:
    """Return what a Spanish or French page prints in English on purpose: the games' own
    names, each score title's English original beside its translation, the sheet's notation
    for two aids, and the inch."""
    titles = [t["title"] for t in __import__("tomllib").loads(
        (ROOT / "templates/fox-and-rabbit/classic.toml").read_text())["score"]["titles"]]
    return ["The Fox and the Rabbit", "Crazy Like a Fox", "Dice Dice Baby", "Go Nuts!",
            "Crazy8ix", *titles, "re-roll", "flip", " in "]


@pytest.mark.parametrize("code", OTHERS)
def test_no_english_word_is_left_on_a_pad_or_a_rule_summary(code):
    """Every pad of every game (1, 2 and 4 a sheet) and the rules booklet, read back as
    drawn: no English word but the games' own names (the Achievements aid printed ids such
    as easy-3-one)."""
    from printkit.products.catalog import with_pads
    from printkit.products.rules.summary import booklet
    from printkit.products.score_pads import players_setup, score_pad

    lang = Lang(code)
    texts = []
    for entry in with_pads():
        setup = players_setup(entry.game, None, entry.game.max_players, None, lang=lang)
        for per_page in (1, 2, 4):
            try:
                doc = score_pad(entry.game, setup, LETTER, per_page)
            except PrintkitError:  # a layout too small for the players is refused, not printed
                continue
            texts += [" ".join(record(page).texts()) for page in doc.pages]
    # a page's texts in order, joined: a title's original wrapped over two lines is whole
    texts += [" ".join(record(page).texts()) for page in booklet(LETTER, tuple(GAMES),
                                                                  lang).pages]
    words = _ENGLISH_ONLY - _SHARED[code]
    left = set()
    for page_text in texts:
        flat = " ".join(page_text.split())
        for name in _own_names():
            flat = flat.replace(name, " ")
        left |= {w for w in re.findall(r"\w+(?:-\w+)*", flat) if w.lower() in words
                 or re.fullmatch(r"(easy|hard|superhard)-\w+-\w+", w)}
    assert left == set()
