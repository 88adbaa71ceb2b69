/// One section's item identifiers in a snapshot (`Snapshot.items`).
///
/// A host's array is kept as it came. When splices (`SnapshotEdits`) edit a section of more than
/// `chunkedFrom` identifiers, or more than `arraySplices` of them edit one section in one call,
/// the section moves into chunks (`FlowChunkedArray`, the store of the flow layout's sizes) once,
/// and stays there: every later splice of it copies one chunk and one group's table, not the
/// section. A chat of 10⁶ messages that appends one copies at most a chunk of identifiers.
///
/// - Complexity: `count` O(1); `self[i]` O(1) for an array, O(log n) for chunks; `copy(range)`
///   O(k + log n); `array` O(1) for an array (shared), O(n) for chunks; `apply` O(n + k) for an
///   array (n ≤ `chunkedFrom`, or the move into chunks), else O(k + chunk + group + groups) per
///   splice for k new identifiers.
struct SnapshotItems: Equatable, Sendable {
    /// Sections of more identifiers than this move into chunks when a splice edits them (below
    /// it, a splice moves at most about this many identifiers of the array).
    static let chunkedFrom = 2048
    /// Splices of one section in one call beyond which even a small section moves into chunks
    /// (each splice of an array moves the identifiers after it).
    static let arraySplices = 8

    private enum Storage {
        case array([UInt64])
        case chunks(FlowChunkedArray<UInt64>)
    }

    private var storage: Storage

    init(_ identifiers: [UInt64]) { storage = .array(identifiers) }

    var count: Int {
        switch storage {
        case .array(let a): return a.count
        case .chunks(let c): return c.count
        }
    }

    /// Whether the section is in chunks (tests, and readers that cache a chunk).
    var isChunked: Bool {
        if case .chunks = storage { return true }
        return false
    }

    /// The identifier at `i` (`0 ≤ i < count`).
    subscript(i: Int) -> UInt64 {
        switch storage {
        case .array(let a): return a[i]
        case .chunks(let c): return c[i]
        }
    }

    /// The identifiers in `range` (within `0 ..< count`), as an array.
    func copy(_ range: Range<Int>) -> [UInt64] {
        switch storage {
        case .array(let a):
            return Array(a[range])
        case .chunks(let c):
            var out = [UInt64]()
            out.reserveCapacity(range.count)
            c.withReader { r in
                for i in range { out.append(r(i)) }
            }
            return out
        }
    }

    /// Every identifier, as an array (the stored one when there are no chunks).
    var array: [UInt64] {
        switch storage {
        case .array(let a): return a
        case .chunks(let c): return c.toArray()
        }
    }

    /// Calls `body` with the section's contiguous runs (one for an array, a chunk each
    /// otherwise), valid during the call: for loops that compare runs without a check per item.
    func withWindows<R>(_ body: (inout Windows) -> R) -> R {
        switch storage {
        case .array(let a):
            return a.withUnsafeBufferPointer { b in
                var w = Windows(array: b, reader: nil)
                return body(&w)
            }
        case .chunks(let c):
            return c.withReader { r in
                var w = Windows(array: nil, reader: r)
                return body(&w)
            }
        }
    }

    /// The runs of a `SnapshotItems` (see `withWindows`).
    struct Windows {
        fileprivate var array: UnsafeBufferPointer<UInt64>?
        fileprivate var reader: FlowChunkReader<UInt64>?

        /// The run holding identifier `i`: `pointer[j]` is identifier `j` for `j` in `start ..<
        /// end`. O(1) within the last run asked for, O(log n) otherwise.
        mutating func window(at i: Int) -> FlowChunkWindow<UInt64> {
            if let b = array {
                return FlowChunkWindow(pointer: b.baseAddress ?? UnsafePointer(bitPattern: 8)!, start: 0, end: b.count)
            }
            return reader!.window(at: i)
        }
    }

    /// The chunk holding identifier `i` and the index of its first identifier; nil for an array.
    func chunk(holding i: Int) -> (chunk: FlowChunk<UInt64>, start: Int)? {
        if case .chunks(let c) = storage { return c.chunk(holding: i) }
        return nil
    }

    /// Applies `edits[j]` for each `j` of `indices`, in order, each on the result of the ones
    /// before it (the caller checked every range against the counts the edits before left).
    mutating func apply(_ indices: [Int], of edits: [SnapshotEdit]) {
        if case .array(var a) = storage, a.count <= Self.chunkedFrom, indices.count <= Self.arraySplices {
            storage = .array([])  // `a` alone holds the array now (when the snapshot did)
            for j in indices {
                let e = edits[j]
                a.replaceSubrange(e.start..<(e.start + e.removeCount), with: e.identifiers)
            }
            storage = .array(a)
            return
        }
        var c: FlowChunkedArray<UInt64>
        switch storage {
        case .array(let a): c = FlowChunkedArray(a)
        case .chunks(let x): c = x
        }
        storage = .array([])
        for j in indices {
            let e = edits[j]
            c.replaceSubrange(e.start, removing: e.removeCount, with: e.identifiers)
        }
        storage = .chunks(c)
    }

    static func == (a: SnapshotItems, b: SnapshotItems) -> Bool {
        if case .array(let x) = a.storage, case .array(let y) = b.storage { return x == y }
        return a.count == b.count && a.array == b.array
    }
}

/// A view's bulk item identifiers, read cell by cell (the C query path): the last chunk read is
/// kept, so the cells of a query, which come section by section in item order, cost O(1) each
/// after one O(log n) seek per chunk.
public struct BulkItemIdentifiers {
    private let lists: [SnapshotItems]
    private var cached: (section: Int, start: Int, chunk: FlowChunk<UInt64>)?

    init(_ lists: [SnapshotItems]) { self.lists = lists }

    /// The identifier of item `item` of section `section`, or nil outside the snapshot.
    public mutating func identifier(section: Int, item: Int) -> UInt64? {
        guard section >= 0, section < lists.count, item >= 0, item < lists[section].count else { return nil }
        if let c = cached, c.section == section, item >= c.start, item < c.start + c.chunk.count {
            return c.chunk.base[item - c.start]
        }
        guard let (chunk, start) = lists[section].chunk(holding: item) else { return lists[section][item] }
        cached = (section, start, chunk)
        return chunk.base[item - start]
    }
}
