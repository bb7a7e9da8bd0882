"""Accelerate (R. 805): « As you play me, you may pay [1][C] as an additional cost.  If you do, I enter ready »;
paid in ``costs.pay_unit`` (the Power of one of the unit's domains, any domain without one, R. 805.1.b)."""

from ..vocab import Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.ACCELERATION, "Accelerate", "R. 805", "additional_cost",
                     "Accélération : en payant [1] et une essence de son domaine en plus, elle arrive prête "
                     "(R. 805.1.b)")
