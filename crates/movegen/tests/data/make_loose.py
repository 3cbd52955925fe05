"""Writes loose.txt: python-chess's answers on boards that are no legal position.

Run with python-chess installed (the oracle; nothing of it is copied):

    python crates/movegen/tests/data/make_loose.py 1000 > crates/movegen/tests/data/loose.txt

Each line, fields separated by `|`:
  fen | chess960 (0/1) | status | clean castling rights (mask) | checkers (mask)
  | legal moves in python-chess's order (UCI, space-separated)
  | pseudo-legal moves, the same
  | probes: `uci:pseudo:legal` for some moves (1/0), space-separated
  | pins: `square:mask` for the side to move's pinned pieces, space-separated
  | pushes: `uci>placement turn rights ep half full` for some moves, `;`-separated
"""

import random
import sys

import chess

rng = random.Random(45)
ROLES = "PNBRQ"


def random_board():
    board = chess.Board(None, chess960=rng.random() < 0.25)
    kings = rng.choice([(1, 1), (0, 1), (1, 0), (0, 0), (2, 1), (1, 2), (3, 0), (2, 2), (1, 1)])
    squares = list(chess.SQUARES)
    rng.shuffle(squares)
    for color, n in zip((chess.WHITE, chess.BLACK), kings):
        for _ in range(n):
            board.set_piece_at(squares.pop(), chess.Piece(chess.KING, color))
    if rng.random() < 0.3:
        # Kings and rooks where castling wants them.
        for color, rank in ((chess.WHITE, 0), (chess.BLACK, 7)):
            if rng.random() < 0.7:
                board.set_piece_at(chess.square(4, rank), chess.Piece(chess.KING, color))
                for f in (0, 7):
                    if rng.random() < 0.8:
                        board.set_piece_at(chess.square(f, rank), chess.Piece(chess.ROOK, color))
        squares = [s for s in squares if board.piece_at(s) is None]
    for _ in range(rng.randrange(0, rng.choice([8, 16, 30]))):
        if not squares:
            break
        role = chess.Piece.from_symbol(rng.choice(ROLES)).piece_type
        board.set_piece_at(squares.pop(), chess.Piece(role, rng.random() < 0.5))
    board.turn = rng.random() < 0.5
    rights = 0
    for sq in (chess.A1, chess.H1, chess.A8, chess.H8):
        if rng.random() < 0.5:
            rights |= chess.BB_SQUARES[sq]
    if rng.random() < 0.2:
        rights |= chess.BB_SQUARES[rng.choice(chess.SQUARES)]
    board.castling_rights = rights
    if rng.random() < 0.35:
        rank = 5 if board.turn else 2
        if rng.random() < 0.2:
            rank = rng.randrange(8)
        board.ep_square = chess.square(rng.randrange(8), rank)
    board.halfmove_clock = rng.randrange(0, 60)
    board.fullmove_number = rng.randrange(1, 80)
    return board


def edited_game_board():
    board = chess.Board(chess960=rng.random() < 0.2)
    if board.chess960:
        board.set_chess960_pos(rng.randrange(960))
    for _ in range(rng.randrange(0, 60)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    ep = board.ep_square
    board = chess.Board(board.fen(en_passant="fen"), chess960=board.chess960)
    board.ep_square = ep if rng.random() < 0.8 else board.ep_square
    edit = rng.randrange(6)
    if edit == 0:
        king = board.king(rng.random() < 0.5)
        if king is not None:
            board.remove_piece_at(king)
    elif edit == 1:
        empty = [s for s in chess.SQUARES if board.piece_at(s) is None]
        board.set_piece_at(rng.choice(empty), chess.Piece(chess.KING, rng.random() < 0.5))
    elif edit == 2:
        empty = [s for s in chess.SQUARES if board.piece_at(s) is None and chess.BB_SQUARES[s] & chess.BB_BACKRANKS]
        if empty:
            board.set_piece_at(rng.choice(empty), chess.Piece(chess.PAWN, rng.random() < 0.5))
    elif edit == 3:
        board.castling_rights |= chess.BB_SQUARES[rng.choice(chess.SQUARES)] | chess.BB_CORNERS
    elif edit == 4:
        board.turn = not board.turn
    return board


def probes(board):
    ours = list(chess.SquareSet(board.occupied_co[board.turn]))
    cands = []
    for _ in range(6):
        if ours:
            frm = rng.choice(ours)
            cands.append(chess.Move(frm, rng.randrange(64)))
    back = 0 if board.turn else 7
    for f in (6, 2, 7, 0):
        cands.append(chess.Move(chess.square(4, back), chess.square(f, back)))
    cands += rng.sample(list(board.pseudo_legal_moves), min(4, board.pseudo_legal_moves.count()))
    out = []
    for m in cands:
        if m.from_square == m.to_square:
            continue
        out.append(f"{m.uci()}:{int(board.is_pseudo_legal(m))}:{int(board.is_legal(m))}")
    return " ".join(out)


def pins(board):
    return " ".join(
        f"{sq}:{board.pin_mask(board.turn, sq)}"
        for sq in chess.SquareSet(board.occupied_co[board.turn])
        if board.pin_mask(board.turn, sq) != chess.BB_ALL
    )


def state(board):
    ep = "-" if board.ep_square is None else chess.square_name(board.ep_square)
    return f"{board.board_fen()} {'w' if board.turn else 'b'} {board.castling_rights} {ep} {board.halfmove_clock} {board.fullmove_number}"


def pushes(board):
    pseudo = list(board.pseudo_legal_moves)
    cands = rng.sample(pseudo, min(3, len(pseudo))) + [chess.Move.null()]
    back = 0 if board.turn else 7
    king = chess.square(4, back)
    if board.kings & chess.BB_SQUARES[king]:
        cands.append(chess.Move(king, chess.square(6, back)))
    out = []
    for m in cands:
        b = board.copy()
        b.push(m)
        out.append(f"{m.uci()}>{state(b)}>{b.move_stack[-1].uci()}")
    return ";".join(out)


def line(board):
    fen = f"{state(board)}"
    return "|".join(
        [
            fen,
            str(int(board.chess960)),
            str(int(board.status())),
            str(board.clean_castling_rights()),
            str(board.checkers_mask()),
            " ".join(m.uci() for m in board.generate_legal_moves()),
            " ".join(m.uci() for m in board.generate_pseudo_legal_moves()),
            probes(board),
            pins(board),
            pushes(board),
        ]
    )


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for i in range(n):
        board = random_board() if i % 3 else edited_game_board()
        print(line(board))


main()
