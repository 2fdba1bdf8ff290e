//! Zeroed memory for the search's large tables, on huge pages where the system lends
//! them. A table of many megabytes read at random indices misses the processor's
//! address cache (its TLB) on nearly every probe when it lies on 4 KiB pages; on 2 MiB
//! pages a few entries cover it. On Linux a table of a huge page or more is mapped
//! straight from the kernel at a 2 MiB boundary and advised (`MADV_HUGEPAGE`) before
//! it is touched: its pages arrive zeroed, huge where the kernel allows, and only as
//! the search reaches them. Anything smaller, anything elsewhere, and any mapping the
//! kernel refuses comes zeroed from the allocator on ordinary pages.

use std::alloc::{Layout, alloc_zeroed, dealloc, handle_alloc_error};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// A huge page on x86-64 and aarch64 Linux.
const HUGE_PAGE: usize = 2 << 20;

/// Types whose value with every byte zero is a valid one (integers, atomics, and
/// structs of them).
///
/// # Safety
/// An implementor must be valid with all bytes zero and own no resources.
pub(crate) unsafe trait Zeroable {}

// SAFETY: integers.
unsafe impl Zeroable for i16 {}
// SAFETY: integers.
unsafe impl Zeroable for i32 {}

/// A fixed-length slice of zeroed `T`.
pub(crate) struct ZeroedSlice<T: Zeroable> {
    ptr: NonNull<T>,
    len: usize,
    memory: Memory,
}

/// Where a slice's memory came from, and so how it goes back.
enum Memory {
    /// From the allocator, with this layout.
    Heap(Layout),
    /// Mapped from the kernel, this many bytes.
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    Mapped(usize),
}

impl<T: Zeroable> ZeroedSlice<T> {
    /// `len` zeroed values. Aborts, as `Vec` does, where the memory cannot be had.
    pub(crate) fn new(len: usize) -> ZeroedSlice<T> {
        const { assert!(size_of::<T>() > 0, "tables of zero-sized values") };
        // The callers' sizes are bounded (the hash table's by `MAX_MB`, the others
        // constants), so this cannot fail; like `Vec`, it would be a "capacity
        // overflow" panic.
        let Ok(layout) = Layout::array::<T>(len.max(1)) else {
            panic!("capacity overflow: {len} table entries");
        };
        if let Some((ptr, bytes)) = map_huge(layout) {
            return ZeroedSlice {
                ptr: ptr.cast::<T>(),
                len,
                memory: Memory::Mapped(bytes),
            };
        }
        // SAFETY: the layout's size is at least one `T`, and a `T` is not zero-sized.
        let raw = unsafe { alloc_zeroed(layout) };
        let Some(ptr) = NonNull::new(raw.cast::<T>()) else {
            handle_alloc_error(layout)
        };
        ZeroedSlice {
            ptr,
            len,
            memory: Memory::Heap(layout),
        }
    }
}

impl<T: Zeroable> Deref for ZeroedSlice<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` holds `len` values, zeroed (valid by the `Zeroable` contract)
        // and aligned for `T` (a page boundary or the layout's alignment), alive until
        // `drop`; `&self` hands out only shared references.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> DerefMut for ZeroedSlice<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`; `&mut self` makes this the only reference.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> Drop for ZeroedSlice<T> {
    fn drop(&mut self) {
        let raw = self.ptr.as_ptr().cast::<u8>();
        match self.memory {
            // SAFETY: allocated in `new` with this very layout; `T` owns no resources,
            // so nothing needs dropping first.
            Memory::Heap(layout) => unsafe { dealloc(raw, layout) },
            Memory::Mapped(bytes) => unmap(raw, bytes),
        }
    }
}

// SAFETY: the slice owns its values as a `Box<[T]>` would.
unsafe impl<T: Zeroable + Send> Send for ZeroedSlice<T> {}
// SAFETY: shared access hands out only `&[T]`, as a `Box<[T]>`'s does.
unsafe impl<T: Zeroable + Sync> Sync for ZeroedSlice<T> {}

/// `layout.size()` zeroed bytes mapped at a huge-page boundary and advised to be huge
/// pages, with the bytes mapped (whole huge pages); `None` below a huge page, or where
/// the kernel refuses the mapping.
#[cfg(target_os = "linux")]
fn map_huge(layout: Layout) -> Option<(NonNull<u8>, usize)> {
    if layout.size() < HUGE_PAGE || layout.align() > HUGE_PAGE {
        return None;
    }
    let bytes = layout.size().checked_next_multiple_of(HUGE_PAGE)?;
    // One huge page more than needed, so that a 2 MiB boundary lies inside.
    let span = bytes.checked_add(HUGE_PAGE)?;
    // SAFETY: a new private anonymous mapping; no memory of the program is touched.
    let raw = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            span,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if raw == libc::MAP_FAILED {
        return None;
    }
    let start = raw as usize;
    let head = start.next_multiple_of(HUGE_PAGE) - start;
    let tail = span - head - bytes;
    // SAFETY: the head and the tail lie inside the mapping just made, page-aligned
    // (mappings start on a page, and `head` and `bytes` are multiples of one), and
    // nothing refers to them; the advice only asks how the kept part is backed.
    // Failures leave memory mapped or ordinary pages: never a wrong table.
    unsafe {
        if head > 0 {
            libc::munmap(raw, head);
        }
        let kept = raw.cast::<u8>().add(head);
        if tail > 0 {
            libc::munmap(kept.add(bytes).cast(), tail);
        }
        libc::madvise(kept.cast(), bytes, libc::MADV_HUGEPAGE);
        NonNull::new(kept).map(|p| (p, bytes))
    }
}

#[cfg(not(target_os = "linux"))]
fn map_huge(_layout: Layout) -> Option<(NonNull<u8>, usize)> {
    None
}

/// Returns a mapping of `map_huge`.
#[cfg(target_os = "linux")]
fn unmap(raw: *mut u8, bytes: usize) {
    // SAFETY: `raw` and `bytes` are a mapping `map_huge` made and nothing else
    // unmapped; its slice is being dropped, so nothing refers to it.
    unsafe { libc::munmap(raw.cast(), bytes) };
}

#[cfg(not(target_os = "linux"))]
fn unmap(_raw: *mut u8, _bytes: usize) {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    struct Pair(AtomicU64, AtomicU64);
    // SAFETY: two atomics, valid at zero.
    unsafe impl Zeroable for Pair {}

    #[test]
    fn a_large_slice_is_zeroed_aligned_and_writable() {
        let len = 3 * HUGE_PAGE / size_of::<Pair>() + 5;
        let mut slice = ZeroedSlice::<Pair>::new(len);
        assert_eq!(slice.len(), len);
        if cfg!(target_os = "linux") {
            assert!(matches!(slice.memory, Memory::Mapped(b) if b == 4 * HUGE_PAGE));
            assert_eq!(slice.as_ptr() as usize % HUGE_PAGE, 0);
        }
        assert!(
            slice
                .iter()
                .all(|p| p.0.load(Relaxed) == 0 && p.1.load(Relaxed) == 0)
        );
        slice[len - 1].1.store(7, Relaxed);
        assert_eq!(slice[len - 1].1.load(Relaxed), 7);
        slice[0] = Pair(AtomicU64::new(3), AtomicU64::new(4));
        assert_eq!(slice[0].1.load(Relaxed), 4);
        drop(slice);
        let small = ZeroedSlice::<Pair>::new(3);
        assert!(matches!(small.memory, Memory::Heap(_)));
        assert_eq!(small.len(), 3);
        assert!(small.iter().all(|p| p.0.load(Relaxed) == 0));
        assert_eq!(ZeroedSlice::<i16>::new(0).len(), 0);
    }
}
