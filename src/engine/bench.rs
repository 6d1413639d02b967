//! `bench`: a fixed set of positions searched to a fixed depth, one after another, with one
//! 16 MiB table made empty at the start and kept from position to position, as a game keeps
//! it (older entries age out, as they do between moves). The total node count is a checksum
//! of search behaviour: it is the same on every run and every machine, and changes exactly
//! when the search does. The last line is OpenBench's `N nodes M nps`, and the search lasts a
//! few seconds (about 3.5 s on the development machine), long enough for its node rate to
//! mean something: OpenBench scales its clocks by it.

use crate::chess::board::Board;
use crate::search::options::SearchOptions;
use crate::search::report::Collector;
use crate::search::time::Limits;
use crate::search::tt::TranspositionTable;
use crate::search::{Searcher, Signals};
use std::time::{Duration, Instant};

/// Depth each position is searched to.
pub const BENCH_DEPTH: u32 = 12;
/// Hash size for bench, in MiB.
pub const BENCH_HASH_MIB: usize = 16;

/// Openings, middlegames, endgames, tactics and mates; one per line.
pub const POSITIONS: &[&str] = &[
    // Openings
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "rnbqkb1r/ppp1pppp/5n2/3p4/3P1B2/5N2/PPP1PPPP/RN1QKB1R b KQkq - 3 3",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 5",
    // Middlegames
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
    "2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PNBPN2/PB3PPP/R2Q1RK1 w - - 2 11",
    "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 4 12",
    "3r1rk1/p4ppp/1qn1p3/2bpP3/8/2P2N2/PP1Q1PPP/R1B2RK1 w - - 0 16",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3BP3/2NB4/PPPQ1PPP/2KR3R w - - 0 13",
    // Tactics
    "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
    "2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - 0 1",
    "r1bqk2r/ppp2ppp/2n5/3np3/1bB5/2N2N2/PPPP1PPP/R1BQ1RK1 w kq - 0 7",
    "6k1/5p1p/p1q1p1pQ/1p1nP3/3P4/P7/1P3PPP/2R3K1 w - - 0 1",
    // Endgames
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
    "8/8/1p6/p1p3k1/P1P5/1P3K2/8/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/5pk1/6p1/8/8/6P1/5PK1/3R4 w - - 0 1",
    "8/8/8/4k3/8/8/3QK3/8 w - - 0 1",
    "8/4kp2/6p1/1P2P3/8/6P1/5K2/8 w - - 0 1",
    "2r5/8/8/4k3/8/8/4PK2/4R3 w - - 0 1",
    // Mates and forced lines
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "2kr3r/ppp2ppp/8/8/1b6/8/PPP2PPP/R1B1K2R w KQ - 0 1",
    "7k/8/6K1/8/8/8/8/6Q1 w - - 0 1",
];

/// One position's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchLine {
    /// The position.
    pub fen: &'static str,
    /// Nodes searched.
    pub nodes: u64,
    /// The move chosen, in UCI notation.
    pub best_move: String,
}

/// Runs the bench at `depth` and returns the per-position results, total nodes and the
/// time spent searching in milliseconds.
pub fn run(depth: u32) -> (Vec<BenchLine>, u64, u64) {
    let signals = Signals::default();
    // The clock runs only while searching: setting up a position is not search work.
    let mut searching = Duration::ZERO;
    let mut lines = Vec::with_capacity(POSITIONS.len());
    let tt = TranspositionTable::new(BENCH_HASH_MIB);
    for &fen in POSITIONS {
        let board = Board::from_fen(fen).expect("bench positions are valid");
        let mut collector = Collector::default();
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let mut searcher = Searcher::new(&tt, &mut collector, &signals, limits, &[], &SearchOptions::default());
        let start = Instant::now();
        let result = searcher.run(&board, &[]);
        searching += start.elapsed();
        lines.push(BenchLine { fen, nodes: result.nodes, best_move: result.best_move.to_uci() });
    }
    let total = lines.iter().map(|l| l.nodes).sum();
    (lines, total, searching.as_millis() as u64)
}

/// The bench report as lines: one per position, then the totals, with OpenBench's
/// `N nodes M nps` last.
pub fn report(depth: u32) -> Vec<String> {
    let (lines, total, ms) = run(depth);
    let mut out: Vec<String> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            format!(
                "position {:>2}/{}: nodes {:>9} bestmove {:<5} {}",
                i + 1,
                POSITIONS.len(),
                l.nodes,
                l.best_move,
                l.fen
            )
        })
        .collect();
    let nps = total * 1000 / ms.max(1);
    out.push(format!("Total time (ms) : {ms}"));
    out.push(format!("Nodes searched  : {total}"));
    out.push(format!("Nodes/second    : {nps}"));
    out.push(format!("{total} nodes {nps} nps"));
    out
}
