"""Hostile inputs, as the program's tests and fuzz targets make them: each raises a Python
exception or gives rows with an `error`, and never crashes the interpreter."""

import gzip
import random
import signal
import threading

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


def test_truncated_zstd_raises_naming_the_input_and_how_far():
    data = (DATA / "lichess_sample.pgn.zst").read_bytes()
    cut = data[: len(data) // 2]
    with pytest.raises(chessbits.PgnError) as e:
        for _ in chessbits.read_games(cut, threads=1):
            pass
    message = str(e.value)
    assert "<bytes>" in message and "bytes" in message and "games" in message, message
    # Through pyarrow too: its error carries the same message.
    with pytest.raises(Exception, match="<bytes>: unreadable after"):
        table(cut)


def test_damaged_files_raise_naming_the_file(tmp_path):
    path = tmp_path / "games.pgn.zst"
    data = (DATA / "lichess_sample.pgn.zst").read_bytes()
    path.write_bytes(data[:8000] + bytes(range(256)) * 10)
    with pytest.raises(Exception, match="games.pgn.zst: unreadable after"):
        table(path)
    bad_magic = tmp_path / "bad.gz"
    bad_magic.write_bytes(b"\x1f\x8b" + bytes(100))
    with pytest.raises(Exception, match="bad.gz"):
        table(bad_magic)
    # gzip with trailing garbage: an error, after the games before it.
    gz = tmp_path / "trailing.pgn.gz"
    gz.write_bytes(gzip.compress(GOOD) + b"garbage")
    try:
        t = table(gz)
        assert t.num_rows >= 1
    except Exception as e:  # noqa: BLE001 - either answer is fine, a crash is not
        assert "trailing.pgn.gz" in str(e)


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


def test_ctrl_c_interrupts_a_read():
    big = SAMPLE.read_bytes() * 200
    stream = chessbits.read_games(big, threads=1)
    timer = threading.Timer(0.05, lambda: signal.raise_signal(signal.SIGINT))
    rows = 0
    with pytest.raises(KeyboardInterrupt):
        timer.start()
        for batch in stream:
            rows += pa.record_batch(batch).num_rows
    assert rows < 43 * 200


def test_ctrl_c_interrupts_pyarrow_reading_the_stream():
    big = SAMPLE.read_bytes() * 200
    stream = chessbits.read_games(big, threads=1)
    timer = threading.Timer(0.05, lambda: signal.raise_signal(signal.SIGINT))
    timer.start()
    # pyarrow ends the stream with its own error, which names the interrupt.
    with pytest.raises((KeyboardInterrupt, pa.ArrowException), match="KeyboardInterrupt|^$"):
        pa.table(stream)
    timer.join()
