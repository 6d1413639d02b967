//! The transposition table's memory: taken from the system zeroed and untouched, so a large
//! table costs nothing until it is used, with its buckets on cache-line boundaries and, in a
//! table of 2 MiB or more, backed by large pages where the system allows it.

use super::entry::{BUCKET_BYTES, BUCKET_WORDS};
use std::sync::atomic::AtomicU64;

/// `count` zeroed words, in memory the operating system hands out already zeroed, page by
/// page as it is first touched: a large Hash costs neither time nor memory until the search
/// uses it. (`tt_memory_is_lazy` below checks it.) An error, not an abort, when the memory
/// cannot be had.
///
/// The engine's one `unsafe` allocation, and why: safe Rust can only build the table by
/// writing its zeros, which touches every page. Measured with `setoption name Hash value
/// 4096` then `isready` (release build, while a match ran on both cores): collecting empty
/// buckets took 11.4 s and left 4.0 GiB resident; this zeroed allocation took 3.6 ms and left
/// RSS unchanged. The GUI waits on that `isready`.
///
/// The words' own alignment only: the allocator zeroes over-aligned memory itself, touching
/// every page. One allocation, no trial one before it: on glibc, freeing a large trial block
/// raises the threshold above which blocks are mapped fresh, and the table then came from the
/// heap, zeroed by hand (every page touched) and, after `ucinewgame`, twice resident.
#[allow(unsafe_code)]
pub(super) fn zeroed_words(count: usize) -> Result<Box<[AtomicU64]>, String> {
    let count = count.max(1);
    let layout = std::alloc::Layout::array::<AtomicU64>(count).map_err(|e| e.to_string())?;
    // SAFETY: the layout's size is not zero (at least one word). An `AtomicU64` has the size
    // and bit validity of a `u64`, for which every bit pattern is valid: zeroed memory is a
    // table of valid, empty entries. The pointer, when not null, comes from the global
    // allocator with the layout of `[AtomicU64; count]`, which is what a `Box<[AtomicU64]>`
    // of that length frees it with.
    unsafe {
        let words = std::alloc::alloc_zeroed(layout).cast::<AtomicU64>();
        if words.is_null() {
            return Err(format!("the system refused {} bytes", layout.size()));
        }
        Ok(Box::from_raw(std::ptr::slice_from_raw_parts_mut(words, count)))
    }
}

/// A table of at least this size starts on a boundary of it, where the processor's large
/// pages start (2 MiB on x86-64 and on ARM with 4 KiB pages), and asks the system to back it
/// with them (see [`advise_large_pages`]).
const LARGE_PAGE_BYTES: usize = 2 << 20;

/// Memory for `buckets` buckets: the words, and the index of the first bucket's first word.
/// The first bucket starts on a cache-line boundary, and in a table of a large page or more,
/// on a large-page boundary; the spare words before it are never touched, so they cost
/// address space but no memory.
pub(super) fn aligned_buckets(buckets: usize) -> Result<(Box<[AtomicU64]>, usize), String> {
    let buckets = buckets.max(1);
    let alignment = if buckets * BUCKET_BYTES >= LARGE_PAGE_BYTES { LARGE_PAGE_BYTES } else { BUCKET_BYTES };
    let word_bytes = std::mem::size_of::<AtomicU64>();
    let words = zeroed_words(buckets * BUCKET_WORDS + alignment / word_bytes - 1)?;
    let misalignment = words.as_ptr() as usize % alignment;
    let first = (alignment - misalignment) % alignment / word_bytes;
    if alignment == LARGE_PAGE_BYTES {
        advise_large_pages(&words[first..]);
    }
    Ok((words, first))
}

/// Asks Linux to back the table with large pages (transparent huge pages), where the system
/// leaves that to the program (`/sys/kernel/mm/transparent_hugepage/enabled` set to
/// `madvise`, as on Debian; with `always` it happens anyway, with `never` not at all). A
/// probe lands on a random bucket, and with small pages nearly every one also misses the
/// processor's cache of address translations: at Hash 64 the prefetch of a child's bucket
/// waited on that translation.
///
/// `unsafe`, and why: `madvise` is a C function, reached through a declaration of our own.
/// Measured with `python3 tools/speed.py` (interleaved, idle machine; `docs/performance.md`).
/// Elsewhere, and if the system declines, the table simply keeps small pages.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_large_pages(words: &[AtomicU64]) {
    use std::ffi::{c_int, c_void};
    const MADV_HUGEPAGE: c_int = 14;
    extern "C" {
        fn madvise(addr: *mut c_void, length: usize, advice: c_int) -> c_int;
    }
    // SAFETY: the range is memory this table owns, starting on a page boundary (a large
    // page's); the advice changes how the system backs it, never its contents.
    let result = unsafe { madvise(words.as_ptr() as *mut c_void, std::mem::size_of_val(words), MADV_HUGEPAGE) };
    if result != 0 {
        log::debug!("large pages for the hash table declined: {}", std::io::Error::last_os_error());
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_large_pages(_words: &[AtomicU64]) {}
