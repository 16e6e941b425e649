import os
from pathlib import Path

import pytest


@pytest.fixture
def data_dir() -> Path:
    """The temporary save folder (tests/conftest.py points TABLEGAMES_DATA_DIR
    at it for every test, so saves never touch the real home)."""
    return Path(os.environ["TABLEGAMES_DATA_DIR"])
