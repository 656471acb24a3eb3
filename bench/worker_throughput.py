"""Hint throughput of ONE worker process, pure Python against the compiled kernel (issue 15).

    python bench/worker_throughput.py [--positions 60] [--repeat 3] [--no-rq] [--profile]

The same hint requests (default budget, seed 1, positions of heuristic self-play where the
mover has a choice: bench/hints_bench.py ``positions``) are served by each implementation:
``CASSINO_KERNEL=python`` (the pure-Python path, "today") and the kernel.

* in process: the body of an RQ hint job (:func:`workers.jobs.search` on the request's
  payload: the view read back, the search, the answer) called back to back in this
  process; hints per CPU second (``time.process_time``), the median of ``--repeat`` passes.
  With ``--profile`` the kernel's pass is profiled: where a job's time goes besides the
  search.
* RQ: a real redis-server and one real worker (``python -m workers``, RQ's SimpleWorker)
  per implementation, every request enqueued at once (:class:`workers.queue.RedisService`);
  hints per second of the wall clock, and per CPU second of the worker process (its
  ``/proc`` utime + stime), which the machine's other load does not change.

The ratio kernel / python is taken within one run.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages

from hints_bench import free_port, positions  # bench/ is this script's folder

from solver.cassino import kernel
from workers import jobs
from workers.requests import HintRequest, open_scope

ROOT = Path(__file__).resolve().parent.parent
IMPLEMENTATIONS = ("python", "kernel")


def use(name: str) -> None:
    if name == "python":
        os.environ[kernel.ENV] = "python"
    else:
        os.environ.pop(kernel.ENV, None)


def in_process(payloads: list[dict[str, object]], repeat: int, profile: bool) -> dict[str, float]:
    rates: dict[str, float] = {}
    for name in IMPLEMENTATIONS:
        use(name)
        runs = []
        for _ in range(repeat):
            began = time.process_time()
            for payload in payloads:
                jobs.search(payload)
            runs.append(len(payloads) / (time.process_time() - began))
        rates[name] = statistics.median(runs)
        print(f"  {name:7} {rates[name]:9.1f} hints per CPU second   "
              f"(runs: {', '.join(f'{r:.1f}' for r in runs)})")
        if profile and name == "kernel":
            prof = cProfile.Profile()
            prof.enable()
            for payload in payloads:
                jobs.search(payload)
            prof.disable()
            pstats.Stats(prof).sort_stats("tottime").print_stats(15)
    use("kernel")
    return rates


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def with_rq(requests: list[HintRequest]) -> dict[str, tuple[float, float]]:
    import redis
    from rq.registry import FailedJobRegistry, FinishedJobRegistry

    from workers.queue import RedisService

    binary = shutil.which("redis-server")
    if binary is None:
        print("  redis-server is not installed: skipped")
        return {}
    port = free_port()
    server = subprocess.Popen([binary, "--port", str(port), "--save", "", "--appendonly", "no"],
                              stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    out: dict[str, tuple[float, float]] = {}
    try:
        time.sleep(0.5)
        for name in IMPLEMENTATIONS:
            redis.Redis.from_url(url).flushdb()
            env = dict(os.environ, REDIS_URL=url)
            env.pop(kernel.ENV, None)
            if name == "python":
                env[kernel.ENV] = "python"
            worker = subprocess.Popen([sys.executable, "-m", "workers"], cwd=ROOT, env=env,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                time.sleep(3.0)  # imports done, registered
                service = RedisService(url)
                done = FinishedJobRegistry(queue=service.queue)
                failed = FailedJobRegistry(queue=service.queue)
                cpu = cpu_seconds(worker.pid)
                began = time.perf_counter()
                for request in requests:
                    service.start(request)
                while done.count + failed.count < len(requests):
                    time.sleep(0.01)
                wall = time.perf_counter() - began
                cpu = cpu_seconds(worker.pid) - cpu
                if failed.count:
                    raise RuntimeError(f"{failed.count} jobs failed")
                out[name] = (len(requests) / wall, len(requests) / cpu)
                print(f"  {name:7} {out[name][0]:9.1f} hints/s (wall)   "
                      f"{out[name][1]:9.1f} hints per worker CPU second")
            finally:
                worker.terminate()
                worker.wait(timeout=20)
    finally:
        server.terminate()
        server.wait(timeout=10)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=3, help="in-process passes (median)")
    parser.add_argument("--no-rq", action="store_true", help="skip the redis-server part")
    parser.add_argument("--profile", action="store_true", help="profile the kernel's jobs")
    args = parser.parse_args()
    if kernel.module() is None:
        sys.exit("the kernel is not built: python setup.py build_ext --inplace")
    states = positions(args.positions)
    requests = [HintRequest("hints", s.view(s.to_move), seed=1,
                            scope=open_scope(s.to_dict(), s.to_move)) for s in states]
    payloads = [r.payload() for r in requests]
    print(f"== one worker, {len(requests)} hint requests (default budget); load "
          f"{os.getloadavg()[0]:.1f}")
    print("in process (workers.jobs.search back to back, CPU time):")
    rates = in_process(payloads, args.repeat, args.profile)
    print(f"  kernel / python: x{rates['kernel'] / rates['python']:.1f}")
    if not args.no_rq:
        print("RQ (redis-server, one `python -m workers`):")
        rq = with_rq(requests)
        if rq:
            print(f"  kernel / python: x{rq['kernel'][0] / rq['python'][0]:.1f} (wall), "
                  f"x{rq['kernel'][1] / rq['python'][1]:.1f} (worker CPU)")


if __name__ == "__main__":
    main()
