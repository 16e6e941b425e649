"""Every game package has the same layout: the same file for the same role
(docs/development.md), the game id written once, and no turn machinery of
its own. The check walks the registry's list of packages
(``tablegames.games.GAME_MODULES``), so a sixth game is checked the day its
line is added; one failure lists every breach of every game.

The checker itself is tested on synthetic packages built in a temporary
folder: one that follows the layout passes, and each kind of breach is
reported."""

from __future__ import annotations

import ast
import enum
import importlib
import importlib.util
import json
import os
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

import tablegames
from tablegames.core.info import GameInfo
from tablegames.games import GAME_MODULES

CORE = Path(tablegames.__file__).parent / "core"

# role -> the file (or one of the files) that holds it
ROLES: dict[str, tuple[str, ...]] = {
    "INFO, the one place the game id is written": ("__init__.py",),
    "SPEC = GameSpec(...)": ("spec.py",),
    "the vocabulary: Phase, actions, decisions, parse_action": ("vocab.py",),
    "the rules: the state class, new_state": ("rules.py",),
    "the view TypedDicts and the view builder": ("view.py",),
    "the sampler": ("sampler.py",),
    "the position builder and describer": ("position.py",),
    "the heuristic bot": ("bot.py",),
    "the screen": ("screen.py", "screen/__init__.py"),
    "the rules page": ("rules.md",),
}
# Test fixtures live with the tests (tests/fixtures/<package>/), not in the product.
FIXTURES = ("scenes.py", "driver.py")
# The kit's turn flow (core/state.py, core/decisions.py) is the only one.
TURN_MACHINERY = {"to_move", "_movers", "_due"}


def package_dir(module: str) -> Path:
    found = importlib.util.find_spec(module)
    assert found is not None and found.submodule_search_locations, f"{module} is not a package"
    return Path(list(found.submodule_search_locations)[0])


def python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


# ----------------------------------------------------------------- the checker

def file_problems(folder: Path) -> list[str]:
    """The breaches a look at the files finds (nothing imported)."""
    problems = [f"no {' or '.join(names)} ({role})" for role, names in ROLES.items()
                if not any((folder / name).is_file() for name in names)]
    problems += [f"{name} is a test fixture: it belongs in tests/fixtures/{folder.name}/"
                 for name in FIXTURES if (folder / name).exists()]
    init = folder / "__init__.py"
    if init.is_file():
        for node in ast.walk(ast.parse(init.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                problems += [f"__init__.py imports {alias.name} (only tablegames.core.info)" for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module not in ("tablegames.core.info", "__future__"):
                problems.append(f"__init__.py imports from {'.' * node.level}{node.module or ''} "
                                "(only tablegames.core.info)")
    for path in python_files(folder):
        where = path.relative_to(folder).as_posix()
        problems += [f"{where}: {problem}" for problem in code_problems(ast.parse(path.read_text(encoding="utf-8")))]
    return problems


def code_problems(tree: ast.AST) -> list[str]:
    """Turn machinery of the game's own, and logging tested before emit:
    each kind once, with its lines."""
    found: dict[str, list[int]] = {}

    def note(what: str, node: ast.AST) -> None:
        found.setdefault(what, []).append(getattr(node, "lineno", 0))

    state_names = TURN_MACHINERY - {"to_move"}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in TURN_MACHINERY:
            note(f"defines {node.name}() (the kit's decision queue says who moves)", node)
        elif isinstance(node, ast.Attribute) and node.attr in state_names:
            note(f"uses .{node.attr} (the kit's decision queue holds who moves and the pending decision)", node)
        elif isinstance(node, ast.Name) and node.id in state_names:
            note(f"names {node.id}", node)
        elif isinstance(node, ast.Constant) and node.value in state_names:
            note(f"names {node.value!r}", node)
        elif isinstance(node, (ast.If, ast.IfExp)) and _mentions_logging(node.test):
            note("tests logging before emit (emit words a lambda only when logging)", node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_mentions_logging(target) for target in targets):
                note("sets logging (emit words a lambda only when logging)", node)
    return [f"{what}: line{'s' if len(lines) > 1 else ''} {', '.join(map(str, sorted(lines)))}"
            for what, lines in found.items()]


def _mentions_logging(node: ast.AST) -> bool:
    return any((isinstance(sub, ast.Attribute) and sub.attr == "logging")
               or (isinstance(sub, ast.Name) and sub.id == "logging") for sub in ast.walk(node))


def id_problems(folder: Path, game_id: str) -> list[str]:
    """The game id is written in __init__.py only (its INFO)."""
    return [f"{path.relative_to(folder).as_posix()} writes the game id {game_id!r} (only __init__.py's INFO does)"
            for path in python_files(folder)
            if path.name != "__init__.py" or path.parent != folder
            if game_id in path.read_text(encoding="utf-8")]


def import_problems(module: str) -> list[str]:
    """What importing the package's modules shows: INFO, SPEC, Phase,
    parse_action, the position builder and the screen class, each where the
    layout puts it."""
    problems: list[str] = []
    folder = package_dir(module)

    def load(name: str):
        if name and not any((folder / f"{name.replace('.', '/')}{end}").is_file() for end in (".py", "/__init__.py")):
            return None  # (reported by file_problems)
        try:
            return importlib.import_module(f"{module}.{name}" if name else module)
        except Exception as exc:  # a broken module is one more breach, not the end of the check
            problems.append(f"{name or '__init__'}.py cannot be imported ({exc.__class__.__name__}: {exc})")
            return None

    package = load("")
    info = getattr(package, "INFO", None)
    if package is not None and not isinstance(info, GameInfo):
        problems.append("__init__.py defines no INFO (a GameInfo)")
    if not isinstance(info, GameInfo):
        return problems
    vocab = load("vocab")
    if vocab is not None:
        phase = getattr(vocab, "Phase", None)
        if not (isinstance(phase, type) and issubclass(phase, enum.StrEnum)):
            problems.append("vocab.py defines no Phase that is a StrEnum")
        if not callable(vocab.__dict__.get("parse_action")) or vocab.parse_action.__module__ != vocab.__name__:
            problems.append("vocab.py does not define parse_action")
    spec_module = load("spec")
    spec = getattr(spec_module, "SPEC", None)
    if spec_module is None:
        return problems
    if spec is None:
        return problems + ["spec.py defines no SPEC"]
    if spec.info is not info:
        problems.append("SPEC.info is not the package's INFO")
    position = load("position")
    for hook in ("build_position", "describe_position"):
        made = getattr(position, hook, None)
        if position is not None and made is None:
            problems.append(f"position.py defines no {hook}")
        elif made is not None and getattr(spec, hook, None) is not made:
            problems.append(f"SPEC.{hook} is not position.py's {hook}")
    screen = f"{info.title.replace(' ', '')}Screen"
    where, _, name = (spec.screen or "").partition(":")
    in_screen = where == f"{module}.screen" or where.startswith(f"{module}.screen.")
    if not in_screen:
        problems.append(f"SPEC.screen {spec.screen!r} is not in screen.py or screen/")
    if name != screen:
        problems.append(f"SPEC.screen names {name or 'nothing'}, not {screen}")
    elif in_screen:
        shown = load(where[len(module) + 1:])
        if shown is not None and not (isinstance(getattr(shown, name, None), type)
                                      and getattr(shown, name).__name__ == screen):
            problems.append(f"{where} defines no class {screen}")
    return problems


# Run in a fresh interpreter: the modules a package's import pulls in.
_INIT_PROBE = r"""
import importlib, json, sys
found = {}
for module in sys.argv[1:]:
    before = set(sys.modules)
    try:
        importlib.import_module(module)
    except Exception as exc:
        found[module] = [f"cannot be imported: {exc.__class__.__name__}: {exc}"]
        continue
    found[module] = sorted(set(sys.modules) - before)
print(json.dumps(found))
"""
# What a package's __init__ may bring in: itself, its parents, and core/info.py.
_LIGHT = {"tablegames", "tablegames.core", "tablegames.core.info"}


def init_import_problems(modules: list[str], path: str | None = None) -> dict[str, list[str]]:
    """Per package: what importing its __init__ alone (in a fresh process
    each, so one package's imports hide nothing of another's) loads beyond
    INFO's needs: another module of its package, or any other module of
    tablegames (rules, the kit)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (path, os.environ.get("PYTHONPATH")) if p)}
    problems: dict[str, list[str]] = {}
    for module in modules:
        out = subprocess.run([sys.executable, "-c", _INIT_PROBE, module], capture_output=True, text=True, env=env,
                             check=True)
        loaded = json.loads(out.stdout)[module]
        if loaded and loaded[0].startswith("cannot be imported"):
            problems[module] = loaded
            continue
        parents = {module.rsplit(".", depth)[0] for depth in range(module.count(".") + 1)}
        top = module.split(".")[0]
        heavy = [name for name in loaded if name not in _LIGHT | parents and name.split(".")[0] in ("tablegames", top)]
        if heavy:
            problems[module] = [f"importing __init__.py alone loads {', '.join(heavy)} (only INFO's core/info.py)"]
    return problems


def layout_problems(modules: list[str], path: str | None = None) -> dict[str, list[str]]:
    """Every breach of the layout, per package (an empty dict: none)."""
    fresh = init_import_problems(modules, path)
    problems: dict[str, list[str]] = {}
    for module in modules:
        folder = package_dir(module)
        found = file_problems(folder) + fresh.get(module, []) + import_problems(module)
        info = getattr(sys.modules.get(module), "INFO", None)
        if isinstance(info, GameInfo):
            found += id_problems(folder, info.id)
        if found:
            problems[module] = found
    return problems


def report(problems: dict[str, list[str]]) -> str:
    return "\n".join(f"{module}:\n" + "\n".join(f"  - {p}" for p in found) for module, found in problems.items())


# ----------------------------------------------------------------- the games

def test_every_game_package_follows_the_one_layout():
    assert GAME_MODULES, "the registry lists no game"
    problems = layout_problems(list(GAME_MODULES))
    assert not problems, "game packages that break the layout (docs/development.md):\n" + report(problems)


def test_search_and_bots_find_no_game_hook_by_getattr():
    """The search hooks are typed (GameSpec.search): core/search.py and
    core/bots.py look nothing up by name."""
    found = {name: [number for number, line in enumerate((CORE / name).read_text(encoding="utf-8").splitlines(), 1)
                    if "getattr(" in line]
             for name in ("search.py", "bots.py")}
    assert not {name: lines for name, lines in found.items() if lines}, found


# ----------------------------------------------------------------- the checker, on synthetic packages

GOOD: dict[str, str] = {
    "__init__.py": '''
        """Fake Game: a package that follows the layout."""

        from tablegames.core.info import GameInfo

        INFO = GameInfo(id="fake-game", title="Fake Game", min_players=2, max_players=3, pitch="Nothing happens.")
        ''',
    "spec.py": '''
        from tablegames.core.game import GameSpec
        from {pkg} import INFO
        from {pkg}.position import build_position, describe_position
        from {pkg}.rules import new_state
        from {pkg}.vocab import parse_action

        SPEC = GameSpec(info=INFO, new_state=new_state, parse_action=parse_action, bots=dict(), default_bot="normal",
                        rules_text=lambda: "", build_position=build_position, describe_position=describe_position,
                        screen="{pkg}.screen:FakeGameScreen")
        ''',
    "vocab.py": '''
        from enum import StrEnum


        class Phase(StrEnum):
            PLAY = "play"


        def parse_action(text):
            return text
        ''',
    "rules.py": '''
        def new_state(names, options, seed):
            raise NotImplementedError


        def play(state, events):
            state.emit(lambda: "a move")
        ''',
    "view.py": "def view(state, seat):\n    return {}\n",
    "sampler.py": "def sample(view, rng, memory=None):\n    raise NotImplementedError\n",
    "position.py": '''
        def build_position(names, options, description, seed):
            raise NotImplementedError


        def describe_position(state):
            return {}
        ''',
    "bot.py": "class HeuristicBot:\n    pass\n",
    "screen.py": "class FakeGameScreen:\n    pass\n",
    "rules.md": "# Fake Game\n",
}
GOOD = {file: textwrap.dedent(text).lstrip() for file, text in GOOD.items()}


def make_package(root: Path, changes: dict[str, str | None] | None = None) -> str:
    """A synthetic game package under ``root`` (importable as the returned
    name): the good one, with ``changes`` (file -> new text, None: removed)."""
    name = f"fake_game_{uuid.uuid4().hex[:8]}"
    folder = root / name
    folder.mkdir()
    files = {**GOOD, **(changes or {})}
    for file, text in files.items():
        if text is None:
            continue
        (folder / file).parent.mkdir(parents=True, exist_ok=True)
        (folder / file).write_text(text.replace("{pkg}", name), encoding="utf-8")
    return name


@pytest.fixture
def fake_root(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for module in [m for m in sys.modules if m.startswith("fake_game_")]:
        del sys.modules[module]


def check(root: Path, changes: dict[str, str | None] | None = None) -> list[str]:
    module = make_package(root, changes)
    importlib.invalidate_caches()
    return layout_problems([module], str(root)).get(module, [])


def test_the_layout_check_passes_a_package_that_follows_it(fake_root):
    assert check(fake_root) == []


def test_a_screen_package_is_as_good_as_a_screen_module(fake_root):
    assert check(fake_root, {"screen.py": None, "screen/__init__.py": GOOD["screen.py"]}) == []


BREACHES = {
    "a role's file is missing": ({"view.py": None}, "no view.py"),
    "the rules page is missing": ({"rules.md": None}, "no rules.md"),
    "a test fixture ships in the package": ({"scenes.py": "SCENES = ()\n"}, "scenes.py is a test fixture"),
    "__init__ imports more than core/info.py": (
        {"__init__.py": GOOD["__init__.py"] + "from {pkg}.vocab import Phase\n"}, "__init__.py imports from"),
    "__init__ loads its rules when imported": (
        {"__init__.py": GOOD["__init__.py"] + "import importlib\nimportlib.import_module('{pkg}.rules')\n"},
        "importing __init__.py alone loads"),
    "Phase is a (str, Enum)": (
        {"vocab.py": GOOD["vocab.py"].replace("from enum import StrEnum", "from enum import Enum")
         .replace("Phase(StrEnum)", "Phase(str, Enum)")}, "no Phase that is a StrEnum"),
    "parse_action lives elsewhere": (
        {"vocab.py": GOOD["vocab.py"].replace("def parse_action(text):\n    return text",
                                              "from {pkg}.rules import new_state as parse_action")},
        "vocab.py does not define parse_action"),
    "SPEC.info is a copy of INFO": (
        {"spec.py": GOOD["spec.py"].replace("info=INFO", "info=type(INFO)(**vars(INFO))")},
        "SPEC.info is not the package's INFO"),
    "the position builder is not registered": (
        {"spec.py": GOOD["spec.py"].replace("build_position=build_position, ", "")},
        "SPEC.build_position is not position.py's build_position"),
    "the screen class has another name": (
        {"screen.py": "class Screen:\n    pass\n",
         "spec.py": GOOD["spec.py"].replace(":FakeGameScreen", ":Screen")}, "SPEC.screen names Screen, not FakeGameScreen"),
    "the game id is written again": ({"rules.py": GOOD["rules.py"] + "\nGAME_ID = 'fake-game'\n"},
                                     "rules.py writes the game id 'fake-game'"),
    "the game keeps its own list of movers": (
        {"rules.py": GOOD["rules.py"] + "\n\ndef to_move(self):\n    return self._movers\n"}, "defines to_move()"),
    "the game keeps a copy of the pending decision": (
        {"rules.py": GOOD["rules.py"] + "\n\ndef take(self, decision):\n    self._due = decision\n"}, "uses ._due"),
    "an emit guarded by if self.logging": (
        {"rules.py": GOOD["rules.py"] + "\n\ndef tell(self):\n    if self.logging:\n        self.emit('x')\n"},
        "tests logging"),
    "logging set by the game": ({"rules.py": GOOD["rules.py"] + "\n\ndef quiet(self):\n    self.logging = False\n"},
                                "sets logging"),
}


@pytest.mark.parametrize("breach", list(BREACHES))
def test_the_layout_check_reports_a_broken_package(fake_root, breach):
    changes, expected = BREACHES[breach]
    problems = check(fake_root, changes)
    assert any(expected in problem for problem in problems), problems


def test_one_failure_lists_every_breach_of_every_package(fake_root):
    first = make_package(fake_root, {"view.py": None})
    second = make_package(fake_root, {"rules.md": None, "rules.py": GOOD["rules.py"] + "X = 'fake-game'\n"})
    importlib.invalidate_caches()
    text = report(layout_problems([first, second], str(fake_root)))
    assert f"{first}:\n  - no view.py" in text
    assert f"{second}:" in text and "no rules.md" in text and "writes the game id" in text
