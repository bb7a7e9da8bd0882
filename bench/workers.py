"""How many sync workers: the production stack with 2, 3 and 5 workers on this machine, side by side in one run.

The site is prepared once (scripts/prod-stack.sh --keep), then the stack is started again on it (--reuse) with each
worker count (GUNICORN_WORKERS), and the same bounded client as bench/pages.py (16 connections, one request per
connection, gzip accepted) measures, for each count:

- a cached page through nginx (the FAQ answer: Django's page cache, then nginx's 2-second micro-cache);
- the same page through gunicorn alone (every request reaches a worker and its page cache);
- a page never cached (a search, /recherche/?q=puissance: the database and a render each time) through nginx;

req/s, p50 and p99 in ms, and the statuses. The count gunicorn.conf.py ships is printed last, with the figures
that decided it. Run from the repository root: `.venv/bin/python bench/workers.py [--seconds 6] [--counts 2,3,5]`.
The load average is printed beside every line: the machine may be shared, and the figures move with it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _stack import ROOT, Stack, StackError  # noqa: E402
from pages import FAQ_PAGE, fetch, load  # noqa: E402

UNCACHED = "/recherche/?q=puissance"
SHORT = ["en cache par nginx", "en cache par gunicorn seul", "recherche"]


def load_average() -> str:
    one, five, _fifteen = os.getloadavg()
    return f"charge {one:.1f} / {five:.1f}"


def shipped_workers() -> str:
    config = {"__file__": str(ROOT / "gunicorn.conf.py")}
    exec((ROOT / "gunicorn.conf.py").read_text(), config)  # noqa: S102 - the repository's own configuration
    return f"{config['workers']} workers {config['worker_class']}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="durée de la charge pour chaque adresse")
    parser.add_argument("--counts", default="2,3,5", help="nombres de workers essayés")
    parser.add_argument("--tours", type=int, default=2,
                        help="tours (2, 3, 5, puis encore 2, 3, 5…) : la charge dérive, la médiane compte")
    args = parser.parse_args()
    counts = [int(count) for count in args.counts.split(",")]
    tmp = Path(tempfile.mkdtemp(prefix="riftpal-workers-"))
    print(f"Machine : {os.cpu_count()} processeurs, {load_average()} au départ ; workers sync, nginx devant "
          f"(scripts/prod-stack.sh), 16 connexions, {args.seconds:g} s par mesure, une connexion par requête")
    print(f"{'workers':>7}  {'adresse':<44} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7}  réponses")
    results: dict[int, dict[str, list[dict]]] = {count: {} for count in counts}
    try:
        for count in [count for _round in range(args.tours) for count in counts]:
            try:
                stack = Stack(tmp, reuse=True, extra={"GUNICORN_WORKERS": str(count)})
            except StackError as error:
                sys.exit(str(error))
            try:
                targets = [("page en cache, par nginx", stack.port, FAQ_PAGE),
                           ("page en cache, gunicorn seul", stack.app_port, FAQ_PAGE),
                           (f"page jamais gardée {UNCACHED}, par nginx", stack.port, UNCACHED)]
                for label, port, path in targets:
                    for _ in range(2 * count):  # every worker has opened its cache and database
                        fetch(port, path)
                    result = load(port, [path], args.seconds)
                    results[count].setdefault(label, []).append(result)
                    codes = ", ".join(f"{code}×{n}" for code, n in sorted(result["statuses"].items()))
                    errors = f", erreurs×{result['errors']}" if result["errors"] else ""
                    print(f"{count:>7}  {label:<44} {result['rps']:>7.0f} {result['p50']:>7.2f} "
                          f"{result['p99']:>7.2f}  {codes}{errors} · {load_average()}")
            finally:
                stack.stop()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"Médianes sur {args.tours} tours (req/s, p99 ms) :")
    median = {count: {label: (statistics.median(r["rps"] for r in runs), statistics.median(r["p99"] for r in runs))
                      for label, runs in labels.items()} for count, labels in results.items()}
    for count, labels in median.items():
        print(f"{count:>7}  " + " · ".join(f"{SHORT[n]} {rps:.0f} req/s p99 {p99:.0f} ms"
                                          for n, (rps, p99) in enumerate(labels.values())))
    uncached = f"page jamais gardée {UNCACHED}, par nginx"
    best = max(median, key=lambda count: median[count][uncached][0])
    print(f"Le plus de pages calculées par seconde : {best} workers ({median[best][uncached][0]:.0f} req/s, p99 "
          f"{median[best][uncached][1]:.0f} ms) ; gunicorn.conf.py livre : {shipped_workers()} sur cette machine · "
          f"{load_average()} à la fin")


if __name__ == "__main__":
    main()
