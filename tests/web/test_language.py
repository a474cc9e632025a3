"""The referee page in the player's language: `--lang`, PRINTKIT_LANG, then the browser's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit.language import Lang
from printkit.web.page_text import STRINGS, accepted
from tests.web.conftest import Server, call
from tests.web.page import RefereePage

ROOT = Path(__file__).resolve().parent.parent.parent

#: What the page says in English, and is said otherwise in Spanish: none of it may be left.
ENGLISH_WORDS = re.compile(r"[A-Za-z][A-Za-z' -]+[a-z]")


@pytest.fixture(scope="module")
def spanish():
    """A server started with --lang es, where PRINTKIT_LANG says fr: --lang wins."""
    s = Server("--lang", "es", env={"PRINTKIT_LANG": "fr"})
    yield s
    s.stop()


def english_left(text: str, lang: Lang) -> list[str]:
    """Return the page's English texts (each a catalogue message said otherwise in `lang`)
    found in `text`."""
    found = []
    for message in STRINGS:
        said = lang.gettext(message)
        if said == message:
            continue
        # the message's fixed words, without its {values}
        for piece in re.split(r"\{\w+\}", message):
            piece = piece.strip(" .,;:()·")
            if len(piece) > 3 and piece not in said and re.search(
                    rf"(?<![\w-]){re.escape(piece)}(?![\w-])", text):
                found.append(piece)
    return sorted(set(found))


def test_no_english_is_left_on_the_spanish_page(browser_tab, spanish):
    for tab in ("enter", "play"):
        page = RefereePage(browser_tab, spanish.url)
        try:
            page.choose("easy", tab)
            if tab == "play":
                page.roll("R1 B6 Y5")
            assert page.page.get_attribute("html", "lang") == "es"
            text = page.page.inner_text("body")
            assert english_left(text, Lang("es")) == []
            # the sheet's own words: the foods, Zorro and Conejo, and the verdict's
            assert "Zanahoria" in text and "ZORRO" in text and "CONEJO" in text
            assert "Carrot" not in text and "FOX" not in text
            head = page.verdict()["head"]
            if tab == "play":
                assert head == "Turno 1 en curso: legal hasta ahora"
                assert page.progress()[0].startswith("Turno 1: 0 de 15 trampas tachadas")
            else:
                assert head == "Anotando la hoja: 0 marcas hasta ahora"
                assert page.progress() == ["Rellene la casilla de puntuación, o toque Revisar "
                                           "la hoja, para conocer el veredicto."]
                page.check_sheet()
                assert page.verdict()["head"] == "En curso: ninguna regla incumplida hasta ahora"
                assert english_left(page.page.inner_text("body"), Lang("es")) == []
        finally:
            page.close()


def test_the_spanish_page_says_a_mistake_in_spanish_and_names_its_boxes_in_spanish(browser,
                                                                                   spanish):
    page = RefereePage(browser, spanish.url)
    try:
        page.choose("easy", "enter")
        # F-B2 crossed before F-B1: the referee's verdict, in the Spanish sheet's words
        page.tap("F-B2")
        page.check_sheet()
        verdict = page.verdict()
        assert verdict["head"] == "Partida ilegal: 1 infracción"
        assert verdict["violations"] == [
            "F-B2: F-B2 está tachada, pero F-B1, anterior, no; las casillas se tachan en orden "
            "(aclaración 2)"]
        text = page.page.inner_text("body")
        assert english_left(text, Lang("es")) == []
        for english in ("is crossed but", "cells are crossed in order", "clarification"):
            assert english not in text
        # what a screen reader says of the boxes
        assert page.field("F-B2").get_attribute("aria-label") == "F-B2, naranja 8: tachada"
        assert page.field("F-B4").get_attribute("aria-label") == (
            "F-B4, círculo morado: el número escrito: vacía")
        assert page.page.get_attribute("#sheet svg", "aria-label") == (
            "hoja de juego de The Fox and the Rabbit, modo fácil")
    finally:
        page.close()


# the page's words held back until the sheet is drawn: the sheet's labels come before them
WORDS_AFTER_SHEET = """
const fetched = window.fetch.bind(window);
let drawn;
const sheet = new Promise((resolve) => { drawn = resolve; });
window.fetch = async (path, init) => {
  if (String(path).startsWith("/api/text")) {
    await sheet;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const res = await fetched(path, init);
  if (String(path).startsWith("/api/sheet")) drawn();
  return res;
};
"""


def test_the_sheet_drawn_before_the_words_still_names_its_boxes_in_spanish(browser, spanish):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(WORDS_AFTER_SHEET)
        page.goto(spanish.url)
        page.wait_for_selector("body[data-ready]")
        assert page.get_attribute("#sheet svg", "aria-label") == (
            "hoja de juego de The Fox and the Rabbit, modo fácil")
        assert page.get_attribute('[data-field="F-B4"]', "aria-label") == (
            "F-B4, círculo morado: el número escrito: vacía")
    finally:
        context.close()


def test_the_browser_language_chooses_without_lang(browser, server):
    context = browser.new_context(locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_selector("body[data-ready]")
        assert page.get_attribute("html", "lang") == "fr"
        assert page.inner_text("#tab-play") == "Jouer en direct"
        assert "Carotte" in page.inner_text("#sheet")
    finally:
        context.close()
    # and English where the browser asks for a language printkit does not speak
    answer = call(server.url + "api/text", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert answer.json()["lang"] == "en"


def test_printkit_lang_sets_the_page_language_and_lang_wins_over_it(spanish):
    s = Server(env={"PRINTKIT_LANG": "fr"})
    try:
        said = call(s.url + "api/text", headers={"Accept-Language": "es"}).json()
        assert said["lang"] == "fr"
        assert said["text"]["Play along"] == "Jouer en direct"
    finally:
        s.stop()
    assert call(spanish.url + "api/text").json()["lang"] == "es"  # PRINTKIT_LANG=fr there


def test_the_api_takes_the_language_down_to_the_verdict(spanish):
    answer = call(spanish.url + "api/check", b'{"map": "classic", "mode": "easy"}',
                  {"Content-Type": "application/json"}).json()
    assert answer["progress"]["lines"][0] == (
        "turno 1: 0 de 15 trampas tachadas; 0 alimentos comidos (zorro: ninguno; conejo: "
        "ninguno)")
    record = (ROOT / "tests/fixtures/fox_rabbit/fail_c6_food_not_offered_es.yaml").read_bytes()
    report = call(spanish.url + "api/validate", record,
                  {"Content-Type": "application/yaml"}).json()
    (v,) = report["violations"]
    assert (v["rule"], v["place"]) == ("clarification 6", "turn 7")  # a tool's, in English
    assert v["said"]["line"] == ("turno 7: el zorro llega al lugar de comida Frutales en F-B5, "
                                 "que ofrece manzana y fresa, no zanahoria (aclaración 6)")


@pytest.mark.parametrize(("header", "want"), [
    ("es-ES,es;q=0.9,en;q=0.8", "es"), ("de,fr;q=0.5", "fr"), ("en-GB", "en"),
    ("fr;q=0, es;q=0.1", "es"), ("", None), ("de", None)])
def test_accept_language_is_read_by_its_weights(header, want):
    assert accepted(header) == want
