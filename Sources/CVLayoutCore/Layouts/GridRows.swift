/// The row table of a span-grid section (`GridLayout`) whose items do not all span one column
/// with one extent: rows by G1 (an item whose span does not fit what is left of the row starts
/// the next row at span index 0), each row as thick as its thickest item (G3). Offsets are
/// relative to the section's first row, so a section that only moves keeps its table.
/// docs/grid-rules.md has the rules and their sources.
///
/// Memory: 4 bytes an item (its span index) and 24 a row; the spans and extents are the
/// layout's arrays, shared (copy on write), not copied. Built in O(n), never changed after (a
/// class: a section refers to it with one word).
final class GridRows {
    /// What the table was built from; an equal key means the same table.
    struct Key: Equatable {
        var count: Int
        var columns: Int
        var itemWidth: Double
        var spansVersion: Int
        var extentsVersion: Int
    }

    let key: Key
    /// First item of each row, and the item count at the end (`rowCount + 1` entries).
    private(set) var first: [Int] = []
    /// Each row's leading edge along the scroll axis, from the section's first row.
    private(set) var offset: [Double] = []
    /// Each row's extent: its thickest item's.
    private(set) var thickness: [Double] = []
    /// Each item's span index (its first column).
    private(set) var spanIndex: [Int32] = []
    private let spans: [Int32]?
    private let extents: [Double]?
    private let itemHeight: Double
    private let itemAspect: Double
    private let spacing: Double
    /// The section's body along the scroll axis: the last row's end (0 without items).
    private(set) var total = 0.0

    var rowCount: Int { thickness.count }

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
        itemHeight = c.itemHeight
        itemAspect = c.itemAspect
        spacing = c.interitemSpacing
        let n = key.count, columns = key.columns
        guard n > 0 else { return }
        var j = 0, thick = 0.0, origin = 0.0, start = 0
        var kept = 0
        if let old, old.rowCount > 0, edited > 0 {
            // The rows before the one holding the first edited item (or the old last row, which
            // appended items may join) hold only items whose spans and extents are the same; but
            // when that item starts its row, the row before broke because it did not fit (G1),
            // and may now take more items: it is built again too.
            kept = old.row(of: Swift.min(edited, old.key.count - 1))
            if kept > 0, old.first[kept] == edited { kept -= 1 }
            start = old.first[kept]
            first.append(contentsOf: old.first[0..<kept])
            offset.append(contentsOf: old.offset[0..<kept])
            thickness.append(contentsOf: old.thickness[0..<kept])
            // Summed as the loop below sums (origin += thick + spacing): the same bits as a build
            // from scratch.
            if kept > 0 { origin = old.offset[kept - 1] + (old.thickness[kept - 1] + c.intergroupSpacing) }
            if start >= n {  // nothing after the kept rows (a delete at the end)
                spanIndex = Array(old.spanIndex[0..<start])
                first.append(n)
                total = kept > 0 ? old.offset[kept - 1] + old.thickness[kept - 1] : 0
                return
            }
        }
        first.append(start)
        offset.append(origin)
        // (Local tables while the loop appends to them: no access to the object's per row.)
        var rowFirst = first, rowOffset = offset, rowThickness = thickness
        first = []
        offset = []
        thickness = []
        // Each item's span index written in place (every entry: the kept ones copied, the others
        // by the loop), the rows appended as they close.
        let gap = c.intergroupSpacing, width = key.itemWidth
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
                            origin += thick + gap
                            guard origin.isFinite else {
                                throw LayoutError(
                                    .overflow, "GridLayout: section \(section) ends beyond the coordinate range")
                            }
                            rowFirst.append(i)
                            rowOffset.append(origin)
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
        offset = rowOffset
        thickness = rowThickness
        total = origin + thick
        guard total.isFinite else {
            throw LayoutError(.overflow, "GridLayout: section \(section) ends beyond the coordinate range")
        }
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
    func span(_ item: Int) -> Int { spans.map { Int($0[item]) } ?? 1 }

    /// The item's own extent along the scroll axis: its bulk (or measured) extent, else
    /// `itemHeight` when > 0, else `itemAspect` × its cross size.
    @inline(__always)
    func extent(_ item: Int, crossLength: Double) -> Double {
        if let extents { return extents[item] }
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

    var footprint: Int { spanIndex.count * 4 + thickness.count * 24 + 8 }
}
