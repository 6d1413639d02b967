//! Syzygy endgame tablebases: what they say about a position with few pieces, read through
//! shakmaty-syzygy (a safe-Rust prober, the one behind the lichess tablebase server). The
//! search asks two questions of them:
//! * **WDL**, win/draw/loss under the 50-move rule, of a position just after a capture or a
//!   pawn move; the search scores such a node from it instead of searching on (`search`);
//! * **DTZ**, the distance in plies to the next capture or pawn move on the winning (or
//!   longest losing) line; at the root it ranks the moves so that a won game is converted
//!   before the 50-move rule ends it and a drawn one is never lost (`root`).
//!
//! From the bottom up: `position` (Maxim's board in the library's terms), `folders` (a
//! `SyzygyPath` value to checked table files) and `root` (the root moves ranked).
//!
//! Nothing read from disk may stop the engine. Files are checked when the path is set; a
//! probe that fails later (a file damaged or changed on disk, a table missing) answers
//! "unknown", and the search goes on without the tables' help. An ending whose probe failed
//! on a damaged file is not probed again (up to [`MAX_FAILED_ENDINGS`] of them; past that,
//! no table is). A panic inside the library is caught at the probe, and from then on these
//! tables are not asked again.

pub mod folders;
pub mod position;
pub mod root;

use crate::chess::board::Board;
use folders::{check, piece_count, split_folders, TableKind};
use position::to_library;
use shakmaty::Chess;
use shakmaty_syzygy::filesystem::{Filesystem, OsFilesystem};
use shakmaty_syzygy::{ProbeError, SyzygyError, Tablebase};
use std::collections::BTreeSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

pub use shakmaty_syzygy::filesystem;

/// The outcome of a position with best play, under the 50-move rule, from the side to move's
/// point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Wdl {
    /// Lost.
    Loss = -2,
    /// Lost, but the 50-move rule saves it: the opponent cannot force a capture, pawn move
    /// or mate in time.
    BlessedLoss = -1,
    /// Drawn.
    Draw = 0,
    /// Won, but only beyond the 50-move rule: a draw when the rule is claimed.
    CursedWin = 1,
    /// Won.
    Win = 2,
}

impl Wdl {
    /// The same outcome for the other side.
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }
}

/// What loading a `SyzygyPath` found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadReport {
    /// Distinct WDL and DTZ tables kept.
    pub wdl: usize,
    /// See `wdl`.
    pub dtz: usize,
    /// The most pieces of a WDL table kept (0 with none).
    pub max_pieces: usize,
    /// The folders named.
    pub folders: usize,
    /// One line per folder or file left out, saying why.
    pub problems: Vec<String>,
}

/// How many endings whose probes failed are remembered (and not probed again); one more
/// failure turns the tables off.
pub const MAX_FAILED_ENDINGS: usize = 16;

/// A loaded set of tables, shared by every search thread.
pub struct Tablebases {
    library: Tablebase<Chess>,
    report: LoadReport,
    /// Set when a probe panicked inside the library, or too many endings failed: the tables
    /// are not asked again.
    broken: AtomicBool,
    /// The material signatures (see [`material_signature`]) of the endings whose probe
    /// failed; the first `failed_endings` slots are in use. Read without a lock: a probe
    /// scans at most [`MAX_FAILED_ENDINGS`] words, and none at all while nothing has failed.
    failed: [AtomicU64; MAX_FAILED_ENDINGS],
    failed_endings: AtomicUsize,
    /// Set when the library panicked (also sets `broken`): for the fuzz target, which must
    /// see a panic that the probe caught.
    panicked: AtomicBool,
    /// Probes that failed on a table that is there (a read error, a damaged file), and the
    /// first such failure's text, for the user (see [`Tablebases::take_failures`]).
    failures: AtomicU64,
    first_failure: Mutex<Option<String>>,
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases").field("report", &self.report).finish_non_exhaustive()
    }
}

impl Tablebases {
    /// Loads the tables in the folders `path` names (see [`folders::split_folders`]). Every
    /// folder and file that cannot be used is left out, with its reason in the report.
    pub fn load(path: &str) -> Tablebases {
        Tablebases::load_from(Arc::new(OsFilesystem::new()), path)
    }

    /// [`Tablebases::load`], reading through `fs` (for tests and the fuzz target, which
    /// serve tables from memory).
    pub fn load_from(fs: Arc<dyn Filesystem>, path: &str) -> Tablebases {
        let mut library = Tablebase::with_filesystem(Arc::clone(&fs));
        let mut report = LoadReport::default();
        let (mut wdl, mut dtz) = (BTreeSet::new(), BTreeSet::new());
        let folders = split_folders(path);
        report.folders = folders.len();
        for folder in folders {
            let found = match folders::candidates(fs.as_ref(), &folder) {
                Ok(found) => found,
                Err(e) => {
                    report.problems.push(format!("folder {e}; skipped"));
                    continue;
                }
            };
            for candidate in found {
                let added = check(fs.as_ref(), &candidate).and_then(|()| {
                    library.add_file(&candidate.path).map_err(|e| format!("{}: {e}", candidate.path.display()))
                });
                if let Err(e) = added {
                    report.problems.push(format!("{e}; skipped"));
                    continue;
                }
                if candidate.kind == TableKind::Wdl {
                    report.max_pieces = report.max_pieces.max(piece_count(&candidate.material));
                    wdl.insert(candidate.material);
                } else {
                    dtz.insert(candidate.material);
                }
            }
        }
        (report.wdl, report.dtz) = (wdl.len(), dtz.len());
        Tablebases {
            library,
            report,
            broken: AtomicBool::new(false),
            failed: std::array::from_fn(|_| AtomicU64::new(0)),
            failed_endings: AtomicUsize::new(0),
            panicked: AtomicBool::new(false),
            failures: AtomicU64::new(0),
            first_failure: Mutex::new(None),
        }
    }

    /// What loading found.
    pub fn report(&self) -> &LoadReport {
        &self.report
    }

    /// The most pieces a position may have to be probed (0: no usable tables).
    pub fn max_pieces(&self) -> usize {
        if self.broken.load(Ordering::Relaxed) {
            0
        } else {
            self.report.max_pieces
        }
    }

    /// The WDL outcome of `board` as if it had just been reached by a capture or pawn move
    /// (the tables assume the 50-move count starts there). None when the position is not in
    /// the tables or the probe fails. `board` must have no castling rights.
    pub fn probe_wdl(&self, board: &Board) -> Option<Wdl> {
        let wdl = self.probe(board, |library, pos| library.probe_wdl_after_zeroing(pos))?;
        Some(match wdl {
            shakmaty_syzygy::Wdl::Loss => Wdl::Loss,
            shakmaty_syzygy::Wdl::BlessedLoss => Wdl::BlessedLoss,
            shakmaty_syzygy::Wdl::Draw => Wdl::Draw,
            shakmaty_syzygy::Wdl::CursedWin => Wdl::CursedWin,
            shakmaty_syzygy::Wdl::Win => Wdl::Win,
        })
    }

    /// The DTZ of `board`: plies to the next capture or pawn move with best play, positive
    /// when the side to move wins, negative when it loses, 0 in a draw; beyond 100 in size
    /// for a win or loss that the 50-move rule turns into a draw. Some tables store it
    /// rounded, so it may be one ply too large. None when the position or its DTZ table is
    /// not there, or the probe fails. `board` must have no castling rights.
    pub fn probe_dtz(&self, board: &Board) -> Option<i32> {
        self.probe(board, |library, pos| library.probe_dtz(pos)).map(|dtz| dtz.ignore_rounding().0)
    }

    /// One probe: the position converted, the library asked, its failures counted and its
    /// panics caught.
    fn probe<T>(
        &self,
        board: &Board,
        ask: impl FnOnce(&Tablebase<Chess>, &Chess) -> Result<T, SyzygyError>,
    ) -> Option<T> {
        if self.broken.load(Ordering::Relaxed) || board.castling() != 0 {
            return None;
        }
        let failed = self.failed_endings.load(Ordering::Acquire).min(MAX_FAILED_ENDINGS);
        if failed > 0 {
            let signature = material_signature(board);
            if self.failed[..failed].iter().any(|f| f.load(Ordering::Relaxed) == signature) {
                return None;
            }
        }
        let pos = to_library(board)?;
        match catch_unwind(AssertUnwindSafe(|| ask(&self.library, &pos))) {
            Ok(Ok(value)) => Some(value),
            // Not in these tables: nothing went wrong.
            Ok(Err(SyzygyError::MissingTable { .. } | SyzygyError::TooManyPieces | SyzygyError::Castling)) => None,
            Ok(Err(e)) => {
                self.note_failure(|| describe(&e));
                self.forget_ending(board);
                None
            }
            Err(_) => {
                self.broken.store(true, Ordering::Relaxed);
                self.panicked.store(true, Ordering::Relaxed);
                self.note_failure(|| "the probing library failed; the tables are no longer used".into());
                None
            }
        }
    }

    /// Marks the ending of `board` as one not to probe again; too many such endings turn
    /// the tables off.
    fn forget_ending(&self, board: &Board) {
        let slot = self.failed_endings.load(Ordering::Relaxed);
        if slot >= MAX_FAILED_ENDINGS {
            self.broken.store(true, Ordering::Relaxed);
            return;
        }
        // Two threads may race for a slot; the loser's ending is simply failed again later.
        self.failed[slot].store(material_signature(board), Ordering::Relaxed);
        let _ = self.failed_endings.compare_exchange(slot, slot + 1, Ordering::Release, Ordering::Relaxed);
    }

    fn note_failure(&self, text: impl FnOnce() -> String) {
        if self.failures.fetch_add(1, Ordering::Relaxed) == 0 {
            let text = text();
            log::error!("Syzygy: {text}");
            if let Ok(mut first) = self.first_failure.lock() {
                *first = Some(text);
            }
        }
    }

    /// True once a probe has panicked inside the library (and the tables were turned off).
    pub fn panicked(&self) -> bool {
        self.panicked.load(Ordering::Relaxed)
    }

    /// The failed probes since the last call, with the first one's text: for the engine to
    /// tell the user once per search, not once per probe.
    pub fn take_failures(&self) -> Option<(u64, String)> {
        let count = self.failures.swap(0, Ordering::Relaxed);
        let first = self.first_failure.lock().ok().and_then(|mut f| f.take());
        (count > 0).then(|| (count, first.unwrap_or_default()))
    }
}

/// The material of a position as a number: four bits per count of each side's pawns,
/// knights, bishops, rooks and queens. Positions of one ending share it.
fn material_signature(board: &Board) -> u64 {
    use crate::chess::types::{Colour, BISHOP, KNIGHT, PAWN, QUEEN, ROOK};
    let mut signature = 0;
    for colour in [Colour::White, Colour::Black] {
        for kind in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN] {
            signature = signature << 4 | u64::from(board.piece_set(colour, kind).count_ones().min(15));
        }
    }
    signature
}

/// A failed probe in one line: which table, and what went wrong with it (the library's own
/// text of a damaged table carries a backtrace, which a GUI's one-line `info string` cannot).
fn describe(error: &SyzygyError) -> String {
    match error {
        SyzygyError::ProbeFailed { metric, material, error } => {
            let what = match error.as_ref() {
                ProbeError::Read { error } => format!("cannot be read ({error})"),
                ProbeError::Magic { .. } => "is not a Syzygy table".to_string(),
                ProbeError::CorruptedTable { .. } => "is damaged".to_string(),
            };
            format!("the {metric} table {material} {what}")
        }
        other => other.to_string().lines().next().unwrap_or_default().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tables() -> Tablebases {
        Tablebases::load(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy"))
    }

    #[test]
    fn the_test_tables_load_whole() {
        let tables = tables();
        let report = tables.report();
        assert_eq!((report.wdl, report.dtz, report.max_pieces, report.folders), (35, 35, 4, 1));
        assert!(report.problems.is_empty(), "{:?}", report.problems);
    }

    #[test]
    fn known_values() {
        let tables = tables();
        let probe = |fen: &str| {
            let board = Board::from_fen(fen).unwrap();
            (tables.probe_wdl(&board), tables.probe_dtz(&board))
        };
        // The example of the test tables' README: KBN v K, the bare king to move, lost.
        assert_eq!(probe("8/8/8/8/B7/N7/K2k4/8 b - - 0 1"), (Some(Wdl::Loss), Some(-59)));
        assert_eq!(probe("8/8/8/8/8/8/8/K6k w - - 0 1"), (Some(Wdl::Draw), Some(0)), "bare kings");
        assert_eq!(probe("8/8/8/4k3/8/8/8/4K2R w - - 0 1").0, Some(Wdl::Win));
        // Five pieces: not in these tables.
        assert_eq!(probe("8/8/8/4k3/8/8/3PP3/4K2R w - - 0 1"), (None, None));
        assert_eq!(tables.take_failures(), None, "nothing failed");
    }

    #[test]
    fn a_path_with_nothing_in_it_loads_nothing() {
        for path in ["", "<empty>", "/no/such/folder"] {
            let tables = Tablebases::load(path);
            assert_eq!(tables.max_pieces(), 0, "{path}");
            let board = Board::from_fen("8/8/8/4k3/8/8/8/4K2R w - - 0 1").unwrap();
            assert_eq!(tables.probe_wdl(&board), None);
        }
        assert_eq!(Tablebases::load("/no/such/folder").report().problems.len(), 1);
    }
}
