//! From a `SyzygyPath` value to a set of table files: the folders it names, the table files
//! in each, and a first check of every file. A folder or file that cannot be used is left
//! out with a note saying why; the others are kept.
//!
//! The probing library reads a table lazily, at its first probe, so a file that is not a
//! table would otherwise only show itself in the middle of a search. Each candidate is
//! therefore checked here the way the library will check it: its name must name a material
//! (`KQvKR.rtbw`), its size must be 16 bytes past a multiple of 64, and its first four bytes
//! must be the Syzygy magic of its kind. Damage deeper in a file is found by the probes,
//! which then fail cleanly (see `Tablebases`).

use shakmaty_syzygy::filesystem::{Filesystem, ReadHint};
use std::path::{Path, PathBuf};

/// The first bytes of a WDL table (`.rtbw`) and of a DTZ table (`.rtbz`).
const WDL_MAGIC: [u8; 4] = [0x71, 0xe8, 0x23, 0x5d];
const DTZ_MAGIC: [u8; 4] = [0xd7, 0x66, 0x0c, 0xa5];

/// What the path option means when it names nothing: the UCI default, and an empty string.
pub const EMPTY_PATH: &str = "<empty>";

/// The folders a `SyzygyPath` value names: separated by `;` on Windows (where `:` follows a
/// drive letter) and by `:` elsewhere, as Stockfish reads it. White space around each is
/// dropped; empty parts and `<empty>` name nothing.
pub fn split_folders(value: &str) -> Vec<PathBuf> {
    let separator = if cfg!(windows) { ';' } else { ':' };
    value
        .split(separator)
        .map(str::trim)
        .filter(|part| !part.is_empty() && *part != EMPTY_PATH)
        .map(PathBuf::from)
        .collect()
}

/// Which of the two kinds of table a file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    /// Win/draw/loss, `.rtbw`: what the search probes.
    Wdl,
    /// Distance to zeroing, `.rtbz`: what ranks the moves at the root.
    Dtz,
}

/// A table file found in a folder, by its kind and name without the extension (`KQvKR`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The file.
    pub path: PathBuf,
    /// WDL or DTZ.
    pub kind: TableKind,
    /// The material, as the file is named (`KQvKR`).
    pub material: String,
}

/// The table files of one folder, sorted by name, or why the folder cannot be read. Files
/// whose name is not a table's are not candidates (a README, a checksum list).
pub fn candidates(fs: &dyn Filesystem, folder: &Path) -> Result<Vec<Candidate>, String> {
    let mut entries = fs.read_dir(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    entries.sort();
    Ok(entries.into_iter().filter_map(|path| candidate(&path)).collect())
}

/// The file as a table candidate, when its name is a table's: `K...vK...` with the
/// extension of a kind.
fn candidate(path: &Path) -> Option<Candidate> {
    let kind = match path.extension()?.to_str()? {
        "rtbw" => TableKind::Wdl,
        "rtbz" => TableKind::Dtz,
        _ => return None,
    };
    let material = path.file_stem()?.to_str()?.to_string();
    let (white, black) = material.split_once('v')?;
    let is_side = |side: &str| side.starts_with('K') && side.chars().all(|c| "KQRBNP".contains(c));
    (is_side(white) && is_side(black)).then(|| Candidate { path: path.to_path_buf(), kind, material })
}

/// Why a candidate file is not a usable table, or Ok: its size and its magic bytes.
pub fn check(fs: &dyn Filesystem, candidate: &Candidate) -> Result<(), String> {
    let name = candidate.path.display();
    let size = fs.regular_file_size(&candidate.path).map_err(|e| format!("{name}: {e}"))?;
    if size % 64 != 16 {
        return Err(format!("{name}: {size} bytes is not the size of a table (truncated or damaged)"));
    }
    let file = fs.open(&candidate.path).map_err(|e| format!("{name}: {e}"))?;
    let mut magic = [0; 4];
    file.read_exact_at(&mut magic, 0, ReadHint::Header).map_err(|e| format!("{name}: {e}"))?;
    let expected = match candidate.kind {
        TableKind::Wdl => WDL_MAGIC,
        TableKind::Dtz => DTZ_MAGIC,
    };
    if magic != expected {
        return Err(format!("{name}: not a Syzygy table (its first bytes are wrong)"));
    }
    Ok(())
}

/// The number of pieces a material name counts (`KQvKR`: 4).
pub fn piece_count(material: &str) -> usize {
    material.chars().filter(|&c| c != 'v').count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_splits_on_the_system_separator() {
        assert!(split_folders("").is_empty());
        assert!(split_folders("  <empty> ").is_empty());
        assert_eq!(split_folders("/tb/with space"), [PathBuf::from("/tb/with space")]);
        if cfg!(windows) {
            assert_eq!(split_folders(r"C:\tb\345;D:\tb\6"), [PathBuf::from(r"C:\tb\345"), PathBuf::from(r"D:\tb\6")]);
        } else {
            assert_eq!(split_folders("/tb/345: /tb/6 ::"), [PathBuf::from("/tb/345"), PathBuf::from("/tb/6")]);
        }
    }

    #[test]
    fn only_table_names_are_candidates() {
        let kind = |name: &str| candidate(Path::new(name)).map(|c| (c.kind, piece_count(&c.material), c.material));
        assert_eq!(kind("/x/KQvKR.rtbw"), Some((TableKind::Wdl, 4, "KQvKR".into())));
        assert_eq!(kind("KRPvKR.rtbz"), Some((TableKind::Dtz, 5, "KRPvKR".into())));
        assert_eq!(kind("README.md"), None);
        assert_eq!(kind("KQvKR.rtbw.part"), None);
        assert_eq!(kind("QKvK.rtbw"), None);
        assert_eq!(kind("KQXvK.rtbw"), None);
        assert_eq!(kind("KQK.rtbz"), None);
    }
}
