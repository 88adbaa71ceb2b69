/// The row table of a span-grid section (`GridLayout`) whose items do not all span one column
/// with one extent: rows by G1 (an item whose span does not fit what is left of the row starts
/// the next row at span index 0), each row as thick as its thickest item (G3). Offsets are
/// relative to the section's first row, so a section that only moves keeps its table.
/// docs/grid-rules.md has the rules and their sources ("Costs": the blocks and why edits give
/// the bits of a build from scratch).
///
/// The rows are kept in blocks (`GridRowBlock`) cut where the rows' own contents say
/// (`startsBlock`), not at fixed row numbers, so that the blocks after an insert or a delete are
/// the old ones with other item numbers. Offsets (each step one rounded double addition, in
/// this order):
///
///     local(row)  = 0 for the first row of a block, else local(previous) + (thickness(previous) + gap)
///     pitch(b)    = local(last row of b) + (thickness(last row of b) + gap)
///     base(0)     = 0;  base(b + 1) = base(b) + pitch(b)
///     offset(row) = base(its block) + local(row)
///
/// Order: with thicknesses and gap ≥ 0 every rounded addition of a non-negative term is
/// monotone, so offsets never decrease along the rows. A row's end offset + thickness may
/// exceed the next row's offset by a few rounding errors (the sums are grouped differently): a
/// search by row ends allows `searchSlack` for it.
///
/// Block rule: a row starts a new block when the block it would join has at least `minBlockRows`
/// rows and `startsBlock(row)` holds (a hash of its thickness, item count and spans used: about
/// one row in 128). A build from scratch and an edited table apply the same rule to the same
/// rows, so they cut the same blocks and sum the same offsets: an edit re-packs the rows from the
/// row before the edited item's until a new row starts at the first item of an old block past the
/// edit (shifted by the items inserted or deleted before it), in a block of at least
/// `minBlockRows` rows; from there on the old blocks are the new ones (rows depend only on the
/// items from their first on, G1; the rule only on the rows since the block's start).
///
/// Memory: per item 4 bytes (its span index) plus its span (4) and extent (8) when the section
/// has them (copies: the table answers with the prepared values while the layout's arrays are
/// edited); 24 a row; about 100 a block. Built in O(n); an edit O(items re-packed + blocks).
final class GridRows {
    /// What the table was built from; an equal key means the same table.
    struct Key: Equatable {
        var count: Int
        var columns: Int
        var itemWidth: Double
        var spansVersion: Int
        var extentsVersion: Int
    }

    /// Rows a block holds before a row may start the next one.
    static let minBlockRows = 32

    private(set) var key: Key
    private(set) var blocks: [GridRowBlock] = []
    /// Block b's first item and first row; one more entry: the counts.
    private(set) var itemStart: [Int] = [0]
    private(set) var rowStart: [Int] = [0]
    /// `base(b)`, and each block's last row's local offset and thickness.
    private(set) var base: [Double] = []
    private(set) var lastLocal: [Double] = []
    private(set) var lastThickness: [Double] = []
    let gap: Double
    let itemHeight: Double
    let itemAspect: Double
    let spacing: Double
    /// The section's body along the scroll axis: the last row's end (0 without items).
    private(set) var total = 0.0

    var rowCount: Int { rowStart[rowStart.count - 1] }

    /// Builds the table from scratch. O(n).
    /// - Throws: `.overflow` when a row would end beyond the coordinate range.
    init(
        key: Key, spans: FlowChunkedArray<Int32>?, extents: FlowChunkedArray<Double>?,
        configuration c: GridLayout.Configuration, section: Int
    ) throws {
        self.key = key
        gap = c.intergroupSpacing
        itemHeight = c.itemHeight
        itemAspect = c.itemAspect
        spacing = c.interitemSpacing
        let n = key.count
        guard n > 0 else { return }
        var p = packer(hasSpans: spans != nil, hasExtents: extents != nil)
        p.reserve(n)
        Self.withReaders(spans, extents) { sr, er in _ = p.pack(0, n, &sr, &er, checkFrom: Int.max) { _, _ in false } }
        p.finish(n)
        let made = p.made
        var t = 0.0
        guard Self.chainEnd(made.lazy.map { ($0.lastLocal, $0.lastThickness) }, from: 0, gap: gap, total: &t) else {
            throw LayoutError(.overflow, "GridLayout: section \(section) ends beyond the coordinate range")
        }
        install(EditPlan(key: key, pieces: [(0..<0, made)], total: t))
    }

    private func packer(hasSpans: Bool, hasExtents: Bool) -> GridPacker {
        GridPacker(
            columns: key.columns, gap: gap, itemWidth: key.itemWidth, itemHeight: itemHeight, itemAspect: itemAspect,
            spacing: spacing, hasSpans: hasSpans, hasExtents: hasExtents)
    }

    /// Walks the base chain over blocks given as (last local, last thickness) from base `start`:
    /// `total` gets the last row's end; false when something is not finite.
    private static func chainEnd<S: Sequence>(
        _ blocks: S, from start: Double, gap: Double, total: inout Double
    )
        -> Bool where S.Element == (Double, Double)
    {
        var b = start
        var end = 0.0, any = false
        for (l, t) in blocks {
            if any { b = b + end }
            end = l + (t + gap)
            total = (b + l) + t
            any = true
        }
        return total.isFinite && b.isFinite
    }

    /// Calls `body` with readers over the arrays (nil for nil).
    static func withReaders<R>(
        _ spans: FlowChunkedArray<Int32>?, _ extents: FlowChunkedArray<Double>?,
        _ body: (inout FlowChunkReader<Int32>?, inout FlowChunkReader<Double>?) throws -> R
    ) rethrows -> R {
        func inner(_ sr: inout FlowChunkReader<Int32>?) throws -> R {
            guard let extents else {
                var none: FlowChunkReader<Double>? = nil
                return try body(&sr, &none)
            }
            return try extents.withReader { r in
                var er: FlowChunkReader<Double>? = r
                return try body(&sr, &er)
            }
        }
        guard let spans else {
            var none: FlowChunkReader<Int32>? = nil
            return try inner(&none)
        }
        return try spans.withReader { r in
            var sr: FlowChunkReader<Int32>? = r
            return try inner(&sr)
        }
    }

    // MARK: Edits

    /// What `apply(_:)` writes: old blocks replaced by new ones (ascending, disjoint ranges of
    /// old block indices), the rest kept; and the new body extent.
    struct EditPlan {
        var key: Key
        var pieces: [(old: Range<Int>, new: [GridRowBlock])]
        var total: Double
        /// Items the plan packed again (the tests check that an edit stays local).
        var packed = 0
    }

    /// An edited stretch of the items: `lo ..< hi` in the new numbering replaced old items, and
    /// `shift` is the new item count minus the old one up to `hi` (items from `hi` to the next
    /// stretch are the old items `i − shift`, unchanged).
    typealias Stretch = (lo: Int, hi: Int, shift: Int)

    /// The plan that makes this table the one a build from scratch gives for `spans` and
    /// `extents` (`newKey.count` items; the columns and item width the same), where only the
    /// items of `stretches` (ascending, disjoint, from `GridEdits.combine`) differ from the
    /// table's; nil when there is nothing to keep (then the table is built again). Nothing is
    /// changed. O(items re-packed + blocks).
    /// - Throws: `.overflow` when a row would end beyond the coordinate range.
    func planEdit(
        key newKey: Key, spans: FlowChunkedArray<Int32>?, extents: FlowChunkedArray<Double>?,
        stretches: [Stretch], section: Int
    ) throws -> EditPlan? {
        let oldN = key.count, n = newKey.count, nb = blocks.count
        guard oldN > 0, n > 0, nb > 0, let firstStretch = stretches.first else { return nil }
        // Old items from which stretch k on differ: its start in the old numbering.
        var oldLo: [Int] = []
        oldLo.reserveCapacity(stretches.count)
        var shiftBefore = 0
        for s in stretches {
            oldLo.append(s.lo - shiftBefore)
            shiftBefore = s.shift
        }
        // The row holding the first edited item (the last row for an append), and the row before
        // it when the item starts its row (that row broke because the item did not fit, G1).
        var (b0, k0) = row(of: Swift.min(firstStretch.lo, oldN - 1))
        if blocks[b0].first[k0] + itemStart[b0] == firstStretch.lo {
            if k0 > 0 {
                k0 -= 1
            } else if b0 > 0 {
                b0 -= 1
                k0 = blocks[b0].rowCount - 1
            }
        }
        // Re-packing starts in the block holding that row with its rows before it; at a block's
        // first row, with the block before (its row count decides whether the row starts a block).
        var p = packer(hasSpans: spans != nil, hasExtents: extents != nil)
        var replaceFrom = b0
        if k0 == 0 && b0 > 0 {
            replaceFrom = b0 - 1
            p.load(blocks[b0 - 1], at: itemStart[b0 - 1], rows: blocks[b0 - 1].rowCount)
        } else {
            p.load(blocks[b0], at: itemStart[b0], rows: k0)
        }
        var pieces: [(old: Range<Int>, new: [GridRowBlock])] = []
        var packedAll = 0
        var pos = itemStart[b0] + blocks[b0].first[k0]
        p.open = pos
        // Whether old block b (> 0) can be kept when the items before stretch `k` are the old
        // ones: its items and the one after it (its last row broke on it) come before the
        // stretch's old items.
        func reusable(_ b: Int, _ k: Int) -> Bool {
            b > 0 && (k == stretches.count || oldLo[k] > itemStart[b + 1])
        }
        Self.withReaders(spans, extents) { sr, er in
            while true {
                var kept = (block: -1, k: 0)
                let stop = p.pack(pos, n, &sr, &er, checkFrom: firstStretch.hi) { i, rowsInBlock in
                    // A new row starts at item i: in step with the old rows again when i is past
                    // the stretches before it, is an old block's first item, and starts a block.
                    guard rowsInBlock >= Self.minBlockRows else { return false }
                    let k = Self.firstIndexStatic(0, stretches.count) { stretches[$0].hi > i }
                    if k < stretches.count, stretches[k].lo <= i { return false }
                    let shift = k == 0 ? 0 : stretches[k - 1].shift
                    let old = i - shift
                    guard old > 0, old < oldN else { return false }
                    let b = Self.firstIndexStatic(0, nb) { self.itemStart[$0] > old } - 1
                    guard itemStart[b] == old, reusable(b, k) else { return false }
                    kept = (b, k)
                    return true
                }
                packedAll += kept.block < 0 ? n - pos : stop - pos
                if kept.block < 0 {
                    p.finish(n)
                    pieces.append((replaceFrom..<nb, p.takeMade()))
                    _ = stop
                    return
                }
                p.flush(upTo: stop)
                let b = kept.block
                pieces.append((replaceFrom..<b, p.takeMade()))
                var e = b + 1
                while e < nb && reusable(e, kept.k) { e += 1 }
                if e == nb { return }
                // Keep b ..< e − 1; block e − 1 is packed again (its last row breaks on an edited
                // item), starting a block as before.
                replaceFrom = e - 1
                let shift = kept.k == 0 ? 0 : stretches[kept.k - 1].shift
                pos = itemStart[e - 1] + shift
                p.restart(at: pos)
            }
        }
        // The body's new extent: the base chain from the first block replaced.
        let from = pieces[0].old.lowerBound
        var b = from < base.count ? base[from] : 0, end = 0.0, any = false, t = 0.0
        @inline(__always) func step(_ l: Double, _ th: Double) {
            if any { b = b + end }
            end = l + (th + gap)
            t = (b + l) + th
            any = true
        }
        var at = from
        for piece in pieces {
            for k in at..<piece.old.lowerBound { step(lastLocal[k], lastThickness[k]) }
            for blk in piece.new { step(blk.lastLocal, blk.lastThickness) }
            at = piece.old.upperBound
        }
        for k in at..<nb { step(lastLocal[k], lastThickness[k]) }
        guard t.isFinite, b.isFinite else {
            throw LayoutError(.overflow, "GridLayout: section \(section) ends beyond the coordinate range")
        }
        return EditPlan(key: newKey, pieces: pieces, total: t, packed: packedAll)
    }

    /// Writes `plan` (made by `planEdit` from this table). O(blocks + the plan's blocks).
    func apply(_ plan: EditPlan) { install(plan) }

    private func install(_ plan: EditPlan) {
        guard let from = plan.pieces.first?.old.lowerBound else { return }
        for piece in plan.pieces.reversed() {
            blocks.replaceSubrange(piece.old, with: piece.new)
            lastLocal.replaceSubrange(piece.old, with: piece.new.lazy.map(\.lastLocal))
            lastThickness.replaceSubrange(piece.old, with: piece.new.lazy.map(\.lastThickness))
        }
        let nb = blocks.count
        itemStart.removeLast(itemStart.count - (from + 1))
        rowStart.removeLast(rowStart.count - (from + 1))
        itemStart.reserveCapacity(nb + 1)
        rowStart.reserveCapacity(nb + 1)
        base.removeLast(base.count - Swift.min(base.count, from))
        base.reserveCapacity(nb)
        blocks.withUnsafeBufferPointer { bl in
            var items = itemStart[itemStart.count - 1], rows = rowStart[rowStart.count - 1]
            for b in from..<nb {
                items += bl[b].itemCount
                rows += bl[b].rowCount
                itemStart.append(items)
                rowStart.append(rows)
            }
        }
        lastLocal.withUnsafeBufferPointer { l in
            lastThickness.withUnsafeBufferPointer { t in
                var b = base.last ?? 0
                if base.isEmpty && nb > 0 { base.append(0) }
                for k in base.count..<nb {
                    b = b + (l[k - 1] + (t[k - 1] + gap))
                    base.append(b)
                }
            }
        }
        total = plan.total
        key = plan.key
    }

    // MARK: Lookups

    /// The margin a search by row ends allows (see the type's comment): for offsets within a
    /// section of extent `extent` placed at `top`.
    @inline(__always)
    static func searchSlack(top: Double, extent: Double) -> Double { (abs(top) + extent) * 0x1p-48 }

    /// The block and the row in it holding `item` (0 ≤ item < count). O(log rows).
    @inline(__always)
    func row(of item: Int) -> (block: Int, row: Int) {
        let b = GridLayout.firstIndex(0, blocks.count) { self.itemStart[$0 + 1] > item }
        let blk = blocks[b], j = item - itemStart[b]
        let k = GridLayout.firstIndex(0, blk.rowCount) { blk.first[$0 + 1] > j }
        return (b, k)
    }

    static func firstIndexStatic(_ lo: Int, _ hi: Int, _ isAfter: (Int) -> Bool) -> Int {
        GridLayout.firstIndex(lo, hi, isAfter)
    }

    @inline(__always)
    func crossLength(_ span: Int, _ itemWidth: Double) -> Double {
        Double(span) * itemWidth + Double(span - 1) * spacing
    }

    /// The item's span as prepared.
    func span(_ item: Int) -> Int {
        let (b, _) = row(of: item)
        return blocks[b].span(item - itemStart[b])
    }

    /// The item's own extent along the scroll axis as prepared: its bulk (or measured) extent,
    /// else `itemHeight` when > 0, else `itemAspect` × its cross size.
    func extent(_ item: Int, crossLength: Double) -> Double {
        let (b, _) = row(of: item)
        if let e = blocks[b].extents { return e[item - itemStart[b]] }
        return itemHeight > 0 ? itemHeight : itemAspect * crossLength
    }

    var footprint: Int {
        var bytes = blocks.count * (8 * 6 + 112)
        for b in blocks { bytes += b.bytes }
        return bytes
    }
}

/// A block of a `GridRows` table: its rows (first items from the block's first item, local
/// offsets, thicknesses) and its items (span index, and span and extent when the section has
/// them). Never changed once made: an edit makes new blocks, and the tables that hold a block
/// share it.
final class GridRowBlock {
    let rowCount: Int
    let itemCount: Int
    /// Row k's first item from the block's first item; entry `rowCount` is `itemCount`.
    let first: UnsafeMutablePointer<Int>
    let local: UnsafeMutablePointer<Double>
    let thickness: UnsafeMutablePointer<Double>
    let spanIndex: UnsafeMutablePointer<Int32>
    let spans: UnsafeMutablePointer<Int32>?
    let extents: UnsafeMutablePointer<Double>?

    init(rows: Int, items: Int, hasSpans: Bool, hasExtents: Bool) {
        rowCount = rows
        itemCount = items
        first = .allocate(capacity: rows + 1)
        local = .allocate(capacity: rows)
        thickness = .allocate(capacity: rows)
        spanIndex = .allocate(capacity: items)
        spans = hasSpans ? .allocate(capacity: items) : nil
        extents = hasExtents ? .allocate(capacity: items) : nil
    }

    deinit {
        first.deallocate()
        local.deallocate()
        thickness.deallocate()
        spanIndex.deallocate()
        spans?.deallocate()
        extents?.deallocate()
    }

    var lastLocal: Double { local[rowCount - 1] }
    var lastThickness: Double { thickness[rowCount - 1] }

    /// The span of the block's item `j`.
    @inline(__always)
    func span(_ j: Int) -> Int { spans.map { Int($0[j]) } ?? 1 }

    /// Spans row k uses (its last item's span index + span).
    @inline(__always)
    func used(_ k: Int) -> Int {
        let last = first[k + 1] - 1
        return Int(spanIndex[last]) + span(last)
    }

    var bytes: Int { rowCount * 24 + 8 + itemCount * (4 + (spans == nil ? 0 : 4) + (extents == nil ? 0 : 8)) }
}

/// Packs items into rows (G1) and rows into blocks (`GridRows`' block rule): the one loop of a
/// build and of an edit.
struct GridPacker {
    let columns: Int
    let gap: Double
    let itemWidth: Double
    let itemHeight: Double
    let itemAspect: Double
    let spacing: Double
    let hasSpans: Bool
    let hasExtents: Bool
    // The block being made: its closed rows, and its items from `blockStart` on (the open row's too).
    var rowFirst: [Int] = []
    var rowLocal: [Double] = []
    var rowThickness: [Double] = []
    var spanIndex: [Int32] = []
    var spans: [Int32] = []
    var extents: [Double] = []
    var blockStart = 0
    /// The open row: its first item, the spans it uses, its thickness so far.
    var open = 0
    var used = 0
    var thick = 0.0
    /// Blocks made.
    private(set) var made: [GridRowBlock] = []

    init(
        columns: Int, gap: Double, itemWidth: Double, itemHeight: Double, itemAspect: Double, spacing: Double,
        hasSpans: Bool, hasExtents: Bool
    ) {
        self.columns = columns
        self.gap = gap
        self.itemWidth = itemWidth
        self.itemHeight = itemHeight
        self.itemAspect = itemAspect
        self.spacing = spacing
        self.hasSpans = hasSpans
        self.hasExtents = hasExtents
    }

    var rowCountInBlock: Int { rowFirst.count }

    mutating func reserve(_ n: Int) {
        made.reserveCapacity(n / 400 + 1)
    }

    /// Whether a row starts a block (when the block it would join has `minBlockRows` rows): a
    /// hash of what the row is (its thickness, item count and spans used), true for about one
    /// row in 128.
    @inline(__always)
    static func startsBlock(_ thickness: Double, _ items: Int, _ used: Int) -> Bool {
        let counts = (UInt64(truncatingIfNeeded: items) &<< 40) ^ (UInt64(truncatingIfNeeded: used) &<< 52)
        var h = thickness.bitPattern ^ counts
        h = (h ^ (h &>> 33)) &* 0xff51_afd7_ed55_8ccd
        h = (h ^ (h &>> 33)) &* 0xc4ce_b9fe_1a85_ec53
        h ^= h &>> 33
        return h &>> 57 == 0
    }

    /// Starts from the first `rows` rows of `block` (whose first item is `start`) and its items
    /// before row `rows`: what packing them again would make.
    mutating func load(_ block: GridRowBlock, at start: Int, rows: Int) {
        blockStart = start
        let items = rows == block.rowCount ? block.itemCount : block.first[rows]
        rowFirst.append(contentsOf: UnsafeBufferPointer(start: block.first, count: rows))
        rowLocal.append(contentsOf: UnsafeBufferPointer(start: block.local, count: rows))
        rowThickness.append(contentsOf: UnsafeBufferPointer(start: block.thickness, count: rows))
        spanIndex.append(contentsOf: UnsafeBufferPointer(start: block.spanIndex, count: items))
        if let s = block.spans, hasSpans { spans.append(contentsOf: UnsafeBufferPointer(start: s, count: items)) }
        if let e = block.extents, hasExtents { extents.append(contentsOf: UnsafeBufferPointer(start: e, count: items)) }
        if hasSpans && block.spans == nil {
            spans.append(contentsOf: repeatElement(1, count: items))
        }
        open = start + items
    }

    /// Starts a new block at item `at` (a block's first row in both the old and the new rows).
    mutating func restart(at: Int) {
        rowFirst.removeAll(keepingCapacity: true)
        rowLocal.removeAll(keepingCapacity: true)
        rowThickness.removeAll(keepingCapacity: true)
        spanIndex.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        extents.removeAll(keepingCapacity: true)
        blockStart = at
        open = at
        used = 0
        thick = 0
    }

    mutating func takeMade() -> [GridRowBlock] {
        defer { made = [] }
        return made
    }

    /// Closes the open row before item `i`: it joins the block being made or starts the next.
    @inline(__always)
    mutating func closeRow(at i: Int) {
        if rowFirst.count >= GridRows.minBlockRows && Self.startsBlock(thick, i - open, used) { flush(upTo: open) }
        let l = rowLocal.isEmpty ? 0 : rowLocal[rowLocal.count - 1] + (rowThickness[rowThickness.count - 1] + gap)
        rowFirst.append(open - blockStart)
        rowLocal.append(l)
        rowThickness.append(thick)
        open = i
        used = 0
        thick = 0
    }

    /// Makes a block of the closed rows (their items end at `end`); the open row's items stay.
    mutating func flush(upTo end: Int) {
        let rows = rowFirst.count
        guard rows > 0 else { return }
        let items = end - blockStart
        let b = GridRowBlock(rows: rows, items: items, hasSpans: hasSpans, hasExtents: hasExtents)
        rowFirst.withUnsafeBufferPointer { b.first.initialize(from: $0.baseAddress!, count: rows) }
        b.first[rows] = items
        rowLocal.withUnsafeBufferPointer { b.local.initialize(from: $0.baseAddress!, count: rows) }
        rowThickness.withUnsafeBufferPointer { b.thickness.initialize(from: $0.baseAddress!, count: rows) }
        spanIndex.withUnsafeBufferPointer { b.spanIndex.initialize(from: $0.baseAddress!, count: items) }
        if let s = b.spans { spans.withUnsafeBufferPointer { s.initialize(from: $0.baseAddress!, count: items) } }
        if let e = b.extents { extents.withUnsafeBufferPointer { e.initialize(from: $0.baseAddress!, count: items) } }
        made.append(b)
        rowFirst.removeAll(keepingCapacity: true)
        rowLocal.removeAll(keepingCapacity: true)
        rowThickness.removeAll(keepingCapacity: true)
        spanIndex.removeFirst(items)
        if hasSpans { spans.removeFirst(items) }
        if hasExtents { extents.removeFirst(items) }
        blockStart = end
    }

    /// Closes the open row (if it has items) and makes the last block; `n` is the item count.
    mutating func finish(_ n: Int) {
        if open < n { closeRow(at: n) }
        flush(upTo: n)
    }

    /// Packs items `from ..< to` onto the open row (G1); at each new row's first item `i` ≥
    /// `checkFrom`, stops there when `stop(i, rows in the block)` says so (the rows before it closed) and returns
    /// `i`; else returns `to`.
    @inline(__always)
    mutating func pack(
        _ from: Int, _ to: Int, _ sr: inout FlowChunkReader<Int32>?, _ er: inout FlowChunkReader<Double>?,
        checkFrom: Int, _ stop: (_ item: Int, _ rowsInBlock: Int) -> Bool
    ) -> Int {
        var i = from
        while i < to {
            let s = sr != nil ? Int(sr!(i)) : 1
            if used + s > columns {  // G1: the span does not fit what is left of the row
                closeRow(at: i)
                if i >= checkFrom && stop(i, rowFirst.count) { return i }
            }
            let e: Double
            if er != nil {
                e = er!(i)
            } else {
                e =
                    itemHeight > 0
                    ? itemHeight : itemAspect * (Double(s) * itemWidth + Double(s - 1) * spacing)
            }
            spanIndex.append(Int32(truncatingIfNeeded: used))
            if hasSpans { spans.append(Int32(truncatingIfNeeded: s)) }
            if hasExtents { extents.append(e) }
            used += s
            thick = Swift.max(thick, e)
            i += 1
        }
        return to
    }
}
