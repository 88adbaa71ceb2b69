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
    /// Block b's first item; one more entry: the item count.
    private(set) var itemStart: [Int] = [0]
    private(set) var rowCount = 0
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
        let p = packer(hasSpans: spans != nil, hasExtents: extents != nil)
        p.reserve(n)
        Self.withReaders(spans, extents) { sr, er in _ = p.pack(0, n, &sr, &er, checkFrom: Int.max) { _, _ in false } }
        p.finish(n)
        var plan = EditPlan(key: key, pieces: [(0..<0, p.takeMade())])
        try complete(&plan, section: section)
        install(plan)
    }

    private func packer(hasSpans: Bool, hasExtents: Bool) -> GridPacker {
        // (A class: its buffers are freed when it goes.)
        GridPacker(
            columns: key.columns, gap: gap, itemWidth: key.itemWidth, itemHeight: itemHeight, itemAspect: itemAspect,
            spacing: spacing, hasSpans: hasSpans, hasExtents: hasExtents)
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
        /// The new `itemStart` and `base` tables.
        var ends: [Int] = []
        var bases: [Double] = []
        var rowsAdded = 0
        var total = 0.0
        /// Items the plan packed again (the tests check that an edit stays local).
        var packed = 0
    }

    /// Completes `plan` (its pieces set): the blocks' ends and bases from the first block replaced
    /// on (the base chain walked over the old blocks kept and the new ones), the rows added and
    /// the body's extent. O(blocks after the first replaced).
    /// - Throws: `.overflow` when the body would end beyond the coordinate range.
    private func complete(_ plan: inout EditPlan, section: Int) throws {
        let from = plan.pieces[0].old.lowerBound, nb = blocks.count
        let count = from + nb - from + plan.pieces.reduce(0) { $0 + $1.new.count - $1.old.count }
        var it = itemStart[from], b = from < base.count ? base[from] : 0, end = 0.0, t = 0.0
        var rows = 0
        let gap = gap
        var ends: [Int] = []
        // The new tables whole: the entries before `from` copied, the rest walked.
        let bases = [Double](unsafeUninitializedCapacity: count) { basesOut, basesMade in
            ends = [Int](unsafeUninitializedCapacity: count + 1) { endsOut, endsMade in
                itemStart.withUnsafeBufferPointer { starts in
                    base.withUnsafeBufferPointer { oldBases in
                        lastLocal.withUnsafeBufferPointer { ll in
                            lastThickness.withUnsafeBufferPointer { lt in
                                endsOut.baseAddress!.initialize(from: starts.baseAddress!, count: from + 1)
                                if from > 0 {
                                    basesOut.baseAddress!.initialize(from: oldBases.baseAddress!, count: from)
                                }
                                var n = from
                                @inline(__always) func step(_ count: Int, _ l: Double, _ th: Double) {
                                    if n > from { b = b + end }
                                    basesOut[n] = b
                                    end = l + (th + gap)
                                    t = (b + l) + th
                                    it += count
                                    endsOut[n + 1] = it
                                    n += 1
                                }
                                var at = from
                                for piece in plan.pieces {
                                    for k in at..<piece.old.lowerBound {
                                        step(starts[k + 1] - starts[k], ll[k], lt[k])
                                    }
                                    for k in piece.old { rows -= blocks[k].rowCount }
                                    for blk in piece.new {
                                        step(blk.itemCount, blk.lastLocal, blk.lastThickness)
                                        rows += blk.rowCount
                                    }
                                    at = piece.old.upperBound
                                }
                                for k in at..<nb { step(starts[k + 1] - starts[k], ll[k], lt[k]) }
                            }
                        }
                    }
                }
                endsMade = count + 1
            }
            basesMade = count
        }
        guard t.isFinite, b.isFinite else {
            throw LayoutError(.overflow, "GridLayout: section \(section) ends beyond the coordinate range")
        }
        plan.ends = ends
        plan.bases = bases
        plan.rowsAdded = rows
        plan.total = t
    }

    /// What an edit's packing does next once the new rows are in step with the old ones
    /// (`planEdit`): keep old blocks from `block` on (the next stretch `k`), or copy old rows
    /// `from ..< to` of `block` (renumbered by `shift`).
    private enum Step {
        case blocks(block: Int, k: Int)
        case rows(block: Int, from: Int, to: Int, shift: Int)
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
        stretches: [Stretch], spansChanged: Bool, section: Int
    ) throws -> EditPlan? {
        let oldN = key.count, n = newKey.count, nb = blocks.count
        guard oldN > 0, n > 0, nb > 0, let firstStretch = stretches.first else { return nil }
        if !spansChanged, oldN == n, let extents, stretches.allSatisfy({ $0.shift == 0 }),
            let plan = try planExtentPatch(key: newKey, extents: extents, stretches: stretches, section: section)
        {
            return plan
        }
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
        let p = packer(hasSpans: spans != nil, hasExtents: extents != nil)
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
        // A new row starts at item i (past the first stretch): in step with the old rows again
        // when i is past the stretches before it and is an old row's first item. Then the old
        // blocks from there are kept when that row starts an old block (b > 0) and a block of
        // the new rows too (the block being made has `minBlockRows` rows: its content is the old
        // row's); else the old rows are copied up to the next stretch or their block's end.
        func converge(_ i: Int, _ rowsInBlock: Int) -> Step? {
            let k = Self.firstIndexStatic(0, stretches.count) { stretches[$0].hi > i }
            if k < stretches.count, stretches[k].lo <= i { return nil }
            let shift = k == 0 ? 0 : stretches[k - 1].shift
            let old = i - shift
            guard old > 0, old < oldN else { return nil }
            let (b, r) = row(of: old)
            let blk = blocks[b], start = itemStart[b]
            guard start + blk.first[r] == old else { return nil }
            if r == 0, rowsInBlock >= Self.minBlockRows, reusable(b, k) { return .blocks(block: b, k: k) }
            let limit = k < stretches.count ? oldLo[k] : Int.max
            let to = Self.firstIndexStatic(r, blk.rowCount) { start + blk.first[$0 + 1] >= limit }
            return to > r ? .rows(block: b, from: r, to: to, shift: shift) : nil
        }
        Self.withReaders(spans, extents) { sr, er in
            var step: Step?
            while true {
                if step == nil {
                    let stop = p.pack(pos, n, &sr, &er, checkFrom: firstStretch.hi) { i, rowsInBlock in
                        step = converge(i, rowsInBlock)
                        return step != nil
                    }
                    guard step != nil else {
                        packedAll += n - pos
                        p.finish(n)
                        pieces.append((replaceFrom..<nb, p.takeMade()))
                        return
                    }
                    packedAll += stop - pos
                    pos = stop
                }
                switch step.unsafelyUnwrapped {
                case .rows(let b, let from, let to, let shift):
                    // The old rows, renumbered, without packing their items again.
                    p.appendRows(blocks[b], from..<to)
                    pos = itemStart[b] + blocks[b].first[to] + shift
                    step = pos < n ? converge(pos, p.rows) : nil
                    if step == nil, pos == n {
                        p.finish(n)
                        pieces.append((replaceFrom..<nb, p.takeMade()))
                        return
                    }
                case .blocks(let b, let k):
                    p.flush(upTo: pos)
                    pieces.append((replaceFrom..<b, p.takeMade()))
                    // The blocks after b that can be kept too: up to the one whose items (or the
                    // item after them) reach the next stretch (binary search: blocks only grow).
                    let e =
                        k == stretches.count
                        ? nb : Self.firstIndexStatic(b + 1, nb) { self.itemStart[$0 + 1] >= oldLo[k] }
                    if e == nb { return }
                    // Keep b ..< e − 1; block e − 1 is made again (its last row breaks on an
                    // edited item), starting a block as before: its old rows copied up to the
                    // stretch's, then packed.
                    replaceFrom = e - 1
                    let shift = k == 0 ? 0 : stretches[k - 1].shift
                    pos = itemStart[e - 1] + shift
                    p.restart(at: pos)
                    step = converge(pos, 0)
                }
            }
        }
        var plan = EditPlan(key: newKey, pieces: pieces, packed: packedAll)
        try complete(&plan, section: section)
        return plan
    }

    /// The plan for extents replaced in place (the spans and the count the same): the rows are
    /// the same (G1 reads spans only), the rows holding edited items take their thickest item
    /// again, in a copy of their block, with the local offsets after them; nil when a row's new
    /// thickness changes where the block rule cuts (then the rows are re-packed). O(items
    /// edited · log rows + items and rows of the blocks touched + blocks).
    private func planExtentPatch(
        key newKey: Key, extents: FlowChunkedArray<Double>, stretches: [Stretch], section: Int
    ) throws -> EditPlan? {
        var copies: [Int: GridRowBlock] = [:]
        extents.withReader { er in
            for st in stretches where st.lo < st.hi {
                var (b, k) = row(of: st.lo)
                var item = st.lo
                while item < st.hi {
                    let old = blocks[b]
                    let blk: GridRowBlock
                    if let c = copies[b] {
                        blk = c
                    } else {
                        guard old.extents != nil else {
                            copies.removeAll()
                            return
                        }
                        blk = old.copy()
                        copies[b] = blk
                    }
                    let start = itemStart[b]
                    let lo = blk.first[k], hi = blk.first[k + 1]
                    var thick = 0.0
                    for j in lo..<hi {
                        let e = er(start + j)
                        blk.extents.unsafelyUnwrapped[j] = e
                        thick = Swift.max(thick, e)
                    }
                    if thick.bitPattern != blk.thickness[k].bitPattern {
                        // The block rule's answer for this row must stay (see the type's comment).
                        let was = k == 0 ? b > 0 : false
                        let mayCut = k == 0 ? b > 0 : k >= Self.minBlockRows
                        if mayCut && GridPacker.startsBlock(thick, hi - lo, blk.used(k)) != was {
                            copies.removeAll()
                            return
                        }
                        blk.thickness[k] = thick
                    }
                    item = start + hi
                    k += 1
                    if k == blk.rowCount {
                        b += 1
                        k = 0
                    }
                }
            }
        }
        guard !copies.isEmpty else { return nil }
        // Local offsets from each copy's first row again (the definition, in order).
        var pieces: [(old: Range<Int>, new: [GridRowBlock])] = []
        for (b, blk) in copies.sorted(by: { $0.key < $1.key }) {
            var l = 0.0
            for k in 1..<Swift.max(1, blk.rowCount) {
                l = l + (blk.thickness[k - 1] + gap)
                blk.local[k] = l
            }
            pieces.append((b..<(b + 1), [blk]))
        }
        var plan = EditPlan(key: newKey, pieces: pieces)
        try complete(&plan, section: section)
        return plan
    }

    /// Writes `plan` (made by `planEdit` from this table). O(blocks + the plan's blocks).
    func apply(_ plan: EditPlan) { install(plan) }

    private func install(_ plan: EditPlan) {
        guard !plan.pieces.isEmpty else { return }
        for piece in plan.pieces.reversed() {
            blocks.replaceSubrange(piece.old, with: piece.new)
            lastLocal.replaceSubrange(piece.old, with: piece.new.lazy.map(\.lastLocal))
            lastThickness.replaceSubrange(piece.old, with: piece.new.lazy.map(\.lastThickness))
        }
        itemStart = plan.ends
        base = plan.bases
        rowCount += plan.rowsAdded
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
/// them). Never changed once in a table: an edit makes new blocks (or copies).
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

    /// One allocation holds every array (8-byte ones first).
    private let storage: UnsafeMutableRawPointer

    init(rows: Int, items: Int, hasSpans: Bool, hasExtents: Bool) {
        rowCount = rows
        itemCount = items
        let bytes = 8 * (3 * rows + 1) + (hasExtents ? 8 * items : 0) + 4 * items + (hasSpans ? 4 * items : 0)
        storage = .allocate(byteCount: Swift.max(bytes, 8), alignment: 8)
        var at = storage
        func take<T>(_ type: T.Type, _ count: Int) -> UnsafeMutablePointer<T> {
            let p = at.bindMemory(to: T.self, capacity: count)
            at += MemoryLayout<T>.stride * count
            return p
        }
        first = take(Int.self, rows + 1)
        local = take(Double.self, rows)
        thickness = take(Double.self, rows)
        extents = hasExtents ? take(Double.self, items) : nil
        spanIndex = take(Int32.self, items)
        spans = hasSpans ? take(Int32.self, items) : nil
    }

    deinit { storage.deallocate() }

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

    /// A copy (for an edit to write before it replaces this block).
    func copy() -> GridRowBlock {
        let c = GridRowBlock(rows: rowCount, items: itemCount, hasSpans: spans != nil, hasExtents: extents != nil)
        c.first.initialize(from: first, count: rowCount + 1)
        c.local.initialize(from: local, count: rowCount)
        c.thickness.initialize(from: thickness, count: rowCount)
        c.spanIndex.initialize(from: spanIndex, count: itemCount)
        if let s = spans { c.spans.unsafelyUnwrapped.initialize(from: s, count: itemCount) }
        if let e = extents { c.extents.unsafelyUnwrapped.initialize(from: e, count: itemCount) }
        return c
    }
}

/// Packs items into rows (G1) and rows into blocks (`GridRows`' block rule): the one loop of a
/// build and of an edit. The block being made is kept in buffers of its own (grown by doubling,
/// at most one block's rows and items), written without a check per element.
final class GridPacker {
    let columns: Int
    let gap: Double
    let itemWidth: Double
    let itemHeight: Double
    let itemAspect: Double
    let spacing: Double
    let hasSpans: Bool
    let hasExtents: Bool
    // The block being made: its closed rows (`rows` of them), and its items from `blockStart`
    // on (`items` of them: the open row's too).
    private var rowCapacity = 0
    private var rowFirst: UnsafeMutablePointer<Int>
    private var rowLocal: UnsafeMutablePointer<Double>
    private var rowThickness: UnsafeMutablePointer<Double>
    private(set) var rows = 0
    private var itemCapacity = 0
    private var spanIndex: UnsafeMutablePointer<Int32>
    private var spans: UnsafeMutablePointer<Int32>
    private var extents: UnsafeMutablePointer<Double>
    private var items = 0
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
        rowCapacity = 256
        rowFirst = .allocate(capacity: rowCapacity)
        rowLocal = .allocate(capacity: rowCapacity)
        rowThickness = .allocate(capacity: rowCapacity)
        itemCapacity = 1024
        spanIndex = .allocate(capacity: itemCapacity)
        spans = .allocate(capacity: itemCapacity)
        extents = .allocate(capacity: itemCapacity)
    }

    deinit {
        rowFirst.deallocate()
        rowLocal.deallocate()
        rowThickness.deallocate()
        spanIndex.deallocate()
        spans.deallocate()
        extents.deallocate()
    }

    private static func grow<T>(_ p: inout UnsafeMutablePointer<T>, _ count: Int, _ capacity: Int) {
        let q = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        q.moveInitialize(from: p, count: count)
        p.deallocate()
        p = q
    }

    @inline(never)
    private func growRows(_ need: Int) {
        let c = Swift.max(need, 2 * rowCapacity)
        Self.grow(&rowFirst, rows, c)
        Self.grow(&rowLocal, rows, c)
        Self.grow(&rowThickness, rows, c)
        rowCapacity = c
    }

    @inline(never)
    private func growItems(_ need: Int) {
        let c = Swift.max(need, 2 * itemCapacity)
        Self.grow(&spanIndex, items, c)
        Self.grow(&spans, items, c)
        Self.grow(&extents, items, c)
        itemCapacity = c
    }

    func reserve(_ n: Int) { made.reserveCapacity(n / 400 + 1) }

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

    /// Starts from the first `rowsKept` rows of `block` (whose first item is `start`) and its
    /// items before row `rowsKept`: what packing them again would make.
    func load(_ block: GridRowBlock, at start: Int, rows rowsKept: Int) {
        restart(at: start)
        let n = block.first[rowsKept]
        if rowsKept > rowCapacity { growRows(rowsKept) }
        if n > itemCapacity { growItems(n) }
        rowFirst.update(from: block.first, count: rowsKept)
        rowLocal.update(from: block.local, count: rowsKept)
        rowThickness.update(from: block.thickness, count: rowsKept)
        spanIndex.update(from: block.spanIndex, count: n)
        if hasSpans {
            if let s = block.spans { spans.update(from: s, count: n) } else { spans.update(repeating: 1, count: n) }
        }
        if hasExtents, let e = block.extents { extents.update(from: e, count: n) }
        rows = rowsKept
        items = n
        open = start + n
    }

    /// Starts a new block at item `at` (a block's first row in both the old and the new rows).
    func restart(at: Int) {
        rows = 0
        items = 0
        blockStart = at
        open = at
        used = 0
        thick = 0
    }

    func takeMade() -> [GridRowBlock] {
        defer { made = [] }
        return made
    }

    /// Closes the open row before item `i`: it joins the block being made or starts the next.
    @inline(__always)
    private func closeRow(at i: Int) {
        if rows >= GridRows.minBlockRows && Self.startsBlock(thick, i - open, used) { flush(upTo: open) }
        if rows == rowCapacity { growRows(rows + 1) }
        let l = rows == 0 ? 0 : rowLocal[rows - 1] + (rowThickness[rows - 1] + gap)
        rowFirst[rows] = open - blockStart
        rowLocal[rows] = l
        rowThickness[rows] = thick
        rows += 1
        open = i
        used = 0
        thick = 0
    }

    /// Makes a block of the closed rows (their items end at `end`); the open row's items stay.
    func flush(upTo end: Int) {
        guard rows > 0 else { return }
        let n = end - blockStart
        let b = GridRowBlock(rows: rows, items: n, hasSpans: hasSpans, hasExtents: hasExtents)
        b.first.initialize(from: rowFirst, count: rows)
        b.first[rows] = n
        b.local.initialize(from: rowLocal, count: rows)
        b.thickness.initialize(from: rowThickness, count: rows)
        b.spanIndex.initialize(from: spanIndex, count: n)
        if let s = b.spans { s.initialize(from: spans, count: n) }
        if let e = b.extents { e.initialize(from: extents, count: n) }
        made.append(b)
        rows = 0
        let rest = items - n
        if rest > 0 {
            spanIndex.update(from: spanIndex + n, count: rest)
            if hasSpans { spans.update(from: spans + n, count: rest) }
            if hasExtents { extents.update(from: extents + n, count: rest) }
        }
        items = rest
        blockStart = end
    }

    /// Appends rows `range` of `block` (old rows that packing their items again would make)
    /// after the closed rows: their items copied, each row starting a block by the rule as
    /// `closeRow` decides it. The open row must be empty; it starts after them.
    func appendRows(_ block: GridRowBlock, _ range: Range<Int>) {
        let lo = block.first[range.lowerBound], hi = block.first[range.upperBound]
        let n = hi - lo
        if items + n > itemCapacity { growItems(items + n) }
        (spanIndex + items).update(from: block.spanIndex + lo, count: n)
        if hasSpans {
            if let s = block.spans {
                (spans + items).update(from: s + lo, count: n)
            } else {
                (spans + items).update(repeating: 1, count: n)
            }
        }
        if hasExtents, let e = block.extents { (extents + items).update(from: e + lo, count: n) }
        items += n
        for k in range {
            let a = block.first[k], z = block.first[k + 1], th = block.thickness[k]
            if rows >= GridRows.minBlockRows && Self.startsBlock(th, z - a, block.used(k)) { flush(upTo: open) }
            if rows == rowCapacity { growRows(rows + 1) }
            rowLocal[rows] = rows == 0 ? 0 : rowLocal[rows - 1] + (rowThickness[rows - 1] + gap)
            rowFirst[rows] = open - blockStart
            rowThickness[rows] = th
            rows += 1
            open += z - a
        }
        used = 0
        thick = 0
    }

    /// Closes the open row (if it has items) and makes the last block; `n` is the item count.
    func finish(_ n: Int) {
        if open < n { closeRow(at: n) }
        flush(upTo: n)
    }

    /// Packs items `from ..< to` onto the open row (G1); at each new row's first item `i` ≥
    /// `checkFrom`, stops there when `stop(i, rows in the block)` says so (the rows before it
    /// closed) and returns `i`; else returns `to`.
    func pack(
        _ from: Int, _ to: Int, _ sr: inout FlowChunkReader<Int32>?, _ er: inout FlowChunkReader<Double>?,
        checkFrom: Int, _ stop: (_ item: Int, _ rowsInBlock: Int) -> Bool
    ) -> Int {
        var i = from
        // The arrays read a chunk at a time: `sp[i]`, `ep[i]` for i below `sEnd`, `eEnd`.
        var sp = UnsafePointer<Int32>(spans), ep = UnsafePointer<Double>(extents)
        var sEnd = hasSpans ? i : Int.max, eEnd = hasExtents ? i : Int.max
        let columns = columns, fixed = itemHeight > 0 ? itemHeight : -1.0
        let aspect = itemAspect, width = itemWidth, spacing = spacing
        var used = self.used, thick = self.thick, items = self.items
        defer {
            self.used = used
            self.thick = thick
            self.items = items
        }
        while i < to {
            if i >= sEnd {
                let w = sr!.window(at: i)
                sp = w.pointer
                sEnd = w.end
            }
            if i >= eEnd {
                let w = er!.window(at: i)
                ep = w.pointer
                eEnd = w.end
            }
            let s = hasSpans ? Int(sp[i]) : 1
            if used + s > columns {  // G1: the span does not fit what is left of the row
                self.used = used
                self.thick = thick
                self.items = items
                closeRow(at: i)
                used = 0
                thick = 0
                items = self.items
                if i >= checkFrom && stop(i, rows) { return i }
            }
            let e = hasExtents ? ep[i] : fixed >= 0 ? fixed : aspect * (Double(s) * width + Double(s - 1) * spacing)
            if items == itemCapacity {
                self.items = items
                growItems(items + 1)
            }
            spanIndex[items] = Int32(truncatingIfNeeded: used)
            if hasSpans { spans[items] = Int32(truncatingIfNeeded: s) }
            if hasExtents { extents[items] = e }
            items += 1
            used += s
            thick = Swift.max(thick, e)
            i += 1
        }
        return to
    }
}
