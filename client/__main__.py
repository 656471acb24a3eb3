"""``python -m client``: the same as the ``cassino`` console script."""

from client.cli import main

raise SystemExit(main())
