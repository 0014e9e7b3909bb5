"""The benchmark script stays runnable (it reports; it asserts no time)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_benchmark_reports_a_median_for_every_case():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench.py"), "--runs", "3", "--cold"],
        capture_output=True, text=True, check=True, timeout=300,
    )
    header, *rows = done.stdout.strip().splitlines()
    assert "median ms" in header
    assert any(row.startswith("sunflower_valley: 6-player table") for row in rows)
    assert all(float(row.split()[-3]) >= 0 for row in rows)


def test_a_cold_run_scores_again_what_the_library_kept():
    """``--cold`` empties the library's caches before each run: a case that a cache makes cheap
    when scored again (a valley's own scoring) costs its searches again."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.bench import forget_kept
    from benchmarks.cases.sunflower_valley import WORST_30_TABLE
    from scorer.sunflower_valley.scoring import score_table, valley_part

    score_table(WORST_30_TABLE)
    assert valley_part.cache_info().currsize > 0
    forget_kept()
    assert valley_part.cache_info().currsize == 0
    assert score_table(WORST_30_TABLE) == score_table(WORST_30_TABLE)


def test_the_hill_climb_for_slow_valleys_reports_a_legal_valley():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "slow_valleys.py"), "--steps", "5",
         "--restarts", "4"],
        capture_output=True, text=True, check=True, timeout=300,
    )
    lines = done.stdout.strip().splitlines()
    assert [line.split(":")[0] for line in lines[:4]] == [f"climb {n}" for n in range(1, 5)]
    assert lines[4].startswith("slowest valley found: ")
    picture = " ".join(lines[5:]).split()
    assert picture.count("S") == 1 and len(picture) - picture.count(".") == 30
