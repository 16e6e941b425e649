"""The game-agnostic engine: the game contract, match flow, records and bots.

Nothing in this package may import Textual or Rich (tests/core/test_layering.py).
"""
