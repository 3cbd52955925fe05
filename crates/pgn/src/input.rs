//! Opening PGN files: plain, zstd (`.zst`) or gzip (`.gz`), chosen by the file name.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

/// How a file is compressed, by its name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Plain text.
    None,
    /// `.zst`
    Zstd,
    /// `.gz`
    Gzip,
}

impl Compression {
    /// The compression a file name's extension says.
    pub fn of_path(path: &Path) -> Compression {
        match path.extension().and_then(|e| e.to_str()) {
            Some("zst" | "zstd") => Compression::Zstd,
            Some("gz") => Compression::Gzip,
            _ => Compression::None,
        }
    }
}

/// Wraps `inner` (the raw bytes) in the decoder `compression` needs.
pub fn decoder<'a, R: Read + Send + 'a>(
    inner: R,
    compression: Compression,
) -> io::Result<Box<dyn Read + Send + 'a>> {
    Ok(match compression {
        Compression::None => Box::new(inner),
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::new(inner)?),
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(BufReader::new(inner))),
    })
}

/// Opens a PGN file for reading, decompressing `.zst` and `.gz` files on the fly.
pub fn open(path: &Path) -> io::Result<Box<dyn Read + Send>> {
    decoder(File::open(path)?, Compression::of_path(path))
}
