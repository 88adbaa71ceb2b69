import CCVLayout
import CVLayoutCore

/// The layout `cvl_custom_layout_create` makes: `CollectionViewLayout` (whose every answer is
/// empty) with each overridable method forwarded to the caller's `cvl_layout_callbacks` through
/// `LayoutCallbacks`, which validates what they return.
final class CallbackLayout: CollectionViewLayout, HasLayoutBox {
    let callbacks: LayoutCallbacks
    weak var box: LayoutBox?

    init(_ table: cvl_layout_callbacks) throws {
        guard table.content_size != nil else { throw LayoutError(.nullArgument, "callbacks.content_size is NULL") }
        guard table.attributes_in_rect != nil else {
            throw LayoutError(.nullArgument, "callbacks.attributes_in_rect is NULL")
        }
        callbacks = LayoutCallbacks(table)
        super.init()
        flipsHorizontallyInOppositeLayoutDirection = false  // UICollectionViewLayout's default
    }

    /// What changed since the last prepare, for the `invalidate` callback.
    private var invalidation: InvalidationContext?

    override func invalidateLayout(with context: InvalidationContext) {
        super.invalidateLayout(with: context)
        invalidation = invalidation?.merged(with: context) ?? context
    }

    override func prepare() throws {
        try super.prepare()
        if let ctx = invalidation {
            invalidation = nil  // a failed prepare is retried with the view's pending context again
            try callbacks.invalidate(self, ctx)
        }
        try callbacks.prepare(self)
    }

    override func collectionViewContentSize() throws -> Size {
        try callbacks.contentSize(self, base: try super.collectionViewContentSize())
    }

    /// - Complexity: the callback's; at most `CVL_MAX_CALLBACK_ELEMENTS` elements are accepted.
    override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        try callbacks.elements(self, in: rect, base: [], into: sink)
    }

    /// Without `attributes_for_element` every lookup is a query over the whole content.
    override var lookupsQueryContent: Bool { !callbacks.hasAttributesForElement }

    private func element(_ category: ElementCategory, _ kind: ElementKind, _ ip: IndexPath) throws -> LayoutAttributes?
    {
        guard callbacks.hasAttributesForElement else { return try findInContent(category, kind, ip) }
        return try callbacks.element(self, category, kind, ip, base: nil)
    }

    /// Without `attributes_for_element`: one `attributes_in_rect` call over the whole content,
    /// keeping only the element asked for. O(the callback's cost), at most
    /// `CVL_MAX_CALLBACK_ELEMENTS` elements (more fails the lookup).
    private func findInContent(
        _ category: ElementCategory, _ kind: ElementKind, _ ip: IndexPath
    ) throws -> LayoutAttributes? {
        let size = try collectionViewContentSize()
        let sink = FindingSink(
            counts: collectionView?.counts, key: ElementKey(category: category, kind: kind, indexPath: ip))
        try layoutAttributesForElements(in: CollectionViewLayout.searchRect(content: size), into: sink)
        try sink.check()
        return sink.found
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        try element(.cell, .none, indexPath)
    }
    override func layoutAttributesForSupplementaryView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        try element(.supplementaryView, kind, indexPath)
    }
    override func layoutAttributesForDecorationView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        try element(.decorationView, kind, indexPath)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        callbacks.shouldInvalidate(
            self, forBoundsChange: newBounds, base: super.shouldInvalidateLayout(forBoundsChange: newBounds))
    }

    override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext { .everything }

    /// A `target_content_offset` callback snaps.
    override var snapsContentOffset: Bool { callbacks.hasTargetContentOffset }

    override func targetContentOffset(
        forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point
    ) throws -> Point {
        let base = try super.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
        return try callbacks.targetContentOffset(self, proposed: proposed, velocity: velocity, base: base)
    }

    /// The one `target_content_offset` callback answers the form without velocity too (zero).
    override func targetContentOffset(forProposedContentOffset proposed: Point) throws -> Point {
        try targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: .zero)
    }

    override func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) throws {
        try super.prepare(forCollectionViewUpdates: updateItems)
        try callbacks.prepare(self, forUpdates: updateItems)
    }

    override func finalizeCollectionViewUpdates() throws {
        try super.finalizeCollectionViewUpdates()
        try callbacks.finalizeUpdates(self)
    }

    override func initialAttributes(forAppearing key: ElementKey, final: LayoutAttributes) throws -> LayoutAttributes? {
        let base = try super.initialAttributes(forAppearing: key, final: final)
        return try callbacks.transition(self, appearing: true, final, base: base)
    }

    override func finalAttributes(
        forDisappearing key: ElementKey, current: LayoutAttributes
    ) throws -> LayoutAttributes? {
        let base = try super.finalAttributes(forDisappearing: key, current: current)
        return try callbacks.transition(self, appearing: false, current, base: base)
    }
}

@_cdecl("cvl_custom_layout_create")
public func cvl_custom_layout_create_impl(
    _ callbacks: UnsafePointer<cvl_layout_callbacks>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    guarded {
        guard let callbacks else { throw LayoutError(.nullArgument, "callbacks is NULL") }
        guard let out else { throw LayoutError(.nullArgument, "out_layout is NULL") }
        let layout = try CallbackLayout(callbacks.pointee)
        out.pointee = registerLayout(layout, type: CVL_LAYOUT_CUSTOM)
        layout.box = (Registry.shared.lookup(out.pointee) as? LayoutBox)
    }
}

/// Registers a new layout handle and returns it.
func registerLayout(_ layout: CollectionViewLayout, type: Int32) -> OpaquePointer {
    let box = LayoutBox(layout, type: type)
    let h = Registry.shared.insert(box)
    box.handle = h
    return h
}
