"""The library's one version number: the package's, ``tablegames --version``'s, and the
one every save, record and simulation row carries (``"tablegames": "0.1.0"``).

It lives on the ground floor so the core can write it into a save without importing the
package above it; ``tablegames.__version__`` is this value.
"""

__version__ = "0.1.0"
