import XCTest

@testable import CVLayoutCore

// XCTest brings Foundation's IndexPath into scope.
private typealias IndexPath = CVLayoutCore.IndexPath

/// The flow subclasses of Furrow ch. 4: Survey (Listings 4.1–4.12), Dimensions (4.18–4.23) and
/// Cover Flow (4.29–4.32), with numbers worked out by hand.
final class SeedFlowLayoutsTests: XCTestCase {
    private func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }
    private func ip(_ s: Int, _ i: Int) -> IndexPath { IndexPath(section: s, item: i) }

    private func assertRect(
        _ a: Rect?, _ b: Rect, accuracy: Double = 1e-9, _ msg: String = "", file: StaticString = #filePath,
        line: UInt = #line
    ) {
        guard let a else { return XCTFail("nil rect \(msg)", file: file, line: line) }
        XCTAssertEqual(a.minX, b.minX, accuracy: accuracy, msg, file: file, line: line)
        XCTAssertEqual(a.minY, b.minY, accuracy: accuracy, msg, file: file, line: line)
        XCTAssertEqual(a.width, b.width, accuracy: accuracy, msg, file: file, line: line)
        XCTAssertEqual(a.height, b.height, accuracy: accuracy, msg, file: file, line: line)
    }

    private func query(_ l: CollectionViewLayout, _ rect: Rect) throws -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        try l.layoutAttributesForElements(in: rect, into: &out)
        out.sortIntoDrawOrder()
        return out
    }

    // MARK: - Survey

    /// Listing 3.9 sizes for section 1: photos 300×200, 200×300, 100×100, 400×300 fitted into
    /// kMaxItemSize 200×200 → 200×133.33…, 133.33…×200, 200×200, 200×150.
    private static let photos = [
        Size(width: 300, height: 200), Size(width: 200, height: 300),
        Size(width: 100, height: 100), Size(width: 400, height: 300),
    ]

    private func survey(
        width: Double, counts: [Int] = [3, 4]
    ) throws -> (SurveyLayout, CollectionView, StaticDataSource) {
        let l = SurveyLayout()
        let sizes = try Self.photos.map {
            try DimensionsLayout.aspectFitSize(imageSize: $0, maxSize: SurveyLayout.maxItemSize)
        }
        if counts.count > 1 { try l.setItemSizes(sizes, forSection: 1) }
        let ds = StaticDataSource(counts)
        let cv = try CollectionView(dataSource: ds, layout: l)
        try cv.setBoundsSize(Size(width: width, height: 1024))
        try cv.layoutIfNeeded()
        return (l, cv, ds)
    }

    func testSurveyDefaults() {
        let l = SurveyLayout()
        XCTAssertEqual(l.sectionInset, EdgeInsets(top: 30, left: 80, bottom: 30, right: 20))
        XCTAssertEqual(l.minimumInteritemSpacing, 20)
        XCTAssertEqual(l.minimumLineSpacing, 20)
        XCTAssertEqual(l.itemSize, Size(width: 200, height: 200))
        XCTAssertEqual(l.headerReferenceSize, Size(width: 60, height: 70))
        XCTAssertEqual(l.scrollDirection, .vertical)
        XCTAssertTrue(l.insertedSections.isEmpty)
    }

    /// The frames, headers, binders, z-indexes, element count and content size of this case are the
    /// shared fixture Tests/fixtures/survey-768.json (worked by hand there, run by FixtureTests,
    /// the C harness and pytest through the rect query). Here, what a fixture cannot see: the
    /// flow frames before Listing 4.5 re-centres them, the single-element queries and the
    /// lookups that must answer nil.
    func testSurveyAt768() throws {
        let (l, cv, _) = try survey(width: 768)
        // Flow frames. Section 0: available 768 − 80 − 20 = 668; 3·200 + 2·20 = 640 fit, justified
        // gap 20 + 28/2 = 34 → base x = 80, 314, 548 on the line at y = 70 + 30 = 100.
        XCTAssertEqual(l.frameForItem(at: ip(0, 0)), r(80, 100, 200, 200))
        XCTAssertEqual(l.frameForItem(at: ip(0, 1)), r(314, 100, 200, 200))
        XCTAssertEqual(l.frameForItem(at: ip(0, 2)), r(548, 100, 200, 200))
        // Section 1 (body from 330 + 70 + 30 = 430): widths 200 + 20 + 133.33 + 20 + 200 = 573.33
        // ≤ 668, + 20 + 200 > 668 → line 0 = items 0-2, justified: gap = 20 + (668 − 573.33)/2 =
        // 67.33 → x = 80, 347.33, 548; items centred on the 200-thick line: item 0 (133.33 high)
        // at y = 430 + 33.33 = 463.33. Line 1: y = 430 + 200 + 20 = 650, item 3 (200×150)
        // left-aligned (non-uniform last line).
        let a = 200.0 / 1.5, b = 200.0 * 2 / 3
        assertRect(l.frameForItem(at: ip(1, 0)), r(80, 430 + (200 - a) / 2, 200, a))
        assertRect(l.frameForItem(at: ip(1, 1)), r(80 + 200 + 20 + (668 - 400 - b - 40) / 2, 430, b, 200))
        assertRect(l.frameForItem(at: ip(1, 2)), r(548, 430, 200, 200))
        assertRect(l.frameForItem(at: ip(1, 3)), r(80, 650, 200, 150))

        // Every element of a rect query over everything is what its single query answers (the
        // fixture checks the rect query's frames), and the binder draws first (zIndex −1).
        let all = try cv.layoutAttributesForElements(in: r(0, 0, 768, 1000))
        XCTAssertEqual(Set(all.map(\.category)), [.cell, .supplementaryView, .decorationView])
        XCTAssertEqual(all.first?.kind, .binder)
        for a in all {
            XCTAssertEqual(try l.layoutAttributes(for: a.key), a)
        }
        let b1 = try XCTUnwrap(try l.layoutAttributesForDecorationView(ofKind: .binder, at: ip(1, 0)))
        XCTAssertEqual(b1.category, .decorationView)
        XCTAssertEqual(b1.kind, .binder)
        XCTAssertEqual(b1.indexPath, ip(1, 0))
        XCTAssertTrue(all.contains(b1))
        // Through the collection view too (kind + index path).
        XCTAssertEqual(
            try cv.layoutAttributes(for: ElementKey(category: .decorationView, kind: .binder, indexPath: ip(1, 0))), b1)
        // Other kinds, other items, out-of-range sections: nil.
        XCTAssertNil(try l.layoutAttributesForDecorationView(ofKind: .sectionHeader, at: ip(0, 0)))
        XCTAssertNil(try l.layoutAttributesForDecorationView(ofKind: .binder, at: ip(0, 1)))
        XCTAssertNil(try l.layoutAttributesForDecorationView(ofKind: .binder, at: ip(2, 0)))
        XCTAssertNil(try l.layoutAttributesForDecorationView(ofKind: .binder, at: ip(-1, 0)))
    }

    func testSurveyRectQueriesUseAdjustedFrames() throws {
        let (l, cv, _) = try survey(width: 768)
        defer { withExtendedLifetime(cv) {} }  // the layout reads the counts from its view
        // (700, 700, 10, 10) meets item (1, 3) only once re-centred (564…765), not its flow frame
        // (80…280); section 1's binder ends at 665.
        XCTAssertEqual(
            try query(l, r(700, 700, 10, 10)).map(\.key),
            [ElementKey(category: .cell, kind: .none, indexPath: ip(1, 3))])
        // (100, 700, 10, 10) meets the flow frame of (1, 3) but not its adjusted one.
        XCTAssertEqual(try query(l, r(100, 700, 10, 10)), [])
        // (0, 640, 10, 5): no header there, but section 1's binder (395…665) is: it is returned
        // because its own frame intersects (Listing 4.7 would have needed the header).
        let q = try query(l, r(0, 640, 10, 5))
        XCTAssertEqual(q.map(\.key), [ElementKey(category: .decorationView, kind: .binder, indexPath: ip(1, 0))])
        // (0, 340, 10, 10): section 1's header (330…400) and section 0's binder (65…335)? No: 335 < 340.
        XCTAssertEqual(
            try query(l, r(0, 340, 10, 10)).map(\.key),
            [ElementKey(category: .supplementaryView, kind: .sectionHeader, indexPath: ip(1, 0))])
        // The integral frame grows by up to 1 pt: (0, 463.2, …) still meets item (1, 0)'s
        // adjusted frame (y from 463) though its flow frame starts at 463.33.
        XCTAssertTrue(
            try query(l, r(100, 463.1, 10, 0.1)).contains { $0.indexPath == ip(1, 0) && $0.category == .cell })
    }

    func testSurveyAt1024() throws {
        let (l, cv, _) = try survey(width: 1024)
        // Section 0: available 924; 4 items would fit (860), so the uniform grid has 4 slots:
        // gap 20 + 64/3 → base x = 80, 321.33, 562.67. Re-centred: firstX = 924/6 = 154 →
        // centres 234, 542, 850 → frames x 134, 442, 750 (whole numbers: integral is a no-op).
        assertRect(l.frameForItem(at: ip(0, 1)), r(80 + 220 + 64.0 / 3, 100, 200, 200))
        XCTAssertEqual(try l.layoutAttributesForItem(at: ip(0, 0))?.frame, r(134, 100, 200, 200))
        XCTAssertEqual(try l.layoutAttributesForItem(at: ip(0, 1))?.frame, r(442, 100, 200, 200))
        XCTAssertEqual(try l.layoutAttributesForItem(at: ip(0, 2))?.frame, r(750, 100, 200, 200))
        // Section 1: 793.33 ≤ 924 → one line, the last one, non-uniform → left-aligned at
        // spacing 20: x = 80, 300, 453.33, 673.33; y centred on 200: 463.33, 430, 430, 455.
        assertRect(l.frameForItem(at: ip(1, 3)), r(673 + 1.0 / 3, 455, 200, 150))
        // firstX = 924/8 = 115.5; centres 195.5, 426.5, 657.5, 888.5.
        XCTAssertEqual(try l.layoutAttributesForItem(at: ip(1, 0))?.frame, r(95, 463, 201, 134))
        XCTAssertEqual(try l.layoutAttributesForItem(at: ip(1, 1))?.frame, r(359, 430, 135, 200))
        XCTAssertEqual(try l.layoutAttributesForItem(at: ip(1, 2))?.frame, r(557, 430, 201, 200))
        XCTAssertEqual(try l.layoutAttributesForItem(at: ip(1, 3))?.frame, r(788, 455, 201, 150))
        // Content 330 + 70 + 30 + 200 + 30 = 660. Binders: (0, 65, 1024, 270) and, tallest
        // item 1 (centre 530), (0, 395, 1024, 270).
        XCTAssertEqual(try cv.contentSize(), Size(width: 1024, height: 660))
        XCTAssertEqual(
            try l.layoutAttributesForDecorationView(ofKind: .binder, at: ip(0, 0))?.frame, r(0, 65, 1024, 270))
        XCTAssertEqual(
            try l.layoutAttributesForDecorationView(ofKind: .binder, at: ip(1, 0))?.frame, r(0, 395, 1024, 270))

        // Rotating to 768 wide re-computes the binders for the new content width: they are a fresh
        // layout's at 768 (Tests/fixtures/survey-768.json).
        try cv.setBoundsSize(Size(width: 768, height: 1024))
        let (fresh, freshView, _) = try survey(width: 768)
        defer { withExtendedLifetime(freshView) {} }
        for s in 0..<2 {
            let key = ElementKey(category: .decorationView, kind: .binder, indexPath: ip(s, 0))
            XCTAssertEqual(try cv.layoutAttributes(for: key)?.frame.width, 768)
            XCTAssertEqual(try cv.layoutAttributes(for: key), try fresh.layoutAttributes(for: key))
        }
    }

    /// With pinned headers every scroll runs a cycle (bounds-only): the binders are kept, not
    /// recomputed, and stay right; a real change (an inset) recomputes them.
    func testSurveyBindersAcrossBoundsOnlyCycles() throws {
        let (l, cv, _) = try survey(width: 768)
        // The binders before any cycle: Tests/fixtures/survey-768.json's (the pin moves headers only).
        let binders = try cv.layoutAttributesForElements(in: r(0, 0, 768, 1000)).filter { $0.kind == .binder }
        XCTAssertEqual(binders.map(\.indexPath), [ip(0, 0), ip(1, 0)])
        try l.configure { $0.sectionHeadersPinToVisibleBounds = true }
        for y in stride(from: 0.0, through: 400, by: 50) {
            try cv.setContentOffset(Point(x: 0, y: y))
            let q = try cv.layoutAttributesForElements(in: r(0, 0, 768, 1000))
            XCTAssertEqual(q.filter { $0.kind == .binder }.map(\.frame), binders.map(\.frame), "offset \(y)")
        }
        // Header 0 pinned at y 200 while section 0 (0…330) lasts: min(200, 330 − 30 − 70)… = 200.
        try cv.setContentOffset(Point(x: 0, y: 200))
        XCTAssertEqual(
            try cv.layoutAttributes(
                for: ElementKey(category: .supplementaryView, kind: .sectionHeader, indexPath: ip(0, 0)))?.frame.minY,
            200)
        // sectionInset.left 80 → 180: firstX = (768 − 200)/6 = 94.67 → item 0 centre 274.67.
        try l.configure { $0.sectionInset = EdgeInsets(top: 30, left: 180, bottom: 30, right: 20) }
        XCTAssertEqual(
            try cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(0, 0)))?.frame.minX, 174
        )
        try assertBindersMatchListing48(l, counts: [3, 4])
    }

    func testSurveyEmptySectionHasNoBinder() throws {
        let l = SurveyLayout()
        let cv = try CollectionView(dataSource: StaticDataSource([3, 0, 3]), layout: l)
        try cv.setBoundsSize(Size(width: 768, height: 1024))
        try cv.layoutIfNeeded()
        XCTAssertNil(try l.layoutAttributesForDecorationView(ofKind: .binder, at: ip(1, 0)))
        XCTAssertNotNil(try l.layoutAttributesForDecorationView(ofKind: .binder, at: ip(2, 0)))
        let binders = try cv.layoutAttributesForElements(in: r(0, 0, 768, 5000)).filter { $0.kind == .binder }
        XCTAssertEqual(binders.map(\.indexPath.section), [0, 2])
        // Section 1 is header + insets only: 70 + 30 + 30 = 130; section 2 starts at 460 and
        // its binder is centred on its first line (460 + 100 + 100 = 660): (0, 525, 768, 270).
        XCTAssertEqual(binders.last?.frame, r(0, 525, 768, 270))
    }

    /// Same-size items whose lines are not on whole points: the tallest cell is the first cell
    /// of the first line CGRectIntegral grows (found line by line, not item by item).
    func testSurveyTallestInUniformSectionWithFractionalLines() throws {
        let l = SurveyLayout()
        try l.configure { $0.minimumLineSpacing = 20.5 }
        let cv = try CollectionView(dataSource: StaticDataSource([9]), layout: l)
        try cv.setBoundsSize(Size(width: 768, height: 1024))
        try cv.layoutIfNeeded()
        // Lines at y = 100, 320.5, 541: line 0 keeps 200; line 1 [320.5, 520.5] → [320, 521],
        // 201 high → item 3 is the first tallest, centre y 420.5; binder 201 + 70 = 271 high:
        // (0, 420.5 − 135.5 = 285, 768, 271).
        XCTAssertEqual(try l.layoutAttributesForItem(at: ip(0, 3))?.frame.height, 201)
        XCTAssertEqual(
            try l.layoutAttributesForDecorationView(ofKind: .binder, at: ip(0, 0))?.frame, r(0, 285, 768, 271))
        try assertBindersMatchListing48(l, counts: [9])
    }

    /// The cached binders equal Listing 4.8's loop over the single-item queries, and rect
    /// queries equal filtering the single queries, on varied sizes.
    func testSurveyMatchesBruteForce() throws {
        let l = SurveyLayout()
        var rng = SplitMix64(seed: 7)
        let counts = [5, 0, 9, 1, 7]
        for (s, n) in counts.enumerated() where s != 3 {
            let sizes = (0..<n).map { _ in
                Size(
                    width: Double.random(in: 40...200, using: &rng).rounded() / 3,
                    height: Double.random(in: 40...200, using: &rng) / 3)
            }
            try l.setItemSizes(sizes, forSection: s)
        }
        let cv = try CollectionView(dataSource: StaticDataSource(counts), layout: l)
        for width in [768.0, 500, 1024] {
            try cv.setBoundsSize(Size(width: width, height: 600))
            try cv.layoutIfNeeded()
            try assertBindersMatchListing48(l, counts: counts)
            var everything: [LayoutAttributes] = []
            for (s, n) in counts.enumerated() {
                for i in 0..<n { if let a = try l.layoutAttributesForItem(at: ip(s, i)) { everything.append(a) } }
                for k in [ElementKind.sectionHeader, .binder] {
                    let a =
                        k == .binder
                        ? try l.layoutAttributesForDecorationView(ofKind: k, at: ip(s, 0))
                        : try l.layoutAttributesForSupplementaryView(ofKind: k, at: ip(s, 0))
                    if let a { everything.append(a) }
                }
            }
            let h = try cv.contentSize().height
            for _ in 0..<60 {
                let rect = r(
                    Double.random(in: -50...width, using: &rng), Double.random(in: -50...h, using: &rng),
                    Double.random(in: 0.5...300, using: &rng), Double.random(in: 0.5...300, using: &rng))
                var expected = everything.filter { $0.frame.intersects(rect) }
                expected.sortIntoDrawOrder()
                XCTAssertEqual(try query(l, rect), expected, "rect \(rect) width \(width)")
            }
        }
    }

    /// Scrolling horizontally, same-size sections take `sendSpreadGridCells` (binary searches
    /// over the adjusted frames): the same elements as a filter over every element, for
    /// fractional sizes, negative line spacing (columns running backwards), insets wider than
    /// the viewport, and rects that cross every centre and miss every slot.
    func testSurveyHorizontalSameSizeSectionsMatchBruteForce() throws {
        var rng = SplitMix64(seed: 11)
        let counts = [5, 0, 37, 1, 120]
        let configs: [(Size, Double, EdgeInsets)] = [
            (Size(width: 50, height: 50), 10, EdgeInsets(top: 13, left: 0, bottom: 0, right: 0)),
            (Size(width: 33.3, height: 41.7), 7.5, EdgeInsets(top: 5, left: 20, bottom: 9, right: 20)),
            (Size(width: 30, height: 22.25), -45, EdgeInsets(top: 0, left: 3, bottom: 0, right: 2)),
            (Size(width: 80, height: 600), 10, EdgeInsets(top: 700, left: 0, bottom: 0, right: 0)),
        ]
        var checked = 0
        for (size, lineSpacing, inset) in configs {
            let l = SurveyLayout()
            try l.configure {
                $0.scrollDirection = .horizontal
                $0.itemSize = size
                $0.minimumLineSpacing = lineSpacing
                $0.sectionInset = inset
            }
            let cv = try CollectionView(dataSource: StaticDataSource(counts), layout: l)
            for (bw, bh) in [(768.0, 600.0), (500, 90), (1024, 10)] {
                try cv.setBoundsSize(Size(width: bw, height: bh))
                try cv.layoutIfNeeded()
                var everything: [LayoutAttributes] = []
                for (s, n) in counts.enumerated() {
                    for i in 0..<n { if let a = try l.layoutAttributesForItem(at: ip(s, i)) { everything.append(a) } }
                    if let a = try l.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ip(s, 0)) {
                        everything.append(a)
                    }
                    if let a = try l.layoutAttributesForDecorationView(ofKind: .binder, at: ip(s, 0)) {
                        everything.append(a)
                    }
                }
                let content = try cv.contentSize()
                var rects = [
                    r(-10, -10, content.width + 20, content.height + 20),
                    r(-1e9, -5, 2e9, 4),  // every centre, above every slot
                    r(-1e9, content.height + 1, 2e9, 50),
                ]
                for a in everything.prefix(40) {
                    let f = a.frame
                    rects += [r(f.minX - 0.5, f.minY, 1, f.height), r(f.maxX - 0.25, f.minY - 3, 0.5, 1e6)]
                }
                for _ in 0..<40 {
                    rects.append(
                        r(
                            Double.random(in: -60...content.width, using: &rng),
                            Double.random(in: -60...content.height + 10, using: &rng),
                            Double.random(in: 0.5...400, using: &rng), Double.random(in: 0.5...400, using: &rng)))
                }
                for rect in rects {
                    var expected = everything.filter { $0.frame.intersects(rect) }
                    expected.sortIntoDrawOrder()
                    XCTAssertEqual(try query(l, rect), expected, "rect \(rect) bounds \(bw) x \(bh) size \(size)")
                    checked += expected.count
                }
            }
        }
        XCTAssertGreaterThan(checked, 2000)  // the rects meet elements, not only empty space
    }

    private func assertBindersMatchListing48(
        _ l: SurveyLayout, counts: [Int], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let width = try l.collectionViewContentSize().width
        for (s, n) in counts.enumerated() {
            var tallest: LayoutAttributes?
            for i in 0..<n {
                guard let a = try l.layoutAttributesForItem(at: ip(s, i)) else { continue }
                if a.frame.height > (tallest?.frame.height ?? -1) { tallest = a }
            }
            let binder = try l.layoutAttributesForDecorationView(ofKind: .binder, at: ip(s, 0))
            guard let t = tallest else { XCTAssertNil(binder, file: file, line: line); continue }
            let h = t.frame.height + l.headerReferenceSize.height
            XCTAssertEqual(binder?.frame, r(0, t.center.y - h / 2, width, h), "section \(s)", file: file, line: line)
        }
    }

    /// A million same-size items: the binder comes from the O(1) path, rect queries stay local.
    func testSurveyBigUniformSection() throws {
        let l = SurveyLayout()
        let cv = try CollectionView(dataSource: StaticDataSource([1_000_000]), layout: l)
        try cv.setBoundsSize(Size(width: 768, height: 1024))
        try cv.layoutIfNeeded()
        XCTAssertEqual(
            try l.layoutAttributesForDecorationView(ofKind: .binder, at: ip(0, 0))?.frame, r(0, 65, 768, 270))
        // 333,334 lines of 220: a viewport deep down holds a handful of lines' cells only.
        let q = try cv.layoutAttributesForElements(in: r(0, 50_000_000, 768, 1024))
        XCTAssertFalse(q.isEmpty)
        XCTAssertLessThanOrEqual(q.count, 18)
        XCTAssertTrue(q.allSatisfy { $0.category == .cell })
    }

    func testSurveyInsertAnimation() throws {
        let (l, cv, _) = try survey(width: 768)
        defer { withExtendedLifetime(cv) {} }
        // Listing 4.11: inserting section 1 (a section-level insert) records section 1.
        try l.prepare(forCollectionViewUpdates: [
            UpdateItem(action: .insert, before: nil, after: IndexPath(section: 1, item: UpdateItem.sectionItem)),
            UpdateItem(action: .delete, before: ip(0, 0), after: nil),
        ])
        XCTAssertEqual(l.insertedSections, [1])
        // Listing 4.12: the binder starts 768 to the left, transparent.
        let binder = try XCTUnwrap(
            l.initialLayoutAttributesForAppearingDecorationElement(ofKind: .binder, at: ip(1, 0)))
        XCTAssertEqual(binder.frame, r(0, 395, 768, 270))
        XCTAssertEqual(binder.alpha, 0)
        XCTAssertEqual(binder.transform, Transform3D.translation(-768, 0, 0))
        XCTAssertEqual(binder.zIndex, -1)
        // Cells start one content width (768) to the right, alpha unchanged.
        let cell = try XCTUnwrap(l.initialLayoutAttributesForAppearingItem(at: ip(1, 2)))
        XCTAssertEqual(cell.frame, r(397, 430, 201, 200))
        XCTAssertEqual(cell.alpha, 1)
        XCTAssertEqual(cell.transform, Transform3D.translation(768, 0, 0))
        // A section that was not inserted, and other kinds: nil (crossfade).
        XCTAssertNil(try l.initialLayoutAttributesForAppearingItem(at: ip(0, 0)))
        XCTAssertNil(try l.initialLayoutAttributesForAppearingDecorationElement(ofKind: .binder, at: ip(0, 0)))
        XCTAssertNil(try l.initialLayoutAttributesForAppearingDecorationElement(ofKind: .connector, at: ip(1, 0)))
        XCTAssertNil(
            try l.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: .sectionHeader, at: ip(1, 0)))
        // An item insert records its section too.
        try l.prepare(forCollectionViewUpdates: [UpdateItem(action: .insert, before: nil, after: ip(0, 2))])
        XCTAssertEqual(l.insertedSections, [0, 1])
        // Finalize clears.
        try l.finalizeCollectionViewUpdates()
        XCTAssertTrue(l.insertedSections.isEmpty)
        XCTAssertNil(try l.initialLayoutAttributesForAppearingItem(at: ip(1, 2)))
        XCTAssertNil(try l.initialLayoutAttributesForAppearingDecorationElement(ofKind: .binder, at: ip(1, 0)))
    }

    /// The whole path: a batch update inserting section 1 animates its cells from the right and
    /// its binder from the left, through the collection view's transition.
    func testSurveyInsertSectionThroughCollectionView() throws {
        let (l, cv, ds) = try survey(width: 768, counts: [3])
        let sizes = try Self.photos.map { try DimensionsLayout.aspectFitSize(imageSize: $0) }
        try l.setItemSizes(sizes, forSection: 1)
        ds.counts = [3, 4]
        var update = BatchUpdate()
        update.insertSections([1])
        try cv.performBatchUpdates(update, animation: try AnimationTiming(duration: 1, curve: .linear))
        XCTAssertTrue(l.insertedSections.isEmpty)  // finalized
        let cell = try XCTUnwrap(
            cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(1, 2))))
        XCTAssertEqual(cell.transform.m41, 768, accuracy: 1e-9)
        XCTAssertEqual(cell.frame, r(397, 430, 201, 200))
        let binder = try XCTUnwrap(
            cv.layoutAttributes(for: ElementKey(category: .decorationView, kind: .binder, indexPath: ip(1, 0))))
        XCTAssertEqual(binder.transform.m41, -768, accuracy: 1e-9)
        XCTAssertEqual(binder.alpha, 0, accuracy: 1e-12)
        // Section 0 existed: no track of its own beyond moving in place.
        let old = try XCTUnwrap(cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(0, 0))))
        XCTAssertEqual(old.transform, .identity)
        // Halfway: the cell is half-way in.
        try cv.setTime(0.5)
        let mid = try XCTUnwrap(cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(1, 2))))
        XCTAssertEqual(mid.transform.m41, 384, accuracy: 1e-6)
    }

    /// Listing 3.8's own batch: insert the next section and reload the current one. The layout
    /// sees UIKit's list (an insert of section 1, a reload of section 0), so only section 1 slides
    /// in; the reloaded section 0 crossfades in place.
    func testSurveyListing38BatchCrossfadesTheReloadedSection() throws {
        let (l, cv, ds) = try survey(width: 768, counts: [3])
        let sizes = try Self.photos.map { try DimensionsLayout.aspectFitSize(imageSize: $0) }
        try l.setItemSizes(sizes, forSection: 1)
        let before = try XCTUnwrap(
            cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(0, 1))))
        ds.counts = [3, 4]
        var update = BatchUpdate()
        update.insertSections([1])
        update.reloadSections([0])
        try cv.performBatchUpdates(update, animation: try AnimationTiming(duration: 1, curve: .linear))
        XCTAssertEqual(
            cv.lastPlan?.updateItems,
            [
                UpdateItem(action: .insert, before: nil, after: IndexPath(section: 1, item: UpdateItem.sectionItem)),
                UpdateItem(
                    action: .reload, before: IndexPath(section: 0, item: UpdateItem.sectionItem),
                    after: IndexPath(section: 0, item: UpdateItem.sectionItem)),
            ])
        // The reloaded section's new cell: same frame, no slide, fading in.
        let reloaded = try XCTUnwrap(
            cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(0, 1))))
        XCTAssertEqual(reloaded.frame, before.frame)
        XCTAssertEqual(reloaded.transform, .identity)
        XCTAssertEqual(reloaded.alpha, 0, accuracy: 1e-12)
        // Its binder crossfades too (no slide from the left).
        let binder0 = try XCTUnwrap(
            cv.layoutAttributes(for: ElementKey(category: .decorationView, kind: .binder, indexPath: ip(0, 0))))
        XCTAssertEqual(binder0.transform, .identity)
        // The inserted section still slides in from 768 pt away.
        let inserted = try XCTUnwrap(
            cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(1, 2))))
        XCTAssertEqual(inserted.transform.m41, 768, accuracy: 1e-9)
        try cv.setTime(0.5)
        let mid = try XCTUnwrap(cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(0, 1))))
        XCTAssertEqual(mid.alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(mid.frame, before.frame)
    }

    // MARK: - Dimensions

    fileprivate final class Sizes: FlowLayoutDelegate {
        var calls = 0
        let size: Size
        init(_ size: Size) { self.size = size }
        var implementedMethods: FlowDelegateMethods { [.sizeForItem] }
        func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) throws -> Size {
            calls += 1; return size
        }
    }

    func testDimensionsDefaultsAndModes() throws {
        let l = DimensionsLayout()
        XCTAssertEqual(l.itemSize, Size(width: 140, height: 140))
        XCTAssertEqual(l.sectionInset, EdgeInsets(top: 13, left: 13, bottom: 13, right: 13))
        XCTAssertEqual(l.minimumLineSpacing, 13)
        XCTAssertEqual(l.minimumInteritemSpacing, 13)
        XCTAssertEqual(l.layoutMode, .aspectFit)
        XCTAssertEqual(l.discreteCustomSlots, 0b1)
        XCTAssertEqual(DimensionsLayout.LayoutMode.aspectFit.rawValue, 0)
        XCTAssertEqual(DimensionsLayout.LayoutMode.aspectFill.rawValue, 1)

        let sizes = Sizes(Size(width: 140, height: 140))
        l.delegate = sizes
        let cv = try CollectionView(dataSource: StaticDataSource([4]), layout: l)
        try cv.setBoundsSize(Size(width: 320, height: 480))
        // 140 + 13 + 140 = 293 ≤ 320 − 26 = 294: two columns, x = 13 and 13 + 140 + 14 = 167.
        let cells = try cv.layoutAttributesForElements(in: r(0, 0, 320, 480)).filter { $0.category == .cell }
        XCTAssertEqual(
            cells.map(\.frame),
            [r(13, 13, 140, 140), r(167, 13, 140, 140), r(13, 166, 140, 140), r(167, 166, 140, 140)])
        XCTAssertEqual(cells.map { $0.custom[0] }, [0, 0, 0, 0])
        XCTAssertEqual(cells.map { $0.custom.count }, [1, 1, 1, 1])
        let asked = sizes.calls

        // Listing 4.23: setting the mode invalidates; the next query shows it; the lines are kept.
        l.layoutMode = .aspectFill
        XCTAssertTrue(cv.needsPrepare)
        XCTAssertEqual(
            try cv.layoutAttributesForElements(in: r(0, 0, 320, 480)).filter { $0.category == .cell }.map {
                $0.custom[0]
            },
            [1, 1, 1, 1])
        XCTAssertEqual(
            try cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(0, 3)))?.custom[0], 1)
        XCTAssertEqual(sizes.calls, asked)

        // Listing 4.21: the per-item answer wins.
        l.modeProvider = { $0.item % 2 == 0 ? .aspectFit : .aspectFill }
        XCTAssertTrue(cv.needsPrepare)
        XCTAssertEqual(
            try cv.layoutAttributesForElements(in: r(0, 0, 320, 480)).filter { $0.category == .cell }.map {
                $0.custom[0]
            },
            [0, 1, 0, 1])
        XCTAssertEqual(try l.layoutAttributesForItem(at: ip(0, 2))?.custom[0], 0)
        l.modeProvider = nil
        XCTAssertEqual(try l.layoutAttributesForItem(at: ip(0, 2))?.custom[0], 1)

        // Raw values from C: validated.
        try l.setLayoutMode(rawValue: 0)
        XCTAssertEqual(l.layoutMode, .aspectFit)
        XCTAssertThrowsError(try l.setLayoutMode(rawValue: 2)) {
            XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument)
        }
        XCTAssertEqual(l.layoutMode, .aspectFit)

        // A failing provider: the query fails with .callback, and the view stays usable.
        struct Boom: Error {}
        l.modeProvider = { _ in throw Boom() }
        XCTAssertThrowsError(try cv.layoutAttributesForElements(in: r(0, 0, 320, 480))) {
            XCTAssertEqual(($0 as? LayoutError)?.code, .callback)
        }
        l.modeProvider = nil
        XCTAssertEqual(try cv.layoutAttributesForElements(in: r(0, 0, 320, 480)).count, 4)

        // Headers get no mode.
        try l.configure { $0.headerReferenceSize = Size(width: 0, height: 30) }
        let header = try cv.layoutAttributesForElements(in: r(0, 0, 320, 480)).first {
            $0.category == .supplementaryView
        }
        XCTAssertEqual(header?.custom.count, 0)
    }

    func testAspectFitSize() throws {
        let max = Size(width: 200, height: 200)
        // Landscape 300×200: aspect 1.5 > 1 → (200, 200/1.5 = 133.33…).
        let land = try DimensionsLayout.aspectFitSize(imageSize: Size(width: 300, height: 200), maxSize: max)
        XCTAssertEqual(land.width, 200)
        XCTAssertEqual(land.height, 133.333_333_333_333, accuracy: 1e-9)
        // Portrait 200×300: aspect 0.667 < 1 → (200·0.667 = 133.33…, 200).
        let port = try DimensionsLayout.aspectFitSize(imageSize: Size(width: 200, height: 300), maxSize: max)
        XCTAssertEqual(port.width, 133.333_333_333_333, accuracy: 1e-9)
        XCTAssertEqual(port.height, 200)
        // Square: max. Default max is kMaxItemSize 200×200.
        XCTAssertEqual(try DimensionsLayout.aspectFitSize(imageSize: Size(width: 1000, height: 1000)), max)
        // 4000×3000 into 140×140 → (140, 105).
        XCTAssertEqual(
            try DimensionsLayout.aspectFitSize(
                imageSize: Size(width: 4000, height: 3000), maxSize: Size(width: 140, height: 140)),
            Size(width: 140, height: 105))
        // Extreme ratios stay finite.
        let thin = try DimensionsLayout.aspectFitSize(imageSize: Size(width: 1e300, height: 1e-300), maxSize: max)
        XCTAssertEqual(thin, Size(width: 200, height: 0))
        // Errors.
        for bad in [
            Size(width: 0, height: 100), Size(width: 100, height: -1), Size(width: .nan, height: 1),
            Size(width: .infinity, height: 1), Size(width: 1, height: 0),
        ] {
            XCTAssertThrowsError(try DimensionsLayout.aspectFitSize(imageSize: bad, maxSize: max)) {
                XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument)
            }
        }
        for bad in [Size(width: -1, height: 100), Size(width: .nan, height: 1), Size(width: 1, height: .infinity)] {
            XCTAssertThrowsError(try DimensionsLayout.aspectFitSize(imageSize: Size(width: 3, height: 2), maxSize: bad))
            {
                XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument)
            }
        }
    }

    // MARK: - Cover Flow

    /// Row-vector 4×4 matrices written out independently of `Transform3D`'s builders.
    private typealias M4 = [[Double]]
    private func mul(_ a: M4, _ b: M4) -> M4 {
        (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0.0) { $0 + a[i][$1] * b[$1][j] } } }
    }
    private let id4: M4 = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
    /// CATransform3DMakeTranslation: translation in the fourth row.
    private func tr(_ x: Double, _ y: Double, _ z: Double) -> M4 {
        [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]]
    }
    /// CATransform3DMakeRotation(a, 0, 1, 0): m11 = cos, m13 = −sin, m31 = sin, m33 = cos.
    private func rotY(_ a: Double) -> M4 {
        [[cos(a), 0, -sin(a), 0], [0, 1, 0, 0], [sin(a), 0, cos(a), 0], [0, 0, 0, 1]]
    }
    private func sc(_ x: Double, _ y: Double, _ z: Double) -> M4 {
        [[x, 0, 0, 0], [0, y, 0, 0], [0, 0, z, 0], [0, 0, 0, 1]]
    }
    private func assertMatrix(_ t: Transform3D?, _ m: M4, file: StaticString = #filePath, line: UInt = #line) {
        guard let t else { return XCTFail("no transform", file: file, line: line) }
        let v = t.values
        for i in 0..<4 {
            for j in 0..<4 {
                XCTAssertEqual(
                    v[i * 4 + j], m[i][j], accuracy: 1e-9 * Swift.max(1, abs(m[i][j])), "m\(i + 1)\(j + 1)", file: file,
                    line: line)
            }
        }
    }

    private func coverFlow(_ counts: [Int] = [10]) throws -> (CoverFlowLayout, CollectionView, Sizes) {
        let l = CoverFlowLayout()
        try l.configure {
            $0.sectionInset = EdgeInsets(top: 0, left: 70, bottom: 0, right: 70)  // Listing 4.27, portrait
        }
        let sizes = Sizes(Size(width: 180, height: 180))
        l.delegate = sizes
        let cv = try CollectionView(dataSource: StaticDataSource(counts), layout: l)
        try cv.setBoundsSize(Size(width: 320, height: 480))
        try cv.layoutIfNeeded()
        return (l, cv, sizes)
    }

    func testCoverFlowDefaults() {
        let l = CoverFlowLayout()
        XCTAssertEqual(l.scrollDirection, .horizontal)
        XCTAssertEqual(l.itemSize, Size(width: 180, height: 180))
        XCTAssertEqual(l.minimumLineSpacing, -60)
        XCTAssertEqual(l.minimumInteritemSpacing, 200)
        XCTAssertEqual(CoverFlowLayout.activeDistance, 100)
        XCTAssertEqual(CoverFlowLayout.translateDistance, 100)
        XCTAssertEqual(CoverFlowLayout.zoomFactor, 0.2)
        XCTAssertEqual(CoverFlowLayout.flowOffset, 40)
        XCTAssertEqual(CoverFlowLayout.inactiveGreyValue, 0.6)
    }

    func testCoverFlowTransforms() throws {
        let (l, cv, _) = try coverFlow()
        // Horizontal flow in a 320×480 view, insets (0, 70, 0, 70): columns of one item
        // (180 + 200 + 180 = 560 > 480), centred across: y = (480 − 180)/2 = 150. Each column
        // advances 180 − 60 = 120: item i at x = 70 + 120·i, centre x = 160 + 120·i.
        for i in 0..<10 { XCTAssertEqual(l.frameForItem(at: ip(0, i)), r(70 + 120 * Double(i), 150, 180, 180)) }
        // Content width: 70 + 9·120 + 180 + 70 = 1400.
        XCTAssertEqual(try cv.contentSize(), Size(width: 1400, height: 480))
        let p = -1 / (4.6777 * 180)

        // Offset 0: visible midX 160. Item 0: distance 0 → centred: no offset, no turn,
        // z-translation 40000, zoom 1.2, mask 0.6 + 1·(−0.6) = 0, zIndex 1.
        var cells = try Dictionary(
            uniqueKeysWithValues: cv.visibleAttributes().filter { $0.category == .cell }.map { ($0.indexPath.item, $0) }
        )
        let c0 = try XCTUnwrap(cells[0])
        var p0 = tr(0, 0, 40000); p0[2][3] = p
        assertMatrix(c0.transform, mul(sc(1.2, 1.2, 1), mul(rotY(0), p0)))
        XCTAssertEqual(c0.zIndex, 1)
        XCTAssertEqual(c0.custom[0], 0, accuracy: 1e-12)
        XCTAssertEqual(c0.custom[1], 1)
        XCTAssertEqual(c0.frame, r(70, 150, 180, 180))  // the frame itself is the flow's
        // Item 1: distance 160 − 280 = −120, outside ACTIVE_DISTANCE: right side,
        // translate +40, turn −45°, mask 0.6, zIndex 0.
        let c1 = try XCTUnwrap(cells[1])
        var persp = id4; persp[2][3] = p
        assertMatrix(c1.transform, mul(rotY(-Double.pi / 4), mul(tr(40, 0, 0), persp)))
        XCTAssertEqual(c1.zIndex, 0)
        XCTAssertEqual(c1.custom[0], 0.6)

        // Scroll to 50: midX 210.
        try cv.setContentOffset(Point(x: 50, y: 0))
        cells = try Dictionary(
            uniqueKeysWithValues: cv.visibleAttributes().filter { $0.category == .cell }.map { ($0.indexPath.item, $0) }
        )
        // Item 0: distance 210 − 160 = 50 → left (isLeft), normalized 0.5:
        //   translate (−40·0.5 = −20, 0, 0.5·40000 + 200 = 20200), m34 = −1/(4.6777·180),
        //   rotate +0.5·45° = 22.5° about y, scale 1 + 0.2·0.5 = 1.1;
        //   ratioToCenter 0.5 → mask 0.6 − 0.3 = 0.3; zIndex 1.
        // CATransform3DRotate(t, …) = R·t and CATransform3DScale(t, …) = S·t, so M = S·R·T′.
        let d0 = try XCTUnwrap(cells[0])
        var t0 = tr(-20, 0, 20200); t0[2][3] = p
        assertMatrix(d0.transform, mul(sc(1.1, 1.1, 1), mul(rotY(Double.pi / 8), t0)))
        XCTAssertEqual(d0.zIndex, 1)
        XCTAssertEqual(d0.custom[0], 0.3, accuracy: 1e-12)
        XCTAssertEqual(d0.custom[1], 1)
        // Item 1: distance 210 − 280 = −70 → right, normalized −0.7: translate (40·0.7 = 28, 0,
        // 0.3·40000 = 12000), turn −0.7·45° = −31.5°, zoom 1 + 0.2·0.3 = 1.06, mask 0.6 − 0.7·0.6·… :
        // ratio 0.3 → 0.6 + 0.3·(−0.6) = 0.42.
        let d1 = try XCTUnwrap(cells[1])
        var t1 = tr(28, 0, 12000); t1[2][3] = p
        assertMatrix(d1.transform, mul(sc(1.06, 1.06, 1), mul(rotY(-0.7 * Double.pi / 4), t1)))
        XCTAssertEqual(d1.custom[0], 0.42, accuracy: 1e-12)
        // Item 2: distance 210 − 400 = −190 → outside: as item 1 before.
        let d2 = try XCTUnwrap(cells[2])
        assertMatrix(d2.transform, mul(rotY(-Double.pi / 4), mul(tr(40, 0, 0), persp)))
        XCTAssertEqual(d2.zIndex, 0)
        XCTAssertEqual(d2.custom[0], 0.6)
        // The single-item query agrees with the rect query.
        XCTAssertEqual(try cv.layoutAttributes(for: d1.key), d1)

        // Scroll to 400: midX 560; item 0 (centre 160) is 400 to the left → outside, left side:
        // translate −40, turn +45°.
        try cv.setContentOffset(Point(x: 400, y: 0))
        let e0 = try XCTUnwrap(l.layoutAttributesForItem(at: ip(0, 0)))
        assertMatrix(e0.transform, mul(rotY(Double.pi / 4), mul(tr(-40, 0, 0), persp)))
        XCTAssertEqual(e0.custom[0], 0.6)
    }

    func testCoverFlowSkipsSupplementaryViews() throws {
        let (l, cv, _) = try coverFlow([3])
        try l.configure { $0.headerReferenceSize = Size(width: 50, height: 0) }
        let header = try cv.visibleAttributes().first { $0.category == .supplementaryView }
        XCTAssertEqual(header?.transform, .identity)
        XCTAssertEqual(header?.custom.count, 0)
        XCTAssertEqual(header?.zIndex, 0)
    }

    /// Scrolling re-applies the transforms without re-running the flow's line breaking: the
    /// delegate's size callback (asked once per item by a full prepare) is not called again.
    func testCoverFlowScrollDoesNotRePrepareLines() throws {
        let (l, cv, sizes) = try coverFlow()
        XCTAssertEqual(sizes.calls, 10)
        XCTAssertTrue(l.shouldInvalidateLayout(forBoundsChange: r(50, 0, 320, 480)))
        XCTAssertTrue(l.invalidationContext(forBoundsChange: r(50, 0, 320, 480)).isBoundsOnly)
        let before = try cv.visibleAttributes().first { $0.indexPath.item == 0 }?.transform
        for x in stride(from: 10.0, through: 600, by: 37) {
            try cv.setContentOffset(Point(x: x, y: 0))
            XCTAssertTrue(cv.needsPrepare)  // Listing 4.30: every scroll invalidates…
            _ = try cv.visibleAttributes()
        }
        XCTAssertEqual(sizes.calls, 10)  // …but asks no size again
        try cv.setContentOffset(Point(x: 50, y: 0))
        let after = try cv.visibleAttributes().first { $0.indexPath.item == 0 }?.transform
        XCTAssertNotEqual(before, after)
        // A size change gets the flow's context: the height is the cross axis → re-position.
        let ctx = l.invalidationContext(forBoundsChange: r(50, 0, 320, 400))
        XCTAssertTrue(ctx.invalidateLayoutAttributes)
        XCTAssertFalse(ctx.isBoundsOnly)
        try cv.setBoundsSize(Size(width: 320, height: 400))
        try cv.layoutIfNeeded()
        XCTAssertEqual(sizes.calls, 10)
        XCTAssertEqual(l.frameForItem(at: ip(0, 0)), r(70, 110, 180, 180))  // (400 − 180)/2
    }

    func testCoverFlowSnapping() throws {
        let (_, cv, _) = try coverFlow()
        // Listing 4.32. Proposed x 70: centre 70 + 160 = 230; cells in (70, 0, 320, 480):
        // items 0, 1, 2 (centres 160, 280, 400): distances −70, +50, +170 → item 1, +50 → 120
        // (item 1's centre 280 = 120 + 160).
        XCTAssertEqual(
            try cv.targetContentOffset(forProposed: Point(x: 70, y: 0), velocity: Point(x: 1, y: 0)),
            Point(x: 120, y: 0))
        // Proposed 10: centre 170 → item 0 (−10) → 0.
        XCTAssertEqual(try cv.targetContentOffset(forProposed: Point(x: 10, y: 0), velocity: .zero), Point(x: 0, y: 0))
        // Proposed 245: centre 405 → item 2 (400, −5) → 240; y is kept.
        XCTAssertEqual(
            try cv.targetContentOffset(forProposed: Point(x: 245, y: 7), velocity: .zero), Point(x: 240, y: 7))
        // No cell in the proposed rect: unchanged.
        XCTAssertEqual(
            try cv.targetContentOffset(forProposed: Point(x: 5000, y: 0), velocity: .zero), Point(x: 5000, y: 0))
        // The seed's own numbers in the Python suite: 568×320 landscape, insets 190.
        let l2 = CoverFlowLayout()
        try l2.configure { $0.sectionInset = EdgeInsets(top: 0, left: 190, bottom: 0, right: 190) }
        let cv2 = try CollectionView(dataSource: StaticDataSource([12]), layout: l2)
        try cv2.setBoundsSize(Size(width: 568, height: 320))
        // Item 4 centre 190 + 480 + 90 = 760; centred at offset 760 − 284 = 476.
        XCTAssertEqual(
            try cv2.targetContentOffset(forProposed: Point(x: 476 + 70, y: 0), velocity: .zero), Point(x: 596, y: 0))
        XCTAssertEqual(
            try cv2.targetContentOffset(forProposed: Point(x: 476 + 10, y: 0), velocity: .zero), Point(x: 476, y: 0))
    }

    /// Cover Flow on any viewport: with the default derived insets there is one vertically
    /// centred row whatever the height (top = bottom = (H − 180)/2), and the first and the last
    /// cover can be scrolled to the centre (left = right = (W − 180)/2).
    func testCoverFlowOneCentredRowOnAnyViewport() throws {
        for (w, h) in [(320.0, 480.0), (320, 600), (1024, 768), (568, 320), (320, 2000), (200, 180)] {
            let l = CoverFlowLayout()
            XCTAssertTrue(l.derivesInsetsFromBounds)  // the default
            let cv = try CollectionView(dataSource: StaticDataSource([12]), layout: l)
            try cv.setBoundsSize(Size(width: w, height: h))
            try cv.layoutIfNeeded()
            let frames = (0..<12).compactMap { l.frameForItem(at: ip(0, $0)) }
            guard frames.count == 12 else { XCTFail("\(w)×\(h): no frames"); continue }
            XCTAssertEqual(Set(frames.map(\.minY)), [(h - 180) / 2], "\(w)×\(h): one centred row")
            let left = (w - 180) / 2
            for (i, f) in frames.enumerated() { XCTAssertEqual(f.minX, left + 120 * Double(i), "\(w)×\(h) item \(i)") }
            // First cover centred at offset 0; last cover centred at the largest offset.
            XCTAssertEqual(frames[0].midX - 0, w / 2)
            let size = try cv.contentSize()
            XCTAssertEqual(size.width, left + 11 * 120 + 180 + left)
            let maxOffset = size.width - w
            XCTAssertEqual(frames[11].midX - maxOffset, w / 2, accuracy: 1e-9)
            // Snapping beyond the end centres the last cover.
            let snapped = try cv.targetContentOffset(forProposed: Point(x: maxOffset, y: 0), velocity: .zero)
            XCTAssertEqual(snapped.x, maxOffset, accuracy: 1e-9)
        }
        // A bounds change re-derives them: 320×480 → 400×600.
        let l = CoverFlowLayout()
        let cv = try CollectionView(dataSource: StaticDataSource([3]), layout: l)
        try cv.setBoundsSize(Size(width: 320, height: 480))
        let first = ElementKey(category: .cell, kind: .none, indexPath: ip(0, 0))
        XCTAssertEqual(try cv.layoutAttributes(for: first)?.frame, r(70, 150, 180, 180))
        try cv.setBoundsSize(Size(width: 400, height: 600))
        XCTAssertEqual(try cv.layoutAttributes(for: first)?.frame, r(110, 210, 180, 180))
    }

    /// The derived insets are the rule behind Furrow's hand-picked ones (*iOS UICollectionView:
    /// The Complete Guide*, ch. 4, Listing 4.27, `insetForSectionAtIndex:`): portrait 320 × 480
    /// gives (320 − 180)/2 = 70 left and right, the listing's (0, 70, 0, 70); landscape on a
    /// 3.5-inch screen, 480 × 320, gives (480 − 180)/2 = 150, the listing's 150. On a 4-inch
    /// screen, 568 × 320, the rule gives (568 − 180)/2 = 194 where the listing has 190 ("determined
    /// mainly by experimentation"). Above and below: (480 − 180)/2 = 150 and (320 − 180)/2 = 70,
    /// where the listing has 0 and the flow centres the one-item column (same frames, as long as
    /// only one item fits per column).
    func testCoverFlowDerivedInsetsAreListing427s() throws {
        for (w, h, left, top) in [(320.0, 480.0, 70.0, 150.0), (480, 320, 150, 70), (568, 320, 194, 70)] {
            let l = CoverFlowLayout()
            let cv = try CollectionView(dataSource: StaticDataSource([3]), layout: l)
            try cv.setBoundsSize(Size(width: w, height: h))
            try cv.layoutIfNeeded()
            XCTAssertEqual(l.effectiveSectionInset, EdgeInsets(top: top, left: left, bottom: top, right: left))
            XCTAssertEqual(l.frameForItem(at: ip(0, 0)), r(left, top, 180, 180), "\(w)×\(h)")
            XCTAssertEqual(l.frameForItem(at: ip(0, 2)), r(left + 240, top, 180, 180), "\(w)×\(h)")
            XCTAssertEqual(try cv.contentSize(), Size(width: left + 240 + 180 + left, height: h))
            // The listing's own insets give the same frames where they agree with the rule.
            let seed = CoverFlowLayout()
            try seed.configure { $0.sectionInset = EdgeInsets(top: 0, left: left, bottom: 0, right: left) }
            let cv2 = try CollectionView(dataSource: StaticDataSource([3]), layout: seed)
            try cv2.setBoundsSize(Size(width: w, height: h))
            try cv2.layoutIfNeeded()
            XCTAssertFalse(seed.usesDerivedInsets)
            XCTAssertEqual(seed.frameForItem(at: ip(0, 2)), l.frameForItem(at: ip(0, 2)), "\(w)×\(h)")
        }
    }

    /// A layout switch under an anchoring policy ends with the user's cover centred. The user is
    /// on item k of a 12-item circle in a 400 × 400 view (radius ⌊400/2.5⌋ = 160 around (200, 200):
    /// centre (200 + 160·sin(2πk/12), 200 − 160·cos(2πk/12))). Derived insets (the default):
    /// left (400 − 180)/2 = 110, cover k's centre 110 + 90 + 120k = 200 + 120k, centred at
    /// offset 120k; content 110 + 11·120 + 180 + 110 = 1720 wide, offsets up to 1320 — so every
    /// k can be centred, including k = 10, whose kept screen position clamps to 1320, the last
    /// cover's resting point. Without the derivation cover k's centre is 90 + 120k, centred at
    /// 120k − 110 for k = 1…10 (offsets 0…1100); covers 0 and 11 cannot reach the centre, and the
    /// snap from the clamped offset rests on their neighbours (offset 10: cover 1; 1090: cover 10).
    func testCoverFlowSwitchUnderAnchoringCentresTheUsersCover() throws {
        for derive in [true, false] {
            for k in 0..<12 {
                let circle = CircleLayout()
                let cv = try CollectionView(dataSource: StaticDataSource([12]), layout: circle)
                try cv.setBoundsSize(Size(width: 400, height: 400))
                try cv.layoutIfNeeded()
                let angle = 2 * Double.pi * Double(k) / 12
                let user = Point(x: 200 + 160 * sin(angle), y: 200 - 160 * cos(angle))
                XCTAssertEqual(
                    try circle.layoutAttributesForItem(at: ip(0, k))?.center.x ?? .nan, user.x, accuracy: 1e-9)
                try cv.setAnchorPolicy(.nearest(user))
                let cover = CoverFlowLayout()
                cover.derivesInsetsFromBounds = derive
                try cv.setLayout(cover, animation: nil)
                let expected: (offset: Double, centred: Int) =
                    derive ? (120 * Double(k), k) : k == 0 ? (10, 1) : k == 11 ? (1090, 10) : (120 * Double(k) - 110, k)
                XCTAssertEqual(cv.contentOffset.x, expected.offset, accuracy: 1e-9, "derive \(derive), k \(k)")
                let centre = cv.contentOffset.x + 200
                let shown = try cv.visibleAttributes().filter { $0.category == .cell }
                let nearest = shown.min { abs($0.center.x - centre) < abs($1.center.x - centre) }
                XCTAssertEqual(nearest?.indexPath, ip(0, expected.centred), "derive \(derive), k \(k)")
            }
        }
    }

    /// With derived insets cover k is centred at offset k · (180 − 60) = 120k whatever the width
    /// (centre (W − 180)/2 + 90 + 120k = W/2 + 120k), so a rotation that keeps the content offset
    /// (UIKit's behaviour, anchoring `.none`) keeps the centred cover: cover 5 at offset 600 in
    /// 320 × 480 and in 480 × 320.
    func testCoverFlowRotationKeepsTheCentredCover() throws {
        let l = CoverFlowLayout()
        let cv = try CollectionView(dataSource: StaticDataSource([12]), layout: l)
        try cv.setBoundsSize(Size(width: 320, height: 480))
        try cv.setContentOffset(Point(x: 600, y: 0))
        for (w, h) in [(320.0, 480.0), (480, 320), (1024, 768)] {
            try cv.setBoundsSize(Size(width: w, height: h))
            try cv.layoutIfNeeded()
            XCTAssertEqual(cv.contentOffset, Point(x: 600, y: 0), "\(w)×\(h)")
            XCTAssertEqual(l.frameForItem(at: ip(0, 5))?.midX, 600 + w / 2, "\(w)×\(h)")
            XCTAssertEqual(try cv.targetContentOffset(forProposed: cv.contentOffset, velocity: .zero), cv.contentOffset)
        }
    }

    /// Any finite bounds size is accepted, so derived insets are capped at the flow's largest
    /// metric (1e12): a 1e308-wide viewport used to derive 5e307 insets that every layout cycle
    /// rejected ("section insets ... must be finite and at most 1e12"), so every query failed.
    func testCoverFlowDerivedInsetsOfAHugeViewportAreCapped() throws {
        let l = CoverFlowLayout()
        l.derivesInsetsFromBounds = true
        let cv = try CollectionView(dataSource: StaticDataSource([3]), layout: l)
        try cv.setBoundsSize(Size(width: 1e308, height: 500))
        XCTAssertEqual(l.effectiveSectionInset, EdgeInsets(top: 160, left: 1e12, bottom: 160, right: 1e12))
        try cv.layoutIfNeeded()
        // One row, pitch 180 - 60 = 120, from the capped left inset.
        XCTAssertEqual(l.frameForItem(at: ip(0, 0)), r(1e12, 160, 180, 180))
        XCTAssertEqual(l.frameForItem(at: ip(0, 2)), r(1e12 + 240, 160, 180, 180))
        XCTAssertEqual(try cv.contentSize().width, 1e12 + 2 * 120 + 180 + 1e12)
        try cv.setBoundsSize(Size(width: 320, height: 1e308))
        XCTAssertEqual(l.effectiveSectionInset, EdgeInsets(top: 1e12, left: 70, bottom: 1e12, right: 70))
    }

    /// The host's non-zero insets win (the seed's `insetForSectionAt`); zero insets are the
    /// host's too once the derivation is switched off.
    func testCoverFlowInsetsAreOverridable() throws {
        let l = CoverFlowLayout()
        let cv = try CollectionView(dataSource: StaticDataSource([4]), layout: l)
        try cv.setBoundsSize(Size(width: 320, height: 600))
        XCTAssertTrue(l.usesDerivedInsets)
        try l.configure { $0.sectionInset = EdgeInsets(top: 0, left: 70, bottom: 0, right: 70) }
        XCTAssertFalse(l.usesDerivedInsets)
        try cv.layoutIfNeeded()
        // The seed's own insets at 600 high: 180 + 200 + 180 = 560 fits, two per column.
        XCTAssertEqual(l.frameForItem(at: ip(0, 1))?.minX, l.frameForItem(at: ip(0, 0))?.minX)
        try l.configure { $0.sectionInset = .zero }
        try cv.layoutIfNeeded()
        XCTAssertEqual(l.frameForItem(at: ip(0, 1)), r(190, 210, 180, 180))  // derived again
        l.derivesInsetsFromBounds = false
        try cv.layoutIfNeeded()
        XCTAssertEqual(l.frameForItem(at: ip(0, 0))?.minX, 0)  // zero, as the host says
        XCTAssertEqual(l.frameForItem(at: ip(0, 1))?.minX, 0)  // 600 high: two per column
    }

    /// Z-index 1 for the active cover, 0 for the rest (the seed's); equal z-indexes are drawn
    /// nearest-last on both sides. 320 wide, centres 160 + 120·i; at offset 360 the visible
    /// centre is 520 = item 3; items 1…5 are visible at distances 240, 120, 0, 120, 240.
    func testCoverFlowDrawsSideCoversNearestLast() throws {
        let l = CoverFlowLayout()
        let cv = try CollectionView(dataSource: StaticDataSource([10]), layout: l)
        try cv.setBoundsSize(Size(width: 320, height: 480))
        try cv.setContentOffset(Point(x: 360, y: 0))
        let cells = try cv.visibleAttributes().filter { $0.category == .cell }
        XCTAssertEqual(cells.map(\.indexPath.item), [1, 5, 2, 4, 3])
        XCTAssertEqual(cells.map(\.zIndex), [0, 0, 0, 0, 1])
        // Hit testing follows the draw order: where 4 and 5 overlap (x 670…730 in content
        // coordinates, untransformed), the nearer cover 4 is on top.
        XCTAssertEqual(try cv.indexPathForItem(at: Point(x: 675, y: 240)), ip(0, 4))
    }

    /// The constants are settable, so the layout works in terminal cells: items 16 × 8 in an
    /// 80 × 24 terminal, active distance 8, translate distance 8, flow offset 2, line spacing −5
    /// (each column advances 11). Derived insets: left (80 − 16)/2 = 32, top (24 − 8)/2 = 8.
    func testCoverFlowInTerminalCells() throws {
        let l = CoverFlowLayout()
        try l.configure {
            $0.itemSize = Size(width: 16, height: 8)
            $0.minimumLineSpacing = -5
            $0.minimumInteritemSpacing = 2
        }
        var p = CoverFlowLayout.Parameters()
        p.activeDistance = 8
        p.translateDistance = 8
        p.flowOffset = 2
        try l.setParameters(p)
        let cv = try CollectionView(dataSource: StaticDataSource([6]), layout: l)
        try cv.setBoundsSize(Size(width: 80, height: 24))
        try cv.layoutIfNeeded()
        XCTAssertEqual(l.frameForItem(at: ip(0, 0)), r(32, 8, 16, 8))
        XCTAssertEqual(l.frameForItem(at: ip(0, 1)), r(43, 8, 16, 8))
        let persp = -1 / (4.6777 * 16)
        // Item 0 centred (distance 0): z 40000, zoom 1.2, mask 0, z-index 1.
        let c0 = try XCTUnwrap(cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(0, 0))))
        var t0 = tr(0, 0, 40000); t0[2][3] = persp
        assertMatrix(c0.transform, mul(sc(1.2, 1.2, 1), mul(rotY(0), t0)))
        XCTAssertEqual(c0.zIndex, 1)
        // Item 1: distance 40 − 51 = −11, beyond 8: right side, translate +2, turn −45°.
        let c1 = try XCTUnwrap(cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(0, 1))))
        var id = id4; id[2][3] = persp
        assertMatrix(c1.transform, mul(rotY(-Double.pi / 4), mul(tr(2, 0, 0), id)))
        XCTAssertEqual(c1.zIndex, 0)
        XCTAssertEqual(c1.custom[0], 0.6)
        // A smaller angle: half the turn.
        p.maximumAngle = Double.pi / 8
        try l.setParameters(p)
        let c1b = try XCTUnwrap(cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(0, 1))))
        assertMatrix(c1b.transform, mul(rotY(-Double.pi / 8), mul(tr(2, 0, 0), id)))
        // Bad values are rejected and change nothing.
        let edits: [(inout CoverFlowLayout.Parameters) -> Void] = [
            { $0.activeDistance = 0 }, { $0.zoomFactor = .nan }, { $0.inactiveGreyValue = 2 }, { $0.maximumAngle = 3 },
            { $0.perspectiveFactor = -1 }, { $0.translateDistance = .infinity },
        ]
        for edit in edits {
            var bad = p
            edit(&bad)
            XCTAssertThrowsError(try l.setParameters(bad)) {
                XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument)
            }
        }
        XCTAssertEqual(l.parameters, p)
    }

    func testCoverFlowZeroItemWidthStaysFinite() throws {
        let l = CoverFlowLayout()
        try l.configure { $0.itemSize = Size(width: 0, height: 180) }
        let cv = try CollectionView(dataSource: StaticDataSource([3]), layout: l)
        try cv.setBoundsSize(Size(width: 320, height: 480))
        let a = try XCTUnwrap(cv.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(0, 0))))
        XCTAssertTrue(a.transform.isFinite)
        XCTAssertEqual(a.transform.m34, 0)
    }
}
