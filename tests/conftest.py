import pytest


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path, monkeypatch):
    """Saves go to a temporary folder, never to the real user's data dir."""
    monkeypatch.setenv("TABLEGAMES_DATA_DIR", str(tmp_path / "data"))
