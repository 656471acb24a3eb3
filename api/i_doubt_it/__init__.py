"""I Doubt It in the API."""
