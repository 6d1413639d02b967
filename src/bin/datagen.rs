//! Training positions for the tuner (`tune`), from Maxim playing itself: a tool apart from the
//! engine. `cargo run --release --bin datagen -- OUT GAMES [NODES [THREADS [SEED]]]`.
//!
//! Why self-play at a fixed node count: the tuner fits the evaluation to what happens after a
//! position, and the games that say that best are the engine's own, played fast enough that
//! millions of positions take hours, not weeks. A node count instead of a clock makes every
//! game repeat exactly from its seed, whatever the machine's load.
//!
//! Each game starts from the standard position and 8 or 9 random legal moves (so either side
//! can be first to think), and is tried again from other random moves if a search there
//! scores more than [`MAX_OPENING_SCORE`] either way: an opening already lost teaches little.
//! Every move is then a search of NODES nodes (5,000 by default), the table and histories kept
//! through the game. The game ends by the rules (mate, stalemate, threefold repetition, the
//! fifty-move rule, bare material) or by agreement of the searches: a win once the score has
//! stayed at [`WIN_SCORE`] or more for the same side [`WIN_PLIES`] plies in a row, a draw once
//! it has stayed within [`DRAW_SCORE`] of 0 for [`DRAW_PLIES`] plies after ply [`DRAW_FROM`].
//! A game still going at [`MAX_PLIES`] has no result and is dropped.
//!
//! OUT gets one line per kept position, `FEN;RESULT;SCORE`: the result 1.0, 0.5 or 0.0 and the
//! search's score in centipawns, both from White's side. A position is kept, as
//! `tools/texel_data.py` keeps one from a match, when it is past the random moves, the side to
//! move is not in check, the move searched is not a capture or promotion, the score is not a
//! mate or table win, and the fifty-move count is at most 80. The games are shared among
//! THREADS threads (all cores by default); game `i` always draws its random moves from SEED
//! and `i`, so the same arguments give the same lines, in an order that depends on the threads.

use maxim::chess::board::Board;
use maxim::chess::movegen::{generate_legal, MoveList};
use maxim::chess::rng::Rng;
use maxim::chess::types::{Colour, Move};
use maxim::search::options::SearchOptions;
use maxim::search::report::{Reporter, SearchInfo};
use maxim::search::score::TB_WIN_BOUND;
use maxim::search::time::Limits;
use maxim::search::tt::TranspositionTable;
use maxim::search::{SearchInputs, Searcher, Signals, ThreadData};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Random plies at the start of a game (one more in every other game).
const RANDOM_PLIES: usize = 8;
/// An opening scored beyond this (centipawns) is drawn again.
const MAX_OPENING_SCORE: i32 = 300;
/// Adjudicated a win: this score or more for one side ...
const WIN_SCORE: i32 = 1000;
/// ... for this many plies in a row.
const WIN_PLIES: usize = 8;
/// Adjudicated a draw: within this of 0 ...
const DRAW_SCORE: i32 = 10;
/// ... for this many plies in a row ...
const DRAW_PLIES: usize = 12;
/// ... from this ply on.
const DRAW_FROM: usize = 80;
/// A game this long has no result and is dropped.
const MAX_PLIES: usize = 400;
/// Hash size per thread, in MiB.
const HASH_MIB: usize = 16;

/// A reporter that drops every report: the tool wants only the results.
struct Silent;

impl Reporter for Silent {
    fn info(&mut self, _info: &SearchInfo) {}
    fn best_move(&mut self, _best: Move, _ponder: Move) {}
}

/// One thread's searcher state, kept from move to move.
struct Player {
    tt: TranspositionTable,
    signals: Signals,
    data: Option<Box<ThreadData>>,
    options: SearchOptions,
    nodes: u64,
}

impl Player {
    fn new(nodes: u64) -> Player {
        Player {
            tt: TranspositionTable::new(HASH_MIB),
            signals: Signals::default(),
            data: Some(ThreadData::new()),
            options: SearchOptions::default(),
            nodes,
        }
    }

    /// A new game: an empty table, and histories that the next search forgets.
    fn new_game(&mut self) {
        self.tt.clear(1);
        self.signals.games.fetch_add(1, Ordering::Relaxed);
    }

    /// The best move and its score (the mover's view) from `board`, `history` being the keys
    /// of the game's positions before it.
    fn search(&mut self, board: &Board, history: &[u64]) -> (Move, i32) {
        let limits = Limits { nodes: Some(self.nodes), ..Limits::default() };
        self.signals.start_search();
        let mut silent = Silent;
        let inputs = SearchInputs {
            tt: &self.tt,
            signals: &self.signals,
            limits: &limits,
            history,
            options: &self.options,
            threads: 1,
            tablebases: None,
        };
        let data = self.data.take().unwrap_or_else(ThreadData::new);
        let mut searcher = Searcher::for_thread(inputs, 0, data, Some(&mut silent));
        let result = searcher.run(board, &[]);
        self.data = Some(searcher.into_thread_data());
        (result.best_move, result.score)
    }
}

/// A kept position: its FEN and the search's score from White's side.
struct Sample {
    fen: String,
    score: i32,
}

/// How a game ended, from White's side: 1.0, 0.5 or 0.0; None if it has no result.
type Outcome = Option<f64>;

/// The legal moves of `board`.
fn legal_moves(board: &Board) -> MoveList {
    let mut list = MoveList::new();
    generate_legal(board, &mut list);
    list
}

/// The game's start: the standard position after random legal moves, balanced enough by a
/// search's score. Returns the board and the keys of the positions before it.
fn opening(player: &mut Player, rng: &mut Rng, extra_ply: bool) -> (Board, Vec<u64>) {
    'draw: loop {
        let mut board = Board::start();
        let mut keys = Vec::new();
        for _ in 0..RANDOM_PLIES + usize::from(extra_ply) {
            let moves = legal_moves(&board);
            if moves.is_empty() {
                continue 'draw;
            }
            keys.push(board.key());
            board.make_move(moves.as_slice()[rng.below(moves.len())]);
        }
        if legal_moves(&board).is_empty() {
            continue;
        }
        player.new_game();
        let (_, score) = player.search(&board, &keys);
        if score.abs() <= MAX_OPENING_SCORE {
            player.new_game();
            return (board, keys);
        }
    }
}

/// Plays game number `index` and returns its kept positions and its result.
fn play(player: &mut Player, seed: u64, index: u64) -> (Vec<Sample>, Outcome) {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (mut board, mut keys) = opening(player, &mut rng, index % 2 == 1);
    let mut samples = Vec::new();
    // Plies in a row the score has been a win for the side of `win_sign`, or level.
    let (mut win_run, mut win_sign, mut draw_run) = (0usize, 0, 0usize);
    for ply in 0..MAX_PLIES {
        let moves = legal_moves(&board);
        if moves.is_empty() {
            let outcome = if !board.in_check() {
                0.5
            } else if board.side() == Colour::White {
                0.0
            } else {
                1.0
            };
            return (samples, Some(outcome));
        }
        let repeats = keys.iter().filter(|&&k| k == board.key()).count();
        if repeats >= 2 || board.halfmove_clock() >= 100 || board.is_insufficient_material() {
            return (samples, Some(0.5));
        }
        let (best, score) = player.search(&board, &keys);
        let white_score = if board.side() == Colour::White { score } else { -score };
        let quiet = board.captured_kind(best) == 0 && best.promotion() == 0;
        if quiet && !board.in_check() && score.abs() < TB_WIN_BOUND && board.halfmove_clock() <= 80 {
            samples.push(Sample { fen: board.to_fen(), score: white_score });
        }
        // Adjudication by the searches' agreement.
        let sign = if white_score.abs() >= WIN_SCORE { white_score.signum() } else { 0 };
        win_run = if sign == 0 {
            0
        } else if sign == win_sign {
            win_run + 1
        } else {
            1
        };
        win_sign = sign;
        if win_run >= WIN_PLIES {
            return (samples, Some(if sign > 0 { 1.0 } else { 0.0 }));
        }
        draw_run = if white_score.abs() <= DRAW_SCORE { draw_run + 1 } else { 0 };
        if ply >= DRAW_FROM && draw_run >= DRAW_PLIES {
            return (samples, Some(0.5));
        }
        keys.push(board.key());
        board.make_move(best);
    }
    (samples, None)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(out), Some(games)) = (args.first(), args.get(1).and_then(|g| g.parse::<u64>().ok())) else {
        eprintln!("usage: datagen OUT GAMES [NODES [THREADS [SEED]]]");
        std::process::exit(2);
    };
    let nodes: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(5_000);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads: u64 = args.get(3).and_then(|t| t.parse().ok()).unwrap_or(cores as u64).max(1);
    let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let file = File::create(out).unwrap_or_else(|e| {
        eprintln!("cannot create {out}: {e}");
        std::process::exit(2);
    });
    let writer = Mutex::new(BufWriter::new(file));
    let (next, done, kept, dropped) = (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
    let results = [AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)];
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut player = Player::new(nodes);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= games {
                        break;
                    }
                    let (samples, outcome) = play(&mut player, seed, index);
                    let Some(result) = outcome else {
                        dropped.fetch_add(1, Ordering::Relaxed);
                        continue;
                    };
                    results[(result * 2.0) as usize].fetch_add(1, Ordering::Relaxed);
                    let mut text = String::new();
                    for s in &samples {
                        text.push_str(&format!("{};{result:.1};{}\n", s.fen, s.score));
                    }
                    let mut w = writer.lock().unwrap_or_else(|e| e.into_inner());
                    if let Err(e) = w.write_all(text.as_bytes()) {
                        eprintln!("cannot write {out}: {e}");
                        std::process::exit(1);
                    }
                    drop(w);
                    kept.fetch_add(samples.len() as u64, Ordering::Relaxed);
                    let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if finished % 1000 == 0 {
                        let secs = start.elapsed().as_secs_f64();
                        eprintln!(
                            "{finished} games, {} positions, {:.1} games/s",
                            kept.load(Ordering::Relaxed),
                            finished as f64 / secs
                        );
                    }
                }
            });
        }
    });
    if let Err(e) = writer.into_inner().unwrap_or_else(|e| e.into_inner()).flush() {
        eprintln!("cannot write {out}: {e}");
        std::process::exit(1);
    }
    let load = |a: &AtomicU64| a.load(Ordering::Relaxed);
    eprintln!(
        "{} games ({} won by White, {} drawn, {} by Black; {} dropped at {MAX_PLIES} plies), {} positions, {:.0} s",
        load(&done),
        load(&results[2]),
        load(&results[1]),
        load(&results[0]),
        load(&dropped),
        load(&kept),
        start.elapsed().as_secs_f64()
    );
}
