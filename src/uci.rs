//! The front end: reads GUI commands from stdin, keeps the game state and the options, and
//! sends typed [`Command`]s to the search thread. `isready` is answered here at once, even
//! mid-search. vampirc-uci parses the fixed-form commands; `go` and `position` go through our
//! own parser (see `uci/parse.rs` for the gaps that makes necessary). vampirc-uci types stop
//! at this module's edge.

mod parse;

use crate::board::Board;
use crate::engine::{Busy, Command, Reporter, SearchInfo, SearchJob, SearchThread};
use crate::search::Signals;
use crate::tt::TranspositionTable;
use crate::types::Move;
use crossbeam_channel::Sender;
use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::JoinHandle;
use vampirc_uci::UciMessage;

/// Engine name and version as `id name` reports them.
pub const ENGINE_NAME: &str = concat!("Maxim ", env!("CARGO_PKG_VERSION"));
const AUTHOR: &str = "the Maxim developers";

/// Hash: default, minimum and maximum in MiB.
const HASH_MIB: (i64, i64, i64) = (16, 1, 65_536);
/// Move Overhead: default, minimum and maximum in ms. The default covers the pipe and
/// scheduling delays of a loaded machine with two games on two cores; 0 time losses were
/// measured with it at 1+0.01 (see the README).
const MOVE_OVERHEAD_MS: (i64, i64, i64) = (30, 0, 5000);

/// Writes one whole protocol line to stdout under the lock, and flushes it.
pub fn send_line(line: &str) {
    log::debug!(">> {line}");
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Sends `info string <text>` and logs the fault at warn level.
fn tell(text: &str) {
    log::warn!("{text}");
    send_line(&format!("info string {text}"));
}

/// The reporter the search thread uses: every report is one flushed stdout line.
pub struct StdoutReporter;

impl Reporter for StdoutReporter {
    fn info(&mut self, info: &SearchInfo) {
        send_line(&info.to_uci());
    }
    fn best_move(&mut self, best: Move, ponder: Move) {
        if ponder.is_some() {
            send_line(&format!("bestmove {best} ponder {ponder}"));
        } else {
            send_line(&format!("bestmove {best}"));
        }
    }
}

/// The UCI options.
#[derive(Clone, Copy, Debug)]
struct Options {
    hash_mib: usize,
    move_overhead_ms: u64,
    ponder: bool,
}

/// The front end's state: the game and the options. The search thread owns the rest.
pub struct FrontEnd {
    board: Board,
    history: Vec<u64>,
    options: Options,
    debug: bool,
    commands: Sender<Command>,
    signals: Arc<Signals>,
    busy: Arc<Busy>,
    search_thread: Option<JoinHandle<()>>,
}

/// Runs the UCI loop on stdin until `quit` or end of input. Returns the exit code.
pub fn run() -> i32 {
    let mut front = FrontEnd::new();
    let mut input = std::io::stdin().lock();
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match input.read_until(b'\n', &mut buffer) {
            Ok(0) => break, // EOF acts like quit
            Ok(_) => {
                if !front.handle_line(&buffer) {
                    break;
                }
            }
            Err(e) => {
                log::error!("stdin: {e}");
                break;
            }
        }
    }
    front.quit();
    0
}

impl Default for FrontEnd {
    fn default() -> Self {
        Self::new()
    }
}

impl FrontEnd {
    /// Starts the search thread and sets up the start position.
    pub fn new() -> FrontEnd {
        let (commands, receiver) = crossbeam_channel::unbounded();
        let signals = Arc::new(Signals::default());
        let busy = Arc::new(Busy::default());
        let tt = TranspositionTable::new(HASH_MIB.0 as usize);
        let thread = SearchThread::new(tt, StdoutReporter, Arc::clone(&signals), Arc::clone(&busy));
        let search_thread = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20) // deep recursion with a board copy per ply
            .spawn(move || thread.run(receiver))
            .expect("the search thread starts");
        FrontEnd {
            board: Board::start(),
            history: Vec::new(),
            options: Options {
                hash_mib: HASH_MIB.0 as usize,
                move_overhead_ms: MOVE_OVERHEAD_MS.0 as u64,
                ponder: false,
            },
            debug: false,
            commands,
            signals,
            busy,
            search_thread: Some(search_thread),
        }
    }

    /// Handles one input line (raw bytes: it may hold anything). Returns false on `quit`.
    pub fn handle_line(&mut self, raw: &[u8]) -> bool {
        let text = String::from_utf8_lossy(raw).replace('\0', " ");
        let line = text.trim();
        if line.len() > 200 {
            log::debug!("<< {}... ({} bytes)", line.chars().take(200).collect::<String>(), line.len());
        } else {
            log::debug!("<< {line}");
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        // The UCI rule for unknown words: ignore them and try the rest of the line.
        let Some(start) = tokens.iter().position(|t| is_command(t)) else {
            if !tokens.is_empty() {
                log::warn!("unknown command ignored: {}", tokens[0]);
            }
            return true;
        };
        if start > 0 {
            log::warn!("unknown tokens ignored: {}", tokens[..start].join(" "));
        }
        self.dispatch(&tokens[start..])
    }

    fn dispatch(&mut self, tokens: &[&str]) -> bool {
        let args = &tokens[1..];
        match tokens[0] {
            "go" => self.go(args),
            "position" => self.position(args),
            "d" => self.display(),
            "eval" => self.eval(),
            "bench" => self.bench(args),
            "perft" => {
                let depth = args.first().and_then(|d| d.parse::<i64>().ok()).unwrap_or(1);
                self.perft(depth.clamp(1, parse::MAX_UCI_PERFT) as u32);
            }
            "help" => help(),
            _ => return self.vampirc(&tokens.join(" ")),
        }
        true
    }

    /// The fixed-form commands, through vampirc-uci. A panic inside the parser (it has known
    /// ones) is caught and reported instead of killing the engine.
    fn vampirc(&mut self, line: &str) -> bool {
        let parsed = std::panic::catch_unwind(|| vampirc_uci::parse_one(line));
        let Ok(message) = parsed else {
            tell(&format!("could not parse '{line}'"));
            return true;
        };
        match message {
            UciMessage::Uci => self.identify(),
            UciMessage::IsReady => self.is_ready(),
            UciMessage::Debug(on) => self.debug = on,
            UciMessage::Register { .. } => {}
            UciMessage::UciNewGame => {
                self.stop_and_wait();
                let _ = self.commands.send(Command::NewGame);
            }
            UciMessage::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            UciMessage::Stop => self.stop(),
            UciMessage::PonderHit => {
                self.signals.pondering.store(false, Ordering::SeqCst);
                let _ = self.commands.send(Command::Wake);
            }
            UciMessage::Quit => return false,
            other => log::warn!("ignored: {line} ({other:?})"),
        }
        true
    }

    /// `readyok` at once during a search (without disturbing it); otherwise only after the
    /// search thread has finished what was sent before (a new hash table, ucinewgame), so a
    /// GUI that waits for `readyok` does not start our clock while we are still busy.
    fn is_ready(&self) {
        if !self.busy.is_busy() {
            let (reply, done) = crossbeam_channel::bounded(1);
            if self.commands.send(Command::Ping(reply)).is_ok() {
                let _ = done.recv();
            }
        }
        send_line("readyok");
    }

    fn identify(&self) {
        send_line(&format!("id name {ENGINE_NAME}"));
        send_line(&format!("id author {AUTHOR}"));
        send_line(&format!("option name Hash type spin default {} min {} max {}", HASH_MIB.0, HASH_MIB.1, HASH_MIB.2));
        send_line("option name Clear Hash type button");
        send_line("option name Threads type spin default 1 min 1 max 1");
        let (d, lo, hi) = MOVE_OVERHEAD_MS;
        send_line(&format!("option name Move Overhead type spin default {d} min {lo} max {hi}"));
        send_line("option name Ponder type check default false");
        send_line("uciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let spin = |(_, lo, hi): (i64, i64, i64)| -> Option<i64> {
            let text = value.unwrap_or("").trim();
            let Ok(n) = text.parse::<i64>().or_else(|_| text.parse::<f64>().map(|f| f as i64)) else {
                tell(&format!("option {name}: '{text}' is not a number; unchanged"));
                return None;
            };
            let clamped = n.clamp(lo, hi);
            if clamped != n {
                tell(&format!("option {name}: {n} is out of range {lo}..{hi}; using {clamped}"));
            }
            Some(clamped)
        };
        match name.trim().to_ascii_lowercase().as_str() {
            "hash" => {
                let Some(mib) = spin(HASH_MIB) else { return };
                match TranspositionTable::try_new(mib as usize) {
                    Ok(table) => {
                        self.options.hash_mib = mib as usize;
                        let _ = self.commands.send(Command::SetHash(Box::new(table)));
                    }
                    Err(e) => tell(&format!("{e}; keeping {} MiB", self.options.hash_mib)),
                }
            }
            "clear hash" => {
                let _ = self.commands.send(Command::ClearHash);
            }
            "threads" => {
                spin((1, 1, 1));
            }
            "move overhead" => {
                if let Some(ms) = spin(MOVE_OVERHEAD_MS) {
                    self.options.move_overhead_ms = ms as u64;
                }
            }
            "ponder" => match value.map(|v| v.trim().to_ascii_lowercase()) {
                Some(v) if v == "true" || v == "false" => self.options.ponder = v == "true",
                _ => tell(&format!("option Ponder: '{}' is not true or false; unchanged", value.unwrap_or(""))),
            },
            _ => tell(&format!("unknown option '{name}'")),
        }
    }

    fn position(&mut self, args: &[&str]) {
        let mut warnings = Vec::new();
        match parse::parse_position(args, &mut warnings) {
            Ok(p) => {
                self.board = p.board;
                self.history = p.history;
            }
            Err(e) => tell(&format!("{e}; position unchanged")),
        }
        warnings.iter().for_each(|w| tell(w));
    }

    fn go(&mut self, args: &[&str]) {
        let received = std::time::Instant::now();
        let mut warnings = Vec::new();
        let request = parse::parse_go(args, &mut warnings);
        let searchmoves = parse::parse_searchmoves(&self.board, &request.searchmoves, &mut warnings);
        warnings.iter().for_each(|w| tell(w));
        if let Some(depth) = request.perft {
            self.perft(depth);
            return;
        }
        let job = SearchJob {
            board: self.board,
            history: self.history.clone(),
            limits: request.limits_for(self.board.side()),
            searchmoves,
            wait_for_stop: request.ponder || request.limits.infinite,
            overhead_ms: self.options.move_overhead_ms,
            received,
        };
        // A go that arrives mid-search ends the running one first (it prints its bestmove).
        // Only then is `stop` cleared, so the old search cannot miss it.
        self.stop_and_wait();
        self.signals.stop.store(false, Ordering::SeqCst);
        self.signals.pondering.store(request.ponder, Ordering::SeqCst);
        self.busy.set();
        if self.commands.send(Command::Go(Box::new(job))).is_err() {
            self.busy.clear();
            log::error!("the search thread is gone");
        }
    }

    /// `stop`: ends a running search (it prints its bestmove); a stray stop does nothing.
    fn stop(&mut self) {
        if self.busy.is_busy() {
            self.signals.stop.store(true, Ordering::SeqCst);
            let _ = self.commands.send(Command::Wake);
        }
    }

    fn stop_and_wait(&mut self) {
        self.stop();
        self.busy.wait_idle();
    }

    /// Stops any search (its bestmove still goes out) and ends the search thread.
    pub fn quit(&mut self) {
        self.signals.stop.store(true, Ordering::SeqCst);
        let _ = self.commands.send(Command::Quit);
        if let Some(thread) = self.search_thread.take() {
            if thread.join().is_err() {
                log::error!("the search thread panicked");
            }
        }
    }

    fn display(&self) {
        for line in self.board.pretty().lines() {
            send_line(line);
        }
        send_line(&format!("Fen: {}", self.board.to_fen()));
        send_line(&format!("Key: {:016X}", self.board.key()));
    }

    fn eval(&self) {
        let b = crate::eval::breakdown(&self.board);
        send_line("Term              (mg, eg)      White's view, centipawns");
        send_line(&format!("Material+PSQ      {:?}", b.piece_square));
        send_line(&format!("Pawn structure    {:?}", b.pawn_structure));
        send_line(&format!("Passed pawns      {:?}", b.passed_pawns));
        send_line(&format!("Pieces            {:?}", b.pieces));
        send_line(&format!("Activity          {:?}", b.activity));
        send_line(&format!("Endgame scale     {} / 64", b.scale));
        send_line(&format!("Phase             {} / {}", b.phase, crate::eval::FULL_PHASE));
        send_line(&format!("Total (White)     {}", b.white_total));
        send_line(&format!("Final (side to move, with tempo) {}", crate::eval::evaluate(&self.board)));
    }

    fn bench(&mut self, args: &[&str]) {
        self.stop_and_wait();
        // Capped: bench runs on the front-end thread, which answers nothing else meanwhile.
        let depth = args.first().and_then(|d| d.parse().ok()).unwrap_or(crate::bench::BENCH_DEPTH).clamp(1, 12);
        crate::bench::report(depth).iter().for_each(|l| send_line(l));
    }

    fn perft(&mut self, depth: u32) {
        let (lines, _) = crate::perft::divide_report(&self.board, depth);
        lines.iter().for_each(|l| send_line(l));
    }
}

/// The first words of the commands we understand.
fn is_command(word: &str) -> bool {
    matches!(
        word,
        "uci"
            | "isready"
            | "setoption"
            | "debug"
            | "register"
            | "ucinewgame"
            | "position"
            | "go"
            | "stop"
            | "ponderhit"
            | "quit"
            | "d"
            | "eval"
            | "bench"
            | "perft"
            | "help"
    )
}

fn help() {
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
}
