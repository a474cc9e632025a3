"""The blank sheets a reading draws, kept on disk for the next process (printkit/scan/kept.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")

from printkit.games.fox_rabbit.template import load_map
from printkit.scan import kept, layout
from printkit.scan.params import DEFAULT
from printkit.scan.reader import scan
from tests.scan.photos import code_scribbled

SHEET = ("classic", "hard", "a4", "fr", DEFAULT.scale)


def _as_a_new_process(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Empty the process's own caches, as a new process starts, and return the list each
    blank sheet drawn from now on is named in."""
    layout.forget()
    drawn: list[str] = []
    real = layout.render_recorded

    def counted(page, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(str(page))
        return real(page, *args, **kwargs)

    monkeypatch.setattr(layout, "render_recorded", counted)
    return drawn


@pytest.fixture
def cache(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path))
    layout.blank_image.cache_clear()
    yield tmp_path / "blanks"
    layout.blank_image.cache_clear()


def test_a_blank_sheet_drawn_once_is_read_back_by_the_next_process(cache, monkeypatch):
    first = layout.blank_image(*SHEET).tobytes()
    assert len(list(cache.glob("*.blank"))) == 1
    drawn = _as_a_new_process(monkeypatch)
    again = layout.blank_image(*SHEET)
    assert drawn == []
    assert again.mode == "L" and again.tobytes() == first


def test_a_photo_known_by_its_look_reads_the_same_from_kept_sheets(cache, monkeypatch):
    """The reading of a photo whose code is scribbled over (six blank sheets drawn) is the
    same, every field's confidence and ink to the last digit, when the next process finds
    them kept and draws none."""
    photo = code_scribbled(load_map("classic"), "super-hard", {"F-A1": True, "trap-2": True},
                           "letter", "es")
    _as_a_new_process(monkeypatch)
    first = scan(photo, "sheet.jpg")
    drawn = _as_a_new_process(monkeypatch)
    again = scan(photo, "sheet.jpg")
    assert drawn == []
    assert again.identified == first.identified == "look"
    assert again.code == first.code
    assert again.fields == first.fields
    assert again.alignment == first.alignment


@pytest.mark.parametrize("spoilt", [b"", b"printkit-blank-1\0\0", b"not a picture" * 40])
def test_a_kept_file_cut_short_or_of_another_kind_is_drawn_again(cache, monkeypatch, spoilt):
    first = layout.blank_image(*SHEET).tobytes()
    (kept_file,) = cache.glob("*.blank")
    whole = kept_file.read_bytes()
    kept_file.write_bytes(spoilt or whole[:len(whole) // 2])
    drawn = _as_a_new_process(monkeypatch)
    assert layout.blank_image(*SHEET).tobytes() == first
    assert len(drawn) == 1
    assert kept_file.read_bytes() == whole


def test_a_cache_folder_that_cannot_be_written_keeps_nothing_and_says_nothing(tmp_path,
                                                                              monkeypatch,
                                                                              capsys):
    in_the_way = tmp_path / "a file"
    in_the_way.write_text("")
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(in_the_way))
    drawn = _as_a_new_process(monkeypatch)
    image = layout.blank_image(*SHEET)
    assert image.size == (round(595.28 * DEFAULT.scale), round(841.89 * DEFAULT.scale))
    assert len(drawn) == 1
    assert capsys.readouterr() == ("", "")
    layout.blank_image.cache_clear()


def test_an_empty_cache_folder_setting_keeps_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    _as_a_new_process(monkeypatch)
    layout.blank_image(*SHEET)
    assert kept.folder() is None
    assert list(tmp_path.rglob("*.blank")) == []
    layout.blank_image.cache_clear()


def test_what_draws_a_sheet_names_its_file(cache, monkeypatch):
    """Another printkit, Pillow or FreeType draws into another file: a picture of the old
    code is never read."""
    layout.blank_image(*SHEET)
    monkeypatch.setattr(kept, "_drawn_by", lambda: b"another printkit")
    drawn = _as_a_new_process(monkeypatch)
    layout.blank_image(*SHEET)
    assert len(drawn) == 1
    assert len(list(cache.glob("*.blank"))) == 2


def test_a_process_with_no_home_keeps_nothing_and_reads_on(monkeypatch):
    """A service's user or a bare container: no cache folder, no error."""
    monkeypatch.delenv("PRINTKIT_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setattr("pathlib.Path.home", lambda: (_ for _ in ()).throw(RuntimeError()))
    drawn = _as_a_new_process(monkeypatch)
    assert layout.blank_image(*SHEET).mode == "L"
    assert len(drawn) == 1
    layout.blank_image.cache_clear()
