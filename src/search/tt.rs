//! The transposition table: micro-Max's hash table, grown up. It remembers, per position
//! key, the best move found and a score bound, so the search can skip work it has done
//! before and try the best move first.
//!
//! Owned by the search thread; no lock is ever taken.
//!
//! ## Layout and replacement
//! Entries are 16 bytes, grouped four to a 64-byte bucket (one cache line). A key picks its
//! bucket by a multiply-shift of the key, which works for any table size. Within a bucket:
//! 1. an entry with the same key is always overwritten (newer information about the same
//!    position), except that a shallower non-exact result does not evict a deeper one from
//!    the current search;
//! 2. otherwise the entry with the lowest worth is replaced, where worth = depth, minus 8 for
//!    every search (generation) since it was written. Deep results survive; stale ones go.

use super::score::MATE_BOUND;
use crate::chess::types::Move;

/// Score bound stored with an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most the stored score (no move reached alpha).
    Upper = 1,
    /// The true score is at least the stored score (a move reached beta).
    Lower = 2,
    /// The stored score is exact.
    Exact = 3,
}

/// What a probe returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The best move found for the position (may be NONE).
    pub best_move: Move,
    /// The score, already converted back to be relative to the probing node's ply.
    pub score: i32,
    /// The depth the score was searched to.
    pub depth: i32,
    /// What kind of bound the score is.
    pub bound: Bound,
}

/// One entry, unpacked. In the table it is two 64-bit words: the full key, and the data
/// packed as `move (16) | score (16) | depth (8) | bound and generation (8)`.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    best_move: u16,
    score: i16,
    depth: i8,
    /// Bound in the low 2 bits (0 = empty slot), generation in the high 6.
    bound_and_generation: u8,
}

impl Entry {
    #[inline(always)]
    fn unpack(bucket: &Bucket, i: usize) -> Entry {
        let data = bucket[2 * i + 1];
        Entry {
            key: bucket[2 * i],
            best_move: data as u16,
            score: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8 as i8,
            bound_and_generation: (data >> 40) as u8,
        }
    }

    #[inline(always)]
    fn pack(self, bucket: &mut Bucket, i: usize) {
        bucket[2 * i] = self.key;
        bucket[2 * i + 1] = self.best_move as u64
            | (self.score as u16 as u64) << 16
            | (self.depth as u8 as u64) << 32
            | (self.bound_and_generation as u64) << 40;
    }
}

const BUCKET_SIZE: usize = 4;
const BUCKET_BYTES: usize = 64;

/// Four entries in one 64-byte cache line. Plain words (not a struct) so that a new table
/// can be allocated already zeroed by the operating system, page by page as it is touched:
/// a large Hash costs nothing until it is used.
type Bucket = [u64; 2 * BUCKET_SIZE];

/// The transposition table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TranspositionTable({} MiB, generation {})", self.size_mib(), self.generation)
    }
}

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
        // Probe first: reserving fails cleanly where the zeroed allocation below would abort.
        let mut probe: Vec<Bucket> = Vec::new();
        probe.try_reserve_exact(count).map_err(|e| format!("cannot allocate {mib} MiB for the hash table: {e}"))?;
        drop(probe);
        Ok(TranspositionTable { buckets: vec![[0; 2 * BUCKET_SIZE]; count], generation: 0 })
    }

    /// Forgets everything (ucinewgame, Clear Hash) so later searches repeat exactly.
    pub fn clear(&mut self) {
        let count = self.buckets.len();
        self.buckets = Vec::new(); // free first, so the peak stays at one table
        self.buckets = vec![[0; 2 * BUCKET_SIZE]; count];
        self.generation = 0;
    }

    /// Size in MiB.
    pub fn size_mib(&self) -> usize {
        (self.buckets.len() * BUCKET_BYTES) >> 20
    }

    /// Called at the start of each search so older entries age.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline(always)]
    fn bucket_index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    /// Looks a position up. `ply` converts stored mate scores back to distance from the root.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let bucket = &self.buckets[self.bucket_index(key)];
        let entry = (0..BUCKET_SIZE)
            .map(|i| Entry::unpack(bucket, i))
            .find(|e| e.key == key && e.bound_and_generation & 3 != 0)?;
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
        })
    }

    /// Stores a search result. `ply` makes mate scores relative to this node before storing.
    pub fn store(&mut self, key: u64, best_move: Move, score: i32, depth: i32, bound: Bound, ply: usize) {
        let generation = self.generation;
        let index = self.bucket_index(key);
        let bucket = &mut self.buckets[index];
        let age = |e: &Entry| (generation.wrapping_sub(e.bound_and_generation >> 2) & 63) as i32;
        let entries: [Entry; BUCKET_SIZE] = std::array::from_fn(|i| Entry::unpack(bucket, i));
        let slot = match entries.iter().position(|e| e.key == key && e.bound_and_generation & 3 != 0) {
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
                    if e.bound_and_generation & 3 == 0 {
                        i32::MIN
                    } else {
                        e.depth as i32 - 8 * age(e)
                    }
                })
                .unwrap_or(0),
        };
        let old = entries[slot];
        // Keep the old move when this result has none (an all-node) for the same position.
        let best_move = if best_move.is_some() || old.key != key { best_move.bits() } else { old.best_move };
        Entry {
            key,
            best_move,
            score: score_to_tt(score, ply).clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(-1, 127) as i8,
            bound_and_generation: generation << 2 | bound as u8,
        }
        .pack(bucket, slot);
    }

    /// Permille of sampled entries written by the current search (the UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(250);
        let used: usize = self.buckets[..sample]
            .iter()
            .flat_map(|b| (0..BUCKET_SIZE).map(|i| Entry::unpack(b, i)))
            .filter(|e| e.bound_and_generation & 3 != 0 && e.bound_and_generation >> 2 == self.generation)
            .count();
        (used * 1000 / (sample * BUCKET_SIZE)) as u32
    }
}

/// Mate scores count plies from the root; in the table they must count from the node that
/// stored them, or a transposition reached at another ply would report the wrong distance.
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`score_to_tt`].
pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::types::square;

    #[test]
    fn buckets_fill_a_cache_line() {
        assert_eq!(std::mem::size_of::<Bucket>(), BUCKET_BYTES);
    }

    #[test]
    fn impossible_sizes_fail_cleanly() {
        assert!(TranspositionTable::try_new(usize::MAX >> 21).is_err());
        assert_eq!(TranspositionTable::new(2).size_mib(), 2);
    }

    #[test]
    fn store_and_probe() {
        let mut tt = TranspositionTable::new(1);
        let m = Move::new(square(4, 1), square(4, 3), 0);
        tt.store(0xABCD, m, 42, 5, Bound::Exact, 0);
        let hit = tt.probe(0xABCD, 0).unwrap();
        assert_eq!((hit.best_move, hit.score, hit.depth, hit.bound), (m, 42, 5, Bound::Exact));
        assert!(tt.probe(0xABCE, 0).is_none());
        tt.clear();
        assert!(tt.probe(0xABCD, 0).is_none());
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        // A mate in 3 plies from a node at ply 4 is mate in 7 from the root...
        let mate = crate::search::score::MATE;
        let mut tt = TranspositionTable::new(1);
        tt.store(7, Move::NONE, mate - 7, 3, Bound::Exact, 4);
        // ...and the same position reached at ply 10 is mate in 13 from the root.
        assert_eq!(tt.probe(7, 10).unwrap().score, mate - 13);
        tt.store(8, Move::NONE, -(mate - 6), 3, Bound::Upper, 2);
        assert_eq!(tt.probe(8, 0).unwrap().score, -(mate - 4));
        assert_eq!(score_from_tt(score_to_tt(123, 9), 3), 123);
    }

    #[test]
    fn hashfull_counts_current_entries() {
        let mut tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for k in 0..100_000u64 {
            tt.store(k.wrapping_mul(0x9E37_79B9_7F4A_7C15), Move::NONE, 0, 1, Bound::Exact, 0);
        }
        assert!(tt.hashfull() > 500);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }
}
