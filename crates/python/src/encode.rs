//! `encode`: many positions as bitboards in a NumPy array, for machine learning. The FENs
//! are read by `chessbits-position`'s FEN parser, the whole batch with the GIL released.

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef};
use arrow_schema::DataType;
use chessbits_bitboard_core::{Color, Piece, Role};
use chessbits_position::{Board, Setup};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3_arrow::input::AnyArray;

use crate::board::Board as PyBoard;

/// Bitboards per position: White's pawns, knights, bishops, rooks, queens, king, then
/// Black's.
const PLANES: usize = 12;

/// The 12 bitboards of `board` (square a1 is bit 0, h8 bit 63).
fn bitboards(board: &Board) -> [u64; PLANES] {
    let mut out = [0; PLANES];
    for color in Color::ALL {
        for role in Role::ALL {
            out[color.index() * 6 + role.index()] = board.by_piece(Piece { color, role }).0;
        }
    }
    out
}

/// One position asked for.
enum Item {
    /// FEN text, read without the GIL.
    Fen(PyBackedStr),
    /// A `chessbits.Position`'s board, already encoded.
    Encoded([u64; PLANES]),
}

/// The bitboards of the FEN `text`, the `i`-th position.
fn read_fen(i: usize, text: &str) -> PyResult<[u64; PLANES]> {
    Setup::from_ascii(text.as_bytes())
        .map(|s| bitboards(&s.board))
        .map_err(|e| PyValueError::new_err(format!("positions[{i}]: {text:?}: {e}")))
}

/// The bitboards of every FEN of the string arrays `arrays`, in order.
fn encode_arrays(arrays: &[ArrayRef]) -> PyResult<Vec<u64>> {
    let mut out = Vec::new();
    let mut i = 0;
    for array in arrays {
        let mut push = |text: Option<&str>| -> PyResult<()> {
            let text = text
                .ok_or_else(|| PyValueError::new_err(format!("positions[{i}]: null, not a FEN")))?;
            out.extend(read_fen(i, text)?);
            i += 1;
            Ok(())
        };
        match array.data_type() {
            DataType::Utf8 => array.as_string::<i32>().iter().try_for_each(&mut push)?,
            DataType::LargeUtf8 => array.as_string::<i64>().iter().try_for_each(&mut push)?,
            DataType::Utf8View => array.as_string_view().iter().try_for_each(&mut push)?,
            other => {
                return Err(PyTypeError::new_err(format!(
                    "positions: a column of FEN strings, not {other}"
                )))
            }
        }
    }
    Ok(out)
}

/// Encodes many positions as bitboards, computed in Rust over the whole batch with the GIL
/// released.
///
/// `positions` is a list (or any iterable) of FEN strings or `chessbits.Position`s, or an
/// Arrow column of FEN strings (a pyarrow `Array`/`ChunkedArray`, a Polars `Series`:
/// anything with `__arrow_c_array__` or `__arrow_c_stream__`).
///
/// Returns a NumPy array of shape `(N, 12)`, `uint64`: per position the bitboards of
/// White's pawns, knights, bishops, rooks, queens and king, then Black's, with square a1 as
/// bit 0 and h8 as bit 63 (python-chess's square numbers). With `planes=True`, a `uint8`
/// array of shape `(N, 12, 8, 8)` instead: `planes[n, piece, rank, file]` is 1 where that
/// piece stands (rank 0 is the first rank). A FEN that cannot be read raises `ValueError`
/// naming its index; only the placement is needed (`"8/8/8/8/8/8/8/K6k"` will do).
#[pyfunction]
#[pyo3(signature = (positions, *, planes=false))]
pub fn encode<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    planes: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let is_arrow = !positions.is_instance_of::<pyo3::types::PyList>()
        && (positions.hasattr("__arrow_c_stream__")? || positions.hasattr("__arrow_c_array__")?);
    let bits = if is_arrow {
        let column: AnyArray = positions.extract()?;
        let reader = column.into_reader()?;
        let arrays = reader
            .collect::<Result<Vec<ArrayRef>, _>>()
            .map_err(|e| PyValueError::new_err(format!("positions: {e}")))?;
        py.detach(|| encode_arrays(&arrays))?
    } else {
        let mut items = Vec::new();
        for (i, item) in positions.try_iter()?.enumerate() {
            let item = item?;
            if let Ok(pos) = item.cast::<PyBoard>() {
                items.push(Item::Encoded(bitboards(pos.borrow().placement())));
            } else if let Ok(text) = item.extract::<PyBackedStr>() {
                items.push(Item::Fen(text));
            } else {
                return Err(PyTypeError::new_err(format!(
                    "positions[{i}]: a FEN or a chessbits.Position, not {}",
                    item.get_type().name()?
                )));
            }
        }
        py.detach(|| -> PyResult<Vec<u64>> {
            let mut out = Vec::with_capacity(items.len() * PLANES);
            for (i, item) in items.iter().enumerate() {
                match item {
                    Item::Fen(text) => out.extend(read_fen(i, text)?),
                    Item::Encoded(b) => out.extend(b),
                }
            }
            Ok(out)
        })?
    };
    let n = bits.len() / PLANES;
    if planes {
        let cells = py.detach(|| {
            let mut cells = vec![0u8; bits.len() * 64];
            for (k, &bb) in bits.iter().enumerate() {
                let mut rest = bb;
                while rest != 0 {
                    let sq = rest.trailing_zeros() as usize;
                    cells[k * 64 + sq] = 1;
                    rest &= rest - 1;
                }
            }
            cells
        });
        Ok(PyArray1::from_vec(py, cells)
            .reshape([n, PLANES, 8, 8])?
            .into_any())
    } else {
        Ok(PyArray1::from_vec(py, bits)
            .reshape([n, PLANES])?
            .into_any())
    }
}
