"""Re-exports ``sim.players.files`` (TOML and code strategies) for old imports."""

from sim.players.files import *  # noqa: F403
from sim.players.files import __all__  # noqa: F401
