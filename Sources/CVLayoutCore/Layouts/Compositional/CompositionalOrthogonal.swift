/// Where an orthogonal section comes to rest after a gesture (C21; decisions Q8–Q11, Q18 in
/// docs/compositional-rules.md). Offsets are across the layout's scroll axis; 0 shows the
/// section's leading inset at the visible edge.
struct CompositionalSnapping {
    var behavior: CompositionalLayout.OrthogonalScrolling
    /// The visible extent across the scroll axis (the collection view's width, vertically).
    var viewport: Double
    /// The section's scrollable extent (insets, groups and spacings).
    var extent: Double
    /// Where group 0 starts (the leading inset, plus groupPagingCentered's centring).
    var firstGroup: Double
    var groupExtent: Double
    /// Group extent + interGroupSpacing.
    var pitch: Double
    var groupCount: Int
    /// The section's own leading inset.
    var leadingInset: Double

    /// The largest resting offset: the content's end at the visible end (Q18: every resting
    /// offset is clamped into 0 ... this, as a scroll view rests inside its content).
    var maxOffset: Double { Swift.max(0, extent - viewport) }

    func clamp(_ x: Double) -> Double { Swift.min(Swift.max(x, 0), maxOffset) }

    /// One step per gesture (Q9): from the rest nearest `start`, the next one in the velocity's
    /// direction; without velocity the rest nearest `proposed`. Rests are `first + i · step`.
    private func stepped(
        first: Double, step: Double, count: Int, start: Double, proposed: Double, velocity: Double
    )
        -> Double
    {
        guard step > 0, count > 0 else { return clamp(proposed) }
        func index(_ x: Double) -> Double { ((x - first) / step).rounded() }
        var i: Double
        if velocity > 0 {
            i = index(start) + 1
        } else if velocity < 0 {
            i = index(start) - 1
        } else {
            i = index(proposed)
        }
        i = Swift.min(Swift.max(i, 0), Double(count - 1))
        return clamp(first + i * step)
    }

    func target(start: Double, proposed: Double, velocity: Double) -> Double {
        switch behavior {
        case .none, .continuous:
            return clamp(proposed)
        case .continuousGroupLeadingBoundary:
            // Q8: the group boundary nearest the proposed offset, a group's leading edge resting
            // where group 0's does at offset 0 (the leading inset shown, Q10).
            guard pitch > 0, groupCount > 0 else { return clamp(proposed) }
            let first = firstGroup - leadingInset
            let i = Swift.min(Swift.max(((proposed - first) / pitch).rounded(), 0), Double(groupCount - 1))
            return clamp(first + i * pitch)
        case .paging:
            // Pages of the viewport's extent, as a paging scroll view's.
            let pages = viewport > 0 ? Int(Swift.min((maxOffset / viewport).rounded(.up), 1e9)) + 1 : 1
            return stepped(first: 0, step: viewport, count: pages, start: start, proposed: proposed, velocity: velocity)
        case .groupPaging:
            return stepped(
                first: firstGroup - leadingInset, step: pitch, count: groupCount, start: start, proposed: proposed,
                velocity: velocity)
        case .groupPagingCentered:
            return stepped(
                first: firstGroup + groupExtent / 2 - viewport / 2, step: pitch, count: groupCount, start: start,
                proposed: proposed, velocity: velocity)
        }
    }
}
