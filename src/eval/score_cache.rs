//! The score cache: the static scores of the positions a search thread evaluated last, by
//! position key, so that a position met again is not evaluated again.
//!
//! The transposition table keeps a position's full static score too, but only beside a
//! search result, and quiescence does not store the lazy scores it stands pat on; about one
//! evaluation in seven in `bench` is of a position the thread evaluated shortly before. An
//! entry keeps both scores that [`super::evaluate_lazy`] can return: the one without the
//! activity terms, which decides whether the lazy evaluation stops there, and the full one
//! once it has been worked out. So a lookup answers every window exactly as the evaluation
//! would have, and the search is the same with or without the cache.

/// Entries in the cache (a power of two); each is 16 bytes, so the cache is 256 KiB.
const ENTRIES: usize = 1 << 14;

/// One position's scores, side to move's view.
#[derive(Clone, Copy, Default)]
struct Entry {
    /// The position's key; 0 for an empty entry (a position whose key is 0 is not cached).
    key: u64,
    /// The score without the activity terms.
    partial: i32,
    /// The full score, or [`UNKNOWN`].
    full: i32,
}

/// The full score of an entry that has only the partial one.
const UNKNOWN: i32 = i32::MIN;

/// What the cache knows of a position: its score without the activity terms, and its full
/// score when that has been worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CachedScores {
    /// The score without the activity terms.
    pub partial: i32,
    /// The full score, if known.
    pub full: Option<i32>,
}

/// A direct-mapped cache of static scores, one per search thread.
pub struct ScoreCache {
    entries: Box<[Entry]>,
}

impl Default for ScoreCache {
    fn default() -> Self {
        ScoreCache { entries: vec![Entry::default(); ENTRIES].into_boxed_slice() }
    }
}

impl ScoreCache {
    #[inline(always)]
    fn slot(key: u64) -> usize {
        (key >> (64 - ENTRIES.trailing_zeros())) as usize
    }

    /// The scores kept for the position with this key, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<CachedScores> {
        let entry = &self.entries[Self::slot(key)];
        (entry.key == key && key != 0)
            .then(|| CachedScores { partial: entry.partial, full: (entry.full != UNKNOWN).then_some(entry.full) })
    }

    /// Keeps a position's scores, in place of whatever its slot held.
    #[inline]
    pub fn put(&mut self, key: u64, scores: CachedScores) {
        self.entries[Self::slot(key)] = Entry { key, partial: scores.partial, full: scores.full.unwrap_or(UNKNOWN) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_both_scores_and_the_last_position_of_a_slot() {
        let mut cache = ScoreCache::default();
        assert_eq!(cache.get(0x1234), None);
        cache.put(0x1234, CachedScores { partial: 15, full: None });
        assert_eq!(cache.get(0x1234), Some(CachedScores { partial: 15, full: None }));
        cache.put(0x1234, CachedScores { partial: 15, full: Some(-40) });
        assert_eq!(cache.get(0x1234), Some(CachedScores { partial: 15, full: Some(-40) }));
        // Another key in the same slot takes it over.
        cache.put(0x1235, CachedScores { partial: 7, full: Some(9) });
        assert_eq!(cache.get(0x1234), None);
        assert_eq!(cache.get(0x1235).map(|s| s.full), Some(Some(9)));
        // An empty slot is no entry for the key 0.
        assert_eq!(ScoreCache::default().get(0), None);
    }
}
