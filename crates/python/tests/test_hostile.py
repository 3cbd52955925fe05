"""Hostile inputs, as the program's tests and fuzz targets make them: each raises a Python
exception or gives rows with an `error`, and never crashes the interpreter."""

import gzip
import random
import signal
import threading
import time

import pyarrow as pa
import pytest

import chessbits
from conftest import DATA, SAMPLE

GOOD = b'[Event "good"]\n\n1. e4 e5 2. Nf3 Nc6 *\n'


def table(source, **kw):
    return pa.table(chessbits.read_games(source, **kw))


def hostile_inputs():
    rng = random.Random(7)
    text = SAMPLE.read_bytes()
    yield "empty", b""
    yield "truncated game", text[: len(text) // 3]
    yield "random bytes", bytes(rng.randrange(256) for _ in range(200_000))
    yield "close parentheses", b") " * 500_000
    yield "open parentheses", b"1. e4 " + b"( " * 200_000
    yield "huge token", b"1. " + b"N" * 3_000_000 + b" *"
    yield "huge comment", b"1. e4 {" + b"x" * 3_000_000 + b"} *"
    yield "huge tag", b'[Event "' + b"y" * 3_000_000 + b'"]\n\n1. e4 *'
    yield "non-UTF-8 tags", b'[White "\xff\xfe\xc3"]\n[Black "\x80"]\n\n1. e4 *\n'
    yield "NUL bytes", b"[Event \"\x00\"]\n\n1. e4\x00 e5 *\n\x00\x00"
    yield "illegal moves", b"1. e5 Nf6 2. Ke8 *\n"
    yield "bad FEN tag", b'[FEN "not a fen"]\n[SetUp "1"]\n\n1. e4 *\n'
    yield "only tags", b'[Event "x"]\n[Site "y"]\n'
    yield "CR only", text[:5000].replace(b"\n", b"\r")
    yield "random PGN-ish", bytes(rng.choice(b"[]\"{}()0123456789.NBRQKxO-+#=abcdefgh \n") for _ in range(300_000))


@pytest.mark.parametrize("name,data", list(hostile_inputs()), ids=lambda x: x if isinstance(x, str) else "")
def test_hostile_pgn_gives_rows_not_crashes(name, data):
    for reader in (chessbits.read_games, chessbits.read_moves):
        for threads in (1, 2):
            t = pa.table(reader(data + b"\n\n" + GOOD, threads=threads))
            assert t.num_rows >= 1, name
    if name in ("CR only", "random PGN-ish"):
        return  # they may leave a comment or variation open, which takes in what follows
    games = table(data + b"\n\n" + GOOD)
    # The good game after the garbage is read whole.
    assert games.column("moves_san")[-1].as_py() == ["e4", "e5", "Nf3", "Nc6"], name


def test_a_bad_game_is_a_row_with_an_error():
    t = table(b"1. e4 e5 2. Ke3 *\n\n" + GOOD)
    errors = t.column("error").to_pylist()
    assert errors[0] and "Ke3" in errors[0]
    assert errors[1] is None


def test_truncated_gzip_keeps_the_good_games_and_warns():
    # gzip decodes as it goes (a zstd block of the small sample is all or nothing).
    data = (DATA / "lichess_sample.pgn.gz").read_bytes()
    cut = data[: len(data) // 2]
    whole = table(data)
    with pytest.warns(chessbits.DamagedInputWarning) as warned:
        kept = table(cut)
    message = str(warned[0].message)
    assert "<bytes>" in message and "bytes read" in message and "games" in message, message
    # The good games are kept: every row a prefix of the whole file's rows.
    assert 0 < kept.num_rows < whole.num_rows
    # Every game before the damage whole; the one the damage cut, as far as it was read.
    kept_moves = kept.column("moves_san").to_pylist()
    whole_moves = whole.column("moves_san").to_pylist()[: kept.num_rows]
    assert kept_moves[:-1] == whole_moves[:-1]
    assert kept_moves[-1] == whole_moves[-1][: len(kept_moves[-1])]
    # As many as the program keeps: the same route.
    assert f"the {kept.num_rows} games" in message or f"the {kept.num_rows + 1} games" in message, message


def test_truncated_zstd_raises_when_asked():
    data = (DATA / "lichess_sample.pgn.zst").read_bytes()
    cut = data[: len(data) // 2]
    with pytest.raises(chessbits.PgnError) as e:
        for _ in chessbits.read_games(cut, threads=1, on_damage="raise"):
            pass
    message = str(e.value)
    assert "<bytes>" in message and "bytes" in message and "games" in message, message
    # Through pyarrow too: its error carries the same message.
    with pytest.raises(Exception, match="<bytes>: unreadable after"):
        table(cut, on_damage="raise")
    # A warning made an error by the warnings filter is raised too.
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error", chessbits.DamagedInputWarning)
        with pytest.raises(chessbits.DamagedInputWarning):
            for _ in chessbits.read_games(cut, threads=1):
                pass
    with pytest.raises(ValueError, match="on_damage"):
        chessbits.read_games(cut, on_damage="ignore")


def test_a_damaged_file_object_is_streamed_and_behaves_as_its_path(tmp_path):
    path = tmp_path / "cut.pgn.gz"
    data = (DATA / "lichess_sample.pgn.gz").read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.warns(chessbits.DamagedInputWarning):
        by_path = table(path)
    with open(path, "rb") as f, pytest.warns(chessbits.DamagedInputWarning):
        by_file = table(f)
    assert by_file.column("moves_san").to_pylist() == by_path.column("moves_san").to_pylist()


def test_a_file_object_is_not_read_whole():
    class Trickle:
        """A binary file that counts the largest read asked of it."""

        def __init__(self, data):
            self.data, self.pos, self.largest = data, 0, 0

        def read(self, n=-1):
            if n is None or n < 0:
                n = len(self.data)
            self.largest = max(self.largest, n)
            out = self.data[self.pos : self.pos + n]
            self.pos += len(out)
            return out

    data = (GOOD + b"\n") * 200_000  # 7.6 MB
    f = Trickle(data)
    assert table(f, threads=2).num_rows == 200_000
    assert f.largest < len(data) // 4


def test_damaged_files_raise_naming_the_file(tmp_path):
    path = tmp_path / "games.pgn.zst"
    data = (DATA / "lichess_sample.pgn.zst").read_bytes()
    path.write_bytes(data[:8000] + bytes(range(256)) * 10)
    with pytest.raises(Exception, match="games.pgn.zst: unreadable after"):
        table(path, on_damage="raise")
    with pytest.warns(chessbits.DamagedInputWarning, match="games.pgn.zst: input damaged"):
        table(path)
    bad_magic = tmp_path / "bad.gz"
    bad_magic.write_bytes(b"\x1f\x8b" + bytes(100))
    with pytest.raises(Exception, match="bad.gz"):
        table(bad_magic, on_damage="raise")
    with pytest.warns(chessbits.DamagedInputWarning, match="bad.gz"):
        assert table(bad_magic).num_rows == 0
    # gzip with trailing garbage: the game before it is kept, the garbage reported.
    gz = tmp_path / "trailing.pgn.gz"
    gz.write_bytes(gzip.compress(GOOD) + b"garbage")
    with pytest.warns(chessbits.DamagedInputWarning, match="trailing.pgn.gz"):
        assert table(gz).num_rows == 1


def test_directory_is_an_os_error(tmp_path):
    with pytest.raises(OSError):
        chessbits.read_games(tmp_path)


def test_hostile_text_to_the_board():
    rng = random.Random(11)
    alphabet = "KQRBNPkqrbnp12345678/ -wbaefghO0x+#=\x00\xff\u00e9"
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(80)))
        try:
            pos = chessbits.Position(text)
        except ValueError:
            pos = chessbits.Position()
        for call in (pos.push_san, pos.push_uci):
            try:
                call(text[:12])
            except ValueError:
                pass
        pos.legal_moves()
    for text in ["K" * 1_000_000, "\x00" * 100, "🙂"]:
        with pytest.raises(ValueError):
            chessbits.Position(text)
        with pytest.raises(ValueError):
            chessbits.Position().push_san(text)
    # As python-chess, a placement without kings is a board, not legal: no moves, a status.
    empty = chessbits.Position("8/8/8/8/8/8/8/8 w - - 0 1")
    assert not empty.is_valid() and list(empty.legal_moves) == []
    with pytest.raises(ValueError):
        empty.push_san("e4")
    with pytest.raises(ValueError):
        chessbits.Position().perft(100)


class BlockingFile:
    """A binary file that gives `data`, then blocks in `read` (as a pipe with nobody
    writing does) until `release()`: a read that cannot finish before the interrupt."""

    def __init__(self, data):
        self.data = data
        self.blocked = threading.Event()
        self.released = threading.Event()
        self.gave_up = False

    def read(self, n=-1):
        if n == 0:
            return b""
        if self.data:
            n = len(self.data) if n is None or n < 0 else n
            chunk, self.data = self.data[:n], self.data[n:]
            return chunk
        self.blocked.set()
        # The wait's bound only keeps a broken build from hanging the suite; the test
        # fails if it is reached.
        self.gave_up = not self.released.wait(60)
        return b""

    def release(self):
        self.released.set()


def interrupt_when_blocked(source):
    """SIGINT to this process once `source` blocks: whatever the timing, the read that is
    under way then cannot finish before the interrupt is raised. The pause lets the main
    thread settle into waiting for the next batch, so that a stream which waits without
    looking for signals hangs there (and the test fails) rather than meeting the signal
    on its way in."""

    def send():
        if source.blocked.wait(60):
            time.sleep(0.2)
            signal.raise_signal(signal.SIGINT)

    timer = threading.Thread(target=send, daemon=True)
    timer.start()
    return timer


def test_ctrl_c_interrupts_a_read():
    source = BlockingFile(SAMPLE.read_bytes())
    stream = chessbits.read_games(source, threads=1)
    rows = 0
    timer = None
    try:
        with pytest.raises(KeyboardInterrupt):
            timer = interrupt_when_blocked(source)
            for batch in stream:
                rows += pa.record_batch(batch).num_rows
        # Raised while the read was still blocked, not after it gave up.
        assert not source.gave_up
    finally:
        source.release()
    assert timer is not None
    timer.join()
    assert rows <= 43


def test_ctrl_c_interrupts_pyarrow_reading_the_stream():
    source = BlockingFile(SAMPLE.read_bytes())
    stream = chessbits.read_games(source, threads=1)
    timer = None
    try:
        # pyarrow ends the stream with its own error, which names the interrupt.
        with pytest.raises((KeyboardInterrupt, pa.ArrowException), match="KeyboardInterrupt|^$"):
            timer = interrupt_when_blocked(source)
            pa.table(stream)
        assert not source.gave_up
    finally:
        source.release()
    assert timer is not None
    timer.join()
