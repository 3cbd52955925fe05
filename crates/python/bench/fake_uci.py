"""A fake UCI engine that answers at once: the protocol's own overhead, measured by
``speed.py`` and used by ``tests/test_engine.py``. It answers ``e2e4`` for White and ``e7e5`` for
Black (``FAKE_MOVES``: the moves to answer at each ply, in turn) and, on ``go``, writes one ``info`` line and
``bestmove``. With ``FAKE_LOG`` set it appends every command it reads to that file; with ``FAKE_DIE``
set it exits on ``go``; with ``FAKE_PONDER`` set it names a ponder move."""

import os
import sys


def main() -> None:
    log = open(os.environ["FAKE_LOG"], "a") if os.environ.get("FAKE_LOG") else None
    moves = os.environ.get("FAKE_MOVES", "e2e4 e7e5").split()
    move = moves[0]
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if log:
            log.write(line + "\n")
            log.flush()
        if line == "uci":
            out.write("id name Fake\nid author chessbits\n")
            out.write("option name Hash type spin default 16 min 1 max 1024\n")
            out.write("option name MultiPV type spin default 1 min 1 max 500\n")
            out.write("option name Ponder type check default false\n")
            out.write("option name UCI_Chess960 type check default false\n")
            out.write("option name Style type combo default Normal var Solid var Normal var Risky\n")
            out.write("option name Clear Hash type button\n")
            out.write("option name Path type string default <empty>\n")
            out.write("uciok\n")
        elif line == "isready":
            out.write("readyok\n")
        elif line.startswith("position"):
            words = line.split()
            black = "b" in words[3:4] if words[1:2] == ["fen"] else False
            played = len(words) - words.index("moves") - 1 if "moves" in words else 0
            move = moves[(black + played) % len(moves)]
        elif line.startswith("go") and os.environ.get("FAKE_DIE"):
            sys.exit(3)
        elif line.startswith("go"):
            out.write(f"info depth 1 seldepth 1 multipv 1 score cp 20 nodes 1 nps 1000 time 1 pv {move}\n")
            reply = moves[(moves.index(move) + 1) % len(moves)]
            out.write(f"bestmove {move} ponder {reply}\n" if os.environ.get("FAKE_PONDER") else f"bestmove {move}\n")
        elif line == "quit":
            break
        out.flush()


if __name__ == "__main__":
    main()
