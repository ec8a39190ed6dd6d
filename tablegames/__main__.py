"""``python -m tablegames`` runs the command-line interface."""

from tablegames.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
