/// Cell spans: a per-item flow section's rect query as runs of one line's items, read in place.
///
/// Every rect query of a per-item section goes through `FlowCellSpan.forEachCell` (the generic
/// query's `visitLineCells` too), so it is where a line item's frame and its intersection test
/// live. A caller that writes records of its own (the C layer's direct query) asks first for a
/// `FlowCellSpanPlan`: whether the query's answer is cells only, in draw order and valid by
/// construction, and at most how many; then it visits the spans and writes each cell once.
///
/// Why valid by construction: the sizes are validated finite and non-negative when handed over
/// (`FlowLayout+Sizes.swift`), the rect is finite, and a cell is kept only when its frame meets
/// the rect with both sides positive, which a non-finite origin never does (every comparison
/// with NaN is false, and an infinite origin fails one side). Item indices come from the
/// section's own tables, whose counts the plan compares with the view's.
public struct FlowCellSpan {
    /// The section of the span's items.
    public let section: Int
    /// The items, consecutive on one line (a line may come as several spans).
    public let items: Range<Int>
    @usableFromInline let lineMain: Double
    @usableFromInline let thickness: Double
    @usableFromInline let factor: Double
    /// Cross-axis origins and sizes, indexed by item (valid during the visit only); nil in a
    /// uniform section's line, whose items are `gridSize` at `gridStart + (i − gridFirst) × gridPitch`.
    @usableFromInline let cross: UnsafePointer<Double>?
    @usableFromInline let sizes: UnsafePointer<Size>?
    @usableFromInline let horizontal: Bool
    /// The line's items are placed along it with steps ≥ 0 (`FlowSection.itemsMonotone`): their
    /// cross origins, and their ends, never decrease (`FlowLineBreaker.alignRun`).
    @usableFromInline let monotone: Bool
    @usableFromInline let gridFirst: Int
    @usableFromInline let gridStart: Double
    @usableFromInline let gridPitch: Double
    @usableFromInline let gridSize: Size

    /// A per-item section's line (or part of one).
    @usableFromInline
    init(
        section: Int, items: Range<Int>, lineMain: Double, thickness: Double, factor: Double,
        cross: UnsafePointer<Double>, sizes: UnsafePointer<Size>, horizontal: Bool, monotone: Bool
    ) {
        self.section = section
        self.items = items
        self.lineMain = lineMain
        self.thickness = thickness
        self.factor = factor
        self.cross = cross
        self.sizes = sizes
        self.horizontal = horizontal
        self.monotone = monotone
        (gridFirst, gridStart, gridPitch, gridSize) = (0, 0, 0, .zero)
    }

    /// A uniform section's line: slots from its first item `first`, `start` and `pitch` apart.
    @usableFromInline
    init(
        section: Int, items: Range<Int>, lineMain: Double, first: Int, start: Double, pitch: Double, size: Size,
        horizontal: Bool
    ) {
        self.section = section
        self.items = items
        self.lineMain = lineMain
        (thickness, factor, cross, sizes) = (0, 0, nil, nil)
        self.horizontal = horizontal
        self.monotone = false
        (gridFirst, gridStart, gridPitch, gridSize) = (first, start, pitch, size)
    }

    /// Calls `body(item, frame)` for each item of the span whose frame meets `rect`, in item
    /// order. The frame is `FlowLayout.lineItemFrame`'s: along the scroll axis at
    /// lineMain + (thickness − m) × factor, across at the item's cross origin, its own size
    /// (in a uniform section `FlowLayout.gridFrame`'s: at lineMain, across at its slot's
    /// origin); the test is `Rect.intersects`' (open intervals, empty frames meet nothing),
    /// written per axis with the same floating-point operations. `rect` must have a positive
    /// size.
    ///
    /// A span inside the rect (`isInsideAlong` and `isInsideAcross`) tests only that each item
    /// is not empty, one inside its cross range (`isInsideAcross`) only the main axis besides:
    /// every other part of the test holds for all its items, as shown there.
    /// - Complexity: O(items).
    @inlinable @inline(__always)
    public func forEachCell(in rect: Rect, _ body: (Int, Rect) throws -> Void) rethrows {
        guard let cross, let sizes else { return try forEachGridCell(in: rect, body) }
        try FlowCellSpan.forEachLineCell(
            items, lineMain: lineMain, thickness: thickness, factor: factor, cross: cross, sizes: sizes,
            horizontal: horizontal, monotone: monotone, in: rect, body)
    }

    /// `forEachCell` of the items `items` of a per-item line (`FlowCellLines.forEachCell` reads
    /// its lines with it): the one home of a line item's frame and its test. `cross` and
    /// `sizes` are indexed by item; `rect` has a positive size. O(items).
    @inlinable @inline(__always)
    static func forEachLineCell(
        _ items: Range<Int>, lineMain: Double, thickness: Double, factor: Double, cross: UnsafePointer<Double>,
        sizes: UnsafePointer<Size>, horizontal: Bool, monotone: Bool, in rect: Rect,
        _ body: (Int, Rect) throws -> Void
    ) rethrows {
        if horizontal {
            try forEachLineCell(
                HorizontalFlowAxis.self, items, lineMain: lineMain, thickness: thickness, factor: factor,
                cross: cross, sizes: sizes, monotone: monotone, nonEmpty: false, in: rect, body)
        } else {
            try forEachLineCell(
                VerticalFlowAxis.self, items, lineMain: lineMain, thickness: thickness, factor: factor,
                cross: cross, sizes: sizes, monotone: monotone, nonEmpty: false, in: rect, body)
        }
    }

    /// `forEachLineCell` along the axis `A` (specialised per scroll direction: no branch an item).
    /// `nonEmpty`: no size of `items` is empty (each has both sides > 0), so the test skips that
    /// part (`FlowCellLines.nonEmpty`; false tests it). `pairs`: a line whose every cell is drawn
    /// is read two cells a turn (a constant where it is inlined: the screenful's path).
    @inlinable @inline(__always)
    static func forEachLineCell<A: FlowAxisKind>(
        _ axis: A.Type, _ items: Range<Int>, lineMain: Double, thickness: Double, factor: Double,
        cross: UnsafePointer<Double>, sizes: UnsafePointer<Size>, monotone: Bool, nonEmpty: Bool,
        pairs: Bool = false, in rect: Rect, _ body: (Int, Rect) throws -> Void
    ) rethrows {
        let rMin = A.main(rect.origin), rMax = rMin + A.main(rect.size)
        let cMin = A.cross(rect.origin), cMax = cMin + A.cross(rect.size)
        // Item `j`'s frame, its main origin aligned across the line by `factor`, for the pairs'
        // loop (the loop below writes the same out: read through this, the frame cost +110).
        @inline(__always) func frame(_ j: Int) -> Rect {
            let size = sizes[j]
            let m = A.main(size)
            return A.rect(
                main: lineMain + (thickness - m) * factor, cross: cross[j], mainLength: m, crossLength: A.cross(size))
        }
        // Loops with what the test must check known in each (not a branch an item): nothing
        // (the line inside the rect), the main axis only (a line crossing the rect's top or
        // bottom edge within its cross range: the commonest tested line), both axes. Along the
        // main axis `low` tests the item's end against the rect's start, `high` its origin
        // against the rect's end.
        @inline(__always) func cells(
            low: Bool, high: Bool, cross testCross: Bool, _ body: (Int, Rect) throws -> Void
        )
            rethrows
        {
            var i = items.lowerBound  // (a while loop: `for i in items` checks each index again)
            let end = items.upperBound
            if pairs && nonEmpty && !low && !high && !testCross {
                // Every cell drawn (the commonest line: inside the rect, no empty size): two a
                // turn, so the index, the two pointers and the loop's test are stepped once for
                // two records (16.5 instructions a cell, not 18; perf-guard: compact −18 a query,
                // full query −40; on every line it cost the flow -> flow frame +521, so only the
                // screenful asks for it). Both are read before either is handed over (`body` does
                // not change the tables).
                // (The test against `end - 1`, not `i + 1 < end`: that sum was kept in a
                // register of its own, stepped and copied each turn.)
                let lastFirst = end &- 1
                while i < lastFirst {
                    let f0 = frame(i), f1 = frame(i &+ 1)
                    try body(i, f0)
                    try body(i &+ 1, f1)
                    i &+= 2
                }
            }
            while i < end {
                let size = sizes[i]
                let m = A.main(size), c = A.cross(size), x = cross[i]
                let y = lineMain + (thickness - m) * factor
                if (nonEmpty || (m > 0 && c > 0)) && (!high || y < rMax) && (!low || rMin < y + m)
                    && (!testCross || (x < cMax && cMin < x + c))
                {
                    try body(i, A.rect(main: y, cross: x, mainLength: m, crossLength: c))
                }
                i &+= 1
            }
        }
        guard isInsideAcross(A.self, items, monotone, cMin, cMax, cross, sizes) else {
            return try cells(low: true, high: true, cross: true, body)
        }
        if isInsideAlong(lineMain, thickness, rMin, rMax) {
            try cells(low: false, high: false, cross: false, body)
        } else if pairs && nonEmpty && lineMain > rMin {
            // The screenful's line across the rect's end only: every non-empty item's end is
            // past the rect's start (its origin ≥ lineMain, as `isInsideAlong` shows), so its
            // origin alone is tested (measured: compact −45 a query, 2 or 3 instructions a
            // tested cell; only for runs with no empty size, the screenful's commonest, so the
            // other runs' code does not grow).
            try cells(low: false, high: true, cross: false, body)
        } else if pairs && nonEmpty && lineMain + thickness < rMax {
            // Across the rect's start only: every non-empty item's origin is before the rect's
            // end (≤ lineMain + thickness, as there), so its end alone is tested.
            try cells(low: true, high: false, cross: false, body)
        } else {
            try cells(low: true, high: true, cross: false, body)
        }
    }

    /// Whether every non-empty item of a line at `lineMain`, `thickness` thick, has its main-axis
    /// range inside `rMin ..< rMax`'s open test (`y < rMax` and `rMin < y + m`): when
    /// `lineMain > rMin` and `lineMain + thickness < rMax`. An item's main origin is
    /// lineMain + (thickness − m) × factor with 0 ≤ m ≤ thickness (the line's thickness is its
    /// items' largest m) and factor in [0, 1], so it is ≥ lineMain and ≤ lineMain + thickness
    /// (rounding is monotone), and with m > 0 its end is ≥ its origin. A NaN or an infinity
    /// fails a comparison. O(1).
    @inlinable @inline(__always)
    static func isInsideAlong(_ lineMain: Double, _ thickness: Double, _ rMin: Double, _ rMax: Double) -> Bool {
        lineMain > rMin && lineMain + thickness < rMax
    }

    /// Whether every non-empty item of `items` (a line's, placed with steps ≥ 0 when `monotone`)
    /// has its cross-axis range inside `cMin ..< cMax`'s open test (`x < cMax` and
    /// `cMin < x + c`): when the line is monotone, the first item's end is > cMin and the last
    /// item's origin < cMax (every later item starts at or after the first one's end, every item
    /// at or before the last one's origin). A NaN or an infinity fails a comparison. O(1).
    @inlinable @inline(__always)
    static func isInsideAcross<A: FlowAxisKind>(
        _ axis: A.Type, _ items: Range<Int>, _ monotone: Bool, _ cMin: Double, _ cMax: Double,
        _ cross: UnsafePointer<Double>, _ sizes: UnsafePointer<Size>
    ) -> Bool {
        guard monotone, !items.isEmpty else { return false }
        let first = items.lowerBound, last = items.upperBound &- 1
        return cross[first] + A.cross(sizes[first]) > cMin && cross[last] < cMax
    }

    /// `forEachCell` of a uniform section's line.
    @inlinable @inline(__always)
    func forEachGridCell(in rect: Rect, _ body: (Int, Rect) throws -> Void) rethrows {
        let y = lineMain, first = gridFirst, start = gridStart, pitch = gridPitch
        let m = horizontal ? gridSize.width : gridSize.height, c = horizontal ? gridSize.height : gridSize.width
        let rMin = horizontal ? rect.origin.x : rect.origin.y
        let rMax = rMin + (horizontal ? rect.size.width : rect.size.height)
        let cMin = horizontal ? rect.origin.y : rect.origin.x
        let cMax = cMin + (horizontal ? rect.size.height : rect.size.width)
        guard y < rMax && rMin < y + m && m > 0 && c > 0 else { return }
        for i in items {
            let x = start + Double(i &- first) * pitch
            if x < cMax && cMin < x + c {
                try body(i, horizontal ? Rect(x: y, y: x, width: m, height: c) : Rect(x: x, y: y, width: c, height: m))
            }
        }
    }
}

/// Where the first section's lines met by the last direct query (`visitCellRuns`) start:
/// the next query's search starts there. A hint only: any value gives the same answers.
struct FlowSpanFinger {
    var section = -1
    var block = 0
    var line = 0
    /// The main-axis start (relative to the section) of the query that found it: how far the
    /// next query's lies from it says whether its line is worth starting from (`flowFirstLine`).
    var a = 0.0
}

extension FlowLayout {
    /// A direct query of `rect` (finite, positive size): when its answer is cells read from
    /// per-item lines and uniform grids plus headers and footers, and at most `capacity`
    /// elements, hands over the cells section-major, in item order: a per-item section's as
    /// runs of lines (`lines`, each read with `FlowCellLines.forEachCell(in: rect)`), a uniform
    /// section's as spans, in runs of up to `spanRunCapacity` (`grid`, each read with
    /// `FlowCellSpan.forEachCell(in: rect)`); then `supplementary` the headers and footers that
    /// meet the rect, in draw order (`visitSupplementaries`): the generic query's elements and
    /// order (`visitFlowElementRuns`). Returns true then; each run is valid during its call (its
    /// tables are read in place), and the cells of all runs that meet the rect and the
    /// supplementary elements number at most `capacity`. Returns false before any call when the
    /// answer is not that: the layout is not prepared or does not hold `counts`; a per-item
    /// section the rect can meet has lines that are not monotone; the lines the rect meets and
    /// the sections' headers and footers are more than `capacity`. Then the generic query
    /// (`layoutAttributesForElements`) answers. The callbacks must not change the layout: its
    /// tables are read in place, not retained.
    ///
    /// Lines come in runs (one call for a screenful, not one a line: a span a line cost about
    /// 200 instructions a line met); grid spans in runs of up to `spanRunCapacity` (one a grid
    /// line, about 140 instructions each when handed over one by one).
    /// - Complexity: O(log n + sections and lines met + items read); no allocation.
    public func visitCellRuns(
        in rect: Rect, counts: [Int], atMost capacity: Int, lines: (FlowCellLines) throws -> Void,
        grid: (UnsafeBufferPointer<FlowCellSpan>) throws -> Void, supplementary: (LayoutAttributes) throws -> Void
    ) rethrows -> Bool {
        try counts.withUnsafeBufferPointer { counts in
            try visitCellRuns(
                in: rect, counts: counts, atMost: capacity, lines: lines, grid: grid, supplementary: supplementary)
        }
    }

    /// `visitCellRuns` with the counts read in place (the C layer lends the view's: a copy of a
    /// class's array is retained and released).
    public func visitCellRuns(
        in rect: Rect, counts: UnsafeBufferPointer<Int>, atMost capacity: Int, lines: (FlowCellLines) throws -> Void,
        grid: (UnsafeBufferPointer<FlowCellSpan>) throws -> Void, supplementary: (LayoutAttributes) throws -> Void
    ) rethrows -> Bool {
        guard let found = cellQuerySections(rect, counts) else { return false }
        let (axis, rMin, lo, hi) = found
        var supplementaries = false
        // The sections in place, not retained (a retain and a release a query): the visit's
        // callbacks do not change the layout (the contract above).
        let visited = try FlowLayout.reading(state.unsafelyUnwrapped.sections.withUnsafeBufferPointer { $0 }) { secs in
            // The bound first (nothing is visited unless it holds): the items of the lines from
            // each section's first line that can meet the rect to the first starting past it,
            // the lines the visit reads (it stops at the same line). The first section's first
            // line is kept for the visit.
            var bound = 0
            var first = (block: 0, line: 0), firstEnd = (block: 0, line: 0), firstBase = 0
            for s in lo..<hi {
                let sec = secs.baseAddress.unsafelyUnwrapped + s
                guard sec.pointee.itemCount == counts[s] else { return false }
                if sec.pointee.headerExtent > 0 || sec.pointee.footerExtent > 0 {
                    supplementaries = true
                    bound += 2
                    guard bound <= capacity else { return false }
                }
                guard sec.pointee.itemCount > 0 else { continue }
                if sec.pointee.isUniform {  // the cells of the grid's lines and slots that meet the rect
                    guard let r = FlowLayout.gridRanges(axis, sec.pointee, rect) else { continue }
                    let (cells, o) = (r.kEnd - r.kLo).multipliedReportingOverflow(
                        by: Swift.max(r.jEnd - r.jLo, r.lEnd - r.lLo, 0))
                    guard !o, cells <= capacity - bound else { return false }
                    bound += cells
                    continue
                }
                guard sec.pointee.linesMonotone, !sec.pointee.body.blocks.isEmpty else { return false }
                let a = rMin - sec.pointee.origin, b = a + axis.main(rect.size)
                let lineSlack = FlowLayout.searchSlack(a, b)
                // The first section's search starts where the last query's did (a scroll step
                // lands near it; `FlowSpanFinger`): the binary search's answer, found sooner.
                let finger = spanFinger
                let hint = s == lo && finger.section == s ? (block: finger.block, line: finger.line, a: finger.a) : nil
                let start = flowFirstLine(sec, from: a, slack: lineSlack, near: hint)
                let (items, end, base) = FlowLayout.lineItems(sec, from: start, before: b + lineSlack)
                if s == lo {
                    (first, firstEnd, firstBase) = (start, end, base)
                    spanFinger = FlowSpanFinger(section: s, block: start.block, line: start.line, a: a)
                }
                bound += items.count
                guard bound <= capacity else { return false }
            }
            try withUnsafeTemporaryAllocation(of: FlowCellSpan.self, capacity: FlowLayout.spanRunCapacity) { buffer in
                let base = buffer.baseAddress.unsafelyUnwrapped
                let room = buffer.count
                var count = 0
                // Hands the grid spans on; called when the buffer is full and before a section
                // of lines (the order of the cells).
                @inline(__always) func flush() throws {
                    guard count > 0 else { return }
                    defer { base.deinitialize(count: count) }
                    try grid(UnsafeBufferPointer(start: base, count: count))
                    count = 0
                }
                @inline(__always) func append(_ span: FlowCellSpan) throws {
                    (base + count).initialize(to: span)
                    count &+= 1
                    if count == room { try flush() }
                }
                for s in lo..<hi {
                    let sec = secs.baseAddress.unsafelyUnwrapped + s
                    guard sec.pointee.itemCount > 0 else { continue }
                    if sec.pointee.isUniform {
                        try FlowLayout.visitGridSpans(axis, s, sec.pointee, rect, append)
                        continue
                    }
                    try flush()
                    if s == lo {  // (its lines found by the bound's pass)
                        try FlowLayout.visitSpans(
                            axis, s, sec, rect, from: first, through: (firstEnd, firstBase), lines)
                        continue
                    }
                    let a = rMin - sec.pointee.origin
                    let start = flowFirstLine(
                        sec, from: a, slack: FlowLayout.searchSlack(a, a + axis.main(rect.size)))
                    try FlowLayout.visitSpans(axis, s, sec, rect, from: start, lines)
                }
                try flush()
            }
            return true
        }
        guard visited else { return false }
        if supplementaries {
            try visitSupplementaries(state.unsafelyUnwrapped, sections: lo..<hi, in: rect, supplementary)
        }
        return true
    }

    /// `body(buffer)` (a block that may return early, applied to a buffer read in place).
    @inline(__always)
    static func reading<T, R>(
        _ buffer: UnsafeBufferPointer<T>, _ body: (UnsafeBufferPointer<T>) throws -> R
    ) rethrows -> R {
        try body(buffer)
    }

    /// How many grid spans `visitCellRuns` hands over at most in one call: what fits in the 1 KB
    /// that `withUnsafeTemporaryAllocation` always puts on the stack (9 spans of 112 bytes).
    @inline(__always)
    static var spanRunCapacity: Int { Swift.max(1, 1024 / MemoryLayout<FlowCellSpan>.stride) }

    /// The items of per-item section `sec`'s lines from `start` up to the first line starting
    /// at or past `end` (relative to the section; its lines monotone), that line (block
    /// count and 0 when there is none), and the first item of `start`'s block (`visitSpans`
    /// takes it, not to look it up in the tree again). Read in place (a copy of a section
    /// retains every table it holds). O(lines read + log blocks).
    @inline(__always)
    static func lineItems(
        _ sec: UnsafePointer<FlowSection>, from start: (block: Int, line: Int), before end: Double
    ) -> (items: Range<Int>, end: (block: Int, line: Int), base: Int) {
        var (blk, k) = start
        let blocks = FlowLineBlocks.inPlace(sec)
        let startBase = sec.pointee.body.itemStart(blk)
        var base = startBase  // the block's first item: its tree once, then its counts
        let firstItem = base + FlowBlockTables(blocks, blk).first(k)
        while blk < blocks.count {
            let block = FlowBlockTables(blocks, blk)
            let d = sec.pointee.body.delta(blk)
            while k < block.lineCount {
                let line = block.lines[k]
                if line.origin + d >= end { return (firstItem..<(base + line.first), (blk, k), startBase) }
                k += 1
            }
            base += block.itemCount
            blk += 1
            k = 0
        }
        return (firstItem..<sec.pointee.itemCount, (blocks.count, 0), startBase)
    }

    /// The spans of uniform section `sec` (index `s`) that can meet `rect`: one a grid line,
    /// its slots that meet the rect (`gridRanges`, the generic query's `visitGridCells`).
    static func visitGridSpans(
        _ axis: FlowAxis, _ s: Int, _ sec: FlowSection, _ rect: Rect, _ visit: (FlowCellSpan) throws -> Void
    ) rethrows {
        guard let (kLo, kEnd, jLo, jEnd, lLo, lEnd) = gridRanges(axis, sec, rect) else { return }
        let n = sec.itemCount, perLine = sec.perLine, lines = sec.lineCount
        for k in kLo..<kEnd {
            let first = k * perLine
            let isLast = k == lines - 1
            let lo = isLast ? lLo : jLo
            let end = Swift.min(isLast ? lEnd : jEnd, n - first)  // only the last line can hold fewer
            guard lo < end else { continue }
            // `gridFrame`'s sums.
            let lineOrigin = sec.bodyStart + Double(k) * sec.linePitch
            try visit(
                FlowCellSpan(
                    section: s, items: (first + lo)..<(first + end), lineMain: sec.origin + lineOrigin, first: first,
                    start: isLast ? sec.lastCrossStart : sec.crossStart,
                    pitch: isLast ? sec.lastCrossPitch : sec.crossPitch, size: sec.uniformSize,
                    horizontal: axis.horizontal))
        }
    }

    /// The lines of per-item section `sec` (index `s`) that can meet `rect`, from line `start`
    /// on, as runs (`FlowCellLines`): the lines of one block whose items lie in one window of
    /// the size table, up to the first line starting past the rect when the section's lines
    /// are monotone (else every line after `start`: `forEachCell` tests each). The section is
    /// read in place; each run is valid during its call. `through`, when known, is that first
    /// line past the rect and the first item of `start`'s block (`lineItems`' end and base),
    /// found again otherwise.
    /// - Complexity: O(lines read + windows met × log chunks + log blocks).
    @inline(never)  // (inlined, its set-up spilled into the caller's frame: 29 instructions more a query)
    static func visitSpans(
        _ axis: FlowAxis, _ s: Int, _ sec: UnsafePointer<FlowSection>, _ rect: Rect,
        from start: (block: Int, line: Int), through known: (end: (block: Int, line: Int), base: Int)? = nil,
        _ visit: (FlowCellLines) throws -> Void
    ) rethrows {
        let blocks = FlowLineBlocks.inPlace(sec)  // (in place: a copy of a block retains its tables)
        let nb = blocks.count
        guard nb > 0 else { return }
        let horizontal = axis.horizontal
        let origin0 = sec.pointee.origin, factor = sec.pointee.itemAlignmentFactor
        let linesMonotone = sec.pointee.linesMonotone, itemsMonotone = sec.pointee.itemsMonotone
        let q = FlowLineQuery(axis, sec, rect)
        let bEnd = q.bEnd, aStart = q.aStart, lowBound = q.lowBound, highBound = q.highBound
        var (blk, k) = start
        // The block's first item: its tree once (unless the caller found it), then its counts.
        var base = known?.base ?? sec.pointee.body.itemStart(blk)
        let end = known?.end
        // (In place: `sizes.withReader` on the section's copy retained its tables.)
        var sizes = withUnsafePointer(to: &UnsafeMutablePointer(mutating: sec).pointee.sizes) {
            FlowChunkedArray.reader(inPlace: $0)
        }
        do {
            while blk < nb {
                let block = FlowBlockTables(blocks, blk)
                let delta = sec.pointee.body.delta(blk)  // O(log blocks), once per block visited
                let lineCount = block.lineCount
                var stop = lineCount
                // Both tables read in place (no check per read: a line's items and the next
                // line's first item lie in the block, `FlowLineBlocks`' invariant).
                let table = block.lines
                let cross = block.cross - base
                if let end {  // (monotone lines)
                    if end.block == blk { stop = end.line }
                } else if linesMonotone {  // up to the first line starting past the rect
                    var j = k
                    while j < lineCount && table[j].origin + delta < bEnd { j &+= 1 }
                    stop = j
                }
                if k < stop {
                    // The items of lines k ..< stop, window by window.
                    let i = base &+ table[k].first
                    let window = sizes.window(at: i)
                    let nonEmpty = sizes.windowHasNoEmptySize()
                    try FlowCellLines(
                        section: s, items: Range(uncheckedBounds: (i, base &+ block.first(stop))), lines: table,
                        lineRange: Range(uncheckedBounds: (k, stop)), base: base, delta: delta,
                        sectionOrigin: origin0, aStart: aStart, bEnd: bEnd, lowBound: lowBound,
                        highBound: highBound, factor: factor, cross: cross, sizes: window.pointer,
                        horizontal: horizontal, monotone: itemsMonotone, nonEmpty: nonEmpty
                    ).forEachWindow(window, &sizes, visit)
                }
                if stop < lineCount { return }  // stopped inside the block
                base += block.itemCount
                blk += 1
                k = 0
            }
        }
    }
}

extension FlowLayout {
    /// `cellQuerySections` for the screenful (`visitScreenful`), which reads one section: the
    /// scroll axis and that section when the sections meeting `rect` are exactly one (`hi == lo
    /// + 1` there), else nil. The first section is searched as there; the second partition
    /// point is only tested at `lo` and `lo + 1` (the floors are non-decreasing: it is `lo + 1`
    /// exactly when floor[lo] is below the bound and floor[lo + 1], if any, is not), where the
    /// search took ~12 instructions a probe. O(log sections).
    @inline(__always)
    func cellQuerySection(
        _ rect: Rect, _ counts: UnsafeBufferPointer<Int>
    ) -> (axis: FlowAxis, section: Int, slack: Double)? {
        guard let (axis, n, rMin, rMax, slack) = cellQueryRange(rect, counts) else { return nil }
        let a = rMin - slack, bound = rMax + slack
        if originsPending {
            let (lo, hi) = sectionsMeeting(after: a, before: bound, n)
            return hi == lo &+ 1 ? (axis, lo, slack) : nil
        }
        let lo = flowPartitionPoint(0, n) { state.unsafelyUnwrapped.reach[$0] > a }
        guard lo < n else { return nil }
        let floor = state.unsafelyUnwrapped.floor.withUnsafeBufferPointer { $0 }.baseAddress.unsafelyUnwrapped
        guard !(floor[lo] >= bound), lo &+ 1 == n || floor[lo &+ 1] >= bound else { return nil }
        return (axis, lo, slack)
    }
}

extension FlowLayout {
    /// What both direct visits (`visitCellRuns`, `visitScreenful`) start from: nil when the
    /// layout cannot answer `rect` with cell runs (not prepared, not per-item or uniform cells,
    /// an empty rect, or counts other than `counts`); else the scroll axis, the rect's start
    /// along it and the sections `lo ..< hi` that meet the rect with the search slack. O(log
    /// sections).
    @inline(__always)
    func cellQuerySections(
        _ rect: Rect, _ counts: UnsafeBufferPointer<Int>
    ) -> (axis: FlowAxis, rMin: Double, lo: Int, hi: Int)? {
        guard let (axis, n, rMin, rMax, slack) = cellQueryRange(rect, counts) else { return nil }
        let (lo, hi) = sectionsMeeting(after: rMin - slack, before: rMax + slack, n)
        return (axis, rMin, lo, hi)
    }

    /// What both start from (`cellQuerySections`, `cellQuerySection`): nil when the layout cannot
    /// answer `rect` with cell runs (not prepared, not per-item or uniform cells, an empty rect,
    /// or counts other than `counts`); else the scroll axis, the number of sections, the rect's
    /// range along the axis and the search slack for it. O(1).
    @inline(__always)
    func cellQueryRange(
        _ rect: Rect, _ counts: UnsafeBufferPointer<Int>
    ) -> (axis: FlowAxis, sections: Int, rMin: Double, rMax: Double, slack: Double)? {
        guard answersWithCellSpans, hasState, rect.size.width > 0, rect.size.height > 0 else {
            return nil
        }
        let axis = state.unsafelyUnwrapped.axis
        let n = state.unsafelyUnwrapped.sections.count
        guard n == counts.count else { return nil }
        let rMin = axis.main(rect.origin), rMax = rMin + axis.main(rect.size)
        return (axis, n, rMin, rMax, FlowLayout.searchSlack(rMin, rMax))
    }
}
