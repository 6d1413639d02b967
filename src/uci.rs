//! The front end: reads GUI commands from stdin, keeps the game state and the options, and
//! sends typed [`Command`]s to the search thread. `isready` is answered here at once, even
//! mid-search. vampirc-uci parses the fixed-form commands; `go` and `position` go through our
//! own parser (see `uci/parse.rs` for the gaps that makes necessary). vampirc-uci types stop
//! at this module's edge.

mod caps;
mod extensions;
pub mod options;
pub mod output;
pub mod parse;
mod tablebases;
#[cfg(feature = "tune")]
mod tunables;

use crate::chess::board::Board;
use crate::engine::command::{Command, SearchJob};
use crate::engine::thread::{Busy, SearchThread};
use crate::search::tt::TranspositionTable;
use crate::search::Signals;
pub use caps::Caps;
use crossbeam_channel::Sender;
use options::{Effect, Settings, Value};
use output::{send_line, tell, StdoutReporter};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use vampirc_uci::UciMessage;

/// Engine name and version as `id name` reports them.
pub const ENGINE_NAME: &str = concat!("Maxim ", env!("CARGO_PKG_VERSION"));
const AUTHOR: &str = "the Maxim developers";

/// The front end's state: the game and the options. The search thread owns the rest.
pub struct FrontEnd {
    board: Board,
    history: Vec<u64>,
    settings: Settings,
    commands: Sender<Command>,
    signals: Arc<Signals>,
    busy: Arc<Busy>,
    /// `UCI_Chess960`, shared with the reporter that writes the search's moves.
    chess960: Arc<AtomicBool>,
    search_thread: Option<JoinHandle<()>>,
    /// A harness's bounds (see [`Caps`]); None for a user.
    caps: Option<Caps>,
    /// Searches sent to the search thread so far (each answers with one `bestmove`).
    searches: u64,
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
        let settings = options::defaults();
        let tt = TranspositionTable::new(settings.hash_mib);
        let chess960 = Arc::new(AtomicBool::new(settings.chess960));
        let reporter = StdoutReporter { chess960: Arc::clone(&chess960) };
        let thread = SearchThread::new(tt, reporter, Arc::clone(&signals), Arc::clone(&busy));
        let search_thread = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20) // deep recursion with a board copy per ply
            .spawn(move || thread.run(receiver))
            .expect("the search thread starts");
        FrontEnd {
            board: Board::start(),
            history: Vec::new(),
            settings,
            commands,
            signals,
            busy,
            chess960,
            search_thread: Some(search_thread),
            caps: None,
            searches: 0,
        }
    }

    /// Puts a harness's bounds on everything that follows (see [`Caps`]), and applies them to
    /// the table and threads at once.
    pub fn set_caps(&mut self, caps: Caps) {
        self.caps = Some(caps);
        self.stop_and_wait();
        caps.bound(&mut self.settings);
        let _ = self.commands.send(Command::SetHash(Box::new(TranspositionTable::new(self.settings.hash_mib))));
        let _ = self.commands.send(Command::SetThreads(self.settings.threads));
    }

    /// The current position (what the next `go` searches).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How many searches have been started: each answers with exactly one `bestmove`.
    pub fn searches_started(&self) -> u64 {
        self.searches
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
        let Some(start) = tokens.iter().position(|t| parse::is_command(t)) else {
            if !tokens.is_empty() {
                log::warn!("unknown command ignored: {}", tokens[0]);
            }
            return true;
        };
        if start > 0 {
            log::warn!("unknown tokens ignored: {}", tokens[..start].join(" "));
        }
        // The line's own text after the command word, for a value that must keep its spacing.
        let word_end = tokens[start].as_ptr() as usize - line.as_ptr() as usize + tokens[start].len();
        self.dispatch(&tokens[start..], &line[word_end..])
    }

    fn dispatch(&mut self, tokens: &[&str], rest: &str) -> bool {
        let args = &tokens[1..];
        match tokens[0] {
            "setoption" => match parse::parse_setoption(rest) {
                Ok((name, value)) => self.set_option(&name, value.as_deref()),
                Err(e) => tell(&e),
            },
            "go" => self.go(args),
            "position" => self.position(args),
            "d" => extensions::display(&self.board, self.settings.chess960),
            #[cfg(feature = "tune")]
            "tunables" => tunables::print(),
            "eval" => extensions::eval(&self.board),
            "bench" if self.caps.is_some() => tell("bench is not run under a harness's caps"),
            "bench" => {
                self.stop_and_wait();
                extensions::run_bench(args);
            }
            "perft" => {
                let depth = args.first().and_then(|d| d.parse::<i64>().ok()).unwrap_or(1);
                let depth = self.capped_perft(depth.clamp(1, parse::MAX_UCI_PERFT) as u32);
                extensions::perft(&self.board, depth, self.settings.chess960);
            }
            "help" => extensions::help(),
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
            UciMessage::Debug(_) => {} // nothing extra to say: `RUST_LOG=debug` logs on stderr
            UciMessage::Register { .. } => {}
            UciMessage::UciNewGame => {
                self.stop_and_wait();
                let _ = self.commands.send(Command::NewGame);
            }
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
        options::OPTIONS.iter().for_each(|option| send_line(&options::declaration(option)));
        #[cfg(feature = "tune")]
        tunables::declarations().iter().for_each(|line| send_line(line));
        send_line("uciok");
    }

    /// `setoption`: the value is checked against the option's declaration (`options.rs`),
    /// stored, and its effect carried out; a value that cannot be read leaves the option as
    /// it was.
    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let Some(option) = options::find(name) else {
            #[cfg(feature = "tune")]
            if tunables::set(name, value) {
                return;
            }
            tell(&format!("unknown option '{}'", name.trim()));
            return;
        };
        let mut warnings = Vec::new();
        let parsed = options::parse_value(option, value, &mut warnings);
        warnings.iter().for_each(|w| tell(w));
        let value = match parsed {
            Ok(value) => value,
            Err(e) => return tell(&e),
        };
        let text = if let Value::Text(text) = &value { text.clone() } else { String::new() };
        let mut next = self.settings;
        (option.store)(&mut next, value);
        if let Some(caps) = self.caps {
            caps.bound(&mut next);
        }
        // The search thread takes commands between searches: a change sent during one waits.
        let deferred = self.busy.is_busy() && option.effect != Effect::None;
        match option.effect {
            Effect::None => {}
            Effect::ClearHash => {
                let _ = self.commands.send(Command::ClearHash);
            }
            // Some GUIs send their options again before every game (fastchess does): the
            // same size empties the table where it is. A second table of that size would
            // be held beside the first while it is made, and on glibc freed tables' pages
            // stayed resident: three resends left 53 MiB at Hash 16.
            Effect::ResizeHash if next.hash_mib == self.settings.hash_mib => {
                let _ = self.commands.send(Command::ClearHash);
            }
            // A new size is made before the old table goes, so for a moment both are held:
            // the price of keeping the old one, and answering, when the allocation fails.
            Effect::ResizeHash => match TranspositionTable::try_new(next.hash_mib) {
                Ok(table) => {
                    let _ = self.commands.send(Command::SetHash(Box::new(table)));
                }
                Err(e) => return tell(&format!("{e}; keeping {} MiB", self.settings.hash_mib)),
            },
            Effect::SetThreads => {
                let _ = self.commands.send(Command::SetThreads(next.threads));
            }
            Effect::LoadTablebases => {
                let tables = tablebases::load(&text);
                let _ = self.commands.send(Command::SetTablebases(tables));
            }
        }
        if deferred {
            tell(&format!("option {}: applied when the current search ends", option.name));
        }
        self.settings = next;
        self.chess960.store(next.chess960, Ordering::Relaxed);
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
            extensions::perft(&self.board, self.capped_perft(depth), self.settings.chess960);
            return;
        }
        // How far the game is, by the move number: the FEN's, advanced by the moves the GUI
        // sent after it (so never fewer plies than those moves).
        let mut limits = request.limits_for(self.board.side(), self.board.game_ply());
        if let Some(caps) = self.caps {
            limits.nodes = Some(limits.nodes.map_or(caps.nodes, |n| n.min(caps.nodes)));
        }
        let job = SearchJob {
            board: self.board,
            history: self.history.clone(),
            limits,
            searchmoves,
            wait_for_stop: request.ponder || request.limits.infinite,
            options: self.settings.search,
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
        } else {
            self.searches += 1;
        }
    }

    /// A perft depth within the harness's bound, if there is one.
    fn capped_perft(&self, depth: u32) -> u32 {
        self.caps.map_or(depth, |caps| depth.min(caps.perft_depth.max(1)))
    }

    /// `stop`: ends a running search (it prints its bestmove); a stray stop does nothing.
    fn stop(&mut self) {
        if self.busy.is_busy() {
            self.signals.stop.store(true, Ordering::SeqCst);
            let _ = self.commands.send(Command::Wake);
        }
    }

    /// Ends a running search and waits until the search thread is idle; its `bestmove` is
    /// printed just after (see `engine::thread`), so a reader of the output waits for it.
    pub fn stop_and_wait(&mut self) {
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
}
