"""The library's one version number: the package's, ``tablegames --version``'s, the one
every record carries (``"tablegames": "0.1.0"``), and the one every worker of a
simulation must run. A save carries each game's engine number instead (a save is read
by its format and engine, whatever version wrote it).

It lives on the ground floor so the core can write it into a record without importing
the package above it; ``tablegames.__version__`` is this value.
"""

__version__ = "0.1.0"
