"""Export and run: the YAML an editor can paste, the engine's result (cached), and the outcome the page shows."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import yaml

import engine
from worked_examples import computing

from .formdata import RESULT_CACHE_SECONDS, FormData
from .share import encode, scenario_hash
from .situation import Sandbox

logger = logging.getLogger(__name__)


def to_yaml(data: dict) -> str:
    """The scenario file an editor can paste into the admin (accepted by ``engine.load_scenario``)."""
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)


def run_scenario(data: dict) -> dict:
    """The engine's result for a built scenario (cached by the hash of its canonical JSON)."""
    from django.core.cache import cache

    key = "sandbox:" + scenario_hash(data)
    result = cache.get(key)
    if result is None:
        result = computing.compute(data)
        cache.set(key, result, RESULT_CACHE_SECONDS)
    return result


@dataclass
class Outcome:
    """Everything the page shows for one state of the form."""

    sandbox: Sandbox
    data: dict | None = None
    code: str | None = None
    result: dict | None = None
    engine_error: str | None = None


def evaluate(sandbox: Sandbox, *, run: bool) -> Outcome:
    """Validate the forms, build the scenario, check it with the engine and (if asked) resolve it."""
    outcome = Outcome(sandbox=sandbox)
    data = sandbox.build()
    if data is None:
        return outcome
    try:
        engine.load_scenario(data, cards=computing.card_data())
    except engine.ScenarioError as exc:
        outcome.engine_error = exc.message
        sandbox.attach_engine_error(exc)
        return outcome
    outcome.data = data
    outcome.code = encode(data)
    if run:
        try:
            outcome.result = run_scenario(data)
        except engine.ScenarioError as exc:
            outcome.engine_error = exc.message
        except Exception:  # never a 500 for a learner's situation; the log keeps the engine bug
            logger.exception("engine failure on a sandbox scenario")
            outcome.engine_error = (
                "Le moteur n'a pas réussi à résoudre cette situation. "
                "Simplifiez-la ou signalez-nous le lien de partage."
            )
    return outcome


def scenario_of(data: FormData) -> dict | None:
    """The scenario dict the forms make of this data (None when a field is wrong)."""
    return Sandbox(data).build()
