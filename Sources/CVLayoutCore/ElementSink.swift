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
open class ElementSink {
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
    public final func cell(section: Int, item: Int, frame: Rect) {
        guard failure == nil else { return }
        guard frame.origin.isFinite, frame.size.isValidExtent else {
            fail(
                LayoutError.callback(
                    "the layout returned invalid attributes for cell (\(section), \(item)): NaN, infinity or a "
                        + "negative size"
                ))
            return
        }
        if let counts, !(section >= 0 && section < counts.count && item >= 0 && item < counts[section]) {
            fail(
                LayoutError.callback(
                    "the layout returned attributes for a cell with an index path that does not exist: "
                        + "\(IndexPath(section: section, item: item))"
                ))
            return
        }
        count += 1
        storeCell(section: section, item: item, frame: frame)
    }

    /// Any element.
    public final func add(_ a: LayoutAttributes) {
        guard failure == nil else { return }
        guard a.isValid else {
            fail(
                LayoutError.callback(
                    "the layout returned invalid attributes for \(a.category) \(a.indexPath): NaN, infinity or a "
                        + "negative size"
                ))
            return
        }
        // A disappearing element carries its index path from before the change (the header's
        // contract): it is checked against the counts it came from, when its track was made.
        if a.category == .cell, !a.isDisappearing, let counts {
            let s = a.indexPath.section, i = a.indexPath.item
            guard s >= 0, s < counts.count, i >= 0, i < counts[s] else {
                fail(
                    LayoutError.callback(
                        "the layout returned attributes for a cell with an index path that does not exist: "
                            + "\(a.indexPath)"
                    ))
                return
            }
        }
        count += 1
        store(a)
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

    /// A valid element. Default: nothing (a counting sink).
    open func store(_ a: LayoutAttributes) {}

    /// A valid default cell. Default: builds its attributes and calls `store`.
    open func storeCell(section: Int, item: Int, frame: Rect) {
        store(.cell(IndexPath(section: section, item: item), frame: frame))
    }
}

/// Keeps up to `limit` elements in the order offered, and counts the rest.
/// - Complexity: O(min(count, limit)) memory.
public final class CollectingSink: ElementSink {
    public private(set) var elements: [LayoutAttributes]
    public let limit: Int
    private var template = LayoutAttributes.cell(IndexPath(section: 0, item: 0))

    public init(counts: [Int]?, limit: Int = .max, reusing storage: [LayoutAttributes] = []) {
        self.limit = limit
        elements = storage
        elements.removeAll(keepingCapacity: true)
        super.init(counts: counts)
    }

    public override func store(_ a: LayoutAttributes) {
        if elements.count < limit { elements.append(a) }
    }

    public override func storeCell(section: Int, item: Int, frame: Rect) {
        guard elements.count < limit else { return }
        // One template, re-pointed per cell: building each element from scratch re-writes its
        // identity transform and custom slots for nothing.
        template.indexPath = IndexPath(section: section, item: item)
        template.origin = frame.origin
        template._size = frame.size
        elements.append(template)
    }

    /// Hands the kept elements over (the sink is empty afterwards).
    public func take() -> [LayoutAttributes] {
        defer { elements = [] }
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
    }

    public override func store(_ a: LayoutAttributes) {
        var v = a
        do {
            if try transform(&v) { inner.add(v) }
        } catch {
            inner.fail(error)
            fail(error)
        }
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
