"""The equilibrium table file: an average bidding strategy with what it was computed for.

One ``.npz`` file (numpy's zip of arrays, compressed):

- ``meta``: a JSON object (UTF-8 bytes): ``format`` (``"euchre-sim equilibrium table"``),
  ``format_version``, ``rules`` (the ``Rules`` field values), ``rules_description``, ``play``
  (the card-play model), ``abstraction`` (the information sets, ``sim.players.equilibrium``),
  ``iterations`` (deals traversed), ``seed``, ``batch``, ``wall_s`` and the package ``version``;
  a table solved at a game score (``sim.equilibrium.score``) adds ``score`` (dealer's team,
  other team), ``game_to``, ``win`` (the match-equity table it used) and ``win_sha256``;
- ``round1`` (423,192 x 3) and ``round2`` (423,192 x 7): each set's probability of each action,
  as a fraction of 65,535 (uint16; a row sums to 65,535), rows in information-set order;
- ``visits1``, ``visits2`` (uint32): how often other seats' traversals reached each set, the
  weight behind its row (0: never reached; the row is then the regret-matching strategy).

A compact table (``meta["scale"]`` 255: the score tables, ``sim.equilibrium.score``, which
are many and share the package's size budget) holds its rows as uint8 fractions of 255 and no
visits: a third of the size; no probability moves by more than 1/510, and one below that is
dropped (the written tables already drop those below 1/1000).

``read_table`` checks the format and that the rules are the ones asked for (those the bidding
game depends on, ``BIDDING_RULES``): a table computed for other rules is an error that names both.

The committed tables (published rules, stick the dealer) ship inside the package, in
``sim/players/tables/`` beside their manifest (``scripts/equilibrium_tables.py`` writes them;
``pyproject.toml`` declares them package data), so an installed wheel plays ``equilibrium``
wherever it is.
"""

from __future__ import annotations

import functools
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.players.equilibrium import INFO_PER_ROUND, R1_ACTIONS, R2_ACTIONS, SCALE, quantise
from sim.rules import Rules

FORMAT = "euchre-sim equilibrium table"
FORMAT_VERSION = 1
COMPACT_SCALE = 255     # a compact table's rows: uint8 fractions of 255
ABSTRACTION = ("exact: the seat's five cards up to suit symmetry (suits named by their relation "
               "to the upcard's; the two cross suits in a canonical order), the upcard's rank, "
               "the position and the round")
# where the committed tables are, by rule set: package data (``scripts/equilibrium_tables.py``
# writes them), so an installed package has them
TABLES = Path(__file__).resolve().parent / "tables"


class TableError(ValueError):
    """A table file that cannot be used: unreadable, not a table, or for other rules."""


@dataclass
class EquilibriumTable:
    """Round-1 and round-2 probabilities (float64 rows), visits and the table's facts."""

    round1: np.ndarray
    round2: np.ndarray
    visits1: np.ndarray | None          # None in a compact table
    visits2: np.ndarray | None
    meta: dict

    @property
    def rules(self) -> Rules:
        return Rules.from_dict(self.meta["rules"])

    @property
    def compact(self) -> bool:
        return self.meta.get("scale", SCALE) == COMPACT_SCALE

    def save(self, file) -> None:
        """Write the table's arrays to ``file`` (a path or a binary file; ``sim.equilibrium``
        writes it atomically); a compact table (or one read from a compact file) without visits."""
        if isinstance(file, str | Path):
            with open(file, "wb") as f:
                return self.save(f)
        meta = json.dumps(self.meta, sort_keys=True).encode()
        scale = COMPACT_SCALE if self.compact else SCALE
        arrays = {"round1": quantise(self.round1, scale), "round2": quantise(self.round2, scale)}
        if not self.compact and self.visits1 is not None:
            arrays["visits1"] = np.minimum(self.visits1, 2**32 - 1).astype(np.uint32)
            arrays["visits2"] = np.minimum(self.visits2, 2**32 - 1).astype(np.uint32)
        np.savez_compressed(file, meta=np.frombuffer(meta, np.uint8), **arrays)


# the rules the bidding game's values depend on (a hand's points, not the game's length nor a
# renege's penalty: the play model never reneges), so one table serves games to 5, 7 or 10
BIDDING_RULES = ("stick_the_dealer", "farmers_hand", "defend_alone", "dealer_may_discard_upcard",
                 "dealer_discards_when_partner_alone", "lone_defender_euchre_points")


def bidding_rules(rules: Rules) -> dict:
    """The rule values a table depends on."""
    return {k: getattr(rules, k) for k in BIDDING_RULES}


def read_table(path, rules: Rules | None = None) -> EquilibriumTable:
    """The table at ``path``; with ``rules``, a ``TableError`` unless it was computed for them."""
    path = Path(path)
    if not path.is_file():
        raise TableError(f"{path}: no such table file")
    made = "make one with `euchre-sim equilibrium --out FILE`"
    try:
        with open(path, "rb") as f:
            zipped = f.read(4) == b"PK\x03\x04"     # an .npz is a zip file
    except OSError as e:
        raise TableError(f"{path}: cannot read it ({e})") from None
    if not zipped:      # numpy would take it for a pickle and advise allow_pickle
        raise TableError(f"{path}: not an equilibrium table file (a table is an .npz file: "
                         f"{made})")
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
    except (OSError, ValueError, zipfile.BadZipFile) as e:
        raise TableError(f"{path}: not a readable equilibrium table ({e})") from None
    try:
        meta = json.loads(bytes(arrays["meta"]).decode())
        ok = meta.get("format") == FORMAT
    except (KeyError, ValueError):
        ok = False
    if not ok:
        raise TableError(f"{path}: not an equilibrium table ({made})")
    if meta.get("format_version") != FORMAT_VERSION:
        raise TableError(f"{path}: table format version {meta.get('format_version')}, this "
                         f"euchre-sim reads version {FORMAT_VERSION}: compute it again")
    shapes = {"round1": (INFO_PER_ROUND, R1_ACTIONS), "round2": (INFO_PER_ROUND, R2_ACTIONS)}
    for k, shape in shapes.items():
        if k not in arrays or arrays[k].shape != shape:
            raise TableError(f"{path}: {k} is not a {shape[0]} x {shape[1]} array")
    scale = meta.get("scale", SCALE)
    if scale not in (SCALE, COMPACT_SCALE) or any(
            arrays[k].dtype != (np.uint8 if scale == COMPACT_SCALE else np.uint16)
            for k in shapes):
        raise TableError(f"{path}: rows stored as {arrays['round1'].dtype} fractions of "
                         f"{scale}, not a table this euchre-sim writes: compute it again")
    visits = [arrays[k].astype(np.int64) if k in arrays else None
              for k in ("visits1", "visits2")]
    table = EquilibriumTable(arrays["round1"] / scale, arrays["round2"] / scale, *visits, meta)
    if rules is not None and bidding_rules(table.rules) != bidding_rules(rules):
        raise TableError(f"{path} was computed for {table.rules.describe()}, not for "
                         f"{rules.describe()}: compute a table for these rules with "
                         f"`euchre-sim equilibrium --rules ...`")
    return table


# the committed tables by the bidding rules they change: the published rules, stick the dealer,
# and OpenSpiel's two euchre games (the dealer never discards the upcard; sim.agents.openspiel)
NAMED_TABLES = {
    (): "published.npz",
    (("stick_the_dealer", True),): "stick-the-dealer.npz",
    (("dealer_may_discard_upcard", False), ("stick_the_dealer", True)): "openspiel.npz",
    (("dealer_may_discard_upcard", False), ("defend_alone", True)): "openspiel-lone-defender.npz",
}


def table_name(rules: Rules) -> str:
    """The committed table's file name for ``rules`` (``NAMED_TABLES``), else the rules'
    changes made a file name."""
    changed = {k: v for k, v in rules.changes().items() if k in BIDDING_RULES}
    named = NAMED_TABLES.get(tuple(sorted(changed.items())))
    if named is not None:
        return named
    return "-".join(f"{k}={int(v)}" for k, v in sorted(changed.items())) + ".npz"


def equilibrium_table_path(rules: Rules) -> Path:
    """Where the committed table for ``rules`` is (or would be): ``TABLES / table_name(rules)``."""
    return TABLES / table_name(rules)


# the score tables (``sim.equilibrium.score``), by rule set: ``SCORE_TABLES / NAME /`` holds a
# table ``D-O.npz`` for each score solved on its own and ``states.json``, which table plays at
# each score of the game (``{"game_to": T, "states": {"D-O": "D'-O'" or "points"}}``: "points"
# is the rule set's committed 0-0 table)
SCORE_TABLES = TABLES / "score"


def score_tables(rules: Rules) -> tuple[np.ndarray, list] | None:
    """(``states``, files) of the score tables shipped for ``rules``: ``states[d, o]`` indexes
    ``files`` (None: the committed 0-0 table; then each score table's path) for the dealing
    team's ``d`` and the other's ``o``.  None when there are none for these rules or their
    game length differs."""
    folder = SCORE_TABLES / Path(table_name(rules)).stem
    try:
        spec = json.loads((folder / "states.json").read_text())
    except (OSError, ValueError):
        return None
    to = int(spec["game_to"])
    if to != rules.game_to:
        return None
    files: list = [None]
    states = np.zeros((to, to), np.int64)
    for key, name in spec["states"].items():
        d, o = (int(x) for x in key.split("-"))
        if name != "points":
            path = folder / f"{name}.npz"
            if path not in files:
                files.append(path)
            states[d, o] = files.index(path)
    return states, files


def score_table_state(rules: Rules, score) -> dict | None:
    """Which shipped table the score-reading ``equilibrium`` bids by at ``score`` (the dealing
    team's, the other's) and how near its score is: ``{"table": "D-O"}`` (the score it was
    solved for; ``"0-0"``: the committed 0-0 table) with ``"distance"``, the largest difference
    of the two scores' value maps in points a hand (0: solved for this score), from
    ``states.json``.  None when no score tables ship for ``rules``."""
    if score_tables(rules) is None:
        return None
    spec = json.loads((SCORE_TABLES / Path(table_name(rules)).stem / "states.json").read_text())
    key = f"{int(score[0])}-{int(score[1])}"
    name = spec["states"][key]
    distance = spec.get("distance", {}).get(key)
    return {"table": "0-0" if name == "points" else name,
            "distance": None if distance is None else float(distance)}


def solved_scores(rules: Rules) -> list[tuple[int, int]]:
    """The scores (the dealing team's, the other's) a shipped table was solved for, in order
    (none when no score tables ship for ``rules``)."""
    found = score_tables(rules)
    if found is None:
        return []
    return sorted(tuple(int(x) for x in p.stem.split("-")) for p in found[1][1:])


def score_win_path(rules: Rules) -> Path | None:
    """The match-equity table (CSV: ``dealer_score,other_score,w``) the shipped score tables
    of ``rules`` were solved against, or None."""
    path = SCORE_TABLES / Path(table_name(rules)).stem / "match_equity.csv"
    return path if path.exists() and score_tables(rules) is not None else None


def score_table_path(rules: Rules, score) -> Path | None:
    """The shipped table the score-reading ``equilibrium`` bids by at ``score`` (the dealing
    team's, the other's): a score table, or None for the committed 0-0 table."""
    found = score_tables(rules)
    if found is None:
        return None
    states, files = found
    return files[states[score[0], score[1]]]


def load_equilibrium_table(rules: Rules, path=None):
    """The equilibrium table for ``rules``: ``path``, or the committed one for those rules (a
    ``TableError`` that says how to make one when there is none).  A ``path`` of the form
    ``count:NAME`` is a point count compiled into a table (``sim.players.counts``)."""
    if isinstance(path, str) and path.startswith("count:"):
        try:
            return count_table(path.removeprefix("count:"), rules)
        except ValueError as e:
            raise TableError(str(e)) from None
    if path is None:
        path = equilibrium_table_path(rules)
        if not path.exists() and rules.farmers_hand:
            raise TableError(f"no equilibrium table for {rules.describe()}, and none can be "
                             "computed: the bidding game does not cover the farmer's hand "
                             "house rule; leave farmers_hand off")
        if not path.exists():
            raise TableError(f"no equilibrium table for {rules.describe()} (looked for {path}): "
                             "compute one with `euchre-sim equilibrium --rules ... --out FILE` "
                             "and use equilibrium:table=FILE")
    return read_table(path, rules)


@functools.lru_cache(maxsize=16)
def count_table(name: str, rules: Rules) -> EquilibriumTable:
    """The point count ``name`` (``sim.players.counts``) as an equilibrium table for ``rules``
    (only stick the dealer changes it: a stuck dealer names his best suit)."""
    from sim.players.counts import count_rows, get_count

    count = get_count(name)
    r1, r2 = count_rows(count, rules.stick_the_dealer)
    z = np.zeros(len(r1), np.int64)
    meta = {"format": FORMAT, "format_version": FORMAT_VERSION, "rules": rules.as_dict(),
            "rules_description": rules.describe(), "play": "tuned", "abstraction": ABSTRACTION,
            "iterations": 0, "seed": 0, "batch": 0, "wall_s": 0.0, "count": count.name,
            "count_description": count.description}
    return EquilibriumTable(r1, r2, z, z.copy(), meta)



__all__ = ["EquilibriumTable", "TableError", "FORMAT", "FORMAT_VERSION", "COMPACT_SCALE",
           "ABSTRACTION", "TABLES",
           "NAMED_TABLES", "SCORE_TABLES", "BIDDING_RULES", "bidding_rules", "read_table",
           "table_name", "equilibrium_table_path", "load_equilibrium_table", "score_tables",
           "score_win_path", "score_table_path", "score_table_state", "solved_scores",
           "count_table"]
