/// Counts per block (items or lines of a section's line blocks) in a Fenwick tree, so that a
/// block's first item or line is a prefix sum and the block holding an item or a line is a
/// search down the tree, both O(log B), and changing one block's count is O(log B) (B blocks).
///
/// The structure is the one of P. M. Fenwick, "A New Data Structure for Cumulative Frequency
/// Tables" (Software: Practice and Experience 24(3), 1994), including its search for the
/// position of a cumulative frequency; every count is at least 1 (a block holds at least one
/// line and one item), so that search finds one block.
struct FlowBlockCounts {
    /// Nodes 1…count at indices 1…count (index 0 unused): node i holds the counts of blocks
    /// i − lowbit(i) ..< i. No storage when there is no block.
    private var tree: ContiguousArray<Int>
    /// Sum of every count.
    private(set) var total = 0
    /// The largest power of two ≤ count (0 when empty): the first step of a search.
    private var topStep = 0

    /// Number of blocks.
    var count: Int { Swift.max(tree.count - 1, 0) }

    /// No block. O(1), no storage (every section without lines holds two of these).
    init() { tree = [] }

    /// Blocks whose counts are `counts`. O(count).
    init<C: Collection>(_ counts: C) where C.Element == Int {
        let n = counts.count
        guard n > 0 else {
            tree = []
            return
        }
        var t = ContiguousArray<Int>(repeating: 0, count: n + 1)
        var i = 1, sum = 0
        for c in counts {
            t[i] = c
            sum += c
            i += 1
        }
        if n > 0 {
            for i in 1...n {
                let j = i + (i & -i)
                if j <= n { t[j] += t[i] }
            }
        }
        tree = t
        total = sum
        topStep = n == 0 ? 0 : 1 << (Int.bitWidth - 1 - n.leadingZeroBitCount)
    }

    /// Counts of blocks 0 ..< b (`0 ≤ b ≤ count`): the index of block b's first item or line.
    /// O(log count).
    @inline(__always)
    func prefix(_ b: Int) -> Int {
        // (Read in place, no bounds check: 0 < i ≤ b ≤ count < tree.count. Wrapping: a sum of
        // counts, far from Int's ends.)
        tree.withUnsafeBufferPointer { t in
            var i = b, s = 0
            while i > 0 {
                s &+= t[i]
                i &= i &- 1
            }
            return s
        }
    }

    /// Adds `x` to block `b`'s count. O(log count).
    mutating func add(_ b: Int, _ x: Int) {
        guard x != 0 else { return }
        let n = count
        var i = b + 1
        while i <= n {
            tree[i] += x
            i += i & -i
        }
        total += x
    }

    /// The block holding element `x` (`0 ≤ x < total`) and the index of its first element:
    /// the last block whose prefix is ≤ x. O(log count).
    @inline(__always)
    func find(_ x: Int) -> (block: Int, start: Int) {
        var pos = 0, rest = x, step = topStep
        let n = count
        while step > 0 {
            let next = pos + step
            if next <= n && tree[next] <= rest {
                pos = next
                rest -= tree[next]
            }
            step >>= 1
        }
        return (pos, x - rest)
    }

    var tableBytes: Int { tree.capacity * 8 }
}

/// What the section needs to know of a block's lines as a whole (maxima of its extents, whether
/// its lines are monotone).
struct FlowBlockSummary: Equatable {
    var maxThickness = 0.0
    var maxItemCross = 0.0
    var crossEnd = -Double.infinity
    var monotone = true

    init() {}

    init(_ b: FlowLineBlock) {
        maxThickness = b.stats.maxThickness
        maxItemCross = b.stats.maxItemCross
        crossEnd = b.stats.crossEnd
        monotone = b.stats.monotone
    }

    /// The summary of two runs of blocks. Every field is a maximum, a minimum or a conjunction:
    /// exact and independent of the order, so the tree gives the bits one pass over the blocks would.
    @inline(__always)
    static func + (a: FlowBlockSummary, b: FlowBlockSummary) -> FlowBlockSummary {
        var s = FlowBlockSummary()
        s.maxThickness = Swift.max(a.maxThickness, b.maxThickness)
        s.maxItemCross = Swift.max(a.maxItemCross, b.maxItemCross)
        s.crossEnd = Swift.max(a.crossEnd, b.crossEnd)
        s.monotone = a.monotone && b.monotone
        return s
    }
}

/// The blocks' summaries in a segment tree (a complete binary tree over the blocks, leaves padded
/// to a power of two with the neutral summary): the whole section's summary is the root, and
/// replacing one block's summary recomputes its log2(B) ancestors, O(log B).
struct FlowBlockSummaries {
    /// Node 1 is the root; the leaves are nodes `leaves ..< 2·leaves`.
    private var nodes: ContiguousArray<FlowBlockSummary>
    private var leaves: Int
    private(set) var count: Int

    /// No block. O(1), no storage.
    init() {
        nodes = []
        leaves = 1
        count = 0
    }

    /// The summaries of `blocks`. O(count).
    init(_ blocks: ContiguousArray<FlowLineBlock>) {
        let n = blocks.count
        guard n > 0 else {
            nodes = []
            leaves = 1
            count = 0
            return
        }
        var l = 1
        while l < n { l <<= 1 }
        var t = ContiguousArray(repeating: FlowBlockSummary(), count: 2 * l)
        for b in 0..<n { t[l + b] = FlowBlockSummary(blocks[b]) }
        var i = l - 1
        while i >= 1 {
            t[i] = t[2 * i] + t[2 * i + 1]
            i -= 1
        }
        nodes = t
        leaves = l
        count = n
    }

    /// The summary of every block.
    var all: FlowBlockSummary { nodes.isEmpty ? FlowBlockSummary() : nodes[1] }

    /// Replaces block `b`'s summary (`0 ≤ b < count`; nothing otherwise). O(log count).
    mutating func set(_ b: Int, _ s: FlowBlockSummary) {
        guard b >= 0, b < count else {
            assertionFailure("block \(b) of \(count)")
            return
        }
        var i = leaves + b
        nodes[i] = s
        i >>= 1
        while i >= 1 {
            nodes[i] = nodes[2 * i] + nodes[2 * i + 1]
            i >>= 1
        }
    }

    var tableBytes: Int { nodes.capacity * MemoryLayout<FlowBlockSummary>.stride }
}
