"""The kitchen table: phone seats. The process that started the match owns
it (``owner.py``: a web server for the phones' pages and a channel to each
phone's app process); a phone's app process (``phone_app.py``) holds no
game state, only its seat's last snapshot (core/match_side.py)."""
