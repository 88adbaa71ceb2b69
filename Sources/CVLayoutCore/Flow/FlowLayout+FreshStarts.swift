/// The starts an animated switch away from a layout gives the elements that were not on screen
/// before it: the old layout's answers for them, looked up together. A flow layout knows its
/// items' frames (`frameForItem(at:)`), so when its item lookup is its own
/// (`FlowLayout.answersItemLookupsWithFrames`) its cells' starts are handed over as those frames,
/// each made into its track's start in place (`TrackTable.set(_:cellFrame:movedBy:toAt:)`),
/// instead of a 288-byte record built and returned as an optional level by level for each item
/// (10^5 of them in a switch to a layout that puts every item on screen).
extension CollectionViewLayout {
    /// The starts of `after[fresh[j]]` in order (`FreshStarts`): this layout's attributes for each
    /// element's key, nil where it has none. The same starts as
    /// `layoutAttributesInOrder(forKeys: fresh.map { after[$0].key })`.
    /// - Complexity: as `layoutAttributesInOrder(forKeys:)`; O(fresh) memory.
    func freshStarts(after: UnsafeBufferPointer<LayoutAttributes>, fresh: [Int]) throws -> FreshStarts {
        guard !fresh.isEmpty, let flow = self as? FlowLayout, flow.answersItemLookupsWithFrames else {
            return FreshStarts(attributes: try layoutAttributesInOrder(forKeys: fresh.map { after[$0].key }))
        }
        var frames: [Rect?] = []
        frames.reserveCapacity(fresh.count)
        var others: [ElementKey] = []
        let elements = after.baseAddress!
        for i in fresh {
            let e = elements + i
            if e.pointee.category == .cell {
                frames.append(flow.frameForItem(at: e.pointee.indexPath))
            } else {
                frames.append(nil)
                others.append(e.pointee.key)
            }
        }
        return FreshStarts(attributes: try layoutAttributesInOrder(forKeys: others), cellFrames: frames)
    }
}
