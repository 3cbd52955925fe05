//! Where tables come from: files found by name, memory-mapped when first probed, or bytes
//! held in memory; each opened once, its header read once, an error kept.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::error::SyzygyError;
use crate::material::Material;
use crate::table::{Table, TableKind};

/// The bytes of a table: a memory-mapped file or a buffer.
pub(crate) enum Bytes {
    Mapped(memmap2::Mmap),
    Owned(Arc<[u8]>),
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(m) => m,
            Bytes::Owned(b) => b,
        }
    }
}

/// Maps a table file read-only.
#[allow(unsafe_code)]
fn map_file(path: &Path) -> Result<Bytes, SyzygyError> {
    let io = |e: std::io::Error| SyzygyError::Io {
        path: path.to_path_buf(),
        source: Arc::new(e),
    };
    let file = fs::File::open(path).map_err(io)?;
    if file.metadata().map_err(io)?.len() == 0 {
        // Mapping an empty file fails on some systems; its header is missing either way.
        return Ok(Bytes::Owned(Arc::from(Vec::new())));
    }
    // SAFETY: the map is read-only (`Mmap`, from a file opened for reading), so this
    // process never writes through it. The one hazard of a file map is another process
    // truncating or rewriting the file while it is mapped, which could fault or change the
    // bytes under a reference: tablebase files are written once and never modified in
    // place, which is the condition the crate documents (`Tablebase::add_directory`).
    // Whatever the bytes are, every read of them is bounds-checked against the map's length.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io)?;
    Ok(Bytes::Mapped(map))
}

/// Where a table comes from, and the table once opened (or why it could not be).
pub(crate) struct LazyTable {
    pub(crate) path: PathBuf,
    bytes: Option<Arc<[u8]>>,
    pub(crate) kind: TableKind,
    pub(crate) material: Material,
    cell: OnceLock<Result<Table<Bytes>, SyzygyError>>,
}

impl LazyTable {
    /// A table not opened yet: a file, or `bytes` named as a file.
    pub(crate) fn new(
        path: PathBuf,
        bytes: Option<Arc<[u8]>>,
        kind: TableKind,
        material: Material,
    ) -> LazyTable {
        LazyTable {
            path,
            bytes,
            kind,
            material,
            cell: OnceLock::new(),
        }
    }

    /// The table, opened and its header read the first time.
    pub(crate) fn get(&self) -> Result<&Table<Bytes>, SyzygyError> {
        self.cell
            .get_or_init(|| {
                let bytes = match &self.bytes {
                    Some(b) => Bytes::Owned(b.clone()),
                    None => map_file(&self.path)?,
                };
                let len = bytes.as_ref().len();
                Table::new(bytes, self.kind, self.material)
                    .map_err(|bad| bad.at(self.path.clone(), len))
            })
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// The WDL and DTZ files of one material.
#[derive(Default)]
pub(crate) struct Entry {
    wdl: Option<LazyTable>,
    dtz: Option<LazyTable>,
}

impl Entry {
    /// The file of a kind, if added.
    pub(crate) fn get(&self, kind: TableKind) -> Option<&LazyTable> {
        match kind {
            TableKind::Wdl => self.wdl.as_ref(),
            TableKind::Dtz => self.dtz.as_ref(),
        }
    }

    /// Adds a file, replacing the one of its kind.
    pub(crate) fn set(&mut self, table: LazyTable) {
        match table.kind {
            TableKind::Wdl => self.wdl = Some(table),
            TableKind::Dtz => self.dtz = Some(table),
        }
    }

    /// The files added, WDL first.
    pub(crate) fn files(&self) -> impl Iterator<Item = &LazyTable> {
        self.wdl.iter().chain(self.dtz.iter())
    }
}

/// `KQvK.rtbw` -> (`KQvK`, WDL).
pub(crate) fn split_name(name: &str) -> Option<(&str, TableKind)> {
    if let Some(stem) = name.strip_suffix(".rtbw") {
        Some((stem, TableKind::Wdl))
    } else {
        name.strip_suffix(".rtbz")
            .map(|stem| (stem, TableKind::Dtz))
    }
}
