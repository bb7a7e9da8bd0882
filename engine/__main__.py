"""Command line: ``python -m engine run FILE [--json] [--trace]`` and ``check [DIR]``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import ScenarioError, load_scenario, run
from .cards import index

# The worked examples shipped with the site (worked_examples/paths.py names the same folder for Django).
DEFAULT_DIR = Path(__file__).resolve().parent.parent / "worked_examples" / "scenarios"
# The project's copy of the card data (cards/README), read by path: the engine imports nothing of the web apps.
DEFAULT_CARDS = Path(__file__).resolve().parent.parent / "cards" / "data" / "cards.json"
_CARDS: dict = {}


def read_cards(path: Path | None) -> dict | None:
    """The card records by ``id`` from a ``cards.json`` file, or None when there is none."""
    path = path or DEFAULT_CARDS
    if str(path) not in _CARDS:
        try:
            _CARDS[str(path)] = index(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            _CARDS[str(path)] = None
    return _CARDS[str(path)]


def _read(path: Path, cards_path: Path | None = None):
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path.name} : fichier illisible ({type(exc).__name__})") from None
    return load_scenario(text, cards=read_cards(cards_path))


def cmd_run(args) -> int:
    try:
        sc = _read(Path(args.file), args.cards)
        res = run(sc, trace=True)
    except ScenarioError as exc:
        if args.json:
            print(json.dumps({"error": exc.message}, ensure_ascii=False))
        else:
            print(f"Scénario invalide : {exc.message}", file=sys.stderr)
        return 2
    d = res.to_dict(trace=args.trace or not args.json)
    if args.json:
        if not args.trace:
            d.pop("trace", None)
            for o in d.get("outcomes", []):
                o.pop("trace", None)
        print(json.dumps(d, ensure_ascii=False, indent=2))
    else:
        print(f"# {sc.title}")
        outs = d.get("outcomes") or [dict(d, label="")]
        for o in outs:
            if o.get("label"):
                print(f"\n## Issue : {o['label']}")
            if args.trace:
                for s in o["trace"]:
                    print(f"  [{s['index']}] {s['text']}")
            for oid, v in o["objects"].items():
                kws = ", ".join(v["keywords"]) or "-"
                print(
                    f"  {v['name']} ({oid}) : puissance {v['power']}, mots-clés {kws}, zone {v['zone']}"
                    f"{', puissante' if v['mighty'] else ''}{', épuisée' if v['exhausted'] else ''}"
                )
            for pid, v in o["players"].items():
                print(f"  {v['name']} ({pid}) : {v['xp']} XP")
            if o["queries"]:
                print("  Réponses : " + ", ".join(repr(q["value"]) for q in o["queries"]))
        for e in d["expectations"]:
            print(
                f"  {'ok ' if e['ok'] else 'ÉCHEC'} {e['description']}"
                + ("" if e["ok"] else f" — obtenu {e['actual']!r}")
            )
    return 0 if res.ok else 1


def cmd_check(args) -> int:
    folder = Path(args.dir) if args.dir else DEFAULT_DIR
    passed = failed = 0
    for path in sorted(folder.glob("*.yaml")):
        try:
            sc = _read(path, args.cards)
            if not sc.expect:
                continue
            res = run(sc, trace=False)
        except ScenarioError as exc:
            failed += 1
            print(f"ÉCHEC {path.stem} : scénario invalide : {exc.message}")
            continue
        if res.ok:
            passed += 1
            print(f"ok    {path.stem}")
        else:
            failed += 1
            bad = [e["description"] + f" (obtenu {e['actual']!r})" for e in res.expectations if not e["ok"]]
            print(f"ÉCHEC {path.stem} : " + " ; ".join(bad))
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine", description="Moteur de règles RiftPal")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="joue un scénario")
    r.add_argument("file")
    r.add_argument("--json", action="store_true")
    r.add_argument("--trace", action="store_true")
    r.add_argument("--cards", type=Path, help="cards.json (par défaut celui du projet)")
    c = sub.add_parser("check", help="vérifie tous les scénarios d'un dossier")
    c.add_argument("dir", nargs="?")
    c.add_argument("--cards", type=Path, help="cards.json (par défaut celui du projet)")
    args = ap.parse_args(argv)
    try:
        return cmd_run(args) if args.cmd == "run" else cmd_check(args)
    except BrokenPipeError:  # output piped into `head`: stop quietly
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
