"""The Fox and the Rabbit gamesheet, checked as a player would: one page, every cell and id,
the mode's aids already active, the requirements, and colours that never stand alone."""

import re

import pytest

from printkit.draw.color import WHITE
from printkit.draw.impose import MARGIN
from printkit.draw.paper import A4, LETTER
from printkit.draw.recording import record
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import MODES
from printkit.games.fox_rabbit.template import load_map
from printkit.language import language
from printkit.products.fox_rabbit.cells import FILL, STROKE, parts
from printkit.products.fox_rabbit.gamesheet import gamesheet
from tests.helpers import BASE14, fonts, page_sizes, text

MAP = load_map("classic")


def _calls(mode="easy", paper=LETTER, lang="en"):
    return record(gamesheet(MAP, mode, paper, lang=language(lang)).pages[0]).calls


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("paper, size", [(LETTER, (612, 792)), (A4, (595.28, 841.89))])
def test_one_page_per_mode_at_the_exact_paper_size(mode, paper, size):
    pdf = gamesheet(MAP, mode, paper).pdf_bytes()
    assert page_sizes(pdf) == [pytest.approx(size, abs=0.005)]
    found = fonts(pdf)
    assert all(found.values()) and not set(found) & BASE14


@pytest.mark.parametrize("paper", [LETTER, A4])
def test_every_cell_prints_its_id_and_its_colour_letter(paper):
    texts = [c.text for c in _calls(paper=paper) if c.kind == "text"]
    for trail in MAP.trails:
        assert str(trail.id) in texts
        for cell in trail.cells:
            assert str(cell.id) in texts
            if not cell.spec.is_circle:
                assert str(cell.spec.value) in texts
    # each colour's letter is on the sheet once per cell of that colour, plus its key chip
    for colour in "RBYGOPK":
        cells = sum(1 for t in MAP.trails for c in t.cells if c.spec.colour == colour)
        assert texts.count(colour) >= cells + 1, colour


def test_the_key_names_each_mix_by_its_two_parts():
    words = " ".join(c.text for c in _calls() if c.kind == "text")
    for colour, name in (("G", "green"), ("O", "orange"), ("P", "purple")):
        assert f"{name} {parts(colour)}" in words
    assert parts("G") == "B+Y" and parts("O") == "R+Y" and parts("P") == "R+B"


@pytest.mark.parametrize("mode, active", [("easy", 3), ("hard", 2), ("super-hard", 2)])
def test_aid_tracks_start_with_the_modes_active_circles(mode, active):
    assert MAP.modes[mode].active_circles == active
    calls = _calls(mode)
    # the aid circles are where the sheet's circle fields are (plus-minus-1 ... re-roll-4)
    boxes = {(c.x, c.y) for c in calls if c.kind == "field"
             and c.text.rsplit("-", 1)[0] in ("plus-minus", "flip", "re-roll")}
    aid_circles = [c for c in calls if c.kind == "circle" and (c.x, c.y) in boxes]
    solid = [c for c in aid_circles if c.fill and c.fill != str(WHITE)]
    assert len(boxes) == len(aid_circles) == 3 * MAP.aid_circles
    assert len(solid) == 3 * active


@pytest.mark.parametrize("mode", MODES)
def test_requirements_titles_and_achievements_are_printed(mode):
    words = text(gamesheet(MAP, mode, LETTER).pdf_bytes())
    for (_animal, _tier), req in MAP.escape.items():
        assert f"{'/'.join(map(str, req.sums))}, all ≤ {req.cap}" in words
    for trap in (MAP.farmer.fox_trap, MAP.farmer.rabbit_trap):
        assert " ".join(trap.dice) in words
    for title in MAP.scoring.titles:
        assert title.title in words
    for achievement in MAP.scoring.achievements:
        if achievement.mode == mode:
            assert achievement.text in words
    assert f"{mode.capitalize()} mode" in words


@pytest.mark.parametrize("mode", MODES)
def test_a_sheet_lists_only_its_own_modes_achievements(mode):
    # another mode's achievement is never earned on a sheet (clarification 15): a box for it
    # was one more box a photo could read as ticked, on a smaller line
    calls = _calls(mode)
    own = [a for a in MAP.scoring.achievements if a.mode == mode]
    boxes = {c.text for c in calls if c.kind == "field"}
    printed = {c.text for c in calls if c.kind == "text"}
    assert own and {a.id for a in MAP.scoring.achievements} & boxes == {a.id for a in own}
    assert {a.text for a in MAP.scoring.achievements} & printed == {a.text for a in own}
    assert "this sheet counts for " + mode + " mode" in printed


def test_the_farmer_trail_has_every_trap_and_the_prized_one_last():
    texts = [c.text for c in _calls() if c.kind == "text"]
    traps = [str(n) for n in range(1, MAP.farmer.traps + 1)]
    start = texts.index("FARMER BROWN")
    assert texts[start + 2:start + 2 + len(traps)] == traps
    assert texts[start + 2 + len(traps)] == "prized trap"


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
@pytest.mark.parametrize("paper", [LETTER, A4])
@pytest.mark.parametrize("mode", MODES)
def test_everything_fits_the_printable_area_at_8_pt_or_more(paper, mode, lang):
    # Spanish and French words run longer: the ESCAPE paragraph takes a smaller size on
    # Letter so that the score's titles still end above the footer and the corner markers
    calls = _calls(mode, paper, lang)
    markers = [c for c in calls if c.kind == "anchor" and c.text.startswith("marker-")]
    assert len(markers) == 4
    for call in calls:
        footer = call.text.startswith("printkit ·") or "page 1 of 1" in call.text
        # the small footer, the camera's corner markers and the code's quiet zone sit in the
        # margins, still a quarter inch from the edge
        marks = [c for c in calls if c.kind == "anchor"]
        marker = any(m.x - 0.01 <= call.x and call.right <= m.right + 0.01 and
                     m.y - 0.01 <= call.y and call.bottom <= m.bottom + 0.01 for m in marks)
        if marker:
            assert call.x >= 18 and call.right <= paper.width - 18, call
            assert call.y >= 18 and call.bottom <= paper.height - 18, call
            continue
        bottom = paper.height - (18 if footer else MARGIN)
        assert call.x >= MARGIN - 0.01 and call.right <= paper.width - MARGIN + 0.01, call
        assert call.y >= MARGIN - 0.01 and call.bottom <= bottom + 0.01, call
        if call.kind == "text":
            assert call.size >= 8, call


def test_cells_do_not_overlap_their_neighbours_or_the_food_boxes():
    for paper in (LETTER, A4):
        boxes = [c for c in _calls(paper=paper) if c.kind in ("rect", "circle")
                 and c.w >= 24 and c.w == c.h and c.y > 100 and c.y < 330]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                overlap_x = min(a.right, b.right) - max(a.x, b.x)
                overlap_y = min(a.bottom, b.bottom) - max(a.y, b.y)
                same = abs(a.x - b.x) < 4 and abs(a.y - b.y) < 4  # a cell's own layers
                assert same or overlap_x <= 0.5 or overlap_y <= 0.5, (a, b)


def test_colour_letters_reach_4_5_to_1_contrast_on_their_fills():
    for colour, stroke in STROKE.items():
        assert stroke.contrast(WHITE) >= 4.5
        backgrounds = [FILL[colour]] + [FILL[p] for p in parts(colour).split("+")
                                        if colour in "GOP"][:1]
        for background in backgrounds:
            assert stroke.contrast(background) >= 4.5, (colour, background)


def test_sheet_command_prints_a_gamesheet(cli, tmp_path):
    out = tmp_path / "fr.pdf"
    result = cli("sheet", "fox-and-rabbit", "--mode", "super-hard", "--paper", "a4",
                 "--pages", "2", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert len(page_sizes(out)) == 2 and "Super-hard mode" in text(out)


@pytest.mark.parametrize("args, message", [
    (["--mode", "insane"], "Invalid value for '--mode': 'insane' is not one of 'easy', 'hard', "
                          "'super-hard'"),
    (["--players", "Ana"], "--players does not apply to the solitaire"),
    (["--per-page", "2"], "--per-page does not apply"),
    (["--map", "nowhere.toml"], "map template nowhere.toml does not exist"),
])
def test_bad_gamesheet_options_exit_2(cli, tmp_path, args, message):
    result = cli("sheet", "fox-and-rabbit", *args, "-o", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2 and message in result.stderr
    assert not list(tmp_path.iterdir())


def test_kit_adds_one_gamesheet_per_mode(cli, tmp_path):
    result = cli("kit", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    for mode in MODES:
        assert (tmp_path / f"fox-and-rabbit-{mode}-letter.pdf").exists()


@pytest.mark.parametrize("code", ["en", "fr", "es"])
def test_an_animals_boxes_are_marked_by_its_head_not_a_letter(code):
    # a French "R" would read as Renard beside the rabbit's box: the food and farmer's-aid
    # boxes carry the animal's head; the letters F and R stay only in the cell ids' homes
    from printkit.games.fox_rabbit.template import load_map
    from printkit.language import language
    from printkit.products.fox_rabbit.gamesheet import gamesheet

    game_map = load_map("classic")
    page = gamesheet(game_map, "easy", LETTER, lang=language(code)).pages[0]
    calls = record(page).calls
    texts = [c.text for c in calls if c.kind == "text"]
    fox_homes = [t for t in game_map.trails if t.start == "start" and str(t.id).startswith("F")]
    assert texts.count("F") == len(fox_homes)  # ("R" is also the red die's letter)
    # a box per food, and per farmer's aid; the endgame log's rows of its escape and of the
    # farmer's trap against it
    per_animal = len(game_map.foods) + 3 + 2
    fox_heads = [c for c in calls if c.kind == "polygon" and c.fill == "#b35900"]
    rabbit_faces = [c for c in calls if c.kind == "circle" and c.fill == "#5a6b7d"]
    assert len(fox_heads) == len(rabbit_faces) == per_animal


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
@pytest.mark.parametrize("paper", [LETTER, A4])
def test_no_text_crowds_a_bottom_corner_marker(paper, lang):
    # the sheet's last lines end above the bottom markers wherever they come near one: the
    # Spanish and French ESCAPE paragraph, longer than the English, once pushed the score's
    # titles level with the bottom-left marker on Letter
    calls = _calls("easy", paper, lang)
    bottom_markers = [c for c in calls if c.kind == "anchor" and c.text in ("marker-2",
                                                                              "marker-3")]
    assert len(bottom_markers) == 2
    for marker in bottom_markers:
        near = [c for c in calls if c.kind == "text" and c.x < marker.right + 24
                and c.right > marker.x - 24 and c.bottom > marker.y - 2]
        assert near == [] or all(c.y >= marker.bottom for c in near), near


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
@pytest.mark.parametrize("paper", [LETTER, A4])
def test_an_endgame_attempt_has_room_for_a_roll_and_two_aids_in_4_mm_handwriting(paper, lang):
    # "R3 B2 B5 Y6 Y4 flip B5" takes about 55 mm of 4 mm handwriting: each attempt's box is
    # two writing lines at least 6 mm apart, 55 mm or more in all, its tick in a corner
    # beside it (not inside it); the rows' labels stay in their column, whole
    mm = 72 / 25.4
    calls = _calls("hard", paper, lang)
    fields = {c.text: c for c in calls if c.kind == "field"}
    attempts = [f for name, f in fields.items() if re.fullmatch(r"round-\d-(fox|rabbit)(-trap)?",
                                                                  name)]
    assert len(attempts) == 4 * sf.LOG_ROUNDS
    for box in attempts:
        tick = fields[box.text.removesuffix("-trap") + ("-caught" if box.text.endswith("-trap")
                                                         else "-escaped")]
        assert box.h >= 2 * 6 * mm - 2
        assert 2 * (box.w - 4) >= 55 * mm
        assert tick.x >= box.right and tick.bottom <= box.bottom + 1.01 and tick.y >= box.y
    log_left = min(f.x for f in attempts)
    log_top, log_bottom = min(f.y for f in attempts), max(f.bottom for f in attempts)
    labels = [c for c in calls if c.kind == "text" and log_top - 1 < c.y < log_bottom
              and log_left - 60 < c.x < log_left]
    _ = language(lang).gettext
    said = " ".join(c.text for c in sorted(labels, key=lambda c: (c.y, c.x)))
    assert said == " ".join(_(w) for w in ("Fox escapes", "Rabbit escapes", "Trap vs fox",
                                           "Trap vs rabbit"))
    assert all(c.right <= log_left - 1 and c.size >= 8 for c in labels), labels


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
@pytest.mark.parametrize("paper", [LETTER, A4])
@pytest.mark.parametrize("mode", MODES)
def test_the_mode_badge_never_touches_its_outline(mode, paper, lang):
    # the badge is a pill (its ends half circles of its height): every corner of its words'
    # box stays 4 pt or more inside its outline's inner edge ("Super-hard mode" touched it)
    calls = _calls(mode, paper, lang)
    i = next(i for i, c in enumerate(calls) if c.kind == "rect" and c.h == 20)
    badge, words = calls[i], calls[i + 1]
    assert words.kind == "text" and words.text == language(lang).gettext(
        {"easy": "Easy mode", "hard": "Hard mode", "super-hard": "Super-hard mode"}[mode])
    r, stroke = badge.h / 2, 0.6
    centre_y = badge.y + r
    for x in (words.x, words.right):
        for y in (words.y, words.bottom):
            # the distance from the pill's centre line (a segment between its ends' centres)
            nearest_x = min(max(x, badge.x + r), badge.right - r)
            inside = r - stroke - ((x - nearest_x) ** 2 + (y - centre_y) ** 2) ** 0.5
            assert inside >= 4, (words.text, round(inside, 2))


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
@pytest.mark.parametrize("paper", [LETTER, A4])
@pytest.mark.parametrize("mode", MODES)
def test_the_escape_tables_requirements_keep_clear_of_its_column_rules(mode, paper, lang):
    # "naranja 10/11, total ≤ 13naranja 17/18": the Spanish and French requirements ran
    # into the rules between the columns; each keeps 2 pt of paper to the nearest
    calls = _calls(mode, paper, lang)
    needs = [c for c in calls if c.kind == "text" and re.fullmatch(r"\w+ [\d/]+, \w+\s≤\s\d+",
                                                                    c.text)]
    assert len(needs) == 4
    table = min((c for c in calls if c.kind == "rect" and all(
        c.x <= n.x and n.right <= c.right and c.y <= n.y and n.bottom <= c.bottom
        for n in needs)), key=lambda c: c.w * c.h)
    rules = [c for c in calls if c.kind == "line" and c.w == 0 and table.x < c.x < table.right
             and table.y <= c.y and c.bottom <= table.bottom]
    assert len(rules) == 2
    for need in needs:
        for rule in rules:
            clear = max(rule.x - need.right, need.x - rule.x)
            assert clear >= 2, (need.text, round(clear, 2))


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
@pytest.mark.parametrize("paper", [LETTER, A4])
@pytest.mark.parametrize("mode", MODES)
def test_every_check_box_is_large_enough_and_far_enough_from_the_next_for_a_photo(mode, paper,
                                                                                   lang):
    # layout 2's smallest boxes (another mode's achievement, 7.5 pt; a title, 9 pt, 2 pt from
    # the next) were read ticked, sure, on photos where they were empty: every box ticked on
    # the sheet is 11 pt (3.9 mm) or more, with 5 pt (1.8 mm) of paper to any other box
    from printkit.products.fox_rabbit.sheet import BOX, BOX_GAP

    fields = [c for c in _calls(mode, paper, lang) if c.kind == "field"]
    kinds = {f.name: f.kind for f in sf.fields(MAP, MAP.modes[mode])}
    for box in fields:
        if kinds[box.text].written:
            continue
        assert min(box.w, box.h) >= BOX == 11, box
        for other in fields:
            if other is box:
                continue
            apart = max(other.x - box.right, box.x - other.right, other.y - box.bottom,
                        box.y - other.bottom)
            assert apart >= BOX_GAP - 0.01 == 4.99, (box.text, other.text, apart)


@pytest.mark.parametrize(("lang", "words"), [
    ("es", ["mapa: clásico", "Modo muy difícil", "Tirar: todos", "Recompensas", "girar",
            "relanzar", "Trampa del zorro: el granjero tira R B B Y Y",
            "printkit validate foto.jpg lee esta hoja", "(R5 Y6 girar Y6)"]),
    ("fr", ["carte\u00a0: classique", "Mode très difficile", "Lancer\u00a0: tous", "Récompenses",
            "retourner", "relancer", "Piège du renard\u00a0: le fermier lance R B B Y Y",
            "printkit validate photo.jpg lit cette feuille", "(R5 Y6 retourner Y6)"]),
])
def test_the_spanish_and_french_sheets_read_as_their_language_writes(lang, words):
    # the map's name in the language, a mode capitalised as the language does (its first word
    # only), who rolls said, one word for a reward, the aids in the language's words
    printed = " ".join(c.text for c in _calls("super-hard", LETTER, lang) if c.kind == "text")
    for said in words:
        assert said in printed, said
    variant = record(gamesheet(load_map("variant-7"), "hard", A4,
                               lang=language(lang)).pages[0]).texts()
    assert {"es": "mapa: variante 7", "fr": "carte\u00a0: variante 7"}[lang] in variant


def test_a_sheet_drawn_again_in_its_language_and_paper_shares_out_the_turns_room_once(monkeypatch):
    """The photo reader draws each candidate sheet twice (its boxes, its picture), and the
    other modes' sheets of a language on the same paper: the strip of a turn's five steps
    was searched for each step's room every time, wrapping each step some forty times. The
    search is kept for its steps and room, and the sheet drawn again is the same."""
    import printkit.products.fox_rabbit.sheet as sheet_module

    wrapped = []
    real = sheet_module.wrap

    def counted(text, *args, **kwargs):
        wrapped.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(sheet_module, "wrap", counted)
    game_map = load_map("classic")
    first = record(gamesheet(game_map, "easy", A4, lang=language("fr")).pages[0]).calls
    wrapped.clear()
    again = record(gamesheet(game_map, "hard", A4, lang=language("fr")).pages[0]).calls
    assert len(wrapped) < 10   # the log's labels, not the turn's steps
    assert record(gamesheet(game_map, "easy", A4, lang=language("fr")).pages[0]).calls == first
    assert again != first


def test_a_sheet_drawn_again_encodes_its_code_once(monkeypatch):
    """Its QR code was encoded again at every drawing (segno tries its eight masks): the
    photo reader draws each candidate sheet twice. The code's modules are kept by text."""
    import printkit.products.fox_rabbit.scan_marks as marks

    encoded = []
    real = marks.segno.make_qr

    def counted(text, *args, **kwargs):
        encoded.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(marks.segno, "make_qr", counted)
    page = gamesheet(load_map("classic"), "super-hard", LETTER, lang=language("es")).pages[0]
    first = record(page).calls
    assert record(page).calls == first
    assert len(encoded) <= 1
