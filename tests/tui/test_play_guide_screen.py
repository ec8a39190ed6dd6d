"""The screen the play guide prints is the screen ``tablegames play`` draws (helper-167).

``docs/guides/play.md`` shows seat 0 of a Toepen game after two typed lines; nothing ran
that command, and the page drifted from the terminal (the seat to act lost its ``▶``).
Here the command and the lines are read from the page, typed into the real command in a
pseudo-terminal of 80x24, and the last screen is compared with the page's, line by line.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

import pexpect

from . import default_signals

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]")
#: "Here is seat 0 of `tablegames play ...` after typing `keep` and `1`:" and its block
SAMPLE = re.compile(r"Here is seat 0 of\s+`tablegames (play [^`]+)`\s+after typing\s+"
                    r"((?:`[^`]+`(?:,\s*|\s+and\s+)?)+):\s*```text\n(.*?)```", re.S)


def guide_sample() -> tuple[list[str], list[str], list[str]]:
    """The command's arguments, the lines typed and the screen, as the page gives them."""
    text = (ROOT / "docs" / "guides" / "play.md").read_text(encoding="utf-8")
    found = SAMPLE.search(text)
    assert found, "the play guide's sample screen and the command that draws it"
    typed = re.findall(r"`([^`]+)`", found.group(2))
    return shlex.split(found.group(1)), typed, found.group(3).rstrip("\n").split("\n")


def test_the_guide_shows_the_screen_the_command_draws() -> None:
    args, typed, screen = guide_sample()
    assert typed, "the lines typed before the screen"
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env.update(TERM="xterm-256color", PYTHONPATH=str(ROOT))
    child = pexpect.spawn(sys.executable, ["-m", "tablegames", *args], env=env, cwd=str(ROOT),
                          encoding="utf-8", timeout=20, preexec_fn=default_signals,
                          dimensions=(24, 80))
    try:
        child.expect_exact("P0> ")
        for line in typed:
            child.sendline(line)
            child.expect_exact("P0> ")
        drawn = re.split(r"\x1b\[2J", child.before + child.after)[-1]
        lines = [line.rstrip() for line in ANSI.sub("", drawn).replace("\r", "").split("\n")]
        while lines and not lines[0]:
            lines.pop(0)
        assert lines == [line.rstrip() for line in screen], "\n".join(lines)
    finally:
        child.sendline("q")
        child.expect(pexpect.EOF)
        child.close()
