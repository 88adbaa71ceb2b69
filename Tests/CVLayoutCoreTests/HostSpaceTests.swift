import XCTest

@testable import CVLayoutCore

// Foundation (through XCTest) has its own IndexPath.
private typealias IndexPath = CVLayoutCore.IndexPath

/// Right-to-left and pixel snapping (CollectionView+HostSpace.swift,
/// docs/alignment-direction-snapping.md): what the host sees against the layout's own frames.
final class HostSpaceTests: XCTestCase {
    /// A tree of `fanout` children under each of `roots` roots, two levels.
    private final class Tree: TreeLayoutDataSource {
        let counts: [Int]
        init(_ counts: [Int]) { self.counts = counts }
        func numberOfChildren(ofItemAt ip: IndexPath) throws -> Int {
            ip.section + 1 < counts.count ? (ip.item == 0 ? counts[ip.section + 1] : 0) : 0
        }
    }

    /// Every built-in layout type, as a fresh layout and the counts it is shown with.
    private func builtIns() throws -> [(String, () throws -> CollectionViewLayout, [Int])] {
        [
            (
                "flow",
                {
                    let f = FlowLayout()
                    try f.configure {
                        $0.itemSize = Size(width: 70, height: 40)
                        $0.headerReferenceSize = Size(width: 0, height: 20)
                        $0.sectionInset = EdgeInsets(top: 5, left: 30, bottom: 5, right: 7)
                    }
                    try f.setItemSizes(
                        (0..<9).map { Size(width: 30 + Double($0 * 13 % 50), height: 40) }, forSection: 1)
                    return f
                }, [11, 9]
            ),
            (
                "flow horizontal",
                {
                    let f = FlowLayout()
                    try f.configure {
                        $0.itemSize = Size(width: 90, height: 60)
                        $0.scrollDirection = .horizontal
                    }
                    return f
                }, [40]
            ),
            (
                "flow aligned",  // main's alignment options: leading full lines, trailing last line, top items
                {
                    let f = FlowLayout()
                    try f.configure {
                        $0.itemSize = Size(width: 70, height: 40)
                        $0.lineAlignment = .leading
                        $0.lastLineAlignment = .trailing
                        $0.itemAlignment = .leading
                    }
                    try f.setItemSizes(
                        (0..<9).map { Size(width: 30 + Double($0 * 7 % 40), height: 20 + Double($0 % 3) * 9) },
                        forSection: 0)
                    return f
                }, [9, 7]
            ),
            ("waterfall", { WaterfallLayout() }, [17, 5]),
            ("grid", { GridLayout() }, [13, 4]),
            ("stack", { StackLayout() }, [6]),
            ("survey", { SurveyLayout() }, [5, 3]),
            ("dimensions", { DimensionsLayout() }, [7]),
            ("cover flow", { CoverFlowLayout() }, [25]),
            ("mosaic", { MosaicLayout() }, [12, 7]),
            (
                "tree",
                {
                    let t = TreeLayout()
                    t.treeDataSource = Tree([3, 4, 2])
                    return t
                }, [3, 4, 2]
            ),
            ("circle", { CircleLayout() }, [9]),
            ("compositional", { try Self.compositional(orthogonal: .none) }, [14, 6]),
            ("compositional orthogonal", { try Self.compositional(orthogonal: .groupPaging) }, [14, 6]),
        ]
    }

    /// A compositional grid of 0.3-wide items (inset 3, in 0.9-wide groups 77 high, sections
    /// inset 12 left and 5 right), in place or scrolling across its section.
    private static func compositional(
        orthogonal: CompositionalLayout.OrthogonalScrolling
    ) throws -> CompositionalLayout {
        typealias L = CompositionalLayout
        var item = L.Item(size: L.LayoutSize(width: .fractionalWidth(0.3), height: .fractionalHeight(1)))
        item.contentInsets = EdgeInsets(top: 3, left: 3, bottom: 3, right: 3)
        var section = L.Section(
            group: .horizontal(
                L.LayoutSize(width: .fractionalWidth(0.9), height: .absolute(77)), subitems: [.item(item)]))
        section.contentInsets = EdgeInsets(top: 4, left: 12, bottom: 4, right: 5)
        section.interGroupSpacing = 6
        section.orthogonalScrolling = orthogonal
        return try L(section: section)
    }

    private func view(_ make: () throws -> CollectionViewLayout, _ counts: [Int]) throws -> CollectionView {
        let v = try CollectionView(dataSource: StaticDataSource(counts), layout: try make())
        try v.setBoundsSize(Size(width: 320, height: 480))
        return v
    }

    private func hostElements(_ v: CollectionView, in r: Rect) throws -> [LayoutAttributes] {
        let sink = CollectingSink(counts: nil)
        try v.sendHostElements(in: r, to: sink)
        return sink.take()
    }

    private let everything = Rect(x: -1e6, y: -1e6, width: 4e6, height: 4e6)

    /// F·M·F by the matrix product (not by the sign pattern the library uses).
    private func conjugated(_ t: Transform3D) -> Transform3D {
        let m = t.values
        var out = [Double](repeating: 0, count: 16)
        let f: [Double] = [-1, 1, 1, 1]
        for i in 0..<4 { for j in 0..<4 { out[i * 4 + j] = f[i] * m[i * 4 + j] * f[j] } }
        return Transform3D(
            m11: out[0], m12: out[1], m13: out[2], m14: out[3], m21: out[4], m22: out[5], m23: out[6], m24: out[7],
            m31: out[8], m32: out[9], m33: out[10], m34: out[11], m41: out[12], m42: out[13], m43: out[14],
            m44: out[15])
    }

    /// For every built-in layout: the right-to-left elements are the left-to-right ones mirrored
    /// about W = max(content width, bounds width), transforms conjugated, at two offsets.
    func testRightToLeftIsTheMirrorForEveryBuiltInLayout() throws {
        for (name, make, counts) in try builtIns() {
            let ltr = try view(make, counts), rtl = try view(make, counts)
            rtl.layoutDirection = .rightToLeft
            for layoutOffsetX in [0.0, 37.5] {
                try ltr.setContentOffset(Point(x: layoutOffsetX, y: 11))
                let size = try rtl.contentSize()
                let w = max(size.width, 320)
                // The host's offset for the layout's offset x: W − x − bounds width.
                try rtl.setHostContentOffset(Point(x: w - layoutOffsetX - 320, y: 11))
                XCTAssertEqual(rtl.contentOffset, ltr.contentOffset, name)
                XCTAssertEqual(try rtl.hostContentOffset(), Point(x: w - layoutOffsetX - 320, y: 11), name)
                let want = try ltr.layoutAttributesForElements(in: everything).map { a -> LayoutAttributes in
                    var m = a
                    m.origin.x = w - a.origin.x - a.size.width
                    m.transform = conjugated(a.transform)
                    return m
                }
                XCTAssertGreaterThan(want.count, 2, name)
                let got = try hostElements(rtl, in: everything)
                XCTAssertEqual(Set(got), Set(want), name)
                XCTAssertEqual(got.count, want.count, name)
                for a in want where a.category == .cell {
                    XCTAssertEqual(try rtl.hostAttributes(for: a.key), a, name)
                }
            }
        }
    }

    /// With a display scale of 2 as well: the right-to-left frames are the snapped left-to-right
    /// ones mirrored about the snapped W (the header's rule), for every built-in layout.
    func testSnappedRightToLeftIsTheMirrorForEveryBuiltInLayout() throws {
        func snap(_ v: Double) -> Double { (v * 2 + 0.5).rounded(.down) }  // half-pixels, ties up
        for (name, make, counts) in try builtIns() {
            let ltr = try view(make, counts), rtl = try view(make, counts)
            try ltr.setDisplayScale(2)
            try rtl.setDisplayScale(2)
            rtl.layoutDirection = .rightToLeft
            try ltr.setContentOffset(Point(x: 0, y: 13.3))
            let size = try rtl.contentSize()
            let w = snap(max(size.width, 320)) / 2
            try rtl.setHostContentOffset(Point(x: w - 320, y: 13.3))
            let want = try hostElements(ltr, in: everything).map { a -> LayoutAttributes in
                var m = a
                m.origin.x = w - a.origin.x - a.size.width
                m.transform = conjugated(a.transform)
                return m
            }
            XCTAssertGreaterThan(want.count, 2, name)
            for a in want {  // on the half-point grid
                XCTAssertEqual(a.origin.x * 2, (a.origin.x * 2).rounded(), name)
                XCTAssertEqual(a.size.width * 2, (a.size.width * 2).rounded(), name)
            }
            let got = try hostElements(rtl, in: everything)
            XCTAssertEqual(Set(got), Set(want), name)
            XCTAssertEqual(got.count, want.count, name)
        }
    }

    /// Rect queries in right-to-left (and snapped) equal the brute-force filter of every host
    /// element; hit tests find the topmost host element covering the point.
    func testRightToLeftQueriesAndHitTestsMatchBruteForce() throws {
        var g = SplitMix64(seed: 29)
        for (name, make, counts) in try builtIns() {
            for scale in [0.0, 2, 3] {
                let v = try view(make, counts)
                v.layoutDirection = .rightToLeft
                try v.setDisplayScale(scale)
                let all = try hostElements(v, in: everything)
                let size = try v.contentSize()
                for _ in 0..<60 {
                    let r = Rect(
                        x: g.double(in: -40..<size.width + 40), y: g.double(in: -40..<size.height + 40),
                        width: g.double(in: 0..<200), height: g.double(in: 0..<200))
                    let got = try hostElements(v, in: r)
                    let want = all.filter { r.intersects($0.frame) }
                    XCTAssertEqual(Set(got), Set(want), "\(name) scale \(scale) rect \(r)")
                    XCTAssertEqual(got.count, want.count, "\(name) scale \(scale) rect \(r)")
                }
                for _ in 0..<60 {
                    let p = Point(x: g.double(in: 0..<max(size.width, 320)), y: g.double(in: 0..<size.height + 1))
                    var top: LayoutAttributes?
                    for a in all where a.category == .cell && a.covers(p) {
                        if let t = top, LayoutAttributes.drawsBefore(a, t) { continue }
                        top = a
                    }
                    XCTAssertEqual(try v.hostIndexPathForItem(at: p), top?.indexPath, "\(name) point \(p)")
                }
            }
        }
    }

    /// UIKit's flow rules worked by hand, then mirrored. Bounds 400 wide, items 100 × 50,
    /// spacing 10, section insets left 30 and right 10: 360 available, 3 a line (3·100 + 2·10 =
    /// 320 ≤ 360 < 430), leftover 40, gap 10 + 40/2 = 30: x = 30, 160, 290; the fourth item on
    /// the last line of a uniform section lies on the grid at x = 30. Right-to-left, W = 400:
    /// x' = 400 − x − 100 = 270, 140, 10 and 270 — the left inset becomes the right one.
    func testHandWorkedRightToLeftFlow() throws {
        let f = FlowLayout()
        try f.configure {
            $0.itemSize = Size(width: 100, height: 50)
            $0.minimumInteritemSpacing = 10
            $0.minimumLineSpacing = 10
            $0.sectionInset = EdgeInsets(top: 0, left: 30, bottom: 0, right: 10)
        }
        let v = try CollectionView(dataSource: StaticDataSource([4]), layout: f)
        try v.setBoundsSize(Size(width: 400, height: 300))
        v.layoutDirection = .rightToLeft
        let frames = try hostElements(v, in: Rect(x: 0, y: 0, width: 400, height: 300))
            .sorted { $0.indexPath < $1.indexPath }.map(\.frame)
        XCTAssertEqual(
            frames,
            [
                Rect(x: 270, y: 0, width: 100, height: 50), Rect(x: 140, y: 0, width: 100, height: 50),
                Rect(x: 10, y: 0, width: 100, height: 50), Rect(x: 270, y: 60, width: 100, height: 50),
            ])
        // Hit tests at host points: item 3 spans host x 270...370 on the second line, item 2
        // host x 10...110 on the first.
        XCTAssertEqual(try v.hostIndexPathForItem(at: Point(x: 300, y: 70)), IndexPath(section: 0, item: 3))
        XCTAssertNil(try v.hostIndexPathForItem(at: Point(x: 15, y: 70)))
        XCTAssertEqual(try v.hostIndexPathForItem(at: Point(x: 15, y: 10)), IndexPath(section: 0, item: 2))
    }

    /// Horizontal scrolling starts at the right end: a new right-to-left view's host offset is
    /// content width − bounds width; scrolling to the first item keeps it there, to the last
    /// item goes to 0; the left/right scroll positions mean the host's left and right.
    func testHorizontalScrollingStartsAtTheRightEnd() throws {
        let f = FlowLayout()
        try f.configure {
            $0.itemSize = Size(width: 100, height: 100)
            $0.minimumLineSpacing = 10
            $0.scrollDirection = .horizontal
        }
        // 10 items, one a column (100 tall bounds): content width 10·100 + 9·10 = 1090.
        let v = try CollectionView(dataSource: StaticDataSource([10]), layout: f)
        try v.setBoundsSize(Size(width: 300, height: 100))
        v.layoutDirection = .rightToLeft
        XCTAssertEqual(try v.contentSize(), Size(width: 1090, height: 100))
        XCTAssertEqual(try v.hostContentOffset(), Point(x: 790, y: 0))
        // Item 0 at layout x 0 → host x 1090 − 0 − 100 = 990: at the right end, visible.
        let first = try XCTUnwrap(
            v.hostAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: 0, item: 0))))
        XCTAssertEqual(first.frame, Rect(x: 990, y: 0, width: 100, height: 100))
        // Item 9 (layout x 990) → host x 0; scrolling it to the host's left edge: offset 0.
        let o = try v.scrollToItem(at: IndexPath(section: 0, item: 9), at: v.layoutPosition(fromHost: .left))
        XCTAssertEqual(v.hostOffset(fromLayout: o), .zero)
        XCTAssertEqual(try v.hostContentOffset(), .zero)
        // Item 5 (layout x 550 → host 440) at the host's right edge: 540 − 300 = 240.
        let o5 = try v.scrollToItem(at: IndexPath(section: 0, item: 5), at: v.layoutPosition(fromHost: .right))
        XCTAssertEqual(v.hostOffset(fromLayout: o5), Point(x: 240, y: 0))
        // The host's right end is the layout's offset 0.
        try v.setHostContentOffset(Point(x: 790, y: 0))
        XCTAssertEqual(v.contentOffset, .zero)
    }

    /// Yoga's rounding examples built with the flow: 3 items of 100/3 in 100 (Yoga
    /// `rounding_flex_basis_flex_grow_row_width_of_100`: 33, 34, 33) and 5 items of 113/5 in 113
    /// (`rounding_flex_basis_flex_grow_row_prime_number_width`: 23, 22, 23, 22, 23). Spacing 0:
    /// edges at k·w, rounded at scale 1: 0, 33.33→33, 66.67→67, 100 → widths 33, 34, 33;
    /// 0, 22.6→23, 45.2→45, 67.8→68, 90.4→90, 113 → 23, 22, 23, 22, 23. Right-to-left: the
    /// mirror (33, 34, 33 from the right).
    func testYogaRoundingExamples() throws {
        for (n, width, want) in [(3, 100.0, [33.0, 34, 33]), (5, 113, [23, 22, 23, 22, 23])] {
            let f = FlowLayout()
            try f.configure {
                $0.itemSize = Size(width: width / Double(n), height: 10)
                $0.minimumInteritemSpacing = 0
            }
            let v = try CollectionView(dataSource: StaticDataSource([n]), layout: f)
            try v.setBoundsSize(Size(width: width, height: 50))
            try v.setDisplayScale(1)
            let cells = try hostElements(v, in: Rect(x: 0, y: 0, width: width, height: 50))
                .sorted { $0.indexPath < $1.indexPath }
            XCTAssertEqual(cells.map(\.size.width), want, "\(n) in \(width)")
            XCTAssertEqual(cells.first?.frame.minX, 0)
            for k in 1..<n { XCTAssertEqual(cells[k].frame.minX, cells[k - 1].frame.maxX) }
            v.layoutDirection = .rightToLeft
            let mirrored = try hostElements(v, in: Rect(x: 0, y: 0, width: width, height: 50))
                .sorted { $0.indexPath < $1.indexPath }
            XCTAssertEqual(mirrored.map(\.size.width), want)
            for (a, b) in zip(cells, mirrored) { XCTAssertEqual(b.frame.minX, width - a.frame.maxX) }
        }
    }

    /// Q4, ties: three items 10.25 wide in 30.75 at scale 2 have edges 0, 10.25, 20.5, 30.75, in
    /// pixels 0, 20.5, 41, 61.5: the ties go up (to 21 and 62), so the widths are 10.5, 10, 10.5
    /// and the content 31 wide. Right-to-left mirrors the snapped frames about the snapped
    /// W = 31: item 0 at 20.5...31, item 1 at 10.5...20.5, item 2 at 0...10.5.
    func testSnappingTiesGoUpAndRightToLeftStaysTheMirror() throws {
        let f = FlowLayout()
        try f.configure {
            $0.itemSize = Size(width: 10.25, height: 10)
            $0.minimumInteritemSpacing = 0
        }
        let v = try CollectionView(dataSource: StaticDataSource([3]), layout: f)
        try v.setBoundsSize(Size(width: 30.75, height: 20))
        try v.setDisplayScale(2)
        func frames() throws -> [Rect] {
            try hostElements(v, in: everything).sorted { $0.indexPath < $1.indexPath }.map(\.frame)
        }
        XCTAssertEqual(
            try frames(),
            [
                Rect(x: 0, y: 0, width: 10.5, height: 10), Rect(x: 10.5, y: 0, width: 10, height: 10),
                Rect(x: 20.5, y: 0, width: 10.5, height: 10),
            ])
        XCTAssertEqual(try v.contentSize(), Size(width: 31, height: 10))  // the one line
        v.layoutDirection = .rightToLeft
        XCTAssertEqual(
            try frames(),
            [
                Rect(x: 20.5, y: 0, width: 10.5, height: 10), Rect(x: 10.5, y: 0, width: 10, height: 10),
                Rect(x: 0, y: 0, width: 10.5, height: 10),
            ])
    }

    /// Snapped frames: edges on the pixel grid, neighbours on a line share their edge, snapped
    /// right-to-left is the mirror of snapped left-to-right about the snapped W.
    func testSnappedEdgesTileAndMirror() throws {
        var g = SplitMix64(seed: 7)
        for _ in 0..<40 {
            let scale = [1.0, 2, 4][g.int(below: 3)]
            let f = FlowLayout()
            let n = 1 + g.int(below: 30)
            try f.configure {
                $0.minimumInteritemSpacing = 0
                $0.minimumLineSpacing = 0
            }
            try f.setItemSizes(
                (0..<n).map { _ in Size(width: g.double(in: 5..<60), height: g.double(in: 5..<30)) }, forSection: 0)
            let bw = g.double(in: 100..<300)
            let ltr = try CollectionView(dataSource: StaticDataSource([n]), layout: f)
            try ltr.setBoundsSize(Size(width: bw, height: 400))
            try ltr.setDisplayScale(scale)
            let exact = try ltr.layoutAttributesForElements(in: everything).sorted { $0.indexPath < $1.indexPath }
            let snapped = try hostElements(ltr, in: everything).sorted { $0.indexPath < $1.indexPath }
            for a in snapped {
                for e in [a.frame.minX, a.frame.maxX, a.frame.minY, a.frame.maxY] {
                    XCTAssertEqual(e * scale, (e * scale).rounded(), "edge \(e) at scale \(scale)")
                }
            }
            // Neighbours on one line (equal exact maxX / minX within the justification's
            // rounding) share their snapped edge.
            for k in 1..<n where abs(exact[k].frame.minX - exact[k - 1].frame.maxX) < 1e-9 {
                XCTAssertEqual(snapped[k].frame.minX, snapped[k - 1].frame.maxX)
            }
            ltr.layoutDirection = .rightToLeft
            let size = try ltr.contentSize()
            let w = max(size.width, PixelGrid(scale: scale).snap(bw))
            let mirrored = try hostElements(ltr, in: everything).sorted { $0.indexPath < $1.indexPath }
            XCTAssertEqual(mirrored.count, snapped.count)
            for (a, b) in zip(snapped, mirrored) {
                XCTAssertEqual(b.frame.minX, w - a.frame.maxX)
                XCTAssertEqual(b.frame.width, a.frame.width)
                XCTAssertEqual(b.frame.minY, a.frame.minY)
            }
        }
    }

    /// An animated batch update and an animated layout switch run in layout coordinates: at any
    /// time the right-to-left frames are the mirror of the left-to-right ones (here, halfway:
    /// inserting at 0 moves old item 0 from layout x 0 to 100, so at 0.5 s it is at 50, and at
    /// host x 300 − 50 − 100 = 150; a snapped view draws the interpolated frame on the grid).
    func testAnimationsAreMirrored() throws {
        func make() throws -> (CollectionView, StaticDataSource) {
            let flow = FlowLayout()
            try flow.configure {
                $0.itemSize = Size(width: 100, height: 100)
                $0.minimumInteritemSpacing = 0
                $0.minimumLineSpacing = 0
            }
            let ds = StaticDataSource([3])
            let v = try CollectionView(dataSource: ds, layout: flow)
            try v.setBoundsSize(Size(width: 300, height: 300))
            return (v, ds)
        }
        let (ltr, lds) = try make(), (rtl, rds) = try make()
        rtl.layoutDirection = .rightToLeft
        _ = try ltr.visibleAttributes()
        _ = try hostElements(rtl, in: try rtl.hostVisibleRect())
        var u = BatchUpdate()
        u.insertItems([IndexPath(section: 0, item: 0)])
        lds.counts = [4]
        rds.counts = [4]
        try ltr.performBatchUpdates(u, animation: try AnimationTiming(duration: 1, curve: .linear))
        try rtl.performBatchUpdates(u, animation: try AnimationTiming(duration: 1, curve: .linear))
        for t in [0.25, 0.5, 0.75] {
            try ltr.setTime(t)
            try rtl.setTime(t)
            let w = max(try rtl.contentSize().width, 300)
            let want = try ltr.layoutAttributesForElements(in: everything).map { a -> LayoutAttributes in
                var m = a
                m.origin.x = w - a.origin.x - a.size.width
                return m
            }
            let got = try hostElements(rtl, in: everything)
            XCTAssertEqual(Set(got), Set(want), "t = \(t)")
        }
        let moved = try XCTUnwrap(
            rtl.hostAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: 0, item: 1)))
        )
        XCTAssertEqual(moved.frame.minX, 300 - 75 - 100, accuracy: 1e-9)  // 0.75 of the way 0 → 100
        // A second view, snapped, halfway: layout x 50 exactly → host 150.
        let (snap, sds) = try make()
        snap.layoutDirection = .rightToLeft
        try snap.setDisplayScale(2)
        _ = try hostElements(snap, in: try snap.hostVisibleRect())
        sds.counts = [4]
        try snap.performBatchUpdates(u, animation: try AnimationTiming(duration: 1, curve: .linear))
        try snap.setTime(0.5)
        let half = try XCTUnwrap(
            snap.hostAttributes(
                for: ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: 0, item: 1))))
        XCTAssertEqual(half.frame, Rect(x: 150, y: 0, width: 100, height: 100))
    }

    /// Cover Flow snaps in right-to-left too: every target offset it gives the host centres a
    /// host cover in the viewport, and a leftward fling (negative host velocity) moves the
    /// host's offset left, as it moves the layout's offset right.
    func testCoverFlowTargetOffsetsCentreAHostCover() throws {
        let v = try view({ CoverFlowLayout() }, [25])
        v.layoutDirection = .rightToLeft
        var g = SplitMix64(seed: 3)
        let size = try v.contentSize()
        let all = try hostElements(v, in: everything).filter { $0.category == .cell }
        for _ in 0..<40 {
            let proposed = Point(x: g.double(in: 0..<size.width - 320), y: 0)
            let t = try v.hostTargetContentOffset(forProposed: proposed, velocity: .zero)
            let mid = t.x + 160
            XCTAssertTrue(all.contains { abs($0.center.x - mid) < 1e-6 }, "target \(t.x) for \(proposed.x)")
        }
    }

    /// A layout that records what `targetContentOffset` is asked and answers 7 points further.
    private final class RecordingFlow: FlowLayout {
        var asked: (Point, Point)?
        override func targetContentOffset(
            forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point
        ) throws -> Point {
            asked = (proposed, velocity)
            return Point(x: proposed.x + 7, y: proposed.y)
        }
    }

    /// The layout is asked in its own coordinates: the proposed offset mirrored (W − x − bounds
    /// width), the velocity's x negated; its answer is mirrored back. Horizontal flow, 10 items
    /// 100 wide with spacing 10: content 1090, bounds 300: the host's 600 is the layout's
    /// 1090 − 600 − 300 = 190; the layout answers 197, the host gets 1090 − 197 − 300 = 593.
    func testTargetOffsetsAreAskedInLayoutCoordinates() throws {
        let f = RecordingFlow()
        try f.configure {
            $0.itemSize = Size(width: 100, height: 100)
            $0.scrollDirection = .horizontal
        }
        let v = try CollectionView(dataSource: StaticDataSource([10]), layout: f)
        try v.setBoundsSize(Size(width: 300, height: 100))
        v.layoutDirection = .rightToLeft
        let t = try v.hostTargetContentOffset(forProposed: Point(x: 600, y: 0), velocity: Point(x: -2, y: 1))
        XCTAssertEqual(f.asked?.0, Point(x: 190, y: 0))
        XCTAssertEqual(f.asked?.1, Point(x: 2, y: 1))
        XCTAssertEqual(t, Point(x: 593, y: 0))
    }

    /// CVL_ANCHOR_NEAREST_POINT's point is the host's viewport point: anchored at the host's
    /// top-right corner, the cell there keeps its host position when items are inserted before it.
    func testNearestPointAnchoringUsesTheHostsViewportPoint() throws {
        let f = FlowLayout()
        try f.configure {
            $0.itemSize = Size(width: 90, height: 50)
            $0.minimumLineSpacing = 10
        }
        let ds = StaticDataSource([60])
        let v = try CollectionView(dataSource: ds, layout: f)
        try v.setBoundsSize(Size(width: 300, height: 200))
        v.layoutDirection = .rightToLeft
        try v.setHostContentOffset(Point(x: 0, y: 300))
        let corner = Point(x: 300 - 5, y: 5)
        try v.setAnchorPolicy(.nearest(corner))
        let before = try hostElements(v, in: try v.hostVisibleRect())
        let offset = try v.hostContentOffset()
        let target = Point(x: offset.x + corner.x, y: offset.y + corner.y)
        func d(_ a: LayoutAttributes) -> Double {
            let dx = a.center.x - target.x, dy = a.center.y - target.y
            return dx * dx + dy * dy
        }
        let anchor = try XCTUnwrap(before.filter { $0.category == .cell }.min { d($0) < d($1) })
        // Layout item 0 of a line is the host's rightmost: the anchor is a line's first item.
        XCTAssertEqual(anchor.indexPath.item % 3, 0)
        let onScreen = anchor.frame.minY - offset.y
        ds.counts = [61]
        var u = BatchUpdate()
        u.insertItems([IndexPath(section: 0, item: 0)])
        try v.performBatchUpdates(u, animation: nil)
        let moved = try XCTUnwrap(
            v.hostAttributes(
                for: ElementKey(
                    category: .cell, kind: .none,
                    indexPath: IndexPath(section: 0, item: anchor.indexPath.item + 1))))
        XCTAssertEqual(moved.frame.minY - (try v.hostContentOffset()).y, onScreen, accuracy: 1e-9)
    }

    /// Bad scales change nothing; a custom layout (the base class's default) is not mirrored.
    func testBadScaleAndNonFlippingLayouts() throws {
        let f = FlowLayout()
        let v = try CollectionView(dataSource: StaticDataSource([3]), layout: f)
        try v.setDisplayScale(2)
        for bad in [-1, Double.nan, .infinity, -.infinity] {
            XCTAssertThrowsError(try v.setDisplayScale(bad))
            XCTAssertEqual(v.displayScale, 2)
        }
        v.layoutDirection = .rightToLeft
        XCTAssertTrue(v.isMirrored)
        f.flipsHorizontallyInOppositeLayoutDirection = false
        XCTAssertFalse(v.isMirrored)
        try v.setBoundsSize(Size(width: 300, height: 300))
        let a = try XCTUnwrap(
            v.hostAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: 0, item: 0))))
        XCTAssertEqual(a.frame.minX, 0)
    }

    /// Cover Flow's y-rotation turns the other way in right-to-left: the conjugated matrix has
    /// m13 and m31 negated (sin of the angle), m11 and m33 kept (cos), no negative scale.
    func testCoverFlowRotationMirrors() throws {
        let ltr = try view({ CoverFlowLayout() }, [25]), rtl = try view({ CoverFlowLayout() }, [25])
        rtl.layoutDirection = .rightToLeft
        try ltr.setContentOffset(Point(x: 200, y: 0))
        try rtl.setContentOffset(Point(x: 200, y: 0))  // the same layout offset
        let key = ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: 0, item: 3))
        let a = try XCTUnwrap(ltr.layoutAttributes(for: key)), b = try XCTUnwrap(rtl.hostAttributes(for: key))
        XCTAssertNotEqual(a.transform.m13, 0)
        XCTAssertEqual(b.transform.m13, -a.transform.m13)
        XCTAssertEqual(b.transform.m31, -a.transform.m31)
        XCTAssertEqual(b.transform.m11, a.transform.m11)
        XCTAssertEqual(b.transform.m33, a.transform.m33)
        XCTAssertGreaterThan(b.transform.m11, 0)
    }

    /// `hostVisibleRect` (inlined into the viewport queries: the view's bounds when the layout is
    /// prepared and the view left-to-right) runs the layout cycle first when the layout is stale
    /// (a scroll anchor put back there moves the rect) and mirrors the offset when the view is
    /// right-to-left; each answer checked against the offset computed by hand.
    func testHostVisibleRectRunsTheCycleAndMirrors() throws {
        let f = FlowLayout()
        try f.configure {
            $0.itemSize = Size(width: 60, height: 60)
            $0.scrollDirection = .horizontal
            ($0.minimumLineSpacing, $0.minimumInteritemSpacing) = (0, 0)
        }
        let v = try FlowTest.attach(f, [300], Size(width: 200, height: 300))
        try v.setContentOffset(Point(x: 610, y: 0))
        XCTAssertEqual(try v.hostVisibleRect(), Rect(x: 610, y: 0, width: 200, height: 300))
        // Stale, with an anchor: the items grow, the first visible one keeps its place.
        try v.setAnchorPolicy(.firstVisible)
        let anchored = try XCTUnwrap(f.frameForItem(at: IndexPath(section: 0, item: 50)))
        XCTAssertEqual(anchored.minX, 600)  // ten 60-point columns of five items before it
        try f.configure { $0.itemSize = Size(width: 90, height: 60) }
        v.invalidateLayout()
        XCTAssertTrue(v.needsPrepare)
        let rect = try v.hostVisibleRect()
        XCTAssertFalse(v.needsPrepare, "the cycle ran")
        let moved = try XCTUnwrap(f.frameForItem(at: IndexPath(section: 0, item: 50)))
        XCTAssertEqual(moved.minX, 900)  // ten 90-point columns of five items before it
        XCTAssertEqual(rect, Rect(x: 910, y: 0, width: 200, height: 300))  // item 50 still 10 points off the edge
        XCTAssertEqual(rect.origin, v.contentOffset)
        // Right-to-left: the host's offset is the mirror's, about the content width.
        try v.setAnchorPolicy(.none)
        v.layoutDirection = .rightToLeft
        XCTAssertTrue(v.isMirrored)
        let w = try v.contentSize().width
        XCTAssertEqual(w, 60 * 90)
        XCTAssertEqual(try v.hostVisibleRect(), Rect(x: w - v.contentOffset.x - 200, y: 0, width: 200, height: 300))
    }

    /// `withHostContentOffset` (a scroll query's offset) puts a running animated scroll back when
    /// its body fails, and leaves none when none ran; `scrollAnimates`, which it reads instead of
    /// copying the animation, follows every write of `scrollAnimation` (started, stepped, put
    /// back, stopped by a scroll, finished).
    func testFailedScrollQueryPutsTheAnimatedScrollBack() throws {
        struct Stop: Error {}
        let f = FlowLayout()
        try f.configure { $0.itemSize = Size(width: 60, height: 60) }
        let v = try FlowTest.attach(f, [300], Size(width: 200, height: 300))
        func check(_ running: Bool, _ what: String) {
            XCTAssertEqual(v.scrollAnimates, running, what)
            XCTAssertEqual(v.scrollAnimation != nil, running, what)
        }
        check(false, "at rest")
        XCTAssertThrowsError(try v.withHostContentOffset(Point(x: 0, y: 500)) { throw Stop() })
        XCTAssertEqual(v.contentOffset, .zero)
        check(false, "a failed query without a scroll")
        let timing = try AnimationTiming(duration: 2, curve: .linear)
        _ = try v.scrollToItem(at: IndexPath(section: 0, item: 200), at: .top, animation: timing)
        try v.setTime(0.5)
        check(true, "scrolling")
        let (before, target) = (v.contentOffset, v.scrollAnimation?.to)
        XCTAssertGreaterThan(before.y, 0)
        XCTAssertThrowsError(try v.withHostContentOffset(Point(x: 0, y: 40)) { throw Stop() })
        XCTAssertEqual(v.contentOffset, before)
        XCTAssertEqual(v.scrollAnimation?.to, target)
        check(true, "a failed query during a scroll")
        try v.setTime(1)
        XCTAssertGreaterThan(v.contentOffset.y, before.y)  // still scrolling
        XCTAssertEqual(try v.withHostContentOffset(Point(x: 0, y: 40)) { 7 }, 7)
        XCTAssertEqual(v.contentOffset, Point(x: 0, y: 40))
        check(false, "a query at another offset stops it")
        _ = try v.scrollToItem(at: IndexPath(section: 0, item: 100), at: .top, animation: timing)
        check(true, "scrolling again")
        try v.finishAnimations()
        check(false, "finished")
    }
}
