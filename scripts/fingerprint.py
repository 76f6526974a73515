"""Fingerprint what a user sees: hash the outputs of many commands, to show a change alters none.

Usage:
    python scripts/fingerprint.py --out before.json            # record
    python scripts/fingerprint.py --compare before.json        # record again and compare

Runs the command line (the one interface a refactor must keep) over a mix of rule sets, team
pairings (built-ins, the TOML examples, the example code strategy), records, tallies, traces,
games, forced decisions (order-up, alone), the rule comparison, a tournament and the advisor,
then hashes each output: summary CSVs, every Parquet column, result CSVs and charts, JSON and
text printed.  Wall times, speeds, git revisions and paths are dropped before hashing.  Exits 1
when ``--compare`` finds a difference, naming each output that changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-c", "import sys; from analysis.cli import main; sys.exit(main())"]
RULES = ("published", "stick-the-dealer", "house", "published,defend_alone,farmers_hand")
TEAMS = (("basic", "basic"), ("random", "basic"), ("aggressive", "conservative"),
         ("trump-count", "basic"), ("examples/strategies/ace-lover.toml", "basic"),
         ("examples/strategies/lighter-dealer-partner.toml", "random"),
         ("examples.code_strategy:BowerHunter", "basic"))
# volatile parts of printed text and manifests
# a run's compile time is how it ran, present only when it compiled: dropped with its words
COMPILE_NOTE = re.compile(r"; compiling took [\d.]+ s \(first use only\)")
NOISE = re.compile(r"[\d.,]+ s\b|[\d,]+ hands/s|[\d,.]+ (?:games|hands|deals)/s|"
                   r"\d+ threads?|/tmp/\S+|[0-9a-f]{40}")
VOLATILE_KEYS = {"wall_s", "compile_s", "timings_s", "hands_per_s", "git_revision", "revision",
                 "created", "threads", "python", "numba", "numpy", "platform", "elapsed_s", "time",
                 "wall", "reproduce", "command", "version", "out", "games_per_s", "deals_per_s"}


def cases():
    """(name, argv, has_out) for every command fingerprinted."""
    out = []
    for r in RULES:
        for a, b in TEAMS:
            tag = f"{r}|{a}|{b}"
            t = ["--rules", r, "--team0", a, "--team1", b]
            out.append((f"records {tag}", ["simulate", "--hands", "3000", "--seed", "5",
                                           "--records", *t], True))
            out.append((f"tally {tag}", ["simulate", "--hands", "20000", "--seed", "6", *t],
                        True))
            out.append((f"show {tag}", ["show", "--seed", "7", "--hand", "11", "--json", *t],
                        False))
        out.append((f"games {r}", ["simulate", "--games", "2000", "--seed", "8", "--rules", r,
                                   "--team0", "basic", "--team1", "aggressive"], True))
        out.append((f"game records {r}", ["simulate", "--games", "500", "--seed", "9",
                                          "--records", "--rules", r, "--team0", "random",
                                          "--team1", "basic"], True))
    out.append(("order-up", ["order-up", "--hands", "20000", "--deals", "4000", "--seed", "3"],
                True))
    out.append(("alone", ["alone", "--hands", "20000", "--deals", "4000", "--seed", "3",
                          "--rules", "house"], True))
    out.append(("compare-rules", ["compare-rules", "--hands", "20000", "--games", "1000",
                                  "--seed", "4"], True))
    out.append(("tournament", ["tournament", "basic", "aggressive", "--hands", "5000",
                               "--games", "500", "--seed", "4"], True))
    for pos, up, hand, extra in (("first", "9S", "JS AS 9H 9D TC", []),
                                 ("dealer", "KH", "JH QH 9C AD TS", ["--round", "1"]),
                                 ("third", "9S", "JH AH KH 9D TC", ["--round", "2"])):
        out.append((f"advise {pos} {extra}", ["advise", hand, "--upcard", up, "--position", pos,
                                              "--deals", "3000", "--json", *extra], False))
    out.extend(pimc_cases())
    return out


PIMC = "pimc:worlds=12,bid_worlds=8"


def pimc_cases():
    """The search player at some seats: records, traces, games and the advisor."""
    out = []
    for r in ("published", "stick-the-dealer,defend_alone"):
        t = ["--rules", r, "--team0", PIMC, "--team1", "basic"]
        out.append((f"pimc records {r}", ["simulate", "--hands", "24", "--seed", "5",
                                          "--records", *t], True))
        out.append((f"pimc show {r}", ["show", "--seed", "7", "--hand", "3", "--json", *t],
                    False))
        out.append((f"pimc games {r}", ["simulate", "--games", "2", "--seed", "8",
                                        "--records", *t], True))
    out.append(("pimc seat", ["simulate", "--hands", "16", "--seed", "2", "--records",
                              "--team0", "tuned", "--team1", "random", "--seat3", PIMC], True))
    out.append(("pimc advise", ["advise", "JS AS 9H 9D TC", "--upcard", "9S", "--position",
                                "first", "--deals", "24", "--json", "--strategy", PIMC], False))
    return out


def _scrub(obj):
    if isinstance(obj, dict):
        return {k: _scrub(v) for k, v in obj.items() if k not in VOLATILE_KEYS}
    if isinstance(obj, list):
        return [_scrub(v) for v in obj]
    if isinstance(obj, str):
        return NOISE.sub("#", COMPILE_NOTE.sub("", obj))
    return obj


def _text_digest(text: str) -> str:
    try:
        body = json.dumps(_scrub(json.loads(text)), sort_keys=True)
    except ValueError:
        lines = [NOISE.sub("#", COMPILE_NOTE.sub("", ln)) for ln in text.splitlines()]
        body = "\n".join(ln for ln in lines if "hands/s" not in ln)
    return hashlib.sha256(body.encode()).hexdigest()


def _file_digest(path: Path) -> str:
    if path.suffix == ".parquet":
        import pandas as pd

        frame = pd.read_parquet(path)
        h = hashlib.sha256(",".join(f"{c}:{frame[c].dtype}" for c in frame).encode())
        for c in frame:
            h.update(frame[c].to_numpy().tobytes())
        return h.hexdigest()
    if path.suffix in (".json",):
        return _text_digest(path.read_text())
    if path.suffix in (".txt", ".csv", ".svg", ".html"):
        return _text_digest(path.read_text())
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run_case(case, workdir: Path) -> dict[str, str]:
    name, argv, has_out = case
    folder = workdir / hashlib.sha1(name.encode()).hexdigest()[:10]
    extra = ["--out", str(folder)] if has_out else []
    silent = [] if argv[0] in ("show",) else ["--silent"]
    proc = subprocess.run(CLI + argv + extra + silent, cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    digests = {f"{name} :: exit": str(proc.returncode),
               f"{name} :: stdout": _text_digest(proc.stdout)}
    if proc.returncode != 0:
        digests[f"{name} :: stderr"] = proc.stderr.strip().splitlines()[-1:][0] if (
            proc.stderr.strip()) else ""
    if has_out and folder.exists():
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                digests[f"{name} :: {path.relative_to(folder)}"] = _file_digest(path)
    return digests


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", help="write the fingerprint (JSON) here")
    ap.add_argument("--compare", help="compare with this earlier fingerprint")
    ap.add_argument("--jobs", type=int, default=2, help="commands run at once")
    ap.add_argument("--only", help="only cases whose name contains this text")
    args = ap.parse_args(argv)
    todo = [c for c in cases() if not args.only or args.only in c[0]]
    result: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(args.jobs) as pool:
        for i, d in enumerate(pool.map(lambda c: run_case(c, Path(tmp)), todo), 1):
            result.update(d)
            print(f"\r{i}/{len(todo)} commands", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1, sort_keys=True))
    print(f"{len(result)} outputs from {len(todo)} commands")
    if args.compare:
        before = json.loads(Path(args.compare).read_text())
        keys = sorted(set(before) | set(result)) if not args.only else sorted(result)
        changed = [k for k in keys if before.get(k) != result.get(k)]
        for k in changed:
            was, now = before.get(k, "missing"), result.get(k, "missing")
            print(f"CHANGED {k}: {was[:16]} -> {now[:16]}")
        print(f"{len(changed)} of {len(keys)} outputs differ")
        return 1 if changed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
