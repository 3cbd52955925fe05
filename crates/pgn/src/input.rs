//! Opening PGN inputs: plain, zstd or gzip, recognised from the first bytes (the magic
//! numbers), not from the name, so that `-` (standard input), pipes and misnamed files work.
//!
//! [`open_input`] opens a path (`-` is standard input) and [`sniff`] wraps any reader in
//! the decoder its first bytes call for. The input counts the raw (compressed) bytes read
//! so that a damaged input can be reported with how far it got.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// How an input is compressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Compression {
    /// Plain text.
    None,
    /// Zstandard (magic `28 b5 2f fd`).
    Zstd,
    /// gzip (magic `1f 8b`); several members are read one after the other.
    Gzip,
}

impl Compression {
    /// The compression a file name's extension says (used only to name output files; inputs
    /// are recognised by [`Compression::of_magic`]).
    #[must_use]
    pub fn of_path(path: &Path) -> Compression {
        match path.extension().and_then(|e| e.to_str()) {
            Some("zst" | "zstd") => Compression::Zstd,
            Some("gz" | "gzip") => Compression::Gzip,
            _ => Compression::None,
        }
    }

    /// The compression the first bytes of an input show (plain text when they match no
    /// known magic number, including when there are fewer than four).
    #[must_use]
    pub fn of_magic(head: &[u8]) -> Compression {
        if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Compression::Zstd
        } else if head.starts_with(&[0x1f, 0x8b]) {
            Compression::Gzip
        } else {
            Compression::None
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
        #[cfg(feature = "zstd")]
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::new(inner)?),
        #[cfg(feature = "gzip")]
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(BufReader::new(inner))),
        #[allow(unreachable_patterns)]
        other => return Err(not_in_this_build(other)),
    })
}

/// The error for a compressed input when the decoder's feature is off.
#[allow(dead_code)]
fn not_in_this_build(compression: Compression) -> io::Error {
    let feature = match compression {
        Compression::Zstd => "zstd",
        Compression::Gzip => "gzip",
        Compression::None => "",
    };
    io::Error::new(
        io::ErrorKind::Unsupported,
        format!(
            "the input is {feature}-compressed, and this build of chessbits-pgn has no \
             `{feature}` feature"
        ),
    )
}

/// Looks at the first bytes of `inner` and wraps it in the matching decoder. Returns the
/// decoder and the compression found. Nothing is lost: the bytes looked at are read again
/// by the decoder.
pub fn sniff<'a, R: Read + Send + 'a>(
    inner: R,
) -> io::Result<(Box<dyn Read + Send + 'a>, Compression)> {
    let mut buffered = BufReader::with_capacity(64 * 1024, inner);
    // `fill_buf` may return fewer bytes than a magic number on a pipe: read on until four
    // bytes are there or the input ends, keeping them in a small prefix.
    let mut head = Vec::with_capacity(4);
    while head.len() < 4 {
        let avail = buffered.fill_buf()?;
        if avail.is_empty() {
            break;
        }
        let take = avail.len().min(4 - head.len());
        head.extend_from_slice(&avail[..take]);
        buffered.consume(take);
    }
    let compression = Compression::of_magic(&head);
    let whole = io::Cursor::new(head).chain(buffered);
    Ok((decoder(whole, compression)?, compression))
}

/// Counts the bytes read through it into a shared counter (raw bytes of an input, for
/// progress and for saying where a damaged input stopped).
pub(crate) struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R> std::fmt::Debug for Counting<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Counting")
            .field("count", &self.count.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

impl<R> Counting<R> {
    /// Wraps `inner`; returns the reader and its counter.
    pub(crate) fn new(inner: R) -> (Counting<R>, Arc<AtomicU64>) {
        let count = Arc::new(AtomicU64::new(0));
        (
            Counting {
                inner,
                count: Arc::clone(&count),
            },
            count,
        )
    }
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Ends the input at the first read error (other than an interruption) and keeps the
/// error for later, so that a reader finishes the game it holds (the last game before
/// gzip's trailing garbage is complete, as `gzip -d` reads it) before the damage is
/// reported.
pub(crate) struct StopAtError<R> {
    inner: R,
    error: Arc<Mutex<Option<io::Error>>>,
}

impl<R> std::fmt::Debug for StopAtError<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StopAtError")
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

impl<R> StopAtError<R> {
    /// Wraps `inner`; returns the reader and where its error will be.
    pub(crate) fn new(inner: R) -> (StopAtError<R>, Arc<Mutex<Option<io::Error>>>) {
        let error = Arc::new(Mutex::new(None));
        (
            StopAtError {
                inner,
                error: Arc::clone(&error),
            },
            error,
        )
    }
}

impl<R: Read> Read for StopAtError<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Err(e) if e.kind() != io::ErrorKind::Interrupted => {
                if let Ok(mut slot) = self.error.lock() {
                    slot.get_or_insert(e);
                }
                Ok(0)
            }
            other => other,
        }
    }
}

/// An opened input: the decoded bytes, the compression found, a counter of the raw bytes
/// read so far, and the error that ended it early, if one did.
pub struct Input {
    /// The decoded bytes; they end at the first read or decoding error.
    pub reader: Box<dyn Read + Send>,
    /// The compression recognised from the first bytes.
    pub compression: Compression,
    /// Raw (compressed) bytes read so far.
    pub raw_bytes: Arc<AtomicU64>,
    /// The read or decoding error that ended the input early (see [`Input::damage`]).
    pub error: Arc<Mutex<Option<io::Error>>>,
    /// Where this input stands in a longer one it is a part of ([`Input::resuming`]); `None`
    /// for a whole input.
    pub resume: Option<Resume>,
}

/// Where a part of a longer input starts: its byte offset, line (from 1) and the games
/// before it, as [`crate::Reader::resume`] takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resume {
    /// Bytes of the longer input before the part.
    pub offset: u64,
    /// The line the part starts on (from 1).
    pub line: u64,
    /// Games before the part.
    pub games: u64,
}

impl Resume {
    /// Where the part after `part` starts, `part` starting here and holding `games` games.
    #[must_use]
    pub fn after(self, part: &[u8], games: u64) -> Resume {
        Resume {
            offset: self.offset + part.len() as u64,
            line: self.line + memchr::memchr_iter(b'\n', part).count() as u64,
            games: self.games + games,
        }
    }
}

impl Default for Resume {
    /// The start of an input: offset 0, line 1, no games.
    fn default() -> Resume {
        Resume {
            offset: 0,
            line: 1,
            games: 0,
        }
    }
}

impl std::fmt::Debug for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Input")
            .field("compression", &self.compression)
            .field("raw_bytes", &self.raw_bytes.load(Ordering::Relaxed))
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

impl Input {
    /// Opens any reader of an input's raw bytes (a file, a pipe, a file object of a
    /// binding, bytes in memory): its compression recognised from its first bytes, its raw
    /// bytes counted, and a read or decoding error kept rather than returned, so that the
    /// games before the damage are read (see [`Input::take_damage`]). The one way every
    /// door opens an input.
    pub fn from_reader<R: Read + Send + 'static>(raw: R) -> io::Result<Input> {
        let (counting, raw_bytes) = Counting::new(raw);
        let (reader, compression) = sniff(counting)?;
        let (reader, error) = StopAtError::new(reader);
        Ok(Input {
            reader: Box::new(reader),
            compression,
            raw_bytes,
            error,
            resume: None,
        })
    }

    /// This input as the part of a longer one that starts at `resume` (games and lines
    /// numbered on from there; [`crate::pipeline::game_cut`] says where to cut).
    #[must_use]
    pub fn resuming(mut self, resume: Resume) -> Input {
        self.resume = Some(resume);
        self
    }

    /// The error that ended the input before its end, once it has been read (taken: a
    /// second call gives `None`).
    pub fn damage(error: &Mutex<Option<io::Error>>) -> Option<io::Error> {
        error.lock().ok().and_then(|mut e| e.take())
    }

    /// [`Input::damage`] of this input.
    pub fn take_damage(&self) -> Option<io::Error> {
        Input::damage(&self.error)
    }

    /// Raw (compressed) bytes read so far.
    #[must_use]
    pub fn raw_bytes_read(&self) -> u64 {
        self.raw_bytes.load(Ordering::Relaxed)
    }

    /// The decoded bytes as a plain reader whose last read returns the damage, if any, as
    /// an error (for a [`crate::Reader`] that should stop there with an `io::Error`).
    #[must_use]
    pub fn into_read(self) -> Box<dyn Read + Send> {
        Box::new(DamageAtEnd {
            inner: self.reader,
            error: self.error,
        })
    }
}

/// The decoded bytes, then the kept damage as a read error.
struct DamageAtEnd {
    inner: Box<dyn Read + Send>,
    error: Arc<Mutex<Option<io::Error>>>,
}

impl Read for DamageAtEnd {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n == 0 && !buf.is_empty() {
            if let Some(e) = Input::damage(&self.error) {
                return Err(e);
            }
        }
        Ok(n)
    }
}

/// Opens an input by path (`-` is standard input): [`Input::from_reader`] of the file.
pub fn open_input(path: &Path) -> io::Result<Input> {
    if path.as_os_str() == "-" {
        Input::from_reader(io::stdin())
    } else {
        Input::from_reader(File::open(path)?)
    }
}

/// Opens a PGN file (`-`: standard input) for reading, decompressing zstd and gzip on the
/// fly (recognised from the first bytes): [`open_input`] as a plain reader, a read or
/// decoding error returned by its last `read` (after the games before it).
pub fn open(path: &Path) -> io::Result<Box<dyn Read + Send>> {
    open_input(path).map(Input::into_read)
}

#[cfg(all(test, feature = "zstd", feature = "gzip"))]
mod tests {
    use super::*;

    fn read_all(bytes: Vec<u8>) -> (Vec<u8>, Compression) {
        let (mut r, c) = sniff(io::Cursor::new(bytes)).expect("sniff");
        let mut out = Vec::new();
        r.read_to_end(&mut out).expect("decode");
        (out, c)
    }

    /// A zstd stream cut short: the games before the cut are read, and the damage is kept
    /// for the caller ([`Input::take_damage`]) or returned last ([`Input::into_read`]).
    #[test]
    fn damage_is_kept_after_the_good_bytes() {
        // Text that does not compress to nothing: numbers from a linear congruential
        // generator.
        let mut x = 1u64;
        let text: String = (0..20_000)
            .map(|_| {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                format!("[Round \"{}\"]\n\n1. e4 e5 *\n\n", x >> 40)
            })
            .collect();
        let z = zstd::encode_all(text.as_bytes(), 3).expect("zstd");
        let cut = z[..z.len() / 2].to_vec();
        let mut input = Input::from_reader(io::Cursor::new(cut.clone())).expect("open");
        let mut out = Vec::new();
        input
            .reader
            .read_to_end(&mut out)
            .expect("no error: it is kept");
        assert!(!out.is_empty() && text.as_bytes().starts_with(&out));
        assert!(input.take_damage().is_some());
        assert!(input.take_damage().is_none());
        assert_eq!(input.raw_bytes_read(), cut.len() as u64);
        let mut plain = Input::from_reader(io::Cursor::new(cut))
            .expect("open")
            .into_read();
        let mut out2 = Vec::new();
        assert!(plain.read_to_end(&mut out2).is_err());
        assert_eq!(out, out2);
    }

    #[test]
    fn magic_not_name() {
        let text = b"1. e4 e5 *\n".to_vec();
        assert_eq!(read_all(text.clone()), (text.clone(), Compression::None));
        let z = zstd::encode_all(&text[..], 3).expect("zstd");
        assert_eq!(read_all(z), (text.clone(), Compression::Zstd));
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        io::Write::write_all(&mut e, &text).expect("gzip");
        let gz = e.finish().expect("gzip");
        assert_eq!(read_all(gz), (text, Compression::Gzip));
        // Shorter than any magic number.
        assert_eq!(read_all(b"*".to_vec()), (b"*".to_vec(), Compression::None));
        assert_eq!(read_all(Vec::new()), (Vec::new(), Compression::None));
    }

    /// A pipe that hands over one byte per read: the magic number is still found.
    #[test]
    fn magic_over_a_trickle() {
        struct OneByte(io::Cursor<Vec<u8>>);
        impl Read for OneByte {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = buf.len().min(1);
                self.0.read(&mut buf[..n])
            }
        }
        let text = b"1. d4 d5 *\n".to_vec();
        let z = zstd::encode_all(&text[..], 3).expect("zstd");
        let (mut r, c) = sniff(OneByte(io::Cursor::new(z))).expect("sniff");
        assert_eq!(c, Compression::Zstd);
        let mut out = Vec::new();
        r.read_to_end(&mut out).expect("decode");
        assert_eq!(out, text);
    }
}
