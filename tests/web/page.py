"""The referee page as a player uses it: tap a box, type in a box, read the verdict."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from printkit.games.fox_rabbit.dice import dice_text
from printkit.games.fox_rabbit.moves import Move
from tests.web.play import steps

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 1000}


class RefereePage:
    def __init__(self, browser: Browser, url: str, viewport: dict[str, int] = DESKTOP) -> None:
        self.context = browser.new_context(viewport=viewport, accept_downloads=True)
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.url = url
        self.load()

    def load(self) -> None:
        self.page.goto(self.url)
        self.page.wait_for_selector("body[data-ready]")
        self.settled()

    def reload(self) -> None:
        self.page.reload()
        self.page.wait_for_selector("body[data-ready]")
        self.settled()

    def close(self) -> None:
        assert not self.errors, self.errors
        self.context.close()

    def settled(self) -> None:
        """Wait until the verdict shown answers the latest change."""
        # selectors, not script: the page's Content-Security-Policy forbids evaluated strings
        self.page.wait_for_selector('body:not([data-busy]) #verdict:not([data-state="pending"])',
                                    state="attached")

    # --- the sheet ----------------------------------------------------------------------
    def field(self, name: str):
        return self.page.locator(f'[data-field="{name}"]')

    def tap(self, name: str) -> None:
        self.field(name).click()

    def write(self, name: str, text: str) -> None:
        """Tap a box one writes in, type `text`, press Enter."""
        self.tap(name)
        self.page.fill("#ask-input", text)
        self.page.press("#ask-input", "Enter")

    def enter(self, values: dict[str, Any]) -> None:
        """Fill a sheet by tapping each box as a player would."""
        for name, value in values.items():
            if value is True:
                self.tap(name)
            else:
                self.write(name, str(value))
        self.settled()

    def choose(self, mode: str = "easy", tab: str = "enter") -> None:
        if self.page.input_value("#mode") != mode:
            self.page.select_option("#mode", mode)
            self.page.wait_for_selector(f'svg[aria-label$=" {mode} mode"]', state="attached")
        self.page.click(f"#tab-{tab}")
        self.settled()

    def pressed(self, name: str) -> bool:
        return self.field(name).get_attribute("aria-pressed") == "true"

    # --- the verdict --------------------------------------------------------------------
    def verdict(self) -> dict[str, Any]:
        self.settled()
        text = self.page.inner_text
        return {
            "head": text("#verdict-head"),
            "violations": [li.inner_text() for li in self.page.locator("#violations li").all()],
            "score": (text("#score-computed"), text("#score-claimed")),
            "title": (text("#title-computed"), text("#title-claimed")),
            "achievements": (text("#ach-computed"), text("#ach-claimed")),
        }

    def marked(self) -> set[str]:
        """Return the boxes the page marks as part of a violation."""
        return {el.get_attribute("data-field") for el in self.page.locator(".bad").all()}

    # --- play along ---------------------------------------------------------------------
    def roll(self, dice: str) -> None:
        self.page.fill("#roll", dice)
        self.page.press("#roll", "Enter")
        self.settled()

    def pick(self, *dice: str) -> None:
        for d in dice:
            self.page.locator("#dice .die:not([disabled]):not([aria-pressed=true])",
                              has_text=d).first.click()

    def aid(self, kind: str) -> None:
        self.page.click(f'#aid-row [data-aid="{kind}"]')
        self.settled()

    def cross(self, cell: str, *dice: str, food: str | None = None,
              reward: str | None = None) -> None:
        self.pick(*dice)
        self.tap(cell)
        if food is not None:
            self.page.click(f'#ask-buttons button[value="{food}"]')
            self.page.click(f'#ask-buttons button[value="{reward}"]')
        self.settled()

    def end_turn(self) -> None:
        self.page.click("#end-turn")
        self.settled()

    def play_line(self, line: str, after: Any = None) -> None:
        """Play a turn line as a player does it on the page; `after(step)` runs after each
        mark's verdict, End turn included."""
        for kind, text in steps(line):
            if kind == "roll":
                self.roll(text)
            elif kind == "aid":
                word, rest = text.split(" ", 1)
                self.pick(*rest.split("->")[0].split())
                self.page.click(f'#aid-row [data-aid="{word}"]')
                if word == "re-roll":
                    self.page.fill("#ask-input", rest.split("->")[1].strip())
                    self.page.press("#ask-input", "Enter")
                self.settled()
            else:
                move = Move.parse(text)
                self.cross(str(move.cell), *dice_text(move.dice).split(), food=move.food,
                           reward=move.reward)
            if after:
                after(text)
        self.end_turn()
        if after:
            after("end turn")

    def progress(self) -> list[str]:
        return [li.inner_text() for li in self.page.locator("#progress li").all()]

    def log(self) -> list[str]:
        return [li.inner_text() for li in self.page.locator("#log li").all()]

    def refusal(self) -> str:
        return self.page.inner_text("#refusal")

    def download_yaml(self) -> str:
        with self.page.expect_download() as info:
            self.page.click("#save-yaml")
        path = info.value.path()
        return open(path, encoding="utf-8").read()


THREE_TURNS = ["R1 B6 Y5; +1 Y5; R-B1 Y6", "R2 B3 Y3; flip R2; F-B1 R5",
               "R4 B5 Y1; -1 R4; R-B2 R3 B5"]


def play_three_turns(page: RefereePage) -> None:
    page.choose("easy", "play")
    page.roll("R1 B6 Y5")
    page.pick("Y5")
    page.aid("+1")
    page.cross("R-B1", "Y6")
    page.end_turn()
    page.roll("R2 B3 Y3")
    page.pick("R2")
    page.aid("flip")
    page.cross("F-B1", "R5")
    page.end_turn()
    page.roll("R4 B5 Y1")
    page.pick("R4")
    page.aid("-1")
    page.cross("R-B2", "R3", "B5")
    page.end_turn()
