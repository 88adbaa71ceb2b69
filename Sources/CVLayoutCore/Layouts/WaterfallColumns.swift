/// The columns of one waterfall section while its items are placed (`WaterfallLayout.prepare()`):
/// which column the next item goes into and at what height, under either placement rule (W3),
/// and where a full-span item starts (W5).
///
/// A "segment" is the run of items between two full-span items: every column starts it at the
/// same height `base`. Only the columns an item went into are stored, so a full-span item costs
/// O(1) however many columns the section has (columns not yet used are all at `base`):
///
/// - shortest first: a min-heap of the used columns by (height, column); a column not yet used is
///   at `base`, and every used column is at least there, so the next one is the heap's top when
///   that is not above `base` (on a tie its index is the smaller) or all are used, else the first
///   unused column;
/// - in order: the k-th item of the segment goes into column k mod count (CHT's
///   `itemRenderDirection` left to right), so the used columns are 0 ..< min(k, count).
///
/// Each step is O(log c) (shortest first) or O(1) (in order); nothing is allocated per segment.
struct WaterfallColumns {
    let count: Int
    let inOrder: Bool
    /// Height every column starts the current segment at.
    private(set) var base: Double
    /// The largest column height (an item's end plus the item spacing) since the section's top,
    /// `base` while the segment has no item.
    private(set) var tallest: Double
    /// Highest column index any item of the section went into, −1 before the first.
    private(set) var highestUsed = -1
    /// Items placed in the current segment.
    private var placed = 0
    // Shortest first: the heap of used columns. In order: heights[j] of column j.
    private var heights: [Double] = []
    private var columns: [Int] = []

    init(count: Int, inOrder: Bool, top: Double) {
        self.count = count
        self.inOrder = inOrder
        base = top
        tallest = top
    }

    /// The columns in the middle of a segment that started at `base`: `placed` items placed in
    /// it, columns 0 ..< used.count at those heights (the others at `base`). O(c log c).
    init(count: Int, inOrder: Bool, base: Double, placed: Int, used: [Double]) {
        self.init(count: count, inOrder: inOrder, top: base)
        self.placed = placed
        for (j, h) in used.enumerated() {
            tallest = Swift.max(tallest, h)
            highestUsed = j
            if inOrder {
                heights.append(h)
            } else {
                push(column: j, height: h)
            }
        }
    }

    /// The column the next item goes into and the height it starts at.
    func next() -> (column: Int, y: Double) {
        if inOrder {
            let j = placed % count
            return (j, j < heights.count ? heights[j] : base)
        }
        let used = heights.count
        if used > 0, used == count || heights[0] <= base { return (columns[0], heights[0]) }
        return (used, base)
    }

    /// Records that the item `next()` named now ends at `end` (its bottom plus the item spacing).
    mutating func place(column j: Int, end: Double) {
        tallest = Swift.max(tallest, end)
        highestUsed = Swift.max(highestUsed, j)
        placed += 1
        if inOrder {
            if j < heights.count { heights[j] = end } else { heights.append(end) }
            return
        }
        if j == heights.count {
            // A column used for the first time (the heap holds exactly columns 0 ..< used).
            push(column: j, height: end)
            return
        }
        heights[0] = end
        var i = 0
        let n = heights.count
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < n, less(l, m) { m = l }
            if r < n, less(r, m) { m = r }
            if m == i { return }
            heights.swapAt(i, m)
            columns.swapAt(i, m)
            i = m
        }
    }

    /// Starts a new segment at `top` (below a full-span item): every column is there again.
    /// O(used columns) to clear, paid for by the items that used them.
    mutating func restart(at top: Double) {
        base = top
        tallest = Swift.max(tallest, top)
        placed = 0
        heights.removeAll(keepingCapacity: true)
        columns.removeAll(keepingCapacity: true)
    }

    private mutating func push(column j: Int, height: Double) {
        heights.append(height)
        columns.append(j)
        var i = heights.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            guard less(i, p) else { break }
            heights.swapAt(i, p)
            columns.swapAt(i, p)
            i = p
        }
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        heights[a] < heights[b] || (heights[a] == heights[b] && columns[a] < columns[b])
    }
}
