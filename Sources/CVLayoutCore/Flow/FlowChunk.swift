/// One chunk of a `FlowChunkedArray`: a fixed number of elements at a stable address (the hot
/// loops read it through `FlowChunkReader` without a closure per chunk). Never resized: an edit
/// that changes a chunk's length builds new chunks. Shared (between copies of an array, or
/// several times within one when built by repetition) while nobody writes it.
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

/// A run of consecutive chunks of a `FlowChunkedArray` (its second level) with its part of the
/// chunk table: where each chunk starts within the group, and each chunk's elements.
///
/// Copies of an array share their groups; an edit builds new groups for the ones it touches, so
/// it copies and retains one group's table (about `FlowChunkedArray.groupTarget` references), not
/// a reference per chunk of the whole array. A group is written in place only through `ownChunk`,
/// by an array holding the only reference to it.
final class FlowChunkGroup<T> {
    /// The chunks, in order (never empty).
    private(set) var chunks: ContiguousArray<FlowChunk<T>>
    /// `starts[k]`: where chunk k's first element is in the group; `starts[chunks.count]` is the
    /// group's element count.
    let starts: UnsafeMutablePointer<Int>
    /// `bases[k]`: chunk k's elements (what a `FlowChunkReader` reads; `chunks` keeps them alive).
    let bases: UnsafeMutablePointer<UnsafeMutablePointer<T>>
    /// Whether every element is equal: unknown (-1), no (0), yes (1); cached by `allEqual`.
    var uniformCache: Int8 = -1
    /// `marks[k]`: a property of chunk k's elements that a reader caches (sizes: whether none is
    /// empty, `FlowChunkReader.windowHasNoEmptySize`): unknown (-1), no (0), yes (1). Reset to
    /// unknown whenever the chunk in slot k is written or replaced (`ownChunk`, `replaceChunk`:
    /// the only ways a chunk's elements change).
    let marks: UnsafeMutablePointer<Int8>

    /// A group of the chunks `list` (not empty). O(list).
    init<C: Collection>(_ list: C) where C.Element == FlowChunk<T> {
        chunks = ContiguousArray(list)
        let n = chunks.count
        starts = UnsafeMutablePointer<Int>.allocate(capacity: n + 1)
        bases = UnsafeMutablePointer<UnsafeMutablePointer<T>>.allocate(capacity: Swift.max(1, n))
        marks = UnsafeMutablePointer<Int8>.allocate(capacity: Swift.max(1, n))
        marks.initialize(repeating: -1, count: n)
        var at = 0
        for k in 0..<n {
            starts[k] = at
            bases[k] = chunks[k].base
            at += chunks[k].count
        }
        starts[n] = at
    }

    var count: Int { starts[chunks.count] }

    /// A group sharing this one's chunks (a write to it then copies the chunk it writes).
    func copy() -> FlowChunkGroup<T> {
        let g = FlowChunkGroup(chunks)
        g.uniformCache = uniformCache
        g.marks.update(from: marks, count: chunks.count)  // (the same chunks)
        return g
    }

    /// Chunk `k`'s elements, to be written: the chunk is copied first when anyone else can see
    /// it. The caller holds the only reference to this group. O(chunk) when copied, else O(1).
    func ownChunk(_ k: Int) -> UnsafeMutablePointer<T> {
        if !isKnownUniquelyReferenced(&chunks[k]) {
            chunks[k] = chunks[k].copy()
            bases[k] = chunks[k].base
        }
        chunks[k].uniformCache = -1
        uniformCache = -1
        marks[k] = -1
        return chunks[k].base
    }

    /// Puts `chunk` in place of chunk `k` (the chunks after it move by the count's change). The
    /// caller holds the only reference to this group. O(chunks after k).
    func replaceChunk(_ k: Int, with chunk: FlowChunk<T>) {
        let delta = chunk.count - chunks[k].count
        chunks[k] = chunk
        bases[k] = chunk.base
        marks[k] = -1
        if delta != 0 {
            for j in (k + 1)...chunks.count { starts[j] += delta }
        }
        uniformCache = -1
    }

    deinit {
        starts.deallocate()
        bases.deallocate()
        marks.deallocate()
    }
}

extension FlowChunk where T: Equatable {
    /// Whether every element of the chunk is equal, cached. O(chunk) the first time it is asked.
    func isUniform() -> Bool {
        if uniformCache < 0 {
            let b = buffer
            guard let f = b.first else { return true }
            var all = true
            for x in b where x != f {
                all = false
                break
            }
            uniformCache = all ? 1 : 0
        }
        return uniformCache == 1
    }
}

extension FlowChunkGroup where T: Equatable {
    /// Whether every element of the group is equal, cached. O(chunks), plus O(chunk) for each
    /// chunk written since it was last asked.
    func isUniform() -> Bool {
        if uniformCache < 0 {
            let v = bases[0][0]
            var same = true
            for c in chunks {
                if !c.isUniform() || c.base[0] != v {
                    same = false
                    break
                }
            }
            uniformCache = same ? 1 : 0
        }
        return uniformCache == 1
    }
}

/// What a reader needs of one group, as plain pointers (no reference counting in the hot loops):
/// where the group starts in the array, its element and chunk counts, and its table.
struct FlowChunkTable<T> {
    /// Index of the group's first element in the array.
    var start: Int
    let count: Int
    let chunkCount: Int
    let starts: UnsafePointer<Int>
    let bases: UnsafePointer<UnsafeMutablePointer<T>>
    /// The group's `marks` (a reader's per-chunk cache).
    let marks: UnsafeMutablePointer<Int8>

    init(_ g: FlowChunkGroup<T>, start: Int) {
        self.start = start
        count = g.count
        chunkCount = g.chunks.count
        starts = UnsafePointer(g.starts)
        bases = UnsafePointer(g.bases)
        marks = g.marks
    }

    /// Index within the group of the chunk holding the group's element `j` (`0 ≤ j < count`).
    /// Chunks as made hold equal shares of the group (within one element), so the chunk at
    /// `j`'s share, `j × chunkCount / count`, is tried first (checked: the chunk holding `j` is
    /// the one nonempty chunk whose range holds it, the search's answer too). O(1) then,
    /// O(log chunkCount) when edits moved it.
    @inline(__always)
    func chunk(holding j: Int) -> Int {
        let guess = Swift.min(count > 0 ? j &* chunkCount / count : 0, chunkCount &- 1)
        if guess >= 0 && starts[guess] <= j && j < starts[guess &+ 1] { return guess }
        return flowPartitionPoint(0, chunkCount) { starts[$0] > j } - 1
    }
}
