"""How much memory a call allocates: the deterministic measure of "refused cheaply".

A refusal of a huge or deep value must not first build what the value asks for (a
billion cards, a million names). Wall time would say so too, but a test never times
anything: on a loaded machine a quick refusal can take a second, and a test that
fails by the clock fails for the machine. The peak of memory the call allocates
(``tracemalloc``) does not depend on the machine's load, and building what a huge
value asks for cannot stay under it.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from typing import Any

#: The most a refusal may allocate at its peak. The costliest refusal in the suite, a
#: Dallah card set nested thousands deep, peaks near 4 MB; building a billion of
#: anything, or a million names, takes hundreds of MB and more.
MAX_BYTES = 32 * 1024 * 1024


def peak_of(call: Callable[[], Any]) -> tuple[BaseException | None, int]:
    """``(what call raised or None, the peak bytes it allocated)``."""
    raised: BaseException | None = None
    tracemalloc.start()
    try:
        call()
    except Exception as exc:  # the caller asserts what it is
        raised = exc
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return raised, peak
