import XCTest

@testable import CVLayoutCore

/// The flow layout's alignment options (docs/alignment-direction-snapping.md, rules A1–A5):
/// frames worked by hand, the defaults unchanged, rect queries against brute force, and the
/// incremental relayout against a fresh layout with every option.
final class FlowAlignmentTests: XCTestCase {
    private func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        Rect(x: x, y: y, width: w, height: h)
    }

    /// Five items of mixed sizes in a 200-wide view, spacings 10, no insets. Line 0 holds items
    /// 0–2 (50 + 10 + 60 + 10 + 50 = 180 ≤ 200; + 10 + 40 = 230 does not fit), 40 thick at y 0,
    /// leftover 20; line 1 (the last) holds items 3–4 (40 + 10 + 30 = 80), 20 thick at y = 40 + 10.
    private let mixed = [
        Size(width: 50, height: 20), Size(width: 60, height: 40), Size(width: 50, height: 30),
        Size(width: 40, height: 10), Size(width: 30, height: 20),
    ]

    private func mixedFrames(_ change: (inout FlowConfiguration) -> Void) throws -> [Rect] {
        let f = FlowLayout()
        try f.configure(change)
        try f.setItemSizes(mixed, forSection: 0)
        try FlowTest.attach(f, [5], Size(width: 200, height: 400))
        return (0..<5).map { FlowTest.frame(f, 0, $0)! }
    }

    /// A1: the defaults are UIKit's rule. Line 0 justified: gap 10 + 20 / 2 = 20, x = 0, 70, 150;
    /// each item centred on the 40-thick line (y = (40 − h) / 2). Line 1 (last) at the leading
    /// edge at the minimum spacing: x = 0, 50; y = 50 + (20 − h) / 2.
    func testDefaultsAreUIKitsRule() throws {
        XCTAssertEqual(FlowConfiguration.default.lineAlignment, .justified)
        XCTAssertEqual(FlowConfiguration.default.lastLineAlignment, .automatic)
        XCTAssertEqual(FlowConfiguration.default.itemAlignment, .center)
        XCTAssertEqual(
            try mixedFrames { _ in },
            [r(0, 10, 50, 20), r(70, 0, 60, 40), r(150, 5, 50, 30), r(0, 55, 40, 10), r(50, 50, 30, 20)])
    }

    /// A2: leading, centre, trailing full lines; the automatic last line follows them (A4).
    /// Leading: x = 0, 60, 130 and 0, 50. Centre: line 0 gets 20 / 2 before it (10, 70, 140),
    /// line 1 (200 − 80) / 2 = 60 (60, 110). Trailing: all of it (20, 80, 150; 120, 170).
    func testLeadingCentreTrailingLines() throws {
        let xs: [FlowLineAlignment: [Double]] = [
            .leading: [0, 60, 130, 0, 50], .center: [10, 70, 140, 60, 110], .trailing: [20, 80, 150, 120, 170],
        ]
        for (rule, want) in xs {
            let got = try mixedFrames { $0.lineAlignment = rule }
            XCTAssertEqual(got.map(\.minX), want, "\(rule)")
            XCTAssertEqual(got.map(\.minY), [10, 0, 5, 55, 50], "\(rule): items stay centred on their lines")
        }
    }

    /// A4 with justified full lines: the last line alone. Justified (Q2: spread over the whole
    /// line): gap 10 + 120 = 130, x = 0, 170 (ends at 200). Centre: 60, 110. Trailing: 120, 170.
    /// Line 0 keeps UIKit's justification (0, 70, 150).
    func testLastLineOnItsOwn() throws {
        let xs: [FlowLastLineAlignment: [Double]] = [
            .justified: [0, 170], .leading: [0, 50], .center: [60, 110], .trailing: [120, 170],
        ]
        for (rule, want) in xs {
            let got = try mixedFrames { $0.lastLineAlignment = rule }
            XCTAssertEqual(got.map(\.minX), [0, 70, 150] + want, "\(rule)")
        }
        // Leading full lines with a trailing last line.
        let got = try mixedFrames {
            $0.lineAlignment = .leading
            $0.lastLineAlignment = .trailing
        }
        XCTAssertEqual(got.map(\.minX), [0, 60, 130, 120, 170])
    }

    /// A5: across the line. Leading (top): every item at its line's minY (0 and 50). Trailing
    /// (bottom): at maxY − h: 40 − 20 = 20, 0, 40 − 30 = 10; 70 − 10 = 60, 50.
    func testItemAlignmentAcrossTheLine() throws {
        XCTAssertEqual(try mixedFrames { $0.itemAlignment = .leading }.map(\.minY), [0, 0, 0, 50, 50])
        XCTAssertEqual(try mixedFrames { $0.itemAlignment = .trailing }.map(\.minY), [20, 0, 10, 60, 50])
        // The x of every item is untouched.
        XCTAssertEqual(try mixedFrames { $0.itemAlignment = .trailing }.map(\.minX), [0, 70, 150, 0, 50])
    }

    /// Q3: a justified line of one item is centred; so is a justified last line of one item.
    /// Two 150-wide items of different heights (a per-item section) in 200: each alone on its
    /// line. Line 0 centred at (200 − 150) / 2 = 25; the last line at 0 (UIKit's rule for a
    /// per-item section), at 25 when explicitly justified. (Two equal sizes make a uniform
    /// section, whose last line sits on the grid: centred too.)
    func testJustifiedLineOfOneItemIsCentred() throws {
        for (last, x) in [(FlowLastLineAlignment.automatic, 0.0), (.justified, 25)] {
            let f = FlowLayout()
            try f.configure { $0.lastLineAlignment = last }
            try f.setItemSizes([Size(width: 150, height: 10), Size(width: 150, height: 12)], forSection: 0)
            try FlowTest.attach(f, [2], Size(width: 200, height: 400))
            XCTAssertEqual(FlowTest.frame(f, 0, 0), r(25, 0, 150, 10))
            XCTAssertEqual(FlowTest.frame(f, 0, 1), r(x, 20, 150, 12), "\(last)")
        }
    }

    private func gridXs(_ n: Int, _ change: (inout FlowConfiguration) -> Void) throws -> [Double] {
        let f = FlowLayout()
        try f.configure(change)
        try FlowTest.attach(f, [n], Size(width: 200, height: 400))
        return (0..<n).map { FlowTest.frame(f, 0, $0)!.minX }
    }

    /// A uniform section (50×50 items, no size store): 3 a line ((200 − 50) / 60 = 2.5 → 2 + 1),
    /// leftover 200 − 150 − 20 = 30. UIKit: pitch 60 + 30 / 2 = 75, x = 0, 75, 150, the last line on
    /// that grid. Leading: pitch 60. Centre: start 15 (last line of one item: (200 − 50) / 2 = 75).
    /// Trailing: start 30 (last line: 150). Justified last line of 2 items: spare
    /// 200 − 100 − 10 = 90, x = 0, 150; trailing: 90, 150.
    func testUniformSections() throws {
        XCTAssertEqual(try gridXs(7) { _ in }, [0, 75, 150, 0, 75, 150, 0])
        XCTAssertEqual(try gridXs(7) { $0.lineAlignment = .leading }, [0, 60, 120, 0, 60, 120, 0])
        XCTAssertEqual(try gridXs(7) { $0.lineAlignment = .center }, [15, 75, 135, 15, 75, 135, 75])
        XCTAssertEqual(try gridXs(7) { $0.lineAlignment = .trailing }, [30, 90, 150, 30, 90, 150, 150])
        XCTAssertEqual(try gridXs(8) { $0.lastLineAlignment = .justified }, [0, 75, 150, 0, 75, 150, 0, 150])
        XCTAssertEqual(try gridXs(8) { $0.lastLineAlignment = .trailing }, [0, 75, 150, 0, 75, 150, 90, 150])
        XCTAssertEqual(try gridXs(2) { $0.lineAlignment = .center }, [45, 105])  // one line: the last
    }

    /// Horizontal scrolling: alignment runs along y. 50×50 items in a 200-tall view, centre: y = 15,
    /// 75, 135 on the line at x = 0, the last item alone at y = 75 on the line at x = 60.
    func testHorizontalScrollingAlignsAlongY() throws {
        let f = FlowLayout()
        try f.configure {
            $0.scrollDirection = .horizontal
            $0.lineAlignment = .center
        }
        try FlowTest.attach(f, [4], Size(width: 400, height: 200))
        XCTAssertEqual(
            (0..<4).map { FlowTest.frame(f, 0, $0)! },
            [
                r(0, 15, 50, 50), r(0, 75, 50, 50), r(0, 135, 50, 50), r(60, 75, 50, 50),
            ])
        // Items across a horizontal line: leading = the left edge of the line.
        let g = FlowLayout()
        try g.configure {
            $0.scrollDirection = .horizontal
            $0.itemAlignment = .trailing
        }
        try g.setItemSizes([Size(width: 30, height: 50), Size(width: 60, height: 50)], forSection: 0)
        try FlowTest.attach(g, [2], Size(width: 400, height: 200))
        // One line (50 + 10 + 50 ≤ 200), 60 thick: item 0 at its right edge, x = 60 − 30.
        XCTAssertEqual(FlowTest.frame(g, 0, 0), r(30, 0, 30, 50))
        XCTAssertEqual(FlowTest.frame(g, 0, 1), r(0, 60, 60, 50))
    }

    private func randomConfig(_ g: inout SplitMix64) -> FlowConfiguration {
        var c = FlowConfiguration()
        c.scrollDirection = g.int(below: 2) == 0 ? .vertical : .horizontal
        c.lineAlignment = FlowLineAlignment.allCases[g.int(below: 4)]
        c.lastLineAlignment = FlowLastLineAlignment.allCases[g.int(below: 5)]
        c.itemAlignment = FlowItemAlignment.allCases[g.int(below: 3)]
        c.minimumInteritemSpacing = Double(g.int(below: 3)) * 5
        c.minimumLineSpacing = Double(g.int(below: 3)) * 5
        c.sectionInset = EdgeInsets(top: 3, left: Double(g.int(below: 20)), bottom: 5, right: Double(g.int(below: 20)))
        c.headerReferenceSize = Size(width: 20, height: 20)
        return c
    }

    /// Every option on random sections (uniform and per-item): rect queries return exactly the
    /// elements whose single-element frames meet the rect; items of a line never overlap and stay
    /// inside the line's room when they fit.
    func testRandomOptionsRectQueriesMatchBruteForce() throws {
        var g = SplitMix64(seed: 29)
        for round in 0..<60 {
            let c = randomConfig(&g)
            let f = FlowLayout()
            try f.configure(c)
            let counts = (0..<3).map { _ in g.int(below: 30) }
            for (s, n) in counts.enumerated() where g.int(below: 2) == 0 {
                let sizes = (0..<n).map { _ in
                    Size(width: Double(10 + g.int(below: 60)), height: Double(5 + g.int(below: 40)))
                }
                try f.setItemSizes(sizes, forSection: s)
            }
            let bounds = Size(width: 240, height: 240)
            let cv = try FlowTest.attach(f, counts, bounds)
            let all = try FlowTest.allElements(f, counts)
            let content = try cv.contentSize()
            try assertRectQueriesMatchBruteForce(
                cv, all: all, width: content.width, height: content.height, edgeSamples: 20, randomRects: 20,
                using: &g, "round \(round) \(c)")
            let axis = FlowAxis(c.scrollDirection)
            for (s, n) in counts.enumerated() {
                for line in 0..<f.numberOfLines(inSection: s) {
                    let items = f.itemRange(ofLine: line, inSection: s)!
                    let frames = items.map { FlowTest.frame(f, s, $0)! }
                    for (a, b) in zip(frames, frames.dropFirst()) {
                        XCTAssertLessThanOrEqual(
                            axis.cross(a.origin) + axis.cross(a.size) + c.minimumInteritemSpacing,
                            axis.cross(b.origin) + 1e-9, "round \(round) section \(s) line \(line)")
                    }
                    let lead = axis.crossLeading(c.sectionInset)
                    let room = axis.cross(bounds) - axis.crossTrailing(c.sectionInset)
                    if let last = frames.last, axis.cross(last.origin) + axis.cross(last.size) <= room,
                        let first = frames.first
                    {
                        XCTAssertGreaterThanOrEqual(axis.cross(first.origin), lead - 1e-9, "round \(round)")
                    }
                    let lf = f.lineFrame(line, inSection: s)!
                    for a in frames {
                        XCTAssertGreaterThanOrEqual(axis.main(a.origin), axis.main(lf.origin) - 1e-9)
                        XCTAssertLessThanOrEqual(
                            axis.main(a.origin) + axis.main(a.size), axis.main(lf.origin) + axis.main(lf.size) + 1e-9)
                    }
                }
                _ = n
            }
        }
    }

    /// The incremental relayout (`FlowLineBlocks.relayOut`) with every option gives the frames of
    /// a layout made from scratch over the edited sizes.
    func testEditsWithOptionsEqualAFreshLayout() throws {
        var g = SplitMix64(seed: 2929)
        for round in 0..<30 {
            let c = randomConfig(&g)
            var sizes = (0..<400).map { _ in
                Size(width: Double(10 + g.int(below: 60)), height: Double(5 + g.int(below: 40)))
            }
            let f = FlowLayout()
            try f.configure(c)
            try f.setItemSizes(sizes, forSection: 0)
            let cv = try FlowTest.attach(f, [sizes.count], Size(width: 300, height: 300))
            let at = g.int(below: sizes.count)
            let new = Size(width: Double(10 + g.int(below: 60)), height: Double(5 + g.int(below: 40)))
            sizes[at] = new
            try f.replaceItemSizes(inSection: 0, start: at, removeCount: 1, with: [new])
            try cv.layoutIfNeeded()
            let fresh = FlowLayout()
            try fresh.configure(c)
            try fresh.setItemSizes(sizes, forSection: 0)
            try FlowTest.attach(fresh, [sizes.count], Size(width: 300, height: 300))
            for i in 0..<sizes.count {
                XCTAssertEqual(FlowTest.frame(f, 0, i), FlowTest.frame(fresh, 0, i), "round \(round) item \(i)")
            }
        }
    }

    /// Setting the defaults explicitly is no change at all (`configure` sees an equal value).
    func testExplicitDefaultsEqualTheDefault() throws {
        var c = FlowConfiguration()
        c.lineAlignment = .justified
        c.lastLineAlignment = .automatic
        c.itemAlignment = .center
        XCTAssertEqual(c, FlowConfiguration.default)
    }
}
