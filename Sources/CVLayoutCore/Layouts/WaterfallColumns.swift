/// The columns of one waterfall section while its items are placed (`WaterfallLayout.prepare()`):
/// which column the next item goes into and at what height, under either placement rule (W3),
/// and where a full-span item starts (W5).
///
/// A "segment" is the run of items between two full-span items: every column starts it at the
/// same height `base`. Only the columns an item went into are stored, so a full-span item costs
/// O(1) however many columns the section has (columns not yet used are all at `base`). Columns
/// fill in order (an unused column's index is above every used one's), so the used ones are
/// 0 ..< `used`:
///
/// - shortest first: the used column of least (height, index), unless a column is unused and
///   every used one is above `base` (then the first unused column, at `base`; on a tie at `base`
///   the used column's index is the smaller). Found by a scan of the used columns' heights up to
///   `linearLimit` columns, else by a min-heap of them by (height, column): the same column
///   either way;
/// - in order: the k-th item of the segment goes into column k mod count (CHT's
///   `itemRenderDirection` left to right), so the used columns are 0 ..< min(k, count).
///
/// Each step is O(min(c, `linearLimit`)) or O(log c) (shortest first), O(1) in order; nothing
/// is allocated per segment or per item. The heights live in one buffer allocated by `init`
/// (2 × count words): call `release()` when done.
struct WaterfallColumns {
    /// Sections of at most this many columns scan their heights instead of keeping a heap.
    static let linearLimit = 16

    let count: Int
    let inOrder: Bool
    /// Height every column starts the current segment at.
    private(set) var base: Double
    /// The largest column height (an item's end plus the item spacing) since the section's top,
    /// `base` while the segment has no item.
    private(set) var tallest: Double
    /// In order: the column of the segment's next item (the items placed in it, mod count).
    private var cursor = 0
    /// Columns used in the current segment.
    private var used = 0
    /// Shortest first with more than `linearLimit` columns.
    let heap: Bool
    // In order, and shortest first by scan: heights[j] of column j < used. Heap: heights[k] of
    // the heap's k-th entry, which is column columns[k].
    private let heights: UnsafeMutablePointer<Double>
    private let columns: UnsafeMutablePointer<Int>

    init(count: Int, inOrder: Bool, top: Double) {
        self.count = count
        self.inOrder = inOrder
        heap = !inOrder && count > Self.linearLimit
        heights = .allocate(capacity: Swift.max(count, 1))
        columns = .allocate(capacity: heap ? count : 1)
        base = top
        tallest = top
    }

    /// The columns in the middle of a segment that started at `base`: `placed` items placed in
    /// it, columns 0 ..< used.count at those heights (the others at `base`). O(c log c).
    init(count: Int, inOrder: Bool, base: Double, placed: Int, used list: [Double]) {
        self.init(count: count, inOrder: inOrder, top: base)
        cursor = placed % Swift.max(count, 1)
        for (j, h) in list.enumerated() {
            tallest = Swift.max(tallest, h)
            if heap {
                push(column: j, height: h)
            } else {
                heights[j] = h
                used = j + 1
            }
        }
    }

    /// Frees the heights (the value must not be used after).
    func release() {
        heights.deallocate()
        columns.deallocate()
    }

    /// The column the next item goes into and the height it starts at.
    @inline(__always)
    func next() -> (column: Int, y: Double) {
        inOrder ? next(InOrderPick.self) : heap ? next(HeapPick.self) : next(ScanPick.self)
    }

    /// `next()` for columns whose rule is `P` (the loops of `PlacementRun` are compiled once per
    /// rule, with no test of the rule per item).
    @inline(__always)
    func next<P: WaterfallPick>(_: P.Type) -> (column: Int, y: Double) {
        switch P.rule {
        case .inOrder:
            let j = cursor
            return (j, j < used ? heights[j] : base)
        case .heap:
            if used > 0, used == count || heights[0] <= base { return (columns[0], heights[0]) }
            return (used, base)
        case .scan:
            guard used > 0 else { return (0, base) }
            var best = 0
            var h = heights[0]
            var j = 1
            while j < used {
                if heights[j] < h {
                    h = heights[j]
                    best = j
                }
                j += 1
            }
            if used == count || h <= base { return (best, h) }
            return (used, base)
        }
    }

    /// Records that the item `next()` named now ends at `end` (its bottom plus the item spacing).
    @inline(__always)
    mutating func place(column j: Int, end: Double) {
        if inOrder {
            place(InOrderPick.self, column: j, end: end)
        } else if heap {
            place(HeapPick.self, column: j, end: end)
        } else {
            place(ScanPick.self, column: j, end: end)
        }
    }

    /// `place(column:end:)` for columns whose rule is `P`.
    @inline(__always)
    mutating func place<P: WaterfallPick>(_: P.Type, column j: Int, end: Double) {
        tallest = Swift.max(tallest, end)
        switch P.rule {
        case .inOrder:
            cursor = j + 1 == count ? 0 : j + 1
            heights[j] = end
            if j == used { used += 1 }
        case .scan:
            heights[j] = end
            if j == used { used += 1 }
        case .heap:
            if j == used {
                // A column used for the first time (the heap holds exactly columns 0 ..< used).
                push(column: j, height: end)
            } else {
                heights[0] = end
                siftDown()
            }
        }
    }

    /// Whether the columns are few enough for `PlacementRun`'s loop with the heights in
    /// registers (shortest first, at most `fewLimit` columns).
    var isFew: Bool { !inOrder && !heap && count <= Self.fewLimit }
    static let fewLimit = 4
    /// Columns used in the current segment.
    var usedColumns: Int { used }

    /// The four heights of a section of `isFew` columns for that loop: a used column's height,
    /// an unused one's `base`, a column past `count` +∞ (never the least: the least (height,
    /// index) of these is the column `next()` names, at the height it names).
    func fewHeights() -> (Double, Double, Double, Double) {
        func h(_ j: Int) -> Double { j < used ? heights[j] : j < count ? base : .infinity }
        return (h(0), h(1), h(2), h(3))
    }

    /// Sets the state of a section of `isFew` columns back from that loop: its heights, the
    /// columns used in the segment, the segment's base and the tallest column.
    mutating func setFew(_ h: (Double, Double, Double, Double), used u: Int, base b: Double, tallest t: Double) {
        used = u
        base = b
        tallest = t
        if u > 0 { heights[0] = h.0 }
        if u > 1 { heights[1] = h.1 }
        if u > 2 { heights[2] = h.2 }
        if u > 3 { heights[3] = h.3 }
    }

    /// Starts a new segment at `top` (below a full-span item): every column is there again, and
    /// nothing is taller. O(1).
    @inline(__always)
    mutating func restart(at top: Double) {
        base = top
        tallest = top
        cursor = 0
        used = 0
    }

    private mutating func siftDown() {
        var i = 0
        let n = used
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < n, less(l, m) { m = l }
            if r < n, less(r, m) { m = r }
            if m == i { return }
            swap(i, m)
            i = m
        }
    }

    private mutating func push(column j: Int, height: Double) {
        heights[used] = height
        columns[used] = j
        var i = used
        used += 1
        while i > 0 {
            let p = (i - 1) / 2
            guard less(i, p) else { break }
            swap(i, p)
            i = p
        }
    }

    @inline(__always)
    private func swap(_ a: Int, _ b: Int) {
        let h = heights[a], c = columns[a]
        heights[a] = heights[b]
        columns[a] = columns[b]
        heights[b] = h
        columns[b] = c
    }

    @inline(__always)
    private func less(_ a: Int, _ b: Int) -> Bool {
        heights[a] < heights[b] || (heights[a] == heights[b] && columns[a] < columns[b])
    }
}

/// A placement rule of `WaterfallColumns`, as a type (`PlacementRun` is specialised per rule).
protocol WaterfallPick {
    static var rule: WaterfallPickRule { get }
}

enum WaterfallPickRule {
    case inOrder, scan, heap
}

enum InOrderPick: WaterfallPick {
    static var rule: WaterfallPickRule { .inOrder }
}

enum ScanPick: WaterfallPick {
    static var rule: WaterfallPickRule { .scan }
}

enum HeapPick: WaterfallPick {
    static var rule: WaterfallPickRule { .heap }
}

/// Where a waterfall item's extent along the scroll axis comes from (W6): `extent(i, cross:)`
/// for item i placed `cross` wide.
protocol WaterfallExtentSource {
    mutating func extent(_ i: Int, cross: Double) -> Double
    /// Makes items `i ..<` the returned index readable by `windowExtent` (an in-order reader's
    /// window; `Int.max` for a source read in place).
    mutating func window(from i: Int) -> Int
    /// `extent(i, cross:)` for an item of the window `window(from:)` made readable last.
    func windowExtent(_ i: Int, cross: Double) -> Double
}

extension WaterfallExtentSource {
    @inline(__always)
    mutating func window(from i: Int) -> Int { .max }
}

/// The section's bulk extents (or a callback's answers).
struct BulkExtents: WaterfallExtentSource {
    let values: UnsafePointer<Double>
    @inline(__always)
    func extent(_ i: Int, cross: Double) -> Double { values[i] }
    @inline(__always)
    func windowExtent(_ i: Int, cross: Double) -> Double { values[i] }
}

/// One size for every item, scaled to the cross size: main · cross / cross(size), 0 when either
/// is 0.
struct UniformExtents: WaterfallExtentSource {
    let width: Double
    let height: Double
    @inline(__always)
    func extent(_ i: Int, cross: Double) -> Double { width > 0 && height > 0 ? height * cross / width : 0 }
    @inline(__always)
    func windowExtent(_ i: Int, cross: Double) -> Double { extent(i, cross: cross) }
}

/// The flow's per-item sizes, read in order window by window (a chunk's elements in place),
/// scaled as `UniformExtents`; `Horizontal` says which of a size's sides is the scroll axis's
/// (a type: the loop is compiled once per axis, with no test of it per item).
struct SizedExtents<Horizontal: WaterfallAxisChoice>: WaterfallExtentSource {
    var reader: FlowChunkReader<Size>
    /// The current window: `window[i]` is item i for i in `lo ..< hi`.
    private var window: UnsafePointer<Size>?
    private var lo = 0
    private var hi = 0

    init(reader: FlowChunkReader<Size>) { self.reader = reader }

    @inline(__always)
    mutating func extent(_ i: Int, cross: Double) -> Double {
        _ = window(from: i)
        return windowExtent(i, cross: cross)
    }

    @inline(__always)
    mutating func window(from i: Int) -> Int {
        if i >= hi || i < lo {
            let w = reader.window(at: i)
            window = w.pointer
            lo = w.start
            hi = w.end
        }
        return hi
    }

    @inline(__always)
    func windowExtent(_ i: Int, cross: Double) -> Double {
        let size = window.unsafelyUnwrapped[i]
        let w = Horizontal.isHorizontal ? size.height : size.width
        let h = Horizontal.isHorizontal ? size.width : size.height
        return w > 0 && h > 0 ? h * cross / w : 0
    }
}

/// The scroll axis as a type (`SizedExtents`).
protocol WaterfallAxisChoice {
    static var isHorizontal: Bool { get }
}

enum WaterfallVertical: WaterfallAxisChoice {
    static var isHorizontal: Bool { false }
}

enum WaterfallHorizontal: WaterfallAxisChoice {
    static var isHorizontal: Bool { true }
}

/// One pass of the waterfall's placement over items `from ..< to` of a section (W3–W5): each
/// item's frame (cross as x; main as y, from the start of its segment: the section's top, or the
/// end of the full-span item before it plus the item spacing) into `spans[i]` (its main origin and
/// extent: the cross origin and size follow from its column, `WaterfallFrames`), its column (−1:
/// full span) into `columns[i]`, and each full-span item's end + spacing appended to `ends`. A
/// full-span item starts at its segment's tallest column and starts the next segment (at 0)
/// below it.
struct PlacementRun {
    let section: Int
    let sec: WaterfallLayout.Section
    /// A full-span item's cross size.
    let wide: Double
    let spacing: Double
    let from: Int
    let to: Int
    let spans: UnsafeMutablePointer<WaterfallSpan>
    let columns: UnsafeMutablePointer<Int32>
    /// False when the caller has bounded every coordinate far inside the finite range
    /// (`WaterfallLayout.placementCannotFail`): no item is checked.
    var checked = true
    /// When set, a run without full-span items over `WaterfallColumns.isFew` columns counts each
    /// column's items into it (4 entries, zeroed by the caller) and says so (`place` returns
    /// true): the caller builds the column lists from the counts (`WaterfallLayout.index`'s
    /// lists, without its counting pass).
    var columnCounts: UnsafeMutablePointer<Int>?

    /// Returns whether `columnCounts` was filled.
    /// - Throws: `.overflow` for an item past the coordinate range (the entries before it are
    ///   written, the columns advanced: the caller discards them).
    @discardableResult
    func place<E: WaterfallExtentSource>(
        _ source: inout E, _ flags: UnsafePointer<UInt8>?, _ cols: inout WaterfallColumns,
        _ ends: inout ContiguousArray<Double>
    ) throws -> Bool {
        if cols.isFew, fewAcrossIsFinite(cols.count) {
            if flags == nil, let counts = columnCounts {
                try placeFew(&source, nil, &cols, &ends, counts)
                return true
            }
            try placeFew(&source, flags, &cols, &ends, nil)
        } else if cols.inOrder {
            try place(InOrderPick.self, &source, flags, &cols, &ends)
        } else if cols.heap {
            try place(HeapPick.self, &source, flags, &cols, &ends)
        } else {
            try place(ScanPick.self, &source, flags, &cols, &ends)
        }
        return false
    }

    /// Shortest first over at most 4 columns (`WaterfallColumns.isFew`): the same choice as
    /// `WaterfallColumns.next()` (the least (height, index) over every column, an unused one at
    /// the segment's base, one past the count at +∞): the four (height, index) pairs kept in
    /// order, the pick the first, without a branch or a loop over the used columns (comparisons
    /// as minima, maxima and arithmetic: as selects, the compiler makes branches of them, which
    /// the heights make unpredictable). A check a window of the source (`fewAcrossIsFinite`).
    /// Bit for bit `place`'s frames, columns, ends, error and state.
    @inline(__always)
    private func placeFew<E: WaterfallExtentSource>(
        _ source: inout E, _ flags: UnsafePointer<UInt8>?, _ cols: inout WaterfallColumns,
        _ ends: inout ContiguousArray<Double>, _ counts: UnsafeMutablePointer<Int>?
    ) throws {
        try withUnsafeTemporaryAllocation(of: Double.self, capacity: 4) { buffer in
            try placeFew(buffer.baseAddress.unsafelyUnwrapped, &source, flags, &cols, &ends, counts)
        }
    }

    @inline(__always)
    private func placeFew<E: WaterfallExtentSource>(
        _ h: UnsafeMutablePointer<Double>, _ source: inout E, _ flags: UnsafePointer<UInt8>?,
        _ cols: inout WaterfallColumns, _ ends: inout ContiguousArray<Double>, _ counts: UnsafeMutablePointer<Int>?
    ) throws {
        let lead = sec.lead, pitch = sec.columnPitch, width = sec.columnWidth, spacing = spacing
        let count = cols.count
        var input = source
        // The four (height, column) pairs in (height, column) order: the next item's column is
        // the first pair's (`next()`'s choice), and its end goes in by three steps of an
        // insertion, each a minimum, a maximum and the columns by arithmetic. The next pick waits
        // for one minimum after the item's end, not for a store and a load of the heights and
        // the minima of all four.
        var (s0, s1, s2, s3) = cols.fewHeights()
        var (c0, c1, c2, c3) = (0, 1, 2, 3)
        Self.sortPairs(&s0, &c0, &s1, &c1, &s2, &c2, &s3, &c3)
        // The columns used in the segment, a bit each (columns 0 ..< used are).
        var usedMask = (1 << cols.usedColumns) &- 1
        var base = cols.base, tallest = cols.tallest
        let checked = checked, spans = spans, columns = columns
        defer {
            // (A run with counts has no full-span item: every column it counted was used.)
            if let counts {
                for j in 0..<4 where counts[j] > 0 { usedMask |= 1 &<< j }
            }
            h[c0] = s0
            h[c1] = s1
            h[c2] = s2
            h[c3] = s3
            let used = usedMask == 0 ? 0 : Int.bitWidth - usedMask.leadingZeroBitCount
            cols.setFew((h[0], h[1], h[2], h[3]), used: used, base: base, tallest: tallest)
            source = input
        }
        // Window by window of the source (the items of one without a test of it each).
        var start = from
        while start < to {
            let stop = Swift.min(to, input.window(from: start))
            // NaN once an item's end + spacing was not finite (checked once the window is placed):
            // `end * 0` is ±0 for a finite end and NaN for an infinite or NaN one, and a NaN stays
            // in the sum (two instructions an item, no move out of the vector registers).
            var poison = 0.0
            for i in start..<stop {
                let full = flags != nil && flags.unsafelyUnwrapped[i] != 0
                let f: Rect
                let extent: Double
                let cross: Double
                if full {
                    cross = wide
                    extent = input.windowExtent(i, cross: cross)
                    f = Rect(x: lead, y: tallest, width: cross, height: extent)
                    base = 0
                    tallest = 0
                    usedMask = 0
                    (s0, s1) = (0, count > 1 ? 0 : .infinity)
                    (s2, s3) = (count > 2 ? 0 : .infinity, count > 3 ? 0 : .infinity)
                    (c0, c1, c2, c3) = (0, 1, 2, 3)
                    columns[i] = -1
                    let end = f.maxY + spacing
                    ends.append(end)  // (what starts the next segment; read once here)
                    poison += end * 0
                } else {
                    cross = width
                    extent = input.windowExtent(i, cross: cross)
                    let y = s0, j = c0
                    f = Rect(x: lead + Double(j) * pitch, y: y, width: cross, height: extent)
                    let end = f.maxY + spacing
                    tallest = tallest > end ? tallest : end  // (`Swift.max` but for a NaN end: thrown below)
                    // (end, j) into the other three, in order: (a, i) before (b, k) when a < b, or
                    // a <= b and i < k (a NaN before nothing: both false). (Equal heights are the same value:
                    // none is −0, so a minimum or maximum of two equal ones is either; the columns
                    // by arithmetic from the comparisons: no select the compiler could make a
                    // branch of, which the heights would make unpredictable.)
                    let b1 = Self.bit(end < s1) | (Self.bit(end <= s1) & Self.bit(j < c1))
                    let n0 = Swift.min(s1, end), r1 = end > s1 ? end : s1
                    let n0c = c1 &+ b1 &* (j &- c1), r1c = j &+ c1 &- n0c
                    let b2 = Self.bit(r1 < s2) | (Self.bit(r1 <= s2) & Self.bit(r1c < c2))
                    let n1 = Swift.min(s2, r1), r2 = r1 > s2 ? r1 : s2
                    let n1c = c2 &+ b2 &* (r1c &- c2), r2c = r1c &+ c2 &- n1c
                    let b3 = Self.bit(r2 < s3) | (Self.bit(r2 <= s3) & Self.bit(r2c < c3))
                    let n2 = Swift.min(s3, r2), n3 = r2 > s3 ? r2 : s3
                    let n2c = c3 &+ b3 &* (r2c &- c3), n3c = r2c &+ c3 &- n2c
                    (s0, s1, s2, s3) = (n0, n1, n2, n3)
                    (c0, c1, c2, c3) = (n0c, n1c, n2c, n3c)
                    columns[i] = Int32(truncatingIfNeeded: j)
                    // (With counts, the columns used follow from them: `defer` above.)
                    if let counts { counts[j] &+= 1 } else { usedMask |= 1 &<< j }
                    poison += end * 0
                }
                spans[i] = WaterfallSpan(f)
            }
            // (The check of `place`: every column's and a full-span item's far edge is finite
            // (`fewAcrossIsFinite`), and an item's end + spacing is finite only if its extent is,
            // its start being finite. Thrown for the first item that failed, read back from the
            // spans: the items after it were placed from non-finite heights, and are discarded.)
            if checked, poison.isNaN {
                for k in start..<stop {
                    let s = spans[k]
                    guard !((s.y + s.extent) + spacing).isFinite else { continue }
                    throw LayoutError(
                        .overflow,
                        "WaterfallLayout: item \(k) of section \(section) (extent \(s.extent), "
                            + "\(columns[k] < 0 ? wide : width) across) exceeds the coordinate range")
                }
            }
            start = stop
        }
    }

    /// Whether every cross edge `placeFew` can write is finite: each of the `count` columns'
    /// and a full-span item's (`place`'s `f.maxX`, the same sums).
    private func fewAcrossIsFinite(_ count: Int) -> Bool {
        guard (sec.lead + wide).isFinite else { return false }
        for j in 0..<count where !((sec.lead + Double(j) * sec.columnPitch) + sec.columnWidth).isFinite {
            return false
        }
        return true
    }

    @inline(__always)
    private static func bit(_ b: Bool) -> Int { Int(unsafeBitCast(b, to: UInt8.self)) }

    /// Sorts four (height, column) pairs by (height, column) (a network of five exchanges).
    private static func sortPairs(
        _ h0: inout Double, _ c0: inout Int, _ h1: inout Double, _ c1: inout Int, _ h2: inout Double,
        _ c2: inout Int, _ h3: inout Double, _ c3: inout Int
    ) {
        func order(_ ha: inout Double, _ ca: inout Int, _ hb: inout Double, _ cb: inout Int) {
            guard hb < ha || (hb == ha && cb < ca) else { return }
            swap(&ha, &hb)
            swap(&ca, &cb)
        }
        order(&h0, &c0, &h1, &c1)
        order(&h2, &c2, &h3, &c3)
        order(&h0, &c0, &h2, &c2)
        order(&h1, &c1, &h3, &c3)
        order(&h1, &c1, &h2, &c2)
    }

    private func place<P: WaterfallPick, E: WaterfallExtentSource>(
        _ pick: P.Type, _ source: inout E, _ flags: UnsafePointer<UInt8>?, _ cols: inout WaterfallColumns,
        _ ends: inout ContiguousArray<Double>
    ) throws {
        let lead = sec.lead, pitch = sec.columnPitch, width = sec.columnWidth, spacing = spacing
        // Local copies (in registers: the writes through `frames` and `columns` cannot alias them).
        var running = cols, input = source
        let checked = checked
        defer {
            cols = running
            source = input
        }
        for i in from..<to {
            let full = flags != nil && flags.unsafelyUnwrapped[i] != 0
            let cross = full ? wide : width
            let extent = input.extent(i, cross: cross)
            let f: Rect
            if full {
                f = Rect(x: lead, y: running.tallest, width: cross, height: extent)
                running.restart(at: 0)
                columns[i] = -1
                ends.append(f.maxY + spacing)  // (what starts the next segment; read once here)
            } else {
                let (j, y) = running.next(pick)
                f = Rect(x: lead + Double(j) * pitch, y: y, width: cross, height: extent)
                running.place(pick, column: j, end: f.maxY + spacing)
                columns[i] = Int32(truncatingIfNeeded: j)
            }
            guard !checked || (extent.isFinite && f.maxX.isFinite && (f.maxY + spacing).isFinite) else {
                throw LayoutError(
                    .overflow,
                    "WaterfallLayout: item \(i) of section \(section) (extent \(extent), \(cross) across) exceeds the "
                        + "coordinate range")
            }
            spans[i] = WaterfallSpan(f)
        }
    }
}

/// Where each segment of a waterfall section starts along the scroll axis (a segment: the items
/// after a full-span item, or before the first; `WaterfallLayout.Section`), from the section's
/// column top, in O(1) a lookup and O(block + F / block) an edit, like the flow's block offsets:
/// segment k + 1 starts `ends[k]` after segment k (full-span item k's end in its segment + the
/// item spacing). The segments are grouped in blocks of 64: `inBlock[k]` is the sum of the ends
/// of block-mates before k (left to right), `blocks[b]` the sum of the whole blocks before b
/// (block after block), and segment k starts at (top + blocks[k / 64]) + inBlock[k]. A full
/// prepare and an edit compute these sums the same way, so they give the same doubles.
struct WaterfallSegmentStarts {
    static let shift = 6
    /// Full-span item k's end in its segment + the item spacing (F entries).
    private(set) var ends: ContiguousArray<Double> = []
    /// F + 1 entries.
    private(set) var inBlock: ContiguousArray<Double> = [0]
    /// F / 64 + 1 entries.
    private(set) var blocks: ContiguousArray<Double> = [0]

    /// Segment k's start (k ≤ F) for columns starting at `top`.
    @inline(__always)
    func start(_ k: Int, top: Double) -> Double { (top + blocks[k &>> Self.shift]) + inBlock[k] }

    /// The number of full-span items.
    var count: Int { ends.count }

    /// Bytes held.
    var bytes: Int { (ends.count + inBlock.count + blocks.count) * 8 }

    /// Replaces the ends from segment `k` on by `new` (a flag changed: the segments after
    /// change), then the sums from `k`'s block on. O(F − k).
    mutating func replace(from k: Int, with new: ContiguousArray<Double>) {
        ends.removeSubrange(k...)
        ends.append(contentsOf: new)
        resum(from: k, through: ends.count)
    }

    /// Sets the ends of segments `k ..< k + new.count` (the same full-span items, new ends),
    /// then the sums: the blocks of those segments, and every block after. O(64 + F / 64 + m).
    mutating func update(at k: Int, _ new: UnsafeBufferPointer<Double>) {
        guard !new.isEmpty else { return }
        ends.withUnsafeMutableBufferPointer { e in
            for (j, v) in new.enumerated() { e[k + j] = v }
        }
        resum(from: k, through: k + new.count - 1)
    }

    /// The sums of the blocks of segments `first ... last`, and every block's start after the
    /// first of them.
    private mutating func resum(from first: Int, through last: Int) {
        let f = ends.count
        let shift = Self.shift, size = 1 << shift
        if inBlock.count != f + 1 {
            inBlock.removeSubrange(Swift.min(inBlock.count, first)...)
            while inBlock.count < f + 1 { inBlock.append(0) }
        }
        let blockCount = (f >> shift) + 1
        if blocks.count > blockCount { blocks.removeSubrange(blockCount...) }
        while blocks.count < blockCount { blocks.append(0) }
        let b0 = first >> shift, b1 = Swift.min(last, f) >> shift
        ends.withUnsafeBufferPointer { e in
            inBlock.withUnsafeMutableBufferPointer { ib in
                blocks.withUnsafeMutableBufferPointer { bl in
                    // In-block sums of the blocks touched.
                    for b in b0...b1 {
                        let lo = b << shift, hi = Swift.min(lo + size - 1, f)
                        var sum = 0.0
                        ib[lo] = 0
                        if lo < hi {
                            for k in lo..<hi {
                                sum = sum + e[k]
                                ib[k + 1] = sum
                            }
                        }
                    }
                    // Block starts after the first block touched.
                    var b = b0
                    while b + 1 < blockCount {
                        let last = ((b + 1) << shift) - 1  // the block's last segment (< f: a whole block)
                        bl[b + 1] = bl[b] + (ib[last] + e[last])
                        b += 1
                    }
                }
            }
        }
    }
}

/// A waterfall item's frame as stored: along the scroll axis, its origin from its segment's start
/// and its extent. Across, it follows from its column (`WaterfallFrames`): 16 bytes an item and
/// the column's 4 instead of a frame's 32 (the first prepare's writes, the tables' pages).
struct WaterfallSpan {
    var y: Double
    var extent: Double

    /// `f`'s main origin and extent (f in (cross, main)).
    @inline(__always)
    init(_ f: Rect) {
        y = f.origin.y
        extent = f.size.height
    }
}

/// One section's item frames from the stored spans and columns (cross as x; main from the
/// segment's start): column j's items at lead + j · pitch, the column's width across, a
/// full-span item (column −1) at lead, `wide` across: the placement's own sums, so the same
/// frames bit for bit.
struct WaterfallFrames {
    let spans: UnsafePointer<WaterfallSpan>
    let columns: UnsafePointer<Int32>
    let lead: Double
    let pitch: Double
    let width: Double
    let wide: Double

    /// Item `i` of the section.
    @inline(__always)
    subscript(i: Int) -> Rect {
        let s = spans[i], j = columns[i]
        return j < 0
            ? Rect(x: lead, y: s.y, width: wide, height: s.extent)
            : Rect(x: lead + Double(j) * pitch, y: s.y, width: width, height: s.extent)
    }

    /// `WaterfallLayout.absolute(self[i], base).minY`, read from the span alone (the searches).
    @inline(__always)
    func minY(_ i: Int, _ base: Double) -> Double { base + spans[i].y }

    /// `WaterfallLayout.absolute(self[i], base).maxY`, read from the span alone.
    @inline(__always)
    func maxY(_ i: Int, _ base: Double) -> Double {
        let s = spans[i]
        return (base + s.y) + s.extent
    }
}
