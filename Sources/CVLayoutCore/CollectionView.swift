/// A headless `UICollectionView`: it owns the data source, the bounds size, the content offset
/// and one layout, runs the layout cycle when something is stale, and answers the host's
/// questions (content size, elements in a rect, visible elements, single elements, hit tests).
///
/// Not thread-safe: use one collection view from one thread at a time.
public final class CollectionView {
    public private(set) var dataSource: CollectionViewDataSource
    public internal(set) var layout: CollectionViewLayout {
        didSet { showsFlowAsIs = false }
    }
    public private(set) var boundsSize: Size = .zero
    public internal(set) var contentOffset: Point = .zero

    /// Cached counts: `counts[s]` items in section `s`.
    public internal(set) var counts: [Int] = []
    @usableFromInline var needsPrepare = true {
        didSet { if needsPrepare { showsFlowAsIs = false } }
    }
    var pending = InvalidationContext.everything
    var cachedContentSize: Size = .zero
    /// The counts the layout was last prepared with (nil before the first prepare): while they
    /// equal `counts`, the layout's last prepared state is what the host has on screen.
    var preparedCounts: [Int]?

    /// The host's clock (seconds), set with `setTime`; animations are sampled at it.
    public internal(set) var currentTime: Double = 0
    /// The running (or last) animation, if any.
    var transition: Transition?
    /// The track ends' storage of the last transition dropped by `setTime` or `finishAnimations`,
    /// kept for the next animated set-up to write its tracks into (`TrackTable.reuseEnds`) instead
    /// of fresh memory; taken or let go by that set-up, released with the view.
    var spareEnds: TrackEnds?
    /// The plan of the last committed batch update (index-path mapping, update items).
    public internal(set) var lastPlan: UpdatePlan?
    /// An open `beginAnimatedChanges` block.
    var openChange: OpenChange?
    /// A running animated scroll.
    var scrollAnimation: ScrollAnimation? {
        didSet { scrollAnimates = scrollAnimation != nil }
    }
    /// Whether `scrollAnimation` holds one, kept by its every write: read without copying the
    /// optional (a read of it copies its whole payload, ~40 instructions: a scroll query asks).
    @usableFromInline private(set) var scrollAnimates = false
    /// The identifiers of sections and items (CollectionView+Identity.swift).
    public internal(set) var identities: Identities = .none {
        didSet { showsFlowAsIs = false }
    }
    /// Which cell keeps its place on screen when the content changes (CollectionView+Anchoring.swift).
    public private(set) var anchorPolicy: AnchorPolicy = .none
    /// Left-to-right (the default) or right-to-left: how the host sees a layout that flips
    /// (CollectionView+HostSpace.swift). The layout itself never sees it.
    public var layoutDirection: LayoutDirection = .leftToRight {
        didSet { showsFlowAsIs = false }
    }
    /// Whether the view shows a prepared flow layout as it is, with no identifiers: noted by
    /// `noteShowsFlowAsIs()` (a direct query's first check, CollectionView+DirectQueries.swift),
    /// cleared by every write that can end it: `needsPrepare` set, the display scale, the layout,
    /// the layout direction and the identities (their observers), and each transition made or
    /// put back (`transitionMayRun()`). While true, `answersWithLayoutAsIs` is true, the view is
    /// not mirrored, its layout is a `FlowLayout` and `identities` is `.none`. Read and written
    /// under the caller's one-thread-at-a-time rule (the C layer's library lock).
    public internal(set) var showsFlowAsIs = false
    /// An anchor captured before an invalidation, put back after the next prepare.
    var pendingAnchor: ScrollAnchor?
    /// Set while a batch update or layout switch handles the anchor itself.
    var suspendAnchoring = false
    /// Set by a bounds-size change that invalidated a prepared layout: once the layout is
    /// prepared for the new size, it is asked where to rest (`settleAfterBoundsChange`).
    var settlesAfterBoundsChange = false
    /// Reused by rect queries to avoid an allocation per frame.
    private var scratch: [LayoutAttributes] = []
    /// Wraps every layout cycle (`layoutIfNeeded`'s prepare), whoever starts it: the C layer
    /// marks the view busy there, so that the callbacks a cycle runs are refused the read-only
    /// functions allowed during a query. nil: the cycle runs as it is.
    public var layoutCycleScope: ((() throws -> Void) throws -> Void)?

    /// Attaches `layout`, then loads the counts from `dataSource` (unless `loadingCounts` is
    /// false: then the view starts with no sections and the caller calls `reloadData()`).
    /// The layout is attached before the data source is asked anything, so a data source that
    /// tries to attach the same layout elsewhere meanwhile is refused.
    /// - Throws: `LayoutError` if the layout is attached elsewhere or the data source fails
    ///   (the layout is then left detached).
    public init(dataSource: CollectionViewDataSource, layout: CollectionViewLayout, loadingCounts: Bool = true) throws {
        self.dataSource = dataSource
        self.layout = layout
        guard layout.collectionView == nil else {
            throw LayoutError.state("the layout is already attached to another collection view")
        }
        layout.collectionView = self
        guard loadingCounts else { return }
        do {
            counts = try Self.loadCounts(dataSource)
        } catch {
            detach()
            throw error
        }
    }

    deinit { detach() }

    /// Releases the layout so it can be attached to another collection view.
    public func detach() {
        if layout.collectionView === self { layout.collectionView = nil }
    }

    // MARK: Counts

    public var numberOfSections: Int { counts.count }
    public func numberOfItems(inSection section: Int) -> Int {
        section >= 0 && section < counts.count ? counts[section] : 0
    }
    /// Total items in all sections.
    public var numberOfItems: Int { counts.reduce(0, +) }

    /// Largest count accepted from a data source: keeps every later sum far from overflow.
    /// Items cost no memory by themselves (a layout stores per-item data only where it must;
    /// see each layout's limits), so this bounds arithmetic, not memory.
    public static let maxCount = 1 << 40

    /// Most sections a data source may report (`CVL_MAX_SECTIONS`). Every section costs memory
    /// in the view and its layout (a few hundred bytes in a flow layout), so the number is
    /// checked before anything is stored for it.
    public static let maxSections = 1 << 20

    /// Most items a layout keeps per-item data for (`CVL_MAX_STORED_ITEMS`): the flow layout's
    /// items sized one by one by a delegate (a callback and 16 bytes each), the tree layout's
    /// items (48 bytes each). Beyond it the layout's prepare fails with `.overflow` before it
    /// asks or stores anything.
    public static let maxStoredItems = 1 << 24

    /// Asks the data source for every count and validates them. Storage grows with the counts
    /// actually received: nothing is reserved for a section count before it is checked.
    /// - Complexity: O(sections) data-source calls and memory (at most `maxSections`).
    static func loadCounts(_ ds: CollectionViewDataSource) throws -> [Int] {
        let n = try ds.numberOfSections()
        guard n >= 0 else { throw LayoutError.callback("number_of_sections returned \(n), a negative count") }
        guard n <= maxSections else {
            throw LayoutError(
                .overflow, "number_of_sections returned \(n), more than the supported \(maxSections) sections")
        }
        // Written in place, each count checked as it comes (`CountLoad`); not zeroed first (a
        // batch update asks every section's count: at 10^5 sections this loop is most of a
        // one-item edit).
        var load = CountLoad()
        let out = try [Int](unsafeUninitializedCapacity: n) { buf, initialized in
            try ds.loadItemCounts(into: UnsafeMutableBufferPointer(rebasing: buf[0..<n]), checking: &load)
            initialized = n
        }
        return out
    }

    /// Validates an index path against the cached counts (`what` names it if a component is
    /// negative: `IndexPath.requireNonNegative`).
    public func checkItem(_ ip: IndexPath, _ what: String = "index path") throws {
        try ip.requireNonNegative(what)
        guard ip.section < counts.count else {
            throw LayoutError.outOfRange(
                "index path \(ip): section \(ip.section) out of range (there are \(counts.count) sections)")
        }
        guard ip.item < counts[ip.section] else {
            throw LayoutError.outOfRange(
                "index path \(ip): item \(ip.item) out of range (section \(ip.section) has \(counts[ip.section]) items)"
            )
        }
    }

    /// Validates a section index against the cached counts.
    public func checkSection(_ s: Int) throws {
        guard s >= 0, s < counts.count else {
            throw LayoutError.outOfRange("section \(s) out of range (there are \(counts.count) sections)")
        }
    }

    // MARK: Geometry

    /// Pixels per point for snapping frames (`setDisplayScale`); 0 = off, the default.
    public internal(set) var displayScale = 0.0 {
        didSet { showsFlowAsIs = false }
    }

    /// The visible rect: content offset + bounds size (`UIScrollView.bounds`).
    public var bounds: Rect { Rect(origin: contentOffset, size: boundsSize) }

    /// Sets the bounds size (the viewport). Invalidates the layout when it asks for it. Stops a
    /// running animated scroll where it is. When the change invalidates a prepared layout, the
    /// next layout cycle asks the layout where to rest, as UIKit asks
    /// `targetContentOffsetForProposedContentOffset:` after a layout update: the kept offset is
    /// proposed (under an anchoring policy, the anchored one; for a layout that snaps, the one
    /// centring the anchor cell: `settleAfterBoundsChange`).
    public func setBoundsSize(_ size: Size) throws {
        guard size.isValidExtent else {
            throw LayoutError.invalid("bounds size \(size.width)x\(size.height) must be finite and non-negative")
        }
        let resized = size != boundsSize
        // The anchor is taken with the old bounds; put back after the layout follows the new ones
        // (at once when the layout does not need a new prepare).
        if resized, pendingAnchor == nil, !needsPrepare, !suspendAnchoring {
            pendingAnchor = try captureAnchor()
        }
        let saved = (bounds, pendingAnchor, settlesAfterBoundsChange)
        let invalidated = setBounds(Rect(origin: contentOffset, size: size))
        if resized, invalidated, preparedCounts != nil, !suspendAnchoring { settlesAfterBoundsChange = true }
        do {
            if !needsPrepare { try restorePendingAnchor() }
        } catch {
            // Putting the anchor back can fail (the query limit, a callback): the bounds, the
            // offset and the anchor go back to what they were, and a layout that followed the new
            // bounds is prepared again for the old ones (found by the fuzzer: the bounds stayed
            // changed after a failed call).
            (contentOffset, boundsSize) = (saved.0.origin, saved.0.size)
            (pendingAnchor, settlesAfterBoundsChange) = (saved.1, saved.2)
            if invalidated { invalidate(.everything) }
            throw error
        }
        scrollAnimation = nil
    }

    /// Sets the content offset (a scroll). Invalidates the layout only if it asks for it. Stops
    /// a running animated scroll.
    @inline(__always)
    public func setContentOffset(_ offset: Point) throws {
        try moveContentOffset(to: offset)
        if scrollAnimates { scrollAnimation = nil }  // (no store of the large nil on a plain scroll)
    }

    /// Sets the content offset without touching a running animated scroll (its own steps).
    /// Inlined with `setBounds` into the host's per-frame scroll (`setHostContentOffset`): one
    /// frame where there were four (measured: ~40 instructions a scroll).
    @inline(__always)
    func moveContentOffset(to offset: Point) throws {
        // (A finite offset whose sum overflows only goes through the test that throws.)
        if !offset.hasFiniteSum { try offset.requireFinite("content offset") }
        setBounds(Rect(origin: offset, size: boundsSize))
    }

    /// Moves the visible rect; returns whether the layout asked to be invalidated.
    @discardableResult
    @inline(__always)
    private func setBounds(_ b: Rect) -> Bool {
        guard b != bounds else { return false }
        // `asksOnScroll` read with the layout lent, not retained (a retain and a release a
        // scroll): the view holds it, and the property calls nothing that could replace it.
        let lent = Unmanaged.passUnretained(layout)
        let asks = b.size != boundsSize || lent._withUnsafeGuaranteedRef { $0.asksOnScroll }
        let ask = asks && layout.shouldInvalidateLayout(forBoundsChange: b)
        guard ask else {
            // A plain scroll: no invalidation context is made (and freed) for nothing.
            contentOffset = b.origin
            boundsSize = b.size
            return false
        }
        let ctx = layout.invalidationContext(forBoundsChange: b)  // asked with the old bounds, as UIKit does
        contentOffset = b.origin
        boundsSize = b.size
        invalidate(ctx)
        return true
    }

    // MARK: Invalidation

    /// `invalidateLayout` / `invalidateLayoutWithContext:`: the next query re-runs the cycle.
    public func invalidateLayout(_ context: InvalidationContext = .everything) {
        invalidate(context)
    }

    /// Records an invalidation until the next layout cycle. Item invalidations are coalesced:
    /// an item named again is not stored twice (`InvalidationContext.add`), and once more
    /// distinct items are pending than a quarter of the items (and 1024) they become one
    /// metrics invalidation (re-asking everything costs about as much then), so a host
    /// invalidating items without querying in between pays O(items named) in all and the
    /// pending list stays bounded.
    func invalidate(_ ctx: InvalidationContext) {
        noteAnchorBeforeInvalidation(ctx)
        if needsPrepare { pending.merge(ctx) } else { pending = ctx }
        needsPrepare = true
        if pending.invalidateDelegateMetrics || pending.invalidateEverything {
            if !pending.invalidatedItems.isEmpty { pending.invalidatedItems = [] }
        } else if pending.invalidatedItems.count > 1024 && pending.invalidatedItems.count > numberOfItems / 4 {
            pending.invalidatedItems = []
            pending.invalidateDelegateMetrics = true
        }
    }

    /// `reloadData`: asks the data source again and re-runs the layout. On error nothing changes.
    public func reloadData() throws {
        let fresh = try Self.loadCounts(dataSource)
        identities = identities(afterChangeTo: fresh, placesChanged: true)
        counts = fresh
        transition = nil
        lastPlan = nil
        openChange?.isSpent = true
        invalidate(.dataSourceCounts.merged(with: .everything))
    }

    /// A data-count invalidation (`CVL_INVALIDATE_DATA_COUNTS`): re-asks the counts, then
    /// invalidates with `context`. Counts that changed end the running update or layout-switch
    /// animation and spend an open animated-changes block, as `reloadData` does: their elements
    /// carry index paths of the old counts, which the new ones may not have. On error nothing
    /// changes.
    public func reloadCounts(with context: InvalidationContext) throws {
        let fresh = try Self.loadCounts(dataSource)
        identities = identities(afterChangeTo: fresh, placesChanged: false)
        if fresh != counts {
            transition = nil
            openChange?.isSpent = true
        }
        counts = fresh
        invalidate(context.merged(with: .dataSourceCounts))
    }

    /// Runs prepare → content size if anything is stale. On error the layout stays stale and the
    /// error is thrown (the next query tries again).
    public func layoutIfNeeded() throws {
        guard needsPrepare else { return }
        guard let scope = layoutCycleScope else { return try runLayoutCycle() }
        try scope { try runLayoutCycle() }
    }

    private func runLayoutCycle() throws {
        layout.invalidateLayout(with: pending)
        try layout.prepare()
        let size = try layout.collectionViewContentSize()
        guard size.isValidExtent else {
            throw LayoutError.callback(
                "the layout returned content size \(size.width)x\(size.height); it must be finite and non-negative")
        }
        cachedContentSize = size
        preparedCounts = counts
        pending = InvalidationContext()
        needsPrepare = false
        if pendingAnchor != nil || settlesAfterBoundsChange {
            try restorePendingAnchor()
            try layoutIfNeeded()  // the offset change may invalidate (a bounds-only change: no new anchor)
        }
    }

    /// Sets the scroll-anchoring policy (CollectionView+Anchoring.swift). A `.nearest` point must
    /// be finite. Forgets an anchor waiting for the next prepare.
    public func setAnchorPolicy(_ policy: AnchorPolicy) throws {
        if case .nearest(let p) = policy { try p.requireFinite("anchor point") }
        anchorPolicy = policy
        pendingAnchor = nil
    }

    // MARK: Queries

    /// `collectionViewContentSize`, after running the cycle if needed.
    public func contentSize() throws -> Size {
        try layoutIfNeeded()
        return displayScale == 0 ? cachedContentSize : pixelGrid.snap(cachedContentSize)
    }

    /// The attributes of every element whose frame intersects `rect`, in draw order
    /// (z-index, category, kind, index path).
    /// - Complexity: the layout's query cost (O(log n + k) for the flow layout) + O(k log k) sort
    ///   when the layout's order differs from draw order; O(k) memory.
    public func layoutAttributesForElements(in rect: Rect) throws -> [LayoutAttributes] {
        try layoutAttributesForElements(in: rect, limit: .max)
    }

    /// As `layoutAttributesForElements(in:)`, failing with `.overflow` (having kept at most
    /// `limit` elements) when there are more than `limit`.
    func layoutAttributesForElements(in rect: Rect, limit: Int) throws -> [LayoutAttributes] {
        try collectedAnswer(in: rect, limit: limit).elements
    }

    /// `layoutAttributesForElements(in:limit:)`, and whether every element is a turned cell the
    /// layout sent as one (`CollectingSink.holdsOnlyTurnedCells`).
    func collectedAnswer(in rect: Rect, limit: Int) throws -> (elements: [LayoutAttributes], onlyTurnedCells: Bool) {
        let sink = CollectingSink(counts: counts, keep: limit, reusing: scratch)
        scratch = []
        // An animation's query (at most CVL_MAX_ANIMATED_ELEMENTS kept) sizes the collection by
        // the layout's bound, as `layoutOwnAttributes` does.
        sink.reservesBound = limit <= Self.maxAnimatedElements
        try Self.counting(sink, upTo: limit) { try sendElements(in: rect, to: sink) }
        try Self.checkAnimated(sink.count, limit)
        let onlyTurnedCells = sink.holdsOnlyTurnedCells
        var list = sink.take()
        layout.sortIntoDrawOrder(&list)
        try stampIdentifiers(&list)
        scratch = list
        return (list, onlyTurnedCells)
    }

    /// Most elements an animation starts from or ends at (`CVL_MAX_ANIMATED_ELEMENTS`): the
    /// elements on screen before and after an animated change are collected and tracked, so a
    /// viewport holding more (a huge bounds size over many items) fails the change with
    /// `.overflow` instead of exhausting memory. 2^17: a layout that puts 10^5 items on screen
    /// (the circle, a Cover Flow of every item) animates them; a tracked element takes about
    /// 1.3 KB (measured), so the largest animation holds about 170 MB.
    public static let maxAnimatedElements = 1 << 17

    /// Runs `query` into `sink`; with a `limit` below the query limit, counting stops quietly one
    /// past it (enough to know there are too many: `checkAnimated` then says so) instead of
    /// counting on to `CVL_MAX_QUERY_ELEMENTS`.
    static func counting(_ sink: ElementSink, upTo limit: Int, _ query: () throws -> Void) throws {
        guard limit < sink.limit else { return try query() }
        sink.limit = limit + 1
        try sink.visitingUpToLimit(query)
    }

    static func checkAnimated(_ count: Int, _ limit: Int) throws {
        guard count > limit else { return }
        throw LayoutError(
            .overflow,
            "\(count) elements are on screen, more than the \(limit) an animation can track "
                + "(CVL_MAX_ANIMATED_ELEMENTS); make the change without animation or with a smaller viewport"
        )
    }

    /// The layout's own elements in `rect` (no presentation), validated, in draw order; fails
    /// with `.overflow` beyond `limit`. O(min(k, limit)) memory.
    func layoutOwnAttributes(in rect: Rect, limit: Int) throws -> [LayoutAttributes] {
        try layoutOwnAnswer(in: rect, limit: limit).elements
    }

    /// `layoutOwnAttributes(in:limit:)`, and whether every element is a turned cell the layout
    /// sent as one (`CollectingSink.holdsOnlyTurnedCells`: its transform is a turn, known
    /// without testing its matrix).
    func layoutOwnAnswer(in rect: Rect, limit: Int) throws -> (elements: [LayoutAttributes], onlyTurnedCells: Bool) {
        let sink = CollectingSink(counts: counts, keep: limit)
        sink.reservesBound = true
        try Self.counting(sink, upTo: limit) {
            try layout.layoutAttributesForElements(in: rect, into: sink)
            try sink.check()
        }
        try Self.checkAnimated(sink.count, limit)
        let onlyTurnedCells = sink.holdsOnlyTurnedCells
        var list = sink.take()
        layout.sortIntoDrawOrder(&list)
        return (list, onlyTurnedCells)
    }

    /// The one rect-query path: hands `sink` every element whose frame intersects `rect` — the
    /// layout's, validated by the sink, or during an animation the on-screen (interpolated)
    /// ones — in no particular order (the receiver sorts into draw order if it needs it), and
    /// throws the first invalid element's error. `sink.counts` is set to the view's counts.
    /// - Complexity: the layout's query cost and the sink's memory (a sink that keeps nothing
    ///   counts the result in O(1) memory), plus O(tracks) during an animation. At most
    ///   `sink.limit` elements (`CVL_MAX_QUERY_ELEMENTS`): one more fails the query with
    ///   `.overflow` as soon as it is offered.
    public func sendElements(in rect: Rect, to sink: ElementSink) throws {
        try rect.requireQueryRect("rect")
        try layoutIfNeeded()
        sink.counts = counts
        // With a display scale, the layout is asked about a rect a pixel wider and the frames
        // are snapped on their way to `sink` (`CollectionView+DisplayScale.swift`).
        let grid = pixelGrid
        let target = grid.isOff ? sink : SnappingSink(into: sink, rect: rect, grid: grid)
        let rect = grid.isOff ? rect : grid.widened(rect)
        guard let t = transition, !t.isFinished(at: currentTime) else {
            try layout.layoutAttributesForElements(in: rect, into: target)
            try target.check()
            try sink.check()
            return
        }
        let presenting = t.presenting(in: rect, at: currentTime, into: target)
        if try !presenting.presentFlowCells(of: layout) {
            try layout.layoutAttributesForElements(in: rect, into: presenting)
        }
        try presenting.check()
        try presenting.finish()
        try target.check()
        try sink.check()
    }

    /// Whether `sendElements(in:to:)` hands its sink the layout's own answer unchanged: no
    /// animation running, no display-scale snapping and the layout prepared (after
    /// `layoutIfNeeded`). Host coordinates are the layout's as well when `isMirrored` is false.
    /// What lets a caller read the layout's elements directly (the flow's cell spans). O(1).
    public var answersWithLayoutAsIs: Bool {
        guard !needsPrepare, pixelGrid.isOff else { return false }
        guard let t = transition else { return true }
        return t.isFinished(at: currentTime)
    }

    /// The elements intersecting the visible rect.
    public func visibleAttributes() throws -> [LayoutAttributes] {
        try layoutIfNeeded()  // first: restoring a scroll anchor may move the visible rect
        return try layoutAttributesForElements(in: bounds)
    }

    /// The attributes of one element, or nil when the layout has none for it.
    /// Throws `.outOfRange` for an item index path outside the counts.
    public func layoutAttributes(for key: ElementKey) throws -> LayoutAttributes? {
        try key.indexPath.requireNonNegative()
        if key.category == .cell { try checkItem(key.indexPath) } else { try checkSection(key.indexPath.section) }
        try layoutIfNeeded()
        guard let a = try layout.layoutAttributes(for: key) else { return nil }
        try validate([a])
        var out = a
        if let t = transition, !t.isFinished(at: currentTime),
            let p = t.presentation(of: key, final: a, at: currentTime)
        {
            out = p
        }
        if displayScale != 0 { out.frame = pixelGrid.snap(out.frame) }
        if !identities.isNone { out.identifier = try identities.identifier(of: key, counts: counts) }
        return out
    }

    /// The index path of the topmost cell drawn at `point` (transforms and draw order respected),
    /// or nil when no cell is there.
    public func indexPathForItem(at point: Point) throws -> IndexPath? {
        try point.requireFinite("point")
        try layoutIfNeeded()
        // Transformed cells may be drawn outside their frame: query the frames within the
        // layout's reach of the point (a rounding margin for a layout that draws over its
        // frames), or, when the reach is unknown (or an animation interpolates transforms), a
        // neighbourhood the size of the viewport; then test each element's drawn shape.
        let animating = transition.map { !$0.isFinished(at: currentTime) } ?? false
        let rounding = Swift.max(abs(point.x), abs(point.y), 1) * 0x1p-30
        let reach = animating ? nil : layout.drawnReach
        let pad = reach.map { $0 + rounding } ?? Swift.max(boundsSize.width, boundsSize.height, 1)
        let sink = HitTestSink(counts: counts, point: point)
        do {
            try sendElements(in: hitTestRect(around: point, pad: pad), to: sink)
        } catch  where sink.reachedLimit {
            throw LayoutError(
                .overflow,
                "more than \(sink.limit) elements (CVL_MAX_QUERY_ELEMENTS) lie where a cell drawn at (\(point.x), "
                    + "\(point.y)) could be: the hit test cannot tell which one is on top")
        }
        return sink.topmost?.indexPath
    }

    /// The neighbourhood a hit test searches: the point ± `pad`, clipped to half the largest
    /// finite double on each side so that it stays a finite rect whatever the bounds and the
    /// point (a hit test never fails over a rect the caller did not pass).
    func hitTestRect(around point: Point, pad: Double) -> Rect {
        let limit = Double.greatestFiniteMagnitude / 2
        let pad = Swift.min(pad, limit)
        let x0 = Swift.max(point.x - pad, -limit), x1 = Swift.min(point.x + pad, limit)
        let y0 = Swift.max(point.y - pad, -limit), y1 = Swift.min(point.y + pad, limit)
        return Rect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }

    /// `targetContentOffsetForProposedContentOffset:withScrollingVelocity:`.
    public func targetContentOffset(forProposed proposed: Point, velocity: Point) throws -> Point {
        try proposed.requireFinite("proposed offset")
        try velocity.requireFinite("velocity")
        try layoutIfNeeded()
        let p = try layout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
        guard p.isFinite else { throw LayoutError.callback("the layout returned a non-finite target content offset") }
        return p
    }

    /// Checks attributes produced by the layout (whoever wrote it): finite numbers,
    /// non-negative sizes, cells inside the counts. Rect queries are checked by their sink
    /// (`ElementSink`); this is for the elements obtained otherwise.
    func validate(_ list: [LayoutAttributes]) throws {
        for a in list {
            guard a.isValid else {
                throw LayoutError.callback(
                    "the layout returned invalid attributes for \(a.category) \(a.indexPath): NaN, infinity or a "
                        + "negative size"
                )
            }
            if a.category == .cell {
                guard a.indexPath.section >= 0, a.indexPath.section < counts.count,
                    a.indexPath.item >= 0, a.indexPath.item < counts[a.indexPath.section]
                else {
                    throw LayoutError.callback(
                        "the layout returned attributes for a cell with an index path that does not exist: "
                            + "\(a.indexPath)"
                    )
                }
            }
        }
    }
}
