"""tablegames: hot-seat card games for several people at one terminal."""

__version__ = "0.1.0"
