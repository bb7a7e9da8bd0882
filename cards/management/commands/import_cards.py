"""``manage.py import_cards [path]``: copy the shared card list into the project's own data files (``cards/data/``).

The project then needs nothing outside the repository: ``load_content`` loads ``cards/data/cards.json``. The README
written beside the data names its sources with their commits and licences, and the date of the import.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.catalog import DATA_DIR

DEFAULT_SOURCE = Path(__file__).resolve().parents[4] / "shared" / "cards"
REQUIRED = ("id", "name", "type", "set", "printings")


def check(cards) -> list[str]:
    """What is wrong with a card list, in French (empty when it can be imported)."""
    if not isinstance(cards, list) or not cards:
        return ["cards.json doit contenir une liste de cartes non vide."]
    problems = []
    seen = set()
    for index, card in enumerate(cards):
        missing = [key for key in REQUIRED if not isinstance(card, dict) or key not in card]
        if missing:
            problems.append(f"carte n° {index + 1} : champ(s) manquant(s) {', '.join(missing)}.")
            continue
        if card["id"] in seen:
            problems.append(f"carte {card['id']} : numéro en double.")
        seen.add(card["id"])
    return problems


def readme(source: Path, report: dict, count: int, today: datetime.date) -> str:
    lines = [
        "# Les données des cartes (importées)",
        "",
        f"Importées le {today.isoformat()} par `python manage.py import_cards` depuis la liste partagée des cartes "
        f"(`{source.name}/`) : {count} cartes, une par numéro de collection (`cards.json`), et `code-index.json` qui",
        "relie chaque code imprimé (promos, illustrations alternatives, réimpressions) au numéro de la carte.",
        "`load_content` les charge dans la base ; ne pas modifier ces fichiers à la main, relancer l'import.",
        "",
        "## Droits",
        "",
        "- **Noms, textes et images des cartes : Riot Games.** Le site les montre tels que Riot les a publiés, en",
        "  anglais (le nom français seulement là où Riot l'a imprimé), dans le cadre de la politique « Legal Jibber",
        "  Jabber » de Riot Games ; le site est gratuit et n'est ni approuvé ni parrainé par Riot Games.",
        "- **Textes des errata et cartes de Radiance transcrits depuis riftboundfaq**",
        "  (ChristianIvicevic/riftboundfaq) : contenu sous licence **CC BY-SA 4.0** ; attribution à",
        "  ChristianIvicevic/riftboundfaq, partage dans les mêmes conditions ; les pages des cartes le disent.",
        "- Les cartes de Radiance sont des **données d'aperçu** (liste de Piltover Archive via Goodplayer01, sans",
        "  licence déclarée, et transcription de riftboundfaq) : les pages les marquent « aperçu, non définitif ».",
        "",
        "## Sources (dépôt, commit, licence telle que le dépôt l'indique)",
        "",
    ]
    for key, info in sorted((report.get("sources") or {}).items()):
        commit = (info.get("commit") or "")[:8]
        where = info.get("repo") or info.get("path") or ""
        pinned = f"{where} @ {commit}" if commit else where
        lines.append(f"- `{key}` : {pinned} — {info.get('licence') or 'non indiquée'}")
    return "\n".join(lines) + "\n"


class Command(BaseCommand):
    help = "Importe la liste partagée des cartes dans cards/data/ (données du projet), avec son README."

    def add_arguments(self, parser):
        parser.add_argument("source", nargs="?", default=str(DEFAULT_SOURCE),
                            help="Le dossier de la liste partagée (cards.json, code-index.json, report.json).")
        parser.add_argument("--out", default=str(DATA_DIR), help="Le dossier des données du projet.")

    def handle(self, *args, source, out, **options):
        source_dir, out_dir = Path(source), Path(out)
        try:
            cards = json.loads((source_dir / "cards.json").read_text(encoding="utf-8"))
            codes = json.loads((source_dir / "code-index.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CommandError(f"Impossible de lire la liste des cartes dans {source_dir} : {exc}") from exc
        problems = check(cards)
        if not isinstance(codes, dict):
            problems.append("code-index.json doit associer chaque code à un numéro de carte.")
        if problems:
            raise CommandError("Import refusé :\n" + "\n".join(problems[:20]))
        try:
            report = json.loads((source_dir / "report.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            report = {}
        out_dir.mkdir(parents=True, exist_ok=True)
        # Same bytes as the source for the data files: a diff of an import shows only what the source changed.
        (out_dir / "cards.json").write_bytes((source_dir / "cards.json").read_bytes())
        (out_dir / "code-index.json").write_bytes((source_dir / "code-index.json").read_bytes())
        (out_dir / "README.md").write_text(readme(source_dir, report, len(cards), datetime.date.today()),
                                           encoding="utf-8")
        self.stdout.write(self.style.SUCCESS(
            f"{len(cards)} cartes importées dans {out_dir}. Lancez « manage.py load_content » pour les charger."))
