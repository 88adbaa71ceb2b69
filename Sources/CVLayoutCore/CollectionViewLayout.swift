/// The abstract layout: `UICollectionViewLayout`. Every layout of the engine subclasses it —
/// the flow layout, the seeds' layouts, and the adapters that forward to C or Python code.
///
/// ## The layout cycle (Furrow ch. 4, "the precise order of events")
/// 1. `prepare()` — compute and cache what the queries need;
/// 2. `collectionViewContentSize()`;
/// 3. `layoutAttributesForElements(in:into:)` and the single-element queries, as often as the
///    host asks, until the layout is invalidated; then the cycle runs again.
///
/// A rect query writes into an `ElementSink` (the one query path): the sink validates every
/// element and decides what to keep, so a layout builds nothing it does not hand over and a
/// query's memory is the sink's (nothing for a count, the caller's capacity for a buffer).
///
/// The collection view drives the cycle; a layout never calls `prepare()` itself. Before the
/// next `prepare()` the collection view calls `invalidateLayout(with:)` with what changed, so a
/// layout can keep what is still valid.
///
/// A layout reads counts, bounds and content offset from `collectionView` (set while the layout
/// is attached). Every method may throw a `LayoutError` (a callback failed, a delegate answered
/// NaN); the collection view then reports it and keeps its previous state.
open class CollectionViewLayout {
    /// The collection view this layout is attached to (UIKit's `collectionView`). Weak: the view
    /// owns its layout.
    public internal(set) weak var collectionView: CollectionView?

    /// Kinds registered on this layout by name (decoration kinds, custom supplementary kinds).
    public var kinds = KindRegistry()

    /// Custom-attribute slots that hold discrete values (a mode, a type, a flag): animations
    /// switch them from the start to the end value halfway instead of blending (the CSS rule).
    /// Bit `i` marks slot `i`.
    open var discreteCustomSlots: UInt8 { 0 }

    /// True when every element the layout's queries return is drawn exactly over its frame
    /// (identity transform), so a hit test need only look at the elements whose frame contains
    /// the point (O(log n) instead of a neighbourhood query). Only a layout that knows says so:
    /// false by default, and each built-in layout answers for its own class only (a subclass
    /// that adds transforms must not inherit a true).
    open var drawsElementsWithinFrames: Bool { false }

    /// How far outside its frame (along either axis) any element of this layout may be drawn,
    /// or nil when the layout does not know (transforms from code it does not control). A hit
    /// test searches the frames within this distance of the point: O(log n + k) for the k
    /// elements there. With nil it searches a neighbourhood the size of the viewport. Default:
    /// 0 when `drawsElementsWithinFrames`, else nil.
    open var drawnReach: Double? { drawsElementsWithinFrames ? 0 : nil }

    /// `flipsHorizontallyInOppositeLayoutDirection`: whether a right-to-left view mirrors this
    /// layout's frames for the host (CollectionView+HostSpace.swift). UIKit's
    /// `UICollectionViewLayout` answers false and `UICollectionViewFlowLayout` true; here every
    /// built-in layout answers true (each is written left-to-right and is mirrored as a whole),
    /// and a layout of callbacks starts false (UIKit's base default) until its host sets it.
    public var flipsHorizontallyInOppositeLayoutDirection = true

    /// Puts `list` into the order the host draws it (later draws on top): the documented draw
    /// order (`LayoutAttributes.drawsBefore`: z-index, category, kind, index path), with cells
    /// of equal z-index ranked by `cellDrawRank` first when the layout has one.
    /// - Complexity: O(k) when already in order, O(k log k) otherwise.
    public final func sortIntoDrawOrder(_ list: inout [LayoutAttributes]) {
        guard let rank = cellDrawRank else { list.sortIntoDrawOrder(); return }
        list.sort { LayoutAttributes.drawsBefore($0, $1, cellRank: rank) }
    }

    /// UIKit leaves the order of equal z-indexes undefined. A layout whose cells overlap at equal
    /// z-indexes (Cover Flow) returns a rank of a cell's centre here (smaller draws first); the
    /// index path breaks the remaining ties. Every query path applies it: the Swift list and the
    /// C buffer alike. Read once per query, after the layout cycle. nil (the default): none.
    open var cellDrawRank: ((Point) -> Double)? { nil }

    public init() {}

    // MARK: The layout cycle

    /// `prepareLayout`. Called once per cycle before any query.
    open func prepare() throws {}

    /// `collectionViewContentSize`. Default: zero.
    open func collectionViewContentSize() throws -> Size { .zero }

    /// `layoutAttributesForElementsInRect:`: hands `sink` every element (cells, supplementary
    /// and decoration views) whose frame intersects `rect` (`Rect.intersects`). Order does not
    /// matter; the collection view returns draw order. The sink validates each element and
    /// may keep none of them (a count-only query), so a layout builds nothing it does not hand
    /// over, and should find the elements in O(log n + k).
    open func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {}

    /// The rect query collected into an array (appended to `out`), for code that wants the
    /// elements themselves. Validated like any query: an invalid element throws.
    public final func layoutAttributesForElements(in rect: Rect, into out: inout [LayoutAttributes]) throws {
        let sink = CollectingSink(counts: collectionView?.counts)
        try layoutAttributesForElements(in: rect, into: sink)
        try sink.check()
        out.append(contentsOf: sink.take())
    }

    /// `layoutAttributesForItemAtIndexPath:`. Default: searches the whole content rect.
    open func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        try findByRectQuery(.cell, .none, indexPath)
    }

    /// `layoutAttributesForSupplementaryViewOfKind:atIndexPath:`. Default: searches the whole
    /// content rect.
    open func layoutAttributesForSupplementaryView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        try findByRectQuery(.supplementaryView, kind, indexPath)
    }

    /// `layoutAttributesForDecorationViewOfKind:atIndexPath:`. Default: searches the whole
    /// content rect.
    open func layoutAttributesForDecorationView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        try findByRectQuery(.decorationView, kind, indexPath)
    }

    /// The single-element query for any category.
    public final func layoutAttributes(for key: ElementKey) throws -> LayoutAttributes? {
        switch key.category {
        case .cell: return try layoutAttributesForItem(at: key.indexPath)
        case .supplementaryView: return try layoutAttributesForSupplementaryView(ofKind: key.kind, at: key.indexPath)
        case .decorationView: return try layoutAttributesForDecorationView(ofKind: key.kind, at: key.indexPath)
        }
    }

    /// Whether each single-element lookup queries the whole content (a layout with no lookup of
    /// its own, such as a custom layout without `attributes_for_element`): callers with many
    /// keys then use `layoutAttributes(forKeys:)`, one query for all of them. False by default.
    open var lookupsQueryContent: Bool { false }

    /// The attributes of those of `keys` the layout has: one query over the whole content when
    /// `lookupsQueryContent` (instead of one per key), else one single-element lookup per key.
    /// - Complexity: the layout's query over everything once and O(k) memory, or k lookups.
    public final func layoutAttributes(forKeys keys: [ElementKey]) throws -> [ElementKey: LayoutAttributes] {
        var found: [ElementKey: LayoutAttributes] = [:]
        guard lookupsQueryContent else {
            found.reserveCapacity(keys.count)
            for k in keys { found[k] = try layoutAttributes(for: k) }
            return found
        }
        guard !keys.isEmpty else { return found }
        let size = try collectionViewContentSize()
        let sink = KeysFindingSink(counts: collectionView?.counts, keys: Set(keys))
        try layoutAttributesForElements(in: CollectionViewLayout.searchRect(content: size), into: sink)
        try sink.check()
        return sink.found
    }

    /// The default single-element lookup: a rect query over the content (and a margin around
    /// it) that keeps only the element asked for.
    /// - Complexity: the layout's rect query over everything, O(1) memory. Layouts override the
    ///   lookups they can answer directly.
    private func findByRectQuery(
        _ category: ElementCategory, _ kind: ElementKind, _ indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        let size = try collectionViewContentSize()
        let sink = FindingSink(
            counts: collectionView?.counts,
            key: ElementKey(category: category, kind: kind, indexPath: indexPath))
        try layoutAttributesForElements(in: CollectionViewLayout.searchRect(content: size), into: sink)
        try sink.check()
        return sink.found
    }

    /// `layoutAttributes(forKeys:)` in the order of `keys` (nil where the layout has none): the
    /// same lookups, without hashing the keys when each is looked up on its own.
    /// - Complexity: as `layoutAttributes(forKeys:)`.
    public final func layoutAttributesInOrder(forKeys keys: [ElementKey]) throws -> [LayoutAttributes?] {
        guard lookupsQueryContent else { return try keys.map { try layoutAttributes(for: $0) } }
        let found = try layoutAttributes(forKeys: keys)
        return keys.map { found[$0] }
    }

    /// A rect a little larger than the content so elements on its edge are found (finite
    /// whatever the content size).
    public static func searchRect(content size: Size) -> Rect {
        let limit = Double.greatestFiniteMagnitude / 4
        return Rect(
            x: -1e9, y: -1e9, width: Swift.min(size.width + 2e9, limit), height: Swift.min(size.height + 2e9, limit))
    }

    // MARK: Invalidation

    /// `shouldInvalidateLayoutForBoundsChange:`. Default false.
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

    /// Whether `shouldInvalidateLayout(forBoundsChange:)` can answer true for a move of the
    /// visible rect that keeps its size (a scroll). Default true: the view asks at every bounds
    /// change, as UIKit does. A layout that answers false is not asked on a scroll (the answer
    /// would be false): a scroll then costs no call and no read of the view's bounds. Read
    /// with the layout lent by the view (not retained): an override reads the layout's own
    /// state and calls nothing that could change the view's layout.
    open var asksOnScroll: Bool { true }

    /// Whether this layout is a `FlowLayout` (or a subclass): a class test that costs a method
    /// call, where `is FlowLayout` is a runtime cast (about 30 instructions; the C layer's direct
    /// query asks at each call). O(1).
    public var isFlowLayout: Bool { false }

    /// `invalidationContextForBoundsChange:`. Default: only the bounds moved.
    open func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext { .boundsOnly }

    /// `invalidateLayoutWithContext:`: note what is stale. The next `prepare()` recomputes it.
    open func invalidateLayout(with context: InvalidationContext) {}

    // MARK: Scrolling

    /// `targetContentOffsetForProposedContentOffset:withScrollingVelocity:`. Default: the
    /// proposed offset, unchanged (UIKit's base behaviour; snapping is for subclasses).
    open func targetContentOffset(
        forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point
    ) throws -> Point {
        proposed
    }

    /// `targetContentOffsetForProposedContentOffset:` (no velocity): where to rest after a layout
    /// update (a batch update, a bounds change) or a layout switch. Default: the proposed offset,
    /// as UIKit's base layout; a layout that snaps while the user scrolls (the velocity form above)
    /// does not snap here unless it overrides this too — the book's Cover Flow (Furrow ch. 4,
    /// Listing 4.32) implements only the velocity form, so UIKit leaves its offset where a
    /// rotation, a switch or a batch update put it. Callback layouts and flow hooks answer both
    /// forms with their one `target_content_offset` callback (velocity zero here).
    open func targetContentOffset(forProposedContentOffset proposed: Point) throws -> Point {
        proposed
    }

    /// True for a layout whose `targetContentOffset` moves offsets to resting points of its own
    /// (a cell centred, a page edge). A layout switch under an anchoring policy then proposes the
    /// offset that centres the policy's cell, so the snap rests on that cell — whether or not the
    /// offset that merely keeps the cell's screen position happens to be a resting point (of
    /// another cell). Default false (UIKit's base layout does not snap).
    open var snapsContentOffset: Bool { false }

    // MARK: Batch updates (called by the collection view around an animated update)

    /// `prepareForCollectionViewUpdates:`: the updates about to be animated, in the order
    /// deletes, moves, inserts (UIKit's order; reloads appear as a delete and an insert).
    open func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) throws {}
    /// `finalizeCollectionViewUpdates`.
    open func finalizeCollectionViewUpdates() throws {}

    /// What a batch update that fails after the layout was prepared for the new counts must
    /// give back (UIKit's updates cannot fail; here a layout switch's anchor search, a callback
    /// or the query limit can fail one, and "a failed call changes nothing"): state the layout
    /// changes in `prepare()` beyond what a prepare for the old counts recomputes. The
    /// collection view takes it before the update and hands it to `restore(forRollback:)` when
    /// the update fails. Default: nil (nothing beyond the prepared state). O(1): values whose
    /// storage is shared until written.
    open func stateForRollback() -> Any? { nil }
    /// Puts back what `stateForRollback()` returned, before the layout is prepared again for
    /// the old counts.
    open func restore(forRollback state: Any) {}

    /// `initialLayoutAttributesForAppearingItemAtIndexPath:`: where an appearing item starts.
    /// Nil means the collection view's default (a crossfade: the item's own attributes at alpha 0
    /// if it is new; its previous attributes if it existed before).
    open func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) throws -> LayoutAttributes? { nil }
    /// `finalLayoutAttributesForDisappearingItemAtIndexPath:` (index path before the update).
    open func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) throws -> LayoutAttributes? { nil }
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? { nil }
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? { nil }
    open func initialLayoutAttributesForAppearingDecorationElement(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? { nil }
    open func finalLayoutAttributesForDisappearingDecorationElement(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? { nil }

    /// Whether `initialAttributes(forAppearing:final:)` answers nil for every element, so that an
    /// animation's set-up need not ask it (each call copies the 288-byte record it is given and the
    /// optional it returns at each of its levels: ~400 instructions an element of a batch update
    /// that keeps 10^5 elements on screen). False by default; true only for a final layout of this
    /// library that overrides none of the appear hooks (no subclass can add one).
    var appearsWithoutAttributes: Bool { false }

    /// The appear hook the collection view calls, with the element's attributes after the
    /// update (`final`). Default: the UIKit-style per-category method. Layouts whose hooks work
    /// on attributes rather than index paths (C and Python callbacks) override this one.
    open func initialAttributes(forAppearing key: ElementKey, final: LayoutAttributes) throws -> LayoutAttributes? {
        try initialLayoutAttributesForAppearingElement(key)
    }

    /// The disappear hook the collection view calls, with the element's on-screen attributes
    /// before the update (`current`). Default: the UIKit-style per-category method.
    open func finalAttributes(forDisappearing key: ElementKey, current: LayoutAttributes) throws -> LayoutAttributes? {
        try finalLayoutAttributesForDisappearingElement(key)
    }

    /// The appear hook for any category.
    public final func initialLayoutAttributesForAppearingElement(_ key: ElementKey) throws -> LayoutAttributes? {
        switch key.category {
        case .cell: return try initialLayoutAttributesForAppearingItem(at: key.indexPath)
        case .supplementaryView:
            return try initialLayoutAttributesForAppearingSupplementaryElement(ofKind: key.kind, at: key.indexPath)
        case .decorationView:
            return try initialLayoutAttributesForAppearingDecorationElement(ofKind: key.kind, at: key.indexPath)
        }
    }
    /// The disappear hook for any category.
    public final func finalLayoutAttributesForDisappearingElement(_ key: ElementKey) throws -> LayoutAttributes? {
        switch key.category {
        case .cell: return try finalLayoutAttributesForDisappearingItem(at: key.indexPath)
        case .supplementaryView:
            return try finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: key.kind, at: key.indexPath)
        case .decorationView:
            return try finalLayoutAttributesForDisappearingDecorationElement(ofKind: key.kind, at: key.indexPath)
        }
    }

    // MARK: Layout transitions

    /// `prepareForTransitionToLayout:` — called on the outgoing layout.
    open func prepareForTransition(to newLayout: CollectionViewLayout) throws {}
    /// `prepareForTransitionFromLayout:` — called on the incoming layout.
    open func prepareForTransition(from oldLayout: CollectionViewLayout) throws {}
    /// `finalizeLayoutTransition`.
    open func finalizeLayoutTransition() throws {}

    // MARK: Helpers for subclasses

    /// The visible rect of the attached collection view (content offset + bounds size).
    public var visibleRect: Rect { collectionView?.bounds ?? .zero }
    /// Cached section count of the attached collection view (0 when detached).
    public var numberOfSections: Int { collectionView?.numberOfSections ?? 0 }
    /// Cached item count of `section` (0 when detached or out of range).
    public func numberOfItems(inSection section: Int) -> Int { collectionView?.numberOfItems(inSection: section) ?? 0 }
}
