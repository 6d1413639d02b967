//! The helper threads of Lazy SMP. Every helper searches the same root as the main search
//! thread, with its own killers, history and PV table, over the one shared transposition
//! table: what one thread stores, the others find, so together they reach a given depth
//! sooner than one thread alone. Helpers never report; the main thread decides when the
//! search ends, sets `Signals::helpers_stop`, and waits for every helper's result before it
//! prints `bestmove`.
//!
//! The pool is persistent: threads are started when `Threads` is set and wait on their
//! channel between searches, each keeping its own tables (`ThreadData`) from one search to
//! the next. Dropping the pool, or shrinking it, ends threads cleanly: their channel closes,
//! their loop ends, and they are joined.

use super::command::SearchJob;
use crate::search::tt::TranspositionTable;
use crate::search::{SearchInputs, SearchResult, Searcher, Signals, ThreadData};
use crate::syzygy::Tablebases;
use crossbeam_channel::{Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Stack for every search thread: the search recurses up to `MAX_PLY` deep with a board
/// copy per ply, and quiescence below that; 64 MiB is far more than it needs, and only the
/// pages used are ever backed by memory.
pub const SEARCH_STACK_BYTES: usize = 64 << 20;

/// What a helper is given for one search.
struct HelperJob {
    tt: Arc<TranspositionTable>,
    signals: Arc<Signals>,
    search: Arc<SearchJob>,
    /// The endgame tables, the one set every thread reads.
    tablebases: Option<Arc<Tablebases>>,
    /// How many threads search, the main thread included.
    threads: usize,
    /// This helper's index among them (1 and up; the main thread is 0).
    id: usize,
    /// Where the result goes: `None` if the helper's search panicked.
    done: Sender<Option<SearchResult>>,
}

struct Helper {
    jobs: Sender<HelperJob>,
    handle: JoinHandle<()>,
}

/// The helper threads (the main search thread is not one of them).
#[derive(Default)]
pub struct HelperPool {
    helpers: Vec<Helper>,
}

impl HelperPool {
    /// A pool of `count` helpers.
    pub fn new(count: usize) -> HelperPool {
        let mut pool = HelperPool::default();
        pool.resize(count);
        pool
    }

    /// Number of helpers.
    pub fn len(&self) -> usize {
        self.helpers.len()
    }

    /// True when there are no helpers (one thread searches alone).
    pub fn is_empty(&self) -> bool {
        self.helpers.is_empty()
    }

    /// Starts or ends threads until there are `count` helpers. Only called between searches.
    /// A thread that cannot be started is reported and left out.
    pub fn resize(&mut self, count: usize) {
        while self.helpers.len() > count {
            if let Some(helper) = self.helpers.pop() {
                drop(helper.jobs);
                if helper.handle.join().is_err() {
                    log::error!("a helper thread panicked");
                }
            }
        }
        while self.helpers.len() < count {
            let (jobs, receiver) = crossbeam_channel::unbounded();
            let spawned = std::thread::Builder::new()
                .name(format!("helper-{}", self.helpers.len() + 1))
                .stack_size(SEARCH_STACK_BYTES)
                .spawn(move || helper_loop(receiver));
            match spawned {
                Ok(handle) => self.helpers.push(Helper { jobs, handle }),
                Err(e) => {
                    log::error!("cannot start helper thread {}: {e}", self.helpers.len() + 1);
                    break;
                }
            }
        }
    }

    /// Sets every helper searching `search`; the main thread must already have prepared its
    /// own search (which starts the table's new generation). The receiver yields one result
    /// per helper, and closes once every helper has finished.
    pub fn start(
        &self,
        tt: &Arc<TranspositionTable>,
        signals: &Arc<Signals>,
        search: &Arc<SearchJob>,
        tablebases: &Option<Arc<Tablebases>>,
    ) -> Receiver<Option<SearchResult>> {
        let (done, results) = crossbeam_channel::unbounded();
        let threads = self.helpers.len() + 1;
        for (i, helper) in self.helpers.iter().enumerate() {
            let job = HelperJob {
                tt: Arc::clone(tt),
                signals: Arc::clone(signals),
                search: Arc::clone(search),
                tablebases: tablebases.clone(),
                threads,
                id: i + 1,
                done: done.clone(),
            };
            if helper.jobs.send(job).is_err() {
                log::error!("helper thread {} is gone", i + 1);
            }
        }
        results
    }
}

impl Drop for HelperPool {
    fn drop(&mut self) {
        self.resize(0);
    }
}

/// A helper thread's life: wait for a search, search until told to stop, hand back the
/// result, wait again; end when the pool closes the channel.
fn helper_loop(jobs: Receiver<HelperJob>) {
    let mut data = Some(ThreadData::new());
    while let Ok(job) = jobs.recv() {
        let HelperJob { tt, signals, search, tablebases, threads, id, done } = job;
        let tables = data.take().unwrap_or_else(ThreadData::new);
        let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let inputs = SearchInputs {
                tt: &tt,
                signals: &signals,
                limits: &search.limits,
                history: &search.history,
                options: &search.options,
                threads,
                tablebases: tablebases.as_deref(),
            };
            let mut searcher = Searcher::for_thread(inputs, id, tables, None);
            let result = searcher.run(&search.board, &search.searchmoves);
            (result, searcher.into_thread_data())
        }));
        // Let go of the shared table before answering, so that once the main thread has every
        // answer it holds the only reference (and can clear or replace the table in place).
        drop((tt, signals, search, tablebases));
        let result = match searched {
            Ok((result, tables)) => {
                data = Some(tables);
                Some(result)
            }
            Err(_) => {
                log::error!("helper thread {id}: the search panicked");
                None
            }
        };
        let _ = done.send(result);
    }
}
