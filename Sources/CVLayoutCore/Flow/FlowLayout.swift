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
/// section of same-size items; a range edit of a section's sizes (`replaceItemSizes`, measured
/// sizes) re-lays out only the lines it can change (`FlowLineBlocks.relayOut`). Queries are
/// O(log n + k). Memory: nothing per item for same-size sections; otherwise 8 bytes per item
/// (its cross-axis origin) plus 40 bytes per line, plus the sizes (16 bytes per item) for
/// delegate-sized sections.
open class FlowLayout: CollectionViewLayout {
    // MARK: Properties

    /// Every property at once (UIKit's defaults until configured). Set it with `configure(_:)`,
    /// which validates first: the layout never holds an invalid configuration.
    public private(set) var configuration: FlowConfiguration

    /// Validates `configuration` and installs all of it, or throws and changes nothing.
    /// Invalidates the attached collection view's layout as UIKit's property setters do
    /// (everything; only the bounds-dependent frames when just the pinning changed).
    /// - Throws: `LayoutError.invalidArgument` (see `FlowConfiguration.validate()`).
    /// - Complexity: O(1), plus the invalidation.
    public func configure(_ configuration: FlowConfiguration) throws {
        try configuration.validate()
        let old = self.configuration
        guard configuration != old else { return }
        self.configuration = configuration
        var pinOnly = old
        pinOnly.sectionHeadersPinToVisibleBounds = configuration.sectionHeadersPinToVisibleBounds
        pinOnly.sectionFootersPinToVisibleBounds = configuration.sectionFootersPinToVisibleBounds
        if pinOnly == configuration { pinningChanged() } else { propertyChanged() }
    }

    /// Changes some properties: `change` edits a copy of the configuration, which is then
    /// installed as by `configure(_:)` (all or nothing).
    public func configure(_ change: (inout FlowConfiguration) -> Void) throws {
        var c = configuration
        change(&c)
        try configure(c)
    }

    /// `configuration.scrollDirection`.
    public var scrollDirection: ScrollDirection { configuration.scrollDirection }
    /// `configuration.itemSize`.
    public var itemSize: Size { configuration.itemSize }
    /// `configuration.minimumLineSpacing`.
    public var minimumLineSpacing: Double { configuration.minimumLineSpacing }
    /// `configuration.minimumInteritemSpacing`.
    public var minimumInteritemSpacing: Double { configuration.minimumInteritemSpacing }
    /// `configuration.sectionInset`.
    public var sectionInset: EdgeInsets { configuration.sectionInset }
    /// The insets a section without a delegate answer gets: `sectionInset`. A subclass may derive
    /// them (Cover Flow derives them from the bounds); it must then invalidate when they change.
    open var effectiveSectionInset: EdgeInsets { sectionInset }
    /// `configuration.headerReferenceSize`.
    public var headerReferenceSize: Size { configuration.headerReferenceSize }
    /// `configuration.footerReferenceSize`.
    public var footerReferenceSize: Size { configuration.footerReferenceSize }
    /// `configuration.sectionHeadersPinToVisibleBounds`.
    public var sectionHeadersPinToVisibleBounds: Bool { configuration.sectionHeadersPinToVisibleBounds }
    /// `configuration.sectionFootersPinToVisibleBounds`.
    public var sectionFootersPinToVisibleBounds: Bool { configuration.sectionFootersPinToVisibleBounds }

    /// The delegate (`UICollectionViewDelegateFlowLayout`). Held strongly: the C layer owns its
    /// adapters through the layout.
    public var delegate: FlowLayoutDelegate? {
        didSet { if delegate !== oldValue { propertyChanged() } }
    }

    /// z-index of headers and footers while pinning is on (the value the classic
    /// sticky-header flow subclasses use), so they draw above the cells they float over.
    public static let pinnedZIndex = 1024

    // MARK: State

    /// The computed layout; nil until the first successful `prepare()`. Assigned only in
    /// Flow/FlowLayout+Prepare.swift, each time with `hasState`.
    var state: FlowState?
    /// `state != nil`, kept beside it (written with every assignment of `state`): a query's check
    /// reads one flag where the optional's test was an outlined call (~13 instructions a query).
    var hasState = false
    /// `state` has blocks whose origins are not written yet (`FlowState.staleBlocks` is not 0):
    /// kept beside it so that a query tests one flag (`settleOrigins`).
    var originsPending = false
    /// Where the last direct rect query's search ended (Flow/FlowCellSpans.swift).
    var spanFinger = FlowSpanFinger()
    /// Where in its section's size table the last screenful's window lay (Flow/FlowScreenful.swift):
    /// a hint checked against the tables it is used on, so no edit needs to reset it.
    var sizeFinger = FlowChunkPlace()
    /// Invalidations received since the last successful `prepare()`.
    var pendingContext = InvalidationContext()
    /// A property changed: recompute everything (also when detached).
    var needsFullRebuild = true
    /// Sections whose bulk sizes were set or removed.
    var dirtySections = Set<Int>()
    /// Sections whose bulk sizes were only edited by range (`replaceItemSizes`, measured
    /// sizes) since the last prepare, with what the edits changed: their lines are re-laid out
    /// from the first changed one only.
    var sizeEdits: [Int: FlowEdit] = [:]
    /// Sections whose sizes were handed over whole (`setItemSizes`) since the last prepare and
    /// recorded in `sizeEdits` as the range that differs: still told to the hooks as a metrics
    /// change (`pendingSizeChanges`), as any hand-over of a whole section.
    var handedOver = Set<Int>()
    /// Partial updates that restacked only from their first changed section
    /// (`FlowState.restack`), and the sections they moved: the tests check that one-item edits
    /// take that path and stop early.
    var partialRestacks = 0
    var sectionsRestacked = 0
    /// Sections laid out again from their old lines (`FlowSection.layOut(reusing:)`) so far: the
    /// tests check that edits take that path.
    var incrementalLayouts = 0
    /// Lines those layouts broke again.
    var incrementalLinesBroken = 0
    /// Nodes of the block offset trees those layouts read or wrote (`FlowBlockOffsets`).
    var incrementalOffsetNodes = 0
    /// Those layouts that rebuilt the trees over every block of the section (the number of
    /// blocks changed: O(blocks)).
    var incrementalFullReindexes = 0
    /// Those layouts that re-broke more than `FlowLineBlocks.longRegion` lines straight into
    /// blocks (`FlowLineBlocks.relayOutLong`).
    var incrementalLongLayouts = 0
    /// Runs of equal sizes whose old lines those layouts kept (`FlowLineBlocks.uniformJumpItems`).
    var incrementalUniformJumps = 0
    /// Bulk item sizes by section: the host's arrays, and the ones the layout made to hold
    /// measured sizes (`ownsSizes`). The one per-item size store.
    var bulkSizes: [Int: FlowBulkSizes] = [:]
    /// Which items of a section have a measured size (FlowLayout+SelfSizing.swift).
    var measured: [Int: FlowMeasuredItems] = [:]
    /// Sections whose bulk array the layout made from the estimates when an item was measured.
    var ownsSizes = Set<Int>()

    /// A prepare for changed counts forgets the measurements of the sections whose count changed
    /// (`forgetMeasurements(ifCountsChangedFrom:)`); a batch update that fails afterwards gets
    /// them back with the sizes they were written into (found by the fuzzer: a failed animated
    /// insert left its section at its estimates, the content 7,366 points high before and 830
    /// after). O(1): the tables are shared until written.
    open override func stateForRollback() -> Any? {
        measured.isEmpty ? nil : FlowRollbackState(measured: measured, ownsSizes: ownsSizes, bulkSizes: bulkSizes)
    }

    open override func restore(forRollback state: Any) {
        guard let s = state as? FlowRollbackState else { return }
        measured = s.measured
        ownsSizes = s.ownsSizes
        bulkSizes = s.bulkSizes
    }

    // MARK: Subclasses that place the items themselves

    /// Whether `prepare()` breaks the flow's lines. A subclass that places every item itself
    /// from the flow's resolved sizes (`WaterfallLayout`) answers false: the flow's prepare then
    /// resolves and checks each section's inputs only (O(1) a section for bulk sizes), its
    /// sections have no line, and the flow's getters answer from the subclass
    /// (`placedItemFrame(at:)`, `placedSectionFrame(_:)`, the subclass's supplementary views and
    /// `layoutAttributesForElements(in:into:)` for the items to measure) or nothing (0 lines, nil).
    var laysOutLines: Bool { true }

    /// The item's frame as the subclass placed it (read only when `laysOutLines` is false).
    func placedItemFrame(at indexPath: IndexPath) -> Rect? { nil }

    /// The section's frame as the subclass placed it (read only when `laysOutLines` is false).
    func placedSectionFrame(_ section: Int) -> Rect? { nil }

    /// A flow layout with UIKit's defaults (`FlowConfiguration.default`).
    public override init() {
        configuration = .default
        super.init()
        answersWithCellSpans = answersRectQueriesWithCellSpans
    }

    /// A flow layout with a configuration its subclass defines as constants (the seeds'
    /// metrics); `FlowConfigurationTests` checks that each of them validates.
    init(seedConfiguration: FlowConfiguration) {
        configuration = seedConfiguration
        super.init()
        answersWithCellSpans = answersRectQueriesWithCellSpans
    }

    /// The flow layout draws every element over its frame (subclasses answer for themselves).
    open override var drawsElementsWithinFrames: Bool { type(of: self) == FlowLayout.self }

    // MARK: Layout cycle

    open override func prepare() throws {
        try prepareFlow()
    }

    open override func collectionViewContentSize() throws -> Size {
        state?.contentSize ?? .zero
    }

    /// - Complexity: O(log n + k) (`visitFlowElements`); nothing is built for the cells.
    open override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
        if sink.wantsBound, sendsOnlyFlowElements, let n = flowElementBound(in: rect) { sink.expect(atMost: n) }
        try sendFlowElements(in: rect, to: sink)
    }

    /// Whether `layoutAttributesForElements(in:into:)` hands its sink the flow's own elements and
    /// nothing else (what `flowElementBound` bounds, so the sink may be told the bound): the flow
    /// itself; a subclass says so only if it adds no element and changes none.
    open var sendsOnlyFlowElements: Bool { type(of: self) == FlowLayout.self }

    /// Whether `layoutAttributesForItem(at:)` answers the default cell with `frameForItem(at:)`'s
    /// frame, as the flow does (`freshStarts`, the bulk form of those lookups, may then ask only the
    /// frames): the flow itself; a subclass says so only when its item lookup is the flow's.
    open var answersItemLookupsWithFrames: Bool { type(of: self) == FlowLayout.self }

    /// Whether a rect query of this layout is its cells and nothing else, as `FlowCellSpan`s
    /// give them (`cellSpanPlan`): the flow itself; a subclass says so only when its rect
    /// query adds, drops and changes nothing.
    open var answersRectQueriesWithCellSpans: Bool { type(of: self) == FlowLayout.self }

    /// `answersRectQueriesWithCellSpans` as last noted (at init, then by
    /// `noteRectQueryAnswerChanged()`): what the direct visits read, where asking the open
    /// property was a virtual call a query (~12 instructions).
    public private(set) final var answersWithCellSpans = false

    /// Notes `answersRectQueriesWithCellSpans` again: a subclass whose answer changes after
    /// init (the C layer's flow when its hooks are set) calls this when it does. O(1).
    public final func noteRectQueryAnswerChanged() {
        answersWithCellSpans = answersRectQueriesWithCellSpans
    }

    public override var isFlowLayout: Bool { true }

    /// The flow layout has no decoration views. O(1).
    open override func layoutAttributesForDecorationView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        nil
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
        guard let f = frameForItem(at: indexPath) else { return nil }
        return .cell(indexPath, frame: f)
    }

    /// Header and footer attributes (`.sectionHeader` / `.sectionFooter` at item 0), pinned
    /// when pinning is on; nil when the section has none, and for any other kind.
    open override func layoutAttributesForSupplementaryView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        settleOrigin(ofSection: indexPath.section)
        guard indexPath.item == 0, let st = state,
            indexPath.section >= 0, indexPath.section < st.sections.count
        else { return nil }
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
        if invalidatesOnScroll { return newBounds != old }
        return false
    }

    /// Whether a move of the visible rect that keeps its size invalidates the flow (its rule in
    /// `shouldInvalidateLayout(forBoundsChange:)`: pinned headers or footers follow the scroll).
    /// Not `asksOnScroll` itself: a subclass with a rule of its own (Cover Flow's transforms
    /// follow the scroll) keeps being asked; the C layer's flow, which adds only a hook, uses it.
    public final var invalidatesOnScroll: Bool { sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds }

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

    /// Rebuilds everything at the next prepare (subclass properties that change the metrics use it too).
    func propertyChanged() {
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
        for (_, v) in bulkSizes { b += v.sizes.bytes }
        for (_, m) in measured { b += m.flags.bytes }
        return b
    }
}

/// A section's bulk sizes and whether all of them are equal (kept up to date by every edit).
struct FlowBulkSizes {
    var sizes: FlowSizes
    var uniform: Bool
}
