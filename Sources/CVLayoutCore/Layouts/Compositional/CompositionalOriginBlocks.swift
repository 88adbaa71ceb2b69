/// The compositional layout's sections in blocks (`FlowOriginBlocks`, whose tables and sums on two
/// levels it uses; issue 32, sect10, sect11): `stack` places every section at its block's base
/// plus its local position, the pass after counts changed (`prepareChangedCounts`) makes the
/// changed sections' blocks' local sums again and every later block's base, and a block whose
/// base or search-table entries that changes gets what `stack` writes (origin, end, reach, group
/// origin, boundary items' and decorations' frames, `move`) and its search-table entries when a
/// query first reads it (`settle…`). O(sections / block + block) an edit instead of
/// O(sections), bit for bit the full pass's whatever the values.
extension CompositionalLayout {
    /// The blocks' reach ends and floor starts from `st`'s search tables (the full pass, after
    /// `stack` made the blocks and the tables were folded). O(sections / block).
    static func finishBlocks(_ st: inout State) {
        guard var b = st.blocks else { return }
        st.blocks = nil
        let n = st.sections.count, shift = FlowOriginBlocks.shift
        for k in 0..<b.count {
            b.reachEnd[k] = st.reach[Swift.min(n, (k + 1) << shift) - 1]
            b.floorStart[k] = st.floor[k << shift]
        }
        st.blocks = b
    }

    /// Places sections `ss` where they are (their block's base plus their local position: a count
    /// edit that kept their length and reach). O(their boundary items and decorations).
    static func place(_ st: inout State, _ ss: [Int]) {
        guard let b = st.blocks else { return }
        let horizontal = st.axis.horizontal
        st.sections.withUnsafeMutableBufferPointer { secs in
            st.placed.withUnsafeMutableBufferPointer { placed in
                st.decorations.withUnsafeMutableBufferPointer { decorations in
                    for s in ss {
                        let base = b.base[s >> FlowOriginBlocks.shift]
                        CompositionalLayout.move(
                            s, base: base, local: secs[s].local, horizontal, secs, placed, decorations)
                    }
                }
            }
        }
    }

    /// Writes block `k`'s sections as `stack` does, from its base, and their search-table
    /// entries (`prepare`'s folds started from the blocks' reach before and floor after), if it
    /// is stale. O(block + its boundary items and decorations).
    static func settle(_ st: inout State, _ b: inout FlowOriginBlocks, _ k: Int) {
        guard b.stale[k] else { return }
        let shift = FlowOriginBlocks.shift, n = st.sections.count, nb = b.count
        let start = k << shift, end = Swift.min(n, start + FlowOriginBlocks.size)
        guard start < end else { return }  // (the blocks are made over the sections: not reached)
        let base = b.base[k], gap = b.gap, horizontal = st.axis.horizontal
        var r = k == 0 ? -Double.infinity : b.reachEnd[k - 1]
        var f = k + 1 < nb ? b.floorStart[k + 1] : Double.infinity
        st.sections.withUnsafeMutableBufferPointer { secs in
            st.placed.withUnsafeMutableBufferPointer { placed in
                st.decorations.withUnsafeMutableBufferPointer { decorations in
                    var l = 0.0
                    for s in start..<end {
                        if s > start { l += gap }
                        CompositionalLayout.move(s, base: base, local: l, horizontal, secs, placed, decorations)
                        l += secs[s].length
                    }
                }
            }
            st.reach.withUnsafeMutableBufferPointer { re in
                for s in start..<end {
                    r = FlowOriginBlocks.fold(max: r, secs[s].reachMax)
                    re[s] = r
                }
            }
            st.floor.withUnsafeMutableBufferPointer { fl in
                var s = end - 1
                while s >= start {
                    f = FlowOriginBlocks.fold(min: f, secs[s].reachMin)
                    fl[s] = f
                    s -= 1
                }
            }
        }
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
