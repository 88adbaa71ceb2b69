/// `UICollectionViewFlowLayout`, headless: items broken into lines along the cross axis,
/// lines stacked along the scroll axis, with optional section headers and footers.
///
/// Open so that layouts built on it (Survey, Cover Flow, Dimensions) subclass it and override
/// `layoutAttributesForElements(in:into:)`, `layoutAttributesForItem(at:)`,
/// `shouldInvalidateLayout(forBoundsChange:)`… calling `super` first, then adjusting, exactly
/// as the seeds' Objective-C does.
///
/// Sizes come, per section, from a bulk array (`setItemSizes(_:forSection:)`), else the
/// delegate's `sizeForItemAt`, else `itemSize`. The rules (line breaking, justification, last
/// line, single-item lines, headers, pinning, content size) are in docs/flow-layout-rules.md.
///
/// Cost: `prepare()` is one linear pass over the items of the sections it recomputes, O(1) per
/// section of same-size items; queries are O(log n + k). Memory: nothing per item for
/// same-size sections; otherwise 8 bytes per item (its cross-axis origin) plus 24 bytes per
/// line, plus the sizes (16 bytes per item) for delegate-sized sections.
open class FlowLayout: CollectionViewLayout {
    // MARK: Properties (UIKit defaults). Setting one invalidates the layout, as in UIKit.

    /// The scroll axis. Default `.vertical`.
    public var scrollDirection: ScrollDirection = .vertical {
        didSet { if scrollDirection != oldValue { propertyChanged() } }
    }
    /// Size of every item without a bulk array or a delegate size. Default 50×50.
    public var itemSize = Size(width: 50, height: 50) {
        didSet { if itemSize != oldValue { propertyChanged() } }
    }
    /// Spacing between lines (may be negative: lines then overlap, as Cover Flow's −60).
    /// Default 10.
    public var minimumLineSpacing: Double = 10 {
        didSet { if minimumLineSpacing != oldValue { propertyChanged() } }
    }
    /// Minimum spacing between items of a line; full lines spread their leftover space on top
    /// of it. Default 10.
    public var minimumInteritemSpacing: Double = 10 {
        didSet { if minimumInteritemSpacing != oldValue { propertyChanged() } }
    }
    /// Insets of each section's lines (not of its header and footer). Default zero.
    public var sectionInset = EdgeInsets.zero {
        didSet { if sectionInset != oldValue { propertyChanged() } }
    }
    /// Header size; only the scroll-axis dimension is used (height when scrolling
    /// vertically), the header spans the collection view across. Default zero (no header).
    public var headerReferenceSize = Size.zero {
        didSet { if headerReferenceSize != oldValue { propertyChanged() } }
    }
    /// Footer size, as `headerReferenceSize`. Default zero (no footer).
    public var footerReferenceSize = Size.zero {
        didSet { if footerReferenceSize != oldValue { propertyChanged() } }
    }
    /// Headers stick to the start of the visible rect while their section is visible.
    public var sectionHeadersPinToVisibleBounds = false {
        didSet { if sectionHeadersPinToVisibleBounds != oldValue { pinningChanged() } }
    }
    /// Footers stick to the end of the visible rect while their section is visible.
    public var sectionFootersPinToVisibleBounds = false {
        didSet { if sectionFootersPinToVisibleBounds != oldValue { pinningChanged() } }
    }

    /// The delegate (`UICollectionViewDelegateFlowLayout`). Held strongly: the C layer owns its
    /// adapters through the layout.
    public var delegate: FlowLayoutDelegate? {
        didSet { if delegate !== oldValue { propertyChanged() } }
    }

    /// z-index of headers and footers while pinning is on (the value the classic
    /// sticky-header flow subclasses use), so they draw above the cells they float over.
    public static let pinnedZIndex = 1024

    // MARK: State

    /// The computed layout; nil until the first successful `prepare()`.
    var state: FlowState?
    /// Invalidations received since the last successful `prepare()`.
    var pendingContext = InvalidationContext()
    /// A property changed: recompute everything (also when detached).
    var needsFullRebuild = true
    /// Sections whose bulk sizes were set or removed.
    var dirtySections = Set<Int>()
    /// Bulk item sizes by section.
    var bulkSizes: [Int: FlowBulkSizes] = [:]

    public override init() { super.init() }

    /// Every frame is computed here from sizes, spacings and insets checked on the way in
    /// (finite, non-negative, at most `maxMagnitude`), so the view skips its per-element check.
    open override var producesValidatedAttributes: Bool { true }

    /// True when a rect query returns exactly `visitFlowElements`' elements (no subclass adds to
    /// or adjusts them), so `CollectionView.visitElements` may use the visit directly. False for
    /// every subclass unless it says otherwise.
    open var visitsPlainElements: Bool { type(of: self) == FlowLayout.self }

    // MARK: Layout cycle

    open override func prepare() throws {
        try prepareFlow()
    }

    open override func collectionViewContentSize() throws -> Size {
        state?.contentSize ?? .zero
    }

    open override func layoutAttributesForElements(in rect: Rect, into out: inout [LayoutAttributes]) throws {
        appendFlowElements(in: rect, into: &out)
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard let f = frameForItem(at: indexPath) else { return nil }
        return .cell(indexPath, frame: f)
    }

    /// Header and footer attributes (`.sectionHeader` / `.sectionFooter` at item 0), pinned
    /// when pinning is on; nil when the section has none, and for any other kind.
    open override func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard indexPath.item == 0, let st = state,
              indexPath.section >= 0, indexPath.section < st.sections.count else { return nil }
        switch kind {
        case .sectionHeader: return headerAttributes(st, indexPath.section, visible: visibleRect)
        case .sectionFooter: return footerAttributes(st, indexPath.section, visible: visibleRect)
        default: return nil
        }
    }

    // MARK: Invalidation

    /// True when the cross-axis size changes (the lines must be re-broken), or on any bounds
    /// change while headers or footers are pinned (their frames follow the visible rect).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        let old = collectionView?.bounds ?? .zero
        let axis = FlowAxis(scrollDirection)
        if axis.cross(newBounds.size) != axis.cross(old.size) { return true }
        if sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds { return newBounds != old }
        return false
    }

    /// `.layoutAttributes` (re-position from cached sizes) when the cross-axis size changes,
    /// `.boundsOnly` otherwise: pinned frames are computed at query time from the visible rect.
    open override func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
        let old = collectionView?.bounds ?? .zero
        let axis = FlowAxis(scrollDirection)
        var ctx = InvalidationContext.boundsOnly
        if axis.cross(newBounds.size) != axis.cross(old.size) { ctx.invalidateLayoutAttributes = true }
        return ctx
    }

    /// Records what is stale; the next `prepare()` recomputes only that:
    /// everything / data counts / delegate metrics → re-ask everything; layout attributes →
    /// re-position from cached sizes; `invalidatedItems` → re-ask those sizes and recompute
    /// from their sections on; bounds only → nothing (unless the cross-axis size changed).
    open override func invalidateLayout(with context: InvalidationContext) {
        pendingContext = pendingContext.merged(with: context)
        // A flood of item invalidations (a quarter of the items or more) costs about as much
        // as re-asking everything, and keeps the pending list bounded.
        if pendingContext.invalidatedItems.count > max(1024, (state?.totalItems ?? 0) / 4) {
            pendingContext.invalidatedItems = []
            pendingContext.invalidateDelegateMetrics = true
        }
    }

    private func propertyChanged() {
        needsFullRebuild = true
        collectionView?.invalidateLayout(.everything)
    }

    private func pinningChanged() {
        // Nothing cached depends on pinning: frames are computed at query time.
        collectionView?.invalidateLayout(.boundsOnly)
    }

    // MARK: Memory

    /// Estimated bytes held by the layout's tables and the bulk size arrays it keeps.
    public var memoryFootprint: Int {
        var b = state?.tableBytes ?? 0
        for (_, v) in bulkSizes { b += v.sizes.count * MemoryLayout<Size>.stride }
        return b
    }
}

/// A bulk size array and whether all its sizes are equal (computed once when set).
struct FlowBulkSizes {
    var sizes: [Size]
    var uniform: Bool
}
