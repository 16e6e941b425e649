"""The README and docs/ as a newcomer follows them: every relative link and
picture leads to a file of the repository, and the README stays short
enough to read first (issue 31: what a player and a new contributor need
first; the rest lives in docs/)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def relative_links(page: Path) -> list[str]:
    return [target for target in LINK.findall(page.read_text(encoding="utf-8"))
            if not re.match(r"[a-z]+:", target) and not target.startswith("#")]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_leads_to_a_file(page: Path) -> None:
    broken = [t for t in relative_links(page) if not (page.parent / t.split("#")[0]).exists()]
    assert not broken, f"{page.relative_to(ROOT)} links to missing files: {broken}"


def test_readme_links_every_page_of_docs() -> None:
    linked = {(ROOT / t).resolve() for t in relative_links(ROOT / "README.md")}
    unlinked = [p.name for p in PAGES[1:] if p.resolve() not in linked]
    assert not unlinked, f"docs/ pages the README never links: {unlinked}"


def test_readme_is_under_20_kb() -> None:
    size = len((ROOT / "README.md").read_bytes())
    assert size < 20_000, f"README.md is {size} bytes: move details to docs/"


def readme_examples() -> list[str]:
    """The commands of the README's command-line examples (its sh block
    under "Command line"), as a newcomer would paste them."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Command line", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip() and not line.startswith("#")]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the examples name the Linux data folder")
def test_the_readme_command_line_examples_run_as_written_on_a_fresh_data_folder(tmp_path, monkeypatch) -> None:
    commands = readme_examples()
    for command in ("history", "stats", "review"):
        assert any(line.startswith(f"tablegames {command} ") for line in commands), command
    # (play is a whole match at the keyboard: tried by hand, not here)
    runnable = [line for line in commands if not line.startswith("tablegames play ")]
    env = {key: value for key, value in os.environ.items()
           if key not in ("TABLEGAMES_DATA_DIR", "XDG_DATA_HOME")}
    env.update(HOME=str(tmp_path), PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}")

    def run(line: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["bash", "-c", line], env=env, cwd=tmp_path, capture_output=True, text=True,
                              timeout=120)

    for line in runnable:  # nothing finished yet: history and stats say so; review says what it needs
        done = run(line)
        if line.startswith("tablegames review "):
            assert done.returncode == 2 and "review needs the file of a finished match" in done.stderr, done
        else:
            assert done.returncode == 0 and "No finished matches" in done.stdout and "error" not in done.stderr, done
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(tmp_path / ".local" / "share" / "tablegames"))
    from tablegames.core import records, registry, saves
    from tablegames.core.simulate import play_out

    out = play_out(registry.get("blind-chicken"), ["random"] * 3, 1, record_actions=True)
    saves.save(records.MatchRecord(game="blind-chicken", seats=[records.Seat("Kim"), records.Seat("Lee"),
                                                                   records.Seat("Bot 1", "normal")],
                                     seed=1, actions=out.actions, finished=True))
    for line in runnable:
        done = run(line)
        assert done.returncode == 0 and done.stderr == "" and "Kim" in done.stdout, (line, done)
