/// Where a rect query's elements go: the one query path every layout writes into.
///
/// A layout hands each element it finds in the rect to the sink — a cell with default
/// attributes as `cell(section:item:frame:)` (nothing is built for it), anything else as
/// `add(_:)`. The sink validates every element (finite numbers, non-negative size, a cell's
/// index path inside the counts) whoever the layout is: there is no flag to opt out of it.
/// An invalid element records `failure` and everything after it is ignored; the collection
/// view then fails the query with it.
///
/// What happens to a valid element is the subclass's business (`store` / `storeCell`): keep it
/// (up to a limit), write it into a caller's buffer, look for one key, hit-test it… `count` is
/// the number of valid elements offered, kept or not, so a sink that keeps nothing counts a
/// query's result in O(1) memory.
///
/// A query's time is bounded too: a sink accepts at most `limit` elements
/// (`maxElements`, the header's `CVL_MAX_QUERY_ELEMENTS`, by default). Offering one more
/// throws `.overflow` (`reachedLimit` is then set), and so does offering anything once an
/// invalid element was recorded: the error unwinds the layout's loop at once, so a layout that
/// puts 2^40 items in the rect stops after `limit`, whatever its loops look like.
open class ElementSink {
    /// Most elements one query may hand a sink: `CVL_MAX_QUERY_ELEMENTS` (2^20, the same as
    /// `CVL_MAX_CALLBACK_ELEMENTS`). The costliest built-in elements (a Cover Flow cell with its
    /// 3D transform, a circle item with its rotation) take about 0.1 µs each to build and count,
    /// so a query that reaches the limit fails after about 0.1 s instead of running for hours;
    /// a buffer holding that many C elements takes a few hundred MB.
    #if CVL_FUZZING
    /// The fuzzing build (`make lib-asan`, docs/fuzzing.md) stops queries at 2^9: the same
    /// paths reached in microseconds, so the fuzzer spends its time on variety (at 2^12,
    /// collecting the on-screen elements of animated updates took a third of its time).
    public static let maxElements = 1 << 9
    #else
    public static let maxElements = 1 << 20
    #endif

    /// Elements this sink accepts before the query fails with `.overflow`.
    public final var limit = ElementSink.maxElements
    /// True once an element beyond `limit` was offered (the query was stopped there).
    public final private(set) var reachedLimit = false
    /// Valid elements offered so far.
    public final private(set) var count = 0
    /// The first invalid element's error (or an error a wrapping layout recorded).
    public final private(set) var failure: Error?
    /// Items per section, for checking cells' index paths (nil: not checked — a layout queried
    /// on its own, detached from any view, has no counts to check against).
    public final var counts: [Int]?

    public init(counts: [Int]?) { self.counts = counts }

    /// A cell whose attributes are the defaults (identity transform, alpha 1, z 0, visible, no
    /// custom attributes) but for `frame`.
    @inline(__always)
    public final func cell(section: Int, item: Int, frame: Rect) throws {
        if let failure { throw failure }
        guard frame.origin.isFinite, frame.size.isValidExtent else {
            fail(
                LayoutError.callback(
                    "the layout returned invalid attributes for cell (\(section), \(item)): NaN, infinity or a "
                        + "negative size"
                ))
            return
        }
        guard cellExists(section: section, item: item) else { return }
        try admit()
        try storeCell(section: section, item: item, frame: frame)
    }

    /// Whether cell (`section`, `item`) is inside the counts (always, without counts); records
    /// the failure when it is not.
    @inline(__always)
    private func cellExists(section: Int, item: Int) -> Bool {
        if let counts, !(section >= 0 && section < counts.count && item >= 0 && item < counts[section]) {
            fail(
                LayoutError.callback(
                    "the layout returned attributes for a cell with an index path that does not exist: "
                        + "\(IndexPath(section: section, item: item))"
                ))
            return false
        }
        return true
    }

    /// A cell whose attributes are the defaults but for `frame`, `alpha`, `zIndex` and `isHidden`
    /// (an animating cell whose ends carry no transform and no custom slots): the same checks,
    /// count and limit as `add` of those attributes, with nothing built for it.
    @inline(__always)
    public final func cell(
        section: Int, item: Int, frame: Rect, alpha: Double, zIndex: Int, isHidden: Bool
    ) throws {
        if let failure { throw failure }
        guard Self.originAndCenterAreFinite(frame), frame.size.isValidExtent, alpha.isFinite else {
            fail(
                LayoutError.callback(
                    "the layout returned invalid attributes for \(ElementCategory.cell) "
                        + "\(IndexPath(section: section, item: item)): NaN, infinity or a negative size"
                ))
            return
        }
        guard cellExists(section: section, item: item) else { return }
        try admit()
        try storeCell(section: section, item: item, frame: frame, alpha: alpha, zIndex: zIndex, isHidden: isHidden)
    }

    /// Whether `frame`'s origin and centre (`origin + size / 2`) are finite, in one test of both
    /// axes: `x - x` is +0 for a finite `x` and NaN for an infinite or NaN one, and a sum of +0s
    /// is +0. (Four `isFinite` tests, each a mask and a compare, took ~27 instructions where the
    /// compiler did not pair them: an animation frame's cells; BENCHMARKS.md, frame30.)
    @inline(__always)
    static func originAndCenterAreFinite(_ frame: Rect) -> Bool {
        let o = SIMD2(frame.origin.x, frame.origin.y), s = SIMD2(frame.size.width, frame.size.height)
        let c = o + s / 2
        let z = (o - o) + (c - c)
        return z.x + z.y == 0
    }

    /// A cell whose attributes are the defaults but for `frame` and `transform` (a layout that
    /// turns its items: the circle): the same checks, count and limit as `add` of those
    /// attributes (every number finite, the frame's centre too, the size not negative, the index
    /// path inside the counts), with nothing built for it.
    @inline(__always)
    public final func cell(section: Int, item: Int, frame: Rect, transform: Transform3D) throws {
        if let failure { throw failure }
        guard LayoutAttributes.isValid(frame: frame, transform: transform, alpha: 1) else {
            fail(
                LayoutError.callback(
                    "the layout returned invalid attributes for \(ElementCategory.cell) "
                        + "\(IndexPath(section: section, item: item)): NaN, infinity or a negative size"
                ))
            return
        }
        guard cellExists(section: section, item: item) else { return }
        try admit()
        try storeCell(
            section: section, item: item, frame: frame, transform: transform, alpha: 1, zIndex: 0, isHidden: false)
    }

    /// A cell whose attributes are the defaults but for frame, transform, alpha, z-index and
    /// hidden: what an animation frame makes of a track whose ends carry no custom slots, ending
    /// at a cell handed over as `cell(section:item:frame:transform:)` (`PresentingSink`). The
    /// same checks, count and limit as `add` of those attributes, given what the caller knows:
    /// the cell's index path passed this sink's check already (against the same counts) and
    /// `transform` is finite (one of two valid ends, or a planar way checked finite), so only the
    /// frame, its centre and alpha are checked (`element(like:…)`'s rule).
    @inline(__always)
    final func turnedCell(
        section: Int, item: Int, frame: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool
    ) throws {
        if let failure { throw failure }
        assert(LayoutAttributes.isValid(frame: .zero, transform: transform, alpha: 0), "a transform that is not finite")
        guard LayoutAttributes.isValid(frame: frame, alpha: alpha) else {
            fail(
                LayoutError.callback(
                    "the layout returned invalid attributes for \(ElementCategory.cell) "
                        + "\(IndexPath(section: section, item: item)): NaN, infinity or a negative size"
                ))
            return
        }
        assert(counts == nil || cellExists(section: section, item: item), "a cell not admitted")
        try admit()
        try storeCell(
            section: section, item: item, frame: frame, transform: transform, alpha: alpha, zIndex: zIndex,
            isHidden: isHidden)
    }

    /// A run of cells of `section` whose attributes are the defaults but for their frames and
    /// their turns about z (`TurnedCell`), in the order given: the same elements, checks and
    /// limit as `cell(section:item:frame:transform:)` for each in turn with the transform
    /// `Transform3D.turn(cos:sin:)`, in one call. When every cell of the run is valid and fits
    /// under `limit`, `count` grows by the run and `storeTurnedCells` gets it whole; otherwise the
    /// cells go one by one through `cell(section:item:frame:transform:)`. `valid`: the caller has
    /// shown that every cell passes the check (its item exists in this sink's counts, its numbers
    /// and its centre's are finite, its size is not negative), which is then not made again.
    public final func turnedCells(section: Int, _ run: UnsafeBufferPointer<TurnedCell>, valid: Bool = false) throws {
        if let failure { throw failure }
        let n = run.count
        guard n > 0 else { return }
        var items = Int.max
        if let counts { items = section >= 0 && section < counts.count ? counts[section] : 0 }
        var whole = n <= limit - count
        if whole, !valid {
            for h in run {
                let f = h.frame
                let x = f.origin.x, y = f.origin.y, w = f.size.width, hh = f.size.height
                let cx = x + w / 2, cy = y + hh / 2
                // `isValid(frame:transform:alpha:)`'s test: a turn is finite exactly when its
                // cosine and sine are.
                let zero = (x * 0 + y * 0) + (w * 0 + hh * 0) + (cx * 0 + cy * 0) + (h.cos * 0 + h.sin * 0)
                guard UInt(bitPattern: h.item) < UInt(bitPattern: items), zero == 0, w >= 0, hh >= 0 else {
                    whole = false
                    break
                }
            }
        }
        guard whole else {
            for h in run {
                try cell(section: section, item: h.item, frame: h.frame, transform: .turn(cos: h.cos, sin: h.sin))
            }
            return
        }
        count += n
        try storeTurnedCells(section: section, run)
    }

    /// A run of cells of `section` given as their looks (`CellLook`: an animation frame's cells
    /// of tracks ending at turned cells, `PresentingSink`), in the order given: `turnedCell` for
    /// each in turn, in one call (the index paths passed this sink's check already and the
    /// transforms are finite; the frames, their centres and alphas are checked, unless `valid`:
    /// the caller has shown they are, as `PresentingSink` does for numbers too small to overflow).
    /// When every one is valid and fits under `limit`, `count` grows by the run and
    /// `storeCellLooks` gets it whole.
    final func cellLooks(section: Int, _ run: UnsafeBufferPointer<CellLook>, valid: Bool) throws {
        if let failure { throw failure }
        let n = run.count
        guard n > 0 else { return }
        var whole = n <= limit - count
        assert(!valid || run.allSatisfy { LayoutAttributes.isValid(frame: $0.frame, alpha: $0.alpha) }, "not valid")
        if whole && !valid {
            for l in run where !LayoutAttributes.isValid(frame: l.frame, alpha: l.alpha) {
                whole = false
                break
            }
        }
        guard whole else {
            for l in run {
                try turnedCell(
                    section: section, item: l.item, frame: l.frame, transform: l.transform, alpha: l.alpha,
                    zIndex: l.zIndex, isHidden: l.isHidden)
            }
            return
        }
        count += n
        try storeCellLooks(section: section, run)
    }

    /// A run of cells of `section` whose attributes are the defaults but for their frames, in
    /// the order given: the same elements, checks and limit as `cell(section:item:frame:)` for
    /// each in turn, in one call (a layout's rect query hands its cells in runs, so the sink's
    /// per-cell work is one tight loop). When every cell of the run is valid and fits under
    /// `limit`, `count` grows by the run and `storeCells` gets it whole; otherwise the cells go
    /// one by one through `cell`, which records the first invalid one or stops at the limit.
    public final func cells(section: Int, _ run: UnsafeBufferPointer<CellHit>) throws {
        if let failure { throw failure }
        let n = run.count
        guard n > 0 else { return }
        // Items outside 0 ..< items fail (all of them pass when the sink checks no counts).
        var items = Int.max
        if let counts { items = section >= 0 && section < counts.count ? counts[section] : 0 }
        var whole = n <= limit - count
        if whole {
            for h in run {
                let f = h.frame
                // One unsigned compare for 0 <= item < items; each double finite (x − x is 0 for
                // a finite x, NaN for an infinity or a NaN, and NaN spreads), sizes >= 0.
                let zero =
                    (f.origin.x - f.origin.x) + (f.origin.y - f.origin.y) + (f.size.width - f.size.width)
                    + (f.size.height - f.size.height)
                guard UInt(bitPattern: h.item) < UInt(bitPattern: items), zero == 0, f.size.width >= 0,
                    f.size.height >= 0
                else {
                    whole = false
                    break
                }
            }
        }
        guard whole else {
            for h in run { try cell(section: section, item: h.item, frame: h.frame) }
            return
        }
        count += n
        try storeCells(section: section, run)
    }

    /// An element with `like`'s identity (category, kind, index path, identifier, disappearing
    /// flag) and these frame, transform, alpha, z-index and hidden, without custom slots: what an
    /// animation frame makes of a track whose ends carry none (`PresentingSink`). The same
    /// checks, count and limit as `add` of those attributes, with nothing built for it, given
    /// what the caller knows: `like` passed this sink's checks already (a layout's answer that
    /// `add` or `cell` admitted against the same counts: its index path exists) and `transform`
    /// is finite (one of two valid ends, or a planar way checked finite: `PlanarTransform`), so
    /// only the frame, its centre and alpha are checked (`LayoutAttributes.isValid(frame:alpha:)`,
    /// which is `isValid(frame:transform:alpha:)` for a finite transform).
    @inline(__always)
    public final func element(
        like a: LayoutAttributes, frame: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool
    ) throws {
        if let failure { throw failure }
        assert(LayoutAttributes.isValid(frame: .zero, transform: transform, alpha: 0), "a transform that is not finite")
        guard LayoutAttributes.isValid(frame: frame, alpha: alpha) else { return failInvalid(a) }
        assert(counts == nil || a.category != .cell || a.isDisappearing || existsNow(a), "an element not admitted")
        try admit()
        try storeElement(like: a, frame: frame, transform: transform, alpha: alpha, zIndex: zIndex, isHidden: isHidden)
    }

    /// Notes that the layout returned numbers that are not valid for `a`'s element.
    @inline(never)
    private final func failInvalid(_ a: LayoutAttributes) {
        fail(
            LayoutError.callback(
                "the layout returned invalid attributes for \(a.category) \(a.indexPath): NaN, infinity or a "
                    + "negative size"
            ))
    }

    /// Whether `a`'s index path exists when `a` is a cell (false, the failure noted, when it does
    /// not). A disappearing element carries its index path from before the change (the header's
    /// contract): it is checked against the counts it came from, when its track was made.
    @inline(__always)
    private final func existsNow(_ a: LayoutAttributes) -> Bool {
        guard a.category == .cell, !a.isDisappearing, let counts else { return true }
        let s = a.indexPath.section, i = a.indexPath.item
        guard s >= 0, s < counts.count, i >= 0, i < counts[s] else {
            fail(
                LayoutError.callback(
                    "the layout returned attributes for a cell with an index path that does not exist: "
                        + "\(a.indexPath)"
                ))
            return false
        }
        return true
    }

    /// Any element.
    public final func add(_ a: LayoutAttributes) throws {
        if let failure { throw failure }
        guard a.isValid else { return failInvalid(a) }
        guard existsNow(a) else { return }
        try admit()
        try store(a)
    }

    /// Counts one more valid element, or stops the query at the limit.
    @inline(__always)
    private func admit() throws {
        guard count < limit else { try stopAtLimit() }
        count += 1
    }

    /// Stops the query as a query past `limit` elements stops (`.overflow`, `reachedLimit`
    /// set). For a layout whose searches cannot rule out every candidate that turns out not to
    /// meet the rect (frames that rounding leaves with zero area): after `limit` such misses it
    /// stops here, so its query stays bounded like any other.
    public final func stopAtLimit() throws -> Never {
        limitWasReached()
        let error = LayoutError(
            .overflow,
            "more than \(limit) elements (CVL_MAX_QUERY_ELEMENTS) lie in the queried area; query a smaller "
                + "rect (or use a smaller viewport)")
        fail(error)
        throw error
    }

    /// Runs `query` into this sink for a search that keeps the best of what it sees (an anchor,
    /// a snap target): a query stopped at `limit` ends quietly, `reachedLimit` set; any other
    /// error is thrown.
    public final func visitingUpToLimit(_ query: () throws -> Void) throws {
        do { try query() } catch  where reachedLimit {}
        if !reachedLimit { try check() }
    }

    /// Records `error` (the first one wins); later elements are ignored.
    public final func fail(_ error: Error) {
        if failure == nil { failure = error }
    }

    /// Throws the recorded failure, if any.
    public final func check() throws {
        if let failure { throw failure }
    }

    // MARK: For subclasses

    /// Marks the query stopped at the limit. A sink that passes elements on to another marks
    /// that one too (its limit is the other's), so whoever made the outer sink sees
    /// `reachedLimit` whichever of the two stopped the query.
    open func limitWasReached() { reachedLimit = true }

    /// Told by a layout, before its first element, that its answer holds at most `n` elements
    /// (all of them valid). Default: nothing; the C query's sink then writes straight into the
    /// caller's buffer when they fit it.
    open func expect(atMost n: Int) {}

    /// `expect(atMost:)` for an answer of cells of `section` only, each item of `items` (sorted,
    /// disjoint ranges) at most once, with no custom slots and every number of their frames at
    /// most `magnitude` in absolute value: what an animation's sink needs to know that
    /// interpolating them cannot overflow, and to tell a bound that counts once the tracks of
    /// those cells (`PresentingSink`). Default: `expect(atMost:)` of the items' count.
    open func expect(cellsOf section: Int, items: [Range<Int>], framesWithin magnitude: Double) {
        expect(atMost: items.reduce(0) { $0 + $1.count })
    }

    /// Told by an animation frame's sink (`PresentingSink`) after the bound and before the first
    /// element: the answer ends with `last`, added (`add`) in this order after every other element,
    /// `lastElementsFollow()` called just before the first of them. A sink that writes in draw order
    /// may leave their places as it goes (the C query's sink). Default: nothing.
    open func expectLast(_ last: [LayoutAttributes]) {}

    /// The elements told by `expectLast` follow. Default: nothing.
    open func lastElementsFollow() {}

    /// Whether `expect(atMost:)` can make a difference (a layout skips working the bound out
    /// otherwise). Default: false.
    open var wantsBound: Bool { false }

    /// The largest bound `expect(atMost:)` makes a difference with (0: none). Default: 0.
    open var largestUsefulBound: Int { 0 }

    /// A valid element. Default: nothing (a counting sink). A sink that passes elements on
    /// (`MappingSink`) throws what the next sink throws.
    open func store(_ a: LayoutAttributes) throws {}

    /// A valid default cell. Default: builds its attributes and calls `store`.
    open func storeCell(section: Int, item: Int, frame: Rect) throws {
        try store(.cell(IndexPath(section: section, item: item), frame: frame))
    }

    /// A valid cell whose attributes are the defaults but for frame, alpha, z-index and hidden
    /// (already counted). Default: builds its attributes and calls `store`.
    open func storeCell(section: Int, item: Int, frame: Rect, alpha: Double, zIndex: Int, isHidden: Bool) throws {
        var a = LayoutAttributes.cell(IndexPath(section: section, item: item), frame: frame)
        a.alpha = alpha
        a.zIndex = zIndex
        a.isHidden = isHidden
        try store(a)
    }

    /// A valid cell whose attributes are the defaults but for frame, transform, alpha, z-index
    /// and hidden (already counted; `cell(section:item:frame:transform:)`, `turnedCell`).
    /// Default: builds its attributes and calls `store`.
    open func storeCell(
        section: Int, item: Int, frame: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool
    ) throws {
        var a = LayoutAttributes.cell(IndexPath(section: section, item: item), frame: frame)
        a.transform = transform
        a.alpha = alpha
        a.zIndex = zIndex
        a.isHidden = isHidden
        try store(a)
    }

    /// A run of valid turned cells of one section (already counted; `turnedCells`). Default:
    /// `storeCell(section:item:frame:transform:…)` for each in turn.
    open func storeTurnedCells(section: Int, _ run: UnsafeBufferPointer<TurnedCell>) throws {
        for h in run {
            try storeCell(
                section: section, item: h.item, frame: h.frame, transform: .turn(cos: h.cos, sin: h.sin), alpha: 1,
                zIndex: 0, isHidden: false)
        }
    }

    /// A run of valid cells given as their looks (already counted; `cellLooks`). Default:
    /// `storeCell(section:item:frame:transform:…)` for each in turn.
    open func storeCellLooks(section: Int, _ run: UnsafeBufferPointer<CellLook>) throws {
        for l in run {
            try storeCell(
                section: section, item: l.item, frame: l.frame, transform: l.transform, alpha: l.alpha,
                zIndex: l.zIndex, isHidden: l.isHidden)
        }
    }

    /// A valid element given as `like`'s identity and these frame, transform, alpha, z-index and
    /// hidden, no custom slots (already counted; `element(like:…)`). Default: builds its
    /// attributes and calls `store`.
    open func storeElement(
        like a: LayoutAttributes, frame: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool
    ) throws {
        try store(a.with(frame: frame, transform: transform, alpha: alpha, zIndex: zIndex, isHidden: isHidden))
    }

    /// A run of valid default cells of one section (already counted). Default: `storeCell` for
    /// each in turn; a sink that writes records overrides it with one loop.
    open func storeCells(section: Int, _ run: UnsafeBufferPointer<CellHit>) throws {
        for h in run { try storeCell(section: section, item: h.item, frame: h.frame) }
    }
}

/// One cell of a run handed to `ElementSink.cells(section:_:)`: its item and frame.
public struct CellHit: Sendable {
    public var item: Int
    public var frame: Rect
    @inline(__always)
    public init(item: Int, frame: Rect) {
        self.item = item
        self.frame = frame
    }
}

/// One cell of a run handed to `ElementSink.turnedCells(section:_:)`: its item, its frame and
/// the cosine and sine of its turn about z (`Transform3D.turn(cos:sin:)`).
public struct TurnedCell: Sendable {
    public var item: Int
    public var frame: Rect
    public var cos: Double
    public var sin: Double
    @inline(__always)
    public init(item: Int, frame: Rect, cos: Double, sin: Double) {
        self.item = item
        self.frame = frame
        self.cos = cos
        self.sin = sin
    }
}

/// One cell of a run handed to `ElementSink.cellLooks(section:_:)`: a cell whose attributes are
/// the defaults but for these.
public struct CellLook: Sendable {
    public var item: Int
    public var frame: Rect
    public var transform: Transform3D
    public var alpha: Double
    public var zIndex: Int
    public var isHidden: Bool
    @inline(__always)
    public init(item: Int, frame: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool) {
        self.item = item
        self.frame = frame
        self.transform = transform
        self.alpha = alpha
        self.zIndex = zIndex
        self.isHidden = isHidden
    }
}

/// Keeps up to `keep` elements in the order offered, and counts the rest (up to the sink's
/// `limit`, beyond which the query fails).
/// - Complexity: O(min(count, keep)) memory.
public final class CollectingSink: ElementSink {
    public private(set) var elements: [LayoutAttributes]
    public let keep: Int
    private var template = LayoutAttributes.cell(IndexPath(section: 0, item: 0))

    /// How many of `elements` `storeTurnedCells` appended (`holdsOnlyTurnedCells`).
    private var turnedCount = 0

    /// Whether every element kept came from `storeTurnedCells` (true when none was kept): each
    /// is then a default cell whose transform is `Transform3D.turn(cos:sin:)` of its cell's
    /// cosine and sine (`TurnedRecords`). O(1).
    var holdsOnlyTurnedCells: Bool { turnedCount == elements.count }

    public init(counts: [Int]?, keep: Int = .max, reusing storage: [LayoutAttributes] = []) {
        self.keep = keep
        elements = storage
        elements.removeAll(keepingCapacity: true)
        super.init(counts: counts)
    }

    public override func store(_ a: LayoutAttributes) {
        if elements.count < keep { elements.append(a) }
    }

    /// Whether a layout's bound (`expect(atMost:)`) sizes the collection before the first element
    /// (for at most `keep` elements): an animation's set-up collecting the 10^5 elements on screen
    /// then grows it once instead of doubling it some 17 times (each a copy of what it holds).
    var reservesBound = false

    public override var wantsBound: Bool { reservesBound }

    public override func expect(atMost n: Int) {
        if reservesBound { elements.reserveCapacityInHugePages(Swift.min(n, keep)) }
    }

    public override func storeCell(section: Int, item: Int, frame: Rect) {
        guard elements.count < keep else { return }
        // One template, re-pointed per cell: building each element from scratch re-writes its
        // identity transform and custom slots for nothing.
        template.indexPath = IndexPath(section: section, item: item)
        template.origin = frame.origin
        template._size = frame.size
        elements.append(template)
    }

    /// Each cell of the run (up to `keep`) is appended as the record
    /// `storeCell(section:item:frame:transform:…)` builds for it (bit for bit), written straight into
    /// the collection's storage (`TurnedRecords`): the room made once for the run, no record built
    /// apart and copied, no uniqueness or capacity check per cell. O(run).
    public override func storeTurnedCells(section: Int, _ run: UnsafeBufferPointer<TurnedCell>) {
        let room = Swift.min(run.count, keep - elements.count)
        guard room > 0 else { return }
        elements.append(contentsOf: TurnedRecords(section: section, run: UnsafeBufferPointer(rebasing: run[..<room])))
        turnedCount += room
    }

    @inline(__always)
    public override func storeCell(
        section: Int, item: Int, frame: Rect, transform: Transform3D, alpha: Double, zIndex: Int, isHidden: Bool
    ) {
        guard elements.count < keep else { return }
        var a = LayoutAttributes.cell(IndexPath(section: section, item: item), frame: frame)
        a.transform = transform
        a.alpha = alpha
        a.zIndex = zIndex
        a.isHidden = isHidden
        elements.append(a)
    }

    /// Hands the kept elements over (the sink is empty afterwards).
    public func take() -> [LayoutAttributes] {
        defer {
            elements = []
            turnedCount = 0
        }
        return elements
    }
}

/// Passes each element through `transform` (which may change it, or drop it by returning false)
/// to another sink: how a layout adjusts what its superclass finds without collecting it.
/// An error `transform` throws fails the query.
public final class MappingSink: ElementSink {
    let inner: ElementSink
    let transform: (inout LayoutAttributes) throws -> Bool

    public init(into inner: ElementSink, _ transform: @escaping (inout LayoutAttributes) throws -> Bool) {
        self.inner = inner
        self.transform = transform
        super.init(counts: inner.counts)
        limit = inner.limit  // the elements it drops count too: they are visited
    }

    public override func limitWasReached() {
        super.limitWasReached()
        inner.limitWasReached()
    }

    public override func store(_ a: LayoutAttributes) throws {
        var v = a
        let keep: Bool
        do {
            keep = try transform(&v)
        } catch {
            inner.fail(error)
            fail(error)
            return
        }
        if keep { try inner.add(v) }
    }
}

/// Calls `visit` with each valid element and keeps nothing: O(1) memory.
public final class VisitingSink: ElementSink {
    let visit: (LayoutAttributes) -> Void
    public init(counts: [Int]?, _ visit: @escaping (LayoutAttributes) -> Void) {
        self.visit = visit
        super.init(counts: counts)
    }
    public override func store(_ a: LayoutAttributes) { visit(a) }
}

/// Keeps only the element with `key`: a single-element lookup through a rect query.
/// - Complexity: O(1) memory.
public final class FindingSink: ElementSink {
    public let key: ElementKey
    public private(set) var found: LayoutAttributes?

    public init(counts: [Int]?, key: ElementKey) {
        self.key = key
        super.init(counts: counts)
    }

    public override func store(_ a: LayoutAttributes) {
        if found == nil, a.key == key { found = a }
    }

    public override func storeCell(section: Int, item: Int, frame: Rect) {
        guard found == nil, key.category == .cell, key.indexPath.section == section, key.indexPath.item == item else {
            return
        }
        found = .cell(IndexPath(section: section, item: item), frame: frame)
    }
}

/// Keeps the first element stored for each key of `keys`: several single-element lookups
/// answered by one query (`CollectionViewLayout.layoutAttributes(forKeys:)`).
/// - Complexity: O(k) memory for k keys.
public final class KeysFindingSink: ElementSink {
    public let keys: Set<ElementKey>
    public private(set) var found: [ElementKey: LayoutAttributes] = [:]

    public init(counts: [Int]?, keys: Set<ElementKey>) {
        self.keys = keys
        found.reserveCapacity(keys.count)
        super.init(counts: counts)
    }

    public override func store(_ a: LayoutAttributes) {
        if found[a.key] == nil, keys.contains(a.key) { found[a.key] = a }
    }

    public override func storeCell(section: Int, item: Int, frame: Rect) {
        let key = ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: section, item: item))
        if found[key] == nil, keys.contains(key) { found[key] = .cell(key.indexPath, frame: frame) }
    }
}

/// Keeps the topmost cell (last in draw order) drawn over `point`: a hit test.
/// - Complexity: O(1) memory.
public final class HitTestSink: ElementSink {
    public let point: Point
    public private(set) var topmost: LayoutAttributes?

    public init(counts: [Int]?, point: Point) {
        self.point = point
        super.init(counts: counts)
    }

    public override func store(_ a: LayoutAttributes) {
        guard a.category == .cell, a.covers(point) else { return }
        if let t = topmost, LayoutAttributes.drawsBefore(a, t) { return }  // ties: the later one
        topmost = a
    }

    public override func storeCell(section: Int, item: Int, frame: Rect) {
        guard frame.contains(point) else { return }
        store(.cell(IndexPath(section: section, item: item), frame: frame))
    }
}
