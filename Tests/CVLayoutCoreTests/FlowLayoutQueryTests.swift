import XCTest

@testable import CVLayoutCore

// XCTest brings Foundation's IndexPath into scope.
private typealias IndexPath = CVLayoutCore.IndexPath

/// Rect queries against a brute-force filter, partial invalidation against full rebuilds,
/// and large inputs.
final class FlowLayoutQueryTests: XCTestCase {
    /// A random flow configuration: direction, spacings (sometimes negative), headers,
    /// footers, pinning, and per section one of: itemSize, uniform bulk, random bulk,
    /// random delegate sizes.
    func randomFlow(_ rng: inout SplitMix64) throws -> (FlowLayout, CollectionView, [Int]) {
        let f = FlowLayout()
        let d = FlowTestDelegate()
        d.methods = [
            .sizeForItem, .insetForSection, .minimumLineSpacingForSection,
            .minimumInteritemSpacingForSection, .referenceSizeForHeader, .referenceSizeForFooter,
        ]
        try f.configure {
            $0.scrollDirection = Bool.random(using: &rng) ? .vertical : .horizontal
            $0.minimumLineSpacing = Double(Int.random(in: -15...30, using: &rng))
            $0.minimumInteritemSpacing = Double(Int.random(in: 0...25, using: &rng))
            $0.itemSize = Size(
                width: Double(Int.random(in: 0...120, using: &rng)),
                height: Double(Int.random(in: 1...120, using: &rng)))
            $0.sectionHeadersPinToVisibleBounds = Bool.random(using: &rng)
            $0.sectionFootersPinToVisibleBounds = Bool.random(using: &rng)
        }
        let counts = (0..<Int.random(in: 1...6, using: &rng)).map { _ in Int.random(in: 0...70, using: &rng) }
        func rnd(_ r: ClosedRange<Int>) -> Double {
            Double(Int.random(in: r, using: &rng)) + (Bool.random(using: &rng) ? 0.5 : 0)
        }
        for (s, n) in counts.enumerated() {
            d.insets[s] = EdgeInsets(top: rnd(0...30), left: rnd(0...30), bottom: rnd(0...30), right: rnd(0...30))
            if Bool.random(using: &rng) { d.headers[s] = Size(width: rnd(0...40), height: rnd(0...40)) }
            if Bool.random(using: &rng) { d.footers[s] = Size(width: rnd(0...40), height: rnd(0...40)) }
            if Int.random(in: 0..<4, using: &rng) == 0 { d.lineSpacings[s] = rnd(-40...10) }
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: break  // delegate default: itemSize-like, uniform
            case 1:
                try f.setItemSizes(
                    Array(repeating: Size(width: rnd(1...90), height: rnd(1...90)), count: n), forSection: s)
            case 2:
                try f.setItemSizes((0..<n).map { _ in Size(width: rnd(0...150), height: rnd(0...150)) }, forSection: s)
            default:
                for i in 0..<n {
                    d.sizes[IndexPath(section: s, item: i)] = Size(width: rnd(1...150), height: rnd(1...100))
                }
            }
        }
        d.defaultSize = f.itemSize
        f.delegate = d
        let cv = try FlowTest.attach(f, counts, Size(width: rnd(50...700), height: rnd(50...700)))
        try cv.setContentOffset(Point(x: rnd(-50...400), y: rnd(-50...400)))
        try cv.layoutIfNeeded()
        return (f, cv, counts)
    }

    func testRectQueriesMatchBruteForce() throws {
        var rng = SplitMix64(seed: 0xF10)
        var checked = 0
        for round in 0..<60 {
            let (f, _, counts) = try randomFlow(&rng)
            let all = try FlowTest.allElements(f, counts)
            let content = try f.collectionViewContentSize()
            for _ in 0..<40 {
                let x = Double.random(in: -100...(content.width + 100), using: &rng)
                let y = Double.random(in: -100...(content.height + 100), using: &rng)
                let w =
                    Bool.random(using: &rng)
                    ? Double.random(in: 0...300, using: &rng) : Double(Int.random(in: 0...300, using: &rng))
                let h = Double.random(in: 0...300, using: &rng)
                let rect = Rect(x: x.rounded(), y: y, width: w, height: h)
                let expected = Set(all.filter { $0.frame.intersects(rect) })
                let got = try FlowTest.query(f, rect)
                XCTAssertEqual(got.count, expected.count, "round \(round) rect \(rect): duplicates or misses")
                XCTAssertEqual(Set(got), expected, "round \(round) rect \(rect)")
                checked += expected.count
            }
            // The whole content finds everything that has an area.
            let everything = Rect(x: -1e6, y: -1e6, width: 2e6 + content.width, height: 2e6 + content.height)
            XCTAssertEqual(Set(try FlowTest.query(f, everything)), Set(all.filter { $0.frame.intersects(everything) }))
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    /// A rect starting one ulp before a cell's far edge finds it, although the section's
    /// `reach` (summed as 80 + 48.669 = 128.66899999999998) is one ulp short of the cell's edge
    /// (110 + 18.669 = 128.669). Found by hypothesis: counts [0, 1], header width 25, inset
    /// left 30, item 18.669 wide, scrolling horizontally.
    func testSectionSearchDoesNotDropACellAnUlpInside() throws {
        let f = FlowLayout()
        try f.configure {
            $0.scrollDirection = .horizontal
            $0.itemSize = Size(width: 18.669, height: 1)
            $0.sectionInset = EdgeInsets(top: 0, left: 30, bottom: 0, right: 0)
            $0.headerReferenceSize = Size(width: 25, height: 0)
        }
        _ = try FlowTest.attach(f, [0, 1], Size(width: 1, height: 1))
        // Section 0: header 0...25, inset 30 → section 1 starts at 55: header 55...80, cell at 110.
        XCTAssertEqual(FlowTest.frame(f, 1, 0), Rect(x: 110, y: 0, width: 18.669, height: 1))
        let edge = 110 + 18.669
        let rect = Rect(x: edge.nextDown, y: 0, width: 0.331, height: 1)
        XCTAssertEqual(try FlowTest.query(f, rect).map(\.frame), [Rect(x: 110, y: 0, width: 18.669, height: 1)])
        XCTAssertEqual(try FlowTest.query(f, Rect(x: edge, y: 0, width: 0.331, height: 1)).count, 0)
    }

    /// The one query path's sinks agree with the full query: a sink that keeps nothing counts
    /// it, a limited one keeps its first elements and counts the rest, a finding sink finds
    /// what the single-element query returns, a hit-test sink picks the topmost covering cell.
    func testSinksAgreeWithTheFullQuery() throws {
        var rng = SplitMix64(seed: 0x515)
        var checked = 0
        for round in 0..<40 {
            let (_, cv, _) = try randomFlow(&rng)
            let content = try cv.contentSize()
            let everything = try cv.layoutAttributesForElements(in: CollectionViewLayout.searchRect(content: content))
            // Hit tests exactly on frame edges (a frame holds its min edges, not its max ones).
            for a in everything.filter({ $0.category == .cell }).prefix(8) {
                for q in [
                    a.frame.origin, Point(x: a.frame.maxX, y: a.frame.minY), Point(x: a.frame.midX, y: a.frame.maxY),
                ] {
                    XCTAssertEqual(
                        try cv.indexPathForItem(at: q),
                        everything.last { $0.category == .cell && $0.covers(q) }?.indexPath, "hit at \(q)")
                }
            }
            for _ in 0..<10 {
                let rect = Rect(
                    x: Double.random(in: -50...(content.width + 50), using: &rng),
                    y: Double.random(in: -50...(content.height + 50), using: &rng),
                    width: Double.random(in: 0...400, using: &rng), height: Double.random(in: 0...400, using: &rng))
                let full = try cv.layoutAttributesForElements(in: rect)
                // The hit test (a point query for the flow layout) against brute force.
                let q = Point(x: rect.minX, y: rect.minY)
                XCTAssertEqual(
                    try cv.indexPathForItem(at: q),
                    everything.last { $0.category == .cell && $0.covers(q) }?.indexPath, "hit at \(q)")
                let counting = ElementSink(counts: [])
                try cv.sendElements(in: rect, to: counting)
                XCTAssertEqual(counting.count, full.count, "round \(round) rect \(rect)")
                let limited = CollectingSink(counts: [], keep: 3)
                try cv.sendElements(in: rect, to: limited)
                XCTAssertEqual(limited.count, full.count)
                XCTAssertEqual(limited.elements.count, min(3, full.count))
                XCTAssertTrue(Set(limited.elements).isSubset(of: Set(full)))
                for a in full.prefix(3) {
                    let finder = FindingSink(counts: [], key: a.key)
                    try cv.sendElements(in: rect, to: finder)
                    XCTAssertEqual(finder.found, a)
                    XCTAssertEqual(try cv.layoutAttributes(for: a.key), a)
                }
                let p = Point(x: rect.midX, y: rect.midY)
                let hit = HitTestSink(counts: [], point: p)
                try cv.sendElements(in: rect, to: hit)
                XCTAssertEqual(hit.topmost, full.last { $0.category == .cell && $0.covers(p) })
                checked += full.count
            }
        }
        XCTAssertGreaterThan(checked, 1000)
        // An invalid element fails the query whoever the layout is (no opt-out).
        let cv = try FlowTest.attach(FlowLayout(), [3], Size(width: 320, height: 480))
        let sink = CollectingSink(counts: [])
        try cv.sendElements(in: cv.bounds, to: sink)
        XCTAssertEqual(sink.count, 3)
        let bad = ElementSink(counts: [2])
        try bad.cell(section: 0, item: 2, frame: Rect(x: 0, y: 0, width: 1, height: 1))
        // Once an element was invalid, offering another throws that error: the layout stops.
        XCTAssertThrowsError(
            try bad.add(.cell(IndexPath(section: 0, item: 0), frame: Rect(x: 0, y: 0, width: 1, height: 1)))
        ) { XCTAssertEqual(($0 as? LayoutError)?.code, .callback) }
        XCTAssertEqual(bad.count, 0)
        XCTAssertThrowsError(try bad.check()) { XCTAssertEqual(($0 as? LayoutError)?.code, .callback) }
    }

    /// A sink accepts `limit` elements; the next one throws `.overflow` at once (the layout's
    /// loop unwinds), through a subclass's mapping sink too, and `visitingUpToLimit` turns that
    /// into a quiet stop for searches.
    func testSinkLimitStopsTheQuery() throws {
        let cv = try FlowTest.attach(FlowLayout(), [100], Size(width: 320, height: 10000))
        let all = try cv.layoutAttributesForElements(in: cv.bounds).count
        XCTAssertEqual(all, 100)
        for limit in [0, 1, 7, 99, 100] {
            let sink = ElementSink(counts: nil)
            sink.limit = limit
            if limit >= all {
                try cv.sendElements(in: cv.bounds, to: sink)
                XCTAssertEqual(sink.count, all)
                XCTAssertFalse(sink.reachedLimit)
                continue
            }
            XCTAssertThrowsError(try cv.sendElements(in: cv.bounds, to: sink)) { e in
                XCTAssertEqual((e as? LayoutError)?.code, .overflow)
                XCTAssertTrue("\(e)".contains("CVL_MAX_QUERY_ELEMENTS"), "\(e)")
            }
            XCTAssertEqual(sink.count, limit)
            XCTAssertTrue(sink.reachedLimit)
            let quiet = ElementSink(counts: nil)
            quiet.limit = limit
            try quiet.visitingUpToLimit { try cv.sendElements(in: cv.bounds, to: quiet) }
            XCTAssertEqual(quiet.count, limit)
        }
        // Through a MappingSink (Cover Flow's): the inner sink is marked, whoever stopped.
        let cover = CoverFlowLayout()
        let cf = try FlowTest.attach(cover, [100], Size(width: 100000, height: 500))
        let inner = ElementSink(counts: nil)
        inner.limit = 5
        try inner.visitingUpToLimit { try cf.layout.layoutAttributesForElements(in: cf.bounds, into: inner) }
        XCTAssertTrue(inner.reachedLimit)
        XCTAssertLessThanOrEqual(inner.count, 5)
    }

    /// `nearestCell`'s box search (used once a viewport holds more than the query limit) finds
    /// what a scan of every visible cell finds, ties included: random flows, random points,
    /// with a limit small enough that the first query of the viewport always stops.
    func testNearestCellSearchAgreesWithAScan() throws {
        var rng = SplitMix64(seed: 0x4ea7)
        var searched = 0
        for _ in 0..<30 {
            let (layout, cv, _) = try randomFlow(&rng)
            let area = cv.bounds
            let cells = try cv.layoutAttributesForElements(in: area).filter { $0.category == .cell }
            guard cells.count > 4 else { continue }
            for _ in 0..<8 {
                let p = Point(
                    x: Double.random(in: area.minX...area.maxX, using: &rng),
                    y: Double.random(in: area.minY...area.maxY, using: &rng))
                for metric in [CollectionViewLayout.NearestMetric.euclidean, .horizontal] {
                    func d(_ a: LayoutAttributes) -> Double {
                        let dx = a.center.x - p.x, dy = a.center.y - p.y
                        return metric == .horizontal ? abs(dx) : dx * dx + dy * dy
                    }
                    var expected: LayoutAttributes?
                    var visit: [LayoutAttributes] = []
                    try layout.layoutAttributesForElements(in: area, into: &visit)
                    for a in visit where a.category == .cell {
                        if let e = expected, !(d(a) < d(e) || (d(a) == d(e) && a.indexPath < e.indexPath)) { continue }
                        expected = a
                    }
                    let got = try layout.nearestCell(
                        to: p, in: area, metric: metric, counts: cv.counts, wholeAreaLimit: 3
                    ) { a, da, b, db in da < db || (da == db && a.indexPath < b.indexPath) }
                    XCTAssertEqual(got?.indexPath, expected?.indexPath, "point \(p) metric \(metric)")
                    searched += 1
                }
            }
        }
        XCTAssertGreaterThan(searched, 100)
    }

    func testQueryReturnsDrawOrder() throws {
        let f = try FlowTest.survey()
        try f.configure { $0.footerReferenceSize = Size(width: 0, height: 20) }
        try FlowTest.attach(f, [4, 4], Size(width: 768, height: 2000))
        var got = try FlowTest.query(f, Rect(x: 0, y: 0, width: 768, height: 2000))
        let before = got
        got.sortIntoDrawOrder()
        XCTAssertEqual(got, before)
        XCTAssertEqual(got.count, 8 + 2 + 2)
    }

    // MARK: Invalidation

    func randomDelegate(_ rng: inout SplitMix64, _ counts: [Int]) -> FlowTestDelegate {
        let d = FlowTestDelegate()
        d.methods = .all
        for (s, n) in counts.enumerated() {
            for i in 0..<n {
                d.sizes[IndexPath(section: s, item: i)] = Size(
                    width: Double(Int.random(in: 10...120, using: &rng)),
                    height: Double(Int.random(in: 10...80, using: &rng)))
            }
            d.headers[s] = Size(width: 0, height: 25)
        }
        return d
    }

    func assertSameAsFresh(
        _ f: FlowLayout, _ d: FlowTestDelegate, _ counts: [Int], _ size: Size,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let fresh = FlowLayout()
        fresh.delegate = d
        for (s, _) in counts.enumerated() {
            if let b = f.itemSizes(forSection: s) { try fresh.setItemSizes(b, forSection: s) }
        }
        try FlowTest.attach(fresh, counts, size)
        XCTAssertEqual(
            try FlowTest.allElements(f, counts), try FlowTest.allElements(fresh, counts), file: file, line: line)
        XCTAssertEqual(try f.collectionViewContentSize(), try fresh.collectionViewContentSize(), file: file, line: line)
        let big = Rect(x: -10, y: -10, width: 1e5, height: 1e5)
        XCTAssertEqual(Set(try FlowTest.query(f, big)), Set(try FlowTest.query(fresh, big)), file: file, line: line)
    }

    func testItemInvalidationReasksOnlyThoseAndMatchesAFullLayout() throws {
        var rng = SplitMix64(seed: 42)
        let counts = [40, 60, 30, 25]
        let d = randomDelegate(&rng, counts)
        // Section 2: all the same size (uniform, stored as O(1)).
        for i in 0..<30 { d.sizes[IndexPath(section: 2, item: i)] = Size(width: 70, height: 40) }
        let f = FlowLayout()
        f.delegate = d
        let size = Size(width: 400, height: 600)
        let cv = try FlowTest.attach(f, counts, size)
        try assertSameAsFresh(f, d, counts, size)

        // Change sizes in section 1 (non-uniform) and section 2 (uniform → not uniform).
        let changed = [IndexPath(section: 1, item: 3), IndexPath(section: 1, item: 59), IndexPath(section: 2, item: 7)]
        d.sizes[changed[0]] = Size(width: 300, height: 90)
        d.sizes[changed[1]] = Size(width: 5, height: 5)
        d.sizes[changed[2]] = Size(width: 150, height: 10)
        d.sizeCalls = 0
        d.askedItems = []
        cv.invalidateLayout(.items(changed + [changed[0]]))  // duplicates are asked once
        try cv.layoutIfNeeded()
        XCTAssertEqual(Set(d.askedItems), Set(changed))
        XCTAssertEqual(d.sizeCalls, 3)
        try assertSameAsFresh(f, d, counts, size)

        // Back to uniform.
        d.sizes[changed[2]] = Size(width: 70, height: 40)
        cv.invalidateLayout(.items([changed[2]]))
        try cv.layoutIfNeeded()
        try assertSameAsFresh(f, d, counts, size)

        // An unchanged answer changes nothing; out-of-range index paths are ignored.
        d.sizeCalls = 0
        cv.invalidateLayout(
            .items([IndexPath(section: 0, item: 0), IndexPath(section: 9, item: 0), IndexPath(section: 0, item: 99)]))
        try cv.layoutIfNeeded()
        XCTAssertEqual(d.sizeCalls, 1)
        try assertSameAsFresh(f, d, counts, size)
    }

    func testCrossSizeChangeRepositionsWithoutAskingAgain() throws {
        var rng = SplitMix64(seed: 9)
        let counts = [50, 0, 20]
        let d = randomDelegate(&rng, counts)
        let f = FlowLayout()
        f.delegate = d
        let cv = try FlowTest.attach(f, counts, Size(width: 500, height: 600))
        d.sizeCalls = 0
        try cv.setBoundsSize(Size(width: 260, height: 600))
        try cv.layoutIfNeeded()
        XCTAssertEqual(d.sizeCalls, 0)
        try assertSameAsFresh(f, d, counts, Size(width: 260, height: 600))
        d.sizeCalls = 0  // the fresh layout asked the same delegate
        // Scrolling without pinning does not even invalidate.
        try cv.setContentOffset(Point(x: 0, y: 100))
        try cv.layoutIfNeeded()
        XCTAssertEqual(d.sizeCalls, 0)
        // Delegate-metrics invalidation asks everything again.
        cv.invalidateLayout(.delegateMetrics)
        try cv.layoutIfNeeded()
        XCTAssertEqual(d.sizeCalls, 70)
    }

    func testBulkSizeChangeRecomputesThatSection() throws {
        var rng = SplitMix64(seed: 5)
        let counts = [30, 30, 30]
        let f = FlowLayout()
        for s in 0..<3 {
            try f.setItemSizes(
                (0..<30).map { _ in Size(width: Double(Int.random(in: 10...200, using: &rng)), height: 30) },
                forSection: s)
        }
        let size = Size(width: 420, height: 600)
        let cv = try FlowTest.attach(f, counts, size)
        let d = FlowTestDelegate()
        d.methods = []
        try f.setItemSizes(
            (0..<30).map { _ in Size(width: Double(Int.random(in: 10...400, using: &rng)), height: 60) }, forSection: 1)
        try cv.layoutIfNeeded()
        let fresh = FlowLayout()
        for s in 0..<3 { try fresh.setItemSizes(try XCTUnwrap(f.itemSizes(forSection: s)), forSection: s) }
        try FlowTest.attach(fresh, counts, size)
        XCTAssertEqual(try FlowTest.allElements(f, counts), try FlowTest.allElements(fresh, counts))
        XCTAssertEqual(try f.collectionViewContentSize(), try fresh.collectionViewContentSize())
        // Uniform bulk sizes: the section stores nothing per item.
        try f.setItemSizes(Array(repeating: Size(width: 10, height: 10), count: 30), forSection: 1)
        try cv.layoutIfNeeded()
        XCTAssertEqual(f.numberOfLines(inSection: 1), 2)  // 30·10 + 29·10 = 590 > 420: 21 per line
        XCTAssertEqual(f.itemRange(ofLine: 0, inSection: 1), 0..<21)  // 21·10 + 20·10 = 410 ≤ 420
        f.removeAllItemSizes()
        try cv.layoutIfNeeded()
        XCTAssertEqual(f.resolvedItemSize(at: IndexPath(section: 2, item: 0)), Size(width: 50, height: 50))
    }

    func testReloadWithNewCountsRebuilds() throws {
        let ds = StaticDataSource([3])
        let f = FlowLayout()
        let cv = try CollectionView(dataSource: ds, layout: f)
        try cv.setBoundsSize(Size(width: 170, height: 500))
        // 170 wide: 3 per line (3·50 + 2·10 = 170).
        XCTAssertEqual(try cv.contentSize(), Size(width: 170, height: 50))
        ds.counts = [4, 2]
        try cv.reloadData()
        XCTAssertEqual(try cv.contentSize(), Size(width: 170, height: 160))
        XCTAssertEqual(FlowTest.frame(f, 1, 1), Rect(x: 60, y: 110, width: 50, height: 50))
    }

    // MARK: Scale

    func testHundredThousandUniformItems() throws {
        let f = FlowLayout()
        let cv = try FlowTest.attach(f, [100_000], Size(width: 375, height: 667))
        // 6 per line (6·50 + 5·10 = 350 ≤ 375): 16 667 lines, 60 apart, last at 16 666·60.
        XCTAssertEqual(try cv.contentSize(), Size(width: 375, height: 16_666 * 60 + 50))
        XCTAssertLessThan(f.memoryFootprint, 4096)
        try cv.setContentOffset(Point(x: 0, y: 500_000))
        let visible = try cv.visibleAttributes()
        XCTAssertEqual(visible.count, 12 * 6)  // lines at 499 980 … 501 120 (12 lines × 6 cells)
        XCTAssertEqual(FlowTest.frame(f, 0, 99_999)?.minY, 16_666 * 60)
    }

    func testHundredThousandRandomBulkItems() throws {
        var rng = SplitMix64(seed: 1)
        let n = 100_000
        let sizes = (0..<n).map { _ in
            Size(width: Double.random(in: 20...120, using: &rng), height: Double.random(in: 20...120, using: &rng))
        }
        let f = FlowLayout()
        try f.setItemSizes(sizes, forSection: 0)
        let cv = try FlowTest.attach(f, [n], Size(width: 1024, height: 768))
        XCTAssertLessThanOrEqual(Double(f.memoryFootprint) / Double(n), 32)
        try cv.setContentOffset(Point(x: 0, y: try cv.contentSize().height / 2))
        let visible = try cv.visibleAttributes()
        XCTAssertFalse(visible.isEmpty)
        let expected = try (0..<n).compactMap { try f.layoutAttributesForItem(at: IndexPath(section: 0, item: $0)) }
            .filter { $0.frame.intersects(cv.bounds) }
        XCTAssertEqual(Set(visible), Set(expected))
    }

    /// Timing of the targets at 10⁶ items; prints only. Run with FLOW_BENCH=1 in a
    /// release build: `swift test -c release -Xswiftc -enable-testing --filter FlowLayoutQueryTests/testBenchmark`.
    func testBenchmark() throws {
        guard ProcessInfo.processInfo.environment["FLOW_BENCH"] != nil else { return }
        var rng = SplitMix64(seed: 3)
        let n = 1_000_000
        let sizes = (0..<n).map { _ in
            Size(width: Double.random(in: 20...200, using: &rng), height: Double.random(in: 20...200, using: &rng))
        }
        let f = FlowLayout()
        try f.setItemSizes(sizes, forSection: 0)
        let cv = try CollectionView(dataSource: StaticDataSource([n]), layout: f)
        try cv.setBoundsSize(Size(width: 1024, height: 768))
        func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
        let first0 = now()
        try cv.layoutIfNeeded()
        print("first prepare: \(Double(now() - first0) / Double(n)) ns/item")
        var best = UInt64.max
        for _ in 0..<5 {
            cv.invalidateLayout(.everything)
            let t0 = now()
            try cv.layoutIfNeeded()
            best = min(best, now() - t0)
        }
        print(
            "re-prepare (best of 5): \(Double(best) / Double(n)) ns/item, \(Double(f.memoryFootprint) / Double(n)) "
                + "bytes/item"
        )
        let h = try cv.contentSize().height
        var out: [LayoutAttributes] = []
        out.reserveCapacity(1024)
        var total: UInt64 = 0, elements = 0
        let queries = 2000
        for q in 0..<queries {
            out.removeAll(keepingCapacity: true)
            let y = Double(q) / Double(queries) * (h - 768)
            let t0 = now()
            try f.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 1024, height: 768), into: &out)
            total += now() - t0
            elements += out.count
        }
        print(
            "query: \(Double(total) / Double(queries)) ns per query, \(Double(elements) / Double(queries)) elements "
                + "per query"
        )
    }
}
