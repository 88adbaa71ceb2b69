/// The compositional layout's sections moved lazily after a count edit that changes a section's
/// extent (issue 32, sect10), as the flow's (`FlowOriginBlocks`, whose tables it uses): the pass
/// after counts changed (`prepareChangedCounts`) stacks the sections from the first changed one
/// to the end of the last changed one's block, shifts every later block by what the first
/// section after them moved, and a block's sections get what `stack` writes (origin, end, reach,
/// group origin, boundary items' and decorations' frames) and their search-table entries when a
/// query first reads them (`settle…`). O(sections / block + block) an edit instead of
/// O(sections).
///
/// Bit for bit `stack`'s sums, because the blocks are used only when every origin is exact: the
/// sections' lengths and relative reach, the spacing and the first section's start are
/// multiples of 1/1024 of at most 2^40 (`FlowOriginBlocks.onGrid`) and the lengths and spacings
/// add up to at most 2^41; a block's origins are then its old ones plus the shift, exactly, and
/// everything else is written from them by `stack`'s own additions.
extension CompositionalLayout {
    /// Whether a laid-out section's values that the sums read are on the blocks' grid.
    @inline(__always)
    static func onGrid(_ sec: PreparedSection) -> Bool {
        FlowOriginBlocks.onGrid(extent: sec.length, spanMin: sec.relReachMin, spanMax: sec.relReachMax)
    }

    /// The blocks over `st`'s stacked sections (every one settled), or nil when a value is off
    /// their grid. O(sections).
    static func buildBlocks(_ st: State, spacing: Double) -> FlowOriginBlocks? {
        let n = st.sections.count, shift = FlowOriginBlocks.shift
        guard n > 0, FlowOriginBlocks.onGrid(spacing), FlowOriginBlocks.onGrid(st.sections[0].origin) else {
            return nil
        }
        let nb = (n + FlowOriginBlocks.size - 1) >> shift
        var b = FlowOriginBlocks(blocks: nb)
        let ok = st.sections.withUnsafeBufferPointer { secs -> Bool in
            var sum = st.sections[0].origin.magnitude + Double(n) * spacing.magnitude
            for k in 0..<nb {
                let start = k << shift, end = Swift.min(n, start + FlowOriginBlocks.size)
                var hi = -Double.infinity, lo = Double.infinity
                for s in start..<end {
                    guard onGrid(secs[s]) else { return false }
                    sum += secs[s].length.magnitude
                    hi = Swift.max(hi, secs[s].reachMax)
                    let v = secs[s].reachMin
                    lo = v <= lo ? v : lo  // (equal values: the later, as the floor's backward fold)
                }
                b.high[k] = hi
                b.low[k] = lo
                b.reachEnd[k] = st.reach[end - 1]
                b.floorStart[k] = st.floor[start]
            }
            b.extentSum = sum
            return sum <= FlowOriginBlocks.extentSumLimit
        }
        return ok ? b : nil
    }

    /// Writes block `k`'s sections as `stack` would from their origins plus the block's pending
    /// shift, and their search-table entries (`prepare`'s folds started from the blocks' reach
    /// before and floor after), if it is stale. O(block + its boundary items and decorations).
    static func settle(_ st: inout State, _ b: inout FlowOriginBlocks, _ k: Int) {
        guard b.stale[k] else { return }
        let shift = FlowOriginBlocks.shift, n = st.sections.count, nb = b.count
        let start = k << shift, end = Swift.min(n, start + FlowOriginBlocks.size)
        guard start < end else { return }  // (the blocks are built over the sections: not reached)
        let p = b.pending[k], horizontal = st.axis.horizontal
        var r = k == 0 ? -Double.infinity : b.reachEnd[k - 1]
        var f = k + 1 < nb ? b.floorStart[k + 1] : Double.infinity
        st.sections.withUnsafeMutableBufferPointer { secs in
            st.placed.withUnsafeMutableBufferPointer { placed in
                st.decorations.withUnsafeMutableBufferPointer { decorations in
                    for s in start..<end {
                        CompositionalLayout.move(s, to: secs[s].origin + p, horizontal, secs, placed, decorations)
                    }
                }
            }
            st.reach.withUnsafeMutableBufferPointer { re in
                for s in start..<end {
                    r = Swift.max(r, secs[s].reachMax)
                    re[s] = r
                }
            }
            st.floor.withUnsafeMutableBufferPointer { fl in
                var s = end - 1
                while s >= start {
                    f = Swift.min(f, secs[s].reachMin)
                    fl[s] = f
                    s -= 1
                }
            }
        }
        b.pending[k] = 0
        b.stale[k] = false
        st.staleBlocks -= 1
    }

    /// Settles the blocks `ks` of `st` (those stale). O(block) each stale one.
    static func settle(_ st: inout State, blocks ks: ClosedRange<Int>) {
        guard st.staleBlocks != 0, var b = st.blocks else { return }
        st.blocks = nil
        for k in ks where k >= 0 && k < b.count { settle(&st, &b, k) }
        st.blocks = b
    }

    /// Settles every block. O(stale blocks · block).
    static func settleAll(_ st: inout State) {
        guard st.staleBlocks != 0, let b = st.blocks else { return }
        settle(&st, blocks: 0...(b.count - 1))
    }

    /// After a lazy count edit stacked the sections of blocks `fb ... lb` from the first changed
    /// one (`stack` up to the end of block `lb`): the later blocks shifted by `shiftLater`, the
    /// blocks' extremes and reach and floor tables made again, the blocks whose entries that
    /// changes marked stale, blocks `fb ... lb` settled (their search-table entries).
    /// O(sections / block + block).
    static func finishLazyStack(_ st: inout State, _ fb: Int, _ lb: Int, shiftLater: Double) {
        guard var b = st.blocks else { return }
        st.blocks = nil
        let shift = FlowOriginBlocks.shift, n = st.sections.count
        st.sections.withUnsafeBufferPointer { secs in
            for k in fb...lb {
                var hi = -Double.infinity, lo = Double.infinity
                for s in (k << shift)..<Swift.min(n, (k + 1) << shift) {
                    hi = Swift.max(hi, secs[s].reachMax)
                    let v = secs[s].reachMin
                    lo = v <= lo ? v : lo
                }
                b.high[k] = hi
                b.low[k] = lo
                b.pending[k] = 0
            }
        }
        st.staleBlocks += b.propagate(restacked: fb, through: lb, shiftLater: shiftLater)
        for k in fb...lb { settle(&st, &b, k) }
        st.blocks = b
    }

    /// The first section whose reach passes `rMin` (the rect query's search): over the blocks,
    /// then inside the one it lies in, when some block is stale (that one settled by
    /// `settleOrigins(main:_:)`). O(log sections).
    static func firstSection(_ st: State, after rMin: Double) -> Int {
        let n = st.sections.count
        guard st.staleBlocks != 0, let b = st.blocks else { return firstIndex(n) { st.reach[$0] > rMin } }
        let k = Swift.min(b.count - 1, firstIndex(b.count) { b.reachEnd[$0] > rMin })
        let start = k << FlowOriginBlocks.shift, end = Swift.min(n, start + FlowOriginBlocks.size)
        return start + firstIndex(end - start) { st.reach[start + $0] > rMin }
    }

    /// Settles what a rect query over `rMin ..< rMax` along the scroll axis reads: the block its
    /// search looks inside, the blocks of the sections it walks and of the one it stops at.
    func settleOrigins(main rMin: Double, _ rMax: Double) {
        guard state.staleBlocks != 0, let ks = Self.staleBlocksRead(state, rMin, rMax) else { return }
        Self.settle(&state, blocks: ks)
    }

    /// The blocks a rect query over `rMin ..< rMax` reads (`settleOrigins(main:_:)`), nil when
    /// none of them is stale (nothing to write).
    private static func staleBlocksRead(_ st: State, _ rMin: Double, _ rMax: Double) -> ClosedRange<Int>? {
        guard let b = st.blocks else { return nil }
        let nb = b.count
        let kLo = Swift.min(nb - 1, firstIndex(nb) { b.reachEnd[$0] > rMin })
        let kHi = Swift.min(nb - 1, firstIndex(nb) { b.floorStart[$0] >= rMax })
        let ks = kLo...Swift.max(kLo, kHi)
        return ks.contains { b.stale[$0] } ? ks : nil
    }

    /// Settles section `s`'s block (a single-element lookup reads it).
    func settleOrigin(ofSection s: Int) {
        guard state.staleBlocks != 0, s >= 0, s < state.sections.count,
            state.blocks?.stale[s >> FlowOriginBlocks.shift] == true
        else { return }
        let k = s >> FlowOriginBlocks.shift
        Self.settle(&state, blocks: k...k)
    }
}
