"""Prometheus counters of the hint service (exported by the API at ``/metrics``).

Defined here, not in ``api``, because :meth:`workers.service.HintService.submit` counts
them and workers never import the API.  The hit ratio is
``hits / (hits + misses)``: a request not answered from the cache (a search was started
or joined) is a miss.
"""

from __future__ import annotations

from prometheus_client import Counter

__all__ = ["HINT_CACHE_HITS", "HINT_CACHE_MISSES", "HINT_DIRECT"]

HINT_CACHE_HITS = Counter(
    "cassino_hint_cache_hits_total",
    "Hints and evaluations answered from the cache of earlier searches.")
HINT_CACHE_MISSES = Counter(
    "cassino_hint_cache_misses_total",
    "Hints and evaluations not answered from the cache (a search job was started or joined).")
HINT_DIRECT = Counter(
    "cassino_hint_direct_total",
    "Hints and evaluations searched in the request's own process, without a job "
    "(docs/workers.md \"The direct path\").")
