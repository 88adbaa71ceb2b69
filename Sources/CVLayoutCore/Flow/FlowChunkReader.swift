/// Sequential (and occasional random) access to a `FlowChunkedArray` without a lookup per
/// element: the current chunk's range is cached. Plain pointers (no reference counting in the
/// hot loops); valid only inside `FlowChunkedArray.withReader`.
struct FlowChunkReader<T> {
    private let tables: UnsafeBufferPointer<FlowChunkTable<T>>
    let count: Int
    /// Added to every index asked for: the reader then reads element `i + offset` as `i`.
    var offset = 0
    private var lo = 0
    private var hi = 0
    private var base: UnsafeMutablePointer<T>?

    init(tables: UnsafeBufferPointer<FlowChunkTable<T>>, count: Int) {
        self.tables = tables
        self.count = count
    }

    /// Element `i + offset` (within `0 ..< count`). O(1) within the current chunk, O(log chunks)
    /// otherwise.
    @inline(__always)
    mutating func callAsFunction(_ i: Int) -> T {
        let j = i + offset
        if j < lo || j >= hi { seek(j) }
        return base.unsafelyUnwrapped[j - lo]
    }

    /// The elements of the chunk holding `i + offset`: `pointer[j]` is what `self(j)` reads, for
    /// `j` in `start ..< end` (the pointer is moved by the chunk's start and the offset). For
    /// loops that read a run of elements with no check per element.
    @inline(__always)
    mutating func window(at i: Int) -> FlowChunkWindow<T> {
        let j = i + offset
        if j < lo || j >= hi { seek(j) }
        return FlowChunkWindow(
            pointer: UnsafePointer(base.unsafelyUnwrapped) - (lo - offset), start: lo - offset, end: hi - offset)
    }

    /// `window(at: i)`, found from `hint` first: a place a reader of the same array, or of any
    /// other, left (`place`), checked against this reader's tables, never trusted. When the
    /// hint's group holds `i + offset`, the chunk is the hint's if it holds it, else the group's
    /// `chunk(holding:)` (no search of the groups, no call); otherwise `window(at:)`'s search.
    /// So a query reading near the last one's items finds its window in O(1). Any hint gives the
    /// same window.
    @inline(__always)
    mutating func window(at i: Int, near hint: FlowChunkPlace) -> FlowChunkWindow<T> {
        let j = i &+ offset
        let g = hint.group, k = hint.chunk
        // (Unsigned compares: one each for 0 ≤ g < groups, 0 ≤ jj < the group's count, 0 ≤ k < its chunks.)
        if UInt(bitPattern: g) < UInt(bitPattern: tables.count) {
            let t = tables[g]
            let jj = j &- t.start
            if UInt(bitPattern: jj) < UInt(bitPattern: t.count) {
                let inHint =
                    UInt(bitPattern: k) < UInt(bitPattern: t.chunkCount) && t.starts[k] <= jj && jj < t.starts[k &+ 1]
                set(t, g, inHint ? k : t.chunk(holding: jj))
                return currentWindow  // (the chunk holds j: no second test, no seek)
            }
        }
        return window(at: i)
    }

    /// The current chunk as a window (`window(at:)`'s answer once the chunk holds the index), in
    /// wrapping arithmetic (lo, hi and offset are indices of the array, far from Int's ends):
    /// the screenful's path (`window(at:near:)`). `window(at:)` keeps its checked arithmetic:
    /// written this way there, the line breaker's loop that inlines it took ~50,000 instructions
    /// more a prepare of 10^5 items (its registers allocated differently).
    @inline(__always)
    private var currentWindow: FlowChunkWindow<T> {
        FlowChunkWindow(
            pointer: UnsafePointer(base.unsafelyUnwrapped) + (offset &- lo), start: lo &- offset, end: hi &- offset)
    }

    /// Where the current window lies (for `window(at:near:)`): valid once a window was asked.
    var place: FlowChunkPlace { FlowChunkPlace(group: group, chunk: chunk) }

    /// The group and chunk of the current window (valid when `base` is set).
    private var group = 0
    private var chunk = 0

    /// Moves the window to the chunk holding `i`: the next or the previous chunk of the same
    /// group in O(1) (what reading in order, and a line that straddles two chunks, ask for),
    /// any other by binary search.
    @inline(never)
    private mutating func seek(_ i: Int) {
        if base != nil {
            let t = tables[group]
            let j = i - t.start
            if j >= 0 && j < t.count {
                if i >= hi && chunk + 1 < t.chunkCount && j < t.starts[chunk + 2] {
                    set(t, group, chunk + 1)
                    return
                }
                if i < lo && chunk > 0 && j >= t.starts[chunk - 1] {
                    set(t, group, chunk - 1)
                    return
                }
            }
        }
        // Groups as made hold equal shares of the array (within a chunk): the group at i's share
        // first, checked (the group holding i is the last one starting at or before it, the
        // search's answer).
        let n = tables.count
        var g = Swift.min(count > 0 ? Swift.max(i, 0) &* n / count : 0, n - 1)
        if !(tables[g].start <= i && (g + 1 == n || tables[g + 1].start > i)) {
            g = flowPartitionPoint(0, n) { tables[$0].start > i } - 1
        }
        let t = tables[g]
        set(t, g, t.chunk(holding: i - t.start))
    }

    /// (Wrapping: a chunk's bounds are indices of the array, far from Int's ends.)
    @inline(__always)
    private mutating func set(_ t: FlowChunkTable<T>, _ g: Int, _ k: Int) {
        group = g
        chunk = k
        lo = t.start &+ t.starts[k]
        hi = t.start &+ t.starts[k &+ 1]
        base = t.bases[k]
    }
}

extension FlowChunkReader where T == Size {
    /// Whether no size of the current window (the chunk of the last `window` asked) is empty:
    /// each has width > 0 and height > 0, the first half of a cell's intersection test, which a
    /// cell loop over such a window can skip (`FlowCellLines.nonEmpty`). Cached per chunk in its
    /// group (`FlowChunkGroup.marks`, reset when the chunk is written). A window must have been
    /// asked. O(1); O(chunk) the first time after the chunk was made or written.
    @inline(__always)
    mutating func windowHasNoEmptySize() -> Bool {
        let mark = tables[group].marks + chunk
        if mark.pointee < 0 { mark.pointee = Self.noneEmpty(base.unsafelyUnwrapped, hi &- lo) ? 1 : 0 }
        return mark.pointee == 1
    }

    /// Whether every one of the `n` sizes at `p` has width > 0 and height > 0 (the cells'
    /// comparisons: NaN fails both). Both sides of a size tested at once (a vector compare),
    /// with no branch a size: ~6 instructions a size, where a test and a branch a side took ~13
    /// (the first query that reads a chunk after it was made or written pays this). O(n).
    @inline(never)
    private static func noneEmpty(_ p: UnsafePointer<Size>, _ n: Int) -> Bool {
        var ok = SIMDMask<SIMD2<Int64>>(repeating: true)
        var k = 0
        while k < n {
            ok .&= SIMD2(p[k].width, p[k].height) .> 0
            k &+= 1
        }
        return all(ok)
    }
}

/// A chunk of a `FlowChunkedArray` by its group and its index in the group: a reader's hint
/// (`FlowChunkReader.window(at:near:)`), checked before use, never trusted.
struct FlowChunkPlace {
    var group = -1
    var chunk = 0
}

/// A run of a `FlowChunkedArray` read in place: `pointer[j]` for `j` in `start ..< end`.
struct FlowChunkWindow<T> {
    var pointer: UnsafePointer<T>
    var start: Int
    var end: Int

    /// Whether `i` is in the window.
    @inline(__always)
    func contains(_ i: Int) -> Bool { i >= start && i < end }
}
