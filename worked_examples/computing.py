"""Running the engine for the player: a worked example's result (computed once per scenario text, stored on the
``WorkedExample``) and « Et si… ? » variants (run once per distinct set of changes, cached)."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from django.core.cache import cache

import engine
from engine import variants
from engine.result import SHAPE_VERSION

from .whatif import (
    apply_player_changes,
)

VARIANT_CACHE_SECONDS = 60 * 60
RESULT_VERSION = SHAPE_VERSION


class VariantError(Exception):
    """A « what if? » the engine refuses; ``message`` is its French reason (shown above the form)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def card_data() -> dict:
    """The card records the engine reads for a scenario naming a real card (``card: OGN-001``)."""
    from cards.catalog import catalog

    return catalog().cards


def compute(scenario_source) -> dict:
    """Run the engine on a scenario (YAML text or dict) and return its JSON-ready result."""
    if isinstance(scenario_source, str):
        return _compute_text(scenario_source)
    return engine.run(engine.load_scenario(scenario_source, cards=card_data())).to_dict()


@lru_cache(maxsize=128)
def _compute_text(text: str) -> dict:
    # The engine is deterministic: the same scenario text always gives the same result, so reloading
    # the content (or the test suite loading it again and again) runs each scenario once per process.
    # The returned dict is shared: treat it as read-only.
    return engine.run(engine.load_scenario(text, cards=card_data())).to_dict()


@lru_cache(maxsize=256)
def parse_scenario(text: str) -> dict:
    """The scenario as data (validated by the engine); cached, since every step request needs it.

    Callers must not mutate the returned dict (``variants.apply_changes`` returns a new one).
    """
    scenario = engine.load_scenario(text, cards=card_data())
    return scenario.data


def situation_key(data: dict) -> str:
    """A fingerprint of the situation alone (no title, description, topic or expectations).

    Two examples with the same key show exactly the same play: a page shows only one player for them.
    """
    situation = {k: v for k, v in data.items() if k not in ("title", "description", "topic", "expect")}
    return hashlib.sha256(json.dumps(situation, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def run_variant(scenario_hash: str, data: dict, changes: dict) -> dict:
    """The engine's result for the scenario with ``changes`` applied (cached)."""
    key = "variant:" + hashlib.sha256(
        (scenario_hash + json.dumps(changes, sort_keys=True)).encode()
    ).hexdigest()
    result = cache.get(key)
    if result is None:
        own = {k: v for k, v in changes.items() if k.split(":", 1)[0] in ("keyword", "stunned")}
        engine_changes = {k: v for k, v in changes.items() if k not in own}
        try:
            changed = variants.apply_changes(data, engine_changes)
            result = compute(apply_player_changes(changed, own) if own else changed)
        except engine.ScenarioError as exc:
            raise VariantError(exc.message) from exc
        cache.set(key, result, VARIANT_CACHE_SECONDS)
    return result
