"""What the ``tablegames`` command says when it refuses a line: shared by the tests of its
languages (tests/test_cli_lang.py) and of the library's typed refusals
(tests/test_run_refusal_codes.py)."""

from __future__ import annotations

import io

import pytest

from tablegames.cli import main


def said(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``(exit status, stderr)`` of the command line ``argv``, which must print nothing on
    stdout and exactly one line, no traceback, on stderr."""
    out = io.StringIO()
    code = main(argv, out=out, inp=io.StringIO(""))
    err = capsys.readouterr().err
    assert out.getvalue() == "" and err.count("\n") == 1 and "Traceback" not in err, err
    return code, err
