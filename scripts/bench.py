"""Benchmark script: the same figures as ``euchre-sim bench``, for CI logs and the README.

Usage: python scripts/bench.py [--hands N] [--repeats R] [--json]
"""

from analysis.bench_cmd import bench

if __name__ == "__main__":
    bench()
