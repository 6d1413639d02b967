//! Damaged Syzygy tables, as Maxim reads them: the real 3- and 4-piece tables of
//! `tests/data/syzygy` are served from memory with one file replaced by the input (its first
//! byte picks which file; the rest is the file). Then what the engine does with tables is done
//! with them: loading (the name, size and magic checks), WDL and DTZ probes of positions of
//! the replaced file's ending and of endings that capture into it, and the root ranking.
//! Nothing may panic or hang; a probe may fail, or answer wrongly (a table can be damaged in
//! ways no check can see), but must answer.
//!
//! The probing library's own fuzz target feeds one pawn ending's WDL file to one probe; this
//! one covers DTZ files, pawnless tables, the sub-tables a probe reaches through captures, and
//! Maxim's use of them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use maxim::chess::board::Board;
use maxim::chess::movegen::{generate_legal, MoveList};
use maxim::chess::types::Move;
use maxim::syzygy::filesystem::{Filesystem, RandomAccessFile, ReadHint};
use maxim::syzygy::root::RootContext;
use maxim::syzygy::Tablebases;
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The tables' folder as the harness names it (no such folder exists: files come from memory).
const FOLDER: &str = "/tables";
/// Positions probed per input, and positions whose root moves are ranked.
const PROBES: usize = 12;
const RANKINGS: usize = 2;

/// The real tables, by file name, and the oracle's positions, by the ending they belong to.
struct Data {
    files: BTreeMap<String, Arc<[u8]>>,
    positions: BTreeMap<String, Vec<Board>>,
}

fn data() -> &'static Data {
    static DATA: OnceLock<Data> = OnceLock::new();
    DATA.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data");
        let mut files = BTreeMap::new();
        for entry in std::fs::read_dir(root.join("syzygy")).expect("tests/data/syzygy") {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".rtbw") || name.ends_with(".rtbz") {
                files.insert(name, Arc::from(std::fs::read(&path).unwrap()));
            }
        }
        let mut positions: BTreeMap<String, Vec<Board>> = BTreeMap::new();
        let oracle = std::fs::read_to_string(root.join("syzygy-oracle.epd")).expect("the oracle's positions");
        for line in oracle.lines() {
            let board = Board::from_fen(line.split(';').next().unwrap().trim()).unwrap();
            positions.entry(ending(&board)).or_default().push(board);
        }
        Data { files, positions }
    })
}

/// An ending's name from its two sides' letters, the stronger side first, as tables are named
/// (more pieces first; between equal counts, the more valuable pieces first).
fn normalize(a: &str, b: &str) -> String {
    let value = |s: &str| s.chars().map(|c| "KPNBRQ".find(c).unwrap_or(0)).map(|v| 1usize << (3 * v)).sum::<usize>();
    if (a.len(), value(a)) >= (b.len(), value(b)) {
        format!("{a}v{b}")
    } else {
        format!("{b}v{a}")
    }
}

/// True when a capture in `larger` can leave `smaller` (one of its pieces other than a king
/// taken).
fn captures_into(larger: &str, smaller: &str) -> bool {
    let Some((a, b)) = larger.split_once('v') else { return false };
    let without = |side: &str, i: usize| side[..i].to_string() + &side[i + 1..];
    (1..a.len()).any(|i| normalize(&without(a, i), b) == smaller)
        || (1..b.len()).any(|i| normalize(a, &without(b, i)) == smaller)
}

/// The ending of a position as its table is named, stronger side first (`KQvKR`).
fn ending(board: &Board) -> String {
    use maxim::chess::types::{Colour, BISHOP, KNIGHT, PAWN, QUEEN, ROOK};
    let side = |colour| {
        let mut name = String::from("K");
        for (kind, letter) in [(QUEEN, 'Q'), (ROOK, 'R'), (BISHOP, 'B'), (KNIGHT, 'N'), (PAWN, 'P')] {
            for _ in 0..board.piece_set(colour, kind).count_ones() {
                name.push(letter);
            }
        }
        name
    };
    normalize(&side(Colour::White), &side(Colour::Black))
}

/// The tables in memory, one file replaced.
struct MemoryFs {
    files: BTreeMap<String, Arc<[u8]>>,
}

struct MemoryFile(Arc<[u8]>);

impl Filesystem for MemoryFs {
    fn regular_file_size(&self, path: &Path) -> io::Result<u64> {
        Ok(self.file(path)?.len() as u64)
    }
    fn read_dir(&self, _path: &Path) -> io::Result<Vec<PathBuf>> {
        Ok(self.files.keys().map(|name| Path::new(FOLDER).join(name)).collect())
    }
    fn open(&self, path: &Path) -> io::Result<Box<dyn RandomAccessFile>> {
        Ok(Box::new(MemoryFile(self.file(path)?)))
    }
}

impl MemoryFs {
    fn file(&self, path: &Path) -> io::Result<Arc<[u8]>> {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        self.files.get(name).cloned().ok_or_else(|| io::ErrorKind::NotFound.into())
    }
}

impl RandomAccessFile for MemoryFile {
    fn read_at(&self, buf: &mut [u8], offset: u64, _hint: ReadHint) -> io::Result<usize> {
        let start = usize::try_from(offset).unwrap_or(usize::MAX).min(self.0.len());
        let n = buf.len().min(self.0.len() - start);
        buf[..n].copy_from_slice(&self.0[start..start + n]);
        Ok(n)
    }
}

fuzz_target!(|input: &[u8]| {
    let Some((&pick, content)) = input.split_first() else { return };
    let data = data();
    let mut files = data.files.clone();
    let name = files.keys().nth(pick as usize % files.len()).unwrap().clone();
    files.insert(name.clone(), Arc::from(content));
    let tables = Tablebases::load_from(Arc::new(MemoryFs { files }), FOLDER);
    let replaced = &name[..name.len() - 5];
    // Positions of the replaced ending, then of the endings one piece larger that can capture
    // into it (their probes read it as a sub-table).
    let larger = data.positions.iter().filter(|(e, _)| captures_into(e, replaced)).flat_map(|(_, b)| b.iter());
    let boards: Vec<&Board> =
        data.positions.get(replaced).into_iter().flatten().take(PROBES).chain(larger.take(PROBES)).collect();
    for board in &boards {
        let _ = tables.probe_wdl(board);
        let _ = tables.probe_dtz(board);
    }
    for board in boards.iter().take(RANKINGS) {
        let mut list = MoveList::new();
        generate_legal(board, &mut list);
        let moves: Vec<Move> = list.iter().copied().collect();
        let _ = tables.rank_root_moves(RootContext { board, history: &[] }, &moves);
    }
    assert!(!tables.panicked(), "the prober panicked on a damaged {name}");
});
