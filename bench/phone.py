"""First visit of every page type on a slow phone: Chromium throttled (150 ms latency, 1.6 Mbit/s down, 750 kbit/s
up, CPU × 4), empty cache, one fresh context per page, against the production stack (nginx → gunicorn).

For each page type of core/budgets.py it prints, in milliseconds from the start of the navigation:

- **TTFB**, the first byte of the HTML (the page was requested once before: the server's cache is warm, the
  browser's is empty);
- **FCP**, the first contentful paint (the reader sees text);
- **DCL**, the end of DOMContentLoaded (the page's modules have run);
- **load**, the start of the load event (every resource the page asked for has arrived): the figure the goal
  (< 1,000 ms) is judged on, the strictest of the three;
- **htmx**, on the pages that use it, when htmx has run: it is started after the load event (static/js/site.js), and
  until then the links and forms it enhances work as plain ones;

and the bytes received against the page type's budget: the HTML with the CSS (a first visit from outside the site
carries its stylesheets in the page, core/stylesheets.py; HTML and CSS are held to their two budgets together), and
the JavaScript (htmx included). A service worker
is registered by the site after the load event; the fresh context has none yet (first visit).

Run alone against a stack already started (`scripts/prod-stack.sh`):
`.venv/bin/python bench/phone.py --url http://127.0.0.1:8200 [--fois 3] [--detail /guides/le-combat/]`
(`--url https://127.0.0.1:8202` with `scripts/prod-stack.sh --tls`: the same site over HTTPS and HTTP/2, as a phone
gets it behind the HTTPS proxy production requires);
bench/pages.py runs it on the stack it starts. `--detail PATH` prints the waterfall of one page (when each
resource started and ended, its size, who asked for it). Figures, not a test.
"""

from __future__ import annotations

import argparse
import gzip
import math
import os
import ssl
import statistics
import sys
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.budgets import KB, PAGE_TYPES, resolve  # noqa: E402

GOAL_MS = 1000
PHONE = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4

FIGURES = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const paint = performance.getEntriesByType("paint").find((p) => p.name === "first-contentful-paint");
  const resources = performance.getEntriesByType("resource");
  const sum = (test) => resources.filter(test).reduce((total, r) => total + r.transferSize, 0);
  return {
    ttfb: nav.responseStart, fcp: paint ? paint.startTime : NaN,
    dcl: nav.domContentLoadedEventEnd, load: nav.loadEventStart,
    // The stylesheets a first visit asked for before its load event (none when they came inside the HTML; after
    // it, static/js/site.js fetches them for the next pages, which is not this page's weight).
    html: nav.transferSize, js: sum((r) => r.name.endsWith(".js")),
    css: sum((r) => r.name.endsWith(".css") && r.startTime < nav.loadEventStart),
    requests: resources.length + 1,
    waterfall: [[nav.name, 0, nav.responseEnd, nav.transferSize, "document"], ...resources
      .map((r) => [r.name, r.startTime, r.responseEnd, r.transferSize, r.initiatorType])],
  };
}"""


def mark(ok: bool) -> str:
    return "✓" if ok else "✗"


def html_reader(base: str):
    """The text of a page (gzip undone), memoised: to find the first link of an index."""
    seen: dict[tuple, str] = {}

    unchecked = ssl.create_default_context()
    unchecked.check_hostname, unchecked.verify_mode = False, ssl.CERT_NONE  # the local stack's own certificate

    def text(path: str, **headers: str) -> str:
        if (path, *headers.items()) not in seen:
            request = urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip", **headers})
            with urllib.request.urlopen(request, timeout=30, context=unchecked) as response:
                body = response.read()
            seen[(path, *headers.items())] = (gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body).decode()
        return seen[(path, *headers.items())]

    return text


def visit(browser, url: str, cpu: float = CPU_SLOWDOWN) -> dict:
    """One first visit of ``url`` in a fresh context (empty cache, no service worker), throttled like a phone."""
    # HTTPS (scripts/prod-stack.sh --tls): a self-signed certificate, accepted for the measure.
    context = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844}, service_workers="allow",
                                  ignore_https_errors=url.startswith("https:"))
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", PHONE)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        page.goto(url, wait_until="load", timeout=60_000)
        # htmx starts after the load event (static/js/site.js): its bytes count, and when it has run is printed.
        htmx = page.evaluate("() => !!document.getElementById('htmx-later')")
        if htmx:
            page.wait_for_function("() => document.documentElement.dataset.htmx === 'pret'", timeout=60_000)
        figures = page.evaluate(FIGURES)
        figures["htmx"] = page.evaluate("performance.now()") if htmx else math.nan
        return figures
    finally:
        context.close()


def first_visits(base: str, times: int = 1, detail: str | None = None, cpu: float = CPU_SLOWDOWN,
                 only: list[str] | None = None) -> float:
    """Every page type once (or ``times`` times, median printed); the slowest load event, in ms. ``only``: the page
    types whose name contains one of these words (all of them by default)."""
    from playwright.sync_api import sync_playwright

    text = html_reader(base)
    print(f"\nPremière visite sur un téléphone lent (Chromium : {PHONE['latency']} ms, 1,6 Mbit/s, processeur "
          f"× {cpu:g}, cache vide, un contexte neuf par page{f', médiane de {times}' if times > 1 else ''}) ;")
    print("TTFB : premier octet de la page ; FCP : premier texte peint ; DCL : fin de DOMContentLoaded ;")
    print("load : début de l'événement load (toutes les ressources arrivées), jugé sur l'objectif < 1 000 ms ;"
          " octets reçus, en-têtes compris / budget (core/budgets.py) ; une première visite porte ses feuilles de style"
          " dans la page : HTML et CSS comptés ensemble")
    print(f"{'page':<24} {'TTFB':>6} {'FCP':>6} {'DCL':>6} {'load':>6}   {'htmx':>6} {'HTML+CSS':>11} {'JS Ko':>11} "
          f"{'req.':>4}")
    slowest = 0.0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox", "--disable-gpu"])
        try:
            for name, (page_spec, budget) in PAGE_TYPES.items():
                if only and not any(word in name for word in only):
                    continue
                path = resolve(page_spec, text)
                # The server has rendered it once, as a phone opening it from outside the site asks for it (its
                # stylesheets written in, core/stylesheets.py): a reader's first visit, not the site's.
                text(path, **{"Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"})
                runs = [visit(browser, base + path, cpu) for _ in range(times)]
                figures = {key: statistics.median(run[key] for run in runs)
                           for key in ("ttfb", "fcp", "dcl", "load", "htmx", "html", "js", "css", "requests")}
                slowest = max(slowest, figures["load"])
                # A first visit carries its stylesheets in the HTML (core/stylesheets.py): HTML and CSS together
                # are held to the two budgets together.
                html_css = figures["html"] + figures["css"]
                cells = "".join(f" {f'{size / KB:.1f}/{limit / KB:.0f}':>11}{'' if size <= limit else '!'}"
                                for size, limit in ((html_css, budget[0] + budget[2]), (figures["js"], budget[1])))
                times_ms = " ".join(f"{figures[key]:>6.0f}" for key in ("ttfb", "fcp", "dcl", "load"))
                htmx = "" if math.isnan(figures["htmx"]) else f"{figures['htmx']:.0f}"
                print(f"{name:<24} {times_ms} "
                      f"{mark(figures['load'] < GOAL_MS)} {htmx:>6}{cells} {figures['requests']:>4.0f}")
            if detail:
                print(f"\nCascade de {detail} (ms depuis le début de la navigation, octets reçus, demandé par)")
                for url, start, end, size, initiator in visit(browser, base + detail, cpu)["waterfall"]:
                    print(f"  {start:>6.0f} → {end:>6.0f}  {size:>7}  {initiator:<10} {url.removeprefix(base)}")
        finally:
            browser.close()
    print(f"{mark(slowest < GOAL_MS)} la plus lente : load à {slowest:.0f} ms (objectif < 1 000 ms pour chaque page)")
    return slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="la pile de production déjà lancée, http://127.0.0.1:PORT "
                        "(ou https://… avec scripts/prod-stack.sh --tls : HTTP/2)")
    parser.add_argument("--fois", type=int, default=1, help="visites par sorte de page (la médiane est donnée)")
    parser.add_argument("--detail", help="une adresse dont afficher la cascade des ressources")
    parser.add_argument("--pages", nargs="+", metavar="MOT",
                        help="seulement les sortes de pages dont le nom contient un de ces mots (« glossaire », …)")
    parser.add_argument("--processeur", type=float, default=CPU_SLOWDOWN,
                        help="ralentissement du processeur (4 : le téléphone lent ; 1 : pour isoler le réseau)")
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"Machine : {os.cpu_count()} processeurs, charge moyenne {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    first_visits(args.url.rstrip("/"), args.fois, args.detail, args.processeur, args.pages)
    load = os.getloadavg()
    print(f"Charge moyenne à la fin : {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")


if __name__ == "__main__":
    main()
