//! Black-box protocol tests: every scripted UCI session in `uci-scripts/*.uci` is played against
//! the built engine, each in its own process started with `RUST_LOG=warn`.
//!
//! The script format is documented in `uci-scripts/README.md`. Scripts run on two worker threads
//! (the machine has two cores) and every failure is reported together, with the script line and
//! the engine's last output. Every wait is bounded, so a hung engine fails its script instead of
//! hanging the test, and each engine process is killed when its script ends.
//!
//! Environment:
//! - `MAXIM_ENGINE=/path/to/engine` plays the scripts against another binary (for example
//!   `/usr/games/stockfish`, to check that a script only tests what the UCI spec says);
//! - `UCI_SCRIPT=name,other` runs only the scripts whose file name contains one of the words;
//! - `UCI_SCRIPTS_LAX=1` turns off the stdout discipline check, for engines that print a banner.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// Worker threads: one script each, so two engines share the two cores.
const JOBS: usize = 2;
/// How long a `<`, `stderr` or `exit` waits unless the script says `timeout MS`.
const DEFAULT_TIMEOUT: Duration = Duration::from_millis(5000);
/// After the kill at the end of a script, how long to wait for the last output to arrive.
const DRAIN_AFTER_KILL: Duration = Duration::from_millis(1000);
/// When an output stream closes, how long to wait for the process to exit before saying it runs.
const EXIT_GRACE: Duration = Duration::from_millis(500);
/// Engine output lines quoted in a failure report.
const TAIL_LINES: usize = 20;
/// The first word of every line an engine may print on stdout, unless `allow-free-output`.
const UCI_WORDS: [&str; 8] = ["id", "option", "uciok", "readyok", "bestmove", "info", "copyprotection", "registration"];

/// One script line, already parsed.
#[derive(Debug, PartialEq)]
enum Directive {
    /// `>`, `>bytes`, `>repeat`: bytes for the engine's stdin, newline included where due.
    Send(Vec<u8>),
    /// `< PATTERN`: wait for a stdout line matching the pattern.
    Expect(String),
    /// `! PATTERN`: no stdout line since the previous `<` match matches the pattern.
    Forbid(String),
    /// `count PATTERN N`: exactly N stdout lines of the whole session match the pattern.
    Count(String, usize),
    /// `sleep MS`: wait, reading output meanwhile.
    Sleep(Duration),
    /// `timeout MS`: the bound for later waits.
    Timeout(Duration),
    /// `within MS`: the next `<` must match this soon after the last send.
    Within(Duration),
    /// `close`: close the engine's stdin.
    Close,
    /// `exit CODE`: the engine exits with this code.
    Exit(i32),
    /// `legal`: the move of the latest `bestmove` line is well-formed UCI.
    Legal,
    /// `stderr PATTERN`: wait for a stderr line matching the pattern.
    Stderr(String),
}

/// A parsed script: its directives with their 1-based line numbers.
struct Script {
    steps: Vec<(usize, Directive)>,
    free_output: bool,
}

/// Why a script failed; `line` is the script line, if the failure belongs to one.
#[derive(Debug)]
struct Failure {
    line: Option<usize>,
    message: String,
}

impl Failure {
    fn at(line: usize, message: impl Into<String>) -> Self {
        Failure { line: Some(line), message: message.into() }
    }
}

/// Whether `pattern` matches the whole of `text`: `*` is any run of characters, `?` one
/// character, everything else is literal. Greedy with one backtrack point, which is enough for
/// globs because a later `*` can always absorb what an earlier one would have.
fn glob(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    let (mut pi, mut ti) = (0, 0);
    let mut backtrack: Option<(usize, usize)> = None; // (pattern after the last `*`, text it resumes at)
    while ti < t.len() {
        if pi < p.len() && p[pi] == '*' {
            backtrack = Some((pi + 1, ti));
            pi += 1;
        } else if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if let Some((after_star, resume)) = backtrack {
            backtrack = Some((after_star, resume + 1));
            pi = after_star;
            ti = resume + 1;
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// Whether `text` is a syntactically valid UCI move: `[a-h][1-8][a-h][1-8][nbrq]?` or `0000`.
fn is_uci_move(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    text == "0000"
        || ((b.len() == 4 || b.len() == 5)
            && square(b[0], b[1])
            && square(b[2], b[3])
            && (b.len() == 4 || b"nbrq".contains(&b[4])))
}

fn parse_ms(line: usize, text: &str) -> Result<Duration, Failure> {
    text.trim().parse().map(Duration::from_millis).map_err(|_| Failure::at(line, format!("not milliseconds: `{text}`")))
}

fn parse_hex(line: usize, text: &str) -> Result<Vec<u8>, Failure> {
    let digits: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let bad = || Failure::at(line, format!("not an even run of hex digits: `{text}`"));
    let pairs = digits.chunks_exact(2);
    if digits.is_empty() || !pairs.remainder().is_empty() {
        return Err(bad());
    }
    pairs.map(|pair| u8::from_str_radix(&pair.iter().collect::<String>(), 16).map_err(|_| bad())).collect()
}

/// Parses a script, failing on the first line that is not a directive.
fn parse(text: &str) -> Result<Script, Failure> {
    let mut script = Script { steps: Vec::new(), free_output: false };
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let raw = raw.trim_start();
        if raw.trim().is_empty() || raw.starts_with('#') {
            continue;
        }
        let (word, rest) = raw.split_once(char::is_whitespace).unwrap_or((raw, ""));
        let pattern = || rest.trim().to_string();
        let directive = match word {
            // The text of `>` is literal after the one space, so a script can send odd spacing.
            ">" => Directive::Send(format!("{}\n", raw.get(2..).unwrap_or("")).into_bytes()),
            ">bytes" => Directive::Send(parse_hex(line, rest)?),
            ">repeat" => {
                let (count, text) = rest.split_once(' ').unwrap_or((rest, ""));
                let count: usize =
                    count.parse().map_err(|_| Failure::at(line, format!("`>repeat` needs a count: `{raw}`")))?;
                Directive::Send(format!("{}\n", text.repeat(count)).into_bytes())
            }
            "<" => Directive::Expect(pattern()),
            "!" => Directive::Forbid(pattern()),
            "stderr" => Directive::Stderr(pattern()),
            "count" => {
                let (pattern, count) = rest.trim().rsplit_once(char::is_whitespace).unwrap_or(("", rest.trim()));
                let count = count.parse().map_err(|_| Failure::at(line, format!("`count` needs N last: `{raw}`")))?;
                Directive::Count(pattern.trim().to_string(), count)
            }
            "sleep" => Directive::Sleep(parse_ms(line, rest)?),
            "timeout" => Directive::Timeout(parse_ms(line, rest)?),
            "within" => Directive::Within(parse_ms(line, rest)?),
            "close" => Directive::Close,
            "exit" => Directive::Exit(
                rest.trim().parse().map_err(|_| Failure::at(line, format!("`exit` needs a code: `{raw}`")))?,
            ),
            "legal" => Directive::Legal,
            "allow-free-output" => {
                script.free_output = true;
                continue;
            }
            _ => return Err(Failure::at(line, format!("unknown directive `{word}`"))),
        };
        script.steps.push((line, directive));
    }
    Ok(script)
}

/// Which of the engine's output streams a line came from.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Stream {
    Stdout,
    Stderr,
}

/// Index of each stream in `Session`'s per-stream arrays.
const STDOUT: usize = Stream::Stdout as usize;

/// What the reader threads report: a line with its arrival time, or the end of a stream.
enum Event {
    Line(Stream, String, Instant),
    Closed(Stream),
}

/// Reads one stream line by line (bytes, so non-UTF-8 output cannot stop it) until it closes.
fn spawn_reader(stream: Stream, source: impl Read + Send + 'static, events: Sender<Event>) {
    thread::spawn(move || {
        let mut reader = BufReader::new(source);
        let mut buffer = Vec::new();
        loop {
            buffer.clear();
            match reader.read_until(b'\n', &mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let text = String::from_utf8_lossy(&buffer).trim_end_matches(['\n', '\r']).to_string();
                    if events.send(Event::Line(stream, text, Instant::now())).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = events.send(Event::Closed(stream));
    });
}

/// One engine process and everything it has said so far.
struct Session {
    child: Child,
    /// Bytes for the writer thread, which owns stdin; dropping this closes stdin.
    to_stdin: Option<Sender<Vec<u8>>>,
    /// The writer's answer to each send: when the bytes were flushed, or the write error.
    written: Receiver<std::io::Result<Instant>>,
    events: Receiver<Event>,
    /// Every line received so far, with its arrival time, indexed by `Stream`.
    lines: [Vec<(String, Instant)>; 2],
    closed: [bool; 2],
    /// Per stream, the next line a wait may consume; lines before it were matched or skipped.
    cursor: [usize; 2],
    /// First stdout line a `!` looks at: the one after the previous `<` match.
    since_match: usize,
    timeout: Duration,
    within: Option<Duration>,
    last_send: Instant,
}

impl Session {
    fn start(engine: &Path) -> std::io::Result<Session> {
        let mut child = Command::new(engine)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let (event_tx, events) = mpsc::channel();
        spawn_reader(Stream::Stdout, child.stdout.take().expect("piped stdout"), event_tx.clone());
        spawn_reader(Stream::Stderr, child.stderr.take().expect("piped stderr"), event_tx);
        // Writes go through a thread so that an engine which stops reading cannot block the
        // script: the script waits for the write with a timeout instead.
        let (to_stdin, bytes_rx) = mpsc::channel::<Vec<u8>>();
        let (written_tx, written) = mpsc::channel();
        let mut stdin = child.stdin.take().expect("piped stdin");
        thread::spawn(move || {
            for bytes in bytes_rx {
                let result = stdin.write_all(&bytes).and_then(|()| stdin.flush()).map(|()| Instant::now());
                if written_tx.send(result).is_err() {
                    break;
                }
            }
        });
        Ok(Session {
            child,
            to_stdin: Some(to_stdin),
            written,
            events,
            lines: [Vec::new(), Vec::new()],
            closed: [false, false],
            cursor: [0, 0],
            since_match: 0,
            timeout: DEFAULT_TIMEOUT,
            within: None,
            last_send: Instant::now(),
        })
    }

    fn record(&mut self, event: Event) {
        match event {
            Event::Line(stream, text, at) => self.lines[stream as usize].push((text, at)),
            Event::Closed(stream) => self.closed[stream as usize] = true,
        }
    }

    /// Records one event arriving before `deadline`; false if none came (or none ever will).
    fn receive(&mut self, deadline: Instant) -> bool {
        match self.events.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(event) => {
                self.record(event);
                true
            }
            Err(RecvTimeoutError::Timeout) => false,
            Err(RecvTimeoutError::Disconnected) => {
                self.closed = [true, true];
                false
            }
        }
    }

    /// Records everything that has already arrived, without waiting.
    fn drain(&mut self) {
        loop {
            match self.events.try_recv() {
                Ok(event) => self.record(event),
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => {
                    self.closed = [true, true];
                    return;
                }
            }
        }
    }

    /// Says whether the engine has exited, giving it a moment: its output closes just before.
    fn exit_status(&mut self) -> String {
        let deadline = Instant::now() + EXIT_GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!("the engine exited ({status})"),
                _ if Instant::now() >= deadline => return "the engine is still running".to_string(),
                _ => thread::sleep(Duration::from_millis(10)),
            }
        }
    }

    fn send(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        let Some(to_stdin) = &self.to_stdin else { return Err("stdin is already closed".into()) };
        to_stdin.send(bytes).map_err(|_| "the stdin writer has stopped".to_string())?;
        match self.written.recv_timeout(self.timeout) {
            Ok(Ok(at)) => {
                self.last_send = at;
                Ok(())
            }
            Ok(Err(e)) => Err(format!("writing to the engine failed: {e}; {}", self.exit_status())),
            Err(_) => Err(format!("the engine did not read its input within {} ms", self.timeout.as_millis())),
        }
    }

    /// Waits for the next unconsumed line of `stream` matching `pattern`; returns its index.
    fn expect(&mut self, stream: Stream, pattern: &str) -> Result<usize, String> {
        let deadline = Instant::now() + self.timeout;
        loop {
            let (lines, cursor) = (&self.lines[stream as usize], self.cursor[stream as usize]);
            let found = lines[cursor..].iter().position(|l| glob(pattern, l.0.trim())).map(|i| cursor + i);
            self.cursor[stream as usize] = found.map_or(lines.len(), |i| i + 1);
            if let Some(i) = found {
                return Ok(i);
            }
            if self.closed[stream as usize] {
                return Err(format!("{stream:?} closed without a line matching `{pattern}`; {}", self.exit_status()));
            }
            if !self.receive(deadline) && Instant::now() >= deadline {
                return Err(format!("no {stream:?} line matched `{pattern}` within {} ms", self.timeout.as_millis()));
            }
        }
    }

    fn run(&mut self, directive: &Directive) -> Result<(), String> {
        match directive {
            Directive::Send(bytes) => self.send(bytes.clone())?,
            Directive::Expect(pattern) => {
                let i = self.expect(Stream::Stdout, pattern)?;
                self.since_match = i + 1;
                if let Some(limit) = self.within.take() {
                    let took = self.lines[STDOUT][i].1.saturating_duration_since(self.last_send);
                    if took > limit {
                        return Err(format!(
                            "`{}` came {} ms after the last send; `within` allows {} ms",
                            self.lines[STDOUT][i].0,
                            took.as_millis(),
                            limit.as_millis()
                        ));
                    }
                }
            }
            Directive::Stderr(pattern) => {
                self.expect(Stream::Stderr, pattern)?;
            }
            Directive::Forbid(pattern) => {
                self.drain();
                if let Some((line, _)) =
                    self.lines[STDOUT][self.since_match..].iter().find(|l| glob(pattern, l.0.trim()))
                {
                    return Err(format!("forbidden line `{line}` (matches `{pattern}`)"));
                }
            }
            Directive::Count(pattern, expected) => {
                self.drain();
                let seen = self.lines[STDOUT].iter().filter(|l| glob(pattern, l.0.trim())).count();
                if seen != *expected {
                    return Err(format!("{seen} lines match `{pattern}`, expected {expected}"));
                }
            }
            Directive::Sleep(duration) => {
                let deadline = Instant::now() + *duration;
                while Instant::now() < deadline {
                    if !self.receive(deadline) && self.closed == [true, true] {
                        thread::sleep(deadline.saturating_duration_since(Instant::now()));
                    }
                }
            }
            Directive::Timeout(duration) => self.timeout = *duration,
            Directive::Within(duration) => self.within = Some(*duration),
            Directive::Close => {
                self.to_stdin = None;
                self.last_send = Instant::now();
            }
            Directive::Exit(code) => {
                let deadline = Instant::now() + self.timeout;
                let status = loop {
                    if let Some(status) = self.child.try_wait().map_err(|e| e.to_string())? {
                        break status;
                    }
                    if Instant::now() >= deadline {
                        return Err(format!("the engine did not exit within {} ms", self.timeout.as_millis()));
                    }
                    self.receive(deadline.min(Instant::now() + Duration::from_millis(10)));
                };
                if status.code() != Some(*code) {
                    return Err(format!("the engine exited with {status}, expected code {code}"));
                }
            }
            Directive::Legal => {
                self.drain();
                let last = self.lines[STDOUT].iter().rev().find(|l| l.0.split_whitespace().next() == Some("bestmove"));
                let Some((line, _)) = last else { return Err("no `bestmove` line yet".into()) };
                let words: Vec<&str> = line.split_whitespace().collect();
                let well_formed = match words[..] {
                    [_, best] => is_uci_move(best),
                    [_, best, "ponder", ponder] => is_uci_move(best) && is_uci_move(ponder) && ponder != "0000",
                    _ => false,
                };
                if !well_formed {
                    return Err(format!("`{line}` is not `bestmove MOVE [ponder MOVE]` with UCI moves"));
                }
            }
        }
        Ok(())
    }

    /// Kills the engine (if it still runs) and collects the output it left behind.
    fn finish(&mut self) {
        self.to_stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
        let deadline = Instant::now() + DRAIN_AFTER_KILL;
        while self.closed != [true, true] && self.receive(deadline) {}
    }

    /// The last lines of both streams, for a failure report.
    fn tail(&self) -> String {
        let mut text = String::new();
        for (name, lines) in [("stdout", &self.lines[0]), ("stderr", &self.lines[1])] {
            let skip = lines.len().saturating_sub(TAIL_LINES);
            text += &format!("    last {} of {} {name} lines:\n", lines.len() - skip, lines.len());
            for (line, _) in &lines[skip..] {
                let shown: String = line.chars().take(200).collect();
                text += &format!("      | {shown}\n");
            }
        }
        text
    }
}

/// Checks what every session must respect: no panic on stderr, and (unless the script allows
/// free output) nothing on stdout but UCI lines.
fn check_discipline(session: &Session, free_output: bool) -> Result<(), Failure> {
    let [stdout, stderr] = &session.lines;
    if let Some((panic, _)) = stderr.iter().find(|l| l.0.contains("panicked at")) {
        return Err(Failure { line: None, message: format!("the engine panicked: {panic}") });
    }
    let lax = free_output || std::env::var_os("UCI_SCRIPTS_LAX").is_some();
    for (index, (line, _)) in stdout.iter().enumerate().filter(|_| !lax) {
        let word = line.split_whitespace().next().unwrap_or("");
        if !UCI_WORDS.contains(&word) {
            let message = format!("stdout line {} is not UCI output: `{line}` (add `allow-free-output`?)", index + 1);
            return Err(Failure { line: None, message });
        }
    }
    Ok(())
}

/// Plays one script; returns the failure report, if any.
fn run_script(engine: &Path, path: &Path) -> Option<String> {
    let name = path.file_name().unwrap_or_default().to_string_lossy().to_string();
    let report = |failure: Failure, tail: &str| {
        let place = failure.line.map(|l| format!(":{l}")).unwrap_or_default();
        Some(format!("uci-scripts/{name}{place}: {}\n{tail}", failure.message))
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => return report(Failure { line: None, message: format!("cannot read: {e}") }, ""),
    };
    let script = match parse(&text) {
        Ok(script) => script,
        Err(failure) => return report(failure, ""),
    };
    let mut session = match Session::start(engine) {
        Ok(session) => session,
        Err(e) => {
            return report(Failure { line: None, message: format!("cannot start {}: {e}", engine.display()) }, "")
        }
    };
    let mut outcome = Ok(());
    for (line, directive) in &script.steps {
        if let Err(message) = session.run(directive) {
            let source = text.lines().nth(line - 1).unwrap_or("").trim();
            outcome = Err(Failure::at(*line, format!("`{source}`: {message}")));
            break;
        }
    }
    session.finish();
    match outcome.and_then(|()| check_discipline(&session, script.free_output)) {
        Ok(()) => None,
        Err(failure) => report(failure, &session.tail()),
    }
}

/// The scripts to run: all of `uci-scripts/*.uci`, narrowed by `UCI_SCRIPT` if set.
fn scripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("uci-scripts");
    let filter = std::env::var("UCI_SCRIPT").unwrap_or_default();
    let words: Vec<&str> = filter.split(',').map(str::trim).filter(|w| !w.is_empty()).collect();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "uci"))
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            words.is_empty() || words.iter().any(|w| name.contains(w))
        })
        .collect();
    paths.sort();
    paths
}

#[test]
fn every_uci_script_passes() {
    let engine = std::env::var_os("MAXIM_ENGINE").map(PathBuf::from).unwrap_or(env!("CARGO_BIN_EXE_maxim").into());
    let paths = scripts();
    assert!(!paths.is_empty(), "no uci-scripts/*.uci matched (UCI_SCRIPT filter?)");
    let queue = Mutex::new(paths.iter().collect::<VecDeque<_>>());
    let failures = Mutex::new(Vec::new());
    thread::scope(|scope| {
        for _ in 0..JOBS {
            scope.spawn(|| {
                while let Some(path) = queue.lock().unwrap().pop_front() {
                    let started = Instant::now();
                    let failure = run_script(&engine, path);
                    let verdict = if failure.is_some() { "FAIL" } else { "ok" };
                    let name = path.file_name().unwrap_or_default().to_string_lossy();
                    println!("{verdict:>4} uci-scripts/{name} ({} ms)", started.elapsed().as_millis());
                    failures.lock().unwrap().extend(failure);
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    let passed = paths.len() - failures.len();
    assert!(
        failures.is_empty(),
        "{} of {} UCI scripts failed against {} ({passed} passed):\n\n{}",
        failures.len(),
        paths.len(),
        engine.display(),
        failures.join("\n")
    );
}

#[test]
fn glob_matches_whole_lines() {
    assert!(glob("bestmove *", "bestmove e2e4 ponder e7e5"));
    assert!(glob("info depth * score cp * pv *", "info depth 3 seldepth 4 score cp 20 nodes 9 pv e2e4"));
    assert!(glob("a?c", "abc") && !glob("a?c", "abbc"));
    assert!(glob("*", "") && glob("**x*", "yyx"));
    assert!(!glob("bestmove", "bestmove e2e4") && !glob("*e4", "e2e4 e7e5"));
}

#[test]
fn uci_move_syntax() {
    assert!(is_uci_move("e2e4") && is_uci_move("a7a8q") && is_uci_move("0000"));
    assert!(!is_uci_move("e2e9") && !is_uci_move("a7a8k") && !is_uci_move("(none)") && !is_uci_move("e2"));
}

#[test]
fn directives_parse() {
    let script =
        parse("# comment\n\n> uci\n>bytes 6100ff0a\n>repeat 3 ab\ncount info * 2\nallow-free-output\n").unwrap();
    assert!(script.free_output);
    let steps: Vec<Directive> = script.steps.into_iter().map(|s| s.1).collect();
    assert_eq!(
        steps,
        [
            Directive::Send(b"uci\n".to_vec()),
            Directive::Send(vec![0x61, 0, 0xff, 0x0a]),
            Directive::Send(b"ababab\n".to_vec()),
            Directive::Count("info *".into(), 2),
        ]
    );
    assert_eq!(parse("wait 3").err().map(|f| f.line), Some(Some(1)));
}
