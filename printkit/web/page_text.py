"""Every word the referee page shows, through the gettext catalogues.

The page asks `/api/text` once for these, in the language of the request (`--lang`,
`PRINTKIT_LANG`, then the browser's Accept-Language, then English), and shows each English
text of its HTML and script through them; `{name}` marks a value the script fills in.
"""

from __future__ import annotations

from starlette.requests import Request

from printkit.language import ENGLISH_CODE, LANGUAGES, Lang


def _(text: str) -> str:
    """Mark a text for the catalogues (`python bench/catalogues.py` extracts it)."""
    return text


STRINGS: tuple[str, ...] = (
    # the page's HTML
    _("The Fox and the Rabbit · printkit referee"), _("The Fox and the Rabbit"),
    _("printkit referee"), _("Menu"), _("Mode"), _("Easy"), _("Hard"), _("Super-hard"),
    _("Map"), _("classic, or variant-N"), _("How to fill the sheet"),
    _("Enter a finished sheet"), _("Play along"), _("Open record…"), _("Download YAML"),
    _("Download PDF"), _("New sheet"), _("Another device"), _("Check a photo…"),
    # "Check a photo" (photo.js)
    _("Reading the photo…"), _("Read from the photo in {seconds} s."),
    _("Boxes to confirm (orange): {names}"), _("Values to type (blue): {names}"),
    _("Tap each to settle it."), _("Nothing to settle."),
    _("Its code could not be read: the sheet was known by its look. Check that the map "
      "and the mode above are your sheet's."),
    _("The photo cannot be read: {error}"), _("the server answered {status}"),
    _("From the photo"), _("{box} in the photo"), _("{box}: what is written?"),
    _("{box}: is it crossed?"), _("{box}: is it crossed? It looks crossed ({sure} sure)"),
    _("{box}: is it crossed? It looks empty ({sure} sure)"), _("Crossed"), _("Empty"),
    _("{box}: is it crossed? {why}"),
    _("{box} was read {value}, but the rules disagree: what is written?"),
    _("Confirm all"),
    _("Confirm the value read"), _("Confirm all {n} values read"), _("{box}: read {value}"),
    _("Confirm the box as it looks"), _("Confirm all {n} boxes as they look"),
    _("Confirm all {n} boxes and values as read"),
    _("{box}: read {value}, as the rules decide it"),
    _("{box}: what is written? The photo cannot read it surely"),
    _("{box}: what is written? The photo reads {value} here, but {why}"),
    _("{box}: the rules decide it once the values asked are typed; the photo reads {value}"),
    _("{box}: asked, look at it: the photo reads {values} (the first filled in)"),
    _("{box}: nothing written (-), as the rules say: {why}"),
    _("{box}: asked, look at it: nothing written (-, filled in), as the rules say: {why}; "
      "the photo reads {values}"), _("nothing written"),
    _("{box}: asked, look at it: nothing written (-, filled in), as the rules say: {why}"),
    _("{box} was read crossed ({sure} sure), but the rules disagree: is it crossed?"),
    _("{box} was read empty ({sure} sure), but the rules disagree: is it crossed?"),
    _("{box} was read empty ({sure} sure), but the rules disagree: what is written?"),
    _("From the photo: 1 question to answer before the verdict"),
    _("From the photo: {n} questions to answer before the verdict"),
    _("From the photo: the referee's questions, one at a time, before the verdict"),
    _("The photo read {n} of the {m} boxes you answered the other way: it does not show your "
      "marks well. Going over light pencil marks, or a photo in daylight without shadow, asks "
      "far fewer questions; or answer on."),
    _("{box}: read crossed, {sure} sure"), _("{box}: read empty, {sure} sure"),
    _("Scan it with a phone on the same network, or type the address:"),
    _("QR code of the page's address"), _("Gamesheet"),
    _("Tap the cells you crossed and the boxes you ticked; tap a circle or a box you write "
      "in to type its number. The referee answers when the score box is filled in, or when "
      "you tap Check the sheet."),
    _("Roll, pick the dice, tap the cell they cross: the referee refuses an illegal mark "
      "before it is made. The endgame is played round by round below."),
    _("Zoom the sheet"), _("Zoom"), _("Turn"), _("Roll"), _("Tap the roll, die by die"),
    _("This turn's dice"), _("Aids on the picked die"), _("flip"), _("re-roll"),
    _("Type or tap the roll."),
    _("Pick dice, then tap the cell they cross (or an aid). End the turn when done."),
    _("End turn"), _("Undo"), _("Start the endgame"), _("Aids the player may apply"),
    _("Record the attempt"), _("Start the attempt again"), _("Turn log"), _("Checking…"),
    _("What follows from them"), _("Score box"), _("computed"), _("claimed"), _("score"),
    _("title"), _("achievements"), _("none"), _("(not written)"), _("OK"), _("Clear"),
    _("Cancel"), _("Show on the sheet"), _("and {n} more"),
    # what a screen reader says of the sheet and its boxes
    _("{title} gamesheet, {mode} mode"), _("{label}: {value}"), _("empty"), _("easy"),
    _("hard"), _("super-hard"),
    # the verdict
    _("Legal run: no rule broken"), _("Illegal run: 1 violation"),
    _("Illegal run: {n} violations"), _("In progress: no rule broken so far"),
    _("Turn {n} in progress: legal so far"), _("{head} · score {score}"), _("Offline"),
    _("Entering the sheet: 1 mark so far"), _("Entering the sheet: {n} marks so far"),
    _("Fill in the score box, or tap Check the sheet, for the verdict."),
    _("Check the sheet"),
    _("The sheet cannot be read yet"), _("Error"), _("Refused: {reason}"),
    _("the referee cannot be reached (is printkit serve still running, and this device on "
      "its network?); your marks are kept on this device"),
    _("Start a new, empty sheet? The marks on this one are lost."),
    # a server busy with heavy work: the page asks again (retry.js), then gives up
    _("The referee is busy: retrying…"),
    _("printkit is busy with other requests; try again in a moment"),
    # play along
    _("the sheet cannot be drawn"), _("the referee answered {status}"),
    _("this turn is under way; end it or undo its marks first"),
    _("type the dice rolled, e.g. R6 B4 Y5"), _("roll first"), _("pick the dice to re-roll"),
    _("pick one die for {aid}"), _("roll first, then pick the dice that cross a cell"),
    _("pick the dice that cross {cell}, then tap it"),
    _("roll first: a turn is the roll and the cells it crosses"),
    _("Re-roll {dice}: the new faces, in the same order"),
    _("{cell} ends at the {place}: what is eaten?"), _("Which reward is taken?"),
    _("nothing"),
    # the guided endgame
    _("fox"), _("rabbit"), _("The game is over"), _("The sheet's endgame log is full"),
    _("Each animal has escaped or been caught; the score box is filled in."),
    _("Keep the rest of the endgame in a YAML record (Download YAML)."),
    _("Round {round}: the {animal}'s escape attempt"),
    _("Round {round}: the farmer against the {animal}'s trap"),
    _("It escapes with {need}. Roll any of your dice ({dice}). Circles left: {circles}; one "
      "more aid is free."),
    _("The trap triggers on {need}. Roll the farmer's dice ({dice}); he plays to catch with "
      "his boxes left ({boxes})."),
    _("{dice}: the {animal} escapes"), _("{dice}: the {animal} does not escape yet"),
    _("{dice}: the {animal} is caught"), _("{dice}: the {animal} is not caught"),
    _("{dice} (after {aids})"),
    _("The farmer re-rolls {dice}: roll them and type the new faces, in the same order"),
    _("Re-roll: the dice, then the new faces (now {dice}), e.g. R2 B5 -> R6 B1"),
    _("{colour} {sums}, all dice rolled total at most {cap}"), _("or"),
    _("red"), _("blue"), _("yellow"), _("green"), _("orange"), _("purple"),
    _("{n} red"), _("{n} blue"), _("{n} yellow"),
    _("red die"), _("blue die"), _("yellow die"), _("plus-minus circle"), _("flip circle"),
    _("re-roll circle"),
)


def page_text(lang: Lang) -> dict[str, str]:
    """Return each of the page's texts (English) and what it says in `lang`."""
    return {text: lang.gettext(text) for text in STRINGS}


def accepted(header: str) -> str | None:
    """Return the first language of an Accept-Language header printkit speaks, if any."""
    ranked = []
    for i, part in enumerate(header.split(",")):
        code, _semi, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        primary = code.strip().split("-")[0].lower()
        if q > 0 and primary:
            ranked.append((-q, i, primary))
    for _q, _i, primary in sorted(ranked):
        if primary in LANGUAGES:
            return primary
    return None


def request_lang(request: Request) -> Lang:
    """Return the language of a request: `--lang` or PRINTKIT_LANG when the server was
    started with one, else the browser's Accept-Language, else English."""
    fixed = request.app.state.lang
    if fixed:
        return Lang(fixed)
    return Lang(accepted(request.headers.get("accept-language", "")) or ENGLISH_CODE)
