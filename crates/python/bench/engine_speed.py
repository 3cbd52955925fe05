#!/usr/bin/env python3
"""The engine protocol's own overhead: ``SimpleEngine.analyse`` per position against a fake
UCI engine that answers at once (``fake_uci.py``), chessbits.engine against
python-chess's chess.engine.

Usage: engine_speed.py [POSITIONS] [ROUNDS]

POSITIONS (default 2,000) boards are the start position with knight moves played (``Nf3
Nf6 Ng1 Ng8 ...``, 0 to 40 plies), so that each is sent as a different ``position`` command
and the fake engine's answer (``e2e4`` for White, ``e7e5`` for Black) is legal in each. Each
round analyses every position once with ``Limit(nodes=1)`` on one engine process per
library; the best of ROUNDS rounds (default 3) is kept, in wall-clock time and in the CPU
time of the calling process (the engine's own time left out: on a busy machine the
wall-clock figure waits for the engine to be scheduled). ``speed.py`` reports the
wall-clock row.
"""

import os
import sys
import time

import chess
import chess.engine

import chessbits
import chessbits.engine

FAKE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_uci.py")
SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8"]


def positions(module, n):
    boards = []
    for i in range(n):
        board = module.Board()
        for ply in range(i % 41):
            board.push_uci(SHUFFLE[ply % 4])
        boards.append(board)
    return boards


def run(module, boards, rounds):
    """The best round's wall-clock and CPU seconds (the CPU time of this process, every
    thread of it: python-chess's event loop runs in a thread of its own), and the answers
    of the last round (to compare)."""
    engine = module.engine.SimpleEngine.popen_uci([sys.executable, FAKE])
    try:
        limit = module.engine.Limit(nodes=1)
        best = cpu = float("inf")
        answers = []
        for _ in range(rounds):
            start, start_cpu = time.perf_counter(), time.process_time()
            answers = [engine.analyse(b, limit) for b in boards]
            best = min(best, time.perf_counter() - start)
            cpu = min(cpu, time.process_time() - start_cpu)
        return (best, cpu), answers
    finally:
        engine.quit()


def overhead(n=2000, rounds=3, cpu=False):
    """(ours_s, theirs_s) for analysing n positions (wall-clock, or with ``cpu`` the CPU
    time of the calling process), after checking the answers agree."""
    ours_t, ours = run(chessbits, positions(chessbits, n), rounds)
    theirs_t, theirs = run(chess, positions(chess, n), rounds)
    for a, b in zip(ours, theirs):
        if (a["score"].white().score(), [m.uci() for m in a["pv"]], a["depth"]) != (
            b["score"].white().score(), [m.uci() for m in b["pv"]], b["depth"]
        ):
            sys.exit(f"chessbits and python-chess answer differently: {a} {b}")
    if cpu:
        return ours_t, theirs_t
    return ours_t[0], theirs_t[0]


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    (ours_s, ours_cpu), (theirs_s, theirs_cpu) = overhead(n, rounds, cpu=True)
    print(f"chessbits {chessbits.__version__} against python-chess {chess.__version__}, "
          f"best of {rounds} rounds\n")
    print("| what | chessbits | python-chess | ratio |")
    print("|---|---:|---:|---:|")
    print(f"| SimpleEngine.analyse, fake engine answering at once, {n:,} positions (calls/s) | "
          f"{n / ours_s:,.0f} | {n / theirs_s:,.0f} | **{theirs_s / ours_s:.1f}x** |")
    print(f"| the same, CPU time of the calling process (calls per CPU second) | "
          f"{n / ours_cpu:,.0f} | {n / theirs_cpu:,.0f} | **{theirs_cpu / ours_cpu:.1f}x** |")
    print(f"\nper position: chessbits {ours_s / n * 1e6:.1f} us ({ours_cpu / n * 1e6:.1f} us CPU), "
          f"python-chess {theirs_s / n * 1e6:.1f} us ({theirs_cpu / n * 1e6:.1f} us CPU)")


if __name__ == "__main__":
    main()
