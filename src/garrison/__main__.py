"""``python -m garrison`` is the ``garrison`` command."""

from garrison.cli.main import app

app()
