import XCTest

@testable import CVLayoutCore

/// Pixel snapping (docs/alignment-direction-snapping.md, rule S1): frames worked by hand (Yoga's
/// 33/34/33), ties, errors, and on random layouts: edges on the grid, rows tiling exactly, rect
/// queries equal to brute force over the snapped frames, animations snapped.
final class DisplayScaleTests: XCTestCase {
    private func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        Rect(x: x, y: y, width: w, height: h)
    }

    private func key(_ s: Int, _ i: Int) -> ElementKey {
        ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: s, item: i))
    }

    private func grid3(_ width: Double) throws -> CollectionView {
        let g = GridLayout()
        var c = GridLayout.Configuration()
        c.columns = 3
        try g.configure(c)
        let v = try CollectionView(dataSource: StaticDataSource([6]), layout: g)
        try v.setBoundsSize(Size(width: width, height: 400))
        return v
    }

    /// Three columns in 100 points (Yoga `rounding_flex_basis_flex_grow_row_width_of_100`:
    /// 33, 34, 33). Exact edges 0, 33.33…, 66.66…, 100; square items 33.33… high, rows at 0 and
    /// 33.33…. Scale 1: edges 0, 33, 67, 100 → widths 33, 34, 33; row edges 0, 33, 67 → heights
    /// 33, 34. Scale 2: 66.66… → 67 half-pixels = 33.5, 133.33… → 133 = 66.5: widths 33.5, 33,
    /// 33.5. Content: 100 × 66.66… → 67 (scale 1), 66.5 (scale 2).
    func testThreeColumnsInAHundredPoints() throws {
        let v = try grid3(100)
        XCTAssertEqual(v.displayScale, 0)
        XCTAssertEqual(try v.layoutAttributes(for: key(0, 1))?.frame.origin.x, 100.0 / 3)  // off: exact
        try v.setDisplayScale(1)
        let cells = try v.layoutAttributesForElements(in: r(0, 0, 100, 400)).sorted { $0.indexPath < $1.indexPath }
        XCTAssertEqual(
            cells.map(\.frame),
            [
                r(0, 0, 33, 33), r(33, 0, 34, 33), r(67, 0, 33, 33), r(0, 33, 33, 34), r(33, 33, 34, 34),
                r(67, 33, 33, 34),
            ])
        XCTAssertEqual(try v.contentSize(), Size(width: 100, height: 67))
        XCTAssertEqual(try v.layoutAttributes(for: key(0, 4))?.frame, r(33, 33, 34, 34))
        try v.setDisplayScale(2)
        let row = try (0..<3).map { try XCTUnwrap(v.layoutAttributes(for: key(0, $0))).frame }
        XCTAssertEqual(row, [r(0, 0, 33.5, 33.5), r(33.5, 0, 33, 33.5), r(66.5, 0, 33.5, 33.5)])
        XCTAssertEqual(try v.contentSize(), Size(width: 100, height: 66.5))
        // A rect query tests the snapped frames: x = 33.4 meets cell 0 (0 ..< 33.5), not exactly.
        let hits = try v.layoutAttributesForElements(in: r(33.4, 0, 0.05, 1)).map(\.indexPath.item)
        XCTAssertEqual(hits, [0])
        try v.setDisplayScale(0)
        XCTAssertEqual(try v.layoutAttributes(for: key(0, 1))?.frame.origin.x, 100.0 / 3)
    }

    /// Q4: an edge exactly half-way between pixels goes up (towards +infinity), as Yoga.
    func testTiesGoUp() {
        let g = PixelGrid(scale: 2)
        XCTAssertEqual(g.snap(0.25), 0.5)
        XCTAssertEqual(g.snap(-0.25), 0)
        XCTAssertEqual(g.snap(0.2499), 0)
        XCTAssertEqual(g.snap(1.75), 2)
        XCTAssertEqual(g.snap(-1.75), -1.5)
        XCTAssertEqual(PixelGrid(scale: 1).snap(2.5), 3)
        XCTAssertEqual(PixelGrid(scale: 1).snap(-2.5), -2)
        XCTAssertEqual(PixelGrid(scale: 3).snap(1.0 / 3), 1.0 / 3)
        // A frame's size is the difference of its snapped edges: 0.3 … 1.2 → 0 … 1.
        XCTAssertEqual(PixelGrid(scale: 1).snap(r(0.3, 0.6, 0.9, 0.9)), r(0, 1, 1, 1))
    }

    func testBadScalesAreRefusedAndChangeNothing() throws {
        let v = try grid3(100)
        try v.setDisplayScale(3)
        for bad in [Double.nan, .infinity, -.infinity, -1, -0.5] {
            XCTAssertThrowsError(try v.setDisplayScale(bad)) { e in
                XCTAssertEqual((e as? LayoutError)?.code, .invalidArgument)
            }
            XCTAssertEqual(v.displayScale, 3)
        }
    }

    private func onGrid(_ v: Double, _ s: Double) -> Bool {
        let t = v * s
        return abs(t - t.rounded()) <= 1e-9 * Swift.max(1, abs(t))
    }

    /// Random flow, waterfall and grid layouts at scales 1, 2, 3: every snapped frame is the snap
    /// of the exact one (edges on the grid, size = difference of the edges), cells that touch
    /// exactly still touch, rect queries equal brute force over the snapped frames, and the
    /// content size is snapped.
    func testRandomLayoutsSnapOnTheGrid() throws {
        var g = SplitMix64(seed: 4242)
        for round in 0..<45 {
            let layout: CollectionViewLayout
            let counts = [1 + g.int(below: 40), g.int(below: 20)]
            switch round % 3 {
            case 0:
                let f = FlowLayout()
                try f.configure {
                    $0.minimumInteritemSpacing = 0
                    $0.minimumLineSpacing = Double(g.int(below: 3)) / 3
                    $0.lineAlignment = FlowLineAlignment.allCases[g.int(below: 4)]
                }
                for (s, n) in counts.enumerated() {
                    try f.setItemSizes(
                        (0..<n).map { _ in Size(width: Double(1 + g.int(below: 300)) / 7, height: 10.0 / 3) },
                        forSection: s)
                }
                layout = f
            case 1:
                let w = WaterfallLayout()
                var c = w.waterfall
                c.columnCount = 1 + g.int(below: 5)
                try w.configure(waterfall: c)
                layout = w
            default:
                let gl = GridLayout()
                var c = GridLayout.Configuration()
                c.columns = 1 + g.int(below: 7)
                try gl.configure(c)
                layout = gl
            }
            let v = try CollectionView(dataSource: StaticDataSource(counts), layout: layout)
            let width = Double(100 + g.int(below: 2000)) / 7
            try v.setBoundsSize(Size(width: width, height: 300))
            let everything = r(-1e6, -1e6, 2e6, 4e6)
            let exact = try v.layoutAttributesForElements(in: everything)
            let exactContent = try v.contentSize()
            let scale = Double(1 + g.int(below: 3))
            try v.setDisplayScale(scale)
            let grid = PixelGrid(scale: scale)
            let snapped = exact.map { a -> LayoutAttributes in
                var b = a
                b.frame = grid.snap(a.frame)
                return b
            }
            let got = try v.layoutAttributesForElements(in: everything)
            XCTAssertEqual(Set(got), Set(snapped), "round \(round)")
            for a in got {
                let f = a.frame
                for e in [f.minX, f.minY, f.maxX, f.maxY] {
                    XCTAssertTrue(onGrid(e, scale), "round \(round): \(a.indexPath) edge \(e) at scale \(scale)")
                }
                XCTAssertEqual(
                    try v.layoutAttributes(for: ElementKey(category: a.category, kind: a.kind, indexPath: a.indexPath))?
                        .frame, f, "round \(round)")
            }
            // Cells that share an edge exactly keep sharing it: no gap, no overlap.
            let byPath = Dictionary(exact.filter { $0.category == .cell }.map { ($0.indexPath, $0.frame) }) { a, _ in a
            }
            let snappedByPath = Dictionary(got.filter { $0.category == .cell }.map { ($0.indexPath, $0.frame) }) {
                a, _ in a
            }
            for (p, f) in byPath {
                let next = IndexPath(section: p.section, item: p.item + 1)
                guard let n = byPath[next], n.minX == f.maxX, n.minY == f.minY else { continue }
                XCTAssertEqual(snappedByPath[p]?.maxX, snappedByPath[next]?.minX, "round \(round) \(p)")
            }
            XCTAssertEqual(try v.contentSize(), grid.snap(exactContent), "round \(round)")
            let content = try v.contentSize()
            try assertRectQueriesMatchBruteForce(
                v, all: snapped, width: content.width, height: content.height, edgeSamples: 15, randomRects: 15,
                using: &g, "round \(round) scale \(scale)")
        }
    }

    /// During an animation the interpolated frame is snapped. Items 33.33… wide, 3 a line in 100;
    /// with a spacing of 50 one a line, centred at x = 33.33…, lines 20 apart. Item 2 moves from
    /// (66.66…, 0) to (33.33…, 40): halfway (50, 20), right edge 83.33… → drawn (50, 20, 33, 10).
    func testAnimationFramesAreSnapped() throws {
        let flow = FlowLayout()
        try flow.configure {
            $0.itemSize = Size(width: 100.0 / 3, height: 10)
            $0.minimumInteritemSpacing = 0
        }
        let v = try CollectionView(dataSource: StaticDataSource([4]), layout: flow)
        try v.setBoundsSize(Size(width: 100, height: 300))
        try v.setDisplayScale(1)
        XCTAssertEqual(try v.layoutAttributes(for: key(0, 2))?.frame, r(67, 0, 33, 10))
        try v.beginAnimatedChanges(try AnimationTiming(duration: 1, curve: .linear))
        try flow.configure {
            $0.itemSize = Size(width: 100.0 / 3, height: 10)
            $0.minimumInteritemSpacing = 50
        }
        try v.commitAnimatedChanges()
        try v.setTime(0.5)
        XCTAssertEqual(try v.layoutAttributes(for: key(0, 2))?.frame, r(50, 20, 33, 10))
        let inRect = try v.layoutAttributesForElements(in: r(0, 0, 100, 300)).first { $0.indexPath.item == 2 }
        XCTAssertEqual(inRect?.frame, r(50, 20, 33, 10))
        try v.setTime(1)
        XCTAssertEqual(try v.layoutAttributes(for: key(0, 2))?.frame, r(33, 40, 34, 10))
    }
}
