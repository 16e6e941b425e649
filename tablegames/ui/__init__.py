"""The Textual app. Start it with ``tablegames.ui.app.run_app()``."""
