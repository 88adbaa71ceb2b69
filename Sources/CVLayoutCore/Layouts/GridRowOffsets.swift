/// The main-axis offsets of a span-grid section's rows (`GridRows`), in blocks of `blockRows`
/// rows, so that a row whose thickness changes moves the rows after it by rewriting one block
/// and the blocks' bases: O(blockRows + blocks) per edit, not one addition per row after it.
///
/// Definition (the same for a table built from scratch and for one edited any number of times,
/// so both give the same bits):
///
///     local(r)      = 0 for the first row of a block, else local(r − 1) + (thickness(r − 1) + gap)
///     pitch(b)      = local(last row of b) + (thickness(last row of b) + gap)
///     base(0)       = 0;  base(b + 1) = base(b) + pitch(b)
///     offset(r)     = base(r / blockRows) + local(r)
///
/// each + one rounded double addition, in that order. A section of at most `blockRows` rows has
/// base 0 and offsets that are the plain running sum of its row pitches.
///
/// Order: with thicknesses and gap ≥ 0 every rounded addition of a non-negative term is
/// monotone, so offsets never decrease with r (within a block local(r) grows; across a block
/// boundary base(b + 1) = base(b) + pitch(b) ≥ base(b) + local(last)). A row's end
/// offset(r) + thickness(r) may exceed the next row's offset by a few rounding errors (the sums
/// are grouped differently), at most 8·2^-53 of the section's extent: queries searching by row
/// ends allow `searchSlack` for it (see `GridLayout.queryTable`).
struct GridRowOffsets {
    /// log2 of `blockRows`.
    static let blockShift = 8
    /// Rows per block: an edit rewrites at most this many local offsets.
    static var blockRows: Int { 1 << blockShift }

    /// Each row's offset from its block's base.
    private(set) var local: [Double] = []
    /// Each block's offset from the section's first row (`base[0]` = 0).
    private(set) var base: [Double] = []
    /// The gap between rows (`intergroupSpacing`).
    let gap: Double

    init(gap: Double) { self.gap = gap }

    var rowCount: Int { local.count }

    /// Row `r`'s offset from the section's first row. O(1).
    @inline(__always)
    func offset(_ r: Int) -> Double { base[r &>> Self.blockShift] + local[r] }

    /// The margin a search by row ends allows (see the type's comment): for offsets within a
    /// section of extent `extent` placed at `top`.
    @inline(__always)
    static func searchSlack(top: Double, extent: Double) -> Double { (abs(top) + extent) * 0x1p-48 }

    // MARK: Building

    /// The offsets of rows `0 ..< rows` of `old` (the same gap), ready for `appendRow` of row
    /// `rows`. O(rows).
    init(keeping rows: Int, of old: GridRowOffsets, reservingRows capacity: Int = 0) {
        gap = old.gap
        local.reserveCapacity(Swift.max(capacity, rows))
        local.append(contentsOf: old.local[0..<rows])
        base = rows == 0 ? [] : Array(old.base[0...((rows - 1) &>> Self.blockShift)])
    }

    /// The offsets `local` and `base` made by the definition above (a build's loop that keeps
    /// them in local arrays). O(1).
    init(local: [Double], base: [Double], gap: Double) {
        self.local = local
        self.base = base
        self.gap = gap
    }

    /// No rows yet; room for `capacity` rows.
    init(gap: Double, reservingRows capacity: Int) {
        self.gap = gap
        local.reserveCapacity(capacity)
    }

    /// Appends a row after `previousThickness` (the last row's; ignored for the first row):
    /// its offset is returned. O(1) amortized. Throws `.overflow` when it is not finite.
    @inline(__always)
    mutating func appendRow(afterThickness previousThickness: Double, section: Int) throws -> Double {
        let r = local.count
        if r == 0 {
            local.append(0)
            base.append(0)
            return 0
        }
        var next = local[r - 1] + (previousThickness + gap)
        if r & (Self.blockRows - 1) == 0 {
            next = base[base.count - 1] + next  // base(b + 1) = base(b) + pitch(b)
            base.append(next)
            local.append(0)
        } else {
            local.append(next)
            next = base[base.count - 1] + next
        }
        guard next.isFinite else {
            throw LayoutError(.overflow, "GridLayout: section \(section) ends beyond the coordinate range")
        }
        return next
    }

    /// Drops the rows from `rows` on (and the blocks no row is in any more). O(1) amortized.
    mutating func truncate(to rows: Int) {
        local.removeLast(local.count - rows)
        base.removeLast(base.count - (rows == 0 ? 0 : ((rows - 1) &>> Self.blockShift) + 1))
    }

    // MARK: Edits

    /// What `apply(_:)` writes: new local offsets of some blocks (from a row on), and the bases
    /// from a block on.
    struct Patch {
        var blocks: [(firstRow: Int, local: [Double])] = []
        var baseFrom = 0
        var bases: [Double] = []
    }

    /// The patch that makes these offsets those of the rows' thicknesses once the rows of
    /// `changed` (ascending, distinct) take their new thickness; `thickness` is every row's
    /// thickness the offsets were made from. Nothing is changed. O(blockRows · blocks touched
    /// + blocks after the first). Throws `.overflow` when an offset would not be finite.
    func patch(thickness: [Double], changed: [(row: Int, thickness: Double)], section: Int) throws -> Patch {
        var p = Patch()
        guard let firstRow = changed.first?.row else { return p }
        let n = local.count
        // pitch(b) of the blocks touched, by block.
        var pitches: [(Int, Double)] = []
        var k = 0
        while k < changed.count {
            let b = changed[k].row &>> Self.blockShift
            let blockEnd = Swift.min(n, (b + 1) << Self.blockShift)
            // Rows from the first changed one of this block on; the local of that row depends
            // only on the rows before it, which are unchanged.
            let from = changed[k].row
            var values: [Double] = []
            values.reserveCapacity(blockEnd - from)
            var l = local[from]
            values.append(l)
            var r = from
            while true {
                // Row r's thickness: its new one when changed.
                var t = thickness[r]
                if k < changed.count, changed[k].row == r {
                    t = changed[k].thickness
                    k += 1
                }
                r += 1
                if r == blockEnd {
                    if blockEnd < n { pitches.append((b, l + (t + gap))) }
                    break
                }
                l = l + (t + gap)
                values.append(l)
            }
            p.blocks.append((from, values))
        }
        // Bases from the block after the first touched one on.
        let b0 = firstRow &>> Self.blockShift
        p.baseFrom = b0 + 1
        var bs = base[b0]
        var j = 0
        if b0 + 1 < base.count {
            p.bases.reserveCapacity(base.count - b0 - 1)
            local.withUnsafeBufferPointer { loc in
                thickness.withUnsafeBufferPointer { th in
                    for b in b0..<(base.count - 1) {
                        let pitch: Double
                        if j < pitches.count, pitches[j].0 == b {
                            pitch = pitches[j].1
                            j += 1
                        } else {
                            // An untouched block: its pitch from its last row, as it was made.
                            let last = ((b + 1) << Self.blockShift) - 1
                            pitch = loc[last] + (th[last] + gap)
                        }
                        bs = bs + pitch
                        p.bases.append(bs)
                    }
                }
            }
            guard bs.isFinite else {
                throw LayoutError(.overflow, "GridLayout: section \(section) ends beyond the coordinate range")
            }
        }
        return p
    }

    /// Writes `p` (made by `patch` from these offsets). O(its size).
    mutating func apply(_ p: Patch) {
        for (from, values) in p.blocks {
            local.withUnsafeMutableBufferPointer { out in
                for (k, v) in values.enumerated() { out[from + k] = v }
            }
        }
        base.withUnsafeMutableBufferPointer { out in
            for (k, v) in p.bases.enumerated() { out[p.baseFrom + k] = v }
        }
    }

    /// Appends rows whose local offsets are `local` and the blocks they open (`base`), made by
    /// the definition above after the last row. O(added).
    mutating func append(local more: [Double], base moreBases: [Double]) {
        local.append(contentsOf: more)
        base.append(contentsOf: moreBases)
    }

    var footprint: Int { (local.count + base.count) * 8 }
}
