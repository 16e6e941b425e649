"""The README and docs/ as a newcomer follows them: every relative link and
picture leads to a file of the repository, and the README stays short
enough to read first (issue 31: what a player and a new contributor need
first; the rest lives in docs/)."""

from __future__ import annotations

import re
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
