"""A python-chess script ported by changing its import: mypy --strict must accept it."""

from typing import Dict, List, Optional

import chessbits as chess
import chessbits.svg


def material(board: chess.Board) -> Dict[bool, int]:
    values = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
    out = {chess.WHITE: 0, chess.BLACK: 0}
    for square, piece in board.piece_map().items():
        assert 0 <= square < 64
        out[piece.color] += values[piece.piece_type]
    return out


def play(sans: List[str]) -> Optional[chess.Outcome]:
    board = chess.Board()
    for san in sans:
        move: chess.Move = board.push_san(san)
        assert move in board.move_stack
    for move in board.legal_moves:
        if board.gives_check(move) or board.is_capture(move):
            print(board.san(move), move.uci(), chess.square_name(move.to_square))
    attacked: chess.SquareSet = board.attackers(chess.WHITE, chess.E5)
    print(len(attacked), list(attacked), board.fen(), board.epd(), str(board))
    print(board.is_checkmate(), board.is_stalemate(), board.can_claim_draw(), board.status())
    print(chessbits.svg.board(board, size=200), board.unicode(borders=True))
    try:
        board.parse_san("Ke9")
    except chess.InvalidMoveError:
        pass
    except chess.IllegalMoveError:
        pass
    copy = board.root().copy(stack=False)
    copy.push(chess.Move.from_uci("a2a3"))
    print(material(copy), copy.peek(), copy.pop(), copy.ply())
    return board.outcome(claim_draw=True)


if __name__ == "__main__":
    outcome = play(["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"])
    print(outcome.result() if outcome else "*", outcome.termination.name if outcome else "")
