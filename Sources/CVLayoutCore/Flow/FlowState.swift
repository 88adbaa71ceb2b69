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
        sections[s] = sec
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
        var moved = 0
        let axis = axis
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
        if crossLost {
            crossLost = false
            var c = crossSize
            sections.withUnsafeBufferPointer { secs in
                for s in 0..<n { c = Swift.max(c, Self.crossNeed(secs[s], axis)) }
            }
            crossNeeded = c
        }
        updateContentSize()
        return moved
    }

    /// Bytes held by the tables (capacities, not counts).
    var tableBytes: Int {
        var b =
            sections.capacity * MemoryLayout<FlowSection>.stride
            + (reach.capacity + floor.capacity) * MemoryLayout<Double>.stride
        for sec in sections {
            b += sec.body.tableBytes
            if sec.sizeSource == .delegate { b += sec.sizes.bytes }
        }
        return b
    }
}
