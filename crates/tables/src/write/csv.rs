//! CSV cells: every nested cell as plain text in the PGN and Lichess spellings.

use std::io;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, RecordBatch};
#[cfg(any(feature = "csv", feature = "parquet"))]
use arrow_schema::{DataType, Field, Schema};

use super::base::*;

/// A batch for CSV: every cell plain text, written as the PGN and Lichess formats write
/// it (by `chessbits_pgn`): a list of moves or clocks as its items separated by spaces (a
/// missing item `-`), an evaluation as Lichess writes it (`0.17`, `#-3`), the tags as PGN
/// tag pairs (`[Event "x"] [Site "y"]`); a null stays an empty cell.
pub(super) fn csv_cells(batch: &RecordBatch) -> io::Result<RecordBatch> {
    use arrow_array::ArrayRef;

    let schema = batch.schema();
    if !schema.fields().iter().any(|f| f.data_type().is_nested()) {
        return Ok(batch.clone());
    }
    let mut fields = Vec::with_capacity(schema.fields().len());
    let mut columns = Vec::with_capacity(schema.fields().len());
    for (field, column) in schema.fields().iter().zip(batch.columns()) {
        if !field.data_type().is_nested() {
            fields.push(field.as_ref().clone());
            columns.push(column.clone());
            continue;
        }
        let mut text = Vec::with_capacity(64);
        let mut cells = arrow_array::builder::StringBuilder::new();
        for i in 0..column.len() {
            if column.is_null(i) {
                cells.append_null();
                continue;
            }
            text.clear();
            plain_cell(column.as_ref(), i, &mut text)?;
            cells.append_value(String::from_utf8_lossy(&text));
        }
        fields.push(Field::new(field.name(), DataType::Utf8, true));
        columns.push(Arc::new(cells.finish()) as ArrayRef);
    }
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns).map_err(io_error)
}

/// The plain text of a nested cell (a list, an evaluation, a tag pair).
fn plain_cell(column: &dyn Array, i: usize, out: &mut Vec<u8>) -> io::Result<()> {
    use std::io::Write as _;

    let unsupported = || {
        io::Error::new(
            io::ErrorKind::Unsupported,
            format!("no CSV text for a cell of type {}", column.data_type()),
        )
    };
    match column.data_type() {
        DataType::List(_) => {
            let items = column.as_list::<i32>().value(i);
            for j in 0..items.len() {
                if j > 0 {
                    out.push(b' ');
                }
                if items.is_null(j) {
                    out.push(b'-');
                } else {
                    plain_cell(items.as_ref(), j, out)?;
                }
            }
        }
        DataType::Utf8 => out.extend_from_slice(column.as_string::<i32>().value(i).as_bytes()),
        DataType::Float64 => {
            let v = column
                .as_primitive::<arrow_array::types::Float64Type>()
                .value(i);
            write!(out, "{v}")?;
        }
        DataType::Struct(fields) => {
            let s = column.as_struct();
            let names: Vec<&str> = fields.iter().map(|f| f.name().as_str()).collect();
            match names.as_slice() {
                ["cp", "mate"] => {
                    let int = |k: usize| {
                        let c = s.column(k).as_primitive::<arrow_array::types::Int32Type>();
                        (!c.is_null(i)).then(|| c.value(i))
                    };
                    let eval = match (int(0), int(1)) {
                        (Some(cp), _) => chessbits_pgn::table::Eval::Centipawns(cp),
                        (None, Some(m)) => chessbits_pgn::table::Eval::Mate(m),
                        (None, None) => return Ok(()),
                    };
                    write!(out, "{eval}")?;
                }
                ["key", "value"] => {
                    let text = |k: usize| s.column(k).as_string::<i32>().value(i).as_bytes();
                    chessbits_pgn::write_tag_pair(text(0), text(1), out);
                }
                _ => return Err(unsupported()),
            }
        }
        _ => return Err(unsupported()),
    }
    Ok(())
}
