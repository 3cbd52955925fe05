#!/usr/bin/env python3
"""Syzygy probes per second of python-chess's `chess.syzygy`, for `cargo xtask bench`.

Usage: syzygy_probe.py TABLES_DIR POSITIONS_CSV [ROUNDS]

POSITIONS_CSV is what the syzygy bench writes (`target/bench-report/syzygy-positions.csv`):
a `fen,wdl,dtz` header, then its positions with the values chessbits-syzygy gave. The
tables are opened with `chess.syzygy.open_tablebase(TABLES_DIR)`, every position is probed
once and must give the same WDL and DTZ (exit status 1 otherwise; this also maps the
files), then a WDL pass and a DTZ pass over all the positions are timed in turn, ROUNDS
times (default 5). The boards are built before the clock starts, as the bench builds its
positions. The last line of standard output, which xtask reads, gives the python-chess
version, the counts, and each pass's best and median round in seconds:

    syzygy_probe: chess=1.11.2 positions=4096 rounds=5 wdl_best_s=... wdl_median_s=...
    dtz_best_s=... dtz_median_s=...

(on one line).
"""

import csv
import statistics
import sys
import time

import chess
import chess.syzygy


def read_positions(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return [(chess.Board(r["fen"]), int(r["wdl"]), int(r["dtz"])) for r in rows]


def timed(probe, boards):
    start = time.perf_counter()
    for board in boards:
        probe(board)
    return time.perf_counter() - start


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.split("\n\n")[1])
    tables, positions_csv = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) == 4 else 5
    positions = read_positions(positions_csv)
    boards = [board for board, _, _ in positions]
    with chess.syzygy.open_tablebase(tables) as tb:
        for board, wdl, dtz in positions:
            theirs = (tb.probe_wdl(board), tb.probe_dtz(board))
            if theirs != (wdl, dtz):
                print(
                    f"{board.fen()}: python-chess wdl {theirs[0]} dtz {theirs[1]}, "
                    f"chessbits wdl {wdl} dtz {dtz}",
                    file=sys.stderr,
                )
                sys.exit(1)
        wdl_times, dtz_times = [], []
        for _ in range(rounds):
            wdl_times.append(timed(tb.probe_wdl, boards))
            dtz_times.append(timed(tb.probe_dtz, boards))
    print(
        f"syzygy_probe: chess={chess.__version__} positions={len(boards)} rounds={rounds} "
        f"wdl_best_s={min(wdl_times):.6f} wdl_median_s={statistics.median(wdl_times):.6f} "
        f"dtz_best_s={min(dtz_times):.6f} dtz_median_s={statistics.median(dtz_times):.6f}"
    )


if __name__ == "__main__":
    main()
