//! The transposition table: micro-Max's hash table, grown up. It remembers, per position
//! key, the best move found, a score bound and the static score, so the search can skip work
//! it has done before and try the best move first.
//!
//! Shared by every search thread, with no lock: each entry is two atomic words, and an entry
//! torn by two threads writing it at once fails its key check (see [`Entry`]).
//!
//! ## Layout and replacement
//! Entries are 16 bytes, grouped four to a 64-byte bucket (one cache line). A key picks its
//! bucket by a multiply-shift of the key, which works for any table size. Within a bucket:
//! 1. an entry with the same key is always overwritten (newer information about the same
//!    position), except that a shallower non-exact result does not evict a deeper one from
//!    the current search;
//! 2. otherwise the entry with the lowest worth is replaced, where worth = depth, minus 8 for
//!    every search (generation) since it was written. Deep results survive; stale ones go.

use crate::chess::types::Move;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU64, AtomicU8};

mod bound;
pub use bound::{Bound, Hit};
mod entry;
mod memory;

pub use entry::{score_from_tt, score_to_tt, NO_EVAL};
use entry::{Bucket, Entry, BUCKET_BYTES, BUCKET_SIZE, BUCKET_WORDS};
use memory::aligned_buckets;

/// The transposition table, shared by every search thread. All access is through
/// relaxed atomic loads and stores of whole words: no lock, and on x86-64 the same plain
/// moves as unshared memory.
pub struct TranspositionTable {
    /// The table's memory, as 64-bit words: its buckets start at word `first`, the first one
    /// on a cache-line boundary, and the up to seven words before them are unused. The
    /// allocator only promises the words' own alignment (see `memory::zeroed_words`), and a bucket
    /// that straddled two cache lines would cost a probe two reads from memory, not one.
    words: Box<[AtomicU64]>,
    first: usize,
    /// How many buckets there are.
    count: usize,
    /// Searches since the table was made, modulo 64: the age of an entry is the difference.
    generation: AtomicU8,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TranspositionTable({} MiB, generation {})", self.size_mib(), self.generation())
    }
}

/// Tables up to this size are emptied in place by `clear`, larger ones replaced by a fresh
/// mapping (see [`TranspositionTable::clear`]).
const CLEAR_IN_PLACE_BYTES: usize = 64 << 20;
/// The least a thread is given to zero when a table is cleared in place: below it, starting
/// the thread would cost more than it saves.
const CLEAR_PART_BYTES: usize = 4 << 20;

impl TranspositionTable {
    /// A table of about `mib` MiB (at least one bucket).
    ///
    /// # Panics
    /// If the memory cannot be had; use [`TranspositionTable::try_new`] for sizes from users.
    pub fn new(mib: usize) -> TranspositionTable {
        Self::try_new(mib).expect("transposition table allocation")
    }

    /// A table of about `mib` MiB, or an error if the system cannot provide the memory.
    pub fn try_new(mib: usize) -> Result<TranspositionTable, String> {
        let count = (mib.max(1) << 20) / BUCKET_BYTES;
        let (words, first) =
            aligned_buckets(count).map_err(|e| format!("cannot allocate {mib} MiB for the hash table: {e}"))?;
        Ok(TranspositionTable { words, first, count, generation: AtomicU8::new(0) })
    }

    /// The buckets, each on a cache line of its own.
    #[inline(always)]
    fn buckets(&self) -> &[Bucket] {
        self.words[self.first..self.first + self.count * BUCKET_WORDS].as_chunks::<BUCKET_WORDS>().0
    }

    /// Forgets everything (ucinewgame, Clear Hash) so later searches repeat exactly. A table
    /// of up to [`CLEAR_IN_PLACE_BYTES`] is zeroed where it is, so its memory is never held
    /// twice: in parts of at least [`CLEAR_PART_BYTES`], one per search thread (`threads`),
    /// side by side, as the search threads would share the work (a few milliseconds). A
    /// larger table is freed and mapped afresh, zeroed by the operating system as it is
    /// touched, so a large Hash stays quick to clear.
    pub fn clear(&mut self, threads: usize) {
        let count = self.count;
        if count * BUCKET_BYTES <= CLEAR_IN_PLACE_BYTES {
            let word_bytes = std::mem::size_of::<AtomicU64>();
            let parts = threads.clamp(1, self.words.len() * word_bytes / CLEAR_PART_BYTES + 1);
            let zero = |words: &mut [AtomicU64]| words.iter_mut().for_each(|word| *word.get_mut() = 0);
            let mut failed = false;
            std::thread::scope(|scope| {
                let mut parts = self.words.chunks_mut(self.words.len().div_ceil(parts));
                let own = parts.next();
                for part in parts {
                    if let Err(e) = std::thread::Builder::new().spawn_scoped(scope, || zero(part)) {
                        log::debug!("cannot start a thread to clear the table: {e}");
                        failed = true;
                    }
                }
                own.map(zero);
            });
            // A part whose thread could not be started: all again, here.
            if failed {
                zero(&mut self.words);
            }
        } else {
            self.words = Box::new([]);
            // The memory was free a moment ago, but another process may have taken it since:
            // then go on with the smallest table rather than stop (`setoption name Hash`
            // tries again).
            match aligned_buckets(count) {
                Ok((words, first)) => (self.words, self.first) = (words, first),
                Err(e) => {
                    log::error!("cannot allocate the hash table again ({e}); one bucket until Hash is set");
                    self.words = std::iter::repeat_with(AtomicU64::default).take(BUCKET_WORDS).collect();
                    (self.first, self.count) = (0, 1);
                }
            }
        }
        self.generation = AtomicU8::new(0);
    }

    /// Size in MiB.
    pub fn size_mib(&self) -> usize {
        (self.buckets().len() * BUCKET_BYTES) >> 20
    }

    #[inline(always)]
    fn generation(&self) -> u8 {
        self.generation.load(Relaxed)
    }

    /// Called at the start of each search (by one thread, before the others start) so older
    /// entries age.
    pub fn new_search(&self) {
        self.generation.store((self.generation() + 1) & 63, Relaxed);
    }

    #[inline(always)]
    fn bucket_index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets().len() as u128) >> 64) as usize
    }

    /// Asks the processor to bring the bucket of `key` into its cache, so that a probe soon
    /// after finds it there instead of waiting on memory. The search calls it with a child's
    /// key before it makes the move.
    ///
    /// `unsafe`, and why: the prefetch instruction is only reachable through an intrinsic that
    /// Rust marks unsafe, though it reads nothing and cannot fault (any address may be
    /// prefetched). Measured with `python3 tools/speed.py` (interleaved, idle machine), see
    /// `docs/performance.md`: the table probe was the largest single cost of the search, a
    /// fifth of its time at Hash 64, most of it waiting on memory.
    #[inline(always)]
    #[allow(unsafe_code)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket = self.buckets()[self.bucket_index(key)].as_ptr();
            // SAFETY: the pointer is to a live bucket of the table; a prefetch does not read
            // or write it as far as the program can tell, and is valid for any address. SSE,
            // which the intrinsic needs, is part of every x86-64 processor.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks a position up. `ply` converts stored mate scores back to distance from the root.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let bucket = &self.buckets()[self.bucket_index(key)];
        let entry = (0..BUCKET_SIZE).map(|i| Entry::unpack(bucket, i)).find(|e| e.key == key && e.is_used())?;
        let bound = match entry.bound_and_generation & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        };
        Some(Hit {
            best_move: Move::from_bits(entry.best_move),
            score: score_from_tt(entry.score as i32, ply),
            depth: entry.depth as i32,
            bound,
            eval: (entry.eval != NO_EVAL as i16).then_some(entry.eval as i32),
        })
    }

    /// Stores a search result. `ply` makes mate scores relative to this node before storing.
    /// `eval` is the position's static score, or [`NO_EVAL`] when the node did not work it
    /// out (in check, or a lazy one); a known one is then kept from the entry it replaces.
    #[allow(clippy::too_many_arguments)]
    pub fn store(&self, key: u64, best_move: Move, score: i32, depth: i32, bound: Bound, ply: usize, eval: i32) {
        let generation = self.generation();
        let bucket = &self.buckets()[self.bucket_index(key)];
        let age = |e: &Entry| (generation.wrapping_sub(e.bound_and_generation >> 2) & 63) as i32;
        let entries: [Entry; BUCKET_SIZE] = std::array::from_fn(|i| Entry::unpack(bucket, i));
        let slot = match entries.iter().position(|e| e.key == key && e.is_used()) {
            Some(i) => {
                let old = entries[i];
                if bound != Bound::Exact && age(&old) == 0 && (old.depth as i32) > depth + 2 {
                    return; // a much deeper result from this search is worth more
                }
                i
            }
            None => (0..BUCKET_SIZE)
                .min_by_key(|&i| {
                    let e = &entries[i];
                    if e.is_used() {
                        e.depth as i32 - 8 * age(e)
                    } else {
                        i32::MIN
                    }
                })
                .unwrap_or(0),
        };
        let old = entries[slot];
        // Keep the old move when this result has none (an all-node) for the same position.
        let best_move = if best_move.is_some() || old.key != key { best_move.bits() } else { old.best_move };
        let eval = match i16::try_from(eval) {
            Ok(eval) if eval != NO_EVAL as i16 => eval,
            _ if old.key == key && old.is_used() => old.eval,
            _ => NO_EVAL as i16,
        };
        Entry {
            key,
            best_move,
            score: score_to_tt(score, ply).clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(-1, 127) as i8,
            bound_and_generation: generation << 2 | bound as u8,
            eval,
        }
        .pack(bucket, slot);
    }

    /// Permille of sampled entries written by the current search (the UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation();
        let buckets = self.buckets();
        let sample = buckets.len().min(250);
        let used: usize = buckets[..sample]
            .iter()
            .flat_map(|b| (0..BUCKET_SIZE).map(|i| Entry::unpack(b, i)))
            .filter(|e| e.is_used() && e.bound_and_generation >> 2 == generation)
            .count();
        (used * 1000 / (sample * BUCKET_SIZE)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::types::square;

    #[test]
    fn buckets_fill_a_cache_line() {
        assert_eq!(std::mem::size_of::<Bucket>(), BUCKET_BYTES);
        for mib in [1, 2, 3, 64] {
            let mut tt = TranspositionTable::new(mib);
            for _ in 0..2 {
                let buckets = tt.buckets();
                assert_eq!(buckets.as_ptr() as usize % BUCKET_BYTES, 0, "{mib} MiB");
                assert_eq!(buckets.len() * BUCKET_BYTES, mib << 20);
                tt.clear(1);
            }
        }
    }

    /// A large table costs no memory until it is used (see `memory::zeroed_words`). Checked in
    /// optimised builds, where the zeroing is left to the operating system.
    #[test]
    #[cfg(all(target_os = "linux", not(debug_assertions)))]
    fn tt_memory_is_lazy() {
        let resident_kib = || {
            let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
            let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or("VmRSS: 0 kB");
            line.split_whitespace().nth(1).and_then(|n| n.parse::<i64>().ok()).unwrap_or(0)
        };
        let before = resident_kib();
        let tt = TranspositionTable::new(1024);
        let grew = resident_kib() - before;
        assert!(grew < 64 << 10, "a 1 GiB table made {grew} KiB resident at once");
        assert!(tt.probe(12345, 0).is_none());
    }

    /// A table cleared by several threads, each zeroing its part, is empty from end to end,
    /// for thread counts that split it evenly, unevenly and beyond its parts.
    #[test]
    fn clearing_in_parts_empties_every_bucket() {
        let mut tt = TranspositionTable::new(16);
        for threads in [1, 2, 3, 64] {
            for k in 0..200_000u64 {
                tt.store(k.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1, Move::NONE, 7, 3, Bound::Exact, 0, 5);
            }
            assert!(tt.words.iter().any(|w| w.load(Relaxed) != 0));
            tt.clear(threads);
            assert!(tt.words.iter().all(|w| w.load(Relaxed) == 0), "{threads} threads");
        }
    }

    #[test]
    fn impossible_sizes_fail_cleanly() {
        assert!(TranspositionTable::try_new(usize::MAX >> 21).is_err());
        assert_eq!(TranspositionTable::new(2).size_mib(), 2);
    }

    /// Threads writing the same bucket at once: a probe never returns data stored under
    /// another key. Every entry written for key k carries k in its move, depth and score,
    /// and the keys share one bucket (a key below 2^50 falls in bucket 0 of a 1 MiB table).
    /// The reader probes for as long as the writers write.
    #[test]
    fn torn_entries_are_never_hits() {
        use std::sync::atomic::AtomicUsize;
        let tt = TranspositionTable::new(1);
        let writing = AtomicUsize::new(2);
        let mut probes = 0u64;
        std::thread::scope(|scope| {
            for writer in 0..2u64 {
                let (tt, writing) = (&tt, &writing);
                scope.spawn(move || {
                    for round in 0..200_000u64 {
                        let key = 1 + (round * 7 + writer) % 12;
                        let score = key as i32 * 100 + writer as i32;
                        tt.store(key, Move::from_bits(key as u16), score, key as i32, Bound::Exact, 0, NO_EVAL);
                    }
                    writing.fetch_sub(1, Relaxed);
                });
            }
            while writing.load(Relaxed) > 0 || probes < 1000 {
                let key = 1 + probes % 12;
                if let Some(hit) = tt.probe(key, 0) {
                    assert_eq!(hit.depth as u64, key);
                    assert_eq!(hit.score as u64 / 100, key);
                    assert_eq!(hit.best_move.bits() as u64, key);
                }
                probes += 1;
            }
        });
        assert!(probes >= 1000);
    }

    #[test]
    fn store_and_probe() {
        let mut tt = TranspositionTable::new(1);
        let m = Move::new(square(4, 1), square(4, 3), 0);
        tt.store(0xABCD, m, 42, 5, Bound::Exact, 0, NO_EVAL);
        let hit = tt.probe(0xABCD, 0).unwrap();
        assert_eq!((hit.best_move, hit.score, hit.depth, hit.bound), (m, 42, 5, Bound::Exact));
        assert_eq!(hit.eval, None);
        assert!(tt.probe(0xABCE, 0).is_none());
        // A static score is kept until a later store of the same position brings another.
        tt.store(0xABCD, m, 40, 6, Bound::Lower, 0, -1234);
        tt.store(0xABCD, m, 41, 7, Bound::Upper, 0, NO_EVAL);
        let hit = tt.probe(0xABCD, 0).unwrap();
        assert_eq!((hit.score, hit.depth, hit.bound, hit.eval), (41, 7, Bound::Upper, Some(-1234)));
        tt.clear(1);
        assert!(tt.probe(0xABCD, 0).is_none());
    }

    #[test]
    fn hashfull_counts_current_entries() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for k in 0..100_000u64 {
            tt.store(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), Move::NONE, 0, 1, Bound::Exact, 0, NO_EVAL);
        }
        assert!(tt.hashfull() > 500);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        // A mate in 3 plies from a node at ply 4 is mate in 7 from the root...
        let mate = crate::search::score::MATE;
        let tt = TranspositionTable::new(1);
        tt.store(7, Move::NONE, mate - 7, 3, Bound::Exact, 4, NO_EVAL);
        // ...and the same position reached at ply 10 is mate in 13 from the root.
        assert_eq!(tt.probe(7, 10).unwrap().score, mate - 13);
        tt.store(8, Move::NONE, -(mate - 6), 3, Bound::Upper, 2, NO_EVAL);
        assert_eq!(tt.probe(8, 0).unwrap().score, -(mate - 4));
        assert_eq!(score_from_tt(score_to_tt(123, 9), 3), 123);
    }
}
