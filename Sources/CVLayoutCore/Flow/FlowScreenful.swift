/// A screenful from the line table: the commonest direct rect query (a rect within one per-item
/// section, no header or footer, its lines in one block) answered with one search and one walk
/// of the block's lines, its runs `visitSpans`' (split at the size table's windows by
/// `FlowCellLines.forEachWindow`, as there), without the generic visit
/// (`visitCellRuns`: its bound pass, the span buffer, the grid and supplementary callbacks).
/// Anything else is declined: the caller then asks `visitCellRuns`, whose answer for this case
/// is the same runs (the same lines, the same bounds).
extension FlowLayout {
    /// Hands over the cells of `rect` (finite, positive size) as `visitCellRuns(in: rect,
    /// counts:, atMost: capacity)` would, runs of lines to `lines` (each read with
    /// `FlowCellLines.forEachCell(in: rect)`), and returns true, when that query's whole answer
    /// is such runs: the layout is prepared and holds `counts`, one section meets the rect (with
    /// the search slack), per-item with monotone lines, no header or footer extent, and the
    /// lines the rect can meet (from the first that can to the first starting past it) lie in
    /// one block, or end with a block whose next one starts past the rect, their items at most
    /// `capacity`. Returns false before any call otherwise (`visitCellRuns` answers). Every line
    /// of a run handed over starts before the rect's end with the slack (the walk's own test), so
    /// `lines` may read it with `FlowCellLines.forEachScreenfulCell`, which skips that test. `lines`
    /// must not change the layout (its tables are read in place).
    /// - Complexity: O(log sections + log blocks + log lines + lines read + log chunks + windows).
    public func visitScreenful(
        in rect: Rect, counts: UnsafeBufferPointer<Int>, atMost capacity: Int, lines: (FlowCellLines) throws -> Void
    ) rethrows -> Bool {
        guard let found = cellQuerySection(rect, counts) else { return false }
        let (axis, s) = (found.axis, found.section)
        // In place, not retained (a retain and a release a query), as `visitCellRuns` reads it.
        let sec = state.unsafelyUnwrapped.sections.withUnsafeBufferPointer { $0 }.baseAddress.unsafelyUnwrapped + s
        guard sec.pointee.itemCount == counts[s], sec.pointee.itemCount > 0, !sec.pointee.isUniform,
            sec.pointee.linesMonotone, !(sec.pointee.headerExtent > 0 || sec.pointee.footerExtent > 0)
        else { return false }
        let blocks = FlowLineBlocks.inPlace(sec)
        let nb = blocks.count
        guard nb > 0 else { return false }
        // The sections' search slack (the rect's, as far from the section's start as from the
        // content's: it covers the rounding of either origin), not computed a second time.
        let q = FlowLineQuery(axis, sec, rect, slack: found.slack)
        // The first line that can meet the rect (from where the last query's was: `FlowSpanFinger`).
        let finger = spanFinger
        let hint = finger.section == s ? (block: finger.block, line: finger.line, a: finger.a) : nil
        let (blk, k) = flowFirstLine(sec, from: q.a, slack: q.slack, near: hint)
        spanFinger = FlowSpanFinger(section: s, block: blk, line: k, a: q.a)
        // Its block's lines up to the first starting past the rect (`lineItems`' walk, in one block).
        let block = FlowBlockTables(blocks, blk)
        let delta = sec.pointee.body.delta(blk)
        let table = block.lines, lineCount = block.lineCount
        var stop = k
        if sec.pointee.body.offsets.isShifted {
            while stop < lineCount && table[stop].origin + delta < q.bEnd { stop &+= 1 }
        } else {  // (every delta 0: origin + 0 compares as origin, one addition a line fewer)
            while stop < lineCount && table[stop].origin < q.bEnd { stop &+= 1 }
        }
        if stop == lineCount && blk &+ 1 < nb {  // the next block's first line must start past the rect
            let next = FlowBlockTables(blocks, blk &+ 1)
            guard next.lines[0].origin + sec.pointee.body.delta(blk &+ 1) >= q.bEnd else { return false }
        }
        let base = sec.pointee.body.itemStart(blk)
        let first = base &+ block.first(k), last = base &+ block.first(stop)
        guard last &- first <= capacity else { return false }
        guard first < last else { return true }  // (no line: no cell)
        var sizes = withUnsafePointer(to: &UnsafeMutablePointer(mutating: sec).pointee.sizes) {
            FlowChunkedArray.reader(inPlace: $0)
        }
        // The window from where the last screenful's was (`sizeFinger`: a hint, checked).
        let window = sizes.window(at: first, near: sizeFinger)
        sizeFinger = sizes.place
        let nonEmpty = sizes.windowHasNoEmptySize()
        // The run `visitSpans` would make when the items lie in one window (built in place: no
        // copy of its 16 fields), else its first.
        let run = FlowCellLines(
            section: s, items: Range(uncheckedBounds: (first, last)), lines: table,
            lineRange: Range(uncheckedBounds: (k, stop)), base: base, delta: delta,
            sectionOrigin: sec.pointee.origin, aStart: q.aStart, bEnd: q.bEnd, lowBound: q.lowBound,
            highBound: q.highBound, factor: sec.pointee.itemAlignmentFactor, cross: block.cross + (0 &- base),
            sizes: window.pointer, horizontal: axis.horizontal, monotone: sec.pointee.itemsMonotone,
            nonEmpty: nonEmpty)
        guard window.end >= last else {  // the items in more than one window: a run a window
            try run.forEachWindowApart(window, &sizes, lines)
            return true
        }
        try lines(run)
        return true
    }
}

/// A rect's bounds for reading a per-item section's lines (relative to the section along the
/// scroll axis): the one home of the slack around them, used by `visitSpans` and
/// `visitScreenful`.
struct FlowLineQuery {
    /// The rect's main-axis start relative to the section, and the search slack.
    let a: Double
    let slack: Double
    /// A line is read when its origin is < `bEnd` and its end > `aStart` (`FlowCellLines`).
    let aStart: Double
    let bEnd: Double
    /// A long monotone line's items are searched for cross origins in (`lowBound`, `highBound`).
    let lowBound: Double
    let highBound: Double

    /// The bounds of `rect` for section `sec`, with the main axis's search slack `slack` (the
    /// screenful's: the one its sections were searched with), else the rect's relative to the
    /// section. O(1).
    @inline(__always)
    init(_ axis: FlowAxis, _ sec: UnsafePointer<FlowSection>, _ rect: Rect, slack given: Double? = nil) {
        let a = axis.main(rect.origin) - sec.pointee.origin, b = a + axis.main(rect.size)
        let cMin = axis.cross(rect.origin), cMax = cMin + axis.cross(rect.size)
        let slack = given ?? FlowLayout.searchSlack(a, b), cSlack = FlowLayout.searchSlack(cMin, cMax)
        self.a = a
        self.slack = slack
        (aStart, bEnd) = (a - slack, b + slack)
        (lowBound, highBound) = (cMin - cSlack - sec.pointee.maxItemCross, cMax + cSlack)
    }
}
