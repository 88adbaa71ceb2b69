/// What changed, so that a layout recomputes only that: `UICollectionViewLayoutInvalidationContext`
/// and its flow-layout subclass as one value.
///
/// The collection view builds one for each cause (`invalidateLayout`, `reloadData`, a batch
/// update, a bounds change the layout asked to be invalidated for) and hands it to
/// `CollectionViewLayout.invalidateLayout(with:)` before the next `prepare()`.
public struct InvalidationContext: Equatable, Sendable {
    /// Everything is stale (`invalidateLayout`). Implies every other flag.
    public var invalidateEverything = false
    /// The counts changed (`reloadData`, batch updates): `invalidateDataSourceCounts`.
    public var invalidateDataSourceCounts = false
    /// Item sizes, insets, spacings or header/footer sizes may have changed and must be asked
    /// again: `invalidateFlowLayoutDelegateMetrics`.
    public var invalidateDelegateMetrics = false
    /// Positions must be recomputed from the known sizes (e.g. the cross-axis size changed):
    /// `invalidateFlowLayoutAttributes`.
    public var invalidateLayoutAttributes = false
    /// Only these items changed size (re-asked; everything after them moves). Kept without
    /// repeats, in the order first named: setting or merging drops an item already listed, in
    /// O(1) per item (a host naming the same items again and again between two layout cycles
    /// pays linear time, not a quadratic merge).
    public var invalidatedItems: [IndexPath] {
        get { items }
        set { items = []; itemSet = []; add(newValue) }
    }
    private var items: [IndexPath] = []
    private var itemSet = Set<IndexPath>()
    /// Only the visible bounds moved (a scroll): layouts that derive attributes from the
    /// visible rect (Cover Flow) recompute those, nothing else.
    public var boundsChanged = false
    /// The batch update being committed (the `prepare(forCollectionViewUpdates:)` list), so a
    /// layout can update its tables before `prepare()` instead of recomputing them.
    public var updateItems: [UpdateItem] = []

    public init() {}

    public static var everything: InvalidationContext {
        var c = InvalidationContext(); c.invalidateEverything = true; return c
    }
    public static var dataSourceCounts: InvalidationContext {
        var c = InvalidationContext(); c.invalidateDataSourceCounts = true; return c
    }
    public static var delegateMetrics: InvalidationContext {
        var c = InvalidationContext(); c.invalidateDelegateMetrics = true; return c
    }
    public static var layoutAttributes: InvalidationContext {
        var c = InvalidationContext(); c.invalidateLayoutAttributes = true; return c
    }
    public static var boundsOnly: InvalidationContext {
        var c = InvalidationContext(); c.boundsChanged = true; return c
    }
    public static func items(_ paths: [IndexPath]) -> InvalidationContext {
        var c = InvalidationContext(); c.invalidatedItems = paths; return c
    }

    /// Combines two pending invalidations.
    public func merged(with o: InvalidationContext) -> InvalidationContext {
        var c = self
        c.merge(o)
        return c
    }

    /// Adds `o` to this invalidation, in place: O(o's items) (no copy of the items already
    /// pending, as long as this value is not shared).
    public mutating func merge(_ o: InvalidationContext) {
        invalidateEverything = invalidateEverything || o.invalidateEverything
        invalidateDataSourceCounts = invalidateDataSourceCounts || o.invalidateDataSourceCounts
        invalidateDelegateMetrics = invalidateDelegateMetrics || o.invalidateDelegateMetrics
        invalidateLayoutAttributes = invalidateLayoutAttributes || o.invalidateLayoutAttributes
        add(o.items)
        boundsChanged = boundsChanged || o.boundsChanged
        updateItems += o.updateItems
    }

    /// Appends `paths` not listed yet. O(paths).
    public mutating func add(_ paths: [IndexPath]) {
        for ip in paths where itemSet.insert(ip).inserted { items.append(ip) }
    }

    /// Equal flags and the same items in the same order.
    public static func == (a: InvalidationContext, b: InvalidationContext) -> Bool {
        a.invalidateEverything == b.invalidateEverything && a.invalidateDataSourceCounts == b.invalidateDataSourceCounts
            && a.invalidateDelegateMetrics == b.invalidateDelegateMetrics
            && a.invalidateLayoutAttributes == b.invalidateLayoutAttributes
            && a.boundsChanged == b.boundsChanged && a.items == b.items && a.updateItems == b.updateItems
    }

    /// True when only the visible bounds moved: nothing about the content is stale.
    public var isBoundsOnly: Bool {
        boundsChanged && !invalidateEverything && !invalidateDataSourceCounts && !invalidateDelegateMetrics
            && !invalidateLayoutAttributes && invalidatedItems.isEmpty
    }
}
