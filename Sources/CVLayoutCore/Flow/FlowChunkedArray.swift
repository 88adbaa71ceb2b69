/// One chunk of a `FlowChunkedArray`: a fixed number of elements at a stable address (the hot
/// loops read it through `FlowChunkReader` without a closure per chunk). Never resized: an edit
/// that changes a chunk's length builds new chunks.
final class FlowChunk<T> {
    let base: UnsafeMutablePointer<T>
    let count: Int
    /// Whether every element is equal: unknown (-1), no (0), yes (1); cached by `allEqual`.
    var uniformCache: Int8 = -1

    init(_ elements: UnsafeBufferPointer<T>) {
        count = elements.count
        base = UnsafeMutablePointer<T>.allocate(capacity: Swift.max(1, count))
        if let src = elements.baseAddress { base.initialize(from: src, count: count) }
    }

    /// `count` elements written by `fill` (which must initialize every slot).
    init(filling count: Int, _ fill: (UnsafeMutableBufferPointer<T>) -> Void) {
        self.count = count
        base = UnsafeMutablePointer<T>.allocate(capacity: Swift.max(1, count))
        fill(UnsafeMutableBufferPointer(start: base, count: count))
    }

    func copy() -> FlowChunk<T> {
        let c = FlowChunk(UnsafeBufferPointer(start: base, count: count))
        c.uniformCache = uniformCache
        return c
    }

    var buffer: UnsafeBufferPointer<T> { UnsafeBufferPointer(start: base, count: count) }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// A value-semantic array stored in chunks of about `chunkTarget` elements, so that inserting
/// or deleting a range costs O(k + chunk + chunks) instead of moving everything after it, and a
/// copy-on-write of one element copies one chunk and the chunk table, not the whole array.
///
/// The flow layout's per-item sizes (`FlowSizes`) and measured flags live in it. Chunks are
/// shared between copies (a prepared layout and the size store it was computed from): an edit
/// never changes a chunk another copy can see.
///
/// - Complexity: random access O(log chunks); sequential access through `FlowChunkReader` O(1);
///   `replaceSubrange` O(k + chunkTarget + chunks) for k new elements (plus the removed range's
///   chunks); `set` O(chunkTarget + chunks) when the chunk or the table is shared, else O(log chunks).
struct FlowChunkedArray<T> {
    /// Elements per chunk when chunks are made; a rebuilt run of up to twice this stays one chunk,
    /// one of fewer than a quarter of it takes in a neighbour.
    static var chunkTarget: Int { 2048 }

    private(set) var chunks: ContiguousArray<FlowChunk<T>> = []
    /// `starts[k]`: index of chunk k's first element (increasing; no chunk is empty).
    private(set) var starts: ContiguousArray<Int> = []
    /// `bases[k]`: chunk k's elements (what a `FlowChunkReader` reads; `chunks` keeps them alive).
    private(set) var bases: ContiguousArray<UnsafeMutablePointer<T>> = []
    private(set) var count = 0

    init() {}

    init<C: Collection>(_ elements: C) where C.Element == T {
        // No intermediate copy when the elements are contiguous already (an array).
        if elements.withContiguousStorageIfAvailable({ appendChunks($0) }) == nil {
            let all = ContiguousArray(elements)
            all.withUnsafeBufferPointer { appendChunks($0) }
        }
    }

    /// `n` elements written chunk by chunk by `fill(range, buffer)` (`buffer[k]` is element
    /// `range.lowerBound + k`; every slot must be initialized).
    init(count n: Int, fill: (Range<Int>, UnsafeMutableBufferPointer<T>) -> Void) {
        let target = Self.chunkTarget
        let pieces = n <= 0 ? 0 : n <= 2 * target ? 1 : (n + target - 1) / target
        var at = 0
        for p in 0..<pieces {
            let end = (p + 1) * n / pieces
            let c = FlowChunk<T>(filling: end - at) { fill(at..<end, $0) }
            appendChunk(c)
            at = end
        }
    }

    init(repeating value: T, count n: Int) {
        let target = Self.chunkTarget
        var piece = ContiguousArray<T>(repeating: value, count: Swift.min(n, target))
        var left = n
        while left > 0 {
            let k = Swift.min(left, target)
            if k < piece.count { piece = ContiguousArray(repeating: value, count: k) }
            piece.withUnsafeBufferPointer { appendChunk(FlowChunk($0)) }
            left -= k
        }
    }

    private mutating func appendChunk(_ c: FlowChunk<T>) {
        guard c.count > 0 else { return }
        chunks.append(c)
        bases.append(c.base)
        starts.append(count)
        count += c.count
    }

    /// Appends `b` as chunks of `chunkTarget` (one chunk when it is at most twice that).
    private mutating func appendChunks(_ b: UnsafeBufferPointer<T>) {
        let target = Self.chunkTarget
        let n = b.count
        guard n > 0 else { return }
        let pieces = n <= 2 * target ? 1 : (n + target - 1) / target
        var at = 0
        for p in 0..<pieces {
            let end = (p + 1) * n / pieces
            appendChunk(FlowChunk(UnsafeBufferPointer(rebasing: b[at..<end])))
            at = end
        }
    }

    /// Index of the chunk holding element `i` (`0 ≤ i < count`). O(log chunks).
    @inline(__always)
    func chunkIndex(of i: Int) -> Int {
        flowPartitionPoint(0, starts.count) { starts[$0] > i } - 1
    }

    subscript(i: Int) -> T {
        get {
            let k = chunkIndex(of: i)
            return chunks[k].base[i - starts[k]]
        }
        set {
            let k = chunkIndex(of: i)
            if !isKnownUniquelyReferenced(&chunks[k]) {
                chunks[k] = chunks[k].copy()
                bases[k] = chunks[k].base
            }
            chunks[k].base[i - starts[k]] = newValue
            chunks[k].uniformCache = -1
        }
    }

    /// Replaces `start ..< start + removeCount` by `new` (the caller checked the range).
    mutating func replaceSubrange<C: Collection>(_ start: Int, removing removeCount: Int, with new: C)
    where C.Element == T {
        let end = start + removeCount
        guard !chunks.isEmpty else {
            self = FlowChunkedArray(new)
            return
        }
        var kLo = start == count ? chunks.count - 1 : chunkIndex(of: start)
        var kHi = removeCount == 0 ? kLo : chunkIndex(of: end - 1)
        let head = start - starts[kLo], tail = chunks[kHi].buffer
        let tailFrom = end - starts[kHi]
        let length = head + new.count + (tail.count - tailFrom)
        if length >= Self.chunkTarget / 4 && length <= 2 * Self.chunkTarget {
            // The common case: one new chunk, written once.
            let c = FlowChunk<T>(filling: length) { out in
                var at = out.baseAddress.unsafelyUnwrapped
                at.initialize(from: chunks[kLo].base, count: head)
                at += head
                for x in new {
                    at.initialize(to: x)
                    at += 1
                }
                if let t = tail.baseAddress { at.initialize(from: t + tailFrom, count: tail.count - tailFrom) }
            }
            chunks.replaceSubrange(kLo...kHi, with: CollectionOfOne(c))
            bases.replaceSubrange(kLo...kHi, with: CollectionOfOne(c.base))
            starts.removeSubrange((kLo + 1)..<starts.count)
            var at = starts[kLo] + c.count
            for k in (kLo + 1)..<chunks.count {
                starts.append(at)
                at += chunks[k].count
            }
            count = at
            return
        }
        var merged = ContiguousArray<T>()
        merged.reserveCapacity(Swift.min(Self.chunkTarget * 3, chunks[kLo].count + chunks[kHi].count) + new.count)
        merged.append(contentsOf: chunks[kLo].buffer[0..<(start - starts[kLo])])
        merged.append(contentsOf: new)
        merged.append(contentsOf: tail[tailFrom..<tail.count])
        if merged.count < Self.chunkTarget / 4 {
            // Keep chunks from getting small: take in a neighbour.
            if kHi + 1 < chunks.count {
                kHi += 1
                merged.append(contentsOf: chunks[kHi].buffer)
            } else if kLo > 0 {
                kLo -= 1
                merged.insert(contentsOf: chunks[kLo].buffer, at: 0)
            }
        }
        var rebuilt = FlowChunkedArray()
        merged.withUnsafeBufferPointer { rebuilt.appendChunks($0) }
        chunks.replaceSubrange(kLo...kHi, with: rebuilt.chunks)
        bases.replaceSubrange(kLo...kHi, with: rebuilt.bases)
        starts.removeSubrange(kLo..<starts.count)
        var at = kLo == 0 ? 0 : starts[kLo - 1] + chunks[kLo - 1].count
        for k in kLo..<chunks.count {
            starts.append(at)
            at += chunks[k].count
        }
        count = at
    }

    /// The elements as one array. O(n).
    func toArray() -> [T] {
        var out = [T]()
        out.reserveCapacity(count)
        for c in chunks { out.append(contentsOf: c.buffer) }
        return out
    }

    /// Bytes held by the elements and the chunk table.
    var bytes: Int {
        count * MemoryLayout<T>.stride + chunks.count * (MemoryLayout<Int>.stride * 2 + 48)
    }

    /// Calls `body` with a reader over the elements, valid during the call (the array must not
    /// change meanwhile).
    @inline(__always)
    func withReader<R>(_ body: (inout FlowChunkReader<T>) throws -> R) rethrows -> R {
        try starts.withUnsafeBufferPointer { st in
            try bases.withUnsafeBufferPointer { bs in
                var r = FlowChunkReader(starts: st, bases: bs, count: count)
                return try body(&r)
            }
        }
    }
}

extension FlowChunkedArray where T: Equatable {
    /// Whether every element is equal (true when empty). O(chunks), plus O(chunk) for each chunk
    /// changed since it was last asked.
    func allEqual() -> Bool {
        guard let first = chunks.first else { return true }
        let v = first.base[0]
        for c in chunks {
            if c.uniformCache < 0 {
                let b = c.buffer
                let f = b[0]
                var same = true
                for x in b where x != f {
                    same = false
                    break
                }
                c.uniformCache = same ? 1 : 0
            }
            if c.uniformCache == 0 || c.base[0] != v { return false }
        }
        return true
    }
}

/// Sequential (and occasional random) access to a `FlowChunkedArray` without a lookup per
/// element: the current chunk's range is cached. Plain pointers (no reference counting in the
/// hot loops); valid only inside `FlowChunkedArray.withReader`.
struct FlowChunkReader<T> {
    private let starts: UnsafeBufferPointer<Int>
    private let bases: UnsafeBufferPointer<UnsafeMutablePointer<T>>
    let count: Int
    /// Added to every index asked for: the reader then reads element `i + offset` as `i`.
    var offset = 0
    private var lo = 0
    private var hi = 0
    private var base: UnsafeMutablePointer<T>?

    init(starts: UnsafeBufferPointer<Int>, bases: UnsafeBufferPointer<UnsafeMutablePointer<T>>, count: Int) {
        self.starts = starts
        self.bases = bases
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

    @inline(never)
    private mutating func seek(_ i: Int) {
        let k = flowPartitionPoint(0, starts.count) { starts[$0] > i } - 1
        lo = starts[k]
        hi = k + 1 < starts.count ? starts[k + 1] : count
        base = bases[k]
    }
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

/// A section's per-item sizes: the flow layout's one size store (bulk arrays, measured sizes,
/// the delegate's answers), chunked so that a range edit does not move the whole section.
typealias FlowSizes = FlowChunkedArray<Size>
