"""Shared fixtures and the ``ruling`` marker.

``@pytest.mark.ruling("TOE-51")`` ties a test to the ruling it demonstrates; the meta
test in ``test_rulings_cited.py`` fails if any ruling in the rules files has no test.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "dev", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
