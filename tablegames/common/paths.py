"""Files a caller names for the library to write: checked before any work, made ready
after every other check, and refused with a :class:`~tablegames.common.errors.SetupError`.

``simulate --out``/``--plot`` and :func:`tablegames.plot.plot` write where they are told.
A name the operating system cannot take (a NUL byte, a 300-character part, a path through a
file, a folder that cannot be made) must be refused before a thousand games are played
for it, and as one line, not as the ``OSError`` of the first ``open``.
"""

from __future__ import annotations

import os
from pathlib import Path

from tablegames.common.errors import SetupError, quoted

__all__ = ["FileRefused", "cannot_write", "file_to_write", "make_folder"]

#: The longest name of one part of a path most file systems take.
NAME_MAX = 255


class FileRefused(SetupError):
    """A file the library was told to write that it cannot write.

    The fields are what a front end needs to say it in its own words (the ``tablegames``
    command in Arabic) without reading the English sentence: ``what`` names the file as
    the sentence does (``"the results file"``, ``"the plot file"``: English words a
    front end translates as a whole), ``path`` is the path as given, ``problem`` one of
    ``"type"`` (not a path at all: ``kind`` is its type's name, ``path`` is empty),
    ``"not_text"`` (a path that is empty, holds a NUL byte or is bytes, which ``path``
    holds decoded as :func:`os.fsdecode` does),
    ``"long_name"`` (a name on the path is longer than ``NAME_MAX`` bytes),
    ``"directory"`` (the path is a folder), ``"in_the_way"`` (a file stands where a
    folder on the way must be: ``folder``), ``"no_folder"`` (the folder ``folder`` cannot
    be created), ``"no_permission"`` (``folder`` may not be written to) or ``"os"`` (the
    operating system refused: ``errno`` and ``reason``, its own words).
    """

    def __init__(self, message: str, *, what: str, path: str, problem: str,
                 folder: str | None = None, errno: int | None = None,
                 reason: str | None = None, kind: str | None = None) -> None:
        super().__init__(message)
        self.what = what
        self.path = path
        self.problem = problem
        self.folder = folder
        self.errno = errno
        self.reason = reason
        self.kind = kind


def cannot_write(what: str, path: object, exc: OSError) -> FileRefused:
    """The refusal of ``path`` when the operating system refused to write it (``exc``)."""
    reason = exc.strerror or str(exc)
    return FileRefused(f"cannot write {what} {quoted(str(path), 200)}: {reason}", what=what,
                       path=str(path), problem="os", errno=exc.errno, reason=reason)


def file_to_write(path: object, what: str) -> Path:
    """``path`` as a :class:`~pathlib.Path` to a file the library may write (``what``
    names it in a refusal): a path (not bytes, not a bool), no NUL byte, every part a name
    the file system takes, not a folder, and on its way only folders or names to create.

    >>> from tablegames.common.paths import file_to_write
    >>> file_to_write("runs/today.jsonl", "the results file").name
    'today.jsonl'
    """
    if isinstance(path, bool) or not isinstance(path, str | os.PathLike):
        kind = type(path).__name__
        raise FileRefused(f"{what} must be a path, not {kind}", what=what, path="",
                          problem="type", kind=kind)
    text = os.fspath(path)
    if not isinstance(text, str) or "\0" in text or not text:
        # ``simulate --out ''``: fields as every other refusal of a file has, so the
        # command says it in its own language (helper-198)
        raise FileRefused(f"{what} must be a path of text, not {quoted(text, 100)}",
                          what=what, path=os.fsdecode(text), problem="not_text")
    out = Path(text)
    if any(len(part.encode("utf-8", "surrogateescape")) > NAME_MAX for part in out.parts):
        raise FileRefused(f"{what} {quoted(text, 100)}: a name on its path is longer than "
                          f"{NAME_MAX} bytes", what=what, path=text, problem="long_name")
    try:
        if out.is_dir():
            raise FileRefused(f"{what} {quoted(text, 100)} is not a file: it is a directory",
                              what=what, path=text, problem="directory")
        folder = out.parent
        while not folder.exists():  # the nearest folder that is already there
            folder = folder.parent
        if not folder.is_dir():
            raise FileRefused(f"cannot write {what} {quoted(text, 100)}: "
                              f"{quoted(str(folder), 100)} is not a folder (a file of that name "
                              "is in the way)", what=what, path=text, problem="in_the_way",
                              folder=str(folder))
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise FileRefused(f"cannot write {what} {quoted(text, 100)}: {reason}", what=what,
                          path=text, problem="os", errno=exc.errno, reason=reason) from None
    return out


def make_folder(path: Path, what: str) -> None:
    """Create the folders on the way to ``path`` (as ``mkdir -p``), or refuse with a
    :class:`SetupError` naming ``what`` when they cannot be made or written to."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise FileRefused(f"cannot write {what} {quoted(str(path), 200)}: "
                          f"{quoted(str(folder), 200)} is not a folder (a file of that name is "
                          "in the way)", what=what, path=str(path), problem="in_the_way",
                          folder=str(folder)) from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise FileRefused(f"cannot create the folder {quoted(str(folder), 200)} for {what}: "
                          f"{reason}", what=what, path=str(path), problem="no_folder",
                          folder=str(folder), errno=exc.errno, reason=reason) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise FileRefused(f"cannot write {what} in {quoted(str(folder), 200)}: no permission",
                          what=what, path=str(path), problem="no_permission",
                          folder=str(folder))
