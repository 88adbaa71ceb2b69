/// Queries: rect queries in O(log n + k) and single-element queries, plus the read-only
/// geometry helpers the C layer and the seed layouts use.
///
/// Every frame is produced by the same few functions (`gridFrame`, `lineItemFrame`,
/// `headerFrame`, `footerFrame`), so a rect query returns bit-identical frames to the
/// single-element queries, and the final test is always `Rect.intersects` on that frame.
extension FlowLayout {
    // MARK: Frames (shared by every query)

    /// Frame of the item in line `k`, slot `j` of a uniform section (the last line on its own
    /// grid, the full lines' unless an alignment option moves it).
    @inline(__always)
    static func gridFrame(_ axis: FlowAxis, _ sec: FlowSection, line k: Int, slot j: Int) -> Rect {
        let lineOrigin = sec.bodyStart + Double(k) * sec.linePitch
        let last = k == sec.lineCount - 1
        let start = last ? sec.lastCrossStart : sec.crossStart, pitch = last ? sec.lastCrossPitch : sec.crossPitch
        return axis.rect(
            main: sec.origin + lineOrigin, cross: start + Double(j) * pitch,
            mainLength: axis.main(sec.uniformSize), crossLength: axis.cross(sec.uniformSize))
    }

    /// Frame of item `i` on `line` of a per-item section: centred on the line along the main axis
    /// (UIKit), or at its leading or trailing edge (`FlowConfiguration.itemAlignment`).
    @inline(__always)
    static func lineItemFrame(_ axis: FlowAxis, _ sec: FlowSection, _ line: FlowLine, size: Size, cross: Double) -> Rect
    {
        let m = axis.main(size)
        return axis.rect(
            main: sec.origin + line.origin + (line.thickness - m) * sec.itemAlignmentFactor, cross: cross,
            mainLength: m, crossLength: axis.cross(size))
    }

    static func itemFrame(_ st: FlowState, _ sec: FlowSection, item i: Int) -> Rect {
        if sec.isUniform {
            let p = sec.gridPosition(ofItem: i)
            return gridFrame(st.axis, sec, line: p.line, slot: p.slot)
        }
        let body = sec.body
        let (b, k) = body.locate(item: i)
        return lineItemFrame(st.axis, sec, body.line(b, k), size: sec.sizes[i], cross: body.cross(b, item: i))
    }

    /// The header frame, pinned to the start of `visible` when `pinned`: it stays within its
    /// section, between its natural place and the end of the section's lines and bottom inset.
    static func headerFrame(_ st: FlowState, _ s: Int, pinned: Bool, visible: Rect) -> Rect? {
        let sec = st.sections[s]
        guard sec.headerExtent > 0 else { return nil }
        var m = sec.origin
        if pinned {
            let limit = sec.origin + sec.footerStart - sec.headerExtent
            m = Swift.max(m, Swift.min(st.axis.main(visible.origin), limit))
        }
        return st.axis.rect(main: m, cross: 0, mainLength: sec.headerExtent, crossLength: st.crossSize)
    }

    /// The footer frame, pinned to the end of `visible` when `pinned`: it stays within its
    /// section, between the end of the header and its natural place.
    static func footerFrame(_ st: FlowState, _ s: Int, pinned: Bool, visible: Rect) -> Rect? {
        let sec = st.sections[s]
        guard sec.footerExtent > 0 else { return nil }
        var m = sec.origin + sec.footerStart
        if pinned {
            let visibleEnd = st.axis.main(visible.origin) + st.axis.main(visible.size)
            m = Swift.min(m, Swift.max(visibleEnd - sec.footerExtent, sec.origin + sec.headerExtent))
        }
        return st.axis.rect(main: m, cross: 0, mainLength: sec.footerExtent, crossLength: st.crossSize)
    }

    func headerAttributes(_ st: FlowState, _ s: Int, visible: Rect) -> LayoutAttributes? {
        let pinned = sectionHeadersPinToVisibleBounds
        guard let f = FlowLayout.headerFrame(st, s, pinned: pinned, visible: visible) else { return nil }
        var a = LayoutAttributes.supplementary(.sectionHeader, IndexPath(section: s, item: 0), frame: f)
        if pinned { a.zIndex = FlowLayout.pinnedZIndex }
        return a
    }

    func footerAttributes(_ st: FlowState, _ s: Int, visible: Rect) -> LayoutAttributes? {
        let pinned = sectionFootersPinToVisibleBounds
        guard let f = FlowLayout.footerFrame(st, s, pinned: pinned, visible: visible) else { return nil }
        var a = LayoutAttributes.supplementary(.sectionFooter, IndexPath(section: s, item: 0), frame: f)
        if pinned { a.zIndex = FlowLayout.pinnedZIndex }
        return a
    }

    // MARK: Rect query

    /// Hands `sink` every element intersecting `rect`, in draw order when nothing else is
    /// added: cells (section-major, as default cells: nothing is built for them), then unpinned
    /// headers and footers, then pinned ones.
    func sendFlowElements(in rect: Rect, to sink: ElementSink) throws {
        try visitFlowElementRuns(
            in: rect, cells: { s, run in try sink.cells(section: s, run) }, other: { try sink.add($0) })
    }

    /// Visits every element intersecting `rect` without building attributes for the cells:
    /// `cell(section, item, frame)` for each cell, section-major in item order (a cell's other
    /// attributes are the defaults: identity transform, alpha 1, z 0), then `other` for the
    /// headers and footers, unpinned before pinned. `sendFlowElements` is this visit, so both
    /// give the same elements, frames and order.
    ///
    /// Sections are found by binary search over `reach`/`floor`, lines by binary search over
    /// their origins (arithmetically in uniform sections), items of a line by binary search
    /// over their cross-axis origins: O(log n + k).
    /// An error `cell` or `other` throws (a sink's element limit) ends the visit.
    public func visitFlowElements(
        in rect: Rect, cell: (Int, Int, Rect) throws -> Void, other: (LayoutAttributes) throws -> Void
    ) rethrows {
        try visitFlowElementRuns(
            in: rect, cells: { s, run in for h in run { try cell(s, h.item, h.frame) } }, other: other)
    }

    /// `visitFlowElements` with the cells handed over in runs (`cells(section, run)`, the run
    /// valid during the call, at most `cellRunCapacity` cells, in the visit's order): the
    /// searches and frames are those of the visit, one call per run instead of one per cell.
    func visitFlowElementRuns(
        in rect: Rect, cells: (Int, UnsafeBufferPointer<CellHit>) throws -> Void,
        other: (LayoutAttributes) throws -> Void
    ) rethrows {
        settleOrigins(meeting: rect)
        guard let st = state, rect.width > 0, rect.height > 0, !st.sections.isEmpty else { return }
        let axis = st.axis
        let rMin = axis.main(rect.origin), rMax = rMin + axis.main(rect.size)
        // `reach`/`floor` are sums in another order than the frames' (origin + relative offset):
        // they may differ from an element's edge by an ulp, so the section search gets the same
        // slack as the line search; `Rect.intersects` on each frame stays the exact test.
        let slack = FlowLayout.searchSlack(rMin, rMax)
        let (lo, hi) = st.sectionsMeeting(after: rMin - slack, before: rMax + slack)
        guard lo < hi else { return }

        try withUnsafeTemporaryAllocation(of: CellHit.self, capacity: FlowLayout.cellRunCapacity) { buffer in
            var run = CellRun(base: buffer.baseAddress!)
            for s in lo..<hi {
                let sec = st.sections[s]
                guard sec.itemCount > 0, sec.lineCount > 0 else { continue }  // (no lines: `laysOutLines`)
                if sec.isUniform {
                    try FlowLayout.visitGridCells(st, sec, rect, &run) { try cells(s, $0) }
                } else {
                    try FlowLayout.visitLineCells(st, s, sec, rect, &run) { try cells(s, $0) }
                }
                if run.count > 0 { try cells(s, run.take()) }
            }
        }
        try visitSupplementaries(st, sections: lo..<hi, in: rect, other)
    }

    /// The headers and footers of `sections` whose frame meets `rect`, in draw order: unpinned
    /// before pinned (z-index `pinnedZIndex`), headers before footers, by section.
    func visitSupplementaries(
        _ st: FlowState, sections: Range<Int>, in rect: Rect, _ other: (LayoutAttributes) throws -> Void
    ) rethrows {
        let visible = visibleRect
        let headersPinned = sectionHeadersPinToVisibleBounds, footersPinned = sectionFootersPinToVisibleBounds
        for pass in 0..<2 {
            let pinnedPass = pass == 1
            if headersPinned == pinnedPass {
                for s in sections {
                    if let a = headerAttributes(st, s, visible: visible), a.frame.intersects(rect) { try other(a) }
                }
            }
            if footersPinned == pinnedPass {
                for s in sections {
                    if let a = footerAttributes(st, s, visible: visible), a.frame.intersects(rect) { try other(a) }
                }
            }
        }
    }

    /// Slack added to search bounds so that rounding in relative coordinates never drops an
    /// element; the exact test is `Rect.intersects` on the absolute frame.
    @inline(__always)
    static func searchSlack(_ a: Double, _ b: Double) -> Double { 1e-7 * (1 + abs(a) + abs(b)) }

    /// The lines `kLo ..< kEnd` and slots `jLo ..< jEnd` (`lLo ..< lEnd` on the last line, which
    /// an alignment option may put on its own grid) of uniform section `sec` that meet `rect`
    /// (see `visitGridCells`); nil when none can.
    static func gridRanges(
        _ axis: FlowAxis, _ sec: FlowSection, _ rect: Rect
    ) -> (kLo: Int, kEnd: Int, jLo: Int, jEnd: Int, lLo: Int, lEnd: Int)? {
        let h = axis.main(sec.uniformSize), w = axis.cross(sec.uniformSize)
        guard h > 0, w > 0 else { return nil }  // zero-size items intersect nothing
        let n = sec.itemCount, lines = sec.lineCount, perLine = sec.perLine
        guard n > 0, lines > 0, perLine > 0 else { return nil }
        let rMin = axis.main(rect.origin), rMax = rMin + axis.main(rect.size)
        let cMin = axis.cross(rect.origin), cMax = cMin + axis.cross(rect.size)
        let origin = sec.origin, bodyStart = sec.bodyStart, p = sec.linePitch
        let crossStart = sec.crossStart, q = sec.crossPitch
        // Lines start further along the main axis line after line, or further back when the
        // line spacing is negative enough (Cover Flow's -60): either way one range.
        // Each search starts from where a division puts its answer (`estimate`: a finger search,
        // the same answer whatever the estimate; 2-4 probes from this one, where a binary search
        // over 10^5 lines took 17).
        let kLo: Int, kEnd: Int
        if p >= 0 {
            kLo = flowPartitionPoint(0, lines, estimate: (rMin - h - origin - bodyStart) / p + 1) {
                origin + (bodyStart + Double($0) * p) + h > rMin
            }
            kEnd = flowPartitionPoint(kLo, lines, estimate: (rMax - origin - bodyStart) / p) {
                origin + (bodyStart + Double($0) * p) >= rMax
            }
        } else {
            kLo = flowPartitionPoint(0, lines, estimate: (rMax - origin - bodyStart) / p + 1) {
                origin + (bodyStart + Double($0) * p) < rMax
            }
            kEnd = flowPartitionPoint(kLo, lines, estimate: (rMin - h - origin - bodyStart) / p) {
                origin + (bodyStart + Double($0) * p) + h <= rMin
            }
        }
        let jLo = flowPartitionPoint(0, perLine, estimate: (cMin - w - crossStart) / q + 1) {
            crossStart + Double($0) * q + w > cMin
        }
        let jEnd = flowPartitionPoint(jLo, perLine, estimate: (cMax - crossStart) / q) {
            crossStart + Double($0) * q >= cMax
        }
        // The last line's slots (its own grid when an alignment option moves it).
        let lastStart = sec.lastCrossStart, lq = sec.lastCrossPitch
        let lLo = flowPartitionPoint(0, perLine, estimate: (cMin - w - lastStart) / lq + 1) {
            lastStart + Double($0) * lq + w > cMin
        }
        let lEnd = flowPartitionPoint(lLo, perLine, estimate: (cMax - lastStart) / lq) {
            lastStart + Double($0) * lq >= cMax
        }
        guard kLo < kEnd, jLo < jEnd || lLo < lEnd else { return nil }
        return (kLo, kEnd, jLo, jEnd, lLo, lEnd)
    }

    /// At most how many elements `visitFlowElements(in: rect)` hands over, found before the
    /// visit by its own searches: the items of the lines (the cells of the grid lines and
    /// slots) whose main-axis range the rect's can meet, and a header and a footer a section.
    /// nil when it cannot tell in O(log n + lines met) (lines that are not monotone).
    func flowElementBound(in rect: Rect) -> Int? {
        settleOrigins(meeting: rect)
        guard let st = state, rect.width > 0, rect.height > 0, !st.sections.isEmpty else { return 0 }
        let axis = st.axis
        let rMin = axis.main(rect.origin), rMax = rMin + axis.main(rect.size)
        let slack = FlowLayout.searchSlack(rMin, rMax)
        let (lo, hi) = st.sectionsMeeting(after: rMin - slack, before: rMax + slack)
        guard lo < hi else { return 0 }
        var bound = 2 * (hi - lo)
        for s in lo..<hi {
            let sec = st.sections[s]
            guard sec.itemCount > 0 else { continue }
            var cells: Int
            if sec.isUniform {
                guard let (kLo, kEnd, jLo, jEnd, lLo, lEnd) = FlowLayout.gridRanges(st.axis, sec, rect) else {
                    continue
                }
                let slots = Swift.max(jEnd - jLo, lEnd - lLo, 0)
                let (m, o) = (kEnd - kLo).multipliedReportingOverflow(by: slots)
                guard !o else { return nil }
                cells = m
            } else {
                guard sec.linesMonotone, !sec.body.blocks.isEmpty else { return nil }
                let a = rMin - sec.origin, b = rMax - sec.origin
                let lineSlack = FlowLayout.searchSlack(a, b)
                cells = withUnsafePointer(to: sec) { p in
                    let start = flowFirstLine(p, from: a, slack: lineSlack)
                    return FlowLayout.lineItems(p, from: start, before: b + lineSlack).items.count
                }
            }
            let (sum, o) = bound.addingReportingOverflow(cells)
            guard !o else { return nil }
            bound = sum
        }
        return bound
    }

    /// Cells a rect query collects before handing them on (`visitFlowElementRuns`): 24 cells of
    /// 40 bytes stay under the 1 KB that `withUnsafeTemporaryAllocation` always puts on the stack
    /// (a run of 64, 2.5 KB, went to the heap: a malloc and a free each query, more than the two
    /// extra per-run calls a screenful of cells now costs).
    static let cellRunCapacity = 24

    /// Appends the cells of uniform section `sec` intersecting `rect` to `run`, calling `flush`
    /// with the run whenever it is full (the caller flushes what is left).
    ///
    /// A cell meets the rect when its main-axis extent does and its cross-axis extent does
    /// (`Rect.intersects`); in a grid the first depends only on the cell's line and the second
    /// only on its slot, each monotone (the same sums as `gridFrame`, and rounding keeps them
    /// in order), so the lines and the slots that meet the rect are two ranges found by
    /// binary search, exactly: O(log n + k) even when the rect crosses every line and misses
    /// every column (a viewport narrower than the section's inset: before this, every line was
    /// visited, 2^32 of them for a section of 2^32 items).
    private static func visitGridCells(
        _ st: FlowState, _ sec: FlowSection, _ rect: Rect, _ run: inout CellRun,
        _ flush: (UnsafeBufferPointer<CellHit>) throws -> Void
    ) rethrows {
        guard rect.size.width > 0, rect.size.height > 0 else { return }
        try visitGridSpans(st.axis, 0, sec, rect) { span in
            try span.forEachCell(in: rect) { i, frame in
                if run.append(i, frame) { try flush(run.take()) }
            }
        }
    }

    /// Appends the cells of per-item section `sec` intersecting `rect` to `run`, as
    /// `visitGridCells`.
    /// Lines are found by binary search over the blocks' first lines, then within the block.
    private static func visitLineCells(
        _ st: FlowState, _ s: Int, _ sec: FlowSection, _ rect: Rect, _ run: inout CellRun,
        _ flush: (UnsafeBufferPointer<CellHit>) throws -> Void
    ) rethrows {
        // `Rect.intersects` is false for an empty rect: tested once here, not per item.
        guard rect.size.width > 0, rect.size.height > 0 else { return }
        let a = st.axis.main(rect.origin) - sec.origin, b = a + st.axis.main(rect.size)
        // The run in a local (its count in a register), handed back however this returns.
        var cells = run
        defer { run = cells }
        try withUnsafePointer(to: sec) { p in
            let start = flowFirstLine(p, from: a, slack: searchSlack(a, b))
            try visitSpans(st.axis, s, p, rect, from: start) { lines in
                try lines.forEachCell(in: rect) { i, frame in
                    if cells.append(i, frame) { try flush(cells.take()) }
                }
            }
        }
    }

    // MARK: Read-only helpers (nil / 0 out of range or before the first prepare)

    /// The item's flow frame (before any subclass adjustment); for a subclass that lays out no
    /// flow lines (`laysOutLines`), its own frame. O(1) in uniform sections, O(log lines) otherwise.
    public func frameForItem(at indexPath: IndexPath) -> Rect? {
        guard laysOutLines else { return placedItemFrame(at: indexPath) }
        settleOrigin(ofSection: indexPath.section)
        guard let st = state, indexPath.section >= 0, indexPath.section < st.sections.count else { return nil }
        let sec = st.sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < sec.itemCount else { return nil }
        return FlowLayout.itemFrame(st, sec, item: indexPath.item)
    }

    /// The header's frame in its natural (unpinned) place; nil when the section has none.
    public func headerFrame(inSection section: Int) -> Rect? {
        guard laysOutLines else {
            return
                (try? layoutAttributesForSupplementaryView(
                    ofKind: .sectionHeader, at: IndexPath(section: section, item: 0)))??.frame
        }
        settleOrigin(ofSection: section)
        guard let st = state, section >= 0, section < st.sections.count else { return nil }
        return FlowLayout.headerFrame(st, section, pinned: false, visible: .zero)
    }

    /// The footer's frame in its natural (unpinned) place; nil when the section has none.
    public func footerFrame(inSection section: Int) -> Rect? {
        guard laysOutLines else {
            return
                (try? layoutAttributesForSupplementaryView(
                    ofKind: .sectionFooter, at: IndexPath(section: section, item: 0)))??.frame
        }
        settleOrigin(ofSection: section)
        guard let st = state, section >= 0, section < st.sections.count else { return nil }
        return FlowLayout.footerFrame(st, section, pinned: false, visible: .zero)
    }

    /// The whole section along the scroll axis, header to footer inclusive; across, the
    /// content's cross-axis extent.
    public func sectionFrame(_ section: Int) -> Rect? {
        guard laysOutLines else { return placedSectionFrame(section) }
        settleOrigin(ofSection: section)
        guard let st = state, section >= 0, section < st.sections.count else { return nil }
        let sec = st.sections[section]
        return st.axis.rect(
            main: sec.origin, cross: 0, mainLength: Swift.max(0, sec.extent),
            crossLength: st.axis.cross(st.contentSize))
    }

    /// The section's insets as used (delegate answer or `sectionInset`).
    public func resolvedInset(forSection section: Int) -> EdgeInsets? { cachedSection(section)?.inset }
    /// The section's line spacing as used.
    public func resolvedMinimumLineSpacing(forSection section: Int) -> Double? { cachedSection(section)?.lineSpacing }
    /// The section's interitem spacing as used.
    public func resolvedMinimumInteritemSpacing(forSection section: Int) -> Double? {
        cachedSection(section)?.interitemSpacing
    }
    /// The section's header reference size as used (only its scroll-axis dimension matters).
    public func resolvedHeaderReferenceSize(forSection section: Int) -> Size? { cachedSection(section)?.headerSize }
    /// The section's footer reference size as used.
    public func resolvedFooterReferenceSize(forSection section: Int) -> Size? { cachedSection(section)?.footerSize }
    /// The item's size as used (bulk array, delegate answer or `itemSize`).
    public func resolvedItemSize(at indexPath: IndexPath) -> Size? {
        guard let sec = cachedSection(indexPath.section), indexPath.item >= 0, indexPath.item < sec.itemCount else {
            return nil
        }
        return sec.size(ofItem: indexPath.item)
    }

    /// Number of lines (rows when scrolling vertically, columns when horizontally).
    public func numberOfLines(inSection section: Int) -> Int { cachedSection(section)?.lineCount ?? 0 }

    /// Index of the line holding the item.
    public func line(ofItem indexPath: IndexPath) -> Int? {
        guard let sec = cachedSection(indexPath.section),
            indexPath.item >= 0, indexPath.item < sec.itemCount, sec.lineCount > 0
        else { return nil }
        if sec.isUniform { return sec.gridPosition(ofItem: indexPath.item).line }
        let (b, k) = sec.body.locate(item: indexPath.item)
        return sec.body.lineStart(b) + k
    }

    /// The items of a line.
    public func itemRange(ofLine line: Int, inSection section: Int) -> Range<Int>? {
        guard let sec = cachedSection(section), line >= 0, line < sec.lineCount else { return nil }
        if sec.isUniform {
            let first = line * sec.perLine
            return first..<Swift.min(sec.itemCount, first + sec.perLine)
        }
        let (b, k) = sec.body.locate(line: line)
        return sec.body.line(b, k).first..<sec.body.lineEnd(b, k)
    }

    /// The line's frame: its main-axis extent (thickness) by the cross-axis extent of its items.
    public func lineFrame(_ line: Int, inSection section: Int) -> Rect? {
        settleOrigin(ofSection: section)
        guard let st = state, let sec = cachedSection(section), let items = itemRange(ofLine: line, inSection: section),
            !items.isEmpty
        else { return nil }
        var lo = Double.infinity, hi = -Double.infinity
        for i in items {
            let f = FlowLayout.itemFrame(st, sec, item: i)
            lo = Swift.min(lo, st.axis.cross(f.origin))
            hi = Swift.max(hi, st.axis.cross(f.origin) + st.axis.cross(f.size))
        }
        let origin: Double, thickness: Double
        if sec.isUniform {
            origin = sec.bodyStart + Double(line) * sec.linePitch
            thickness = st.axis.main(sec.uniformSize)
        } else {
            let (b, k) = sec.body.locate(line: line)
            let l = sec.body.line(b, k)
            origin = l.origin
            thickness = l.thickness
        }
        return st.axis.rect(main: sec.origin + origin, cross: lo, mainLength: thickness, crossLength: hi - lo)
    }

    /// Writes the lazily moved origins a rect query's search (`FlowState.sectionsMeeting`) and
    /// visit read (`FlowOriginBlocks`, `FlowState.settleSearch`): one test when none is pending.
    @inline(__always)
    func settleOrigins(meeting rect: Rect) {
        if originsPending { settleOriginsNow(meeting: rect) }
    }

    /// `settleOrigins(meeting:)` when some are pending: the bounds the searches use (the same
    /// expressions).
    @inline(never)
    private func settleOriginsNow(meeting rect: Rect) {
        guard let axis = state?.axis else {
            originsPending = false
            return
        }
        let rMin = axis.main(rect.origin), rMax = rMin + axis.main(rect.size)
        let slack = FlowLayout.searchSlack(rMin, rMax)
        state!.settleSearch(after: rMin - slack, before: rMax + slack)
        originsPending = state!.staleBlocks != 0
    }

    /// `FlowState.sectionsMeeting` on the layout's state (`state` set), what it reads and what
    /// the query then visits settled first (`settleOrigins`). The two binary searches when no
    /// origin is pending.
    @inline(__always)
    func sectionsMeeting(after a: Double, before bound: Double, _ n: Int) -> (Int, Int) {
        if originsPending { return settlingSectionsMeeting(after: a, before: bound) }
        let lo = flowPartitionPoint(0, n) { state.unsafelyUnwrapped.reach[$0] > a }
        return (lo, flowPartitionPoint(lo, n) { state.unsafelyUnwrapped.floor[$0] >= bound })
    }

    /// `sectionsMeeting` while origins are pending: settles, and answers (`FlowState.settleSearch`).
    @inline(never)
    private func settlingSectionsMeeting(after a: Double, before bound: Double) -> (Int, Int) {
        let found = state!.settleSearch(after: a, before: bound)
        originsPending = state!.staleBlocks != 0
        return found
    }

    /// Writes the lazily moved origin of section `s`'s block (a single-element lookup reads it).
    @inline(__always)
    func settleOrigin(ofSection s: Int) {
        if originsPending {
            state?.settleBlock(containing: s)
            originsPending = (state?.staleBlocks ?? 0) != 0
        }
    }

    /// True once a `prepare()` has succeeded (the helpers above answer from that layout).
    public var isPrepared: Bool { state != nil }

    private func cachedSection(_ section: Int) -> FlowSection? {
        guard let st = state, section >= 0, section < st.sections.count else { return nil }
        return st.sections[section]
    }
}

/// The cells a flow rect query has collected and not yet handed on: a fixed buffer of
/// `FlowLayout.cellRunCapacity` hits (the caller's stack).
struct CellRun {
    let base: UnsafeMutablePointer<CellHit>
    private(set) var count = 0

    init(base: UnsafeMutablePointer<CellHit>) { self.base = base }

    /// Adds a cell; true when the run is now full (hand it on with `take`).
    @inline(__always)
    mutating func append(_ item: Int, _ frame: Rect) -> Bool {
        (base + count).initialize(to: CellHit(item: item, frame: frame))
        count += 1
        return count == FlowLayout.cellRunCapacity
    }

    /// The collected cells (valid until the next `append`); the run is empty afterwards.
    @inline(__always)
    mutating func take() -> UnsafeBufferPointer<CellHit> {
        defer { count = 0 }
        return UnsafeBufferPointer(start: base, count: count)
    }
}

/// The first line of per-item section `sec` that can meet the main-axis range starting at
/// `a` (relative to the section; `slack` as the search's): block and line within it. The
/// section is read in place. With a `hint` (a previous answer: a scroll step's query starts
/// near the last one's), the searches start from it (`flowPartitionPoint(_:_:near:_:)`):
/// the same answer, in O(log(1 + distance)) probes. Without one, or in another block than
/// the hint's, the line search starts from the line the block's first and last origins
/// interpolate (O(1) probes for evenly spaced lines, O(log lines) at worst). A function of the
/// module, not a static method of the layout: a static method of a class is called with its
/// metatype, which the caller asked the runtime for (`FlowLayout`'s metadata accessor) at every call.
/// How far (in thickest lines of the section) a query may start from the last one's for
/// `flowFirstLine` to search from the last answer's line rather than from the interpolated guess:
/// a finger search costs about 2 log2(distance) probes, the guess two or three.
let flowHintReach = 16.0

@inline(__always)
func flowFirstLine(
    _ sec: UnsafePointer<FlowSection>, from a: Double, slack: Double,
    near hint: (block: Int, line: Int, a: Double)? = nil
) -> (block: Int, line: Int) {
    let blocks = FlowLineBlocks.inPlace(sec)  // (in place: a copy of a block retains its tables)
    guard sec.pointee.linesMonotone, blocks.count > 0 else { return (0, 0) }
    // Lines starting at or before a − (thickest line) end before the rect.
    let bound = a - slack - sec.pointee.maxThickness
    // (Unmoved blocks, a fresh layout's: each offset 0, as `delta` would answer, asked once.)
    let shifted = sec.pointee.body.offsets.isShifted
    let isAfter = { (b: Int) in
        FlowBlockTables(blocks, b).lines[0].origin + (shifted ? sec.pointee.body.delta(b) : 0) > bound
    }
    let after =
        hint.map { flowPartitionPoint(0, blocks.count, near: $0.block &+ 1, isAfter) }
        ?? flowPartitionPoint(0, blocks.count, isAfter)
    let blk = Swift.max(0, after &- 1)
    let d = sec.pointee.body.delta(blk)
    let block = FlowBlockTables(blocks, blk)
    let isPast = { (k: Int) in block.lines[k].origin + d > bound }
    let n = block.lineCount
    // In the hint's block, from the hint's line when the query starts within `flowHintReach`
    // thickest lines of the hint's (a scroll step). In another block, or further (a jump, or no
    // hint): its lines start in order, so where the bound lies between its first and last
    // line's origins guesses the answer (right for evenly spaced lines: two probes, against a
    // binary search's log2(lines), 8 for 256, and against a finger search's 2 log2(distance)
    // from a far hint, each probe of a large section a wait on memory); the finger search is
    // exact whatever the guess (NaN, a flat block: line 0). The gate compares the two queries'
    // starts, not a line's origin: no load before it. One call site: the closure stays on the
    // stack.
    let start: Int
    if let hint, hint.block == blk, (a - hint.a).magnitude <= flowHintReach * sec.pointee.maxThickness {
        start = hint.line
    } else {
        let first = block.lines[0].origin + d, span = block.lines[n &- 1].origin + d - first
        start = flowClampIndex((bound - first) / span * Double(n &- 1), 0, n &- 1) &+ 1
    }
    return (blk, flowPartitionPoint(0, n, near: start, isPast))
}
