/// A sum kept as an unevaluated pair of doubles `hi + lo`, where `lo` gathers the rounding errors
/// of the additions into `hi` (each found exactly by Knuth's TwoSum: D. E. Knuth, The Art of
/// Computer Programming vol. 2, 3rd ed., §4.2.2, Theorem B; T. J. Dekker, "A floating-point
/// technique for extending the available precision", Numerische Mathematik 18, 1971). The value
/// `hi + lo` of k additions is within about k²·2^-106 of the exact sum (relative to the largest
/// magnitude involved), so rounding it gives the exact sum's correctly rounded value or a
/// neighbour: the line origins of a section no longer depend on the order in which they were
/// summed (from scratch, or moved by an edit), up to that last rounding. When every term is a
/// multiple of 2^e and every sum stays below 2^(e+53), no addition rounds, `lo` stays 0 and the
/// value is the plain sum, bit for bit.
struct FlowSum: Equatable {
    var hi = 0.0
    var lo = 0.0

    init() {}

    init(_ x: Double) { hi = x }

    init(hi: Double, lo: Double) {
        self.hi = hi
        self.lo = lo
    }

    /// The rounded value.
    @inline(__always)
    var value: Double { hi + lo }

    /// Adds `x`: `hi` gets the rounded sum, `lo` its exact rounding error (TwoSum, no branch).
    @inline(__always)
    mutating func add(_ x: Double) {
        let s = hi + x
        let bv = s - hi
        let err = (hi - (s - bv)) + (x - bv)
        hi = s
        lo += err
    }

    /// The same pair with `hi` the rounded value and `lo` what it leaves (keeps `lo` small).
    @inline(__always)
    var normalized: FlowSum {
        var s = FlowSum(hi)
        s.add(lo)
        return s
    }

    @inline(__always)
    static func + (a: FlowSum, b: FlowSum) -> FlowSum {
        var s = a
        s.add(b.hi)
        s.lo += b.lo
        return s.normalized
    }

    @inline(__always)
    static prefix func - (a: FlowSum) -> FlowSum { FlowSum(hi: -a.hi, lo: -a.lo) }

    @inline(__always)
    static func - (a: FlowSum, b: FlowSum) -> FlowSum { a + (-b) }
}

/// The main-axis offsets of a section's line blocks as a Fenwick (binary indexed) tree over their
/// differences: block b's offset is the sum of the differences of blocks 0…b (a prefix sum, O(log B)),
/// and moving every block from b on by x is one point update (O(log B)), B blocks.
///
/// The structure is the one of P. M. Fenwick, "A New Data Structure for Cumulative Frequency
/// Tables" (Software: Practice and Experience 24(3), 1994): node i (1-based) holds the sum of
/// the differences of blocks i − lowbit(i) ..< i.
///
/// Accuracy: nodes are `FlowSum`s and every update and query adds them as such, so an offset
/// stays within a few 2^-106 (relative to the largest offset) of the exact sum of every shift
/// made, however many edits made them; `offset(_:)` rounds it once. When every offset is a
/// multiple of 2^e below 2^(e+51) in magnitude, each node and partial sum is a multiple of 2^e
/// below 2^(e+52): nothing rounds, and the tree gives the bits a plain array of offsets would.
struct FlowBlockOffsets {
    /// Nodes 1…count at indices 1…count; no storage at all when there is no block (an empty
    /// section's lines are made and dropped on every edit: nothing to allocate). Index 0 holds
    /// no node: its `hi` is 0 while every node is 0 (a section as a full layout leaves it, every
    /// offset 0 with no walk of the tree, what a query's per-block lookups mostly ask), 1 once a
    /// block was moved (kept there, not in a field of its own: a section's record stays as small).
    private var tree: ContiguousArray<FlowSum>
    /// Tree nodes read or written since the tree was made (the tests check the O(log B) bound).
    private(set) var nodesVisited = 0

    /// Number of blocks.
    var count: Int { Swift.max(tree.count - 1, 0) }

    /// `count` blocks, every offset 0. O(count).
    init(count: Int) {
        tree = count > 0 ? ContiguousArray(repeating: FlowSum(), count: count + 1) : []
    }

    /// Blocks whose offsets are `offsets`. O(count).
    init<C: Collection>(_ offsets: C) where C.Element == Double {
        tree = []
        rebuild(keeping: 0, ContiguousArray(offsets.lazy.map { FlowSum($0) }))
        nodesVisited = 0
    }

    /// The offset of block `b` (`0 ≤ b < count`), rounded. O(log count).
    @inline(__always)
    func offset(_ b: Int) -> Double { sum(b).value }

    /// Whether a block was ever moved (`count > 0`): when not, every offset is 0 (`sum`'s first
    /// answer), so a search over many blocks can ask once, not at each probe. O(1).
    @inline(__always)
    var isShifted: Bool { tree[0].hi != 0 }

    /// The offset of block `b` (`0 ≤ b < count`) as a compensated sum. O(log count).
    @inline(__always)
    func sum(_ b: Int) -> FlowSum {
        guard tree[0].hi != 0 else { return FlowSum() }
        var i = b + 1
        var s = FlowSum()
        while i > 0 {
            let t = tree[i]
            s.add(t.hi)
            s.lo += t.lo
            i &= i - 1
        }
        return s
    }

    /// Moves blocks `b`, `b + 1`, … `count − 1` by `x` (`0 ≤ b`; nothing when `b ≥ count`).
    /// O(log count).
    mutating func shift(from b: Int, by x: Double) { shift(from: b, by: FlowSum(x)) }

    mutating func shift(from b: Int, by x: FlowSum) {
        let n = count
        var i = b + 1
        if i <= n { tree[0].hi = 1 }
        while i <= n {
            tree[i] = tree[i] + x
            nodesVisited += 1
            i += i & -i
        }
    }

    /// Sets block `b`'s offset to `x`, the other blocks' offsets unchanged. O(log count).
    mutating func set(_ b: Int, to x: Double) {
        let old = sum(b)
        nodesVisited += logCount
        let target = FlowSum(x)
        guard old.normalized != target else { return }
        shift(from: b, by: target - old)
        shift(from: b + 1, by: old - target)
    }

    /// Every offset, in block order. O(count): the prefix of node i is node i plus the prefix
    /// ending where node i starts.
    func sums() -> ContiguousArray<FlowSum> {
        let n = count
        var out = ContiguousArray<FlowSum>(repeating: FlowSum(), count: n)
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

    /// Every offset, rounded, in block order. O(count).
    func offsets() -> ContiguousArray<Double> { ContiguousArray(sums().lazy.map(\.value)) }

    /// Blocks `range` replaced by `k` blocks at offset 0, the blocks after moved by `x`. O(count):
    /// the nodes that end before `range` are kept as they are (no arithmetic), every other node is
    /// the difference of two offsets.
    mutating func splice(_ range: Range<Int>, zeros k: Int, thenShift x: FlowSum) {
        let old = sums()
        var new = ContiguousArray<FlowSum>()
        new.reserveCapacity(old.count - range.count + k)
        new.append(contentsOf: old[..<range.lowerBound])
        new.append(contentsOf: repeatElement(FlowSum(), count: k))
        for o in old[range.upperBound...] { new.append(o + x) }
        rebuild(keeping: range.lowerBound, new)
    }

    /// The tree of `new` offsets, whose first `kept` equal the current ones: nodes ending before
    /// block `kept` are copied, node i of the others is new[i − 1] − new[start − 1] (start = the
    /// first block it covers), one subtraction of two offsets.
    private mutating func rebuild(keeping kept: Int, _ new: ContiguousArray<FlowSum>) {
        let n = new.count
        guard n > 0 else {
            tree = []
            return
        }
        var t = ContiguousArray<FlowSum>(repeating: FlowSum(), count: n + 1)
        let keep = Swift.max(0, Swift.min(kept, n, count))
        if keep > 0 { for i in 1...keep { t[i] = tree[i] } }
        if keep < n {
            for i in (keep + 1)...n {
                let start = i & (i - 1)
                t[i] = start == 0 ? new[i - 1] : new[i - 1] - new[start - 1]
            }
        }
        nodesVisited += n
        t[0].hi = 1
        tree = t
    }

    /// ⌈log2(count + 1)⌉: the nodes one query or update visits at most.
    var logCount: Int { Int.bitWidth - count.leadingZeroBitCount }

    var tableBytes: Int { tree.capacity * MemoryLayout<FlowSum>.stride }
}
