import XCTest

@testable import CVLayoutCore

// XCTest brings Foundation's IndexPath into scope.
private typealias IndexPath = CVLayoutCore.IndexPath

/// Flow layout rules with hand-computed numbers (docs/flow-layout-rules.md).
final class FlowLayoutTests: XCTestCase {
    func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    func testDefaults() {
        let f = FlowLayout()
        XCTAssertEqual(f.scrollDirection, .vertical)
        XCTAssertEqual(f.itemSize, Size(width: 50, height: 50))
        XCTAssertEqual(f.minimumLineSpacing, 10)
        XCTAssertEqual(f.minimumInteritemSpacing, 10)
        XCTAssertEqual(f.sectionInset, .zero)
        XCTAssertEqual(f.headerReferenceSize, .zero)
        XCTAssertEqual(f.footerReferenceSize, .zero)
        XCTAssertFalse(f.sectionHeadersPinToVisibleBounds)
        XCTAssertFalse(f.sectionFootersPinToVisibleBounds)
    }

    // MARK: Seed Survey numbers

    /// The frames, header and content size of this case are the shared fixture
    /// Tests/fixtures/flow-survey-metrics-768.json (run by FixtureTests, the C harness and pytest);
    /// here, what a fixture cannot see: lines, section frame, resolved insets.
    func testSurveyAt768() throws {
        let f = try FlowTest.survey()
        try FlowTest.attach(f, [7], Size(width: 768, height: 1024))
        // 3 items per line (668 available, 4 need 860): lines of 3, 3, 1 at y = 100, 320, 540.
        XCTAssertEqual(f.numberOfLines(inSection: 0), 3)
        XCTAssertEqual(f.sectionFrame(0), r(0, 0, 768, 770))
        XCTAssertEqual(f.resolvedInset(forSection: 0), EdgeInsets(top: 30, left: 80, bottom: 30, right: 20))
        XCTAssertEqual(f.itemRange(ofLine: 2, inSection: 0), 6..<7)
        XCTAssertEqual(f.line(ofItem: IndexPath(section: 0, item: 4)), 1)
        XCTAssertEqual(f.lineFrame(0, inSection: 0), r(80, 100, 668, 200))
    }

    // Single-item lines are centred: Tests/fixtures/flow-single-item-lines-320.json.

    /// Frames: Tests/fixtures/flow-sections-footers.json. Here: the second section's frame.
    func testSectionsStackWithFooters() throws {
        let f = try FlowTest.survey()
        try f.configure {
            $0.footerReferenceSize = Size(width: 999, height: 40)  // width ignored when vertical
        }
        try FlowTest.attach(f, [3, 3], Size(width: 768, height: 1024))
        // Section 1 starts at 370 (after section 0's footer, 330–370) and ends with its footer at 740.
        XCTAssertEqual(f.sectionFrame(1), r(0, 370, 768, 370))
    }

    /// Frames: Tests/fixtures/flow-empty-section.json. Here: the empty section has no line and
    /// no item.
    func testEmptySectionKeepsHeaderInsetsAndFooter() throws {
        let f = try FlowTest.survey()
        try f.configure { $0.footerReferenceSize = Size(width: 0, height: 40) }
        try FlowTest.attach(f, [0, 1], Size(width: 768, height: 1024))
        XCTAssertEqual(f.numberOfLines(inSection: 0), 0)
        XCTAssertNil(FlowTest.frame(f, 0, 0))
    }

    func testNoHeaderWhenScrollDimensionIsZero() throws {
        let f = FlowLayout()
        try f.configure {
            $0.headerReferenceSize = Size(width: 100, height: 0)  // vertical: height 0 → no header
        }
        try FlowTest.attach(f, [1], Size(width: 100, height: 100))
        XCTAssertNil(f.headerFrame(inSection: 0))
        XCTAssertNil(
            try f.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: IndexPath(section: 0, item: 0)))
        XCTAssertNil(try f.layoutAttributesForSupplementaryView(ofKind: .binder, at: IndexPath(section: 0, item: 0)))
        XCTAssertNil(
            try f.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: IndexPath(section: 3, item: 0)))
    }

    // MARK: Horizontal

    // Horizontal is the vertical layout transposed: the Survey numbers with the axes swapped are
    // Tests/fixtures/flow-horizontal.json; the general case is checked below.

    func testHorizontalMatchesTransposedVerticalForVariableSizes() throws {
        var rng = SplitMix64(seed: 7)
        let counts = [13, 0, 29, 5]
        let dv = FlowTestDelegate(), dh = FlowTestDelegate()
        dv.methods = .all; dh.methods = .all
        for (s, n) in counts.enumerated() {
            for i in 0..<n {
                let w = Double(Int.random(in: 10...140, using: &rng)), h = Double(Int.random(in: 10...90, using: &rng))
                dv.sizes[IndexPath(section: s, item: i)] = Size(width: w, height: h)
                dh.sizes[IndexPath(section: s, item: i)] = Size(width: h, height: w)
            }
            let ins = EdgeInsets(top: Double(s * 3), left: 7, bottom: 11, right: Double(s))
            dv.insets[s] = ins
            dh.insets[s] = EdgeInsets(top: ins.left, left: ins.top, bottom: ins.right, right: ins.bottom)
            dv.headers[s] = Size(width: 5, height: Double(10 * s));
            dh.headers[s] = Size(width: Double(10 * s), height: 5)
            dv.footers[s] = Size(width: 0, height: 12); dh.footers[s] = Size(width: 12, height: 0)
        }
        let v = FlowLayout(), h = FlowLayout()
        try h.configure { $0.scrollDirection = .horizontal }
        v.delegate = dv; h.delegate = dh
        try FlowTest.attach(v, counts, Size(width: 333, height: 500))
        try FlowTest.attach(h, counts, Size(width: 500, height: 333))
        func t(_ r: Rect) -> Rect { Rect(x: r.minY, y: r.minX, width: r.height, height: r.width) }
        for (s, n) in counts.enumerated() {
            for i in 0..<n {
                let fv = try XCTUnwrap(FlowTest.frame(v, s, i)), fh = try XCTUnwrap(FlowTest.frame(h, s, i))
                XCTAssertEqual(t(fv), fh, "item [\(s), \(i)]")
            }
            XCTAssertEqual(v.headerFrame(inSection: s).map(t), h.headerFrame(inSection: s))
            XCTAssertEqual(v.footerFrame(inSection: s).map(t), h.footerFrame(inSection: s))
        }
        let cv = try v.collectionViewContentSize(), ch = try h.collectionViewContentSize()
        XCTAssertEqual(Size(width: cv.height, height: cv.width), ch)
    }

    // MARK: Line rules

    func testMixedHeightsAreCentredOnTheirLine() throws {
        let d = FlowTestDelegate()
        let sizes = [
            Size(width: 100, height: 100), Size(width: 80, height: 50), Size(width: 90, height: 80),
            Size(width: 200, height: 30), Size(width: 60, height: 40),
        ]
        for (i, s) in sizes.enumerated() { d.sizes[IndexPath(section: 0, item: i)] = s }
        let f = FlowLayout()
        f.delegate = d
        try FlowTest.attach(f, [5], Size(width: 300, height: 600))
        // Line 1: 100 + 10 + 80 + 10 + 90 = 290 ≤ 300; adding 200 does not fit.
        // Justified: leftover 10 → gap 10 + 10/2 = 15 → x = 0, 115, 210. Thickness 100:
        // y = (100−100)/2 = 0, (100−50)/2 = 25, (100−80)/2 = 10.
        XCTAssertEqual(FlowTest.frame(f, 0, 0), r(0, 0, 100, 100))
        XCTAssertEqual(FlowTest.frame(f, 0, 1), r(115, 25, 80, 50))
        XCTAssertEqual(FlowTest.frame(f, 0, 2), r(210, 10, 90, 80))
        // Line 2 (last, sizes not uniform): left-aligned at the minimum spacing: x = 0, 210.
        // Origin 100 + 10 = 110, thickness 40: y = 110 + 5 = 115 and 110.
        XCTAssertEqual(FlowTest.frame(f, 0, 3), r(0, 115, 200, 30))
        XCTAssertEqual(FlowTest.frame(f, 0, 4), r(210, 110, 60, 40))
        XCTAssertEqual(try f.collectionViewContentSize(), Size(width: 300, height: 150))
        XCTAssertEqual(f.lineFrame(1, inSection: 0), r(0, 110, 270, 40))
    }

    func testLastLineUniformStaysOnTheGrid() throws {
        let f = FlowLayout()
        try f.configure { $0.itemSize = Size(width: 100, height: 100) }
        try FlowTest.attach(f, [5], Size(width: 330, height: 600))
        // 3 per line (3·100 + 2·10 = 320 ≤ 330), leftover 10 → gap 15 → x = 0, 115, 230.
        XCTAssertEqual(FlowTest.frame(f, 0, 2), r(230, 0, 100, 100))
        // The last line (2 items) keeps the full-line pitch 115: x = 0, 115.
        XCTAssertEqual(FlowTest.frame(f, 0, 3), r(0, 110, 100, 100))
        XCTAssertEqual(FlowTest.frame(f, 0, 4), r(115, 110, 100, 100))
    }

    func testLastLineUniformFromBulkOrDelegateIsAlsoOnTheGrid() throws {
        // Uniformity is about the sizes, not where they come from.
        let f = FlowLayout()
        try f.setItemSizes(Array(repeating: Size(width: 100, height: 100), count: 5), forSection: 0)
        try FlowTest.attach(f, [5], Size(width: 330, height: 600))
        XCTAssertEqual(FlowTest.frame(f, 0, 4), r(115, 110, 100, 100))
    }

    func testLastLineNonUniformIsLeftAligned() throws {
        let f = FlowLayout()
        var sizes = Array(repeating: Size(width: 100, height: 100), count: 5)
        sizes[0] = Size(width: 100, height: 90)  // one different height: not uniform (rdar 20825965)
        try f.setItemSizes(sizes, forSection: 0)
        try FlowTest.attach(f, [5], Size(width: 330, height: 600))
        XCTAssertEqual(FlowTest.frame(f, 0, 0), r(0, 5, 100, 90))
        XCTAssertEqual(FlowTest.frame(f, 0, 1), r(115, 0, 100, 100))
        // Last line at the minimum spacing: x = 0, 110.
        XCTAssertEqual(FlowTest.frame(f, 0, 3), r(0, 110, 100, 100))
        XCTAssertEqual(FlowTest.frame(f, 0, 4), r(110, 110, 100, 100))
    }

    func testSingleItemLinesAndOversizedItems() throws {
        let f = FlowLayout()
        try f.setItemSizes(
            [
                Size(width: 200, height: 50), Size(width: 250, height: 50), Size(width: 100, height: 50),
                Size(width: 400, height: 20), Size(width: 40, height: 20),
            ], forSection: 0)
        try FlowTest.attach(f, [5], Size(width: 300, height: 600))
        // 200 + 10 + 250 > 300: item 0 alone, centred: (300 − 200)/2 = 50.
        XCTAssertEqual(FlowTest.frame(f, 0, 0), r(50, 0, 200, 50))
        // 250 + 10 + 100 > 300: item 1 alone: (300 − 250)/2 = 25; y = 60.
        XCTAssertEqual(FlowTest.frame(f, 0, 1), r(25, 60, 250, 50))
        // 100 + 10 + 400 > 300: item 2 alone, centred: 100; y = 120.
        XCTAssertEqual(FlowTest.frame(f, 0, 2), r(100, 120, 100, 50))
        // 400 > 300: alone, not shrunk, at the line start; y = 180.
        XCTAssertEqual(FlowTest.frame(f, 0, 3), r(0, 180, 400, 20))
        // Last line, not uniform: left-aligned; y = 210.
        XCTAssertEqual(FlowTest.frame(f, 0, 4), r(0, 210, 40, 20))
        // The oversized item widens the content: 400 (+ right inset 0).
        XCTAssertEqual(try f.collectionViewContentSize(), Size(width: 400, height: 230))
    }

    func testFitToleranceKeepsThirds() throws {
        let f = FlowLayout()
        try f.configure {
            $0.minimumInteritemSpacing = 0
            $0.itemSize = Size(width: 100.0 / 3.0, height: 10)
        }
        try FlowTest.attach(f, [3], Size(width: 100, height: 100))
        // 3 · 33.333… rounds to 100.00000000000001 > 100: still one line.
        XCTAssertEqual(f.numberOfLines(inSection: 0), 1)
        XCTAssertEqual(try f.collectionViewContentSize().width, 100)
    }

    func testDimensionsSeedGrid() throws {
        // Seed 000 Listing 4.21: item 140×140, insets 13, spacing 13 — "a two-column grid in
        // portrait". 320 − 26 = 294 available; 2·140 + 13 = 293 ≤ 294 → 2 per line,
        // leftover 1 → gap 14 → x = 13, 167. Lines 13, 166 (140 + 13 apart).
        let f = FlowLayout()
        try f.configure {
            $0.itemSize = Size(width: 140, height: 140)
            $0.sectionInset = EdgeInsets(top: 13, left: 13, bottom: 13, right: 13)
            $0.minimumInteritemSpacing = 13
            $0.minimumLineSpacing = 13
        }
        try FlowTest.attach(f, [3], Size(width: 320, height: 480))
        XCTAssertEqual(FlowTest.frame(f, 0, 1), r(167, 13, 140, 140))
        XCTAssertEqual(FlowTest.frame(f, 0, 2), r(13, 166, 140, 140))
        XCTAssertEqual(try f.collectionViewContentSize(), Size(width: 320, height: 319))
    }

    // MARK: Seed Cover Flow

    func testCoverFlowNegativeLineSpacing() throws {
        let f = FlowLayout()
        try f.configure {
            $0.scrollDirection = .horizontal
            $0.itemSize = Size(width: 180, height: 180)
            $0.minimumLineSpacing = -60
            $0.minimumInteritemSpacing = 200
        }
        let d = FlowTestDelegate()
        d.methods = [.insetForSection]
        d.insets[0] = EdgeInsets(top: 0, left: 70, bottom: 0, right: 70)
        f.delegate = d
        let cv = try FlowTest.attach(f, [10], Size(width: 320, height: 416))
        // Cross axis 416: 180 + 200 + 180 > 416 → one item per column, centred: (416−180)/2 = 118.
        // Columns 180 − 60 = 120 apart from x = 70.
        XCTAssertEqual(FlowTest.frame(f, 0, 0), r(70, 118, 180, 180))
        XCTAssertEqual(FlowTest.frame(f, 0, 1), r(190, 118, 180, 180))
        XCTAssertEqual(FlowTest.frame(f, 0, 9), r(1150, 118, 180, 180))
        // Content: 70 + 9·120 + 180 + 70 = 1400 wide; height = the view's 416.
        XCTAssertEqual(try cv.contentSize(), Size(width: 1400, height: 416))
        // Rect 0…320: columns 70–250, 190–370, 310–490 intersect; 430… does not.
        let items = try FlowTest.query(f, r(0, 0, 320, 416)).map(\.indexPath.item).sorted()
        XCTAssertEqual(items, [0, 1, 2])
        // Centring item k needs offset 120·k (its centre 160 + 120k).
        XCTAssertEqual(FlowTest.frame(f, 0, 3)?.midX, 160 + 360)
    }

    // MARK: Pinning

    func testPinnedHeadersFollowTheVisibleRect() throws {
        let f = try FlowTest.survey()
        try f.configure { $0.sectionHeadersPinToVisibleBounds = true }
        let cv = try FlowTest.attach(f, [9, 9], Size(width: 768, height: 500))
        // Section 0: header 0–70, lines 100/320/540, inset → ends at 770. Section 1 at 770.
        func header(_ s: Int) throws -> Rect? {
            try cv.layoutAttributes(
                for: ElementKey(
                    category: .supplementaryView, kind: .sectionHeader,
                    indexPath: IndexPath(section: s, item: 0)))?.frame
        }
        XCTAssertEqual(try header(0), r(0, 0, 768, 70))
        XCTAssertEqual(try header(1), r(0, 770, 768, 70))
        XCTAssertTrue(f.shouldInvalidateLayout(forBoundsChange: r(0, 300, 768, 500)))
        XCTAssertTrue(f.invalidationContext(forBoundsChange: r(0, 300, 768, 500)).isBoundsOnly)
        try cv.setContentOffset(Point(x: 0, y: 300))
        XCTAssertEqual(try header(0), r(0, 300, 768, 70))
        // Pushed up by the section's end: 770 − 70 = 700.
        try cv.setContentOffset(Point(x: 0, y: 750))
        XCTAssertEqual(try header(0), r(0, 700, 768, 70))
        XCTAssertEqual(try header(1), r(0, 770, 768, 70))
        try cv.setContentOffset(Point(x: 0, y: 800))
        XCTAssertEqual(try header(1), r(0, 800, 768, 70))
        let visible = try cv.visibleAttributes()
        let pinned = try XCTUnwrap(visible.first { $0.kind == .sectionHeader })
        XCTAssertEqual(pinned.indexPath.section, 1)
        XCTAssertEqual(pinned.zIndex, 1024)
        XCTAssertEqual(visible.last?.kind, .sectionHeader)  // drawn on top
        XCTAssertFalse(visible.contains { $0.kind == .sectionHeader && $0.indexPath.section == 0 })
        // Bouncing above the top: the first header stays in place.
        try cv.setContentOffset(Point(x: 0, y: -50))
        XCTAssertEqual(try header(0), r(0, 0, 768, 70))
        // The natural frame helper ignores pinning.
        XCTAssertEqual(f.headerFrame(inSection: 1), r(0, 770, 768, 70))
    }

    func testPinnedHeadersHorizontal() throws {
        let f = FlowLayout()
        try f.configure {
            $0.scrollDirection = .horizontal
            $0.itemSize = Size(width: 100, height: 100)
            $0.headerReferenceSize = Size(width: 40, height: 999)  // only the width is used
            $0.sectionHeadersPinToVisibleBounds = true
        }
        let cv = try FlowTest.attach(f, [4, 4], Size(width: 300, height: 100))
        // Section 0: header 0–40, columns at 40, 150, 260, 370 → ends at 470. Section 1 at 470.
        XCTAssertEqual(f.headerFrame(inSection: 1), r(470, 0, 40, 100))
        try cv.setContentOffset(Point(x: 200, y: 0))
        try cv.layoutIfNeeded()
        XCTAssertEqual(
            try f.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: IndexPath(section: 0, item: 0))?
                .frame,
            r(200, 0, 40, 100))
        try cv.setContentOffset(Point(x: 450, y: 0))  // pushed: 470 − 40 = 430
        XCTAssertEqual(
            try f.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: IndexPath(section: 0, item: 0))?
                .frame,
            r(430, 0, 40, 100))
    }

    func testSubclassAdjustsSuperAttributes() throws {
        /// The seeds' pattern: call super, then adjust; invalidate on every scroll.
        final class Shifted: FlowLayout {
            var prepares = 0
            override func prepare() throws { prepares += 1; try super.prepare() }
            override func layoutAttributesForElements(in rect: Rect, into sink: ElementSink) throws {
                try super.layoutAttributesForElements(
                    in: rect,
                    into: MappingSink(into: sink) { a in
                        if a.category == .cell { a.alpha = 0.5 }
                        return true
                    })
            }
            override func layoutAttributesForItem(at indexPath: IndexPath) throws -> LayoutAttributes? {
                var a = try super.layoutAttributesForItem(at: indexPath)
                a?.alpha = 0.5
                return a
            }
            override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }
        }
        let f = Shifted()
        let cv = try FlowTest.attach(f, [20], Size(width: 120, height: 100))
        XCTAssertEqual(f.prepares, 1)
        try cv.setContentOffset(Point(x: 0, y: 60))
        let visible = try cv.visibleAttributes()
        XCTAssertEqual(f.prepares, 2)  // the cycle ran, but…
        XCTAssertTrue(f.isPrepared)  // …a scroll-only context recomputes nothing
        XCTAssertTrue(visible.allSatisfy { $0.alpha == 0.5 })
        // 120 wide: 2 per line (50 + 10 + 50 = 110), leftover 10 → x = 0, 70; lines 60 apart.
        XCTAssertEqual(visible.map(\.indexPath.item), [2, 3, 4, 5])
        XCTAssertEqual(visible.first?.frame, r(0, 60, 50, 50))
    }

    func testPinnedFooters() throws {
        let f = try FlowTest.survey()
        try f.configure {
            $0.footerReferenceSize = Size(width: 0, height: 40)
            $0.sectionFootersPinToVisibleBounds = true
        }
        let cv = try FlowTest.attach(f, [9], Size(width: 768, height: 500))
        // Natural footer at 770; visible end 500 → pinned at 500 − 40 = 460.
        let a = try f.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: IndexPath(section: 0, item: 0))
        XCTAssertEqual(a?.frame, r(0, 460, 768, 40))
        XCTAssertEqual(a?.zIndex, FlowLayout.pinnedZIndex)
        try cv.setContentOffset(Point(x: 0, y: 400))  // visible end 900 > 810: natural place
        XCTAssertEqual(f.footerFrame(inSection: 0), r(0, 770, 768, 40))
        XCTAssertEqual(
            try f.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: IndexPath(section: 0, item: 0))?
                .frame,
            r(0, 770, 768, 40))
    }

    func testBoundsChangeInvalidation() throws {
        let f = try FlowTest.survey()
        let cv = try FlowTest.attach(f, [7], Size(width: 768, height: 1024))
        XCTAssertFalse(f.shouldInvalidateLayout(forBoundsChange: r(0, 500, 768, 1024)))  // scroll
        XCTAssertFalse(f.shouldInvalidateLayout(forBoundsChange: r(0, 0, 768, 300)))  // main size
        XCTAssertTrue(f.shouldInvalidateLayout(forBoundsChange: r(0, 0, 320, 1024)))  // cross size
        let ctx = f.invalidationContext(forBoundsChange: r(0, 0, 320, 1024))
        XCTAssertTrue(ctx.invalidateLayoutAttributes)
        try cv.setBoundsSize(Size(width: 320, height: 1024))
        try cv.layoutIfNeeded()
        XCTAssertEqual(FlowTest.frame(try XCTUnwrap(cv.layout as? FlowLayout), 0, 0), r(90, 100, 200, 200))
    }

    // MARK: Sizes: precedence, validation, errors

    func testSizePrecedenceBulkDelegateItemSize() throws {
        let f = FlowLayout()
        try f.configure {
            $0.minimumInteritemSpacing = 0
            $0.minimumLineSpacing = 0
        }
        let d = FlowTestDelegate()
        d.defaultSize = Size(width: 30, height: 30)
        f.delegate = d
        try f.setItemSizes([Size(width: 40, height: 40), Size(width: 40, height: 40)], forSection: 0)
        let cv = try FlowTest.attach(f, [2, 2], Size(width: 1000, height: 1000))
        XCTAssertEqual(FlowTest.frame(f, 0, 1)?.size, Size(width: 40, height: 40))  // bulk
        XCTAssertEqual(FlowTest.frame(f, 1, 1)?.size, Size(width: 30, height: 30))  // delegate
        XCTAssertEqual(d.sizeCalls, 2)  // section 1 only
        try f.removeItemSizes(forSection: 0)
        try cv.layoutIfNeeded()
        XCTAssertEqual(FlowTest.frame(f, 0, 1)?.size, Size(width: 30, height: 30))
        f.delegate = nil
        try cv.layoutIfNeeded()
        XCTAssertEqual(FlowTest.frame(f, 1, 1)?.size, Size(width: 50, height: 50))  // itemSize
        XCTAssertEqual(f.resolvedItemSize(at: IndexPath(section: 1, item: 0)), Size(width: 50, height: 50))
    }

    func testBulkLengthMismatchIsAnError() throws {
        let f = FlowLayout()
        try f.setItemSizes(Array(repeating: Size(width: 10, height: 10), count: 5), forSection: 2)
        let cv = try CollectionView(dataSource: StaticDataSource([1, 1, 6]), layout: f)
        try cv.setBoundsSize(Size(width: 100, height: 100))
        XCTAssertThrowsError(try cv.layoutIfNeeded()) { e in
            XCTAssertEqual(
                e as? LayoutError,
                LayoutError(.invalidArgument, "item sizes for section 2 have 5 entries but the section has 6 items"))
        }
        try f.setItemSizes(Array(repeating: Size(width: 10, height: 10), count: 6), forSection: 2)
        XCTAssertNoThrow(try cv.layoutIfNeeded())
        XCTAssertThrowsError(try f.setItemSizes([Size(width: .nan, height: 1)], forSection: 0)) { e in
            XCTAssertEqual((e as? LayoutError)?.code, .invalidArgument)
        }
        XCTAssertThrowsError(try f.setItemSizes([], forSection: -1))
    }

    func testInvalidDelegateOutputThrowsAndChangesNothing() throws {
        let d = FlowTestDelegate()
        let f = FlowLayout()
        f.delegate = d
        let cv = try FlowTest.attach(f, [4], Size(width: 200, height: 200))
        let before = try FlowTest.allElements(f, [4])
        let sizeBefore = try cv.contentSize()

        d.sizes[IndexPath(section: 0, item: 2)] = Size(width: .nan, height: 5)
        cv.invalidateLayout(.delegateMetrics)
        XCTAssertThrowsError(try cv.contentSize()) { e in
            let le = e as? LayoutError
            XCTAssertEqual(le?.code, .callback)
            XCTAssertTrue(le?.message.contains("sizeForItemAt") ?? false, le?.message ?? "")
            XCTAssertTrue(le?.message.contains("[0, 2]") ?? false, le?.message ?? "")
        }
        XCTAssertEqual(try FlowTest.allElements(f, [4]), before)
        XCTAssertEqual(try f.collectionViewContentSize(), sizeBefore)

        d.sizes[IndexPath(section: 0, item: 2)] = Size(width: -1, height: 5)
        XCTAssertThrowsError(try cv.contentSize())
        d.sizes[IndexPath(section: 0, item: 2)] = nil
        d.throwAt = IndexPath(section: 0, item: 1)
        XCTAssertThrowsError(try cv.contentSize()) { e in
            XCTAssertEqual(e as? LayoutError, LayoutError(.callback, "sizeForItemAt failed for item [0, 1]: boom"))
        }
        d.throwAt = nil
        d.methods = [.sizeForItem, .insetForSection, .minimumLineSpacingForSection]
        d.insets[0] = EdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0)
        XCTAssertThrowsError(try cv.contentSize()) { e in
            XCTAssertEqual((e as? LayoutError)?.code, .callback)
            XCTAssertTrue((e as? LayoutError)?.message.contains("section 0") ?? false)
        }
        d.insets[0] = nil
        d.lineSpacings[0] = .nan
        XCTAssertThrowsError(try cv.contentSize())
        d.lineSpacings[0] = nil
        d.methods.insert(.minimumInteritemSpacingForSection)
        d.interitemSpacings[0] = -5  // the inter-item spacing may not be negative (the header's rule)
        XCTAssertThrowsError(try cv.contentSize()) { e in XCTAssertEqual((e as? LayoutError)?.code, .callback) }
        d.interitemSpacings[0] = nil
        XCTAssertNoThrow(try cv.contentSize())
        XCTAssertEqual(try FlowTest.allElements(f, [4]), before)
    }

    /// A bad value is reported when it is set (not at the next query), and nothing of the
    /// configuration changes: all or nothing. The message names the field as the header spells it.
    func testInvalidConfigurationIsRejectedAtOnce() throws {
        let f = FlowLayout()
        let cv = try CollectionView(dataSource: StaticDataSource([1]), layout: f)
        try cv.layoutIfNeeded()
        let bad: [(String, (inout FlowConfiguration) -> Void)] = [
            ("item_size", { $0.itemSize = Size(width: .infinity, height: 1) }),
            ("item_size", { $0.itemSize = Size(width: -1, height: 1) }),
            ("minimum_line_spacing", { $0.minimumLineSpacing = .nan }),
            ("minimum_line_spacing", { $0.minimumLineSpacing = -2e12 }),
            ("minimum_interitem_spacing", { $0.minimumInteritemSpacing = -1 }),
            ("section_inset", { $0.sectionInset = EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0) }),
            ("header_reference_size", { $0.headerReferenceSize = Size(width: 0, height: 2e12) }),
            ("footer_reference_size", { $0.footerReferenceSize = Size(width: -1, height: 10) }),
        ]
        for (name, change) in bad {
            XCTAssertThrowsError(
                try f.configure {
                    $0.itemSize = Size(width: 7, height: 7); change(&$0)
                }
            ) { e in
                XCTAssertEqual((e as? LayoutError)?.code, .invalidArgument)
                XCTAssertTrue("\(e)".hasPrefix(name), "\(e)")
            }
            // The valid item size set in the same call was not installed either.
            XCTAssertEqual(f.configuration, .default)
        }
        // Negative line spacing is allowed (Cover Flow's −60); only the scroll-axis dimension
        // of a reference size is bounded (the other is ignored).
        try f.configure {
            $0.minimumLineSpacing = -60
            $0.headerReferenceSize = Size(width: 2e12, height: 10)
        }
        XCTAssertNoThrow(try cv.layoutIfNeeded())
        // The header's width would now be on the scroll axis.
        XCTAssertThrowsError(try f.configure { $0.scrollDirection = .horizontal })
        XCTAssertEqual(f.scrollDirection, .vertical)
    }

    /// The seeds' metrics are valid configurations, and `FlowConfiguration.default` is UIKit's.
    func testSeedConfigurationsValidate() throws {
        for c in [
            SurveyLayout.seedConfiguration, DimensionsLayout.seedConfiguration, CoverFlowLayout.seedConfiguration,
        ] {
            XCTAssertNoThrow(try c.validate())
        }
        XCTAssertEqual(SurveyLayout().configuration, SurveyLayout.seedConfiguration)
        XCTAssertEqual(FlowLayout().configuration, FlowConfiguration.default)
    }

    func testSettingAPropertyInvalidates() throws {
        let f = try FlowTest.survey()
        let cv = try FlowTest.attach(f, [7], Size(width: 768, height: 1024))
        XCTAssertEqual(try cv.contentSize().height, 770)
        try f.configure { $0.itemSize = Size(width: 100, height: 100) }
        // 668 wide: 5 per line (5·100 + 4·20 = 580; 6 need 700) → 2 lines: 100 + 100 + 20 + 100 + 30.
        XCTAssertEqual(try cv.contentSize().height, 350)
        try f.configure { $0.scrollDirection = .horizontal }
        XCTAssertEqual(try cv.contentSize().height, 1024)
    }

    func testZeroSectionsAndDetached() throws {
        let f = FlowLayout()
        try f.prepare()
        XCTAssertEqual(try f.collectionViewContentSize(), .zero)
        try FlowTest.attach(f, [], Size(width: 300, height: 400))
        XCTAssertEqual(try f.collectionViewContentSize(), Size(width: 300, height: 0))
        XCTAssertTrue(try FlowTest.query(f, r(0, 0, 300, 400)).isEmpty)
        XCTAssertNil(FlowTest.frame(f, 0, 0))
        XCTAssertEqual(f.numberOfLines(inSection: 5), 0)
    }
}

// MARK: - Test support

/// A scripted `FlowLayoutDelegate` for the flow tests: sizes and metrics from dictionaries,
/// call counters, and failure injection.
final class FlowTestDelegate: FlowLayoutDelegate {
    struct Failure: Error, CustomStringConvertible { var description: String { "boom" } }

    var methods: FlowDelegateMethods = [.sizeForItem]
    var implementedMethods: FlowDelegateMethods { methods }
    var sizes: [CVLayoutCore.IndexPath: Size] = [:]
    var defaultSize = Size(width: 50, height: 50)
    var insets: [Int: EdgeInsets] = [:]
    var lineSpacings: [Int: Double] = [:]
    var interitemSpacings: [Int: Double] = [:]
    var headers: [Int: Size] = [:]
    var footers: [Int: Size] = [:]
    var sizeCalls = 0
    var askedItems: [CVLayoutCore.IndexPath] = []
    var throwAt: CVLayoutCore.IndexPath?

    func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: CVLayoutCore.IndexPath) throws -> Size {
        sizeCalls += 1
        askedItems.append(indexPath)
        if indexPath == throwAt { throw Failure() }
        return sizes[indexPath] ?? defaultSize
    }
    func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) throws -> EdgeInsets {
        insets[section] ?? layout.sectionInset
    }
    func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) throws -> Double {
        lineSpacings[section] ?? layout.minimumLineSpacing
    }
    func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int) throws -> Double {
        interitemSpacings[section] ?? layout.minimumInteritemSpacing
    }
    func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) throws -> Size {
        headers[section] ?? layout.headerReferenceSize
    }
    func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) throws -> Size {
        footers[section] ?? layout.footerReferenceSize
    }
}

enum FlowTest {
    /// The Survey layout's flow settings (Furrow ch. 4, Listing 4.2): insets top 30 left 80
    /// bottom 30 right 20, spacing 20/20, item 200×200, header 60×70.
    static func survey() throws -> FlowLayout {
        let f = FlowLayout()
        try f.configure {
            $0.sectionInset = EdgeInsets(top: 30, left: 80, bottom: 30, right: 20)
            $0.minimumInteritemSpacing = 20
            $0.minimumLineSpacing = 20
            $0.itemSize = Size(width: 200, height: 200)
            $0.headerReferenceSize = Size(width: 60, height: 70)
        }
        return f
    }

    @discardableResult
    static func attach(_ flow: FlowLayout, _ counts: [Int], _ size: Size) throws -> CollectionView {
        let cv = try CollectionView(dataSource: StaticDataSource(counts), layout: flow)
        try cv.setBoundsSize(size)
        try cv.layoutIfNeeded()
        return cv
    }

    static func frame(_ f: FlowLayout, _ s: Int, _ i: Int) -> Rect? {
        f.frameForItem(at: CVLayoutCore.IndexPath(section: s, item: i))
    }

    /// Every element of the layout, from the single-element queries.
    static func allElements(_ f: FlowLayout, _ counts: [Int]) throws -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        for (s, n) in counts.enumerated() {
            for i in 0..<n {
                if let a = try f.layoutAttributesForItem(at: CVLayoutCore.IndexPath(section: s, item: i)) {
                    out.append(a)
                }
            }
            for k in [ElementKind.sectionHeader, .sectionFooter] {
                if let a = try f.layoutAttributesForSupplementaryView(
                    ofKind: k, at: CVLayoutCore.IndexPath(section: s, item: 0))
                {
                    out.append(a)
                }
            }
        }
        return out
    }

    static func query(_ f: FlowLayout, _ r: Rect) throws -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        try f.layoutAttributesForElements(in: r, into: &out)
        return out
    }
}
