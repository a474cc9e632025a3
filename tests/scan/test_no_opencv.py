"""Without OpenCV (the photo extra), reading a photo is one line that says how to get it, on
`scan` as on `validate`: no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

WITHOUT_CV2 = ("import sys; sys.modules['cv2'] = None\n"
               "from printkit.cli import main\n"
               "sys.argv = ['printkit', *sys.argv[1:]]\n"
               "main()\n")


@pytest.mark.parametrize("command", ["scan", "validate"])
def test_a_photo_without_opencv_is_one_line(tmp_path: Path, command: str) -> None:
    photo = tmp_path / "sheet.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0" + b"\x00" * 64)
    done = subprocess.run([sys.executable, "-c", WITHOUT_CV2, command, str(photo)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == ("printkit: error: reading a photo needs OpenCV: pip install "
                           "'printkit[photo]'\n")
