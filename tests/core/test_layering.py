"""The layering: the engine and every game's rules and bot never import the UI."""

import ast
import subprocess
import sys
from pathlib import Path

import tablegames

PACKAGE = Path(tablegames.__file__).parent
UI_LIBRARIES = {"textual", "rich"}


def pure_files() -> list[Path]:
    files = list((PACKAGE / "core").rglob("*.py"))
    for game in (PACKAGE / "games").iterdir():
        if game.is_dir():
            files += [p for p in game.glob("*.py") if p.name != "screen.py"]
    return files


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_rules_and_engine_files_do_not_import_textual_or_rich():
    offenders = {str(p.relative_to(PACKAGE)): imported_roots(p) & UI_LIBRARIES for p in pure_files()}
    assert {k: v for k, v in offenders.items() if v} == {}
    assert len(pure_files()) > 5, "the scan must see the engine and game files"


def test_loading_every_game_pulls_in_no_ui_library():
    code = (
        "import sys; from tablegames.core import registry; registry.all_specs();"
        "import tablegames.core.match, tablegames.core.simulate;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
