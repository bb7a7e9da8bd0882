"""Accelerate (R. 805): an optional extra cost of [1] plus one Power paid while the unit is played, and the unit then
enters ready; paid in ``costs.pay_unit`` (a Power of one of the unit's domains, any domain without one, R. 805.1.b)."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.ACCELERATION, "Accelerate", "R. 805", "additional_cost",
                     "Accélération : en payant [1] et une essence de son domaine en plus, elle arrive prête "
                     "(R. 805.1.b)")
