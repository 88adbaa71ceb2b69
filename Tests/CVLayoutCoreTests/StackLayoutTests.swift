import XCTest

@testable import CVLayoutCore

// Foundation (through XCTest) has its own IndexPath.
private typealias IndexPath = CVLayoutCore.IndexPath

/// The card stack. Its shown frames, alphas and z-indexes are the shared fixtures
/// Tests/fixtures/stack-*.json; here: the transforms and the hidden cards, placement against an
/// independent model, rect queries against brute force, huge counts, hit tests through the scaled
/// shapes, invalidation, the errors and the limits.
final class StackLayoutTests: XCTestCase {
    private func makeCV(
        _ counts: [Int], _ layout: StackLayout, _ w: Double, _ h: Double = 844
    ) throws
        -> CollectionView
    {
        let cv = try CollectionView(dataSource: StaticDataSource(counts), layout: layout)
        try cv.setBoundsSize(Size(width: w, height: h))
        try cv.layoutIfNeeded()
        return cv
    }

    private func stack(_ change: (inout StackLayout.Configuration) -> Void) throws -> StackLayout {
        let l = StackLayout()
        var c = StackLayout.Configuration()
        change(&c)
        try l.configure(c)
        return l
    }

    private func item(_ layout: StackLayout, _ s: Int, _ i: Int) throws -> LayoutAttributes {
        try XCTUnwrap(layout.layoutAttributesForItem(at: IndexPath(section: s, item: i)))
    }

    /// The defaults over [2, 3] in 390 × 844 (the fixture's case): x = (390 − 300) / 2 = 45; card
    /// d at y = 12 d, scale 1 − 0.05 d, alpha 1 − 0.2 d, z 3 − d; cards 3 and 4 hidden at card 2's
    /// frame and scale, alpha 0, z 0.
    func testDefaultsTransformsAndHiddenCards() throws {
        let l = StackLayout()
        XCTAssertEqual(l.configuration, StackLayout.Configuration.default)
        XCTAssertEqual(l.configuration.itemSize, Size(width: 300, height: 400))
        XCTAssertEqual(l.configuration.visibleCount, 3)
        let cv = try makeCV([2, 3], l, 390)
        let top = try item(l, 0, 0)
        XCTAssertEqual(top.frame, Rect(x: 45, y: 0, width: 300, height: 400))
        XCTAssertEqual(top.transform, .identity)
        XCTAssertEqual(top.zIndex, 3)
        XCTAssertFalse(top.isHidden)
        let second = try item(l, 0, 1)
        XCTAssertEqual(second.frame, Rect(x: 45, y: 12, width: 300, height: 400))
        XCTAssertEqual(second.transform, Transform3D.scale(0.95, 0.95, 1))
        XCTAssertEqual(second.alpha, 0.8, accuracy: 1e-15)
        let third = try item(l, 1, 0)
        XCTAssertEqual(third.transform, Transform3D.scale(1 - 2 * 0.05, 1 - 2 * 0.05, 1))
        XCTAssertEqual(third.zIndex, 1)
        for i in [1, 2] {
            let hidden = try item(l, 1, i)
            XCTAssertTrue(hidden.isHidden, "(1, \(i))")
            XCTAssertEqual(hidden.alpha, 0)
            XCTAssertEqual(hidden.zIndex, 0)
            XCTAssertEqual(hidden.frame, third.frame)
            XCTAssertEqual(hidden.transform, third.transform)
        }
        XCTAssertEqual(try cv.contentSize(), Size(width: 390, height: 424))
        let all = try cv.layoutAttributesForElements(in: Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
        XCTAssertEqual(Set(all), [top, second, third])
        XCTAssertEqual(l.stackFootprint, 2 * MemoryLayout<Int>.stride + 3 * MemoryLayout<IndexPath>.stride)
    }

    /// An independent model (a walk over every index path counting the deck position, adding
    /// `offset` per shown card) against the layout's lookups of every card; then every rect query
    /// against filtering the shown cards.
    func testModelAndRectQueriesAgainstBruteForce() throws {
        var g = SplitMix64(seed: 11)
        for trial in 0..<60 {
            let exact = trial % 2 == 0
            func value(_ maxQuarters: Int) -> Double {
                exact ? Double(g.int(below: maxQuarters + 1)) / 4 : g.double(in: 0..<Double(maxQuarters) / 4)
            }
            let v = 1 + g.int(below: trial < 30 ? 6 : StackLayout.maxVisibleCount)
            let l = try stack {
                $0.visibleCount = v
                $0.itemSize = Size(width: g.int(below: 8) == 0 ? 0 : value(1600), height: value(1600))
                $0.offset = g.int(below: 4) == 0 ? 0 : value(200)
                $0.scaleStep = g.double(in: 0..<1) / Double(v)
                $0.alphaStep = g.double(in: 0..<1)
                $0.contentInsets = EdgeInsets(top: value(80), left: value(80), bottom: value(80), right: value(80))
            }
            let c = l.configuration
            let counts = (0..<(1 + g.int(below: 6))).map { _ in g.int(below: 3) == 0 ? 0 : g.int(below: 30) }
            let w = exact ? Double(100 + g.int(below: 500)) : g.double(in: 60..<600)
            let cv = try makeCV(counts, l, w)

            var shown: [LayoutAttributes] = []
            var d = 0
            var y = c.contentInsets.top
            var lastShownY = y
            for (s, n) in counts.enumerated() {
                for i in 0..<n {
                    let a = try item(l, s, i)
                    let label = "trial \(trial) (\(s), \(i)) d \(d)"
                    let x =
                        c.contentInsets.left + (w - c.contentInsets.left - c.contentInsets.right - c.itemSize.width) / 2
                    XCTAssertEqual(a.frame.minX, x, accuracy: 1e-9, label)
                    XCTAssertEqual(a.frame.minY, d < v ? y : lastShownY, accuracy: 1e-9, label)
                    XCTAssertEqual(a.frame.size, c.itemSize, label)
                    let scale = 1 - Double(min(d, v - 1)) * c.scaleStep
                    XCTAssertEqual(a.transform.m11, scale, accuracy: 1e-12, label)
                    XCTAssertEqual(a.transform.m22, scale, accuracy: 1e-12, label)
                    XCTAssertEqual(a.transform.m33, 1, label)
                    XCTAssertGreaterThan(scale, 0, label)
                    XCTAssertEqual(a.isHidden, d >= v, label)
                    XCTAssertEqual(a.alpha, d < v ? max(0, 1 - Double(d) * c.alphaStep) : 0, accuracy: 1e-12, label)
                    XCTAssertEqual(a.zIndex, d < v ? v - d : 0, label)
                    if d < v {
                        shown.append(a)
                        lastShownY = y
                        y += c.offset
                    }
                    d += 1
                }
            }
            let size = try cv.contentSize()
            XCTAssertEqual(size.width, w)
            let height = shown.isEmpty ? 0 : lastShownY + c.itemSize.height + c.contentInsets.bottom
            XCTAssertEqual(size.height, height, accuracy: 1e-9, "trial \(trial)")
            try assertRectQueriesMatchBruteForce(
                cv, all: shown, width: w, height: max(height, 1), edgeSamples: 20, randomRects: 80, using: &g,
                "trial \(trial)")
        }
    }

    /// 2^40 items (the most a data source may report), and 2^20 sections (the most there may be)
    /// with the deck starting in the last: nothing per item is stored, prepare and queries are
    /// fast, the last card is hidden at the third card's place.
    func testHugeCountsCostNothingPerItem() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let l = StackLayout()
        let n = CollectionView.maxCount
        let cv = try makeCV([n], l, 390)
        XCTAssertEqual(try cv.contentSize(), Size(width: 390, height: 424))
        XCTAssertEqual(l.stackFootprint, MemoryLayout<Int>.stride + 3 * MemoryLayout<IndexPath>.stride)
        let last = try item(l, 0, n - 1)
        XCTAssertTrue(last.isHidden)
        XCTAssertEqual(last.frame, Rect(x: 45, y: 24, width: 300, height: 400))
        XCTAssertNil(try l.layoutAttributesForItem(at: IndexPath(section: 0, item: n)))
        XCTAssertEqual(try cv.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 390, height: 844)).count, 3)
        XCTAssertEqual(try cv.indexPathForItem(at: Point(x: 195, y: 200)), IndexPath(section: 0, item: 0))

        let sections = CollectionView.maxSections
        var counts = [Int](repeating: 0, count: sections)
        counts[sections - 1] = 5
        let l2 = StackLayout()
        let cv2 = try makeCV(counts, l2, 390)
        XCTAssertEqual(l2.stackFootprint, sections * MemoryLayout<Int>.stride + 3 * MemoryLayout<IndexPath>.stride)
        let visible = try cv2.visibleAttributes()
        XCTAssertEqual(visible.map(\.indexPath.item).sorted(), [0, 1, 2])
        XCTAssertEqual(Set(visible.map(\.indexPath.section)), [sections - 1])
        XCTAssertTrue(try item(l2, sections - 1, 4).isHidden)
        XCTAssertLessThan(clock.now - start, .seconds(5))
    }

    /// Hit tests go through the scaled shapes in draw order. Defaults, 390 wide: card 1 is drawn
    /// at scale 0.95 about (195, 212): y 22 ... 402; card 2 at 0.9 about (195, 224): y 44 ... 404.
    /// With every property set (the second fixture): card 3 has alpha 0, is drawn at 0.7 about
    /// (110, 120): y 85 ... 155; card 2 at 0.8 about (110, 100): y 60 ... 140.
    func testHitTestsFollowTheScaledCards() throws {
        let l = StackLayout()
        let cv = try makeCV([2, 3], l, 390)
        XCTAssertEqual(try cv.indexPathForItem(at: Point(x: 50, y: 100)), IndexPath(section: 0, item: 0))
        XCTAssertEqual(try cv.indexPathForItem(at: Point(x: 195, y: 401)), IndexPath(section: 0, item: 1))
        XCTAssertEqual(try cv.indexPathForItem(at: Point(x: 195, y: 403)), IndexPath(section: 1, item: 0))
        XCTAssertNil(try cv.indexPathForItem(at: Point(x: 195, y: 405)))  // in card 2's frame, not its shape
        XCTAssertNil(try cv.indexPathForItem(at: Point(x: 48, y: 410)))

        let l2 = try stack {
            $0.itemSize = Size(width: 200, height: 100); $0.visibleCount = 4; $0.offset = 20
            $0.scaleStep = 0.1; $0.alphaStep = 0.4;
            $0.contentInsets = EdgeInsets(top: 10, left: 30, bottom: 16, right: 10)
        }
        let cv2 = try makeCV([1, 0, 5], l2, 200, 480)
        XCTAssertEqual(try item(l2, 2, 2).alpha, 0)
        XCTAssertNil(try cv2.indexPathForItem(at: Point(x: 110, y: 150)))  // only the alpha-0 card
        XCTAssertEqual(try cv2.indexPathForItem(at: Point(x: 110, y: 139)), IndexPath(section: 2, item: 1))
    }

    /// Lookups outside the counts are nil; no supplementary or decoration views; an empty deck has
    /// no elements and content (W, 0).
    func testSingleElementLookupsAndTheEmptyDeck() throws {
        let l = try stack { $0.contentInsets = EdgeInsets(top: 5, left: 5, bottom: 5, right: 5) }
        let cv = try makeCV([0, 0], l, 320)
        XCTAssertEqual(try cv.contentSize(), Size(width: 320, height: 0))
        XCTAssertEqual(try cv.layoutAttributesForElements(in: Rect(x: -1e3, y: -1e3, width: 3e3, height: 3e3)), [])
        XCTAssertNil(try l.layoutAttributesForItem(at: IndexPath(section: 0, item: 0)))
        (cv.dataSource as! StaticDataSource).counts = [1]
        try cv.reloadData()
        try cv.layoutIfNeeded()
        // One card: 5 + 400 + 0 · 12 + 5 high, at x = 5 + (320 − 5 − 5 − 300) / 2 = 10.
        XCTAssertEqual(try cv.contentSize(), Size(width: 320, height: 410))
        XCTAssertEqual(try item(l, 0, 0).frame, Rect(x: 10, y: 5, width: 300, height: 400))
        for p in [IndexPath(section: 0, item: 1), IndexPath(section: 1, item: 0), IndexPath(section: -1, item: 0)] {
            XCTAssertNil(try l.layoutAttributesForItem(at: p), "\(p)")
        }
        XCTAssertNil(
            try l.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: IndexPath(section: 0, item: 0)))
        XCTAssertNil(
            try l.layoutAttributesForDecorationView(ofKind: .sectionHeader, at: IndexPath(section: 0, item: 0)))
    }

    /// A width change re-centres the stack; a scroll or a height change does not need a new layout.
    func testBoundsChanges() throws {
        let l = StackLayout()
        let cv = try makeCV([4], l, 390)
        XCTAssertFalse(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 50, width: 390, height: 900)))
        XCTAssertTrue(l.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 500, height: 844)))
        try cv.setBoundsSize(Size(width: 500, height: 844))
        try cv.layoutIfNeeded()
        XCTAssertEqual(try item(l, 0, 3).frame, Rect(x: 100, y: 24, width: 300, height: 400))
        XCTAssertEqual(try cv.contentSize(), Size(width: 500, height: 424))
    }

    /// Bad values throw `invalidArgument`, name the field and its rule, and change nothing; the
    /// limits pass.
    func testConfigurationErrorsChangeNothing() throws {
        let l = StackLayout()
        let cv = try makeCV([5], l, 390)
        let before = l.configuration, frameBefore = try item(l, 0, 2).frame
        let bad: [(String, (inout StackLayout.Configuration) -> Void)] = [
            ("item_size.width", { $0.itemSize.width = -1 }), ("item_size.height", { $0.itemSize.height = .nan }),
            ("item_size.height", { $0.itemSize.height = 2e12 }),
            ("visible_count", { $0.visibleCount = 0 }), ("visible_count", { $0.visibleCount = -3 }),
            ("visible_count", { $0.visibleCount = StackLayout.maxVisibleCount + 1 }),
            ("offset", { $0.offset = -0.5 }), ("offset", { $0.offset = .infinity }),
            ("scale_step", { $0.scaleStep = -0.01 }), ("scale_step", { $0.scaleStep = .nan }),
            ("scale_step", { $0.scaleStep = 0.5 }),  // 1 − 2 · 0.5 = 0 for the third card
            (
                "scale_step",
                {
                    $0.visibleCount = 11; $0.scaleStep = 0.1
                }
            ),  // 1 − 10 · 0.1 = 0
            ("alpha_step", { $0.alphaStep = -0.1 }), ("alpha_step", { $0.alphaStep = 1.5 }),
            ("alpha_step", { $0.alphaStep = .nan }),
            ("content_insets.left", { $0.contentInsets.left = -1 }),
            ("content_insets.bottom", { $0.contentInsets.bottom = .infinity }),
        ]
        for (name, change) in bad {
            var c = before
            c.offset = 30  // a good change alongside the bad one: all or nothing
            change(&c)
            XCTAssertThrowsError(try l.configure(c), name) {
                XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument, name)
                XCTAssertTrue("\($0)".contains(name), "\($0) names \(name)")
            }
            XCTAssertEqual(l.configuration, before, name)
            try cv.layoutIfNeeded()
            XCTAssertEqual(try item(l, 0, 2).frame, frameBefore, name)
        }
        // The limits: 64 cards at a scale step that leaves the last 1 − 63 · (1/64) = 1/64; one card
        // with any scale step (it is never scaled); alpha steps 0 and 1; sizes of 1e12.
        var ok = before
        ok.visibleCount = StackLayout.maxVisibleCount
        ok.scaleStep = 1.0 / 64
        ok.alphaStep = 1
        ok.offset = FlowLayout.maxMagnitude
        XCTAssertNoThrow(try l.configure(ok))
        try cv.layoutIfNeeded()
        XCTAssertEqual(try item(l, 0, 2).frame.minY, 2 * FlowLayout.maxMagnitude)
        XCTAssertEqual(try item(l, 0, 1).alpha, 0)
        XCTAssertEqual(try cv.contentSize().height, 400 + 4 * FlowLayout.maxMagnitude)
        ok.visibleCount = 1
        ok.scaleStep = 1e300
        ok.alphaStep = 0
        ok.itemSize = Size(width: FlowLayout.maxMagnitude, height: FlowLayout.maxMagnitude)
        XCTAssertNoThrow(try l.configure(ok))
        try cv.layoutIfNeeded()
        XCTAssertEqual(try item(l, 0, 4).transform, .identity)
        XCTAssertEqual(try item(l, 0, 0).frame.minX, (390 - FlowLayout.maxMagnitude) / 2)
    }
}
