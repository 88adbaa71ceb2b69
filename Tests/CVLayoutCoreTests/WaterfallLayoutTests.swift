import XCTest

@testable import CVLayoutCore

// Foundation (through XCTest) has its own IndexPath.
private typealias IndexPath = CVLayoutCore.IndexPath

/// The waterfall layout (CHTCollectionViewWaterfallLayout's rule). The frames of two sections with
/// headers and footers are the shared fixture Tests/fixtures/waterfall-two-sections.json; here:
/// the derived column count, placement against an independent model, rect queries against brute
/// force, the errors and the limits.
final class WaterfallLayoutTests: XCTestCase {
    private func makeCV(
        _ counts: [Int], _ layout: WaterfallLayout, _ w: Double, _ h: Double = 480
    ) throws
        -> CollectionView
    {
        let cv = try CollectionView(dataSource: StaticDataSource(counts), layout: layout)
        try cv.setBoundsSize(Size(width: w, height: h))
        try cv.layoutIfNeeded()
        return cv
    }

    private func frame(_ layout: WaterfallLayout, _ s: Int, _ i: Int) throws -> Rect {
        try XCTUnwrap(layout.layoutAttributesForItem(at: IndexPath(section: s, item: i))).frame
    }

    private func layout(
        columns: Int = 2, minWidth: Double = 0, _ change: (inout FlowConfiguration) -> Void = { _ in }
    )
        throws -> WaterfallLayout
    {
        let l = WaterfallLayout()
        var c = l.waterfall
        c.columnCount = columns
        c.minimumColumnWidth = minWidth
        try l.configure(waterfall: c)
        try l.configure(change)
        return l
    }

    /// Minimum column width 100, spacing 10, 320 wide, no insets: ⌊(320 + 10) / (100 + 10)⌋ = 3
    /// columns of (320 − 2·10) / 3 = 100. Four 50×100 items → height 200 each: items 0, 1, 2 in
    /// columns 0, 1, 2 at y 0 (x 0, 110, 220); item 3 in column 0 (leftmost of three at 210)
    /// at (0, 210). Tallest column 210 + 200 + 10 = 420, less the spacing: content 320 × 410.
    /// At 640 wide: ⌊650 / 110⌋ = 5 columns of (640 − 40) / 5 = 120; the items are 240 high, all
    /// four in the first row: content 640 × 240.
    func testColumnCountFromMinimumWidth() throws {
        let l = try layout(minWidth: 100) {
            $0.minimumInteritemSpacing = 10; $0.minimumLineSpacing = 10
            $0.itemSize = Size(width: 50, height: 100)
        }
        let cv = try makeCV([4], l, 320)
        XCTAssertEqual(try frame(l, 0, 0), Rect(x: 0, y: 0, width: 100, height: 200))
        XCTAssertEqual(try frame(l, 0, 1), Rect(x: 110, y: 0, width: 100, height: 200))
        XCTAssertEqual(try frame(l, 0, 2), Rect(x: 220, y: 0, width: 100, height: 200))
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 0, y: 210, width: 100, height: 200))
        XCTAssertEqual(try cv.contentSize(), Size(width: 320, height: 410))
        try cv.setBoundsSize(Size(width: 640, height: 480))
        try cv.layoutIfNeeded()
        XCTAssertEqual(try frame(l, 0, 3), Rect(x: 390, y: 0, width: 120, height: 240))
        XCTAssertEqual(try cv.contentSize(), Size(width: 640, height: 240))
        // A minimum wider than the view still gives one column, the view's width.
        try l.configure(
            waterfall: {
                var c = l.waterfall; c.minimumColumnWidth = 1e6; return c
            }())
        try cv.layoutIfNeeded()
        XCTAssertEqual(try frame(l, 0, 1), Rect(x: 0, y: 1290, width: 640, height: 1280))
    }

    /// Zero-sized items and a zero-width item have height 0 (as CHT); an empty section has its
    /// insets only; items of zero height with zero spacing stay in column 0 (ties go left).
    func testDegenerateSizes() throws {
        let l = try layout(columns: 3) {
            $0.minimumLineSpacing = 0; $0.minimumInteritemSpacing = 0
            $0.sectionInset = EdgeInsets(top: 5, left: 0, bottom: 7, right: 0)
        }
        let cv = try makeCV([3, 0], l, 300)
        try l.setItemSizes([Size(width: 0, height: 40), .zero, Size(width: 10, height: 0)], forSection: 0)
        try cv.layoutIfNeeded()
        for i in 0..<3 { XCTAssertEqual(try frame(l, 0, i), Rect(x: 0, y: 5, width: 100, height: 0)) }
        // Section 0: 5 + 0 + 7 = 12; section 1 (empty): 5 + 7 = 12.
        XCTAssertEqual(try cv.contentSize(), Size(width: 300, height: 24))
        XCTAssertNil(try l.layoutAttributesForItem(at: IndexPath(section: 1, item: 0)))
        XCTAssertNil(try l.layoutAttributesForItem(at: IndexPath(section: 0, item: 3)))
        XCTAssertNil(
            try l.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: IndexPath(section: 0, item: 0)))
    }

    /// An independent model (CHT's linear scan with strict `<`, sections stacked) against the
    /// layout, with whole-number sizes so ties happen; then every rect query against filtering
    /// all elements.
    func testPlacementModelAndRectQueriesAgainstBruteForce() throws {
        var g = SplitMix64(seed: 7)
        for trial in 0..<12 {
            let columns = 1 + g.int(below: 6), gap = Double(g.int(below: 3)) * 5, spacing = Double(g.int(below: 3)) * 4
            let inset = EdgeInsets(
                top: Double(g.int(below: 3)) * 3, left: Double(g.int(below: 3)) * 6,
                bottom: Double(g.int(below: 2)) * 9,
                right: Double(g.int(below: 3)) * 2)
            let header = Double(g.int(below: 2)) * 30, footer = Double(g.int(below: 2)) * 15
            let l = try layout(columns: columns) {
                $0.minimumInteritemSpacing = gap; $0.minimumLineSpacing = spacing; $0.sectionInset = inset
                $0.headerReferenceSize = Size(width: 0, height: header)
                $0.footerReferenceSize = Size(width: 0, height: footer)
            }
            let counts = (0..<(1 + g.int(below: 4))).map { _ in g.int(below: trial < 6 ? 30 : 200) }
            let w = 200 + Double(g.int(below: 300))
            let sizes = counts.map { n in
                (0..<n).map { _ in Size(width: Double(1 + g.int(below: 4)) * 10, height: Double(g.int(below: 5)) * 10) }
            }
            let cv = try CollectionView(dataSource: StaticDataSource(counts), layout: l)
            try cv.setBoundsSize(Size(width: w, height: 400))
            for (s, sz) in sizes.enumerated() { try l.setItemSizes(sz, forSection: s) }
            try cv.layoutIfNeeded()

            // The model.
            var all: [LayoutAttributes] = []
            var y = 0.0
            let colW = max(0, (w - inset.left - inset.right - Double(columns - 1) * gap) / Double(columns))
            for (s, sz) in sizes.enumerated() {
                if header > 0 {
                    all.append(
                        .supplementary(
                            .sectionHeader, IndexPath(section: s, item: 0),
                            frame: Rect(x: 0, y: y, width: w, height: header)))
                }
                let top = y + header + inset.top
                // Column heights from the section's top (one segment: no full-span item); a
                // frame at top + its column's height.
                var heights = [Double](repeating: 0, count: columns)
                for (i, size) in sz.enumerated() {
                    var j = 0
                    for k in 1..<columns where heights[k] < heights[j] { j = k }
                    let h = size.width > 0 && size.height > 0 ? size.height * colW / size.width : 0
                    let f = Rect(
                        x: inset.left + Double(j) * (colW + gap), y: top + heights[j], width: colW, height: h)
                    XCTAssertEqual(try frame(l, s, i), f, "trial \(trial) item \(s).\(i)")
                    all.append(.cell(IndexPath(section: s, item: i), frame: f))
                    heights[j] = (heights[j] + h) + spacing  // (start + height) + spacing, as the layout adds
                }
                let bodyEnd = sz.isEmpty ? top : (top + heights.max()!) - spacing
                if footer > 0 {
                    all.append(
                        .supplementary(
                            .sectionFooter, IndexPath(section: s, item: 0),
                            frame: Rect(x: 0, y: bodyEnd + inset.bottom, width: w, height: footer)))
                }
                y = bodyEnd + inset.bottom + footer
            }
            XCTAssertEqual(try cv.contentSize(), Size(width: w, height: y), "trial \(trial)")

            // Rect queries against the brute-force filter of every element.
            try assertRectQueriesMatchBruteForce(
                cv, all: all, width: w, height: y, edgeSamples: 30, randomRects: 150, using: &g, "trial \(trial)")
        }
    }

    /// Bad values throw `invalidArgument` and change nothing.
    func testConfigurationErrorsChangeNothing() throws {
        let l = try layout(columns: 3)
        let before = l.waterfall, flowBefore = l.configuration
        let bad: [(Int, Double)] = [
            (0, 0), (-1, 0), (WaterfallLayout.maxColumns + 1, 0), (2, .nan), (2, -1),
            (2, .infinity), (2, 2e12),
        ]
        for (n, m) in bad {
            var c = WaterfallLayout.Configuration()
            c.columnCount = n
            c.minimumColumnWidth = m
            XCTAssertThrowsError(try l.configure(waterfall: c)) {
                XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument)
            }
            XCTAssertEqual(l.waterfall, before)
        }
        let badFlow: [(inout FlowConfiguration) -> Void] = [
            { $0.sectionHeadersPinToVisibleBounds = true },
            { $0.sectionFootersPinToVisibleBounds = true }, { $0.estimatedItemSize = Size(width: 10, height: 10) },
            { $0.minimumLineSpacing = -1 }, { $0.sectionInset.left = -3 }, { $0.minimumInteritemSpacing = .nan },
        ]
        for change in badFlow {
            XCTAssertThrowsError(try l.configure(change)) {
                XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument)
            }
            XCTAssertEqual(l.configuration, flowBefore)
        }
        var ok = WaterfallLayout.Configuration()
        ok.columnCount = WaterfallLayout.maxColumns
        XCTAssertNoThrow(try l.configure(waterfall: ok))
    }

    /// A delegate's negative line spacing fails the prepare; the previous frames keep answering.
    func testNegativeDelegateSpacingFailsThePrepare() throws {
        final class D: FlowLayoutDelegate {
            var spacing = 5.0
            var implementedMethods: FlowDelegateMethods { [.minimumLineSpacingForSection] }
            func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) throws -> Double {
                spacing
            }
        }
        let l = try layout(columns: 1)
        let d = D()
        l.delegate = d
        let cv = try makeCV([2], l, 100)
        // 50×50 items in a 100-wide column: 100 high, 5 apart.
        XCTAssertEqual(try frame(l, 0, 1), Rect(x: 0, y: 105, width: 100, height: 100))
        d.spacing = -20
        cv.invalidateLayout(.delegateMetrics)
        XCTAssertThrowsError(try cv.layoutIfNeeded()) { XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument) }
        XCTAssertEqual(try frame(l, 0, 1), Rect(x: 0, y: 105, width: 100, height: 100))
    }

    /// More than `maxStoredItems` items fail with `overflow` before anything is allocated (the
    /// flow keeps nothing per item for a same-size section, so this is cheap to reach).
    func testStoredItemLimit() throws {
        let l = WaterfallLayout()
        let cv = try CollectionView(dataSource: StaticDataSource([CollectionView.maxStoredItems, 1]), layout: l)
        try cv.setBoundsSize(Size(width: 320, height: 480))
        XCTAssertThrowsError(try cv.layoutIfNeeded()) { XCTAssertEqual(($0 as? LayoutError)?.code, .overflow) }
    }

    /// Shortest first over few columns (a scan of their heights, up to
    /// `WaterfallColumns.linearLimit`) and over many (a heap) against the model of the test above
    /// with full-span items (W5: at the tallest column, every column continuing below it), with
    /// whole-number extents so ties happen; then a range edit in the middle, placed from there
    /// on, against the model of the edited extents; rect queries against brute force.
    func testShortestColumnByScanAndByHeapAgainstTheModel() throws {
        var g = SplitMix64(seed: 29)
        let limit = WaterfallColumns.linearLimit, few = WaterfallColumns.fewLimit
        // (Up to `few` columns the placement picks without a scan: `PlacementRun.placeFew`.)
        for columns in [1, 2, 3, few, few + 1, limit - 1, limit, limit + 1, limit + 2, 40, 100] {
            let gap = Double(g.int(below: 3)), spacing = Double(g.int(below: 3)) * 2
            let inset = EdgeInsets(top: 4, left: 3, bottom: 5, right: 2)
            let w = 1000.0
            let l = try layout(columns: columns) {
                $0.minimumInteritemSpacing = gap; $0.minimumLineSpacing = spacing; $0.sectionInset = inset
            }
            let n = 600
            var extents = (0..<n).map { _ in Double(g.int(below: 6)) * 10 }
            let flags = (0..<n).map { _ in UInt8(g.int(below: 40) == 0 ? 1 : 0) }
            let cv = try CollectionView(dataSource: StaticDataSource([n]), layout: l)
            try cv.setBoundsSize(Size(width: w, height: 400))
            try l.setItemExtents(extents, forSection: 0)
            try l.setFullSpanItems(flags, forSection: 0)
            try cv.layoutIfNeeded()
            let available = w - inset.left - inset.right
            let colW = max(0, (available - Double(columns - 1) * gap) / Double(columns))
            for step in 0..<2 {
                let label = "columns \(columns) step \(step)"
                var all: [LayoutAttributes] = []
                // Heights from the segment's start `base` (the top, then below each full-span
                // item: its end from the segment's start + spacing, added to the base); a frame at
                // base + its offset.
                var base = inset.top
                var heights = [Double](repeating: 0, count: columns)
                for i in 0..<n {
                    let f: Rect
                    if flags[i] == 1 {
                        let y = heights.max()!
                        f = Rect(x: inset.left, y: base + y, width: available, height: extents[i])
                        base = base + ((y + extents[i]) + spacing)
                        heights = [Double](repeating: 0, count: columns)
                    } else {
                        var j = 0
                        for k in 0..<columns where heights[k] < heights[j] { j = k }
                        let x = inset.left + Double(j) * (colW + gap)
                        f = Rect(x: x, y: base + heights[j], width: colW, height: extents[i])
                        heights[j] = (heights[j] + extents[i]) + spacing
                    }
                    XCTAssertEqual(try frame(l, 0, i), f, "\(label) item \(i)")
                    all.append(.cell(IndexPath(section: 0, item: i), frame: f))
                }
                let end = ((base + heights.max()!) - spacing) + inset.bottom
                XCTAssertEqual(try cv.contentSize(), Size(width: w, height: end), label)
                try assertRectQueriesMatchBruteForce(
                    cv, all: all, width: w, height: end, edgeSamples: 10, randomRects: 40, using: &g, label)
                // A run of extents changed from item 300 on (placed again from there).
                let edit = (0..<20).map { _ in Double(g.int(below: 6)) * 10 }
                extents.replaceSubrange(300..<320, with: edit)
                try l.replaceItemExtents(inSection: 0, start: 300, removeCount: 20, with: edit)
                try cv.layoutIfNeeded()
                // Through the segment of item 319: up to the first full-span item from 319 on.
                let stop = (319..<n).first { flags[$0] == 1 }.map { $0 + 1 } ?? n
                XCTAssertEqual(l.itemsPlacedByLastPrepare, stop - 300, label)
            }
        }
    }
}
