/// The starts an animated switch away from a layout gives the elements that were not on screen
/// before it: the old layout's answers for them, looked up together. A flow layout knows its
/// items' frames, so when its item lookup is its own (`FlowLayout.answersItemLookupsWithFrames`)
/// its cells' starts are handed over as their frames (`FlowLayout.itemFrames`), each made into
/// its track's start in place (`TrackTable.set(_:cellFrame:movedBy:toAt:)`), instead of a 288-byte
/// record built and returned as an optional level by level for each item (10^5 of them in a
/// switch to a layout that puts every item on screen).
extension CollectionViewLayout {
    /// The starts of `after[fresh[j]]` in order (`FreshStarts`): this layout's attributes for each
    /// element's key, nil where it has none. The same starts as
    /// `layoutAttributesInOrder(forKeys: fresh.map { after[$0].key })`.
    /// - Complexity: as `layoutAttributesInOrder(forKeys:)`; O(fresh) memory.
    func freshStarts(after: UnsafeBufferPointer<LayoutAttributes>, fresh: [Int]) throws -> FreshStarts {
        guard !fresh.isEmpty, let flow = self as? FlowLayout, flow.answersItemLookupsWithFrames else {
            return FreshStarts(attributes: try layoutAttributesInOrder(forKeys: fresh.map { after[$0].key }))
        }
        var others: [ElementKey] = []
        // (Written in place: an append checks the array's uniqueness for each of 10^5 cells.)
        let cells = [IndexPath?](unsafeUninitializedCapacity: fresh.count) { out, written in
            for (j, i) in fresh.enumerated() {
                let e = after.baseAddress! + i
                if e.pointee.category == .cell {
                    (out.baseAddress! + j).initialize(to: e.pointee.indexPath)
                } else {
                    (out.baseAddress! + j).initialize(to: nil)
                    others.append(e.pointee.key)
                }
            }
            written = fresh.count
        }
        let frames = flow.itemFrames(cells)
        return FreshStarts(attributes: try layoutAttributesInOrder(forKeys: others), cellFrames: frames)
    }
}

extension FlowLayout {
    /// `frameForItem(at:)` of each of `indexPaths` (nil for nil), in bulk: a section is read once
    /// for a run of its items (`frameForItem` copies it out of the layout's state for each).
    /// - Complexity: O(n) lookups, each `frameForItem`'s; O(n) memory.
    func itemFrames(_ indexPaths: [IndexPath?]) -> [Rect?] {
        guard laysOutLines, state != nil else { return indexPaths.map { $0.flatMap { frameForItem(at: $0) } } }
        // (Each frame written in its place: an append checks the array's uniqueness for each.)
        return [Rect?](unsafeUninitializedCapacity: indexPaths.count) { frames, written in
            indexPaths.withUnsafeBufferPointer { ips in
                var j = 0
                while j < ips.count {
                    guard let ip = ips[j], ip.section >= 0, ip.section < state.unsafelyUnwrapped.sections.count
                    else {
                        (frames.baseAddress! + j).initialize(to: nil)
                        j += 1
                        continue
                    }
                    // (The section's origin written first when an edit left it to be moved lazily, as
                    // `frameForItem` does; the state read after.)
                    settleOrigin(ofSection: ip.section)
                    let st = state.unsafelyUnwrapped
                    j = Self.writeFrames(ips, from: j, st, st.sections[ip.section], into: frames.baseAddress!)
                }
            }
            written = indexPaths.count
        }
    }

    /// Writes the frames of `ips[j]` and the index paths after it in its section (each nil when
    /// it is not an item of `sec`) to their positions in `frames` (uninitialized there); returns
    /// the position after them. (Not inlined: the section, a parameter, is passed on as it is, not
    /// copied for each item.)
    @inline(never)
    private static func writeFrames(
        _ ips: UnsafeBufferPointer<IndexPath?>, from start: Int, _ st: FlowState, _ sec: FlowSection,
        into frames: UnsafeMutablePointer<Rect?>
    ) -> Int {
        let section = ips[start]!.section
        var j = start
        while j < ips.count, let ip = ips[j], ip.section == section {
            (frames + j).initialize(
                to: ip.item >= 0 && ip.item < sec.itemCount ? FlowLayout.itemFrame(st, sec, item: ip.item) : nil)
            j += 1
        }
        return j
    }
}
