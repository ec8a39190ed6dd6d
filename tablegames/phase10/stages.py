"""Phase 10's stages: a turn is a ``draw``, then ``play`` (lay, hit, discard); ``over``
once the game has ended (see :mod:`tablegames.phase10.state`)."""

DRAW, PLAY, OVER = range(3)
STAGES = ("draw", "play", "over")
