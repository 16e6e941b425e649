"""After a crash: the traceback in a report file, and one line for the
terminal naming it. Shared by the app (tablegames/ui/app.py) and the
command line (tablegames/cli.py), so every exit with status 1 says where
its report is. No UI here."""

from __future__ import annotations

import os
import sys
import traceback
from datetime import datetime
from pathlib import Path


def write_crash_report(error: BaseException) -> Path | None:
    """The traceback in a new file in the data folder (else the system's
    temporary folder); None if neither can be written."""
    import tempfile

    from tablegames import __version__
    from tablegames.core.paths import data_dir

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    text = (f"tablegames {__version__} crashed at {datetime.now().isoformat(timespec='seconds')}\n"
            f"Python {sys.version.split()[0]} on {sys.platform}\n\n"
            + "".join(traceback.format_exception(type(error), error, error.__traceback__)))
    for folder in (data_dir(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f"crash-{stamp}-", suffix=".txt", dir=folder)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            return Path(name)
        except OSError:
            continue
    return None


def crash_line(error: BaseException, report: Path | None) -> str:
    from tablegames.core.seats import shown

    what = " ".join(shown(f"{error.__class__.__name__}: {error}").split())
    if len(what) > 120:
        what = what[:117] + "..."
    where = (f"the full report is in {report}" if report is not None
             else "set TABLEGAMES_DEBUG=1 to see the full report")
    return f"tablegames: error: the app stopped on an unexpected error ({what}); {where}"
