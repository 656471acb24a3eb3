"""Developer tools, run from a checkout (`python tools/<name>.py`); not installed."""
