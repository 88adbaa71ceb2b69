import XCTest

@testable import CVLayoutCore

// Foundation (through XCTest) has its own IndexPath.
private typealias IndexPath = CVLayoutCore.IndexPath

/// The fixed-column grid (Apple's compositional grid sample). Its frames are the shared fixtures
/// Tests/fixtures/grid-*.json; here: placement against an independent model, rect queries against
/// brute force, huge counts, single-element lookups, hit tests and the nearest cell, invalidation,
/// the errors and the limits.
final class GridLayoutTests: XCTestCase {
    private func makeCV(
        _ counts: [Int], _ layout: GridLayout, _ w: Double, _ h: Double = 480
    ) throws
        -> CollectionView
    {
        let cv = try CollectionView(dataSource: StaticDataSource(counts), layout: layout)
        try cv.setBoundsSize(Size(width: w, height: h))
        try cv.layoutIfNeeded()
        return cv
    }

    private func grid(_ change: (inout GridLayout.Configuration) -> Void) throws -> GridLayout {
        let l = GridLayout()
        var c = GridLayout.Configuration()
        change(&c)
        try l.configure(c)
        return l
    }

    private func frame(_ layout: GridLayout, _ s: Int, _ i: Int) throws -> Rect {
        try XCTUnwrap(layout.layoutAttributesForItem(at: IndexPath(section: s, item: i))).frame
    }

    private func assertNear(_ a: Rect, _ b: Rect, _ tol: Double, _ what: String) {
        XCTAssertEqual(a.minX, b.minX, accuracy: tol, what)
        XCTAssertEqual(a.minY, b.minY, accuracy: tol, what)
        XCTAssertEqual(a.width, b.width, accuracy: tol, what)
        XCTAssertEqual(a.height, b.height, accuracy: tol, what)
    }

    /// The defaults are Apple's grid sample: five square items a row, no spacing, no insets. 320
    /// wide: 64 × 64 items, item 7 at row 1, column 2 = (128, 64); 12 items: 3 rows, 192 high.
    func testDefaultsAreTheGridSample() throws {
        let l = GridLayout()
        XCTAssertEqual(l.configuration, GridLayout.Configuration.default)
        XCTAssertEqual(l.configuration.columns, 5)
        XCTAssertEqual(l.configuration.itemAspect, 1)
        let cv = try makeCV([12], l, 320)
        XCTAssertEqual(try frame(l, 0, 7), Rect(x: 128, y: 64, width: 64, height: 64))
        XCTAssertEqual(try cv.contentSize(), Size(width: 320, height: 192))
        XCTAssertNil(
            try l.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: IndexPath(section: 0, item: 0)))
    }

    /// An independent model (a walk down the sections adding each row's height and spacing, along
    /// each row adding each item's width and spacing) against the layout's closed form, headers
    /// inside the insets (compositional's rule; SpanGridTests models every option); then every
    /// rect query against filtering all elements (the layout's own single-element answers), so the
    /// binary searches over rows and columns are checked at exact boundaries too.
    func testModelAndRectQueriesAgainstBruteForce() throws {
        var g = SplitMix64(seed: 12)
        for trial in 0..<40 {
            // Half the trials on quarter points (edges that coincide), half on any doubles.
            let exact = trial % 2 == 0
            func value(_ maxQuarters: Int) -> Double {
                exact ? Double(g.int(below: maxQuarters + 1)) / 4 : g.double(in: 0..<Double(maxQuarters) / 4)
            }
            let l = try grid {
                $0.columns = 1 + g.int(below: 7)
                $0.interitemSpacing = g.int(below: 4) == 0 ? 0 : value(60)
                $0.intergroupSpacing = g.int(below: 4) == 0 ? 0 : value(60)
                $0.contentInsets = EdgeInsets(top: value(80), left: value(80), bottom: value(80), right: value(80))
                $0.headerHeight = g.int(below: 2) == 0 ? 0 : value(200)
                $0.supplementariesFollowInsets = 1
                if g.int(below: 3) == 0 { $0.itemHeight = 1 + value(400) } else { $0.itemAspect = value(8) }
            }
            let c = l.configuration
            let counts = (0..<(1 + g.int(below: 5))).map { _ in
                g.int(below: 4) == 0 ? 0 : g.int(below: trial < 20 ? 20 : 90)
            }
            let w = exact ? Double(100 + g.int(below: 500)) : g.double(in: 60..<600)
            let cv = try makeCV(counts, l, w)

            // The model.
            var all: [LayoutAttributes] = []
            let cw = max(0, w - c.contentInsets.left - c.contentInsets.right)
            let iw = max(0, (cw - Double(c.columns - 1) * c.interitemSpacing) / Double(c.columns))
            let ih = c.itemHeight > 0 ? c.itemHeight : c.itemAspect * iw
            var y = 0.0
            // The model sums where the layout multiplies: equal up to rounding (a division by the
            // column count is seldom exact).
            let tol = 1e-7
            for (s, n) in counts.enumerated() {
                y += c.contentInsets.top
                if c.headerHeight > 0 {
                    let h = try XCTUnwrap(
                        l.layoutAttributesForSupplementaryView(
                            ofKind: .sectionHeader, at: IndexPath(section: s, item: 0)))
                    assertNear(
                        h.frame, Rect(x: c.contentInsets.left, y: y, width: cw, height: c.headerHeight), tol, "h")
                    all.append(h)
                }
                y += c.headerHeight
                var i = 0
                while i < n {
                    if i > 0 { y += ih + c.intergroupSpacing }
                    var x = c.contentInsets.left
                    for _ in 0..<c.columns where i < n {
                        let a = try XCTUnwrap(l.layoutAttributesForItem(at: IndexPath(section: s, item: i)))
                        assertNear(a.frame, Rect(x: x, y: y, width: iw, height: ih), tol, "trial \(trial) \(s).\(i)")
                        all.append(a)
                        x += iw + c.interitemSpacing
                        i += 1
                    }
                }
                if n > 0 { y += ih }
                y += c.contentInsets.bottom
            }
            let size = try cv.contentSize()
            XCTAssertEqual(size.width, w)
            XCTAssertEqual(size.height, y, accuracy: tol, "trial \(trial)")

            // Rect queries against the brute-force filter of every element.
            try assertRectQueriesMatchBruteForce(
                cv, all: all, width: w, height: y, edgeSamples: 40, randomRects: 120, using: &g, "trial \(trial)")
        }
    }

    /// 2^40 items (the most a data source may report) in two sections: nothing per item is
    /// stored, the prepare and every query stay cheap, and the numbers are the closed form's.
    /// 400 wide, 4 columns, spacing 0: items 100 × 50 (aspect 0.5), rows 50 apart.
    /// Section 0: 2^39 items = 2^37 rows, end 2^37 · 50; section 1 the same again.
    func testHugeCountsCostNothingPerItem() throws {
        let half = CollectionView.maxCount / 2
        let l = try grid {
            $0.columns = 4; $0.itemAspect = 0.5
        }
        let cv = try makeCV([half, half], l, 400, 600)
        let rows = Double(half / 4)
        XCTAssertEqual(try cv.contentSize(), Size(width: 400, height: 2 * rows * 50))
        XCTAssertEqual(l.gridFootprint, 2 * MemoryLayout<GridLayout.Section>.stride)
        // The last item: row 2^37 − 1 of section 1, column 3.
        XCTAssertEqual(
            try frame(l, 1, half - 1), Rect(x: 300, y: rows * 50 + (rows - 1) * 50, width: 100, height: 50))
        // A viewport in the middle of section 1: rows r0 ... r0 + 11 (600 / 50 = 12 rows), 48 cells.
        let r0 = Double(half / 8)
        try cv.setContentOffset(Point(x: 0, y: rows * 50 + r0 * 50))
        let visible = try cv.visibleAttributes()
        XCTAssertEqual(visible.count, 48)
        XCTAssertEqual(Set(visible.map(\.indexPath.section)), [1])
        XCTAssertEqual(visible.map(\.indexPath.item).min(), Int(r0) * 4)
        XCTAssertEqual(visible.map(\.indexPath.item).max(), Int(r0) * 4 + 47)
        // The seam between the sections: the last row of 0 and the first of 1.
        let seam = try cv.layoutAttributesForElements(in: Rect(x: 150, y: rows * 50 - 10, width: 10, height: 20))
        XCTAssertEqual(
            Set(seam.map(\.indexPath)), [IndexPath(section: 0, item: half - 3), IndexPath(section: 1, item: 1)])
        // Hit tests: a cell's interior, and nothing past the content.
        XCTAssertEqual(
            try cv.indexPathForItem(at: Point(x: 250, y: rows * 50 + 75)), IndexPath(section: 1, item: 6))
        XCTAssertNil(try cv.indexPathForItem(at: Point(x: 250, y: 2 * rows * 50 + 1)))
    }

    /// Hit tests agree with the frames (spacing is no cell); the nearest cell to a point in a
    /// viewport too large for one query (the growing boxes) is the one under it.
    func testHitTestsAndNearestCell() throws {
        let l = try grid {
            $0.columns = 3; $0.itemHeight = 40; $0.interitemSpacing = 10; $0.intergroupSpacing = 20
            $0.contentInsets = EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        }
        // 320 wide: items (300 − 20) / 3 = 93.333… wide, x = 10, 113.33…, 216.66…; rows 60 apart from 5.
        let cv = try makeCV([30], l, 320)
        XCTAssertEqual(try cv.indexPathForItem(at: Point(x: 10, y: 5)), IndexPath(section: 0, item: 0))
        XCTAssertEqual(try cv.indexPathForItem(at: Point(x: 120, y: 70)), IndexPath(section: 0, item: 4))
        XCTAssertNil(try cv.indexPathForItem(at: Point(x: 108, y: 70)))  // between columns 0 and 1
        XCTAssertNil(try cv.indexPathForItem(at: Point(x: 120, y: 50)))  // between rows 0 and 1
        XCTAssertNil(try cv.indexPathForItem(at: Point(x: 5, y: 70)))  // in the left inset
        let big = Rect(x: 0, y: 0, width: 320, height: 700)
        let near = try l.nearestCell(
            to: Point(x: 230, y: 430), in: big, counts: cv.counts, wholeAreaLimit: 4
        ) { _, d, _, bd in d < bd }
        // (230, 430) lies in row 7 (y 425 ... 465), column 2: item 23.
        XCTAssertEqual(near?.indexPath, IndexPath(section: 0, item: 23))
    }

    /// Lookups outside the counts are nil; the header exists only with a height; no other kinds.
    func testSingleElementLookups() throws {
        let l = try grid {
            $0.columns = 2; $0.headerHeight = 20
        }
        _ = try makeCV([3, 0], l, 100)
        XCTAssertNil(try l.layoutAttributesForItem(at: IndexPath(section: 0, item: 3)))
        XCTAssertNil(try l.layoutAttributesForItem(at: IndexPath(section: 1, item: 0)))
        XCTAssertNil(try l.layoutAttributesForItem(at: IndexPath(section: 2, item: 0)))
        XCTAssertNil(try l.layoutAttributesForItem(at: IndexPath(section: -1, item: 0)))
        // 50 × 50 items under a 20-point header: section 0 is 20 + 2 · 50 = 120 high.
        XCTAssertEqual(
            try l.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: IndexPath(section: 1, item: 0))?
                .frame,
            Rect(x: 0, y: 120, width: 100, height: 20))
        XCTAssertNil(
            try l.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: IndexPath(section: 0, item: 1)))
        XCTAssertNil(
            try l.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: IndexPath(section: 0, item: 0)))
        XCTAssertNil(
            try l.layoutAttributesForDecorationView(ofKind: .sectionHeader, at: IndexPath(section: 0, item: 0)))
    }

    /// A width change re-lays the grid out; a scroll or a height change does not need to.
    func testBoundsChanges() throws {
        let l = try grid { $0.columns = 2 }
        let cv = try makeCV([4], l, 200)
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 100, y: 100, width: 100, height: 100))
        XCTAssertFalse(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 50, width: 200, height: 900)))
        XCTAssertTrue(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 300, height: 480)))
        try cv.setBoundsSize(Size(width: 300, height: 480))
        try cv.layoutIfNeeded()
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 150, y: 150, width: 150, height: 150))
        XCTAssertEqual(try cv.contentSize(), Size(width: 300, height: 300))
        // Insets wider than the view: items of width 0, never in a rect query; the header spans
        // the whole width (outside the insets, the flow layout's rule).
        try l.configure(
            {
                var c = l.configuration
                c.contentInsets = EdgeInsets(top: 0, left: 200, bottom: 0, right: 200); c.headerHeight = 10
                return c
            }())
        try cv.layoutIfNeeded()
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 200, y: 10, width: 0, height: 0))
        XCTAssertEqual(
            try cv.layoutAttributesForElements(in: Rect(x: -1e3, y: -1e3, width: 3e3, height: 3e3)).map(\.frame),
            [Rect(x: 0, y: 0, width: 300, height: 10)])
    }

    /// A width times an aspect beyond the doubles fails the layout cycle with `overflow`; the
    /// previous frames keep answering.
    func testCoordinateOverflowKeepsThePreviousFrames() throws {
        let l = try grid {
            $0.columns = 1; $0.itemAspect = FlowLayout.maxMagnitude
        }
        let cv = try makeCV([2], l, 100)
        XCTAssertEqual(try frame(l, 0, 1), Rect(x: 0, y: 1e14, width: 100, height: 1e14))
        try cv.setBoundsSize(Size(width: 1e300, height: 480))
        XCTAssertThrowsError(try cv.layoutIfNeeded()) { XCTAssertEqual(($0 as? LayoutError)?.code, .overflow) }
        XCTAssertEqual(try frame(l, 0, 1), Rect(x: 0, y: 1e14, width: 100, height: 1e14))
    }

    /// Bad values throw `invalidArgument`, name the field, and change nothing; the limits pass.
    func testConfigurationErrorsChangeNothing() throws {
        let l = try grid {
            $0.columns = 3; $0.headerHeight = 10
        }
        let cv = try makeCV([5], l, 300)
        let before = l.configuration, frameBefore = try frame(l, 0, 4)
        let bad: [(String, (inout GridLayout.Configuration) -> Void)] = [
            ("columns", { $0.columns = 0 }), ("columns", { $0.columns = -1 }),
            ("columns", { $0.columns = GridLayout.maxColumns + 1 }), ("item_height", { $0.itemHeight = -1 }),
            ("item_height", { $0.itemHeight = .nan }), ("item_aspect", { $0.itemAspect = .infinity }),
            ("item_aspect", { $0.itemAspect = 2e12 }), ("interitem_spacing", { $0.interitemSpacing = -0.5 }),
            ("intergroup_spacing", { $0.intergroupSpacing = .nan }),
            ("content_insets.top", { $0.contentInsets.top = -1 }),
            ("content_insets.right", { $0.contentInsets.right = .infinity }),
            ("header_height", { $0.headerHeight = -.infinity }),
        ]
        for (name, change) in bad {
            var c = before
            c.columns = 7  // a good change alongside the bad one: all or nothing
            change(&c)
            XCTAssertThrowsError(try l.configure(c), name) {
                XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument, name)
                XCTAssertTrue("\($0)".contains(name), "\($0) names \(name)")
            }
            XCTAssertEqual(l.configuration, before, name)
            try cv.layoutIfNeeded()
            XCTAssertEqual(try frame(l, 0, 4), frameBefore, name)
        }
        var ok = before
        ok.columns = GridLayout.maxColumns
        ok.itemHeight = FlowLayout.maxMagnitude
        ok.contentInsets.bottom = FlowLayout.maxMagnitude
        XCTAssertNoThrow(try l.configure(ok))
        try cv.layoutIfNeeded()
        XCTAssertEqual(try cv.contentSize().height, 10 + FlowLayout.maxMagnitude + FlowLayout.maxMagnitude)
    }
}
