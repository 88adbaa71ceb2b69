/// A run of a per-item section's lines read in place, for a rect query: the lines of one block
/// whose items lie in one window of the size table (a line that crosses a window's end comes in
/// two runs, each with its part). What `FlowLayout.visitSpans` hands over: one value for a
/// screenful of lines, where a span a line cost about 200 instructions a line met (the span
/// built, stored, handed over and read back; round 11 of issue 32).
///
/// `forEachCell` is where a run's line test lives (a line is read when its main-axis range can
/// meet the rect's, with the search slack) and the long lines' cross-axis search; each line's
/// items are then `FlowCellSpan.forEachLineCell`'s, the one home of an item's frame and test.
/// Valid only during the call that hands it over (its tables are read in place).
public struct FlowCellLines {
    /// The section of the run's items.
    public let section: Int
    /// The run's items: every cell `forEachCell` hands on is one of them (a bound on its count).
    public let items: Range<Int>
    /// The block's line table and the run's lines in it: the first one holds `items.lowerBound`
    /// (it may start before it: a line crossing a window's start), the last one ends at
    /// `items.upperBound` (its part in the window), every other one lies inside `items` and
    /// ends where the next one starts.
    @usableFromInline let lines: UnsafePointer<FlowLine>
    @usableFromInline let lineRange: Range<Int>
    /// The block's first item (a line's `first` is relative to it).
    @usableFromInline let base: Int
    /// The block's delta (added to its lines' origins) and the section's origin.
    @usableFromInline let delta: Double
    @usableFromInline let sectionOrigin: Double
    /// A line is read when its origin (with `delta`) is < `bEnd` and its end > `aStart`: the
    /// rect's main-axis range relative to the section, widened by the search slack.
    @usableFromInline let aStart: Double
    @usableFromInline let bEnd: Double
    /// A long monotone line's items are searched for those with cross origin > `lowBound` and
    /// < `highBound` (the rect's cross range widened by the slack and the widest item).
    @usableFromInline let lowBound: Double
    @usableFromInline let highBound: Double
    @usableFromInline let factor: Double
    /// Cross-axis origins and sizes, indexed by item (sizes within the window only).
    @usableFromInline let cross: UnsafePointer<Double>
    @usableFromInline let sizes: UnsafePointer<Size>
    @usableFromInline let horizontal: Bool
    /// The section's items are placed along their lines with steps ≥ 0 (`FlowSection.itemsMonotone`).
    @usableFromInline let monotone: Bool
    /// No size in `sizes`' window is empty (`FlowChunkReader.windowHasNoEmptySize`): the cells
    /// skip that part of their test. False when not known.
    @usableFromInline let nonEmpty: Bool

    @usableFromInline
    init(
        section: Int, items: Range<Int>, lines: UnsafePointer<FlowLine>, lineRange: Range<Int>, base: Int,
        delta: Double, sectionOrigin: Double, aStart: Double, bEnd: Double,
        lowBound: Double, highBound: Double, factor: Double, cross: UnsafePointer<Double>,
        sizes: UnsafePointer<Size>, horizontal: Bool, monotone: Bool, nonEmpty: Bool
    ) {
        self.section = section
        self.items = items
        self.lines = lines
        self.lineRange = lineRange
        self.base = base
        self.delta = delta
        self.sectionOrigin = sectionOrigin
        self.aStart = aStart
        self.bEnd = bEnd
        self.lowBound = lowBound
        self.highBound = highBound
        self.factor = factor
        self.cross = cross
        self.sizes = sizes
        self.horizontal = horizontal
        self.monotone = monotone
        self.nonEmpty = nonEmpty
    }

    /// Calls `body(item, frame)` for each item of the run whose frame meets `rect` (the rect the
    /// run was made for), in item order: the lines whose main-axis range can meet it, within
    /// each the items in `items` (of a line longer than 16 items in a monotone section, those
    /// whose cross origin lies in the searched range: the others cannot meet the rect), each as
    /// `FlowCellSpan.forEachLineCell` places and tests it.
    /// - Complexity: O(lines + items read + log of a long line's items).
    @inlinable @inline(__always)
    public func forEachCell(in rect: Rect, _ body: (Int, Rect) throws -> Void) rethrows {
        try forEachCell(bounded: false, in: rect, body)
    }

    /// `forEachCell(in:_:)` of a run `FlowLayout.visitScreenful` handed over (each of its lines
    /// starts before `bEnd`, as the screenful's walk found them: the line test there is only
    /// the end's). The same cells, one comparison a line fewer (measured: −14 instructions a
    /// compact query of ~6 lines, −65 a full one, whose registers fell out better).
    @inlinable @inline(always)
    public func forEachScreenfulCell(in rect: Rect, _ body: (Int, Rect) throws -> Void) rethrows {
        try forEachCell(bounded: true, in: rect, body)
    }

    /// `forEachCell(in:_:)`, the line's start tested against `bEnd` unless `bounded` (a
    /// constant where it is inlined).
    @inlinable @inline(always)
    func forEachCell(bounded: Bool, in rect: Rect, _ body: (Int, Rect) throws -> Void) rethrows {
        // The axis, the items' order and whether a size can be empty told once a run, not at
        // each line or cell (the last only for monotone lines, the screenful's: a run of
        // another section tests every size).
        typealias H = HorizontalFlowAxis
        typealias V = VerticalFlowAxis
        switch (horizontal, monotone, nonEmpty) {
        case (true, true, true):
            try forEachCell(H.self, monotone: true, nonEmpty: true, bounded: bounded, in: rect, body)
        case (true, true, false):
            try forEachCell(H.self, monotone: true, nonEmpty: false, bounded: bounded, in: rect, body)
        case (true, false, _):
            try forEachCell(H.self, monotone: false, nonEmpty: false, bounded: bounded, in: rect, body)
        case (false, true, true):
            try forEachCell(V.self, monotone: true, nonEmpty: true, bounded: bounded, in: rect, body)
        case (false, true, false):
            try forEachCell(V.self, monotone: true, nonEmpty: false, bounded: bounded, in: rect, body)
        case (false, false, _):
            try forEachCell(V.self, monotone: false, nonEmpty: false, bounded: bounded, in: rect, body)
        }
    }

    /// `forEachCell(in:_:)` along the axis `A` (the run's), `monotone` the run's,
    /// `nonEmpty` the run's or false, `bounded` true only when every line of the run starts
    /// before `bEnd` (constants where it is inlined). `@inline(always)`, as the two above, not
    /// `@inline(__always)`: that is a hint the optimizer weighs, and with one loop more in the
    /// cells it declined it ("not profitable", cost 225 against benefit 159), leaving a call
    /// with the constants as arguments and the records' pointer in memory (+233 instructions
    /// a compact query).
    @inlinable @inline(always)
    func forEachCell<A: FlowAxisKind>(
        _ axis: A.Type, monotone: Bool, nonEmpty: Bool, bounded: Bool, in rect: Rect,
        _ body: (Int, Rect) throws -> Void
    ) rethrows {
        // The run's fields in locals: read through `self` (passed by address) they were read
        // again after each record the body wrote, which might have changed them.
        let lines = self.lines, base = self.base, delta = self.delta, sectionOrigin = self.sectionOrigin
        let aStart = self.aStart, bEnd = self.bEnd, factor = self.factor, cross = self.cross, sizes = self.sizes
        var k = lineRange.lowerBound
        let last = lineRange.upperBound &- 1
        // The run's part of line k starts where the last line's ended (the first line's at the
        // run's first item): each line's start is read once, as the end of the line before.
        var next = items.lowerBound
        let end = items.upperBound
        let longLine = monotone ? 16 : Int.max  // (short lines: a linear scan is cheaper)
        while k <= last {
            let stored = lines[k]
            let first = next
            let lineEnd = k < last ? base &+ lines[k &+ 1].first : end
            next = lineEnd
            k &+= 1
            let origin = stored.origin + delta, thickness = stored.thickness
            // (Bounded: `origin < bEnd` holds, the same sum compared by the screenful's walk.)
            guard bounded || origin < bEnd, origin + thickness > aStart else { continue }
            var iLo = first, iHi = lineEnd
            if lineEnd &- first > longLine {
                let lowBound = self.lowBound, highBound = self.highBound
                iLo = flowPartitionPoint(first, lineEnd) { cross[$0] > lowBound }
                iHi = flowPartitionPoint(iLo, lineEnd) { cross[$0] >= highBound }
            }
            guard iLo < iHi else { continue }
            try FlowCellSpan.forEachLineCell(
                A.self, Range(uncheckedBounds: (iLo, iHi)), lineMain: sectionOrigin + origin, thickness: thickness,
                factor: factor, cross: cross, sizes: sizes, monotone: monotone, nonEmpty: nonEmpty, pairs: bounded,
                in: rect, body)
        }
    }
}

extension FlowCellLines {
    /// Hands this run over as runs of one window of the size table each (`visitSpans`' runs, in
    /// item order): `self` holds lines `lineRange` of one block and their items `items`, and
    /// `sizes` is `window`'s (the window of `items.lowerBound`, read by `reader`, which the
    /// later windows are asked of: the next chunk, O(1)). A line that crosses a window's end
    /// comes in two runs, each with its part. The one home of that split. `visit` must not
    /// change the layout.
    /// - Complexity: O(lines + windows) besides `visit`.
    @inline(__always)
    func forEachWindow(
        _ window: FlowChunkWindow<Size>, _ reader: inout FlowChunkReader<Size>,
        _ visit: (FlowCellLines) throws -> Void
    ) rethrows {
        var k = lineRange.lowerBound, i = items.lowerBound, w = window
        var wNonEmpty = nonEmpty  // (the first window's: the caller's)
        let stop = lineRange.upperBound, runEnd = items.upperBound
        while true {
            let wEnd = Swift.min(w.end, runEnd)  // > i: the window holds i
            var kk = stop  // the lines starting before the window's end
            if wEnd < runEnd {  // (else all: the commonest case, a screenful in one window)
                kk = k &+ 1
                while kk < stop && base &+ lines[kk].first < wEnd { kk &+= 1 }
            }
            try visit(
                FlowCellLines(
                    section: section, items: Range(uncheckedBounds: (i, wEnd)), lines: lines,
                    lineRange: Range(uncheckedBounds: (k, kk)), base: base, delta: delta,
                    sectionOrigin: sectionOrigin, aStart: aStart, bEnd: bEnd, lowBound: lowBound,
                    highBound: highBound, factor: factor, cross: cross, sizes: w.pointer, horizontal: horizontal,
                    monotone: monotone, nonEmpty: wNonEmpty))
            guard wEnd < runEnd else { return }
            // The next window starts at wEnd: in line kk, or in the last line read when it
            // crosses the window's end.
            k = kk < stop && base &+ lines[kk].first == wEnd ? kk : kk &- 1
            i = wEnd
            w = reader.window(at: i)
            wNonEmpty = reader.windowHasNoEmptySize()
        }
    }

    /// `forEachWindow` in a frame of its own, for the screenful (`visitScreenful`), where a run
    /// across windows is the rare case: inlined there, its loop's values made the common path's
    /// frame larger and spilled more of its registers.
    @inline(never)
    func forEachWindowApart(
        _ window: FlowChunkWindow<Size>, _ reader: inout FlowChunkReader<Size>,
        _ visit: (FlowCellLines) throws -> Void
    ) rethrows {
        try forEachWindow(window, &reader, visit)
    }
}
