/// Scroll anchoring: which element keeps its place on screen when the content changes.
///
/// UIKit keeps the content offset through size changes and bounds changes, and through batch
/// updates except that a viewport left hanging past the end of content that shrank is pulled
/// back into it (`pullBackIntoContent`), so the content jumps when something changes above the
/// viewport (`.none` keeps exactly that). With a
/// policy, the view picks an anchor cell before the change and, once the layout is prepared
/// again, moves the content offset along the scroll axis so that the anchor's frame origin is
/// where it was on screen (CSS's `overflow-anchor`, RecyclerView's and TanStack Virtual's
/// behaviour). The adjusted offset is clamped into the scrollable range `[0, content − viewport]`;
/// only then can the anchor move.
public enum AnchorPolicy: Equatable, Sendable {
    /// UIKit's behaviour: the content offset is kept (a batch update pulls back an overhang past
    /// the end of shrunk content).
    case none
    /// The visible cell with the lowest index path keeps its screen position (falling back to
    /// the next visible cells when it goes away).
    case firstVisible
    /// The visible cell whose centre is nearest to `point` (viewport coordinates: (0, 0) is the
    /// visible rect's top-left corner) keeps its screen position (then the next nearest).
    case nearest(Point)
    /// Chats (RecyclerView's `stackFromEnd`): when the viewport shows the end of the content
    /// (within 0.5 pt), it keeps showing the end through every change, layout switches included;
    /// otherwise the last visible cell that survives keeps the distance from its trailing edge
    /// to the viewport's end (the messages nearest the newest ones keep their place).
    case end
}

/// An anchor captured before a change: candidate cells in order of preference with their
/// screen positions, the scroll axis and whether the viewport showed the end.
struct ScrollAnchor {
    /// `screen`: the frame origin in viewport coordinates; with `fromEnd`, the frame's trailing
    /// corner (max x, max y) minus the viewport's (so ≤ 0 for a cell ending inside it).
    struct Candidate { var key: ElementKey; var screen: Point }
    var candidates: [Candidate]
    var vertical: Bool
    var atEnd: Bool
    var offset: Point
    /// `.end` away from the end: candidates last first, kept by their trailing edge.
    var fromEnd = false
}

extension CollectionView {
    /// Captures the anchor from the layout's last prepared state (what the host last drew),
    /// or nil with policy `.none`, before the first prepare, or when the counts changed since.
    /// - Complexity: one rect query of the visible rect, O(v log K) for v visible elements;
    ///   at most K = `maxAnimatedElements` candidates (the first in priority order) are kept,
    ///   so a huge viewport costs O(K) memory, not O(v); v is at most `CVL_MAX_QUERY_ELEMENTS`
    ///   (the candidates of a viewport holding more come from the first elements visited).
    /// `policy` replaces the view's policy (self-sizing anchors under `.none` too).
    func captureAnchor(policy: AnchorPolicy? = nil) throws -> ScrollAnchor? {
        let anchorPolicy = policy ?? anchorPolicy
        if anchorPolicy == .none { return nil }
        guard let prepared = preparedCounts, prepared == counts else { return nil }
        let before: (LayoutAttributes, LayoutAttributes) -> Bool
        switch anchorPolicy {
        case .nearest(let viewportPoint):
            let p = layoutViewportPoint(viewportPoint)
            let c = Point(x: contentOffset.x + p.x, y: contentOffset.y + p.y)
            func d(_ a: LayoutAttributes) -> Double {
                let dx = a.center.x - c.x, dy = a.center.y - c.y
                return dx * dx + dy * dy
            }
            before = { (d($0), $0.indexPath) < (d($1), $1.indexPath) }
        case .end:
            before = { $1.indexPath < $0.indexPath }  // the last visible cell first
        default:
            before = { $0.indexPath < $1.indexPath }
        }
        let keep = Self.maxAnimatedElements
        var cells: [LayoutAttributes] = []
        var cutoff: LayoutAttributes?  // the worst kept once `keep` are kept: worse ones are skipped
        let sink = VisitingSink(counts: prepared) { a in
            guard a.category == .cell, !a.isHidden else { return }
            if let c = cutoff, !before(a, c) { return }
            cells.append(a)
            if cells.count >= 2 * keep {  // keep the best `keep`: amortized O(log K) per kept cell
                cells.sort(by: before)
                cells.removeLast(cells.count - keep)
                cutoff = cells.last
            }
        }
        // A viewport holding more than CVL_MAX_QUERY_ELEMENTS elements: the candidates come
        // from the first ones the layout hands over.
        try sink.visitingUpToLimit { try layout.layoutAttributesForElements(in: bounds, into: sink) }
        cells.sort(by: before)
        if cells.count > keep { cells.removeLast(cells.count - keep) }
        let size = cachedContentSize
        let vertical = Self.scrollsVertically(layout: layout, content: size, viewport: boundsSize)
        let atEnd =
            vertical
            ? contentOffset.y >= size.height - boundsSize.height - 0.5
            : contentOffset.x >= size.width - boundsSize.width - 0.5
        let fromEnd = anchorPolicy == .end
        return ScrollAnchor(
            candidates: cells.map { Self.candidate($0, offset: contentOffset, viewport: boundsSize, fromEnd: fromEnd) },
            vertical: vertical, atEnd: fromEnd && atEnd, offset: contentOffset, fromEnd: fromEnd)
    }

    /// A candidate's screen position: its frame origin in viewport coordinates, or with
    /// `fromEnd` its trailing corner relative to the viewport's.
    static func candidate(
        _ a: LayoutAttributes, offset: Point, viewport: Size, fromEnd: Bool
    ) -> ScrollAnchor.Candidate {
        let f = a.frame
        let screen =
            fromEnd
            ? Point(x: f.maxX - (offset.x + viewport.width), y: f.maxY - (offset.y + viewport.height))
            : Point(x: f.minX - offset.x, y: f.minY - offset.y)
        return .init(key: a.key, screen: screen)
    }

    /// The offset that puts candidate `c` (captured from attributes now at `a`) back at its
    /// screen position, on both axes.
    func anchoredOffset(_ a: LayoutAttributes, _ c: ScrollAnchor.Candidate, fromEnd: Bool) -> Point {
        let f = a.frame
        return fromEnd
            ? Point(x: f.maxX - boundsSize.width - c.screen.x, y: f.maxY - boundsSize.height - c.screen.y)
            : Point(x: f.minX - c.screen.x, y: f.minY - c.screen.y)
    }

    /// Whether the viewport shows the end of the content along the scroll axis (within 0.5 pt),
    /// by the layout's last prepared content size.
    func isShowingEnd() -> Bool {
        let size = cachedContentSize
        return Self.scrollsVertically(layout: layout, content: size, viewport: boundsSize)
            ? contentOffset.y >= size.height - boundsSize.height - 0.5
            : contentOffset.x >= size.width - boundsSize.width - 0.5
    }

    /// The scroll axis: a flow layout's or a grid's direction; otherwise vertical unless only the width
    /// overflows the viewport.
    static func scrollsVertically(layout: CollectionViewLayout, content: Size, viewport: Size) -> Bool {
        if let flow = layout as? FlowLayout { return flow.scrollDirection == .vertical }
        if let grid = layout as? GridLayout { return grid.configuration.scrollDirection == 0 }
        return !(content.width > viewport.width && content.height <= viewport.height)
    }

    /// Moves the content offset along the anchor's axis so its first surviving candidate (keys
    /// mapped by `map`) is back at its screen position (or to the end for a chat at the end),
    /// clamped into the scrollable range. Call with the layout prepared. Returns the offset change.
    /// - Complexity: one single-element query per candidate tried.
    @discardableResult
    func restoreAnchor(_ anchor: ScrollAnchor, map: (ElementKey) -> ElementKey?) throws -> Point {
        let size = cachedContentSize
        var target: Double?
        if anchor.atEnd {
            target = anchor.vertical ? size.height - boundsSize.height : size.width - boundsSize.width
        } else {
            let lookUp = try candidateLookup(anchor.candidates.compactMap { map($0.key) })
            for c in anchor.candidates {
                guard let key = map(c.key), let a = try lookUp(key) else { continue }
                let o = anchoredOffset(a, c, fromEnd: anchor.fromEnd)
                target = anchor.vertical ? o.y : o.x
                break
            }
        }
        guard let t = target, t.isFinite else { return .zero }
        var o = contentOffset
        if anchor.vertical {
            o.y = clampOffset(t, content: size.height, viewport: boundsSize.height)
        } else {
            o.x = clampOffset(t, content: size.width, viewport: boundsSize.width)
        }
        let shift = Point(x: o.x - contentOffset.x, y: o.y - contentOffset.y)
        if shift != .zero { try setContentOffset(o) }
        return shift
    }

    /// Before an invalidation that may move things (sizes, metrics, bounds size): remembers the
    /// anchor once until the next prepare restores it.
    func noteAnchorBeforeInvalidation(_ ctx: InvalidationContext) {
        guard anchorPolicy != .none, !suspendAnchoring, !ctx.isBoundsOnly, pendingAnchor == nil, !needsPrepare else {
            return
        }
        pendingAnchor = try? captureAnchor()
    }

    /// After a prepare: puts the pending anchor back (its keys are unchanged: no counts changed)
    /// and, after a bounds-size change, lets the layout pick its resting offset
    /// (`settleAfterBoundsChange`). Both are dropped while a batch update or switch places its
    /// own anchor.
    func restorePendingAnchor() throws {
        let anchor = pendingAnchor, settles = settlesAfterBoundsChange
        pendingAnchor = nil
        settlesAfterBoundsChange = false
        guard !suspendAnchoring else { return }
        if let anchor { try restoreAnchor(anchor, map: { $0 }) }
        if settles {
            try layoutIfNeeded()  // the restored offset may invalidate (Cover Flow: bounds only)
            try settleAfterBoundsChange(anchor: anchor)
        }
    }

    /// After the prepare that follows a bounds-size change (a rotation), as UIKit asks
    /// `targetContentOffsetForProposedContentOffset:` (no velocity) after a layout update:
    /// proposes the offset as it stands — kept (policy `.none`, UIKit's behaviour) or anchored
    /// (the anchor's screen position restored) — to that form and moves there. A layout that
    /// snaps (`snapsContentOffset`) under a policy instead gets, as a layout switch does, the
    /// offset centring the anchor cell along the scroll axis (clamped; for a chat at the end,
    /// the end) proposed to its snapping form (velocity zero), so it rests on that cell and not
    /// on whichever resting point is nearest the anchored offset. A non-finite answer keeps
    /// the offset. Call with the layout prepared.
    /// - Complexity: one `targetContentOffset` call (Cover Flow: one rect query of the viewport)
    ///   plus one single-element query per anchor candidate tried.
    func settleAfterBoundsChange(anchor: ScrollAnchor?) throws {
        let target: Point
        if let anchor, layout.snapsContentOffset, let centred = try centringOffset(anchor) {
            target = try layout.targetContentOffset(forProposedContentOffset: centred, withScrollingVelocity: .zero)
        } else {
            target = try layout.targetContentOffset(forProposedContentOffset: contentOffset)
        }
        guard target.isFinite, target != contentOffset else { return }
        try setContentOffset(target)
    }

    /// After a batch update's layout is prepared for the new counts (and the anchoring policy
    /// has moved the offset), as UXKit's `-_endItemAnimations` computes the update's new visible
    /// bounds before `-_updateWithItems:`: when the viewport now hangs past the end of the
    /// content along an axis on which the content is larger than the viewport, the offset moves
    /// back by the overhang (`origin -= maxY(visible) - maxY(content)`, so the viewport ends at
    /// the content's end: content − bounds); nothing else is clamped — an offset before the
    /// start (negative) is kept, and so is any offset along an axis the content does not
    /// overfill (no move to 0). Returns the offset change. Call with the layout prepared.
    /// - Complexity: O(1), plus a layout cycle when the offset moves and the layout invalidates
    ///   for it.
    func pullBackIntoContent() throws -> Point {
        let content = cachedContentSize
        var o = contentOffset
        let maxY = o.y + boundsSize.height, maxX = o.x + boundsSize.width
        if maxY > content.height && content.height > boundsSize.height { o.y -= maxY - content.height }
        if maxX > content.width && content.width > boundsSize.width { o.x -= maxX - content.width }
        guard o.isFinite, o != contentOffset else { return .zero }
        let shift = Point(x: o.x - contentOffset.x, y: o.y - contentOffset.y)
        try setContentOffset(o)
        try layoutIfNeeded()
        return shift
    }

    /// After a batch update's layout is prepared for the new counts and told of the update
    /// (`prepare(forCollectionViewUpdates:)`), as UIKit asks the layout
    /// `targetContentOffsetForProposedContentOffset:` (the form without velocity: "during layout
    /// updates"; UXKit's `-_updateWithItems:` asks it right after `prepareForCollectionViewUpdates:`
    /// and before building the animations and `finalizeCollectionViewUpdates`): proposes the
    /// offset as it stands — kept (policy `.none`, UIKit's behaviour) or anchored (the anchor cell
    /// back at its screen position), then pulled back if it hangs past the end of the content
    /// (`pullBackIntoContent`) — and moves there. The anchoring policy computes the proposal
    /// and the layout has the last word, as after a rotation: a policy applied after the layout
    /// would undo every layout's answer. The default answer (the proposal) changes nothing; the
    /// built-in layouts keep it (Cover Flow implements only the velocity form, as the book's).
    /// A non-finite answer keeps the offset. Returns the offset change. Call with the layout
    /// prepared.
    /// - Complexity: one `targetContentOffset` call, plus a layout cycle when the offset moves and
    ///   the layout invalidates for it.
    func settleAfterUpdate() throws -> Point {
        let proposed = contentOffset
        let target = try layout.targetContentOffset(forProposedContentOffset: proposed)
        guard target.isFinite, target != proposed else { return .zero }
        try setContentOffset(target)
        try layoutIfNeeded()
        return Point(x: target.x - proposed.x, y: target.y - proposed.y)
    }

    /// The single-element lookup for an anchor's candidates `keys`, tried in order until one is
    /// found: for a layout whose every lookup queries its whole content, all of them looked up in
    /// one query first (else one lookup per candidate tried, as before).
    private func candidateLookup(_ keys: [ElementKey]) throws -> (ElementKey) throws -> LayoutAttributes? {
        let layout = self.layout
        guard layout.lookupsQueryContent else { return { try layout.layoutAttributes(for: $0) } }
        let looked = try layout.layoutAttributes(forKeys: keys)
        return { looked[$0] }
    }

    /// The offset that centres the anchor's first candidate the layout still has along the
    /// anchor's axis, clamped into the scrollable range (the other coordinate kept); the current
    /// offset for a chat at the end (already moved to the end); nil when no candidate is left.
    func centringOffset(_ anchor: ScrollAnchor) throws -> Point? {
        if anchor.atEnd { return contentOffset }
        let size = cachedContentSize
        let lookUp = try candidateLookup(anchor.candidates.map(\.key))
        for c in anchor.candidates {
            guard let a = try lookUp(c.key) else { continue }
            var o = contentOffset
            if anchor.vertical {
                o.y = clampOffset(a.center.y - boundsSize.height / 2, content: size.height, viewport: boundsSize.height)
            } else {
                o.x = clampOffset(a.center.x - boundsSize.width / 2, content: size.width, viewport: boundsSize.width)
            }
            return o.isFinite ? o : nil
        }
        return nil
    }

    /// The anchor of a layout switch under a policy: the policy's first candidate among the
    /// visible cells, by the current layout's final attributes (nil with `.none`: the switch
    /// keeps the cell nearest the centre); for `.end`, the last visible cell. Call with the
    /// layout prepared.
    /// - Complexity: one rect query of the visible rect, O(1) memory; a viewport holding more
    ///   than `CVL_MAX_QUERY_ELEMENTS` elements is searched in boxes around the point
    ///   (`nearestCell`), or, for `.firstVisible` and `.end`, among the first elements visited.
    func switchAnchor() throws -> LayoutAttributes? {
        if anchorPolicy == .none { return nil }
        if case .nearest(let viewportPoint) = anchorPolicy {
            let p = layoutViewportPoint(viewportPoint)
            let target = Point(x: contentOffset.x + p.x, y: contentOffset.y + p.y)
            return try layout.nearestCell(to: target, in: bounds, counts: counts, accept: { !$0.isHidden }) {
                a, d, b, bd in d < bd || (d == bd && a.indexPath < b.indexPath)
            }
        }
        var best: LayoutAttributes?
        let last = anchorPolicy == .end
        let sink = VisitingSink(counts: counts) { a in
            guard a.category == .cell, !a.isHidden else { return }
            if best.map({ last ? $0.indexPath < a.indexPath : a.indexPath < $0.indexPath }) ?? true { best = a }
        }
        try sink.visitingUpToLimit { try layout.layoutAttributesForElements(in: bounds, into: sink) }
        return best
    }
}
