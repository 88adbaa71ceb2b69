/// The main-axis offsets of a section's line blocks as a Fenwick (binary indexed) tree over their
/// differences: block b's offset is the sum of the differences of blocks 0…b (a prefix sum, O(log B)),
/// and moving every block from b on by x is one point update (O(log B)), B blocks.
///
/// The structure is the one of P. M. Fenwick, "A New Data Structure for Cumulative Frequency
/// Tables" (Software: Practice and Experience 24(3), 1994): node i (1-based) holds the sum of
/// the differences of blocks i − lowbit(i) ..< i.
///
/// Exactness: every node, every partial sum a query forms and every value an update forms is a
/// sum of consecutive differences, i.e. the difference of two offsets (or an offset). When every
/// offset is a multiple of 2^e below 2^(e+51) in magnitude, each of those is a multiple of 2^e
/// below 2^(e+52), which a double holds exactly: the tree then gives the bits a plain array
/// of offsets would (`FlowLineBlocks.treeIsExact` decides it).
struct FlowBlockOffsets {
    /// Nodes 1…count at indices 1…count (index 0 unused).
    private var tree: ContiguousArray<Double>
    /// Tree nodes read or written since the tree was made (the tests check the O(log B) bound).
    private(set) var nodesVisited = 0

    /// Number of blocks.
    var count: Int { tree.count - 1 }

    /// `count` blocks, every offset 0. O(count).
    init(count: Int) {
        tree = ContiguousArray(repeating: 0, count: Swift.max(count, 0) + 1)
    }

    /// Blocks whose offsets are `offsets`. O(count).
    init<C: Collection>(_ offsets: C) where C.Element == Double {
        var t = ContiguousArray<Double>(repeating: 0, count: offsets.count + 1)
        var prev = 0.0, i = 1
        for x in offsets {
            t[i] = x - prev
            prev = x
            i += 1
        }
        let n = offsets.count
        if n > 0 {
            for i in 1...n {
                let j = i + (i & -i)
                if j <= n { t[j] += t[i] }
            }
        }
        tree = t
    }

    /// The offset of block `b` (`0 ≤ b < count`). O(log count).
    @inline(__always)
    func offset(_ b: Int) -> Double {
        var i = b + 1, s = 0.0
        while i > 0 {
            s += tree[i]
            i &= i - 1
        }
        return s
    }

    /// Moves blocks `b`, `b + 1`, … `count − 1` by `x` (`0 ≤ b`; nothing when `b ≥ count`).
    /// O(log count).
    mutating func shift(from b: Int, by x: Double) {
        let n = count
        var i = b + 1
        while i <= n {
            tree[i] += x
            nodesVisited += 1
            i += i & -i
        }
    }

    /// Sets block `b`'s offset to `x`, the other blocks' offsets unchanged. O(log count).
    mutating func set(_ b: Int, to x: Double) {
        let old = offset(b)
        nodesVisited += logCount
        guard old != x else { return }
        shift(from: b, by: x - old)
        shift(from: b + 1, by: old - x)
    }

    /// Every offset, in block order. O(count): the prefix of node i is node i plus the prefix
    /// ending where node i starts.
    func offsets() -> ContiguousArray<Double> {
        let n = count
        var out = ContiguousArray<Double>(repeating: 0, count: n)
        guard n > 0 else { return out }
        tree.withUnsafeBufferPointer { t in
            out.withUnsafeMutableBufferPointer { o in
                for i in 1...n {
                    let start = i & (i - 1)  // prefix of blocks ..< start
                    o[i - 1] = start == 0 ? t[i] : o[start - 1] + t[i]
                }
            }
        }
        return out
    }

    /// Blocks `range` replaced by `k` blocks at offset 0, the blocks after moved by `x`. O(count):
    /// the nodes that end before `range` are kept as they are (no arithmetic), every other node is
    /// the difference of two offsets.
    mutating func splice(_ range: Range<Int>, zeros k: Int, thenShift x: Double) {
        let old = offsets()
        var new = ContiguousArray<Double>()
        new.reserveCapacity(old.count - range.count + k)
        new.append(contentsOf: old[..<range.lowerBound])
        new.append(contentsOf: repeatElement(0, count: k))
        for o in old[range.upperBound...] { new.append(o + x) }
        rebuild(keeping: range.lowerBound, new)
    }

    /// Every offset from block `b` on becomes 0, the ones before unchanged. O(count); reads only
    /// the nodes that end before `b`, so it is exact even if an update past `b` rounded.
    mutating func zero(from b: Int) {
        guard b < count else { return }
        var new = offsets()
        for i in b..<new.count { new[i] = 0 }
        rebuild(keeping: b, new)
    }

    /// The tree of `new` offsets, whose first `kept` equal the current ones: nodes ending before
    /// block `kept` are copied, node i of the others is new[i − 1] − new[start − 1] (start = the
    /// first block it covers), one subtraction of two offsets.
    private mutating func rebuild(keeping kept: Int, _ new: ContiguousArray<Double>) {
        let n = new.count
        var t = ContiguousArray<Double>(repeating: 0, count: n + 1)
        let keep = Swift.min(kept, n, count)
        if keep > 0 { for i in 1...keep { t[i] = tree[i] } }
        if keep < n {
            for i in (keep + 1)...n {
                let start = i & (i - 1)
                t[i] = start == 0 ? new[i - 1] : new[i - 1] - new[start - 1]
            }
        }
        nodesVisited += n
        tree = t
    }

    /// ⌈log2(count + 1)⌉: the nodes one query or update visits at most.
    var logCount: Int { Int.bitWidth - count.leadingZeroBitCount }

    var tableBytes: Int { tree.capacity * 8 }
}
