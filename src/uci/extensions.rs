//! The commands beyond UCI that people type at the engine: `d`, `eval`, `bench`, `perft` and
//! `help`. Each writes its lines to stdout and returns.

use super::output::send_line;
use crate::chess::board::Board;
use crate::chess::perft::divide_report;
use crate::chess::values::FULL_PHASE;
use crate::engine::bench;
use crate::eval::{breakdown, evaluate};

/// Deepest `bench` over UCI: it runs on the front-end thread, which answers nothing else
/// meanwhile.
const MAX_UCI_BENCH_DEPTH: u32 = 12;

/// `d`: the board, its FEN (Shredder-FEN castling with `UCI_Chess960`) and its Zobrist key.
pub fn display(board: &Board, chess960: bool) {
    for line in board.pretty().lines() {
        send_line(line);
    }
    send_line(&format!("Fen: {}", board.to_fen_as(chess960)));
    send_line(&format!("Key: {:016X}", board.key()));
}

/// `eval`: the evaluation split into its terms.
pub fn eval(board: &Board) {
    let b = breakdown(board);
    send_line("Term              (mg, eg)      White's view, centipawns");
    send_line(&format!("Material+PSQ      {:?}", b.piece_square));
    send_line(&format!("Pawn structure    {:?}", b.pawn_structure));
    send_line(&format!("Passed pawns      {:?}", b.passed_pawns));
    send_line(&format!("Pieces            {:?}", b.pieces));
    send_line(&format!("Activity          {:?}", b.activity));
    send_line(&format!("Endgame scale     {} / 64", b.scale));
    send_line(&format!("Mating            {}", b.mating));
    send_line(&format!("Phase             {} / {}", b.phase, FULL_PHASE));
    send_line(&format!("Total (White)     {}", b.white_total));
    send_line(&format!("Final (side to move, with tempo) {}", evaluate(board)));
}

/// `bench [depth]`: the fixed bench, its last line `N nodes M nps`.
pub fn run_bench(args: &[&str]) {
    let depth = args.first().and_then(|d| d.parse().ok()).unwrap_or(bench::BENCH_DEPTH);
    bench::report(depth.clamp(1, MAX_UCI_BENCH_DEPTH)).iter().for_each(|l| send_line(l));
}

/// `perft N` and `go perft N`: divide in Stockfish's format.
pub fn perft(board: &Board, depth: u32, chess960: bool) {
    let (lines, _) = divide_report(board, depth, chess960);
    lines.iter().for_each(|l| send_line(l));
}

/// `help`: the commands.
pub fn help() {
    for line in [
        "Maxim speaks UCI. Commands:",
        "  uci, isready, setoption name <N> [value <V>], ucinewgame, debug on|off, register",
        "  position startpos|fen <FEN> [moves <m1> ...]",
        "  go [searchmoves ..] [ponder] [wtime/btime/winc/binc/movestogo N] [depth N] [nodes N]",
        "     [mate N] [movetime MS] [infinite] | go perft N",
        "  stop, ponderhit, quit",
        "Extensions: d (board, FEN, key), eval (terms), bench [depth], perft N, help",
        "Try: uci, then go movetime 1000",
    ] {
        send_line(line);
    }
    if cfg!(feature = "tune") {
        send_line("Tune build: tunables (the search parameters, each also an option, as SPSA input)");
    }
}
