"""Deploy (R. 830): a gear played or created straight to a battlefield (and only there), which the cleanups do not
send back to base while it is not a unit, and which dies when an opponent holds that battlefield."""

from ..vocab import Event, Keyword
from .base import KeywordDef

KEYWORD = KeywordDef(Keyword.DEPLOY, None, "R. 830", "passive",
                     "Deploy : l'équipement se joue sur n'importe quel champ de bataille, et seulement là ; il n'est "
                     "pas rappelé aux nettoyages ; tué quand un adversaire occupe ce champ de bataille (R. 830.1.b)")


def play_to(sim, oid: str, dest, player: str) -> bool:
    """R. 830.1.b.1: any battlefield, enemy-occupied and open ones included."""
    return dest not in (None, "base")


def must_play_to_battlefield(sim, oid: str) -> bool:
    return True


def stays_at_battlefield(sim, oid: str) -> bool:
    """R. 830.1.b.3: a non-unit gear with Deploy is not recalled in step 5 of a cleanup."""
    return not sim.world.objects[oid].is_unit


def on_hold_here(sim, oid: str, holder: str) -> None:
    """R. 830.1.b: « when an opponent holds here, kill this » (its controller's opponent)."""
    if sim.board.ctrl(oid) != holder:
        sim.board.emit(Event.TRIGGERED, object=oid, effect=f"deploy:{oid}", when="held")
        sim.board.kill_now(oid)
