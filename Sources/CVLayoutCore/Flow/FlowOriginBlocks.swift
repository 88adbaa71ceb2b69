/// The flow's sections in blocks of `size`, so that an edit that changes a section's extent
/// moves the later sections lazily (issue 32, sect10): it writes the rest of its own blocks and
/// one shift a later block (`pending`); a block's sections get their origins, reach and floor
/// entries (`FlowState.reach`, `floor`) when something first reads them (`FlowState.settle…`).
/// O(sections / size + size) an edit instead of O(sections).
///
/// Bit for bit the running sums of `FlowState.stackSections()`, because the blocks are used only
/// when every sum they stand for is exact: every section's extent and span edges are multiples
/// of 1/1024 of at most 2^40 in magnitude (`onGrid`), and the extents add up to at most 2^41 in
/// magnitude. Then every origin, every `origin + spanMax` and `origin + spanMin`, every shift
/// and every partial sum is a multiple of 1/1024 below 2^43 (53 bits): exact in any order, so
/// "the old origin plus the shift" is the new running sum. A layout with another value (1/3 of a
/// point, 0.1) is restacked section by section as before (`FlowState.restack`).
///
/// Per block: its largest `origin + spanMax` and smallest `origin + spanMin` (`high`, `low`,
/// absolute: shifted with the block), the reach of its last section (`reachEnd`: the prefix
/// maximum of `high`) and the floor of its first (`floorStart`: the suffix minimum of `low`), from
/// which a block's entries are written again alone (`Swift.max`/`Swift.min` folded in the full
/// pass's order; equal values keep the later one, as the fold does).
struct FlowOriginBlocks {
    /// Sections a block: 2^`shift`.
    static let shift = 8
    static let size = 1 << shift
    /// The largest sum of the sections' extents (magnitudes) the blocks accept.
    static let extentSumLimit = 0x1p41

    /// Whether `x` is a multiple of 1/1024 of magnitude at most 2^40 (false for NaN and
    /// infinities): `x · 1024` (exact) is an integer of at most 2^50, which adding and
    /// subtracting 1.5 · 2^52 leaves as it is.
    @inline(__always)
    static func onGrid(_ x: Double) -> Bool {
        let y = x * 1024
        return y.magnitude <= 0x1p50 && (y + 0x1.8p52) - 0x1.8p52 == y
    }

    /// Whether a section's extent and span edges are `onGrid`.
    @inline(__always)
    static func onGrid(extent: Double, spanMin: Double, spanMax: Double) -> Bool {
        onGrid(extent) && onGrid(spanMin) && onGrid(spanMax)
    }

    /// Per block: the shift its stored origins lack while it is stale (0 when not).
    var pending: ContiguousArray<Double>
    /// Per block: its origins, reach and floor entries are not written yet.
    var stale: ContiguousArray<Bool>
    var high: ContiguousArray<Double>
    var low: ContiguousArray<Double>
    var reachEnd: ContiguousArray<Double>
    var floorStart: ContiguousArray<Double>
    /// The sum of the sections' extents' magnitudes (exact while `usable`).
    var extentSum = 0.0
    /// False once a section off the grid was put in, or the sum passed the limit.
    var usable = true

    init(blocks: Int) {
        pending = ContiguousArray(repeating: 0, count: blocks)
        stale = ContiguousArray(repeating: false, count: blocks)
        high = ContiguousArray(repeating: -Double.infinity, count: blocks)
        low = ContiguousArray(repeating: Double.infinity, count: blocks)
        reachEnd = ContiguousArray(repeating: -Double.infinity, count: blocks)
        floorStart = ContiguousArray(repeating: Double.infinity, count: blocks)
    }

    var count: Int { pending.count }

    /// The tally after a section of extent `old` is replaced by `new`. O(1).
    mutating func replace(extent old: Double, with new: borrowing FlowSection) {
        guard usable else { return }
        guard Self.onGrid(extent: new.extent, spanMin: new.spanMin, spanMax: new.spanMax) else {
            usable = false
            return
        }
        extentSum += new.extent.magnitude - old.magnitude
        if extentSum > Self.extentSumLimit { usable = false }
    }

    /// After blocks `fb ... lb` were restacked (their `high` and `low` written) and the sections
    /// after them moved by `shiftLater`: those blocks' stale marks cleared (their entries are
    /// written next), the later blocks shifted (`pending`, `high`, `low`), the reach ends made
    /// again from `fb` on and the floor starts from the last block back, each block whose entries
    /// that changes (its shift, the reach before it, the floor after it) marked stale, then
    /// blocks `fb ... lb` marked stale (for the caller to settle). Returns the change in the
    /// number of stale blocks. The flow's and the compositional layout's lazy restacks
    /// (`FlowState.restackLazily`, `CompositionalLayout.finishLazyStack`). O(blocks).
    mutating func propagate(restacked fb: Int, through lb: Int, shiftLater: Double) -> Int {
        var staled = 0
        func markStale(_ k: Int) {
            guard !stale[k] else { return }
            stale[k] = true
            staled += 1
        }
        for k in fb...lb where stale[k] {
            stale[k] = false
            staled -= 1
        }
        let nb = count
        var prev = fb == 0 ? -Double.infinity : reachEnd[fb - 1], prevOld = prev
        for k in fb..<nb {
            if k > lb {
                if shiftLater != 0 {
                    pending[k] += shiftLater
                    high[k] += shiftLater
                    low[k] += shiftLater
                }
                if shiftLater != 0 || prev.bitPattern != prevOld.bitPattern {
                    markStale(k)
                } else {
                    break  // not moved, the reach before it as it was: every later block as it was
                }
            }
            let r = Swift.max(prev, high[k])
            prevOld = reachEnd[k]
            reachEnd[k] = r
            prev = r
        }
        // (Not moved: the blocks after the restacked ones are as they were.)
        var k = shiftLater == 0 ? lb : nb - 1
        var next = k + 1 < nb ? floorStart[k + 1] : Double.infinity, nextOld = next
        while k >= 0 {
            if next.bitPattern != nextOld.bitPattern {
                markStale(k)
            } else if k < fb {
                break  // every floor start before is what it was
            }
            let f = Swift.min(next, low[k])
            nextOld = floorStart[k]
            floorStart[k] = f
            next = f
            k -= 1
        }
        for k in fb...lb { markStale(k) }
        return staled
    }

    var bytes: Int {
        count * (5 * MemoryLayout<Double>.stride + MemoryLayout<Bool>.stride)
    }
}
