/// Self-sizing cells, the collection view's side: measured sizes go into the flow layout's size
/// store (`FlowLayout+SelfSizing.swift`) and the content offset is corrected so that nothing the
/// host drew moves (UIKit: `invalidationContext(forPreferredLayoutAttributes:
/// withOriginalAttributes:)` with a `contentOffsetAdjustment`; TanStack Virtual's
/// `measureElement`, which adjusts the scroll offset for items that start above it).
///
/// The correction reuses scroll anchoring (`CollectionView+Anchoring.swift`): before the sizes
/// change, an anchor is taken among the visible cells — the first visible cell (index-path
/// order) whose size the batch does not change, else the first visible cell; with policy
/// `.nearest` the policy's order (unchanged cells first), with `.end` at the end the end — and
/// after the layout is prepared the offset moves so the anchor is back where it was on screen.
/// So items measured above the viewport shift the offset by their size change, items below
/// change only the content size, and a visible cell being measured grows away from the anchor.
/// It applies whatever the anchoring policy (`.none` included: UIKit's flow layout also adjusts
/// the offset for self-sizing cells), clamped into the scrollable range like any anchor.
///
/// Exact `scrollToItem` with estimates: `itemsToMeasure(forScrollTo:at:)` lists the unmeasured
/// items that decide where the item lands (the item and the cells of the viewport it would end
/// in); the host measures them and asks again until the list is empty, then `scrollToItem`
/// puts the item exactly at the position. Items above it may stay estimates: measuring them
/// later moves the offset with them, so the item stays in place.
extension CollectionView {
    /// Reports measured sizes (all or none) and corrects the content offset. Needs a
    /// flow-based layout or a grid layout (`SelfSizingLayout`).
    /// - Throws: `.state` for another layout; the flow layout's errors (`FlowLayout.setMeasuredSizes`);
    ///   a prepare's errors and the layout's errors in the anchor's lookup. Nothing changes on
    ///   error (after a failure past the write, the sections written are laid out again at the
    ///   next layout cycle).
    /// - Complexity: one visible-rect query (O(log n + v log v)), O(k) for k sizes, plus the
    ///   prepare of the sections concerned (O(n) for a per-item section of n items).
    public func setMeasuredSizes(_ items: [(IndexPath, Size)]) throws {
        let flow = try selfSizingFlow()
        try layoutIfNeeded()
        var changing = Set<IndexPath>()
        for (ip, size) in items where flow.frameForItem(at: ip)?.size != size { changing.insert(ip) }
        var anchor = try captureAnchor(policy: anchorPolicy == .none ? .firstVisible : anchorPolicy)
        if var a = anchor, !a.atEnd {
            // Stable partition: cells keeping their size first.
            a.candidates =
                a.candidates.filter { !changing.contains($0.key.indexPath) }
                + a.candidates.filter { changing.contains($0.key.indexPath) }
            anchor = a
        }
        let wasSuspended = suspendAnchoring
        suspendAnchoring = true
        defer { suspendAnchoring = wasSuspended }
        // The write checks everything first; what fails after it (the prepare, the anchor's
        // lookup: both call the layout's callbacks and hooks) gives it all back.
        let checkpoint = flow.selfSizingCheckpoint()
        let savedOffset = contentOffset, savedScroll = scrollAnimation
        guard try flow.setMeasuredSizes(items) else { return }
        do {
            try layoutIfNeeded()
            guard let anchor else { return }
            let shift = try restoreAnchor(anchor, map: { $0 })
            try layoutIfNeeded()
            guard shift != .zero else { return }
            // A running animated scroll or animation follows the content (the offset change
            // would otherwise stop the scroll and move the animation's starts on screen).
            if let s = savedScroll {
                func moved(_ p: Point) -> Point { Point(x: p.x + shift.x, y: p.y + shift.y) }
                scrollAnimation = ScrollAnimation(
                    from: moved(s.from), to: moved(s.to), timing: s.timing, start: s.start)
            }
            if transition != nil { transition?.moveContent(by: shift) }
        } catch {
            // Found by the fuzzer: an `attributes_for_element` hook failing the anchor lookup
            // left the sizes written and the content laid out with them.
            flow.restoreSelfSizing(checkpoint, relayingOut: Set(items.map(\.0.section)))
            contentOffset = savedOffset
            scrollAnimation = savedScroll
            invalidate(InvalidationContext())  // the cycle runs again: the sections are laid out anew
            throw error
        }
    }

    /// `setMeasuredSizes` by item identifier (identifiers given in bulk).
    /// - Throws: `.state` without bulk identifiers, `.invalidArgument` for an identifier that is
    ///   no item of the view; then nothing changes.
    /// - Complexity: O(1) per identifier (hash lookup), plus `setMeasuredSizes`.
    public func setMeasuredSizes(identifiers: [(UInt64, Size)]) throws {
        _ = try selfSizingFlow()
        var items: [(IndexPath, Size)] = []
        items.reserveCapacity(identifiers.count)
        for (id, size) in identifiers {
            guard let ip = try indexPath(forItemIdentifier: id) else {
                throw LayoutError.invalid("measured sizes: identifier \(id) is not an item of the view")
            }
            items.append((ip, size))
        }
        try setMeasuredSizes(items)
    }

    /// Marks items as not measured any more (`FlowLayout.clearMeasuredSizes`): `section` nil for
    /// every section, `range` nil for every item of `section`. Runs the layout cycle first (the
    /// range is checked against the counts the host last drew); changes no size.
    /// - Throws: `.state` for another layout; `.outOfRange` for a section outside the counts or a
    ///   range outside the section's items. Nothing changes on error.
    /// - Returns: how many items stopped being measured.
    @discardableResult
    public func clearMeasuredSizes(section: Int?, range: Range<Int>?) throws -> Int {
        let flow = try selfSizingFlow()
        try layoutIfNeeded()
        if let section, section >= counts.count || section < 0 {
            throw LayoutError.outOfRange("clear measured sizes: section \(section) is out of range")
        }
        return try flow.clearMeasuredSizes(section: section, range: range)
    }

    /// The cells intersecting `rect` whose size is still an estimate (index-path order), at most
    /// `limit`, and how many there are. O(log n + k).
    public func itemsToMeasure(in rect: Rect, limit: Int = .max) throws -> (items: [IndexPath], total: Int) {
        let flow = try selfSizingFlow()
        try rect.requireFinite("rect")
        try layoutIfNeeded()
        return try flow.unmeasuredItems(in: rect, limit: limit)
    }

    /// The unmeasured items that decide where `scrollToItem(at:at:)` lands: the item itself and
    /// the cells of the viewport at the offset it would move to (which decide the clamping at
    /// the content's end). Empty: `scrollToItem` lands exactly. Each round the host measures
    /// them, so at most (viewport / smallest item) rounds.
    /// - Complexity: `scrollTarget` + O(log n + k).
    public func itemsToMeasure(
        forScrollTo indexPath: IndexPath, at position: ScrollPosition,
        limit: Int = .max
    ) throws -> (items: [IndexPath], total: Int) {
        let flow = try selfSizingFlow()
        let target = try scrollTarget(for: indexPath, at: position)
        var (items, total) = try flow.unmeasuredItems(in: Rect(origin: target, size: boundsSize), limit: limit)
        if !flow.isMeasured(indexPath), !items.contains(indexPath) {
            // The item is outside that viewport (larger than it): it is needed all the same.
            total += 1
            if items.count < limit { items.append(indexPath); items.sort() }
        }
        return (items, total)
    }

    private func selfSizingFlow() throws -> any SelfSizingLayout {
        guard let flow = layout as? SelfSizingLayout else {
            throw LayoutError.state("measured sizes need a flow-based, grid or compositional layout")
        }
        return flow
    }
}
