/// A value-semantic array stored in chunks of about `chunkTarget` elements, the chunks in groups
/// of about `groupTarget`, so that inserting or deleting a range costs O(k + chunk + group +
/// groups) instead of moving everything after it, and a copy-on-write of one element copies one
/// chunk and one group's table, not the whole array nor a table of every chunk.
///
/// The flow layout's per-item sizes (`FlowSizes`) and measured flags live in it. Chunks and
/// groups are shared between copies (a prepared layout and the size store it was computed
/// from): an edit never changes a chunk or a group another copy can see. Two levels because the
/// prepared layout shares the store: with one flat table, the first edit after a prepare copied
/// and retained a reference per chunk (about 500 at 10⁶ sizes), cold in the cache after a long
/// layout, which cost more than the edit itself.
///
/// - Complexity: random access O(log groups + log groupTarget); sequential access through
///   `FlowChunkReader` O(1); `replaceSubrange` O(k + chunkTarget + groupTarget + groups) for k
///   new elements (plus the removed range's chunks and groups); a write through the subscript
///   O(log n) when its chunk and group are this array's own, else O(chunkTarget + groupTarget +
///   groups).
struct FlowChunkedArray<T> {
    /// Elements per chunk when chunks are made; a rebuilt run of up to twice this stays one chunk,
    /// one of fewer than a quarter of it takes in a neighbour.
    static var chunkTarget: Int { 512 }
    /// Chunks per group when groups are made, with the same rules as `chunkTarget`.
    static var groupTarget: Int { 64 }

    private(set) var groups: ContiguousArray<FlowChunkGroup<T>> = []
    /// `tables[g]`: group g's start, counts and table as plain pointers (what the reader reads;
    /// `groups` keeps them alive).
    private(set) var tables: ContiguousArray<FlowChunkTable<T>> = []
    private(set) var count = 0

    init() {}

    init<C: Collection>(_ elements: C) where C.Element == T {
        var list = ContiguousArray<FlowChunk<T>>()
        // No intermediate copy when the elements are contiguous already (an array).
        if elements.withContiguousStorageIfAvailable({ Self.appendChunks($0, to: &list) }) == nil {
            let all = ContiguousArray(elements)
            all.withUnsafeBufferPointer { Self.appendChunks($0, to: &list) }
        }
        appendGroups(list[...])
    }

    /// `n` elements written chunk by chunk by `fill(range, buffer)` (`buffer[k]` is element
    /// `range.lowerBound + k`; every slot must be initialized).
    init(count n: Int, fill: (Range<Int>, UnsafeMutableBufferPointer<T>) -> Void) {
        var list = ContiguousArray<FlowChunk<T>>()
        var at = 0
        for end in Self.pieceEnds(n, Self.chunkTarget) {
            list.append(FlowChunk<T>(filling: end - at) { fill(at..<end, $0) })
            at = end
        }
        appendGroups(list[...])
    }

    /// `n` copies of `value`: the full chunks are one chunk shared (written chunks are copied
    /// first), so this costs O(chunkTarget + n / chunkTarget) time and O(chunkTarget) memory
    /// for the elements.
    init(repeating value: T, count n: Int) {
        var list = ContiguousArray<FlowChunk<T>>()
        var shared: FlowChunk<T>?
        var at = 0
        for end in Self.pieceEnds(n, Self.chunkTarget) {
            if let s = shared, s.count == end - at {
                list.append(s)
            } else {
                let piece = ContiguousArray(repeating: value, count: end - at)
                let c = piece.withUnsafeBufferPointer { FlowChunk($0) }
                if shared == nil { shared = c }
                list.append(c)
            }
            at = end
        }
        appendGroups(list[...])
    }

    /// Where the pieces of `n` things cut into pieces of about `target` end: one piece when
    /// `n ≤ 2·target`, else `⌈n / target⌉` pieces within one of each other in size.
    private static func pieceEnds(_ n: Int, _ target: Int) -> [Int] {
        guard n > 0 else { return [] }
        let pieces = n <= 2 * target ? 1 : (n + target - 1) / target
        return (1...pieces).map { $0 * n / pieces }
    }

    /// Appends `b` to `list` as chunks of about `chunkTarget` (`pieceEnds`).
    private static func appendChunks(_ b: UnsafeBufferPointer<T>, to list: inout ContiguousArray<FlowChunk<T>>) {
        var at = 0
        for end in pieceEnds(b.count, chunkTarget) {
            list.append(FlowChunk(UnsafeBufferPointer(rebasing: b[at..<end])))
            at = end
        }
    }

    /// `list` cut into groups of about `groupTarget` chunks (`pieceEnds`).
    private static func makeGroups(_ list: ArraySlice<FlowChunk<T>>) -> [FlowChunkGroup<T>] {
        var at = list.startIndex
        return pieceEnds(list.count, groupTarget).map {
            let end = list.startIndex + $0
            defer { at = end }
            return FlowChunkGroup(list[at..<end])
        }
    }

    private mutating func appendGroups(_ list: ArraySlice<FlowChunk<T>>) {
        for g in Self.makeGroups(list) {
            groups.append(g)
            tables.append(FlowChunkTable(g, start: count))
            count += g.count
        }
    }

    // MARK: Positions (group, chunk within it)

    private struct Position {
        var group: Int
        var chunk: Int
    }

    /// The position of the chunk holding element `i` (`0 ≤ i < count`). O(log groups + log
    /// groupTarget).
    @inline(__always)
    private func position(of i: Int) -> Position {
        let g = flowPartitionPoint(0, tables.count) { tables[$0].start > i } - 1
        return Position(group: g, chunk: tables[g].chunk(holding: i - tables[g].start))
    }

    private var lastPosition: Position {
        Position(group: tables.count - 1, chunk: tables[tables.count - 1].chunkCount - 1)
    }

    private func position(after p: Position) -> Position? {
        if p.chunk + 1 < tables[p.group].chunkCount { return Position(group: p.group, chunk: p.chunk + 1) }
        return p.group + 1 < tables.count ? Position(group: p.group + 1, chunk: 0) : nil
    }

    private func position(before p: Position) -> Position? {
        if p.chunk > 0 { return Position(group: p.group, chunk: p.chunk - 1) }
        return p.group > 0 ? Position(group: p.group - 1, chunk: tables[p.group - 1].chunkCount - 1) : nil
    }

    /// Index of the first element of the chunk at `p`.
    private func start(of p: Position) -> Int { tables[p.group].start + tables[p.group].starts[p.chunk] }

    private func chunk(at p: Position) -> FlowChunk<T> { groups[p.group].chunks[p.chunk] }

    // MARK: Access and edits

    subscript(i: Int) -> T {
        get {
            let p = position(of: i)
            return tables[p.group].bases[p.chunk][i - start(of: p)]
        }
        set {
            let p = position(of: i)
            if !isKnownUniquelyReferenced(&groups[p.group]) {
                let g = groups[p.group].copy()
                groups[p.group] = g
                tables[p.group] = FlowChunkTable(g, start: tables[p.group].start)
            }
            groups[p.group].ownChunk(p.chunk)[i - start(of: p)] = newValue
        }
    }

    /// The chunk holding element `i` (`0 ≤ i < count`) and the index of its first element (for
    /// a reader that keeps the chunk alive between calls). O(log groups + log groupTarget).
    func chunk(holding i: Int) -> (chunk: FlowChunk<T>, start: Int) {
        let p = position(of: i)
        return (chunk(at: p), start(of: p))
    }

    /// Replaces `start ..< start + removeCount` by `new` (the caller checked the range).
    mutating func replaceSubrange<C: Collection>(_ start: Int, removing removeCount: Int, with new: C)
    where C.Element == T {
        let end = start + removeCount
        guard count > 0 else {
            self = FlowChunkedArray(new)
            return
        }
        // The first and the last chunk the range touches (the last one when appending).
        var lo = start == count ? lastPosition : position(of: start)
        var hi = removeCount == 0 ? lo : position(of: end - 1)
        let head = start - self.start(of: lo), tail = chunk(at: hi).buffer
        let tailFrom = end - self.start(of: hi)
        let length = head + new.count + (tail.count - tailFrom)
        var middle = ContiguousArray<FlowChunk<T>>()
        if length >= Self.chunkTarget / 4 && length <= 2 * Self.chunkTarget {
            // The common case: one new chunk, written once.
            let first = chunk(at: lo).base
            middle.append(
                FlowChunk<T>(filling: length) { out in
                    var at = out.baseAddress.unsafelyUnwrapped
                    at.initialize(from: first, count: head)
                    at += head
                    for x in new {
                        at.initialize(to: x)
                        at += 1
                    }
                    if let t = tail.baseAddress { at.initialize(from: t + tailFrom, count: tail.count - tailFrom) }
                })
        } else {
            var merged = ContiguousArray<T>()
            merged.reserveCapacity(Swift.min(Self.chunkTarget * 3, head + tail.count) + new.count)
            merged.append(contentsOf: chunk(at: lo).buffer[0..<head])
            merged.append(contentsOf: new)
            merged.append(contentsOf: tail[tailFrom..<tail.count])
            if merged.count < Self.chunkTarget / 4 {
                // Keep chunks from getting small: take in a neighbour.
                if let next = position(after: hi) {
                    hi = next
                    merged.append(contentsOf: chunk(at: hi).buffer)
                } else if let previous = position(before: lo) {
                    lo = previous
                    merged.insert(contentsOf: chunk(at: lo).buffer, at: 0)
                }
            }
            merged.withUnsafeBufferPointer { Self.appendChunks($0, to: &middle) }
        }
        // One chunk for one, in a group this array alone holds and that `replaceChunks` would
        // make again with the same chunks (it takes in a neighbour only below a quarter of
        // `groupTarget` chunks, and only when there is one): the chunk replaced in place, without
        // a new group (a copy and a retain of its chunk list, and the old one's release).
        if middle.count == 1, lo.group == hi.group, lo.chunk == hi.chunk,
            tables[lo.group].chunkCount >= Self.groupTarget / 4 || tables.count == 1,
            isKnownUniquelyReferenced(&groups[lo.group])
        {
            let g = lo.group
            groups[g].replaceChunk(lo.chunk, with: middle[0])
            tables[g] = FlowChunkTable(groups[g], start: tables[g].start)
            let delta = new.count - removeCount
            if delta != 0 {
                for k in (g + 1)..<tables.count { tables[k].start += delta }
                count += delta
            }
            return
        }
        replaceChunks(from: lo, through: hi, with: middle)
    }

    /// Replaces the chunks from `lo` through `hi` by `middle`: the groups holding them are built
    /// again (taking in a neighbouring group when they would get small), and the starts of the
    /// groups after them move. O(middle + groupTarget + groups).
    private mutating func replaceChunks(
        from lo: Position, through hi: Position, with middle: ContiguousArray<FlowChunk<T>>
    ) {
        var gLo = lo.group, gHi = hi.group
        var list = ContiguousArray<FlowChunk<T>>()
        list.reserveCapacity(lo.chunk + middle.count + tables[gHi].chunkCount - hi.chunk + Self.groupTarget)
        list.append(contentsOf: groups[gLo].chunks[0..<lo.chunk])
        list.append(contentsOf: middle)
        list.append(contentsOf: groups[gHi].chunks[(hi.chunk + 1)...])
        if list.count < Self.groupTarget / 4 {
            if gHi + 1 < groups.count {
                gHi += 1
                list.append(contentsOf: groups[gHi].chunks)
            } else if gLo > 0 {
                gLo -= 1
                list.insert(contentsOf: groups[gLo].chunks, at: 0)
            }
        }
        let made = Self.makeGroups(list[...])
        groups.replaceSubrange(gLo...gHi, with: made)
        tables.replaceSubrange(gLo...gHi, with: made.lazy.map { FlowChunkTable($0, start: 0) })
        var at = gLo == 0 ? 0 : tables[gLo - 1].start + tables[gLo - 1].count
        for g in gLo..<tables.count {
            tables[g].start = at
            at += tables[g].count
        }
        count = at
    }

    /// The elements as one array. O(n).
    func toArray() -> [T] {
        var out = [T]()
        out.reserveCapacity(count)
        for g in groups {
            for c in g.chunks { out.append(contentsOf: c.buffer) }
        }
        return out
    }

    /// Every chunk, in order (for tests). O(chunks).
    var allChunks: [FlowChunk<T>] { groups.flatMap(\.chunks) }

    /// Bytes held by the elements and the tables (a chunk shared within the array counted each
    /// time). O(groups).
    var bytes: Int {
        let chunks = tables.reduce(0) { $0 + $1.chunkCount }
        return count * MemoryLayout<T>.stride + chunks * (MemoryLayout<Int>.stride * 3 + 1 + 48)
            + tables.count * (MemoryLayout<FlowChunkTable<T>>.stride + MemoryLayout<Int>.stride + 96)
    }

    /// Calls `body` with a reader over the elements, valid during the call (the array must not
    /// change meanwhile).
    @inline(__always)
    func withReader<R>(_ body: (inout FlowChunkReader<T>) throws -> R) rethrows -> R {
        try tables.withUnsafeBufferPointer { t in
            var r = FlowChunkReader(tables: t, count: count)
            return try body(&r)
        }
    }

    /// A reader over the elements of the array at `array`, read in place (where `withReader`
    /// on a copy of the array retains its two tables and releases them after: issue 32, round
    /// 15), valid while that array is not mutated or freed (a query reads its layout's state
    /// unchanged). O(1).
    @inline(__always)
    static func reader(inPlace array: UnsafePointer<FlowChunkedArray>) -> FlowChunkReader<T> {
        FlowChunkReader(tables: array.pointee.tables.withUnsafeBufferPointer { $0 }, count: array.pointee.count)
    }
}

/// A value shared between copies is never written: an edit builds new chunks and groups, and a
/// write in place happens only through a group and a chunk this array alone references
/// (`isKnownUniquelyReferenced`), as with `Array`'s copy on write. So copies may cross threads
/// (a view's snapshot is `Sendable`) like arrays of the same elements.
extension FlowChunkedArray: @unchecked Sendable where T: Sendable {}

extension FlowChunkedArray where T: Equatable {
    /// Whether every element is equal (true when empty). O(groups), plus O(chunks of a group) for
    /// each group and O(chunk) for each chunk changed since it was last asked.
    func allEqual() -> Bool {
        guard let first = tables.first else { return true }
        let v = first.bases[0][0]
        for g in groups where !g.isUniform() || g.bases[0][0] != v { return false }
        return true
    }

    /// Learns which chunks are uniform (cached in each chunk), so that `runEnd` passes them
    /// without reading them: O(chunks) for elements that vary (a chunk is known not uniform at
    /// its first differing element), O(n) for long runs of equal ones. Called when a host's
    /// array is handed over, while it was just written, instead of at the first edit.
    func learnUniformChunks() {
        for g in groups {
            for c in g.chunks { _ = c.isUniform() }
        }
    }

    /// The end of the run of equal elements that starts at `a` (`0 ≤ a < count`): the first
    /// index past `a` whose element differs from element `a`, or `count`. Groups and chunks known
    /// to be uniform (cached, see `FlowChunkGroup.isUniform`) are passed whole. O(chunk + chunks
    /// of a group + groups passed), plus O(chunk) for each chunk passed whose uniformity was not
    /// cached yet (every one, the first time: O(run)).
    func runEnd(from a: Int) -> Int {
        var p = position(of: a)
        var from = a - start(of: p)
        let v = tables[p.group].bases[p.chunk][from]
        while true {
            let g = groups[p.group]
            if from == 0 && p.chunk == 0 && g.isUniform() && g.bases[0][0] == v {
                guard p.group + 1 < tables.count else { return count }
                p = Position(group: p.group + 1, chunk: 0)
                continue
            }
            let c = g.chunks[p.chunk]
            if from > 0 || !c.isUniform() || c.base[0] != v {
                for k in from..<c.count where c.base[k] != v { return start(of: p) + k }
            }
            guard let q = position(after: p) else { return count }
            p = q
            from = 0
        }
    }
}

/// A section's per-item sizes: the flow layout's one size store (bulk arrays, measured sizes,
/// the delegate's answers), chunked so that a range edit does not move the whole section.
typealias FlowSizes = FlowChunkedArray<Size>
