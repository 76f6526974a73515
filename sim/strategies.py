"""Re-exports ``sim.players`` (the registry, basic's parameters and indices) for old imports."""

from sim.players import *  # noqa: F403
from sim.players import __all__ as _players_all
from sim.players.basic import (  # noqa: F401
    P_ALONE,
    P_CALL,
    P_DEFEND_ALONE,
    P_DESPERATION,
    P_FARMER,
    P_LEFT,
    P_OACE,
    P_OFF_DEALER,
    P_OFF_FIRST,
    P_OFF_SECOND,
    P_OFF_THIRD,
    P_OKING,
    P_OPP_UP,
    P_ORDER,
    P_PARTNER_UP,
    P_RIGHT,
    P_TACE,
    P_TKING,
    P_TNINE,
    P_TQUEEN,
    P_TTEN,
    P_VOID,
)

__all__ = list(_players_all)
