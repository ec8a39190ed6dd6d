"""The hooks a game's state overrides to read saves and records its older engines wrote
(:class:`SaveUpgrades`, a base of :class:`~tablegames.common.state.BaseState`), each a
no-op here; :mod:`tablegames.common.saves` calls them in the order a load takes."""

from __future__ import annotations

from typing import Any, Self


class SaveUpgrades:
    """How an older format's or engine's save becomes today's (see the saves guide)."""

    def _as_saved(self, again: Self, engine: int) -> None:
        """Leave out of ``again`` (this save's history replayed, :func:`~tablegames.common.
        saves.verify_save`) what the save may lack, or bring it to what the save's
        ``engine`` kept: Phase 10's engine-1 record of a hand, Shithead's bars of a round
        an engine before 7 opened. May raise ``StateError`` to say why a save cannot
        verify more clearly than "contradicts its own history"."""

    @classmethod
    def _upgrade_rules(cls, rules: Any, engine: int) -> Any:
        """The rules of a save or record by ``engine``, older than ``ENGINE``, as saved (a
        dict; anything else is left for the reader to refuse), in the form this engine
        reads: a game whose later engine adds an option that changes play gives an older
        save the value that plays as its own engine did (Phase 10's ``action_limit``).
        Returns a new dict, never edits ``rules``: the rules hash is checked against the
        text as saved. Raises ``StateError`` for rules no such engine wrote (an option
        only a later engine has), before the save's fields are read."""
        return rules

    def _upgraded(self, engine: int) -> None:
        """Finish loading a save by ``engine``, older than ``ENGINE``, once its fields are
        read and checked (``history`` is set): what only a replay of its history can tell
        (Phase 10 counts the actions of the hand it was saved in). May raise
        ``StateError``."""

    @classmethod
    def _upgrade_format(cls, state: dict[str, Any], fmt: int) -> dict[str, Any]:
        """Turn the ``state`` (a fresh dict) of a save in an older format ``fmt`` into that
        format's last shape, before ``RENAMED``: the first upgrade step of a load."""
        return state

    @classmethod
    def _upgrade_engine(cls, state: dict[str, Any], engine: int) -> dict[str, Any]:
        """Turn the ``state`` object (a fresh dict, with today's format and ``ENGINE_RENAMED``
        names) of a save by ``engine``, older than ``ENGINE``, into what this engine saves: a
        game that adds or recounts a field (or a key in a value) overrides this, so its old
        saves still load (the format stays)."""
        return state


__all__ = ["SaveUpgrades"]
