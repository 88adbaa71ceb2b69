/// The row table of a span-grid section (`GridLayout`) whose items do not all span one column
/// with one extent: rows by G1 (an item whose span does not fit what is left of the row starts
/// the next row at span index 0), each row as thick as its thickest item (G3). Offsets are
/// relative to the section's first row, so a section that only moves keeps its table; they are
/// kept in blocks (`GridRowOffsets`), so that a row whose thickness changes moves the rows after
/// it in O(blocks).
/// docs/grid-rules.md has the rules and their sources.
///
/// Memory: 4 bytes an item (its span index), 24 a row and 8 a block; the spans and extents are the
/// layout's arrays, shared (copy on write), not copied. Built in O(n); changed in place only by
/// `apply(_:)` (extents edited in place, the packing unchanged) and `lendExtents` /
/// `takeBackExtents` (a class: a section refers to it with one word).
final class GridRows {
    /// What the table was built from; an equal key means the same table.
    struct Key: Equatable {
        var count: Int
        var columns: Int
        var itemWidth: Double
        var spansVersion: Int
        var extentsVersion: Int
    }

    private(set) var key: Key
    /// First item of each row, and the item count at the end (`rowCount + 1` entries).
    private(set) var first: [Int] = []
    /// Each row's leading edge along the scroll axis, from the section's first row.
    private(set) var offsets: GridRowOffsets
    /// Each row's extent: its thickest item's.
    private(set) var thickness: [Double] = []
    /// Each item's span index (its first column).
    private(set) var spanIndex: [Int32] = []
    private var spans: [Int32]?
    private var extents: [Double]?
    /// While the layout edits the extents array this table holds (`lendExtents`): the extents
    /// the table was built with of the items edited since, so its frames stay the prepared ones.
    private var lentOld: [Int: Double]?
    /// As `lentOld`, for the spans (`lendSpans`).
    private var lentOldSpans: [Int: Int32]?
    /// The version of the spans array the table holds.
    private(set) var heldSpansVersion: Int
    /// The version of the extents array the table holds (its key's, or the one the layout gave
    /// back after an edit in place).
    private(set) var heldExtentsVersion: Int
    private let itemHeight: Double
    private let itemAspect: Double
    private let spacing: Double
    /// The section's body along the scroll axis: the last row's end (0 without items).
    private(set) var total = 0.0

    var rowCount: Int { thickness.count }

    /// Row `r`'s leading edge from the section's first row. O(1).
    @inline(__always)
    func offset(_ r: Int) -> Double { offsets.offset(r) }

    /// Builds the table; with `old` (a table of the same columns and item width whose inputs
    /// differ only from item `edited` on), keeps its rows before the row holding that item and
    /// builds the rest: O(rows kept) to copy them, O(items after) to build.
    /// - Throws: `.overflow` when a row would end beyond the coordinate range.
    init(
        key: Key, spans: [Int32]?, extents: [Double]?, configuration c: GridLayout.Configuration, section: Int,
        reusing old: GridRows? = nil, from edited: Int = 0
    ) throws {
        self.key = key
        self.spans = spans
        self.extents = extents
        heldExtentsVersion = key.extentsVersion
        heldSpansVersion = key.spansVersion
        itemHeight = c.itemHeight
        itemAspect = c.itemAspect
        spacing = c.interitemSpacing
        let gap = c.intergroupSpacing
        offsets = GridRowOffsets(gap: gap)
        let n = key.count, columns = key.columns
        guard n > 0 else { return }
        var j = 0, thick = 0.0, start = 0
        var kept = 0
        // Local tables while the loop appends to them: no access to the object's per row.
        var rowFirst: [Int] = [], rowThickness: [Double] = []
        var rowOffsets = GridRowOffsets(gap: gap)
        if let old, old.rowCount > 0, edited > 0, old.offsets.gap == gap {
            // The rows before the one holding the first edited item (or the old last row, which
            // appended items may join) hold only items whose spans and extents are the same; but
            // when that item starts its row, the row before broke because it did not fit (G1),
            // and may now take more items: it is built again too.
            kept = old.row(of: Swift.min(edited, old.key.count - 1))
            if kept > 0, old.first[kept] == edited { kept -= 1 }
            start = old.first[kept]
            rowFirst.reserveCapacity(kept + (n - start) / 2 + 2)
            rowThickness.reserveCapacity(kept + (n - start) / 2 + 1)
            rowFirst.append(contentsOf: old.first[0..<kept])
            rowThickness.append(contentsOf: old.thickness[0..<kept])
            rowOffsets = GridRowOffsets(keeping: kept, of: old.offsets, reservingRows: kept + (n - start) / 2 + 1)
            if start >= n {  // nothing after the kept rows (a delete at the end)
                spanIndex = Array(old.spanIndex[0..<start])
                rowFirst.append(n)
                first = rowFirst
                thickness = rowThickness
                offsets = rowOffsets
                total = kept > 0 ? rowOffsets.offset(kept - 1) + rowThickness[kept - 1] : 0
                refreshView()
                return
            }
        }
        rowFirst.append(start)
        _ = try rowOffsets.appendRow(afterThickness: kept > 0 ? rowThickness[kept - 1] : 0, section: section)
        // The offsets' arrays as locals for the loop (GridRowOffsets' definition, written out).
        var rowLocal = rowOffsets.local, rowBase = rowOffsets.base
        rowOffsets = GridRowOffsets(gap: gap)
        var loc = rowLocal[rowLocal.count - 1]
        let blockMask = GridRowOffsets.blockRows - 1
        // Each item's span index written in place (every entry: the kept ones copied, the others
        // by the loop), the rows appended as they close.
        let width = key.itemWidth
        spanIndex = try [Int32](unsafeUninitializedCapacity: n) { index, done in
            let at = index.baseAddress.unsafelyUnwrapped
            if start > 0, let old {
                old.spanIndex.withUnsafeBufferPointer {
                    at.update(from: $0.baseAddress.unsafelyUnwrapped, count: start)
                }
            }
            try Self.withPointer(spans) { spanAt in
                try Self.withPointer(extents) { extentAt in
                    for i in start..<n {
                        let s = spanAt.map { Int($0[i]) } ?? 1
                        if j + s > columns {  // G1: the span does not fit what is left of the row
                            rowThickness.append(thick)
                            let pitch = loc + (thick + gap)
                            if rowThickness.count & blockMask == 0 {  // the new row starts a block
                                let b = rowBase[rowBase.count - 1] + pitch
                                guard b.isFinite else {
                                    throw LayoutError(
                                        .overflow, "GridLayout: section \(section) ends beyond the coordinate range")
                                }
                                rowBase.append(b)
                                loc = 0
                            } else {
                                loc = pitch
                            }
                            rowLocal.append(loc)
                            rowFirst.append(i)
                            j = 0
                            thick = 0
                        }
                        at[i] = Int32(truncatingIfNeeded: j)
                        j += s
                        let e =
                            extentAt.map { $0[i] }
                            ?? (itemHeight > 0 ? itemHeight : itemAspect * crossLength(s, width))
                        thick = Swift.max(thick, e)
                    }
                }
            }
            done = n
        }
        rowThickness.append(thick)
        rowFirst.append(n)
        first = rowFirst
        offsets = GridRowOffsets(local: rowLocal, base: rowBase, gap: gap)
        thickness = rowThickness
        total = offsets.offset(rowThickness.count - 1) + thick
        guard total.isFinite else {
            throw LayoutError(.overflow, "GridLayout: section \(section) ends beyond the coordinate range")
        }
        refreshView()
    }

    // MARK: Spans and extents edited in place

    /// What `apply(_:)` writes after spans or extents were edited in place (the same count).
    struct EditPlan {
        var key: Key
        var spans: [Int32]?
        var extents: [Double]?
        /// Rows whose thickness is (re)computed, ascending.
        var rows: [(row: Int, thickness: Double)] = []
        /// Rows re-packed (the same number as before): their first items from `firstRow + 1`
        /// on, and the span indices of their items from `items.lowerBound` on.
        var firstRow = 0
        var firsts: [Int] = []
        var items = 0..<0
        var spanIndex: [Int32] = []
        var offsets = GridRowOffsets.Patch()
        var total = 0.0
    }

    /// The plan that makes this table the one a build from scratch gives for `spans` and
    /// `extents` (the same count and columns; the spans of `spanEdits` and the extents of
    /// `extentEdits` changed), or nil when the edited spans change the number of rows (then the
    /// table is built again). Extents never change which items share a row (G1 reads spans
    /// only): a row holding an edited extent only gets its thickness again. Edited spans are
    /// re-packed from the row holding the first one (the row before it too when it starts its
    /// row) until, past the last one, a row starts at an item where an old row started: from
    /// there on the rows are the old ones. The offsets after the rows touched move
    /// (`GridRowOffsets.patch`). Nothing is changed.
    /// - Complexity: O(items re-packed + items of the rows touched + ranges · log rows
    ///   + `GridRowOffsets.blockRows` per block touched + blocks).
    /// - Throws: `.overflow` when a row would end beyond the coordinate range.
    func planInPlaceEdit(
        key newKey: Key, spans newSpans: [Int32]?, extents new: [Double]?, spanEdits: [Range<Int>],
        extentEdits: [Range<Int>], section: Int
    ) throws -> EditPlan? {
        var plan = EditPlan(key: newKey, spans: newSpans, extents: new)
        let n = key.count, columns = key.columns, width = key.itemWidth
        var regionRows = 0..<0
        var changed: [(row: Int, thickness: Double)] = []
        Self.withPointer(newSpans) { spanAt in
            Self.withPointer(new) { extentAt in
                @inline(__always) func ownExtent(_ i: Int, _ s: Int) -> Double {
                    extentAt.map { $0[i] } ?? (itemHeight > 0 ? itemHeight : itemAspect * crossLength(s, width))
                }
                if let lo = spanEdits.lazy.filter({ !$0.isEmpty }).map(\.lowerBound).min(),
                    let hi = spanEdits.lazy.map(\.upperBound).max()
                {
                    var r0 = row(of: lo)
                    if r0 > 0, first[r0] == lo { r0 -= 1 }
                    let start = first[r0]
                    var j = 0, thick = 0.0, rowsMade = 0, i = start
                    var firsts: [Int] = [], indices: [Int32] = [], rows: [(row: Int, thickness: Double)] = []
                    while true {
                        if i == n { break }
                        let s = spanAt.map { Int($0[i]) } ?? 1
                        if j + s > columns {  // G1: row break before item i
                            rows.append((r0 + rowsMade, thick))
                            rowsMade += 1
                            if i >= hi {
                                let old = row(of: i)
                                if first[old] == i {
                                    // In step with the old rows again.
                                    guard old == r0 + rowsMade else { return }
                                    break
                                }
                            }
                            firsts.append(i)
                            j = 0
                            thick = 0
                        }
                        indices.append(Int32(truncatingIfNeeded: j))
                        j += s
                        thick = Swift.max(thick, ownExtent(i, s))
                        i += 1
                    }
                    if i == n {
                        rows.append((r0 + rowsMade, thick))
                        rowsMade += 1
                        guard r0 + rowsMade == rowCount else { return }
                    }
                    regionRows = r0..<(r0 + rowsMade)
                    plan.firstRow = r0
                    plan.firsts = firsts
                    plan.items = start..<i
                    plan.spanIndex = indices
                    changed = rows
                }
                // Rows holding edited extents outside the re-packed ones: the same items.
                var extentRows: [Int] = []
                for range in extentEdits where !range.isEmpty {
                    var r = row(of: range.lowerBound)
                    let lastRow = row(of: range.upperBound - 1)
                    while r <= lastRow {
                        if !regionRows.contains(r), extentRows.last != r { extentRows.append(r) }
                        r += 1
                    }
                }
                extentRows.sort()
                for r in extentRows {
                    // The thickest item as the build finds it (in item order, from 0).
                    var thick = 0.0
                    for i in first[r]..<first[r + 1] {
                        thick = Swift.max(thick, ownExtent(i, spanAt.map { Int($0[i]) } ?? 1))
                    }
                    changed.append((r, thick))
                }
            }
        }
        if !spanEdits.isEmpty, regionRows.isEmpty, spanEdits.contains(where: { !$0.isEmpty }) { return nil }
        changed.sort { $0.row < $1.row }
        for c in changed where plan.rows.last?.row != c.row { plan.rows.append(c) }
        plan.offsets = try offsets.patch(thickness: thickness, changed: plan.rows, section: section)
        let last = rowCount - 1
        var lastLocal = offsets.local[last]
        if let b = plan.offsets.blocks.last, b.firstRow + b.local.count > last {
            lastLocal = b.local[last - b.firstRow]
        }
        let blockOfLast = last &>> GridRowOffsets.blockShift
        var lastBase = offsets.base[blockOfLast]
        if blockOfLast >= plan.offsets.baseFrom, !plan.offsets.bases.isEmpty {
            lastBase = plan.offsets.bases[blockOfLast - plan.offsets.baseFrom]
        }
        let lastThickness = plan.rows.last?.row == last ? plan.rows[plan.rows.count - 1].thickness : thickness[last]
        plan.total = (lastBase + lastLocal) + lastThickness
        guard plan.total.isFinite else {
            throw LayoutError(.overflow, "GridLayout: section \(section) ends beyond the coordinate range")
        }
        return plan
    }

    /// Writes `plan` (made by `planInPlaceEdit` from this table). O(the plan's size).
    func apply(_ plan: EditPlan) {
        thickness.withUnsafeMutableBufferPointer { t in
            for (r, v) in plan.rows { t[r] = v }
        }
        first.withUnsafeMutableBufferPointer { f in
            for (k, v) in plan.firsts.enumerated() { f[plan.firstRow + 1 + k] = v }
        }
        spanIndex.withUnsafeMutableBufferPointer { out in
            for (k, v) in plan.spanIndex.enumerated() { out[plan.items.lowerBound + k] = v }
        }
        offsets.apply(plan.offsets)
        total = plan.total
        key = plan.key
        extents = plan.extents
        spans = plan.spans
        heldExtentsVersion = plan.key.extentsVersion
        heldSpansVersion = plan.key.spansVersion
        lentOld = nil
        lentOldSpans = nil
        refreshView()
    }

    /// What `apply(_:)` writes after items were appended (nothing else changed).
    struct AppendPlan {
        var key: Key
        var spans: [Int32]?
        var extents: [Double]?
        /// The last row's thickness again, then the rows after it: their first items, thicknesses
        /// and offsets; the span indices of the items appended.
        var lastThickness = 0.0
        var firsts: [Int] = []
        var thicknesses: [Double] = []
        var locals: [Double] = []
        var bases: [Double] = []
        var spanIndex: [Int32] = []
        var total = 0.0
    }

    /// The plan that makes this table the one a build from scratch gives after items were
    /// appended to the section (`spans` and `extents` the old ones and the new items'): the
    /// rows before the last are the same (G1 reads the items in order), the last row may take
    /// some of the new items, then new rows follow. Nothing is changed. O(items of the last row
    /// + items appended).
    /// - Throws: `.overflow` when a row would end beyond the coordinate range.
    func planAppend(
        key newKey: Key, spans newSpans: [Int32]?, extents new: [Double]?, section: Int
    ) throws
        -> AppendPlan
    {
        var plan = AppendPlan(key: newKey, spans: newSpans, extents: new)
        let oldN = key.count, n = newKey.count, columns = key.columns, width = key.itemWidth
        let gap = offsets.gap, mask = GridRowOffsets.blockRows - 1
        let r0 = rowCount - 1
        var loc = offsets.local[r0], lastBase = offsets.base[offsets.base.count - 1]
        var rows = r0 + 1
        Self.withPointer(newSpans) { spanAt in
            Self.withPointer(new) { extentAt in
                var j = 0, thick = 0.0
                var closedFirst = true
                for i in first[r0]..<n {
                    let s = spanAt.map { Int($0[i]) } ?? 1
                    if j + s > columns {
                        if closedFirst {
                            plan.lastThickness = thick
                            closedFirst = false
                        } else {
                            plan.thicknesses.append(thick)
                        }
                        // The row starting at i, after the one just closed (GridRowOffsets).
                        let pitch = loc + (thick + gap)
                        if rows & mask == 0 {
                            lastBase = lastBase + pitch
                            plan.bases.append(lastBase)
                            loc = 0
                        } else {
                            loc = pitch
                        }
                        plan.locals.append(loc)
                        plan.firsts.append(i)
                        rows += 1
                        j = 0
                        thick = 0
                    }
                    if i >= oldN { plan.spanIndex.append(Int32(truncatingIfNeeded: j)) }
                    j += s
                    let e = extentAt.map { $0[i] } ?? (itemHeight > 0 ? itemHeight : itemAspect * crossLength(s, width))
                    thick = Swift.max(thick, e)
                }
                if closedFirst { plan.lastThickness = thick } else { plan.thicknesses.append(thick) }
                plan.total = (lastBase + loc) + thick
            }
        }
        guard plan.total.isFinite else {
            throw LayoutError(.overflow, "GridLayout: section \(section) ends beyond the coordinate range")
        }
        return plan
    }

    /// Writes `plan` (made by `planAppend` from this table). O(the rows and items it adds).
    func apply(_ plan: AppendPlan) {
        thickness[thickness.count - 1] = plan.lastThickness
        thickness.append(contentsOf: plan.thicknesses)
        first.removeLast()
        first.append(contentsOf: plan.firsts)
        first.append(plan.key.count)
        offsets.append(local: plan.locals, base: plan.bases)
        spanIndex.append(contentsOf: plan.spanIndex)
        total = plan.total
        key = plan.key
        extents = plan.extents
        spans = plan.spans
        heldExtentsVersion = plan.key.extentsVersion
        heldSpansVersion = plan.key.spansVersion
        lentOld = nil
        lentOldSpans = nil
        refreshView()
    }

    /// Whether the table holds the spans array of `version` (see `holdsExtents`).
    func holdsSpans(version: Int) -> Bool { spans != nil && heldSpansVersion == version }

    /// As `lendExtents`, for the spans.
    func lendSpans(_ range: Range<Int>) {
        guard let s = spans else { return }
        var old = lentOldSpans ?? [:]
        for i in range where old[i] == nil { old[i] = s[i] }
        lentOldSpans = old
        spans = nil
        refreshView()
    }

    /// As `takeBackExtents`, for the spans.
    func takeBackSpans(_ values: [Int32], version: Int) {
        spans = values
        heldSpansVersion = version
        refreshView()
    }

    /// Whether the table holds the extents array of `version` (so an edit of that array in
    /// place would copy it, unless the table lends it).
    func holdsExtents(version: Int) -> Bool { extents != nil && heldExtentsVersion == version }

    /// Gives up the table's reference to its extents array before the layout edits `range` of
    /// it in place (same count): the table keeps the values of `range` it was built with.
    /// O(range).
    func lendExtents(_ range: Range<Int>) {
        guard let e = extents else { return }
        var old = lentOld ?? [:]
        for i in range where old[i] == nil { old[i] = e[i] }
        lentOld = old
        extents = nil
        refreshView()
    }

    /// Takes the edited array back (`version` its new version); the items lent keep the extents
    /// the table was built with until `apply(_:)`. O(1).
    func takeBackExtents(_ values: [Double], version: Int) {
        extents = values
        heldExtentsVersion = version
        refreshView()
    }

    /// Pointers into the table's arrays (its own, and the layout's spans and extents it holds)
    /// for a query's loops: no bounds check or reference counting per access; nil without rows.
    /// Made again (`refreshView`) whenever one of those arrays is written or replaced (the
    /// table's own are never shared, so writing them in place keeps their storage); valid while
    /// the table lives, which the caller ensures by holding it.
    private(set) var view: GridRowsView?

    /// Makes `view` again from the arrays as they are now. O(1).
    private func refreshView() {
        guard rowCount > 0 else {
            view = nil
            return
        }
        func at<T>(_ a: [T]) -> UnsafePointer<T> { a.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped } }
        view = GridRowsView(
            first: at(first), local: at(offsets.local), base: at(offsets.base), thickness: at(thickness),
            spanIndex: at(spanIndex), spans: spans.map(at), extents: extents.map(at),
            lent: lentOld != nil || lentOldSpans != nil, owner: Unmanaged.passUnretained(self), rowCount: rowCount,
            itemHeight: itemHeight, itemAspect: itemAspect, spacing: spacing)
    }

    /// The array's elements in place (nil for nil).
    private static func withPointer<T, R>(_ a: [T]?, _ body: (UnsafePointer<T>?) throws -> R) rethrows -> R {
        guard let a else { return try body(nil) }
        return try a.withUnsafeBufferPointer { try body($0.baseAddress) }
    }

    @inline(__always)
    func crossLength(_ span: Int, _ itemWidth: Double) -> Double {
        Double(span) * itemWidth + Double(span - 1) * spacing
    }

    @inline(__always)
    func span(_ item: Int) -> Int {
        if let lentOldSpans, let v = lentOldSpans[item] { return Int(v) }
        return spans.map { Int($0[item]) } ?? 1
    }

    /// The item's own extent along the scroll axis: its bulk (or measured) extent, else
    /// `itemHeight` when > 0, else `itemAspect` × its cross size.
    @inline(__always)
    func extent(_ item: Int, crossLength: Double) -> Double {
        if let extents {
            if let lentOld, let v = lentOld[item] { return v }
            return extents[item]
        }
        return itemHeight > 0 ? itemHeight : itemAspect * crossLength
    }

    /// Spans the row uses (the last item's span index + its span).
    @inline(__always)
    func used(_ row: Int) -> Int {
        let last = first[row + 1] - 1
        return Int(spanIndex[last]) + span(last)
    }

    /// The row holding `item`. O(log rows).
    func row(of item: Int) -> Int {
        GridLayout.firstIndex(0, rowCount) { self.first[$0 + 1] > item }
    }

    var footprint: Int { spanIndex.count * 4 + thickness.count * 24 + 8 + offsets.base.count * 8 }
}

/// A `GridRows` table's arrays as pointers (`GridRows.view`): what a query reads per row and
/// per item, with the table's own rules (`offset`, `span`, `used`, `extent`).
struct GridRowsView {
    let first: UnsafePointer<Int>
    let local: UnsafePointer<Double>
    let base: UnsafePointer<Double>
    let thickness: UnsafePointer<Double>
    let spanIndex: UnsafePointer<Int32>
    let spans: UnsafePointer<Int32>?
    let extents: UnsafePointer<Double>?
    /// Whether the table lent its extents or spans (`GridRows.lendExtents`): `extent` and `span`
    /// then ask it.
    let lent: Bool
    /// The table (kept alive by the query holding it): no reference counting per access.
    let owner: Unmanaged<GridRows>
    let rowCount: Int
    let itemHeight: Double
    let itemAspect: Double
    let spacing: Double

    /// `GridRowOffsets.offset`.
    @inline(__always)
    func offset(_ r: Int) -> Double { base[r &>> GridRowOffsets.blockShift] + local[r] }

    @inline(__always)
    func span(_ item: Int) -> Int {
        if lent { return owner.takeUnretainedValue().span(item) }
        return spans.map { Int($0[item]) } ?? 1
    }

    /// `GridRows.used`.
    @inline(__always)
    func used(_ row: Int) -> Int {
        let last = first[row + 1] - 1
        return Int(spanIndex[last]) + span(last)
    }

    /// `GridRows.extent`.
    @inline(__always)
    func extent(_ item: Int, crossLength: Double) -> Double {
        if let extents {
            if lent { return owner.takeUnretainedValue().extent(item, crossLength: crossLength) }
            return extents[item]
        }
        return itemHeight > 0 ? itemHeight : itemAspect * crossLength
    }
}
