#!/usr/bin/env bash
# Release check: build the sdist and the wheel, install each into a clean virtual
# environment (outside the source tree, so nothing is imported from the checkout) and
# smoke-test what a user gets: the import, the version, a simulated game, a picture, and
# `tablegames play` starting and quitting. Fails on any build deprecation warning too
# (the licence metadata is the usual culprit).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(python3 -c "import ast,sys; t=ast.parse(open('tablegames/common/version.py').read()); \
print(next(n.value.value for n in t.body if isinstance(n, ast.Assign) and \
n.targets[0].id == '__version__'))")

echo "== build tablegames $version (sdist + wheel)"
python3 -c "import build" 2>/dev/null || python3 -m pip install -q build
python3 -m build --outdir "$work/dist" "$root" >"$work/build.log" 2>&1 || {
  cat "$work/build.log"; exit 1; }
if grep -iE "deprecat" "$work/build.log"; then
  echo "the build printed a deprecation warning (above)"; exit 1
fi
sdist=$(ls "$work"/dist/tablegames-"$version".tar.gz)
wheel=$(ls "$work"/dist/tablegames-"$version"-py3-none-any.whl)
python3 - "$wheel" "$sdist" <<'PY'
import sys, tarfile, zipfile
wheel, sdist = sys.argv[1:]
names = zipfile.ZipFile(wheel).namelist()
meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
text = zipfile.ZipFile(wheel).read(meta).decode()
assert "License-Expression: MIT" in text, "wheel metadata lacks License-Expression: MIT"
assert any(n.endswith("licenses/LICENSE") for n in names), "LICENSE is not in the wheel"
for needed in ("tablegames/py.typed", "tablegames/toepen/rulings.md",
               "tablegames/dallah/default_cards.toml", "tablegames/render/__init__.py",
               "tablegames/tui/__init__.py"):
    assert needed in names, f"{needed} is not in the wheel"
members = tarfile.open(sdist).getnames()
for needed in ("LICENSE", "CHANGELOG.md", "README.md", "pyproject.toml"):
    assert any(m.endswith("/" + needed) for m in members), f"{needed} is not in the sdist"
print("metadata and contents: ok")
PY

smoke() {  # $1: what to install, $2: a name for the venv
  echo "== install $2 into a clean virtual environment"
  python3 -m venv "$work/$2"
  "$work/$2/bin/python" -m pip install -q --upgrade pip
  "$work/$2/bin/python" -m pip install -q "$1[cli]"
  (cd "$work" && "$work/$2/bin/python" - "$version" <<'PY'
import subprocess, sys, json
import tablegames
from tablegames import render
expected = sys.argv[1]
assert tablegames.__version__ == expected, tablegames.__version__
assert "/site-packages/" in tablegames.__file__, tablegames.__file__
state = tablegames.new_game("toepen", players=4, seed=1)
while not state.is_over:
    state.apply(state.legal_actions()[0])
assert state.outcome().losers and state.record()["tablegames"] == expected
assert render.svg(state.view(0)).startswith("<svg")
bindir = sys.executable.rsplit("/", 1)[0]
out = subprocess.run([f"{bindir}/tablegames", "--version"], capture_output=True, text=True,
                     check=True).stdout.strip()
assert out == f"tablegames {expected}", out
summary = json.loads(subprocess.run(
    [f"{bindir}/tablegames", "simulate", "shithead", "--games", "3", "--json"],
    capture_output=True, text=True, check=True).stdout)
assert summary["games"] == 3, summary
played = subprocess.run([f"{bindir}/tablegames", "play", "phase10", "--pace", "0"],
                        input="q\n", capture_output=True, text=True, timeout=60)
assert played.returncode == 0 and "Goodbye" in played.stdout, played
print(f"smoke test of tablegames {expected}: ok")
PY
  )
}
smoke "$wheel" wheel
smoke "$sdist" sdist
echo "== release build ok: $(basename "$sdist") $(basename "$wheel")"
