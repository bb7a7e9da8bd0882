"""RiftPal rules engine: plain Python, no Django.

Public API::

    load_scenario(source) -> Scenario      # YAML text or parsed dict; raises ScenarioError (French)
    run(scenario) -> Result                 # Result.to_dict() is the JSON shape of the web player
"""

from __future__ import annotations

from .result import Result, check
from .scenario import EngineLimitError, Scenario, ScenarioError, load_scenario
from .sim import explore

__all__ = ["EngineLimitError", "Result", "Scenario", "ScenarioError", "load_scenario", "run"]


def run(scenario: Scenario, trace: bool = True) -> Result:
    """Play a scenario, exploring every open choice (M10), and check its expectations.

    Raises ``EngineLimitError`` (a ``ScenarioError``) if the hard cap on computation steps is hit.
    """
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    try:
        outcomes = explore(scenario, tracing=trace)
    except RecursionError:
        raise EngineLimitError("calcul interrompu : imbrication trop profonde") from None
    return Result(scenario, outcomes, check(scenario, outcomes))
