"""Games kept in the tests only, registered by the tests that play them."""
