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
    /// The sections in blocks with their origins moved lazily (`FlowOriginBlocks`): built by the
    /// first `restack` that can use them, dropped by anything else that restacks.
    private(set) var blocks: FlowOriginBlocks?
    /// Blocks whose sections' origins, reach and floor entries are not written yet
    /// (`blocks.stale`): 0 almost always, read first by every query (`settle…`).
    private(set) var staleBlocks = 0
    /// Every section `replaceSection` put in since the last restack has the extent and span of the
    /// one it replaced: nothing moves (its origin is the old one's).
    private var replacedKeepPlace = true
    /// The blocks were refused since the last full pass (a section off their grid): not built
    /// again until then.
    private var blocksRefused = false

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

    /// Stacks the sections along the main axis and rebuilds the search indexes and the
    /// content size. O(sections).
    mutating func stackSections() {
        blocks = nil
        staleBlocks = 0
        blocksRefused = false
        replacedKeepPlace = true
        let n = sections.count
        var origin = 0.0
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
                for s in 0..<n {
                    items += secs[s].itemCount
                    secs[s].origin = origin
                    r = Swift.max(r, origin + secs[s].spanMax)
                    re[s] = r
                    crossNeeded = Swift.max(crossNeeded, Self.crossNeed(secs[s], axis))
                    origin += secs[s].extent
                }
            }
            floor.withUnsafeMutableBufferPointer { fl in
                var f = Double.infinity
                var s = n - 1
                while s >= 0 {
                    f = Swift.min(f, secs[s].origin + secs[s].spanMin)
                    fl[s] = f
                    s -= 1
                }
            }
        }
        totalItems = items
        mainEnd = origin
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
        if blocks != nil { blocks!.replace(extent: oldExtent, with: sec) }
        sections[s] = sec
        if keepsPlace {
            sections[s].origin = oldOrigin  // (stored: a stale block's pending shift still applies)
        } else {
            replacedKeepPlace = false
        }
    }

    /// Restacks after `replaceSection` replaced sections `first ... last` (and maybe some between):
    /// `stackSections()`'s values bit for bit (the same sums in the same order), but only from
    /// `first` on, and only until a section after `last` starts where it started and the reach
    /// before it is what it was (then every later section's origin and reach are too); the
    /// floors from there back until one is what it was before `first`. An edit that keeps its
    /// section's extent restacks one section; one that changes it, the sections after it (a few
    /// additions each), where `stackSections()` read and wrote every section. Returns the number
    /// of sections it moved (whose origin it wrote).
    @discardableResult
    mutating func restack(from first: Int, through last: Int) -> Int {
        let n = sections.count
        guard first >= 0, first <= last, last < n else {
            stackSections()
            return n
        }
        defer { replacedKeepPlace = true }
        if replacedKeepPlace {
            // Every origin, reach and floor entry as it was.
            finishRestack()
            return 0
        }
        if let moved = restackLazily(from: first, through: last) {
            finishRestack()
            return moved
        }
        settleAll()
        blocks = nil
        var moved = 0
        var end: Double?
        sections.withUnsafeMutableBufferPointer { secs in
            reach.withUnsafeMutableBufferPointer { re in
                var origin = first == 0 ? 0.0 : secs[first - 1].origin + secs[first - 1].extent
                var r = first == 0 ? -Double.infinity : re[first - 1]
                var stop = n
                for s in first..<n {
                    let reachHere = Swift.max(r, origin + secs[s].spanMax)
                    if s > last, origin.bitPattern == secs[s].origin.bitPattern,
                        reachHere.bitPattern == re[s].bitPattern
                    {
                        stop = s
                        break
                    }
                    secs[s].origin = origin
                    r = reachHere
                    re[s] = r
                    origin += secs[s].extent
                }
                if stop == n { end = origin }
                moved = stop - first
                floor.withUnsafeMutableBufferPointer { fl in
                    var f = stop < n ? fl[stop] : Double.infinity
                    var s = stop - 1
                    while s >= 0 {
                        f = Swift.min(f, secs[s].origin + secs[s].spanMin)
                        if s < first, f.bitPattern == fl[s].bitPattern { break }
                        fl[s] = f
                        s -= 1
                    }
                }
            }
        }
        if let end { mainEnd = end }
        finishRestack()
        return moved
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

    /// `restack(from:through:)` with the later blocks moved lazily: the sections from `first`
    /// to the end of `last`'s block restacked (the running sum), every later block shifted by
    /// what the first section after them moved, the blocks' reach and floor tables made again,
    /// and the blocks whose entries those change marked stale. nil, with nothing done, when the
    /// blocks cannot be used (a section off their grid). O(sections / block + the restacked
    /// sections); the first call after a full pass builds the blocks, O(sections).
    private mutating func restackLazily(from first: Int, through last: Int) -> Int? {
        guard !blocksRefused else { return nil }
        let shift = FlowOriginBlocks.shift
        let n = sections.count, fb = first >> shift, lb = last >> shift
        if blocks == nil {
            guard buildBlocks(skipping: fb...lb) else {
                blocksRefused = true
                return nil
            }
        }
        // (Built over as many sections: a change of the section count restacks them all.)
        guard var b = blocks, b.usable, b.count == (n + FlowOriginBlocks.size - 1) >> shift else { return nil }
        blocks = nil  // uniquely referenced while it is edited
        // What the restack reads before `first`: its block's entries.
        if first > 0 { settle(&b, (first - 1) >> shift) }
        let end = Swift.min(n, (lb + 1) << shift)
        var shiftLater = 0.0
        let mainEnd = self.mainEnd
        var newEnd = mainEnd
        sections.withUnsafeMutableBufferPointer { secs in
            var origin = first == 0 ? 0.0 : secs[first - 1].origin + secs[first - 1].extent
            for s in first..<end {
                secs[s].origin = origin
                origin += secs[s].extent
            }
            if end < n {
                // (A stale block's stored origin lacks its pending shift; exact sums.)
                shiftLater = origin - (secs[end].origin + b.pending[lb + 1])
                newEnd = mainEnd + shiftLater
            } else {
                newEnd = origin
            }
            // The restacked blocks: written, their extremes found again.
            for k in fb...lb {
                b.pending[k] = 0
                var hi = -Double.infinity, lo = Double.infinity
                for s in (k << shift)..<Swift.min(n, (k + 1) << shift) {
                    hi = Swift.max(hi, secs[s].origin + secs[s].spanMax)
                    let v = secs[s].origin + secs[s].spanMin
                    lo = v <= lo ? v : lo  // (equal values: the later, as the floor's backward fold)
                }
                b.high[k] = hi
                b.low[k] = lo
            }
        }
        self.mainEnd = newEnd
        // Later blocks shifted, the reach and floor tables again; the restacked blocks' entries
        // now (the others when read).
        staleBlocks += b.propagate(restacked: fb, through: lb, shiftLater: shiftLater)
        for k in fb...lb { settle(&b, k) }
        blocks = b
        return end - first
    }

    /// Builds the blocks from the stacked sections (every entry written), but for the origins of
    /// blocks `skipped` (being restacked: their extremes are found then). False when a section
    /// is off the grid or the extents add up to too much. O(sections).
    private mutating func buildBlocks(skipping skipped: ClosedRange<Int>) -> Bool {
        let n = sections.count, shift = FlowOriginBlocks.shift
        let nb = (n + FlowOriginBlocks.size - 1) >> shift
        var b = FlowOriginBlocks(blocks: nb)
        let ok = sections.withUnsafeBufferPointer { secs -> Bool in
            var sum = 0.0
            for k in 0..<nb {
                let start = k << shift, end = Swift.min(n, start + FlowOriginBlocks.size)
                var hi = -Double.infinity, lo = Double.infinity
                for s in start..<end {
                    let sec = UnsafePointer(secs.baseAddress! + s)
                    guard
                        FlowOriginBlocks.onGrid(
                            extent: sec.pointee.extent, spanMin: sec.pointee.spanMin, spanMax: sec.pointee.spanMax)
                    else { return false }
                    sum += secs[s].extent.magnitude
                    hi = Swift.max(hi, secs[s].origin + secs[s].spanMax)
                    let v = secs[s].origin + secs[s].spanMin
                    lo = v <= lo ? v : lo
                }
                if !skipped.contains(k) {
                    b.high[k] = hi
                    b.low[k] = lo
                    b.reachEnd[k] = reach[end - 1]
                    b.floorStart[k] = floor[start]
                }
            }
            b.extentSum = sum
            return sum <= FlowOriginBlocks.extentSumLimit
        }
        guard ok else { return false }
        blocks = b
        return true
    }

    /// Writes block `k`'s origins (its pending shift added), reach and floor entries if it is
    /// stale: `stackSections()`'s folds, started from the blocks' reach before it and floor after
    /// it. O(block).
    private mutating func settle(_ b: inout FlowOriginBlocks, _ k: Int) {
        guard b.stale[k] else { return }
        let shift = FlowOriginBlocks.shift, n = sections.count, nb = b.count
        let start = k << shift, end = Swift.min(n, start + FlowOriginBlocks.size)
        guard start < end else { return }  // (the blocks are built over the sections: not reached)
        let p = b.pending[k]
        var r = k == 0 ? -Double.infinity : b.reachEnd[k - 1]
        var f = k + 1 < nb ? b.floorStart[k + 1] : Double.infinity
        sections.withUnsafeMutableBufferPointer { secs in
            reach.withUnsafeMutableBufferPointer { re in
                for s in start..<end {
                    secs[s].origin += p
                    r = Swift.max(r, secs[s].origin + secs[s].spanMax)
                    re[s] = r
                }
            }
            floor.withUnsafeMutableBufferPointer { fl in
                var s = end - 1
                while s >= start {
                    f = Swift.min(f, secs[s].origin + secs[s].spanMin)
                    fl[s] = f
                    s -= 1
                }
            }
        }
        b.pending[k] = 0
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
