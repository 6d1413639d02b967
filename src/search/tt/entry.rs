//! One entry of the transposition table and the bucket of four that holds it: how an entry
//! is packed into two atomic words so that a torn write is caught, never read as data, and
//! how mate scores are stored relative to the node that found them.

use crate::search::score::TB_WIN_BOUND;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

/// One entry, unpacked. In the table it is two 64-bit words: the data, packed as
/// `move (16) | score (16) | depth (8) | bound and generation (8) | static score (16)`, and
/// beside it the key XORed with the data. A probe takes the key back as the XOR of the two
/// words: if another thread wrote one word of the entry between the reads of the two (a torn
/// entry), the XOR gives some other key, and the entry is a miss, never wrong data taken for
/// right.
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) best_move: u16,
    pub(super) score: i16,
    pub(super) depth: i8,
    /// Bound in the low 2 bits (0 = empty slot), generation in the high 6.
    pub(super) bound_and_generation: u8,
    /// The position's static score before any correction, or [`NO_EVAL`].
    pub(super) eval: i16,
}

impl Entry {
    #[inline(always)]
    pub(super) fn unpack(bucket: &Bucket, i: usize) -> Entry {
        let data = bucket[2 * i + 1].load(Relaxed);
        let check = bucket[2 * i].load(Relaxed);
        Entry {
            key: check ^ data,
            best_move: data as u16,
            score: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8 as i8,
            bound_and_generation: (data >> 40) as u8,
            eval: (data >> 48) as u16 as i16,
        }
    }

    #[inline(always)]
    pub(super) fn pack(self, bucket: &Bucket, i: usize) {
        let data = self.best_move as u64
            | (self.score as u16 as u64) << 16
            | (self.depth as u8 as u64) << 32
            | (self.bound_and_generation as u64) << 40
            | (self.eval as u16 as u64) << 48;
        bucket[2 * i + 1].store(data, Relaxed);
        bucket[2 * i].store(self.key ^ data, Relaxed);
    }

    /// True for a slot that holds an entry.
    #[inline(always)]
    pub(super) fn is_used(&self) -> bool {
        self.bound_and_generation & 3 != 0
    }
}

/// The stored static score of an entry that has none.
pub const NO_EVAL: i32 = i16::MIN as i32;

pub(super) const BUCKET_SIZE: usize = 4;
/// The 64-bit words of a bucket: two per entry.
pub(super) const BUCKET_WORDS: usize = 2 * BUCKET_SIZE;
pub(super) const BUCKET_BYTES: usize = 64;

/// Four entries in 64 bytes, the size of a cache line. The table places its buckets on
/// cache-line boundaries (see `TranspositionTable`), so a probe reads one line from memory,
/// not two.
pub(super) type Bucket = [AtomicU64; BUCKET_WORDS];

const _: () = assert!(std::mem::size_of::<Bucket>() == BUCKET_BYTES);

/// Mate and tablebase scores count plies from the root; in the table they must count from the
/// node that stored them, or a transposition reached at another ply would report the wrong
/// distance.
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score + ply as i32
    } else if score <= -TB_WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`score_to_tt`].
pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score - ply as i32
    } else if score <= -TB_WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}
