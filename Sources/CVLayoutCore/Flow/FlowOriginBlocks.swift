/// The sections in blocks of `size`, and where each section is as a sum on two levels (issue 32,
/// sect10, sect11), for the flow (`FlowState`) and the compositional layout
/// (`CompositionalOriginBlocks.swift`), in the full pass and after an edit alike:
///
/// - a section's *local* position `l` is the running sum from the start of its block: 0 for the
///   block's first section, `(l + extent) + gap` for the next one (the flow's gap is 0: `l +
///   extent`; the compositional layout's is the spacing between sections);
/// - a block's `extent` is `l + extent` of its last section; its `base` is where it starts:
///   `base[0]` is where the first section starts, `base[k + 1] = (base[k] + extent[k]) + gap`;
/// - a section's origin is `base + l`, and what the search tables fold is `base + (l + spanMax)`
///   (its reach) and `base + (l + spanMin)` (its floor); the content ends at `base + extent` of
///   the last block.
///
/// So an edit that changes a section's extent makes its block's local sums again (at most `size`
/// sections), then every later block's base (one addition a block), and marks a block whose base
/// or search-table entries that changes *stale*: its sections get their origins and entries when
/// something first reads them (`FlowState.settle…`, `CompositionalLayout.settle…`), from its base
/// by the same sums as the full pass. O(sections / size + size) an edit; the result is the full
/// pass's bit for bit whatever the values (no sum assumed exact), and the blocks exist from the
/// full pass on.
///
/// A block's largest reach and smallest floor are `base + relHigh` and `base + relLow`, where
/// `relHigh` (`relLow`) is the largest `l + spanMax` (smallest `l + spanMin`) of its sections:
/// rounded addition is monotone, so these equal the largest (smallest) of the sections' entries
/// for any base; from them the blocks' reach ends (`reachEnd`: prefix maxima) and floor starts
/// (`floorStart`: suffix minima) are made again with one operation a block (`fold(max:_:)`,
/// `fold(min:_:)` in the full pass's order: equal values keep the later, as the folds over
/// sections).
///
/// On values whose sums are exact (e.g. multiples of 1/1024 whose sums stay below 2^42: the
/// points and quarter points hosts mostly hand over) the two-level sums equal the single running
/// sum of earlier rounds bit for bit. Off them they round differently, and nearer the exact
/// sums: a section's origin takes at most `size` roundings inside its block and one a block
/// before it, where a single running sum takes one a section (10^5 sections with a spacing of
/// 0.1: 7·10^-7 points from the exact sum at most, against 1.6·10^-4; BENCHMARKS.md, sect11).
struct FlowOriginBlocks {
    /// Sections a block: 2^`shift`.
    static let shift = 8
    static let size = 1 << shift

    /// Added between two sections (and between blocks): 0 for the flow, the compositional
    /// layout's spacing between sections.
    let gap: Double
    /// Per block: where it starts, and its extent (see above).
    var base: ContiguousArray<Double>
    var extent: ContiguousArray<Double>
    /// Per block: the largest `l + spanMax` and the smallest `l + spanMin` of its sections.
    var relHigh: ContiguousArray<Double>
    var relLow: ContiguousArray<Double>
    /// Per block: the reach of its last section and the floor of its first.
    var reachEnd: ContiguousArray<Double>
    var floorStart: ContiguousArray<Double>
    /// Per block: its sections' origins and search-table entries are not written yet.
    var stale: ContiguousArray<Bool>

    init(blocks: Int, gap: Double) {
        self.gap = gap
        base = ContiguousArray(repeating: 0, count: blocks)
        extent = ContiguousArray(repeating: 0, count: blocks)
        relHigh = ContiguousArray(repeating: -Double.infinity, count: blocks)
        relLow = ContiguousArray(repeating: Double.infinity, count: blocks)
        reachEnd = ContiguousArray(repeating: -Double.infinity, count: blocks)
        floorStart = ContiguousArray(repeating: Double.infinity, count: blocks)
        stale = ContiguousArray(repeating: false, count: blocks)
    }

    /// The larger of `a` and `b`, `b` when they are equal (`Swift.max`'s choice, so the same bits
    /// for signed zeros), for values that are not NaN: one instruction (`maxsd`), where
    /// `Swift.max`'s NaN rule costs four. Every fold of the reach tables (flow and compositional).
    @inline(__always)
    static func fold(max a: Double, _ b: Double) -> Double { a > b ? a : b }

    /// The smaller of `a` and `b`, `a` when they are equal (`Swift.min`'s choice): `minsd`.
    @inline(__always)
    static func fold(min a: Double, _ b: Double) -> Double { b < a ? b : a }

    /// The blocks over `sections` sections.
    @inline(__always)
    static func blocks(over sections: Int) -> Int { (sections + size - 1) >> shift }

    var count: Int { base.count }

    /// Where the last block's last section ends (`base + extent`); `start` with no block.
    func end(start: Double) -> Double { count == 0 ? start : base[count - 1] + extent[count - 1] }

    /// Block `k`'s local sums from its sections' `(extent, spanMin, spanMax)` (`values(s)`, `s`
    /// from 0 in the block): `extent`, `relHigh`, `relLow`. O(block).
    @inline(__always)
    mutating func setLocal(_ k: Int, sections n: Int, _ values: (Int) -> (Double, Double, Double)) {
        var l = 0.0, hi = -Double.infinity, lo = Double.infinity
        for s in 0..<n {
            let (e, sMin, sMax) = values(s)
            if s > 0 { l += gap }
            hi = Self.fold(max: hi, l + sMax)
            lo = Self.fold(min: l + sMin, lo)  // (equal values: the later, as the floor's backward fold)
            l += e
        }
        extent[k] = l
        relHigh[k] = hi
        relLow[k] = lo
    }

    /// After blocks `fb ... lb` got their local sums again (`setLocal`): the bases from `fb + 1`
    /// on, the reach ends from `fb` on and the floor starts from the last moved block back, each
    /// later block whose base or whose reach before it or floor after it changes marked stale,
    /// then blocks `fb ... lb` marked stale (for the caller to settle). Returns the change in
    /// the number of stale blocks. Stops where a block's base and the reach before it are what
    /// they were (every later block is then as it was). O(blocks).
    mutating func propagate(restacked fb: Int, through lb: Int) -> Int {
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
        var movedThrough = lb
        for k in fb..<nb {
            if k > fb {
                let b = (base[k - 1] + extent[k - 1]) + gap
                let moved = b.bitPattern != base[k].bitPattern
                base[k] = b
                if k > lb {
                    if moved {
                        movedThrough = k
                    } else if prev.bitPattern == prevOld.bitPattern {
                        break  // not moved, the reach before it as it was: every later block as it was
                    }
                    markStale(k)
                }
            }
            let r = Self.fold(max: prev, base[k] + relHigh[k])
            prevOld = reachEnd[k]
            reachEnd[k] = r
            prev = r
        }
        // (Blocks after `movedThrough`: their bases and extremes as they were.)
        var k = movedThrough
        var next = k + 1 < nb ? floorStart[k + 1] : Double.infinity, nextOld = next
        while k >= 0 {
            if next.bitPattern != nextOld.bitPattern {
                markStale(k)
            } else if k < fb {
                break  // every floor start before is what it was
            }
            let f = Self.fold(min: next, base[k] + relLow[k])
            nextOld = floorStart[k]
            floorStart[k] = f
            next = f
            k -= 1
        }
        for k in fb...lb { markStale(k) }
        return staled
    }

    var bytes: Int {
        count * (6 * MemoryLayout<Double>.stride + MemoryLayout<Bool>.stride)
    }
}
