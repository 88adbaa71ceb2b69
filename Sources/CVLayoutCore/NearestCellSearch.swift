/// The searches that want one cell near a point — the anchor of a layout switch, a snap target —
/// without visiting every cell of a huge viewport.
extension CollectionViewLayout {
    /// How a cell's distance to the point is measured.
    public enum NearestMetric: Sendable {
        /// Squared distance between the centres.
        case euclidean
        /// Horizontal distance between the centres (the search area's full height is searched).
        case horizontal
    }

    /// The best cell (by `isBetter` on the `metric` distance) among the cells whose frame
    /// intersects `area` and that `accept` takes (ties broken by `isBetter`, which sees the
    /// cells in the layout's order). `area` is queried first; when it holds more than
    /// `CVL_MAX_QUERY_ELEMENTS` elements (a huge viewport), boxes around `point` growing
    /// four-fold are queried until one holds a cell; its distance D bounds the search, and one
    /// more query of the box of half-size D (which holds every cell at most D away) decides.
    /// Each query is independent: the result is the last one's best, as a query of all of
    /// `area` would give it.
    ///
    /// The boxes need `point` inside `area` (then a cell intersecting `area` whose centre is
    /// within D of the point also intersects the box clipped to `area`). A query stopped at
    /// the limit (more cells than that near the point, or `point` outside `area`) ends the
    /// search with the best of the cells it saw.
    /// - Complexity: one query of `area` stopped at `wholeAreaLimit` (`CVL_MAX_QUERY_ELEMENTS`
    ///   by default; tests pass a small one to exercise the boxes), then O(log(area / cell)) queries of O(log n + k),
    ///   k ≈ the cells within a few times the nearest one's distance; O(1) memory.
    public func nearestCell(
        to point: Point, in area: Rect, metric: NearestMetric = .euclidean, counts: [Int]?,
        wholeAreaLimit: Int = ElementSink.maxElements,
        accept: @escaping (LayoutAttributes) -> Bool = { _ in true },
        isBetter: @escaping (_ a: LayoutAttributes, _ d: Double, _ best: LayoutAttributes, _ bestD: Double) -> Bool
    ) throws -> LayoutAttributes? {
        guard area.isFinite, point.isFinite else { return nil }
        func distance(_ a: LayoutAttributes) -> Double {
            let dx = a.center.x - point.x, dy = a.center.y - point.y
            return metric == .horizontal ? abs(dx) : dx * dx + dy * dy
        }
        /// The best cell of one query of `rect`, and whether the query was stopped at the limit.
        func best(
            in rect: Rect, limit: Int = ElementSink.maxElements
        ) throws -> (
            found: (LayoutAttributes, Double)?, stopped: Bool
        ) {
            var found: (LayoutAttributes, Double)?
            let sink = VisitingSink(counts: counts) { a in
                guard a.category == .cell, accept(a) else { return }
                let d = distance(a)
                if let (b, bd) = found, !isBetter(a, d, b, bd) { return }
                found = (a, d)
            }
            sink.limit = limit
            try sink.visitingUpToLimit { try layoutAttributesForElements(in: rect, into: sink) }
            return (found, sink.reachedLimit)
        }
        // Most searches are over a viewport of ordinary size: one query of it, as before.
        let whole = try best(in: area, limit: wholeAreaLimit)
        let inside =
            point.x >= area.minX && point.x <= area.maxX && point.y >= area.minY && point.y <= area.maxY
        guard whole.stopped, inside else { return whole.found?.0 }
        /// `area` clipped to the box of half-size `h` around the point (all of `area` for h = ∞).
        func box(_ h: Double) -> Rect {
            let x0 = Swift.max(area.minX, point.x - h), x1 = Swift.min(area.maxX, point.x + h)
            guard metric == .euclidean else { return Rect(x: x0, y: area.minY, width: x1 - x0, height: area.height) }
            let y0 = Swift.max(area.minY, point.y - h), y1 = Swift.min(area.maxY, point.y + h)
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        var h = Swift.max(1, abs(point.x), abs(point.y)) * 0x1p-40
        while true {
            let rect = box(h)
            let all = h == .infinity || rect == area
            let (found, stopped) = try best(in: rect)
            if stopped { return found?.0 }
            if let (a, d) = found {
                // Half-size of the box holding every cell at most that far (a hair wider
                // against rounding).
                let reach = (metric == .horizontal ? d : d.squareRoot()) * (1 + 0x1p-40)
                if reach <= h || all { return a }
                return try best(in: box(reach)).found?.0
            }
            if all { return nil }
            h = h * 4 < .infinity ? h * 4 : .infinity
        }
    }
}
