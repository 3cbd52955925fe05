"""SVG pictures of boards and pieces, with python-chess's ``chess.svg`` signatures.

The pieces are drawn as Unicode chess glyphs in the viewer's font (no piece artwork is
shipped); squares, the last move, a check, arrows, fills, marked squares and coordinates are
drawn as shapes. ``board._repr_svg_()`` (Jupyter) uses ``board(...)``.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, Optional, Tuple, Union
from xml.sax.saxutils import escape

_LIGHT = "#ffce9e"
_DARK = "#d18b47"
_LAST = "#cdd16a"
_CHECK = "#ff0000"
_MARK = "#15781B"
_SQ = 45
_MARGIN = 20


# python-chess's names of the picture's sizes and colours.
SQUARE_SIZE = _SQ
MARGIN = _MARGIN
DEFAULT_COLORS: Dict[str, str] = {
    "square light": _LIGHT,
    "square dark": _DARK,
    "square dark lastmove": "#aaa23b",
    "square light lastmove": _LAST,
    "margin": "#212121",
    "inner border": "#111",
    "outer border": "#111",
    "coord": "#e5e5e5",
    "arrow green": _MARK + "80",
    "arrow red": "#882020b3",
    "arrow yellow": "#e68f00b3",
    "arrow blue": "#00308880",
}
# The pieces and the coordinates as SVG drawings, by symbol (this module draws a piece as
# its Unicode glyph).
PIECES: Dict[str, str] = {
    symbol: f'<text font-size="{_SQ * 0.85}" text-anchor="middle">{glyph}</text>'
    for symbol, glyph in zip("PNBRQKpnbrqk", "♙♘♗♖♕♔♟♞♝♜♛♚")
}
COORDS: Dict[str, str] = {c: f'<text font-size="{_MARGIN * 0.7}">{c}</text>' for c in "12345678abcdefgh"}
# The red glow under a king in check, and the cross that marks a square.
CHECK_GRADIENT = (
    f'<radialGradient id="check_gradient" r="0.5"><stop offset="0%" stop-color="{_CHECK}" />'
    f'<stop offset="100%" stop-color="{_CHECK}" stop-opacity="0" /></radialGradient>'
)
XX = '<g id="xx"><path d="M10 10 35 35M35 10 10 35" stroke="#000" stroke-width="4" /></g>'

_ARROW_LETTERS = {"green": "G", "red": "R", "yellow": "Y", "blue": "B"}
_SQUARE_NAMES = [f + r for r in "12345678" for f in "abcdefgh"]


class SvgWrapper(str):
    """SVG text that notebooks show as a picture."""

    def _repr_svg_(self) -> "SvgWrapper":
        return self


class Arrow:
    """An arrow from a square to a square (a circle when they are the same)."""

    def __init__(self, tail: int, head: int, *, color: str = "green") -> None:
        self.tail = tail
        self.head = head
        self.color = color

    def pgn(self) -> str:
        """The arrow as a ``[%cal]``/``[%csl]`` entry: a colour letter (``G`` for colours
        without one), the tail square, and the head square when it differs."""
        letter = _ARROW_LETTERS.get(self.color, "G")
        tail = _SQUARE_NAMES[self.tail]
        return letter + tail if self.tail == self.head else letter + tail + _SQUARE_NAMES[self.head]

    @classmethod
    def from_pgn(cls, pgn: str) -> "Arrow":
        """The arrow of a ``[%cal]``/``[%csl]`` entry (``Ge2e4``, ``Rd4``; ``ValueError`` for
        anything else)."""
        colors = {letter: color for color, letter in _ARROW_LETTERS.items()}
        color = colors.get(pgn[:1])
        if color is None:
            color = "green"
        else:
            pgn = pgn[1:]
        try:
            tail = _SQUARE_NAMES.index(pgn[:2])
            head = _SQUARE_NAMES.index(pgn[2:]) if len(pgn) > 2 else tail
        except ValueError:
            raise ValueError(f"invalid arrow: {pgn!r}") from None
        return cls(tail, head, color=color)

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        tail, head = _SQUARE_NAMES[self.tail].upper(), _SQUARE_NAMES[self.head].upper()
        return f"Arrow({tail}, {head}, color={self.color!r})"


def _glyph(piece: Any) -> str:
    symbols = "♙♘♗♖♕♔" if piece.color else "♟♞♝♜♛♚"
    return symbols[piece.piece_type - 1]


def piece(piece: Any, size: Optional[int] = None) -> str:
    """An SVG picture of one piece."""
    dim = size or _SQ
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.2" viewBox="0 0 {_SQ} {_SQ}" '
        f'width="{dim}" height="{dim}"><text x="{_SQ / 2}" y="{_SQ * 0.8}" '
        f'font-size="{_SQ * 0.85}" text-anchor="middle">{_glyph(piece)}</text></svg>'
    )


def _mask(squares: Any) -> int:
    if squares is None:
        return 0
    try:
        return int(squares)
    except TypeError:
        m = 0
        for s in squares:
            m |= 1 << s
        return m


def board(
    board: Any = None,
    *,
    orientation: bool = True,
    lastmove: Any = None,
    check: Optional[int] = None,
    arrows: Iterable[Union[Arrow, Tuple[int, int]]] = (),
    fill: Dict[int, str] = {},
    squares: Any = None,
    size: Optional[int] = None,
    coordinates: bool = True,
    colors: Dict[str, str] = {},
    flipped: bool = False,
    borders: bool = False,
    style: Optional[str] = None,
) -> str:
    """An SVG picture of a board (any object with ``piece_at``), as ``chess.svg.board``."""
    if flipped:
        orientation = not orientation
    margin = _MARGIN if coordinates else 0
    full = 8 * _SQ + 2 * margin
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.2" viewBox="0 0 {full} {full}"'
        + (f' width="{size}" height="{size}"' if size else "")
        + ">"
    ]
    if style:
        out.append(f"<style>{escape(style)}</style>")
    if coordinates:
        out.append(f'<rect x="0" y="0" width="{full}" height="{full}" fill="{colors.get("margin", "#212121")}"/>')
    marked = _mask(squares)
    last = (lastmove.from_square, lastmove.to_square) if lastmove else ()

    def xy(sq: int) -> Tuple[int, int]:
        f, r = sq & 7, sq >> 3
        col, row = (f, 7 - r) if orientation else (7 - f, r)
        return margin + col * _SQ, margin + row * _SQ

    for sq in range(64):
        x, y = xy(sq)
        light = (sq & 7) % 2 != (sq >> 3) % 2
        color = colors.get("square light" if light else "square dark", _LIGHT if light else _DARK)
        if sq in last:
            color = colors.get("square light lastmove" if light else "square dark lastmove", _LAST)
        out.append(f'<rect x="{x}" y="{y}" width="{_SQ}" height="{_SQ}" fill="{color}"/>')
        if sq in fill:
            out.append(f'<rect x="{x}" y="{y}" width="{_SQ}" height="{_SQ}" fill="{fill[sq]}"/>')
        if sq == check:
            out.append(
                f'<circle cx="{x + _SQ / 2}" cy="{y + _SQ / 2}" r="{_SQ / 2}" fill="{_CHECK}" opacity="0.6"/>'
            )
        p = board.piece_at(sq) if board is not None else None
        if p is not None:
            out.append(
                f'<text x="{x + _SQ / 2}" y="{y + _SQ * 0.8}" font-size="{_SQ * 0.85}" '
                f'text-anchor="middle">{_glyph(p)}</text>'
            )
        if marked >> sq & 1:
            out.append(
                f'<path d="M{x + 10},{y + 10} L{x + 35},{y + 35} M{x + 35},{y + 10} L{x + 10},{y + 35}" '
                f'stroke="{_MARK}" stroke-width="3"/>'
            )
    if coordinates:
        for i in range(8):
            f = "abcdefgh"[i if orientation else 7 - i]
            r = "12345678"[7 - i if orientation else i]
            out.append(f'<text x="{margin + i * _SQ + _SQ / 2}" y="{full - 5}" font-size="14" fill="#e5e5e5" text-anchor="middle">{f}</text>')
            out.append(f'<text x="{margin / 2}" y="{margin + i * _SQ + _SQ / 2 + 5}" font-size="14" fill="#e5e5e5" text-anchor="middle">{r}</text>')
    for a in arrows:
        tail, head, color = (a.tail, a.head, a.color) if isinstance(a, Arrow) else (a[0], a[1], "green")
        (tx, ty), (hx, hy) = xy(tail), xy(head)
        if tail == head:
            out.append(f'<circle cx="{hx + _SQ / 2}" cy="{hy + _SQ / 2}" r="{_SQ / 2 - 3}" stroke="{color}" stroke-width="4" fill="none" opacity="0.8"/>')
        else:
            out.append(
                f'<line x1="{tx + _SQ / 2}" y1="{ty + _SQ / 2}" x2="{hx + _SQ / 2}" y2="{hy + _SQ / 2}" '
                f'stroke="{color}" stroke-width="8" stroke-linecap="round" opacity="0.8"/>'
            )
    if borders:
        out.append(f'<rect x="{margin}" y="{margin}" width="{8 * _SQ}" height="{8 * _SQ}" fill="none" stroke="#000"/>')
    out.append("</svg>")
    return "".join(out)
