"""Where the worked examples' scenarios live: one data file per example, read by the loader, the tests and the
benches (the engine itself never opens a file outside its command line)."""

from pathlib import Path

SCENARIOS_DIR = Path(__file__).resolve().parent / "scenarios"
