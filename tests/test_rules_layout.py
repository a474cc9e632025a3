"""Rule summary pages as a reader gets them: one page each, readable sizes, nothing off the page."""

import pytest

from printkit.draw.impose import FOOTER, MARGIN
from printkit.draw.paper import A4, LETTER
from printkit.draw.recording import Call, record
from printkit.errors import TemplateError
from printkit.games.catalog import GAMES
from printkit.products.catalog import CATALOG, products_of
from printkit.products.rules.layout import MIN_SIZE, lay_out
from printkit.products.rules.markup import parse
from printkit.products.rules.summary import booklet, load, plan, rule_summary
from tests.rules_support import GAME_IDS

PAPERS = [LETTER, A4]
TOL = 0.5  # points: rounding in the recording


def _texts(calls: list[Call]) -> list[Call]:
    return [c for c in calls if c.kind == "text"]


def _is_footer(call: Call, paper) -> bool:
    return call.kind == "text" and call.y > paper.height - MARGIN - FOOTER


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.id)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_summary_fits_its_pages(game_id, paper):
    doc = rule_summary(GAMES[game_id], paper)
    assert len(doc.pages) == products_of(game_id).rule_pages
    assert products_of(game_id).rule_pages <= (2 if game_id == "fox-and-rabbit" else 1)
    for page in doc.pages:
        assert (page.width, page.height) == (paper.width, paper.height)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.id)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_body_text_is_at_least_9_pt_and_aids_at_least_8(game_id, paper):
    plans = plan(GAMES[game_id], paper)
    doc = rule_summary(GAMES[game_id], paper)
    for page_plan, page in zip(plans, doc.pages):
        assert page_plan.size >= MIN_SIZE == 9.0
        aid_boxes = [p for p in page_plan.placements if p.kind == "aid"]
        body = [p for p in page_plan.placements if p.kind in ("paragraph", "list-item", "table",
                                                               "heading")]
        assert body and all(p.size >= 9.0 for p in body)
        for call in _texts(record(page).calls):
            if _is_footer(call, paper):
                assert call.size == 8.0
                continue
            in_aid = any(a.x - TOL <= call.x <= a.x + a.w + TOL
                         and a.y - TOL <= call.y <= a.y + a.h + TOL for a in aid_boxes)
            assert call.size >= (8.0 if in_aid else 9.0), (game_id, call)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.id)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_nothing_crosses_the_margins_and_only_the_footer_is_below_the_body(game_id, paper):
    for page in rule_summary(GAMES[game_id], paper).pages:
        calls = record(page).calls
        footer = [c for c in calls if _is_footer(c, paper)]
        assert len(footer) == 2  # "printkit · title" and "paper · page n of m"
        for c in calls:
            assert c.x >= MARGIN - TOL and c.right <= paper.width - MARGIN + TOL, c
            assert c.y >= MARGIN - TOL, c
            if c not in footer:
                assert c.bottom <= paper.height - MARGIN - FOOTER + TOL, c


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_text_stays_inside_its_column_and_blocks_do_not_overlap(game_id):
    page_plans = plan(GAMES[game_id], LETTER)
    doc = rule_summary(GAMES[game_id], LETTER)
    for page_plan, page in zip(page_plans, doc.pages):
        texts = _texts(record(page).calls)
        blocks = [p for p in page_plan.placements
                  if p.kind in ("paragraph", "list-item", "table", "heading", "aid")]
        for block in blocks:
            inside = [t for t in texts if block.x - TOL <= t.x <= block.x + block.w
                      and block.y - TOL <= t.y <= block.y + block.h]
            if block.kind != "aid" or block.h:
                assert inside, block
            for t in inside:
                assert t.right <= block.x + block.w + TOL, (block, t)
                assert t.bottom <= block.y + block.h + TOL, (block, t)
        for a in blocks:
            for b in blocks:
                if a is b:
                    continue
                overlap_x = a.x < b.x + b.w - TOL and b.x < a.x + a.w - TOL
                overlap_y = a.y < b.y + b.h - TOL and b.y < a.y + a.h - TOL
                assert not (overlap_x and overlap_y), (a, b)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_clarifications_box_closes_the_last_page_and_holds_the_rulings(game_id):
    page_plans = plan(GAMES[game_id], LETTER)
    *_, last = page_plans
    (box,) = [p for p in last.placements if p.kind == "clarifications"]
    assert box.y + box.h == pytest.approx(LETTER.height - MARGIN - FOOTER)
    body = [p for p in last.placements if p.kind in ("paragraph", "list-item", "heading", "aid",
                                                     "table") and p.y < box.y]
    assert max(p.y + p.h for p in body) < box.y
    for earlier in page_plans[:-1]:
        assert not [p for p in earlier.placements if p.kind == "clarifications"]
    texts = " ".join(record(rule_summary(GAMES[game_id], LETTER).pages[-1]).texts())
    assert "Clarifications" in texts


def test_the_header_names_the_game_players_and_time():
    for game_id in GAME_IDS:
        game = GAMES[game_id]
        texts = record(rule_summary(game, LETTER).pages[0]).texts()
        summary = load(game)
        assert summary.title in texts
        assert summary.players in texts and summary.time in texts
        if summary.ages:
            assert f"ages {summary.ages}" in texts


def test_the_booklet_holds_every_summary_in_order_with_one_page_count():
    doc = booklet(A4)
    assert doc.filename == "rules-a4.pdf"
    order = [entry.game.id for entry in CATALOG]
    assert len(doc.pages) == sum(entry.rule_pages for entry in CATALOG) == 6
    pages = [record(p).texts() for p in doc.pages]
    titles = {load(GAMES[g]).title: g for g in order}
    shown = [next(titles[t] for t in texts if t in titles) for texts in pages]
    assert shown == [*order, "fox-and-rabbit"]
    for n, texts in enumerate(pages, start=1):
        assert f"A4 210 × 297 mm · page {n} of 6" in texts
    assert set(order) == set(GAMES)


def _summary(body: str, clar: str = "- **A ruling.**") -> str:
    return ("---\nplayers: 2-4\ntime: 5 minutes\n---\n# Long Game\n\n" + body
            + "\n\n## Clarifications\n" + clar + "\n")


def test_a_summary_too_long_for_its_page_is_refused_by_name():
    body = "\n\n".join(f"## Part {i}\n" + "Roll the dice and count the acorns. " * 12
                       for i in range(30))
    summary = parse(_summary(body), "long.md", set())
    with pytest.raises(TemplateError, match=r"^long\.md: page 1 does not fit even with 9 pt text"):
        lay_out(summary, {}, LETTER)


def test_a_second_page_is_refused_where_one_is_allowed():
    summary = parse(_summary("## Goal\nWin.\n\n::page\n\n## More\nStill."), "two.md", set())
    assert len(lay_out(summary, {}, LETTER, max_pages=2)) == 2
    with pytest.raises(TemplateError, match=r"^two\.md: the summary has 2 pages"):
        lay_out(summary, {}, LETTER)


def test_a_short_summary_gets_the_largest_size_and_a_long_one_shrinks_toward_9_pt():
    short = parse(_summary("## Goal\nWin."), "s.md", set())
    (page,) = lay_out(short, {}, LETTER)
    assert page.size == 10.5
    sizes = [plan(GAMES[g], LETTER)[0].size for g in GAME_IDS]
    assert all(9.0 <= s <= 10.5 for s in sizes)


def test_a_table_wider_than_a_column_is_refused_with_its_line():
    cells = " | ".join(["Incomprehensibilities"] * 8)
    body = f"## Goal\n| {cells} |\n|" + "---|" * 8 + f"\n| {cells} |"
    summary = parse(_summary(body), "wide.md", set())
    with pytest.raises(TemplateError, match=r"^wide\.md, line 8: this table is too wide"):
        lay_out(summary, {}, LETTER)


def test_one_column_break_moves_the_rest_to_the_right_column():
    summary = parse(_summary("## One\nA.\n\n::column\n\n## Two\nB.\n\n## Three\nC."), "c.md",
                    set())
    (page,) = lay_out(summary, {}, LETTER)
    headings = {p.name: p for p in page.placements if p.kind == "heading"}
    assert headings["Two"].x > headings["One"].x
    assert headings["Three"].x == headings["Two"].x
    twice = parse(_summary("## One\nA.\n\n::column\n\nB.\n\n::column\n\nC."), "c.md", set())
    with pytest.raises(TemplateError, match=r"c\.md, line 14: one ::column"):
        lay_out(twice, {}, LETTER)


def test_a_heading_never_ends_a_column():
    for game_id in GAME_IDS:
        for page_plan in plan(GAMES[game_id], LETTER):
            blocks = [p for p in page_plan.placements
                      if p.kind in ("paragraph", "list-item", "table", "heading", "aid")]
            wide = [p for p in blocks if p.w > LETTER.width / 2]
            for heading in (p for p in blocks if p.kind == "heading"):
                after = [p for p in blocks if p.x == heading.x and p.y > heading.y]
                assert after, (game_id, heading)
                following = min(after, key=lambda p: p.y)
                assert not [w for w in wide if heading.y < w.y < following.y], (game_id, heading)


def test_every_aid_a_summary_names_exists_and_every_aid_is_used():
    for game_id in GAME_IDS:
        used = set(load(GAMES[game_id]).aids)
        assert used == {aid.name for aid in products_of(game_id).aids}, game_id


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.id)
def test_fox_and_rabbit_fits_two_pages_with_its_measured_difficulty(paper):
    from printkit.products.rules.aids import fox_and_rabbit
    assert fox_and_rabbit.measured() is not None
    plans = plan(GAMES["fox-and-rabbit"], paper)
    assert len(plans) == 2 and all(p.size >= 9.0 for p in plans)
    assert "modes" in [p.name for p in plans[0].placements if p.kind == "aid"]
    # the numbered clarifications, which the referee cites, close the second page
    assert plans[1].placements[-1].kind != "aid"
