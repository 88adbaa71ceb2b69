/// Everything `prepare()` computes (PST's `PSTGridLayoutInfo`): the sections (each with its
/// lines) plus the search indexes over sections.
///
/// Replaced as a whole by a full rebuild, or updated in place (after every fallible step) by a
/// partial one, so a failed `prepare()` leaves the previous layout answering queries.
struct FlowState {
    var axis: FlowAxis
    /// The collection view's cross-axis size the layout was computed for.
    var crossSize: Double
    /// The delegate methods in use when it was computed.
    var methods: FlowDelegateMethods
    var sections: ContiguousArray<FlowSection> = []
    /// `reach[s]`: the largest absolute main-axis end of any element of sections 0 ... s
    /// (non-decreasing: binary search for the first section a rect can touch).
    var reach: ContiguousArray<Double> = []
    /// `floor[s]`: the smallest absolute main-axis start of any element of sections s ..< n
    /// (non-decreasing: binary search for the first section past a rect).
    var floor: ContiguousArray<Double> = []
    var contentSize = Size.zero
    /// Items in all sections.
    var totalItems = 0
    /// The item counts of `sections` (`counts[s] == sections[s].itemCount`): the view's list they
    /// were prepared for, shared with it until either changes, so that the next prepare finds the
    /// sections whose count changed by comparing two lists (`CountComparison`), not by reading a
    /// field of every 500-byte section.
    var counts: [Int] = []
    /// Where the last section ends along the main axis (the content's main length before the
    /// clamp at 0).
    private var mainEnd = 0.0
    /// The largest cross-axis end an item of a non-empty section needs (insets included), or the
    /// cross size when larger: the content's cross length before the rounding tolerance.
    private var crossNeeded = 0.0
    /// Set by `replaceSection` when `crossNeeded` may have shrunk (found again by `restack`).
    private var crossLost = false
    /// The sections in blocks, their origins sums on two levels (`FlowOriginBlocks`): made by
    /// `stackSections()`, kept by `restack`.
    private(set) var blocks: FlowOriginBlocks?
    /// Blocks whose sections' origins, reach and floor entries are not written yet
    /// (`blocks.stale`): 0 almost always, read first by every query (`settle…`).
    private(set) var staleBlocks = 0
    /// Every section `replaceSection` put in since the last restack has the extent and span of the
    /// one it replaced: nothing moves (its origin is the old one's).
    private var replacedKeepPlace = true

    init(axis: FlowAxis, crossSize: Double, methods: FlowDelegateMethods) {
        self.axis = axis
        self.crossSize = crossSize
        self.methods = methods
    }

    /// Whether the cached item counts are `other`. O(1) when they are the same list, else
    /// O(sections) at a few instructions a section.
    func matches(_ other: [Int]) -> Bool {
        CountComparison.changedSections(counts, other, limit: 0) != nil
    }

    /// The sections whose item count differs in `other` (ascending), nil when the number of
    /// sections differs. O(sections) at a few instructions a section.
    func sectionsWithChangedCounts(_ other: [Int]) -> [Int]? {
        CountComparison.changedSections(counts, other)
    }

    /// What a non-empty section needs across the axis (−infinity for an empty one).
    @inline(__always)
    private static func crossNeed(_ sec: FlowSection, _ axis: FlowAxis) -> Double {
        sec.itemCount > 0 ? sec.crossEnd + axis.crossTrailing(sec.inset) : -Double.infinity
    }

    /// The blocks, taken out (for `stackSections(reusing:)` of the next state). O(1).
    mutating func takeBlocks() -> FlowOriginBlocks? {
        defer { blocks = nil }
        return blocks
    }

    /// Stacks the sections along the main axis (`FlowOriginBlocks`' sums on two levels), makes
    /// the blocks (in `old`'s tables when it has as many: every entry is written) and rebuilds the
    /// search indexes and the content size. O(sections).
    mutating func stackSections(reusing old: consuming FlowOriginBlocks? = nil) {
        staleBlocks = 0
        replacedKeepPlace = true
        let n = sections.count, shift = FlowOriginBlocks.shift
        let nb = FlowOriginBlocks.blocks(over: n)
        var b = (old ?? takeBlocks()) ?? FlowOriginBlocks(blocks: nb, gap: 0)  // (uniquely referenced)
        if b.count != nb || b.gap != 0 { b = FlowOriginBlocks(blocks: nb, gap: 0) }
        var base = 0.0
        var crossNeeded = crossSize
        var r = -Double.infinity
        var items = 0
        // The search tables written in place, allocated only when the section count changes
        // (an append a section checked the table's room: a batch update of 10^5 sections
        // restacks them all).
        if reach.count != n { reach = ContiguousArray(repeating: 0, count: n) }
        if floor.count != n { floor = ContiguousArray(repeating: 0, count: n) }
        // Fields read and written in place (a copy of a section would retain its tables).
        sections.withUnsafeMutableBufferPointer { secs in
            reach.withUnsafeMutableBufferPointer { re in
                floor.withUnsafeMutableBufferPointer { fl in
                    for k in 0..<nb {
                        var l = 0.0, hi = -Double.infinity, lo = Double.infinity
                        for s in (k << shift)..<Swift.min(n, (k + 1) << shift) {
                            items += secs[s].itemCount
                            secs[s].origin = base + l
                            let x = l + secs[s].spanMax, y = l + secs[s].spanMin
                            hi = FlowOriginBlocks.fold(max: hi, x)
                            r = FlowOriginBlocks.fold(max: r, base + x)
                            re[s] = r
                            lo = FlowOriginBlocks.fold(min: y, lo)  // (equal values: the later, as the backward fold)
                            fl[s] = base + y  // (the suffix minima below)
                            crossNeeded = FlowOriginBlocks.fold(max: crossNeeded, Self.crossNeed(secs[s], axis))
                            l += secs[s].extent
                        }
                        b.base[k] = base
                        b.extent[k] = l
                        b.relHigh[k] = hi
                        b.relLow[k] = lo
                        b.reachEnd[k] = r
                        b.stale[k] = false
                        base += l
                    }
                    var f = Double.infinity
                    var k = nb - 1
                    while k >= 0 {
                        var s = Swift.min(n, (k + 1) << shift) - 1
                        while s >= k << shift {
                            f = FlowOriginBlocks.fold(min: f, fl[s])
                            fl[s] = f
                            s -= 1
                        }
                        b.floorStart[k] = f
                        k -= 1
                    }
                }
            }
        }
        blocks = b
        totalItems = items
        mainEnd = base
        self.crossNeeded = crossNeeded
        crossLost = false
        updateContentSize()
    }

    /// The content size from `mainEnd` and `crossNeeded`.
    private mutating func updateContentSize() {
        // The cross axis is the collection view's size unless an item sticks out past it
        // (then the content grows to hold it, insets included). Rounding noise of a justified
        // line does not count as sticking out.
        var cross = crossNeeded
        if cross <= crossSize + flowFitTolerance(crossSize) { cross = crossSize }
        contentSize = axis.size(main: Swift.max(0, mainEnd), cross: Swift.max(0, cross))
    }

    /// Puts `sec` in place of section `s`, keeping the item total and the cross size it needs
    /// (from the two sections alone; among every section again at the next `restack` only when
    /// the section that needed most no longer does and needed more than the view's size). Then
    /// `restack(from:through:)` the replaced sections. O(1).
    mutating func replaceSection(_ s: Int, with sec: FlowSection) {
        let was = Self.crossNeed(sections[s], axis), now = Self.crossNeed(sec, axis)
        totalItems += sec.itemCount - sections[s].itemCount
        if now >= crossNeeded {
            crossNeeded = now
        } else if was == crossNeeded && crossNeeded > crossSize {
            crossLost = true
        }
        // (Fields read in place: a copy of a section would retain its tables.)
        let oldExtent = sections[s].extent, oldOrigin = sections[s].origin
        let keepsPlace =
            oldExtent.bitPattern == sec.extent.bitPattern && sections[s].spanMin.bitPattern == sec.spanMin.bitPattern
            && sections[s].spanMax.bitPattern == sec.spanMax.bitPattern
        sections[s] = sec
        if keepsPlace {
            sections[s].origin = oldOrigin  // (a stale block's are written again when it settles)
        } else {
            replacedKeepPlace = false
        }
    }

    /// Restacks after `replaceSection` replaced sections `first ... last` (and maybe some between):
    /// `stackSections()`'s values bit for bit (the same sums in the same order, `FlowOriginBlocks`),
    /// but only the local sums of the blocks of `first ... last`, every later block's base, the
    /// blocks' reach and floor tables, and the restacked blocks' sections; a later block whose
    /// base or entries change is marked stale (written when read, `settle`). Nothing moves when
    /// every replaced section kept its extent and span. O(sections / block + the restacked
    /// blocks' sections). Returns the number of sections it wrote.
    @discardableResult
    mutating func restack(from first: Int, through last: Int) -> Int {
        let n = sections.count, shift = FlowOriginBlocks.shift
        guard first >= 0, first <= last, last < n, var b = blocks, b.count == FlowOriginBlocks.blocks(over: n) else {
            stackSections()
            return n
        }
        defer { replacedKeepPlace = true }
        if replacedKeepPlace {
            // Every origin, reach and floor entry as it was.
            finishRestack()
            return 0
        }
        blocks = nil  // uniquely referenced while it is edited
        let fb = first >> shift, lb = last >> shift
        sections.withUnsafeBufferPointer { secs in
            for k in fb...lb {
                let start = k << shift
                b.setLocal(k, sections: Swift.min(n, start + FlowOriginBlocks.size) - start) {
                    (secs[start + $0].extent, secs[start + $0].spanMin, secs[start + $0].spanMax)
                }
            }
        }
        staleBlocks += b.propagate(restacked: fb, through: lb)
        for k in fb...lb { settle(&b, k) }
        mainEnd = b.end(start: 0)
        blocks = b
        finishRestack()
        return Swift.min(n, (lb + 1) << shift) - (fb << shift)
    }

    /// What every restack ends with: the cross size searched again if it may have shrunk, the
    /// content size.
    private mutating func finishRestack() {
        if crossLost {
            crossLost = false
            var c = crossSize
            let axis = axis
            sections.withUnsafeBufferPointer { secs in
                for s in 0..<secs.count { c = Swift.max(c, Self.crossNeed(secs[s], axis)) }
            }
            crossNeeded = c
        }
        updateContentSize()
    }

    // MARK: Lazy origins (FlowOriginBlocks)

    /// Writes block `k`'s origins, reach and floor entries if it is stale: `stackSections()`'s
    /// sums from its base and folds started from the blocks' reach before it and floor after it.
    /// O(block).
    private mutating func settle(_ b: inout FlowOriginBlocks, _ k: Int) {
        guard b.stale[k] else { return }
        let shift = FlowOriginBlocks.shift, n = sections.count, nb = b.count
        let start = k << shift, end = Swift.min(n, start + FlowOriginBlocks.size)
        guard start < end else { return }  // (the blocks are made over the sections: not reached)
        let base = b.base[k]
        var r = k == 0 ? -Double.infinity : b.reachEnd[k - 1]
        var f = k + 1 < nb ? b.floorStart[k + 1] : Double.infinity
        sections.withUnsafeMutableBufferPointer { secs in
            reach.withUnsafeMutableBufferPointer { re in
                floor.withUnsafeMutableBufferPointer { fl in
                    var l = 0.0
                    for s in start..<end {
                        secs[s].origin = base + l
                        r = FlowOriginBlocks.fold(max: r, base + (l + secs[s].spanMax))
                        re[s] = r
                        fl[s] = base + (l + secs[s].spanMin)
                        l += secs[s].extent
                    }
                    var s = end - 1
                    while s >= start {
                        f = FlowOriginBlocks.fold(min: f, fl[s])
                        fl[s] = f
                        s -= 1
                    }
                }
            }
        }
        b.stale[k] = false
        staleBlocks -= 1
    }

    /// Settles section `s`'s block (for a query that reads it). O(block) once after an edit.
    mutating func settleBlock(containing s: Int) {
        guard staleBlocks != 0, s >= 0, s < sections.count, var b = blocks else { return }
        blocks = nil
        settle(&b, s >> FlowOriginBlocks.shift)
        blocks = b
    }

    /// Settles every block (the entries then are `stackSections()`'s). O(stale blocks · block).
    mutating func settleAll() {
        guard staleBlocks != 0, var b = blocks else { return }
        blocks = nil
        for k in 0..<b.count { settle(&b, k) }
        blocks = b
    }

    /// The sections a rect query visits: `lo` the first whose reach passes `a`, `hi` the first
    /// from `lo` whose floor reaches `bound` (the partition points of the two monotone tables).
    /// With no stale block, the two binary searches over the tables; else over the blocks'
    /// `reachEnd` and `floorStart`, then inside the one block each answer lies in (which
    /// `settleSearch` settled): the same answers, as many probes. O(log sections).
    @inline(__always)
    func sectionsMeeting(after a: Double, before bound: Double) -> (Int, Int) {
        let n = sections.count
        if staleBlocks == 0 {
            let lo = flowPartitionPoint(0, n) { reach[$0] > a }
            return (lo, flowPartitionPoint(lo, n) { floor[$0] >= bound })
        }
        return blockSearch(after: a, before: bound).sections
    }

    /// `sectionsMeeting` over the blocks (`blocks` set), and the blocks it reads inside: the
    /// one `lo` lies in, the one before the first block whose floor start reaches `bound` (each
    /// settled by `settleSearch` first).
    private func blockSearch(after a: Double, before bound: Double) -> (sections: (Int, Int), read: (Int, Int)) {
        let n = sections.count, shift = FlowOriginBlocks.shift
        let (kLo, kHi) = blocksSearched(after: a, before: bound)
        let lo = flowPartitionPoint(kLo << shift, Swift.min(n, (kLo + 1) << shift)) { reach[$0] > a }
        let first = flowPartitionPoint(kHi << shift, Swift.min(n, (kHi + 1) << shift)) { floor[$0] >= bound }
        return ((lo, Swift.max(lo, first)), (kLo, kHi))
    }

    /// The blocks `blockSearch` looks inside, from the blocks' tables alone (`blocks` set).
    @inline(__always)
    private func blocksSearched(after a: Double, before bound: Double) -> (Int, Int) {
        blocks.unsafelyUnwrapped.reachEnd.withUnsafeBufferPointer { re in
            blocks.unsafelyUnwrapped.floorStart.withUnsafeBufferPointer { fs in
                let nb = re.count
                let kLo = flowPartitionPoint(0, nb) { re[$0] > a }
                let kHi = flowPartitionPoint(0, nb) { fs[$0] >= bound }
                return (Swift.min(nb - 1, kLo), Swift.max(0, kHi - 1))
            }
        }
    }

    /// Settles what a rect query with bounds `a` and `bound` reads (`sectionsMeeting`): the
    /// blocks its searches look inside, then those of the sections it visits. Returns
    /// `sectionsMeeting`'s answer. O(log sections) (nothing written when they are settled), and
    /// O(block) for each stale block it settles.
    @discardableResult
    mutating func settleSearch(after a: Double, before bound: Double) -> (Int, Int) {
        guard staleBlocks != 0, blocks != nil, !sections.isEmpty else {
            return sectionsMeeting(after: a, before: bound)
        }
        let shift = FlowOriginBlocks.shift
        let (kLo, kHi) = blocksSearched(after: a, before: bound)
        if blocks.unsafelyUnwrapped.stale[kLo] || blocks.unsafelyUnwrapped.stale[kHi] {
            var b = blocks.unsafelyUnwrapped
            blocks = nil
            settle(&b, kLo)
            settle(&b, kHi)
            blocks = b
        }
        let (lo, hi) = blockSearch(after: a, before: bound).sections
        guard lo < hi else { return (lo, hi) }
        let range = (lo >> shift)...((hi - 1) >> shift)
        guard blocks.unsafelyUnwrapped.stale.withUnsafeBufferPointer({ st in range.contains { st[$0] } }) else {
            return (lo, hi)
        }
        var b = blocks.unsafelyUnwrapped
        blocks = nil
        for k in range { settle(&b, k) }
        blocks = b
        return (lo, hi)
    }

    /// Bytes held by the tables (capacities, not counts).
    var tableBytes: Int {
        var b =
            sections.capacity * MemoryLayout<FlowSection>.stride
            + (reach.capacity + floor.capacity) * MemoryLayout<Double>.stride + (blocks?.bytes ?? 0)
        for sec in sections {
            b += sec.body.tableBytes
            if sec.sizeSource == .delegate { b += sec.sizes.bytes }
        }
        return b
    }
}
