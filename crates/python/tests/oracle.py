"""python-chess's answers on the random games and the shared PGN files, kept as digests.

The random-game tests (test_chess_api.py, test_variant_api.py) ask both boards the same
questions in every position: `answers(board)` is one list of (question, answer) pairs
computed the same way from a python-chess board and from a chessbits board. The tables'
and the PGN module's tests (test_tables.py, test_pgn_api.py) do the same for each game of a
shared PGN file: its games-table row, its moves-table rows, its tree and exported text. python-chess is the slow side, so what it answered is kept in
`data/oracle/<test>.digests`: eight bytes (BLAKE2b) per position (or game) of the list it
gave. A run compares chessbits' list with the kept
digest; when one differs, python-chess (installed in the test environment) replays that
game to the position and the failure names the first question whose answers differ.

To record anew (after a change to the questions, the games or python-chess's version):

    CHESSBITS_RECORD_ORACLE=1 pytest crates/python/tests/test_chess_api.py \\
        crates/python/tests/test_variant_api.py crates/python/tests/test_tables.py \\
        crates/python/tests/test_pgn_api.py

which asks python-chess every question of every position and fails on the first answer
that differs from chessbits', as the comparison always did; the digests written are
python-chess's.
"""

import hashlib
import os

import pytest

from conftest import DATA

RECORD = os.environ.get("CHESSBITS_RECORD_ORACLE") == "1"
ORACLE = DATA / "oracle"
WIDTH = 8


def digest(answers):
    """Eight bytes for a list of (question, answer) pairs of plain values."""
    return hashlib.blake2b(repr(answers).encode(), digest_size=WIDTH).digest()


def first_difference(ours, theirs):
    """The first (index, question, ours, theirs) where two answer lists differ."""
    for i, (a, b) in enumerate(zip(ours, theirs)):
        if a != b:
            return i, a[0], a[1], b[1]
    return len(theirs), "(length)", len(ours), len(theirs)


class Tape:
    """python-chess's digests of one test: read, or (when recording) written at the end."""

    def __init__(self, name):
        self.path = ORACLE / f"{name}.digests"
        self.kept = []
        if RECORD:
            return
        if not self.path.exists():
            pytest.fail(f"{self.path} is missing: record it with CHESSBITS_RECORD_ORACLE=1")
        raw = self.path.read_bytes()
        self.kept = [raw[i : i + WIDTH] for i in range(0, len(raw), WIDTH)]
        self.at = 0

    def check(self, ours, theirs, where):
        """Compares chessbits' answers at the next position with python-chess's.

        `theirs` is a function giving python-chess's answers at this position: called when
        recording, and on a difference to say what differs."""
        if RECORD:
            expected = theirs()
            if ours != expected:
                i, question, mine, other = first_difference(ours, expected)
                raise AssertionError(f"{where}: {question}: chessbits {mine!r}, python-chess {other!r}")
            self.kept.append(digest(expected))
            return
        if self.at >= len(self.kept):
            pytest.fail(f"{self.path} ends at position {self.at}: record it anew")
        if digest(ours) != self.kept[self.at]:
            expected = theirs()
            if digest(expected) != self.kept[self.at]:
                pytest.fail(f"{where}: python-chess's answers are not the kept ones (another version?): record anew")
            i, question, mine, other = first_difference(ours, expected)
            raise AssertionError(f"{where}: {question}: chessbits {mine!r}, python-chess {other!r}")
        self.at += 1

    def close(self):
        """Writes the digests when recording; else checks that every one was compared."""
        if RECORD:
            ORACLE.mkdir(parents=True, exist_ok=True)
            self.path.write_bytes(b"".join(self.kept))
        else:
            assert self.at == len(self.kept), f"{self.path}: {len(self.kept) - self.at} positions not reached"
