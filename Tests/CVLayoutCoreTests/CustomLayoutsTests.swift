import XCTest

@testable import CVLayoutCore

// Foundation (through XCTest) has its own IndexPath.
private typealias IndexPath = CVLayoutCore.IndexPath

/// The three seed layouts: CircleLayout (the circle article), MosaicLayout (MacMullin's post), TreeLayout (Apple's
/// guide).
/// Expected numbers are worked out by hand from the seeds' formulas in the comments.
final class CustomLayoutsTests: XCTestCase {

    // MARK: Helpers

    private func makeCV(
        _ counts: [Int], _ layout: CollectionViewLayout, _ w: Double, _ h: Double
    ) throws -> CollectionView {
        let cv = try CollectionView(dataSource: StaticDataSource(counts), layout: layout)
        try cv.setBoundsSize(Size(width: w, height: h))
        try cv.layoutIfNeeded()
        return cv
    }

    private func assertRect(
        _ r: Rect, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
        accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(r.minX, x, accuracy: accuracy, "minX", file: file, line: line)
        XCTAssertEqual(r.minY, y, accuracy: accuracy, "minY", file: file, line: line)
        XCTAssertEqual(r.width, w, accuracy: accuracy, "width", file: file, line: line)
        XCTAssertEqual(r.height, h, accuracy: accuracy, "height", file: file, line: line)
    }

    private func cell(_ cv: CollectionView, _ s: Int, _ i: Int) throws -> LayoutAttributes {
        try XCTUnwrap(
            cv.layoutAttributes(
                for: ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: s, item: i))))
    }

    private func connector(_ cv: CollectionView, _ s: Int, _ i: Int) throws -> LayoutAttributes? {
        try cv.layoutAttributes(
            for: ElementKey(category: .supplementaryView, kind: .connector, indexPath: IndexPath(section: s, item: i)))
    }

    /// Every element the layout has, through the single-element queries.
    private func allElements(_ cv: CollectionView) throws -> [LayoutAttributes] {
        var all: [LayoutAttributes] = []
        for s in 0..<cv.numberOfSections {
            for i in 0..<cv.numberOfItems(inSection: s) {
                let ip = IndexPath(section: s, item: i)
                if let a = try cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip)) {
                    all.append(a)
                }
                if let a = try connector(cv, s, i) { all.append(a) }
            }
        }
        return all
    }

    /// Rect queries must equal filtering every element by `Rect.intersects`.
    private func checkRectQueries(
        _ cv: CollectionView, rects: Int, seed: UInt64,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let all = try allElements(cv)
        let size = try cv.contentSize()
        var g = SplitMix64(seed: seed)
        var extra: [Rect] = [
            Rect(x: -1e6, y: -1e6, width: 2e6 + size.width, height: 2e6 + size.height),
            Rect(x: 0, y: 0, width: size.width, height: size.height),
        ]
        // Rects whose edges sit exactly on element edges (touching is not intersecting).
        for a in all.prefix(20) {
            let f = a.frame
            extra.append(Rect(x: f.maxX, y: f.minY, width: 5, height: f.height))
            extra.append(Rect(x: f.minX, y: f.maxY, width: f.width, height: 5))
            extra.append(Rect(x: f.minX - 5, y: f.minY - 5, width: 5, height: 5))
            extra.append(Rect(x: f.minX, y: f.minY, width: 0.5, height: 0.5))
        }
        for _ in 0..<rects {
            let x = g.double(in: -50..<size.width + 50), y = g.double(in: -50..<size.height + 50)
            extra.append(
                Rect(
                    x: x, y: y, width: g.double(in: 0..<size.width / 2 + 10),
                    height: g.double(in: 0..<size.height / 2 + 10)))
        }
        for r in extra {
            let got = Set(try cv.layoutAttributesForElements(in: r))
            let want = Set(all.filter { r.intersects($0.frame) })
            XCTAssertEqual(got.count, want.count, "rect \(r)", file: file, line: line)
            XCTAssertEqual(got, want, "rect \(r)", file: file, line: line)
        }
    }

    // MARK: - CircleLayout (the circle article)

    func testCircleRadiusTruncatesLikeNSInteger() {
        // radius = (NSInteger)(MIN(w, h) / 2.5)
        XCTAssertEqual(CircleLayout.radius(forBoundsSize: Size(width: 320, height: 480)), 128)  // 320 / 2.5 = 128
        XCTAssertEqual(CircleLayout.radius(forBoundsSize: Size(width: 375, height: 667)), 150)  // 375 / 2.5 = 150
        XCTAssertEqual(CircleLayout.radius(forBoundsSize: Size(width: 300, height: 300)), 120)  // 300 / 2.5 = 120
        XCTAssertEqual(CircleLayout.radius(forBoundsSize: Size(width: 1000, height: 700)), 280)  // 700 / 2.5 = 280
        XCTAssertEqual(CircleLayout.radius(forBoundsSize: Size(width: 321, height: 480)), 128)  // 128.4 → 128
        XCTAssertEqual(CircleLayout.radius(forBoundsSize: Size(width: 480, height: 324)), 129)  // 129.6 → 129, not 130
        XCTAssertEqual(CircleLayout.radius(forBoundsSize: Size(width: 2, height: 2)), 0)  // 0.8 → 0
        XCTAssertEqual(CircleLayout.radius(forBoundsSize: .zero), 0)
        XCTAssertEqual(CircleLayout.radius(forBoundsSize: Size(width: 1e300, height: 1e300)), 4e299)  // no Int overflow
    }

    func testCircleFourItems() throws {
        let layout = CircleLayout()
        let cv = try makeCV([4], layout, 320, 480)
        // center = (160, 240), radius = 128, item size 60 × 60; content size = bounds size.
        XCTAssertEqual(try cv.contentSize(), Size(width: 320, height: 480))
        XCTAssertEqual(layout.center, Point(x: 160, y: 240))
        XCTAssertEqual(layout.radius, 128)

        // Item 0: angle 0 → (160 + 128 cos(−π/2), 240 + 128 sin(−π/2)) = (160, 112); no rotation.
        let a0 = try cell(cv, 0, 0)
        XCTAssertEqual(a0.center.x, 160, accuracy: 1e-9)
        XCTAssertEqual(a0.center.y, 112, accuracy: 1e-9)
        assertRect(a0.frame, 130, 82, 60, 60)
        XCTAssertTrue(a0.transform.isApproximatelyEqual(to: .identity))

        // Item 1: angle π/2 → (160 + 128 cos 0, 240 + 128 sin 0) = (288, 240); rotation π/2 about z,
        // row-vector convention: m11 = cos = 0, m12 = sin = 1, m21 = −sin = −1, m22 = 0.
        let a1 = try cell(cv, 0, 1)
        XCTAssertEqual(a1.center.x, 288, accuracy: 1e-9)
        XCTAssertEqual(a1.center.y, 240, accuracy: 1e-9)
        XCTAssertEqual(a1.transform.m11, 0, accuracy: 1e-12)
        XCTAssertEqual(a1.transform.m12, 1, accuracy: 1e-12)
        XCTAssertEqual(a1.transform.m21, -1, accuracy: 1e-12)
        XCTAssertEqual(a1.transform.m22, 0, accuracy: 1e-12)
        XCTAssertTrue(a1.transform.isApproximatelyEqual(to: Transform3D.rotation(Double.pi / 2, 0, 0, 1)))

        // Item 2: angle π → (160, 240 + 128) = (160, 368); rotation π: m11 = m22 = −1.
        let a2 = try cell(cv, 0, 2)
        XCTAssertEqual(a2.center.x, 160, accuracy: 1e-9)
        XCTAssertEqual(a2.center.y, 368, accuracy: 1e-9)
        XCTAssertEqual(a2.transform.m11, -1, accuracy: 1e-12)
        XCTAssertEqual(a2.transform.m22, -1, accuracy: 1e-12)

        // Item 3: angle 3π/2 → (160 − 128, 240) = (32, 240); m12 = sin(3π/2) = −1.
        let a3 = try cell(cv, 0, 3)
        XCTAssertEqual(a3.center.x, 32, accuracy: 1e-9)
        XCTAssertEqual(a3.center.y, 240, accuracy: 1e-9)
        XCTAssertEqual(a3.transform.m12, -1, accuracy: 1e-12)
        XCTAssertEqual(a3.size, Size(width: 60, height: 60))
        XCTAssertEqual(a3.custom.count, 0)

        // Rect query: the top-left quarter (0, 0, 160, 240) holds only item 0's frame (130…190 × 82…142)
        // and item 3's (2…62 × 210…270): item 0 spans x 130…190 (intersects x < 160) and item 3 spans
        // y 210…270 (intersects y < 240).
        let q = try cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 160, height: 240))
        XCTAssertEqual(q.map(\.indexPath.item), [0, 3])
        // A rect inside the ring, away from every item: nothing (the seed would return all 4).
        XCTAssertEqual(try cv.layoutAttributesForElements(in: Rect(x: 140, y: 220, width: 40, height: 40)).count, 0)
        try checkRectQueries(cv, rects: 200, seed: 1)
    }

    func testCircleTwentyItems() throws {
        let cv = try makeCV([20], CircleLayout(), 320, 480)
        // Item 5 of 20: angle 2π·5/20 = π/2 → (288, 240), like item 1 of 4.
        let a5 = try cell(cv, 0, 5)
        XCTAssertEqual(a5.center.x, 288, accuracy: 1e-9)
        XCTAssertEqual(a5.center.y, 240, accuracy: 1e-9)
        // Item 10: angle π → (160, 368). Item 15: angle 3π/2 → (32, 240).
        let a10 = try cell(cv, 0, 10), a15 = try cell(cv, 0, 15)
        XCTAssertEqual(a10.center.x, 160, accuracy: 1e-9); XCTAssertEqual(a10.center.y, 368, accuracy: 1e-9)
        XCTAssertEqual(a15.center.x, 32, accuracy: 1e-9); XCTAssertEqual(a15.center.y, 240, accuracy: 1e-9)
        // Item 1: angle π/10 (18°), position angle 18° − 90° = −72°:
        // x = 160 + 128·cos 72° = 160 + 128·0.309016994 = 199.554175,
        // y = 240 − 128·sin 72° = 240 − 128·0.951056516 = 118.264766;
        // rotation 18°: m11 = cos 18° = 0.951056516, m12 = sin 18° = 0.309016994.
        let a1 = try cell(cv, 0, 1)
        XCTAssertEqual(a1.center.x, 199.554175, accuracy: 1e-6)
        XCTAssertEqual(a1.center.y, 118.264766, accuracy: 1e-6)
        XCTAssertEqual(a1.transform.m11, 0.951056516, accuracy: 1e-9)
        XCTAssertEqual(a1.transform.m12, 0.309016994, accuracy: 1e-9)
        XCTAssertEqual(a1.transform.m21, -0.309016994, accuracy: 1e-9)
        // All 20 at distance 128 from the centre.
        for i in 0..<20 {
            let c = try cell(cv, 0, i).center
            XCTAssertEqual(((c.x - 160) * (c.x - 160) + (c.y - 240) * (c.y - 240)).squareRoot(), 128, accuracy: 1e-9)
        }
        try checkRectQueries(cv, rects: 300, seed: 2)
    }

    func testCircleRectQueriesMatchBruteForceOnManyShapes() throws {
        var g = SplitMix64(seed: 99)
        for trial in 0..<40 {
            let n = [1, 2, 3, 7, 20, 97, 500][trial % 7]
            let layout = CircleLayout()
            try layout.setItemSize(Size(width: g.double(in: 0.5..<80), height: g.double(in: 0.5..<80)))
            let cv = try makeCV([n], layout, g.double(in: 10..<900), g.double(in: 10..<900))
            try checkRectQueries(cv, rects: 60, seed: UInt64(trial))
        }
        // Radius 0 (bounds 2 × 2): every item has the same frame.
        let cv = try makeCV([5], CircleLayout(), 2, 2)
        XCTAssertEqual(try cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 1, height: 1)).count, 5)
        try checkRectQueries(cv, rects: 50, seed: 7)
    }

    func testCircleHugeCountQueriesOnlyNearbyItems() throws {
        let n = CollectionView.maxCount  // 2^40 items
        let layout = CircleLayout()
        try layout.setItemSize(Size(width: 1e-9, height: 1e-9))
        let cv = try makeCV([n], layout, 320, 480)
        // Inside the ring: nothing, and quickly.
        XCTAssertEqual(try cv.layoutAttributesForElements(in: Rect(x: 150, y: 230, width: 20, height: 20)).count, 0)
        // A 1e-6 square on top of item 0 at (160, 112): items are 2π·128/2^40 ≈ 7.3e-10 apart on the
        // circle, so roughly 1e-6 / 7.3e-10 ≈ 1370 of them fall in it.
        let r = Rect(x: 160 - 5e-7, y: 112 - 5e-7, width: 1e-6, height: 1e-6)
        let q = try cv.layoutAttributesForElements(in: r)
        XCTAssertGreaterThan(q.count, 1000)
        XCTAssertLessThan(q.count, 2000)
        XCTAssertTrue(q.allSatisfy { r.intersects($0.frame) })
        // The result is a contiguous run of indices around 0 (wrapping), and the items just outside
        // it miss the rect.
        let items = Set(q.map(\.indexPath.item))
        let low = (0..<2000).map { (n - $0) % n }.first { !items.contains($0) }!
        let high = (0..<2000).first { !items.contains($0) }!
        XCTAssertEqual(items.count, high + (n - low) - 1)
        for i in [low, high] {
            XCTAssertFalse(r.intersects(try cell(cv, 0, i).frame))
        }
    }

    func testCircleInvalidation() throws {
        let layout = CircleLayout()
        let cv = try makeCV([4], layout, 320, 480)
        _ = try cv.contentSize()
        // A scroll does not invalidate; a size change does.
        XCTAssertFalse(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 50, width: 320, height: 480)))
        XCTAssertTrue(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 480, height: 320)))
        try cv.setContentOffset(Point(x: 0, y: 50))
        XCTAssertEqual(try cell(cv, 0, 0).center.y, 112, accuracy: 1e-9)
        // 375 × 667: centre (187.5, 333.5), radius 150 → item 0 at (187.5, 183.5).
        try cv.setBoundsSize(Size(width: 375, height: 667))
        XCTAssertEqual(try cv.contentSize(), Size(width: 375, height: 667))
        let a0 = try cell(cv, 0, 0)
        XCTAssertEqual(a0.center.x, 187.5, accuracy: 1e-9)
        XCTAssertEqual(a0.center.y, 183.5, accuracy: 1e-9)
        // Setting the item size invalidates; bad sizes throw and change nothing.
        try layout.setItemSize(Size(width: 30, height: 20))
        XCTAssertEqual(try cell(cv, 0, 0).size, Size(width: 30, height: 20))
        for bad in [Size(width: .nan, height: 1), Size(width: -1, height: 1), Size(width: 1, height: .infinity)] {
            XCTAssertThrowsError(try layout.setItemSize(bad)) {
                XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument)
            }
        }
        XCTAssertEqual(layout.itemSize, Size(width: 30, height: 20))
        // Other sections get nothing; no items → nothing.
        let cv2 = try makeCV([0, 3], CircleLayout(), 320, 480)
        XCTAssertEqual(try cv2.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 480)).count, 0)
        XCTAssertNil(
            try cv2.layoutAttributes(
                for: ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: 1, item: 0))))
    }

    // MARK: - MosaicLayout (MacMullin's post)

    /// The frames and cell types of two pages are the shared fixture
    /// Tests/fixtures/mosaic-two-pages.json. Here: the resolved metrics and the single-element path.
    func testMosaicPageFrames() throws {
        let layout = MosaicLayout()
        let cv = try makeCV([24], layout, 430, 330)
        // padding 10; columnWidth = (430 − 30)/4 = 100; rowHeight = (330 − 30)/4 = 75;
        // large = (2·100 + 10) × (2·75 + 10) = 210 × 160; medium = 100 × 160.
        XCTAssertEqual(
            layout.metrics,
            MosaicLayout.Metrics(
                pageWidth: 430, pageHeight: 330, padding: 10, columnWidth: 100,
                rowHeight: 75, largeCellWidth: 210, largeCellHeight: 160,
                mediumCellHeight: 160))
        // Item 14 (page 1, large) through the single-element path: (650, 0, 210, 160), type 1.
        let a = try cell(cv, 0, 14)
        assertRect(a.frame, 650, 0, 210, 160)
        XCTAssertEqual(a.custom[0], 1)
        XCTAssertEqual(a.custom.count, 1)
        XCTAssertEqual(layout.discreteCustomSlots, 0b1)
        try checkRectQueries(cv, rects: 300, seed: 3)
    }

    func testMosaicContentSize() throws {
        // 13 items → ⌈13/12⌉ = 2 pages → 2·430 wide.
        XCTAssertEqual(try makeCV([13], MosaicLayout(), 430, 330).contentSize(), Size(width: 860, height: 330))
        XCTAssertEqual(try makeCV([12], MosaicLayout(), 430, 330).contentSize(), Size(width: 430, height: 330))
        XCTAssertEqual(try makeCV([1], MosaicLayout(), 430, 330).contentSize(), Size(width: 430, height: 330))
        XCTAssertEqual(try makeCV([0], MosaicLayout(), 430, 330).contentSize(), Size(width: 0, height: 330))
        XCTAssertEqual(try makeCV([], MosaicLayout(), 430, 330).contentSize(), Size(width: 0, height: 330))
        // 13 items: the second page has only item 12.
        let cv = try makeCV([13], MosaicLayout(), 430, 330)
        XCTAssertEqual(
            try cv.layoutAttributesForElements(in: Rect(x: 430, y: 0, width: 430, height: 330)).map(\.indexPath.item),
            [12])
        XCTAssertThrowsError(
            try cv.layoutAttributes(
                for: ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: 0, item: 13))))
        XCTAssertNil(try cv.layout.layoutAttributesForItem(at: IndexPath(section: 0, item: 13)))
        XCTAssertNil(try cv.layout.layoutAttributesForItem(at: IndexPath(section: 1, item: 0)))
    }

    func testMosaicTablesTileThePageWithoutOverlap() throws {
        for (w, h, p) in [(430.0, 330.0, 10.0), (320, 480, 0), (1024, 768, 7.5), (50, 60, 3)] {
            let layout = MosaicLayout()
            try layout.setPadding(p)
            let cv = try makeCV([36], layout, w, h)
            let m = layout.metrics
            for page in 0..<3 {
                let frames = try (0..<12).map { try cell(cv, 0, page * 12 + $0).frame }
                // No two frames share area.
                for i in 0..<12 {
                    for j in (i + 1)..<12 { XCTAssertFalse(frames[i].intersects(frames[j]), "\(i) \(j)") }
                }
                // Each of the 16 grid cells (column c, row r) is covered by exactly one frame,
                // and every frame stays on its page.
                for c in 0..<4 {
                    for r in 0..<4 {
                        let pt = Point(
                            x: Double(page) * w + (m.columnWidth + p) * Double(c) + m.columnWidth / 2,
                            y: (m.rowHeight + p) * Double(r) + m.rowHeight / 2)
                        XCTAssertEqual(frames.filter { $0.contains(pt) }.count, 1, "grid cell \(c),\(r) at \(w)x\(h)")
                    }
                }
                for f in frames {
                    XCTAssertGreaterThanOrEqual(f.minX, Double(page) * w - 1e-9)
                    XCTAssertLessThanOrEqual(f.maxX, Double(page + 1) * w + 1e-9)
                    XCTAssertLessThanOrEqual(f.maxY, h + 1e-9)
                }
            }
            // And pages do not overlap each other.
            let all = try allElements(cv)
            for a in all {
                for b in all where a.indexPath < b.indexPath { XCTAssertFalse(a.frame.intersects(b.frame)) }
            }
        }
    }

    func testMosaicExplicitSizesAndValidation() throws {
        let layout = MosaicLayout()
        let cv = try makeCV([12], layout, 430, 330)
        try layout.setColumnWidth(50)
        try layout.setRowHeight(40)
        try layout.setPadding(5)
        // large defaults follow: 2·50 + 5 = 105 wide, 2·40 + 5 = 85 high; medium 85 high.
        // Item 2: column 2 → x = 55·2 = 110; item 8: column 3, row 2 → (165, 90, 50, 40).
        assertRect(try cell(cv, 0, 2).frame, 110, 0, 105, 85)
        assertRect(try cell(cv, 0, 5).frame, 0, 90, 50, 85)
        assertRect(try cell(cv, 0, 8).frame, 165, 90, 50, 40)
        try layout.setLargeCellWidth(70)
        try layout.setLargeCellHeight(30)
        try layout.setMediumCellHeight(12)
        assertRect(try cell(cv, 0, 2).frame, 110, 0, 70, 30)
        assertRect(try cell(cv, 0, 5).frame, 0, 90, 50, 12)
        try layout.setColumnWidth(nil)  // back to (430 − 15)/4 = 103.75
        XCTAssertEqual(try cell(cv, 0, 1).frame.minX, 108.75, accuracy: 1e-9)
        for bad in [Double.nan, -1, .infinity] {
            XCTAssertThrowsError(try layout.setPadding(bad)) {
                XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument)
            }
            XCTAssertThrowsError(try layout.setRowHeight(bad))
            XCTAssertThrowsError(try layout.setMediumCellHeight(bad))
        }
        XCTAssertEqual(layout.padding, 5)
        // Derived sizes never go negative: a 20-point page with padding 10 has 0-wide columns.
        try layout.setPadding(10)
        try cv.setBoundsSize(Size(width: 20, height: 20))
        try layout.setRowHeight(nil)
        XCTAssertEqual(try cell(cv, 0, 0).frame.width, 0)
        XCTAssertEqual(try cell(cv, 0, 0).frame.height, 0)
        // Sizes too large for the coordinate range: an error, not a trap or an infinite frame.
        try layout.setPadding(1e308)
        XCTAssertThrowsError(try cv.contentSize()) { XCTAssertEqual(($0 as? LayoutError)?.code, .overflow) }
        try layout.setPadding(10)
        XCTAssertNoThrow(try cv.contentSize())
    }

    func testMosaicInvalidationAndHugeCounts() throws {
        let layout = MosaicLayout()
        let cv = try makeCV([30], layout, 430, 330)
        _ = try cv.contentSize()
        XCTAssertFalse(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 430, y: 0, width: 430, height: 330)))
        XCTAssertTrue(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 330, height: 330)))
        try cv.setContentOffset(Point(x: 430, y: 0))
        XCTAssertEqual(try cv.visibleAttributes().map(\.indexPath.item), Array(12..<24))
        // Width 470: columns (470 − 30)/4 = 110, page width 470 → item 12 at x = 470.
        try cv.setBoundsSize(Size(width: 470, height: 330))
        assertRect(try cell(cv, 0, 12).frame, 470, 0, 110, 75)
        XCTAssertEqual(try cv.contentSize().width, 3 * 470)

        // 2^40 items: ⌈2^40 / 12⌉ pages; a query far along touches one or two pages only.
        let big = try makeCV([CollectionView.maxCount], MosaicLayout(), 430, 330)
        let pages = (CollectionView.maxCount + 11) / 12
        XCTAssertEqual(try big.contentSize().width, Double(pages) * 430)
        let page = 50_000_000_000
        let q = try big.layoutAttributesForElements(in: Rect(x: Double(page) * 430 + 1, y: 1, width: 100, height: 50))
        XCTAssertEqual(q.map(\.indexPath.item), [page * 12])
        let last = try big.layoutAttributesForElements(
            in: Rect(x: Double(pages - 1) * 430, y: 0, width: 430, height: 330))
        XCTAssertEqual(last.count, CollectionView.maxCount - (pages - 1) * 12)
    }

    func testMosaicZeroWidthPages() throws {
        // Page width 0 with explicit sizes: every page sits at x = 0; queries still match brute force.
        let layout = MosaicLayout()
        try layout.setColumnWidth(10)
        let cv = try makeCV([30], layout, 0, 200)
        XCTAssertEqual(try cv.contentSize(), Size(width: 0, height: 200))
        try checkRectQueries(cv, rects: 50, seed: 4)
    }

    // MARK: - TreeLayout (Apple's guide)

    /// A tree given as children counts per section.
    fileprivate final class TreeSource: TreeLayoutDataSource {
        var children: [[Int]]
        var calls = 0
        var failAt: IndexPath?
        init(_ children: [[Int]]) { self.children = children }
        var counts: [Int] { children.map(\.count) }
        struct Boom: Error {}
        func numberOfChildren(ofItemAt ip: IndexPath) throws -> Int {
            calls += 1
            if ip == failAt { throw Boom() }
            return children[ip.section][ip.item]
        }
    }

    /// NSObject → [A, B, C], A → [A1, A2], C → [C1].
    private let classTree: [[Int]] = [[3], [2, 0, 1], [0, 0, 0]]

    private func makeTree(
        _ children: [[Int]], layout: TreeLayout = TreeLayout()
    ) throws -> (CollectionView, TreeLayout, TreeSource) {
        let src = TreeSource(children)
        layout.treeDataSource = src
        let cv = try CollectionView(dataSource: StaticDataSource(src.counts), layout: layout)
        try cv.setBoundsSize(Size(width: 320, height: 480))
        try cv.layoutIfNeeded()
        return (cv, layout, src)
    }

    /// Every frame, custom slot and connector of this tree, with how each number was worked
    /// out, is the shared fixture Tests/fixtures/tree-class-hierarchy.json (run by FixtureTests,
    /// the C harness and pytest). Here: rows, single-element lookups, a narrow rect query.
    func testTreeClassHierarchy() throws {
        let (cv, layout, _) = try makeTree(classTree)
        // Rows (numRowsForClassAndChildren): A = 2, NSObject = 4; C at row 3.
        XCTAssertEqual(layout.maxNumRows, 4)
        XCTAssertEqual(layout.rowInfo(at: IndexPath(section: 0, item: 0))?.rows, 4)
        XCTAssertEqual(layout.rowInfo(at: IndexPath(section: 1, item: 0))?.rows, 2)
        XCTAssertEqual(layout.rowInfo(at: IndexPath(section: 1, item: 2))?.row, 3)
        // The single-element path agrees with the fixture's rect query: C at (180, 190).
        assertRect(try cell(cv, 1, 2).frame, 180, 190, 150, 40)
        let cC = try XCTUnwrap(connector(cv, 1, 2))
        assertRect(cC.frame, 330, 190, 20, 40)
        XCTAssertEqual(cC.category, .supplementaryView)
        XCTAssertEqual(cC.kind, .connector)
        XCTAssertNil(try connector(cv, 1, 1))
        XCTAssertNil(try connector(cv, 2, 0))
        XCTAssertNil(
            try cv.layoutAttributes(
                for: ElementKey(
                    category: .supplementaryView, kind: .sectionHeader,
                    indexPath: IndexPath(section: 0, item: 0))))
        XCTAssertEqual(layout.discreteCustomSlots, 0b11)

        // The whole content: 7 cells + 3 connectors.
        XCTAssertEqual(try cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 510, height: 240)).count, 10)
        // Column 1's gap strip x 330…350 holds the connectors of A and C only.
        let strip = try cv.layoutAttributesForElements(in: Rect(x: 331, y: 0, width: 10, height: 240))
        XCTAssertEqual(strip.map(\.indexPath), [IndexPath(section: 1, item: 0), IndexPath(section: 1, item: 2)])
        try checkRectQueries(cv, rects: 300, seed: 5)
    }

    /// Listing 6-5 done literally: sections from last to first, each item at the running
    /// `totalHeight`, then `adjustFramesOfChildrenAndConnectorsForClassAtIndexPath:` moving the
    /// whole subtree recursively — O(n · depth). Returns each item's row.
    private func listingRows(_ children: [[Int]]) -> [[Int]] {
        let ns = children.count
        var firstChild = children.map { [Int](repeating: 0, count: $0.count) }
        for s in 0..<ns {
            var sum = 0; for i in 0..<children[s].count { firstChild[s][i] = sum; sum += children[s][i] }
        }
        // numRowsForClassAndChildrenAtIndexPath:, recursive and unmemoised like a simple data source.
        func numRows(_ s: Int, _ i: Int) -> Int {
            let c = children[s][i]
            guard c > 0 else { return 1 }
            return (0..<c).reduce(0) { $0 + numRows(s + 1, firstChild[s][i] + $1) }
        }
        var rows = children.map { [Int](repeating: 0, count: $0.count) }
        func adjust(_ s: Int, _ i: Int) {
            var r = rows[s][i]
            for k in 0..<children[s][i] {
                let c = firstChild[s][i] + k
                rows[s + 1][c] = r
                adjust(s + 1, c)
                r += numRows(s + 1, c)
            }
        }
        for s in stride(from: ns - 1, through: 0, by: -1) {
            var totalHeight = 0
            for i in 0..<children[s].count {
                rows[s][i] = totalHeight
                adjust(s, i)
                totalHeight += numRows(s, i)
            }
        }
        return rows
    }

    /// A random forest as children counts per section.
    private func randomForest(_ g: inout SplitMix64, roots: Int, depth: Int, maxChildren: Int) -> [[Int]] {
        var out: [[Int]] = []
        var width = roots
        for d in 0..<depth {
            guard width > 0 else { break }
            let row = (0..<width).map { _ in
                d == depth - 1 ? 0 : (g.int(below: 3) == 0 ? 0 : g.int(below: maxChildren + 1))
            }
            out.append(row)
            width = row.reduce(0, +)
        }
        return out
    }

    func testTreeMatchesListingReference() throws {
        // The class tree first, then random forests.
        var g = SplitMix64(seed: 1234)
        var trees = [classTree, [[0]], [[1], [1], [1], [0]], [[2, 3], [0, 1, 0, 0, 2], [0, 0, 0]]]
        for _ in 0..<60 {
            trees.append(randomForest(&g, roots: 1 + g.int(below: 4), depth: 1 + g.int(below: 6), maxChildren: 4))
        }
        for (t, tree) in trees.enumerated() {
            let layout = TreeLayout()
            try layout.setItemSize(Size(width: g.double(in: 1..<200), height: g.double(in: 1..<60)))
            try layout.setInsets(
                EdgeInsets(
                    top: g.double(in: 0..<12), left: g.double(in: 0..<12), bottom: g.double(in: 0..<12),
                    right: g.double(in: 0..<12))
            )
            let (cv, _, _) = try makeTree(tree, layout: layout)
            let ref = listingRows(tree)
            let e = layout.insets, sz = layout.itemSize
            for s in 0..<tree.count {
                for i in 0..<tree[s].count {
                    let f = try cell(cv, s, i).frame
                    let want = Rect(
                        x: Double(s) * (sz.width + e.left + e.right) + e.left,
                        y: Double(ref[s][i]) * (sz.height + e.top + e.bottom) + e.top,
                        width: sz.width, height: sz.height)
                    assertRect(f, want.minX, want.minY, want.width, want.height, accuracy: 1e-6)
                    XCTAssertEqual(
                        layout.rowInfo(at: IndexPath(section: s, item: i))?.row, ref[s][i], "tree \(t) [\(s),\(i)]")
                }
            }
            let maxRows = (0..<(tree.first?.count ?? 0)).reduce(0) { acc, i in
                acc + (layout.rowInfo(at: IndexPath(section: 0, item: i))?.rows ?? 0)
            }
            XCTAssertEqual(layout.maxNumRows, maxRows)
            XCTAssertEqual(
                try cv.contentSize().height, Double(maxRows) * (sz.height + e.top + e.bottom), accuracy: 1e-6)
            try checkRectQueries(cv, rects: 40, seed: UInt64(t))
        }
    }

    func testTreeInvalidChildrenCounts() throws {
        func expectError(
            _ children: [[Int]], counts: [Int]? = nil, _ text: String, file: StaticString = #filePath,
            line: UInt = #line
        ) throws {
            let src = TreeSource(children)
            let layout = TreeLayout()
            layout.treeDataSource = src
            let cv = try CollectionView(dataSource: StaticDataSource(counts ?? src.counts), layout: layout)
            XCTAssertThrowsError(try cv.contentSize(), file: file, line: line) { error in
                let e = error as? LayoutError
                XCTAssertEqual(e?.code, .callback, file: file, line: line)
                XCTAssertTrue(
                    e?.message.contains(text) ?? false, "\(String(describing: e?.message))", file: file, line: line)
            }
        }
        // NSObject claims 2 children but section 1 has 3 items.
        try expectError([[2], [2, 0, 1], [0, 0, 0]], "have 2 children in all, but section 1 has 3 items")
        // Too many children: more than section 1 holds.
        try expectError([[4], [2, 0, 1], [0, 0, 0]], "more children than the 3 items of section 1")
        // A negative count.
        try expectError([[3], [2, -1, 1], [0, 0, 0]], "returned -1, a negative count")
        // The last section has children.
        try expectError([[3], [2, 0, 1], [0, 1, 0]], "of the last section has 1 children")
        // Section counts that do not match (an extra item in section 2).
        try expectError(classTree, counts: [1, 3, 4], "have 3 children in all, but section 2 has 4 items")
        // A huge count does not overflow.
        try expectError([[Int.max], [0]], "more children than the 1 items of section 1")
        // A failing callback becomes .callback.
        let src = TreeSource(classTree)
        src.failAt = IndexPath(section: 1, item: 1)
        let layout = TreeLayout()
        layout.treeDataSource = src
        let cv = try CollectionView(dataSource: StaticDataSource(src.counts), layout: layout)
        XCTAssertThrowsError(try cv.contentSize()) { XCTAssertEqual(($0 as? LayoutError)?.code, .callback) }
        // Fixed: the next query succeeds.
        src.failAt = nil
        XCTAssertEqual(try cv.contentSize(), Size(width: 510, height: 240))
        // No data source: every item is a leaf, so only section 0 may have items.
        let bare = TreeLayout()
        let cv2 = try CollectionView(dataSource: StaticDataSource([2, 1]), layout: bare)
        XCTAssertThrowsError(try cv2.contentSize()) {
            XCTAssertTrue(($0 as? LayoutError)?.message.contains("no treeDataSource") ?? false)
        }
        let cv3 = try CollectionView(dataSource: StaticDataSource([3, 0]), layout: TreeLayout())
        // Three roots of one row each, two columns: (2·170, 3·60).
        XCTAssertEqual(try cv3.contentSize(), Size(width: 340, height: 180))
        // More items than the layout keeps: .overflow (not .capacity, the buffer-protocol code), before any data-source
        // call.
        let hugeSrc = TreeSource([[0]])
        let hugeLayout = TreeLayout()
        hugeLayout.treeDataSource = hugeSrc
        let cv4 = try CollectionView(dataSource: StaticDataSource([CollectionView.maxCount]), layout: hugeLayout)
        XCTAssertThrowsError(try cv4.contentSize()) { XCTAssertEqual(($0 as? LayoutError)?.code, .overflow) }
        XCTAssertEqual(hugeSrc.calls, 0)
    }

    /// An animated update with nothing laid out for the current counts (after a reload, or
    /// since creation) is applied without animation and never prepares the old counts: the
    /// host changed its tree before the call, so the old counts laid out against it fail (the
    /// tree's section 1 item now has a child in a section 2 the old counts lack). Before, the
    /// update failed with `.callback` (docs/batch-update-rules.md, "A layout that is not up to
    /// date").
    func testAnimatedUpdateWithNothingLaidOutForTheCountsDoesNotPrepareTheOldCounts() throws {
        let timing = try AnimationTiming(duration: 1, curve: .linear)
        let src = TreeSource([[2], [0, 0]])
        let layout = TreeLayout()
        layout.treeDataSource = src
        let ds = StaticDataSource(src.counts)
        let cv = try CollectionView(dataSource: ds, layout: layout)
        try cv.setBoundsSize(Size(width: 320, height: 480))
        XCTAssertEqual(try cv.layoutAttributesForElements(in: cv.bounds).filter { $0.category == .cell }.count, 3)
        // The host reloads a new tree (counts [1, 1]), then, before drawing, changes it again and
        // inserts section 2.
        src.children = [[1], [0]]
        ds.counts = src.counts
        try cv.reloadData()
        src.children = [[1], [1], [0]]
        ds.counts = src.counts
        let calls = src.calls
        // An inconsistent update still fails first, and nothing was asked of the tree.
        var wrong = BatchUpdate(); wrong.insertSections([1, 2])
        XCTAssertThrowsError(try cv.performBatchUpdates(wrong, animation: timing)) {
            XCTAssertEqual(($0 as? LayoutError)?.code, .inconsistentUpdate)
        }
        XCTAssertEqual(cv.counts, [1, 1])
        XCTAssertEqual(src.calls, calls)
        var u = BatchUpdate(); u.insertSections([2])
        try cv.performBatchUpdates(u, animation: timing)
        XCTAssertEqual(cv.counts, [1, 1, 1])
        XCTAssertFalse(cv.isAnimating)
        XCTAssertEqual(src.calls, calls + 3)  // one question per item of the new tree, none for the old counts
        XCTAssertEqual(
            cv.lastPlan?.updateItems,
            [UpdateItem(action: .insert, before: nil, after: IndexPath(section: 2, item: UpdateItem.sectionItem))])
        // The frames are the new tree's, as a fresh view lays it out: a chain of three, 170 apart.
        let fresh = TreeLayout()
        fresh.treeDataSource = TreeSource(src.children)
        let reference = try CollectionView(dataSource: StaticDataSource(src.counts), layout: fresh)
        try reference.setBoundsSize(Size(width: 320, height: 480))
        let all = Rect(x: 0, y: 0, width: 1000, height: 1000)
        XCTAssertEqual(try cv.layoutAttributesForElements(in: all), try reference.layoutAttributesForElements(in: all))
        XCTAssertEqual(try cell(cv, 2, 0).frame.minX - (try cell(cv, 0, 0).frame.minX), 340)

        // Drawn now: the next update animates from it (the new root's cell fades in).
        src.children = [[1, 0], [1], [0]]
        ds.counts = src.counts
        var add = BatchUpdate(); add.insertItems([IndexPath(section: 0, item: 1)])
        try cv.performBatchUpdates(add, animation: timing)
        XCTAssertTrue(cv.isAnimating)
        XCTAssertEqual(try cell(cv, 0, 1).alpha, 0)

        // Since creation, nothing laid out: the same rule (no animation, no old prepare).
        let src2 = TreeSource([[0]])
        let layout2 = TreeLayout()
        layout2.treeDataSource = src2
        let ds2 = StaticDataSource(src2.counts)
        let cv2 = try CollectionView(dataSource: ds2, layout: layout2)
        src2.children = [[1], [0]]
        ds2.counts = src2.counts
        var insert1 = BatchUpdate(); insert1.insertSections([1])
        try cv2.performBatchUpdates(insert1, animation: timing)
        XCTAssertEqual(cv2.counts, [1, 1])
        XCTAssertFalse(cv2.isAnimating)
        XCTAssertEqual(src2.calls, 2)
    }

    func testTreeSettingsAndInvalidation() throws {
        let (cv, layout, src) = try makeTree(classTree)
        _ = try cv.contentSize()
        XCTAssertEqual(src.calls, 7)  // one question per item
        // Bounds changes never invalidate.
        XCTAssertFalse(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 10, height: 10)))
        // Item size and insets re-frame without asking the data source again.
        try layout.setItemSize(Size(width: 100, height: 20))
        try layout.setInsets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        // Pitches: 106 wide, 24 high. A2 (section 2, row 1): (2·106 + 2, 24 + 1) = (214, 25).
        assertRect(try cell(cv, 2, 1).frame, 214, 25, 100, 20)
        XCTAssertEqual(try cv.contentSize(), Size(width: 318, height: 96))
        XCTAssertEqual(src.calls, 7)
        // invalidateLayout() asks again.
        cv.invalidateLayout()
        _ = try cv.contentSize()
        XCTAssertEqual(src.calls, 14)
        // A new data source with a different shape (with reloadData for the counts).
        let src2 = TreeSource([[1], [0]])
        layout.treeDataSource = src2
        XCTAssertThrowsError(try cv.contentSize())  // counts still [1, 3, 3]
        let cv2 = try CollectionView(dataSource: StaticDataSource(src2.counts), layout: TreeLayout())
        (cv2.layout as! TreeLayout).treeDataSource = src2
        XCTAssertEqual(try cv2.contentSize(), Size(width: 340, height: 60))
        // Invalid settings throw and change nothing.
        XCTAssertThrowsError(try layout.setInsets(EdgeInsets(top: -1, left: 0, bottom: 0, right: 0))) {
            XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument)
        }
        XCTAssertThrowsError(try layout.setInsets(EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)))
        XCTAssertThrowsError(try layout.setItemSize(Size(width: .infinity, height: 1)))
        XCTAssertEqual(layout.itemSize, Size(width: 100, height: 20))
        XCTAssertEqual(layout.insets, EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    }

    func testTreeZeroInsetsAndDeepChain() throws {
        // Zero horizontal insets: connectors have zero width and intersect nothing.
        let layout = TreeLayout()
        try layout.setInsets(.zero)
        let (cv, _, _) = try makeTree(classTree, layout: layout)
        XCTAssertEqual(try XCTUnwrap(connector(cv, 0, 0)).frame.width, 0)
        try checkRectQueries(cv, rects: 100, seed: 6)

        // A chain 100 000 deep: no recursion, and a query at the far end finds the last node.
        let depth = 100_000
        let chain = (0..<depth).map { [$0 == depth - 1 ? 0 : 1] }
        let (deep, deepLayout, _) = try makeTree(chain)
        XCTAssertEqual(deepLayout.maxNumRows, 1)
        XCTAssertEqual(try deep.contentSize(), Size(width: Double(depth) * 170, height: 60))
        // The last column's cell spans x = (depth − 1)·170 + 10 … + 160.
        let q = try deep.layoutAttributesForElements(
            in: Rect(x: Double(depth - 1) * 170 + 10, y: 0, width: 170, height: 60))
        XCTAssertEqual(q.map(\.indexPath), [IndexPath(section: depth - 1, item: 0)])
        // The connector of the second-to-last node sits in the gap before the last column.
        let q2 = try deep.layoutAttributesForElements(
            in: Rect(x: Double(depth - 1) * 170 + 1, y: 0, width: 5, height: 60))
        XCTAssertEqual(q2.map(\.category), [.supplementaryView])
        XCTAssertEqual(q2.first?.indexPath, IndexPath(section: depth - 2, item: 0))
    }
}
