"""The referee page as a player uses it: tap a box, type in a box, read the verdict."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page

from printkit.games.fox_rabbit.dice import dice_text
from printkit.games.fox_rabbit.moves import Move
from tests.web.play import steps

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 1000}


class Tab:
    """One browser page that the tests of a process take turns in, each as on a first visit.

    A new browser context and page for every test costs about a second of CPU more than
    loading the next test's page into a page already open (a renderer process started, its
    first document). Before each test the page leaves for about:blank and everything it may
    keep is wiped, for every origin it has opened: local storage, cookies, the HTTP cache.

    Service workers are blocked in this page's context: the page's worker, installed again
    at each first visit, fetched the page's every file a second time to keep it (a third of
    the CPU of a page load, the server's and the browser's), and nothing but going offline
    uses it. The offline tests open a context of their own, where it is installed and used.
    """

    def __init__(self, browser: Browser) -> None:
        self.context = browser.new_context(viewport=DESKTOP, accept_downloads=True,
                                           service_workers="block")
        self.page: Page = self.context.new_page()
        self.devtools = self.context.new_cdp_session(self.page)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.origins: set[str] = set()

    def fresh(self, url: str, viewport: dict[str, int]) -> Page:
        """Return the page, blank and with nothing kept, sized to `viewport`; `url` is next."""
        self.blank()
        for origin in sorted(self.origins):
            self.devtools.send("Storage.clearDataForOrigin",
                               {"origin": origin, "storageTypes": "all"})
        self.devtools.send("Network.clearBrowserCache")
        self.context.clear_cookies()
        self.page.set_viewport_size(viewport)
        self.errors.clear()
        self.origins.add(urlsplit(url)._replace(path="", query="", fragment="").geturl())
        return self.page

    def blank(self) -> None:
        """Leave the page for about:blank: nothing of it runs between tests."""
        if self.page.url != "about:blank":  # the last test's end left it there already
            self.page.goto("about:blank")

    def close(self) -> None:
        self.context.close()


class RefereePage:
    """The referee page loaded at `url`: in the process's shared `Tab` (the `browser_tab`
    fixture), or in a browser context of its own when given the browser (for a test that
    changes the context itself, as going offline does)."""

    def __init__(self, browser: Browser | Tab, url: str,
                 viewport: dict[str, int] = DESKTOP) -> None:
        self.tab = browser if isinstance(browser, Tab) else None
        if self.tab is not None:
            self.context = self.tab.context
            self.page: Page = self.tab.fresh(url, viewport)
            self.errors = self.tab.errors
        else:
            assert isinstance(browser, Browser)
            self.context = browser.new_context(viewport=viewport, accept_downloads=True)
            self.page = self.context.new_page()
            self.errors = []
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
        errors = list(self.errors)
        if self.tab is not None:
            self.tab.blank()
        else:
            self.context.close()
        assert not errors, errors

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
        self.show_tab(tab)

    def show_tab(self, tab: str) -> None:
        """Tap a tab (enter, play) and wait until the page has answered it: a tap on the
        sheet made before would land where the sheet was before the play panel moved."""
        self.page.click(f"#tab-{tab}")
        self.settled()

    def check_sheet(self) -> None:
        """Ask for the verdict on a finished sheet being entered (Check the sheet)."""
        self.page.click("#check-now")
        self.settled()

    def pressed(self, name: str) -> bool:
        return self.field(name).get_attribute("aria-pressed") == "true"

    # --- the verdict --------------------------------------------------------------------
    def verdict(self) -> dict[str, Any]:
        return self.verdict_and_marks()[0]

    def verdict_and_marks(self) -> tuple[dict[str, Any], set[str]]:
        """Return the verdict shown and the boxes marked as part of a violation."""
        self.settled()
        # read at once, in one call to the page, as the player sees it all at once
        shown = self.page.evaluate("""() => {
            const text = (s) => document.querySelector(s).innerText;
            return {
                head: text("#verdict-head"),
                violations: [...document.querySelectorAll("#violations li")]
                    .map((li) => li.innerText),
                score: [text("#score-computed"), text("#score-claimed")],
                title: [text("#title-computed"), text("#title-claimed")],
                achievements: [text("#ach-computed"), text("#ach-claimed")],
                marked: [...document.querySelectorAll(".bad")].map((el) => el.dataset.field),
            };
        }""")
        marked = set(shown.pop("marked"))
        return {key: tuple(value) if key in ("score", "title", "achievements") else value
                for key, value in shown.items()}, marked

    def marked(self) -> set[str]:
        """Return the boxes the page marks as part of a violation."""
        return set(self.page.evaluate(
            "() => [...document.querySelectorAll('.bad')].map((el) => el.dataset.field)"))

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
        return self._texts("#progress li")

    def log(self) -> list[str]:
        return self._texts("#log li")

    def _texts(self, selector: str) -> list[str]:
        return self.page.evaluate(
            "(s) => [...document.querySelectorAll(s)].map((el) => el.innerText)", selector)

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
