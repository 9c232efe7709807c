//! The files behind the paths given to `masters import`: a directory (every file below it, in
//! name order), a `.tar.xz`/`.txz`/`.tar` or `.zip` archive (every file in it, streamed), or one
//! record file (a PGN collection, XQF, DhtmlXQ, or a shipped set, `.chmg`).

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A file longer than this is skipped (no record file is; an archive inside an archive is not
/// opened either).
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// One file found: its name (the path, or `archive!member`) and its bytes.
#[derive(Debug)]
pub struct Entry {
    /// Where it was found.
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// What a walk met that it could not read.
#[derive(Debug)]
pub struct Skipped {
    /// Where.
    pub name: String,
    /// Why.
    pub reason: String,
}

/// The kind of a path, by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    TarXz,
    Tar,
    Zip,
    File,
}

fn kind(path: &Path) -> Kind {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    if name.ends_with(".tar.xz") || name.ends_with(".txz") {
        Kind::TarXz
    } else if name.ends_with(".tar") {
        Kind::Tar
    } else if name.ends_with(".zip") {
        Kind::Zip
    } else {
        Kind::File
    }
}

/// The bytes of the input files below `paths` (compressed size for archives): what a progress
/// bar counts with [`walk`]'s `read` counter.
#[must_use]
pub fn total_bytes(paths: &[PathBuf]) -> u64 {
    fn size(p: &Path) -> u64 {
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => std::fs::read_dir(p)
                .map(|rd| rd.flatten().map(|e| size(&e.path())).sum())
                .unwrap_or(0),
            Ok(m) => m.len(),
            Err(_) => 0,
        }
    }
    paths.iter().map(|p| size(p)).sum()
}

/// Counts the bytes read through it.
struct Counting<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// Calls `each` with every file below `paths`, in order; files and archive members that cannot
/// be read go to `skipped`. `read` counts the input bytes read so far. `each` returning `false`
/// stops the walk.
pub fn walk(
    paths: &[PathBuf],
    read: &Arc<AtomicU64>,
    each: &mut dyn FnMut(Entry) -> bool,
    skipped: &mut dyn FnMut(Skipped),
) {
    for p in paths {
        if !walk_one(p, read, each, skipped) {
            return;
        }
    }
}

fn walk_one(
    path: &Path,
    read: &Arc<AtomicU64>,
    each: &mut dyn FnMut(Entry) -> bool,
    skipped: &mut dyn FnMut(Skipped),
) -> bool {
    let name = path.display().to_string();
    let skip = |skipped: &mut dyn FnMut(Skipped), reason: String| {
        skipped(Skipped {
            name: name.clone(),
            reason,
        });
        true
    };
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) => return skip(skipped, e.to_string()),
    };
    if meta.is_dir() {
        let mut children: Vec<PathBuf> = match std::fs::read_dir(path) {
            Ok(rd) => rd.flatten().map(|e| e.path()).collect(),
            Err(e) => return skip(skipped, e.to_string()),
        };
        children.sort();
        return children.iter().all(|c| walk_one(c, read, each, skipped));
    }
    let file = match File::open(path) {
        Ok(f) => Counting {
            inner: f,
            read: Arc::clone(read),
        },
        Err(e) => return skip(skipped, e.to_string()),
    };
    match kind(path) {
        Kind::TarXz => tar_entries(
            &name,
            xz2::read::XzDecoder::new(BufReader::new(file)),
            each,
            skipped,
        ),
        Kind::Tar => tar_entries(&name, BufReader::new(file), each, skipped),
        Kind::Zip => zip_entries(&name, file, each, skipped),
        Kind::File => {
            if meta.len() > MAX_FILE_BYTES {
                return skip(skipped, format!("larger than {MAX_FILE_BYTES} bytes"));
            }
            let mut bytes = Vec::new();
            match file.take(MAX_FILE_BYTES).read_to_end(&mut bytes) {
                Ok(_) => each(Entry { name, bytes }),
                Err(e) => skip(skipped, e.to_string()),
            }
        }
    }
}

fn tar_entries(
    name: &str,
    reader: impl Read,
    each: &mut dyn FnMut(Entry) -> bool,
    skipped: &mut dyn FnMut(Skipped),
) -> bool {
    let mut archive = tar::Archive::new(reader);
    let entries = match archive.entries() {
        Ok(e) => e,
        Err(e) => {
            skipped(Skipped {
                name: name.to_owned(),
                reason: e.to_string(),
            });
            return true;
        }
    };
    for entry in entries {
        let mut entry = match entry {
            Ok(e) => e,
            Err(e) => {
                // A broken archive stops here; what was read stays read.
                skipped(Skipped {
                    name: name.to_owned(),
                    reason: e.to_string(),
                });
                return true;
            }
        };
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let member = format!(
            "{name}!{}",
            entry
                .path()
                .map(|p| p.display().to_string())
                .unwrap_or_default()
        );
        if entry.size() > MAX_FILE_BYTES {
            skipped(Skipped {
                name: member,
                reason: format!("larger than {MAX_FILE_BYTES} bytes"),
            });
            continue;
        }
        let mut bytes = Vec::new();
        if let Err(e) = (&mut entry).take(MAX_FILE_BYTES).read_to_end(&mut bytes) {
            skipped(Skipped {
                name: member,
                reason: e.to_string(),
            });
            return true;
        }
        if !each(Entry {
            name: member,
            bytes,
        }) {
            return false;
        }
    }
    true
}

fn zip_entries(
    name: &str,
    file: impl Read,
    each: &mut dyn FnMut(Entry) -> bool,
    skipped: &mut dyn FnMut(Skipped),
) -> bool {
    // The zip reader needs to seek: the archive is read whole (bounded), then walked.
    let mut data = Vec::new();
    if let Err(e) = file.take(MAX_ZIP_BYTES + 1).read_to_end(&mut data) {
        skipped(Skipped {
            name: name.to_owned(),
            reason: e.to_string(),
        });
        return true;
    }
    if data.len() as u64 > MAX_ZIP_BYTES {
        skipped(Skipped {
            name: name.to_owned(),
            reason: format!("a zip archive may have at most {MAX_ZIP_BYTES} bytes"),
        });
        return true;
    }
    let mut archive = match zip::ZipArchive::new(io::Cursor::new(data)) {
        Ok(a) => a,
        Err(e) => {
            skipped(Skipped {
                name: name.to_owned(),
                reason: e.to_string(),
            });
            return true;
        }
    };
    for i in 0..archive.len() {
        let mut f = match archive.by_index(i) {
            Ok(f) => f,
            Err(e) => {
                skipped(Skipped {
                    name: format!("{name}!#{i}"),
                    reason: e.to_string(),
                });
                continue;
            }
        };
        if !f.is_file() {
            continue;
        }
        let member = format!("{name}!{}", f.name());
        if f.size() > MAX_FILE_BYTES {
            skipped(Skipped {
                name: member,
                reason: format!("larger than {MAX_FILE_BYTES} bytes"),
            });
            continue;
        }
        let mut bytes = Vec::new();
        if let Err(e) = (&mut f).take(MAX_FILE_BYTES).read_to_end(&mut bytes) {
            skipped(Skipped {
                name: member,
                reason: e.to_string(),
            });
            continue;
        }
        if !each(Entry {
            name: member,
            bytes,
        }) {
            return false;
        }
    }
    true
}

/// The largest zip archive read (it is held in memory whole).
pub const MAX_ZIP_BYTES: u64 = 512 << 20;
