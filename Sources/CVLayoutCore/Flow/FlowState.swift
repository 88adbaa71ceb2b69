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

    init(axis: FlowAxis, crossSize: Double, methods: FlowDelegateMethods) {
        self.axis = axis
        self.crossSize = crossSize
        self.methods = methods
    }

    /// Whether the cached item counts are `counts`.
    func matches(_ counts: [Int]) -> Bool {
        guard counts.count == sections.count else { return false }
        for (s, c) in counts.enumerated() where sections[s].itemCount != c { return false }
        return true
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
                    if secs[s].itemCount > 0 {
                        crossNeeded = Swift.max(crossNeeded, secs[s].crossEnd + axis.crossTrailing(secs[s].inset))
                    }
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
        // The cross axis is the collection view's size unless an item sticks out past it
        // (then the content grows to hold it, insets included). Rounding noise of a justified
        // line does not count as sticking out.
        if crossNeeded <= crossSize + flowFitTolerance(crossSize) { crossNeeded = crossSize }
        contentSize = axis.size(main: Swift.max(0, origin), cross: Swift.max(0, crossNeeded))
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
