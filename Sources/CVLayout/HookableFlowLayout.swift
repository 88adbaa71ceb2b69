import CCVLayout
import CVLayoutCore

/// The flow layout `cvl_flow_layout_create` makes: UIKit's flow layout whose overridable methods
/// also go, after the flow's own answer, to the optional `cvl_layout_callbacks` set by
/// `cvl_flow_layout_set_hooks` (through `LayoutCallbacks`): the C form of "subclass and call
/// super" (Furrow ch. 4, Listings 4.4-4.12).
final class HookableFlowLayout: FlowLayout, HasLayoutBox {
    /// (Whether the flow answers rect queries with its cells depends on them: noted at each set.)
    var hooks: LayoutCallbacks? { didSet { noteRectQueryAnswerChanged() } }
    weak var box: LayoutBox?

    /// Hooks can add transforms; without them this is the plain flow layout.
    override var drawsElementsWithinFrames: Bool { hooks == nil }

    /// What changed since the last prepare, for the `invalidate` hook.
    private var invalidation: InvalidationContext?

    override func invalidateLayout(with context: InvalidationContext) {
        super.invalidateLayout(with: context)
        if hooks != nil { invalidation = invalidation?.merged(with: context) ?? context }
    }

    override func prepare() throws {
        // The size store's edits (bulk sizes set, replaced, cleared) come with an empty context
        // from the view: the hook is told what they changed (read before prepare consumes them).
        let sizes = hooks != nil && invalidation != nil ? pendingSizeChanges() : nil
        try super.prepare()
        if var ctx = invalidation {
            invalidation = nil  // a failed prepare is retried with the view's pending context again
            if let sizes {
                ctx.merge(sizes)
                if ctx.invalidateDelegateMetrics || ctx.invalidateEverything { ctx.invalidatedItems = [] }
            }
            try hooks?.invalidate(self, ctx)
        }
        try hooks?.prepare(self)
    }

    override func collectionViewContentSize() throws -> Size {
        let base = try super.collectionViewContentSize()
        return try hooks?.contentSize(self, base: base) ?? base
    }

    /// With an `attributes_in_rect` hook, the flow's elements in `rect` are collected (at most
    /// `CVL_MAX_CALLBACK_ELEMENTS`: the hook receives them in one buffer) and what the hook
    /// returns goes to the sink, which validates it (a hook can return anything).
    /// The flow's elements only (an `attributes_in_rect` hook gets them through a sink of its
    /// own, which ignores the bound).
    override var sendsOnlyFlowElements: Bool { true }

    /// Without an `attributes_in_rect` hook a rect query is the flow's own.
    override var answersRectQueriesWithCellSpans: Bool { !(hooks?.hasAttributesInRect ?? false) }

    override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        guard let hooks, hooks.hasAttributesInRect else {
            try super.layoutAttributesForElements(in: rect, into: sink)
            return
        }
        let base = CollectingSink(counts: sink.counts, keep: maxCallbackElements)
        try super.layoutAttributesForElements(in: rect, into: base)
        try base.check()
        try hooks.elements(self, in: rect, base: base.take(), into: sink)
    }

    /// Without an `attributes_for_element` hook an item's lookup is the flow's.
    override var answersItemLookupsWithFrames: Bool { !(hooks?.hasAttributesForElement ?? false) }

    override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        // Without hooks the flow's answer is returned as it is made, not copied through a local
        // (an animated switch away from a flow asks for every item not on screen: 10^5 of them).
        guard let hooks else { return try super.layoutAttributesForItem(at: indexPath) }
        let base = try super.layoutAttributesForItem(at: indexPath)
        return try hooks.element(self, .cell, .none, indexPath, base: base) ?? base
    }

    override func layoutAttributesForSupplementaryView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        let base = try super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
        guard let hooks else { return base }
        return try hooks.element(self, .supplementaryView, kind, indexPath, base: base)
    }

    override func layoutAttributesForDecorationView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        let base = try super.layoutAttributesForDecorationView(ofKind: kind, at: indexPath)
        guard let hooks else { return base }
        return try hooks.element(self, .decorationView, kind, indexPath, base: base)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        let base = super.shouldInvalidateLayout(forBoundsChange: newBounds)
        return hooks?.shouldInvalidate(self, forBoundsChange: newBounds, base: base) ?? base
    }

    /// A scroll is asked about only when the flow's rule or the hook can answer true.
    override var asksOnScroll: Bool { invalidatesOnScroll || hooks?.hasShouldInvalidate == true }

    /// A `target_content_offset` hook snaps.
    override var snapsContentOffset: Bool { hooks?.hasTargetContentOffset ?? false }

    override func targetContentOffset(
        forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point
    ) throws -> Point {
        let base = try super.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
        return try hooks?.targetContentOffset(self, proposed: proposed, velocity: velocity, base: base) ?? base
    }

    /// The one `target_content_offset` hook answers the form without velocity too (zero).
    override func targetContentOffset(forProposedContentOffset proposed: Point) throws -> Point {
        let base = try super.targetContentOffset(forProposedContentOffset: proposed)
        guard let hooks else { return base }
        return try hooks.targetContentOffset(self, proposed: proposed, velocity: .zero, base: base)
    }

    override func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) throws {
        try super.prepare(forCollectionViewUpdates: updateItems)
        try hooks?.prepare(self, forUpdates: updateItems)
    }

    override func finalizeCollectionViewUpdates() throws {
        try super.finalizeCollectionViewUpdates()
        try hooks?.finalizeUpdates(self)
    }

    override func initialAttributes(forAppearing key: ElementKey, final: LayoutAttributes) throws -> LayoutAttributes? {
        let base = try super.initialAttributes(forAppearing: key, final: final)
        guard let hooks else { return base }
        return try hooks.transition(self, appearing: true, final, base: base)
    }

    override func finalAttributes(
        forDisappearing key: ElementKey, current: LayoutAttributes
    ) throws -> LayoutAttributes? {
        let base = try super.finalAttributes(forDisappearing: key, current: current)
        guard let hooks else { return base }
        return try hooks.transition(self, appearing: false, current, base: base)
    }
}
