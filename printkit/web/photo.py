"""`POST /api/scan`: a photo of a played gamesheet, read for the page's "Check a photo".

The answer is what `POST /api/open` answers for a record ({map, mode, values, turns}), with
the fields to confirm (`uncertain`), the values written as read and narrowed by the rules
(`suggested`) and those the photo could not read (`to_type`): the page shows each value
beside its crop of the photo, the sure ones filled in, for the player to confirm. The
verdict then comes as for a sheet entered by hand. OpenCV is the `printkit[photo]` extra:
without it the answer says so (501).

`POST /api/scan/values`: the values written read again against the player's answers
(`{"photo": id, "given": {name: value}}`), as `printkit validate PHOTO` reads them again once
the boxes a value's reading rests on (`rested`) are answered. The server keeps the last few
photos read (`KEPT_PHOTOS`), by the id /api/scan gave.
"""

from __future__ import annotations

import secrets
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from printkit.errors import PrintkitError
from printkit.language import ENGLISH, Lang
from printkit.message import tr
from printkit.web import gate
from printkit.web.page_text import request_lang
from printkit.web.referee import Kept, RequestError

#: A phone's photo is a few megabytes; a larger body is refused (413).
MAX_PHOTO_BYTES = 30_000_000


#: The quality of the flattened page the page shows (JPEG), from which it crops each box a
#: player is asked about: a letter page at 144 dpi is about 200 kB.
PAGE_QUALITY = 80


#: The photos read that the server keeps for their values to be read again against the
#: player's answers: a flattened page is about 2 MB of grey, and a player answers within a
#: minute of the photo; a photo dropped is checked again (410).
KEPT_PHOTOS = 4
_PHOTOS: Kept[str, Any] = Kept(KEPT_PHOTOS)


def read(data: bytes, lang: Lang = ENGLISH) -> dict[str, Any]:
    """Return a photo of a sheet as the page shows it: the ticks read, the boxes to confirm,
    the values written suggested (`suggested`: each one's value, whether it is sure, its
    candidates and what the rules ruled out, said in `lang`) and those left to type, what
    the photo showed of each box (`reading`: marked, confidence), and the photo flattened
    to the sheet (`image`, with each box's place in points, `boxes`), which the page crops
    to show a box beside its question."""
    import base64

    import cv2

    from printkit.games.fox_rabbit.evidence import check_seen
    from printkit.games.fox_rabbit.rules_lean import asked_leans
    from printkit.scan.reader import scan
    from printkit.scan.suggest import suggest

    # every refusal said in the player's language, its photo too ("la photo")
    photo = tr("the photo")
    found = scan(data, photo)
    check_seen(found.reading, photo, found.small_copy is not None)
    suggested = suggest(found)
    rested, rested_leans = rested_on(found, suggested, {}, lang)
    ruled = asked_leans(found.reading, found.layout.map,
                        [name for name in found.uncertain if name not in rested])
    # kept for the values to be read again once the boxes they rest on are answered
    key = secrets.token_urlsafe(12)
    _PHOTOS.put(key, found)
    values: dict[str, str | bool] = {name: True for name, f in found.fields.items()
                                     if not f.kind.written and f.marked}
    ok, jpeg = cv2.imencode(".jpg", found.flat, [cv2.IMWRITE_JPEG_QUALITY, PAGE_QUALITY])
    image = "data:image/jpeg;base64," + base64.b64encode(bytes(jpeg)).decode() if ok else None
    return {"map": found.layout.map.name, "mode": found.code.mode, "values": values,
            "turns": [], "uncertain": found.uncertain,
            # how each box to confirm leans, as the terminal asks it: the page says the
            # referee's lean rather than working one out of a rounded confidence, and why
            # where the rules lean it rather than the photo, in the terminal's words
            "leans": {**{name: lean.crossed for name, lean in ruled.items()}, **rested_leans},
            "leans_why": {name: why for name, lean in ruled.items()
                          if (why := lean.said(lang)) is not None},
            "suggested": {name: sug.as_dict(lang) for name, sug in suggested.items()},
            "rested": rested, "photo": key,
            "to_type": [name for name in found.to_type if name not in suggested],
            "identified": found.identified, "seconds": round(found.seconds, 2),
            "reading": {name: [f.marked, round(f.confidence, 3)]
                        for name, f in found.fields.items()},
            "boxes": {name: [round(v, 1) for v in f.box] for name, f in found.fields.items()},
            "image": image, "page": [found.layout.width, found.layout.height],
            "scale": found.scale,
            # a messaging app's small copy: the page says so above what it asks
            "small_copy": found.notice_dict(photo, lang)}


def rested_on(found: Any, suggested: dict[str, Any], given: dict[str, str],
              lang: Lang = ENGLISH) -> tuple[dict[str, dict[str, Any]], dict[str, bool | None]]:
    """Return the boxes read short of sure that a value's reading rests on and the player has
    not answered (`suggest.boxes_rested_on`), each with the value (`field`), its reading
    (`reads`), whether that reading needs the box crossed (`needs_crossed`: the other way
    than it was read) and why it is asked (`why`, as `validate PHOTO` says it), for the page
    to ask them as the terminal does; and how each leans as it is asked (the photo's lean,
    `rules_lean.asked_leans`)."""
    from printkit.games.fox_rabbit.rules_lean import asked_leans
    from printkit.scan.suggest import boxes_rested_on, rest_said, rested_among

    values = {box: why for box, why in boxes_rested_on(suggested).items() if box not in given}
    leans = asked_leans(found.reading, found.layout.map, values, values)
    rested = {box: {"field": field, "reads": reading,
                    "needs_crossed": not found.reading[box].marked,
                    "why": rest_said(found.reading[box].marked, leans[box].crossed, field,
                                     reading, found.fields[box].confidence, lang,
                                     rested_among(values, box))}
              for box, (field, reading) in values.items()}
    return rested, {box: lean.crossed for box, lean in leans.items()}


def read_again(key: Any, raw: Any, lang: Lang = ENGLISH) -> dict[str, Any]:
    """Return the values written on the photo kept as `key`, read again against the values
    the player gave (`raw`: a box's `x` or `no`, a written value's text): each not given
    suggested as /api/scan suggests it, and the boxes a reading still rests on."""
    from printkit.scan.suggest import suggest

    if not isinstance(key, str):
        raise RequestError("photo is the id /api/scan gave the photo")
    found = _PHOTOS.get(key)
    if found is None:
        raise PhotoGone(tr("the photo is no longer on the server: check it again"))
    if not isinstance(raw, dict) or not all(
            isinstance(k, str) and k in found.fields and isinstance(v, str)
            for k, v in raw.items()):
        raise RequestError("given is {name: value} of the photo's fields, each a string")
    given: dict[str, str] = dict(raw)
    suggested = suggest(found, given)
    rested, leans = rested_on(found, suggested, given, lang)
    return {"suggested": {name: sug.as_dict(lang) for name, sug in suggested.items()},
            "rested": rested, "leans": leans}


class PhotoGone(PrintkitError):
    """The photo a page asks to read again is no longer kept: HTTP 410."""


#: The answers a page sends to read the values again: a name and a value a field, a few
#: kilobytes for a whole sheet.
MAX_ANSWERS_BYTES = 100_000


async def values(request: Request) -> Response:
    try:
        body = await gate.body(request, MAX_ANSWERS_BYTES, drain=MAX_ANSWERS_BYTES)
    except gate.TooLarge:
        return JSONResponse({"error": f"the body is larger than {MAX_ANSWERS_BYTES} bytes"}, 413)
    data = gate.json_object(body, '{"photo": id, "given": {...}}')
    lang = request_lang(request)
    try:
        # the handwriting read again: heavy work, as the photo's first reading
        return JSONResponse(await request.app.state.heavy.run(
            lambda: read_again(data.get("photo"), data.get("given", {}), lang)))
    except PhotoGone as err:
        return JSONResponse({"error": err.say(lang)}, 410)


async def scan(request: Request) -> Response:
    try:
        import cv2  # noqa: F401
    except ImportError:
        return JSONResponse({"error": "reading a photo needs OpenCV on the server: pip "
                                      "install 'printkit[photo]'"}, 501)
    try:
        data = await gate.body(request, MAX_PHOTO_BYTES, drain=MAX_PHOTO_BYTES)
    except gate.TooLarge:
        return JSONResponse({"error": f"the photo is larger than "
                                      f"{MAX_PHOTO_BYTES // 1_000_000} MB"}, 413)
    try:
        # read like every request that computes: a few at a time, the rest queued or refused
        # (503); the memory a photo took is given back once the server is idle (web/gate.py)
        lang = request_lang(request)
        return JSONResponse(await request.app.state.heavy.run(lambda: read(data, lang),
                                                              large=True))
    except PrintkitError as err:
        return JSONResponse({"error": err.say(request_lang(request))}, 422)
