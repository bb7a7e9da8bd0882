"""Load the shipped content (``rules/content/``; the cards through ``cards.loader``) without undoing an editor's work.

For each shipped object the loader keeps a ``ContentRecord``: the hash of what it shipped and a fingerprint
of the object as it wrote it. On a later run:

- a new shipped object is created;
- an object nobody touched since the last load is updated when the shipped text changed;
- an object an editor changed in the admin (fingerprint differs) is kept as the editor left it;
- an object an editor deleted is not brought back;
- ``force=True`` overwrites everything with the shipped version.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from django.db import models, transaction

from cards.loader import load_cards
from cards.models import Card
from core.bulk import bulk_change
from engine import ScenarioError
from glossary.loader import digest, load_terms
from glossary.models import Term
from glossary.signals import deferred_rerender
from worked_examples.models import WorkedExample
from worked_examples.paths import SCENARIOS_DIR

from . import citations
from .choices import Chapter
from .citations import parse_covers
from .models import Category, ContentRecord, FAQEntry, Guide, GuideSection, RuleSection

CONTENT_DIR = Path(__file__).resolve().parent / "content"


def fingerprint(obj: models.Model) -> str:
    """Hash of the object's own editable fields (a guide's with its sections' text), as an editor would see them.

    Links to other content (many-to-many: cards, examples, related entries or terms, a guide section's examples)
    are left out on purpose: deleting a card, an example or an entry removes the links that point to it, and
    every entry that linked to it would then look edited and stop receiving shipped updates, although nobody
    touched it. The cost: an editor's change to the links alone is not protected, and the next shipped update
    of that item sets its links again.
    """
    values = {}
    for f in obj._meta.concrete_fields:
        if f.primary_key or not f.editable or isinstance(f, models.DateTimeField):
            continue
        values[f.name] = f.value_from_object(obj)
    if isinstance(obj, Guide):
        values["sections"] = [
            {"anchor": s.anchor, "title": s.title, "body": s.body, "order": s.order, "rules": s.rules}
            for s in obj.sections.order_by("order", "pk")
        ]
    return digest(values)


SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path):
    with path.open(encoding="utf-8") as handle:
        return yaml.load(handle, Loader=SafeLoader)  # noqa: S506 - a safe loader


@dataclass
class Loader:
    content_dir: Path = CONTENT_DIR
    force: bool = False
    stats: Counter = field(default_factory=Counter)
    messages: list[str] = field(default_factory=list)

    def sync(self, kind: str, key: str, data, lookup: Callable[[], models.Model | None],
             write: Callable[[models.Model | None], models.Model]) -> models.Model | None:
        """Create, update or keep one shipped object; return it when this run wrote it.

        One short transaction per object: on SQLite the write lock is held for one object at a time, so the
        readers' own writes (feedback, sessions) queue for milliseconds, not for the whole load."""
        with transaction.atomic():
            return self._sync(kind, key, data, lookup, write)

    def _sync(self, kind, key, data, lookup, write):
        shipped = digest(data)
        record = ContentRecord.objects.filter(kind=kind, key=key).first()
        obj = lookup()
        if not self.force:
            if obj is None and record is not None:
                self.stats["kept_deleted"] += 1
                self.messages.append(f"{kind} « {key} » : supprimé par un éditeur, non recréé.")
                return None
            if obj is not None and (record is None or fingerprint(obj) != record.fingerprint):
                self.stats["kept_edited"] += 1
                self.messages.append(f"{kind} « {key} » : modifié dans l'administration, conservé.")
                return None
            if obj is not None and record.shipped_hash == shipped:
                self.stats["unchanged"] += 1
                return None
        self.stats["created" if obj is None else "updated"] += 1
        obj = write(obj)
        self.remember(kind, key, shipped, obj)
        return obj

    def remember(self, kind: str, key: str, shipped: str, obj: models.Model) -> None:
        ContentRecord.objects.update_or_create(
            kind=kind, key=key, defaults={"shipped_hash": shipped, "fingerprint": fingerprint(obj)}
        )

    def adopt(self, kind: str, old_key: str, new_key: str, obj: models.Model, rename: Callable[[], None]) -> None:
        """Content now shipped under ``new_key`` (a renamed slug) takes over ``obj``, stored under ``old_key``, with
        its record: ``rename()`` gives the object its new key, and the rename counts as an update — or is kept as
        the editor left it, if an editor had changed the object."""
        record = ContentRecord.objects.filter(kind=kind, key=old_key).first()
        pristine = record is not None and fingerprint(obj) == record.fingerprint
        rename()
        if record is not None:
            ContentRecord.objects.filter(kind=kind, key=new_key).delete()
            record.key = new_key
            record.save()
            if pristine:
                self.remember(kind, new_key, record.shipped_hash, obj)

    # --- the kinds of content -------------------------------------------------------------------------

    def load_categories(self):
        for data in read_yaml(self.content_dir / "categories.yaml") or []:
            def write(obj, data=data):
                obj = obj or Category(slug=data["slug"])
                obj.name = data["name"]
                obj.description = data.get("description", "")
                obj.order = data.get("order", 0)
                obj.save()
                return obj

            self.sync("category", data["slug"], data, lambda d=data: Category.objects.filter(slug=d["slug"]).first(),
                      write)

    def load_examples(self):
        folder = SCENARIOS_DIR
        for order, path in enumerate(sorted(folder.glob("*.yaml"))):
            text = path.read_text(encoding="utf-8")
            data = yaml.load(text, Loader=SafeLoader) or {}  # noqa: S506 - a safe loader
            slug = path.stem

            def write(obj, data=data, text=text, slug=slug, order=order):
                obj = obj or WorkedExample(slug=slug)
                obj.title = str(data.get("title") or slug)[:200]
                topic = data.get("topic")
                obj.topic = topic if topic in WorkedExample.Topic.values else WorkedExample.Topic.LAYERS
                obj.description = str(data.get("description") or "")
                obj.scenario = text
                obj.order = order
                obj.save()
                return obj

            try:
                with transaction.atomic():
                    self.sync("example", slug, text,
                              lambda s=slug: WorkedExample.objects.filter(slug=s).first(), write)
            except ScenarioError as exc:
                self.stats["refused"] += 1
                self.messages.append(f"exemple « {slug} » refusé par le moteur : {exc.message}")
        # Results an older engine stored (unchanged scenarios the sync skipped) are computed again here, once,
        # so that no page has to write one while answering a GET.
        WorkedExample.refresh_stale()

    def examples_for(self, slugs) -> list[WorkedExample]:
        found = list(WorkedExample.objects.filter(slug__in=slugs or []))
        missing = set(slugs or []) - {example.slug for example in found}
        for slug in sorted(missing):
            self.messages.append(f"exemple « {slug} » introuvable : lien ignoré.")
        return found

    def with_found_examples(self, data: dict, slugs) -> dict:
        """Shipped data plus the examples that exist now, so an example shipped later updates the links."""
        existing = set(WorkedExample.objects.filter(slug__in=slugs or []).values_list("slug", flat=True))
        return {**data, "_found_examples": sorted(existing)}

    def load_guides(self):
        for path in sorted((self.content_dir / "guides").glob("*.yaml")):
            data = read_yaml(path)
            slugs = [slug for section in data.get("sections") or [] for slug in section.get("examples") or []]
            shipped = self.with_found_examples(data, slugs)

            def write(obj, data=data):
                obj = obj or Guide(slug=data["slug"])
                obj.title = data["title"]
                obj.summary = data.get("summary", "")[:200]
                obj.intro = data.get("intro") or ""
                obj.order = data.get("order", 0)
                obj.checked_version = str(data.get("checked") or "")
                obj.save()
                anchors = []
                for order, section_data in enumerate(data.get("sections") or []):
                    section, _ = GuideSection.objects.get_or_create(
                        guide=obj, anchor=section_data["anchor"],
                        defaults={"title": section_data["title"], "body": section_data["body"]},
                    )
                    section.title = section_data["title"]
                    section.body = section_data["body"]
                    section.rules = [str(number) for number in section_data.get("rules") or []]
                    section.order = order
                    section.save()
                    section.examples.set(self.examples_for(section_data.get("examples")))
                    anchors.append(section.anchor)
                obj.sections.exclude(anchor__in=anchors).delete()
                return obj

            self.sync("guide", data["slug"], shipped, lambda d=data: Guide.objects.filter(slug=d["slug"]).first(),
                      write)

    def load_reference(self):
        """The rules reference: one file per section in ``reference/``."""
        for path in sorted((self.content_dir / "reference").glob("*.yaml")):
            data = read_yaml(path)
            if data.get("chapter") not in Chapter.values:
                self.stats["refused"] += 1
                self.messages.append(f"section « {path.stem} » refusée : chapitre « {data.get('chapter')} » inconnu.")
                continue
            shipped = self.with_found_examples(data, data.get("examples"))

            def write(obj, data=data):
                obj = obj or RuleSection(slug=data["slug"])
                obj.title = data["title"]
                obj.english_title = data.get("english_title") or ""
                obj.chapter = data["chapter"]
                obj.order = int(data.get("order") or 0)
                obj.covers = parse_covers(data.get("covers"))
                obj.rule_summaries = {citations.parse(str(k)) or str(k): " ".join(str(v).split())
                                      for k, v in (data.get("rules") or {}).items()}
                obj.summary = " ".join(str(data.get("summary") or "").split())[:250]
                obj.body = data.get("body") or ""
                obj.checked_version = str(data.get("checked") or "")
                obj.save()
                obj.terms.set(Term.objects.filter(slug__in=data.get("terms") or []))
                obj.examples.set(self.examples_for(data.get("examples")))
                return obj

            self.sync("rule-section", data["slug"], shipped,
                      lambda d=data: RuleSection.objects.filter(slug=d["slug"]).first(), write)

    def load_faq(self):
        entries = [read_yaml(path) for path in sorted((self.content_dir / "faq").glob("*.yaml"))]
        written: list[tuple[FAQEntry, dict]] = []
        for data in entries:
            def write(obj, data=data):
                obj = obj or FAQEntry(slug=data["slug"])
                obj.category = Category.objects.get(slug=data["category"])
                obj.question = data["question"]
                obj.short_answer = data["short_answer"]
                obj.explanation = data.get("explanation") or ""
                obj.example = data.get("example") or ""
                obj.featured = bool(data.get("featured"))
                obj.order = data.get("order", 0)
                obj.rules = [str(number) for number in data.get("rules") or []]
                obj.checked_version = str(data.get("checked") or "")
                obj.save()
                obj.examples.set(self.examples_for(data.get("examples")))
                obj.cards.set(Card.objects.filter(pk__in=[str(card).upper() for card in data.get("cards") or []]))
                return obj

            shipped = self.with_found_examples(data, data.get("examples"))
            obj = self.sync("faq", data["slug"], shipped,
                            lambda d=data: FAQEntry.objects.filter(slug=d["slug"]).first(), write)
            if obj is not None:
                written.append((obj, data, shipped))
        # Related entries may point to entries loaded after them: link once all exist.
        for obj, data, shipped in written:
            with transaction.atomic():
                obj.related.set(FAQEntry.objects.filter(slug__in=data.get("related") or []))
                self.remember("faq", data["slug"], digest(shipped), obj)

    def load_all(self) -> Counter:
        # Every text is rendered once, at the end, with all terms and rule sections in place. No transaction around
        # the whole load: each object is written in its own (``sync``), so a load under traffic never holds the
        # database's write lock for long; a reader may meanwhile see some items already updated, others not yet.
        # The search index follows once, at the end of the bulk change, with the rendered texts.
        with bulk_change(), deferred_rerender():
            # Glossary terms first: the texts that link them are all rendered at the end of the block.
            load_terms(self)
            self.load_categories()
            # Every card of the game, in bulk (cards.loader), before the FAQ entries that link them.
            load_cards(self)
            self.load_examples()
            # Before the texts that cite rules, so their « R. n » links and tooltips are there at once.
            self.load_reference()
            self.load_guides()
            self.load_faq()
        return self.stats

