/// The starts and ends of a transition's tracks, by position: two growable runs of
/// `LayoutAttributes` that take each record by copying it once from where it is (`append`: one
/// `memcpy` of the 288-byte record a side, no temporary) and hand the runs out in place. Swift's
/// `Array.append` of a record read from another buffer copies it through a temporary or two; a
/// transition's set-up appends two records a track, 10^5 tracks when every element is on screen.
///
/// A class: the `TrackTable` holding it copies it on write (`copy`). `LayoutAttributes` is a plain
/// value (no references), so copying its bytes copies it.
final class TrackEnds {
    private(set) var from: UnsafeMutablePointer<LayoutAttributes>
    private(set) var to: UnsafeMutablePointer<LayoutAttributes>
    private(set) var count = 0
    private(set) var capacity: Int
    /// A default cell, copied into the starts made in place and re-pointed there (built from
    /// scratch, each went through a temporary).
    private let cellTemplate: UnsafeMutablePointer<LayoutAttributes>
    /// The table's `TrackTable.CellSpan`.
    var cellSpan = TrackTable.CellSpan()

    init(capacity n: Int = 0) {
        precondition(_isPOD(LayoutAttributes.self), "LayoutAttributes must be a plain value")
        capacity = Swift.max(n, 0)
        from = .allocate(capacity: capacity)
        to = .allocate(capacity: capacity)
        cellTemplate = .allocate(capacity: 1)
        cellTemplate.initialize(to: .cell(IndexPath(section: 0, item: 0)))
    }

    deinit {
        from.deallocate()
        to.deallocate()
        cellTemplate.deallocate()
    }

    /// A copy of the runs (its own storage, the same capacity).
    func copy() -> TrackEnds {
        let c = TrackEnds(capacity: capacity)
        c.from.initialize(from: from, count: count)
        c.to.initialize(from: to, count: count)
        c.count = count
        c.cellSpan = cellSpan
        return c
    }

    /// Makes room for `n` tracks in all. O(count) when the runs move.
    func reserveCapacity(_ n: Int) {
        guard n > capacity else { return }
        let f = UnsafeMutablePointer<LayoutAttributes>.allocate(capacity: n)
        let t = UnsafeMutablePointer<LayoutAttributes>.allocate(capacity: n)
        f.moveInitialize(from: from, count: count)
        t.moveInitialize(from: to, count: count)
        from.deallocate()
        to.deallocate()
        (from, to, capacity) = (f, t, n)
    }

    /// Appends a track from a copy of `*a` to a copy of `*b`, each copied once from where it is
    /// (neither may point into these runs: they may move). O(1) amortized.
    @inline(__always)
    func append(from a: UnsafePointer<LayoutAttributes>, to b: UnsafePointer<LayoutAttributes>) {
        if count == capacity { reserveCapacity(Swift.max(16, capacity * 2)) }
        Self.copy(a, into: from + count)
        Self.copy(b, into: to + count)
        count += 1
    }

    /// Appends a track to a copy of `*b` whose start is the default cell `indexPath` with `frame`
    /// (`LayoutAttributes.cell`), made in its place. O(1) amortized.
    @inline(__always)
    func appendCell(_ indexPath: IndexPath, frame: Rect, to b: UnsafePointer<LayoutAttributes>) {
        if count == capacity { reserveCapacity(Swift.max(16, capacity * 2)) }
        makeCell(at: from + count, indexPath, frame: frame)
        Self.copy(b, into: to + count)
        count += 1
    }

    /// Replaces track `i` (0 ≤ i < count) by one to a copy of `*b` from the default cell
    /// `indexPath` with `frame`.
    @inline(__always)
    func replaceCell(_ i: Int, _ indexPath: IndexPath, frame: Rect, to b: UnsafePointer<LayoutAttributes>) {
        precondition(i >= 0 && i < count, "track position out of range")
        makeCell(at: from + i, indexPath, frame: frame)
        Self.copy(b, into: to + i)
    }

    /// Writes `LayoutAttributes.cell(indexPath, frame: frame)` at `p`: the template, then its
    /// index path and frame (what `LayoutAttributes.init` sets of them).
    @inline(__always)
    private func makeCell(at p: UnsafeMutablePointer<LayoutAttributes>, _ indexPath: IndexPath, frame: Rect) {
        Self.copy(cellTemplate, into: p)
        p.pointee.indexPath = indexPath
        p.pointee.origin = frame.origin
        p.pointee._size = frame.size
    }

    /// Replaces track `i` (0 ≤ i < count) by one from a copy of `*a` to a copy of `*b`.
    @inline(__always)
    func replace(_ i: Int, from a: UnsafePointer<LayoutAttributes>, to b: UnsafePointer<LayoutAttributes>) {
        precondition(i >= 0 && i < count, "track position out of range")
        Self.copy(a, into: from + i)
        Self.copy(b, into: to + i)
    }

    /// Removes the last track.
    func removeLast() {
        precondition(count > 0, "no track to remove")
        count -= 1
    }

    @inline(__always)
    private static func copy(_ a: UnsafePointer<LayoutAttributes>, into p: UnsafeMutablePointer<LayoutAttributes>) {
        UnsafeMutableRawPointer(p).copyMemory(from: UnsafeRawPointer(a), byteCount: MemoryLayout<LayoutAttributes>.size)
    }
}
