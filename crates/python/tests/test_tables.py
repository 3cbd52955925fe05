"""read_games / read_moves against python-chess's reading of the same files, and the
stream as pyarrow, Polars and DuckDB take it.

The shared data set's files compare with python-chess's answers kept by oracle.py (one
digest per game in `data/oracle/games-<file>.digests` and `moves-<file>.digests`; python-chess
is asked when one differs, and by `CHESSBITS_RECORD_ORACLE=1`, which records them); the
repository's own sample is compared live."""

import gzip
import io
import pathlib
import threading
import time

import chess
import chess.pgn
import pyarrow as pa
import pytest

import chessbits
from conftest import DATA, SAMPLE, shared
from oracle import Tape

LICHESS = [
    "pgn/lichess/lichess_db_2025-05_1000k.pgn",
    "pgn/lichess/lichess_DannyTheDonkey_2019-01-29.pgn",
    "pgn/lichess/lichess_DrDrunkenstein_2019-01-29.pgn",
]


def python_chess_games(path, limit=None):
    """Every game of `path` as python-chess reads it."""
    games = []
    with open(path, encoding="utf-8-sig") as f:
        while limit is None or len(games) < limit:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            games.append(game)
    return games


def white_eval(node):
    score = node.eval()
    if score is None:
        return None
    white = score.white()
    return {"cp": white.score(), "mate": white.mate()}


def plain(value):
    """An eval cell (or a list of them) as tuples, so that both sides print alike."""
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return (value["cp"], value["mate"])
    return value


# Tag values python-chess gives the seven roster tags a game leaves out.
PLACEHOLDERS = ("?", "????.??.??", "*")


def row_answers(row):
    """A games-table row as a list of (question, answer) pairs."""
    tags = {t["key"]: t["value"] for t in row["tags"]}
    return [
        ("error", row["error"]),
        ("tags", sorted((k, v) for k, v in tags.items() if v not in PLACEHOLDERS)),
        ("moves_uci", row["moves_uci"]),
        ("moves_san", row["moves_san"]),
        ("plies", row["plies"]),
        ("clocks", row["clocks"]),
        ("evals", plain(row["evals"])),
    ]


def game_answers(game):
    """What the games-table row of a python-chess game holds, as `row_answers` lists it."""
    nodes = list(game.mainline())
    clocks = [n.clock() for n in nodes]
    evals = [white_eval(n) for n in nodes]
    return [
        ("error", None),
        ("tags", sorted((k, v) for k, v in game.headers.items() if v not in PLACEHOLDERS)),
        ("moves_uci", [n.move.uci() for n in nodes]),
        ("moves_san", [n.san() for n in nodes]),
        ("plies", len(nodes)),
        ("clocks", clocks if any(c is not None for c in clocks) else None),
        ("evals", plain(evals) if any(e is not None for e in evals) else None),
    ]


MOVE_KEYS = ("game", "ply", "before_fen", "san", "uci", "after_fen", "clock", "eval")


def game_move_rows(number, game):
    """The moves-table rows of a python-chess game (game number `number`)."""
    board = game.board()
    rows = []
    for ply, node in enumerate(game.mainline(), 1):
        before = board.fen()
        san = board.san(node.move)
        board.push(node.move)
        rows.append(
            dict(game=number, ply=ply, before_fen=before, san=san, uci=node.move.uci(),
                 after_fen=board.fen(), clock=node.clock(), eval=white_eval(node))
        )
    return rows


def move_answers(rows):
    """A game's moves-table rows as a list of (question, answer) pairs."""
    return [((row["game"], row["ply"]), [plain(row[k]) for k in MOVE_KEYS]) for row in rows]


def tape_name(kind, path):
    """The oracle tape of a shared file: the kind of check and the file's name."""
    return f"{kind}-{pathlib.Path(path).stem}"


def check_games(path, limit=None, tape=None):
    """The games table of `path` against python-chess's reading: game by game, live, or
    (with `tape`, a name) against python-chess's answers kept by oracle.py."""
    ours = pa.table(chessbits.read_games(path, limit=limit)).to_pylist()
    if tape is None:
        theirs = python_chess_games(path, limit)
        assert len(ours) == len(theirs)
        for row, game in zip(ours, theirs):
            assert row_answers(row) == game_answers(game), row["game"]
        return len(ours)
    kept = Tape(tape)
    theirs = []  # python-chess's games, read only when an answer is asked for

    def game(i):
        if not theirs:
            theirs.extend(python_chess_games(path, limit))
        return theirs[i]

    for i, row in enumerate(ours):
        kept.check(row_answers(row), lambda i=i: game_answers(game(i)), f"{path} game {i + 1}")
    kept.close()
    return len(ours)


def check_moves(path, limit=None, tape=None):
    """The moves table of `path` against python-chess's, as `check_games` does: the answers
    of a game are its rows."""
    ours = pa.table(chessbits.read_moves(path, limit=limit)).to_pylist()
    by_game = {}
    for row in ours:
        by_game.setdefault(row["game"], []).append(row)
    if tape is None:
        expected = []
        for number, game in enumerate(python_chess_games(path, limit), 1):
            expected.extend(game_move_rows(number, game))
        assert len(ours) == len(expected)
        for row, want in zip(ours, expected):
            for key, value in want.items():
                assert row[key] == value, (want["game"], want["ply"], key)
        return len(ours)
    kept = Tape(tape)
    theirs = []

    def rows(number):
        if not theirs:
            theirs.extend(python_chess_games(path, limit))
        return game_move_rows(number, theirs[number - 1])

    # A game without moves has no rows: the games are numbered 1..n by the games table.
    games = pa.table(chessbits.read_games(path, limit=limit)).num_rows
    for number in range(1, games + 1):
        kept.check(
            move_answers(by_game.get(number, [])),
            lambda number=number: move_answers(rows(number)),
            f"{path} game {number}",
        )
    kept.close()
    return len(ours)


def test_games_equal_python_chess_on_the_sample():
    assert check_games(SAMPLE) == 43


def test_moves_equal_python_chess_on_the_sample():
    assert check_moves(SAMPLE) == 2429


@pytest.mark.parametrize("relative", LICHESS)
def test_shared_lichess_games_equal_python_chess(relative):
    path = shared(relative)
    check_games(path, tape=tape_name("games", relative))
    check_moves(path, limit=100, tape=tape_name("moves", relative))


@pytest.mark.parametrize(
    "relative",
    [
        "pgn/master/twic0920.pgn",
        "pgn/master/twic1599_1000k.pgn",
        "pgn/chess960/pychess_chess960rwch_mainz2009.pgn",
        "pgn/chess960/python-chess_cutechess-fischerrandom.pgn",
        "pgn/annotated/pychess_world_matches.pgn",
        "pgn/annotated/pgn-extract_19.04_eco.pgn",
    ],
)
def test_shared_master_chess960_and_annotated_games_equal_python_chess(relative):
    path = shared(relative)
    assert check_games(path, limit=300, tape=tape_name("games", relative)) > 0
    assert check_moves(path, limit=50, tape=tape_name("moves", relative)) > 0


def test_sources_plain_zstd_gzip_bytes_and_files():
    want = pa.table(chessbits.read_games(SAMPLE))
    text = SAMPLE.read_bytes()
    sources = [
        str(SAMPLE),
        SAMPLE,
        DATA / "lichess_sample.pgn.zst",
        DATA / "lichess_sample.pgn.gz",
        text,
        bytearray(text),
        (DATA / "lichess_sample.pgn.zst").read_bytes(),
        gzip.compress(text),
        io.BytesIO(text),
    ]
    for source in sources:
        got = pa.table(chessbits.read_games(source))
        assert got.drop_columns(["file"]) == want.drop_columns(["file"]), repr(source)[:40]
    with open(DATA / "lichess_sample.pgn.zst", "rb") as f:
        got = pa.table(chessbits.read_games(f))
    assert got.column("file")[0].as_py().endswith("lichess_sample.pgn.zst")
    assert got.drop_columns(["file"]) == want.drop_columns(["file"])


def test_threads_give_the_same_table():
    big = SAMPLE.read_bytes() * 30
    one = pa.table(chessbits.read_games(big, threads=1))
    four = pa.table(chessbits.read_games(big, threads=4))
    assert one.num_rows == 43 * 30
    assert one == four


def test_polars_and_duckdb_read_the_stream():
    polars = pytest.importorskip("polars")
    duckdb = pytest.importorskip("duckdb")
    df = polars.DataFrame(chessbits.read_games(SAMPLE))
    assert df.shape[0] == 43
    assert df["moves_san"][0][:2].to_list() == ["e4", "e5"] or df["plies"][0] > 0
    moves = polars.DataFrame(chessbits.read_moves(SAMPLE))
    assert moves.shape[0] == df["plies"].sum()
    stream = chessbits.read_games(SAMPLE)
    count, plies = duckdb.sql("select count(*), sum(plies) from stream").fetchall()[0]
    assert (count, plies) == (43, df["plies"].sum())


def test_iterating_gives_record_batches():
    rows = 0
    for batch in chessbits.read_games(SAMPLE, threads=1):
        rows += pa.record_batch(batch).num_rows
    assert rows == 43


def test_a_stream_is_read_once():
    stream = chessbits.read_games(SAMPLE)
    pa.table(stream)
    with pytest.raises(OSError):
        pa.table(stream)


def test_filters_and_schemas():
    assert pa.table(chessbits.read_games(SAMPLE, limit=5)).num_rows == 5
    white = pa.table(chessbits.read_games(SAMPLE, result="1-0"))
    assert set(white.column("result").to_pylist()) == {"1-0"}
    long = pa.table(chessbits.read_games(SAMPLE, min_plies=80))
    assert all(p >= 80 for p in long.column("plies").to_pylist())
    tagged = pa.table(chessbits.read_games(SAMPLE, tag={"Event": "Rated Blitz game"}))
    assert set(tagged.column("event").to_pylist()) <= {"Rated Blitz game"}
    twice = SAMPLE.read_bytes() * 2
    assert pa.table(chessbits.read_games(twice, dedup=True)).num_rows == 43
    lichess = pa.table(chessbits.read_games(SAMPLE, schema="lichess"))
    assert "movetext" in lichess.column_names and lichess.num_rows == 43
    with pytest.raises(ValueError):
        chessbits.read_moves(SAMPLE, schema="lichess")
    with pytest.raises(ValueError):
        chessbits.read_games(SAMPLE, schema="nope")
    with pytest.raises(TypeError):
        chessbits.read_games(SAMPLE, colour="white")
    with pytest.raises(ValueError):
        chessbits.read_games(SAMPLE, threads=0)


def test_missing_file_names_it():
    with pytest.raises(FileNotFoundError) as e:
        chessbits.read_games("/nonexistent/games.pgn")
    assert e.value.filename == "/nonexistent/games.pgn"
    with pytest.raises(TypeError):
        chessbits.read_games(12)
    with pytest.raises(TypeError):
        chessbits.read_games(io.StringIO("1. e4 *"))


def test_the_gil_is_released_while_reading():
    big = SAMPLE.read_bytes() * 100
    ticks = 0
    done = threading.Event()

    def tick():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.0005)

    t = threading.Thread(target=tick)
    t.start()
    start = time.perf_counter()
    table = pa.table(chessbits.read_games(big, threads=1))
    elapsed = time.perf_counter() - start
    done.set()
    t.join()
    assert table.num_rows == 4300
    # The other thread ran throughout: at least a tick per 20 ms of reading.
    assert ticks >= elapsed / 0.02, (ticks, elapsed)


def test_columns_are_the_tables_columns():
    for table, reader in (("games", chessbits.read_games), ("moves", chessbits.read_moves)):
        names = [n for n, _ in chessbits.columns(table)]
        assert names == pa.table(reader(b"1. e4 e5 *\n")).column_names
        assert all(about for _, about in chessbits.columns(table))
    lichess = [n for n, _ in chessbits.columns("games", "lichess")]
    assert lichess == pa.table(chessbits.read_games(b"1. e4 *\n", schema="lichess")).column_names
    with pytest.raises(ValueError):
        chessbits.columns("players")
