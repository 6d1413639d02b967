//! The engine-process side of a script run: a `Session` starts the engine, feeds its stdin from
//! a writer thread, collects both output streams through reader threads, and plays directives
//! against what it has received, every wait bounded; `check_discipline` then judges the output.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use crate::script::{glob, is_uci_move, Directive, Failure};

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
pub(crate) struct Session {
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
    pub(crate) fn start(engine: &Path) -> std::io::Result<Session> {
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

    pub(crate) fn run(&mut self, directive: &Directive) -> Result<(), String> {
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
    pub(crate) fn finish(&mut self) {
        self.to_stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
        let deadline = Instant::now() + DRAIN_AFTER_KILL;
        while self.closed != [true, true] && self.receive(deadline) {}
    }

    /// The last lines of both streams, for a failure report.
    pub(crate) fn tail(&self) -> String {
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
pub(crate) fn check_discipline(session: &Session, free_output: bool) -> Result<(), Failure> {
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
