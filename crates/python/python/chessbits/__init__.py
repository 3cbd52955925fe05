"""chessbits: chess games to Arrow tables at Rust speed, a fast board, NumPy encodings.

Tables
    read_games(source, *, schema="default", threads=None, on_damage="warn", **filters)
    read_moves(source, *, schema="default", threads=None, on_damage="warn", **filters)
        A row per game or per mainline move, as a stream of Arrow record batches
        (the Arrow PyCapsule interface): pyarrow.table(s), polars.DataFrame(s) and
        duckdb.sql("from s") read it without copying.
    columns(table="games", schema="default") -> [(name, meaning), ...]

Board
    Position(fen=None, *, chess960=None): legal_moves(), push(), push_san(),
    push_uci(), pop(), san(), fen(), is_check(), outcome(), zobrist_hash(),
    copy(), perft(); Position.from_chess(board) and pos.to_chess() with python-chess.

Machine learning
    encode(positions, *, planes=False) -> numpy.ndarray of shape (N, 12) uint64
    (or (N, 12, 8, 8) uint8 planes).

Errors
    ValueError for a bad FEN, SAN or UCI; PgnError (an OSError) for an input that
    cannot be read, naming the input and how far it got. An input damaged part way
    keeps the games before the damage and warns (DamagedInputWarning);
    on_damage="raise" raises PgnError instead.
"""

from chessbits._chessbits import (
    DamagedInputWarning,
    GameStream,
    Move,
    Outcome,
    PgnError,
    Position,
    __version__,
    columns,
    encode,
    read_games,
    read_moves,
)

