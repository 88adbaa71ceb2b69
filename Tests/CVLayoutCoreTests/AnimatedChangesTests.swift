import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

/// Animated invalidation (Dimensions seed, Listing 4.17), animated `scrollToItem`, and the first
/// and last frames of animated layout switches (docs/animation-rules.md).
final class AnimatedChangesTests: XCTestCase {
    private func key(_ s: Int, _ i: Int) -> ElementKey {
        ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: s, item: i))
    }

    // MARK: Animated invalidation

    /// Listing 4.17: the aspect mode is toggled inside `animateWithDuration:0.5`. The frames stay;
    /// the mode (custom slot 0, discrete) switches when the ease-in-out progress reaches 0.5,
    /// which for the symmetric curve is at 0.25 s.
    func testDimensionsAspectToggleInsideAnAnimationBlock() throws {
        let l = DimensionsLayout()
        let v = try CollectionView(dataSource: StaticDataSource([4]), layout: l)
        try v.setBoundsSize(Size(width: 320, height: 480))
        try v.setTime(10)
        let before = try v.visibleAttributes().filter { $0.category == .cell }
        XCTAssertEqual(before.map { $0.custom[0] }, [0, 0, 0, 0])
        try v.beginAnimatedChanges(try AnimationTiming(duration: 0.5))
        l.layoutMode = .aspectFill
        try v.commitAnimatedChanges()
        XCTAssertTrue(v.isAnimating)
        for (t, mode) in [(10.0, 0.0), (10.2, 0), (10.249, 0), (10.251, 1), (10.4, 1)] {
            try v.setTime(t)
            let cells = try v.visibleAttributes().filter { $0.category == .cell }
            XCTAssertEqual(cells.map(\.frame), before.map(\.frame), "t \(t)")
            XCTAssertEqual(cells.map { $0.custom[0] }, [Double](repeating: mode, count: 4), "t \(t)")
            XCTAssertEqual(try v.layoutAttributes(for: key(0, 2))?.custom[0], mode, "t \(t)")
        }
        try v.setTime(10.5)
        XCTAssertFalse(v.isAnimating)
        XCTAssertEqual(try v.visibleAttributes().filter { $0.category == .cell }.map { $0.custom[0] }, [1, 1, 1, 1])
        // Outside a block the change is immediate.
        l.layoutMode = .aspectFit
        XCTAssertFalse(v.isAnimating)
        XCTAssertEqual(try v.layoutAttributes(for: key(0, 0))?.custom[0], 0)
    }

    /// A property that moves frames: every frame is interpolated from where it was on screen.
    func testAnimatedInvalidationInterpolatesFrames() throws {
        let flow = FlowLayout()
        try flow.configure {
            $0.itemSize = Size(width: 100, height: 100)
            $0.minimumInteritemSpacing = 0
            $0.minimumLineSpacing = 0
        }
        let v = try CollectionView(dataSource: StaticDataSource([6]), layout: flow)
        try v.setBoundsSize(Size(width: 300, height: 300))
        try v.beginAnimatedChanges(try AnimationTiming(duration: 1, curve: .linear))
        try flow.configure {
            $0.itemSize = Size(width: 150, height: 50)  // 2 per line: item 4 moves from (100,100) to (0,100)
        }
        try v.commitAnimatedChanges()
        try v.setTime(0.5)
        let a = try XCTUnwrap(v.layoutAttributes(for: key(0, 4)))
        XCTAssertEqual(a.frame, Rect(x: 50, y: 100, width: 125, height: 75))
        // Item 5 was on screen (200,100); it ends at (150,100): halfway (175,100).
        XCTAssertEqual(try v.layoutAttributes(for: key(0, 5))?.frame, Rect(x: 175, y: 100, width: 125, height: 75))
        try v.setTime(1)
        XCTAssertEqual(try v.layoutAttributes(for: key(0, 4))?.frame, Rect(x: 0, y: 100, width: 150, height: 50))
    }

    /// Progress 0 is the last frame before the change bit for bit, even where a frame's centre does
    /// not round-trip: a 3-column waterfall 184 wide has items 54.666… high, and item 9's top,
    /// 193.99999999999997, re-derived from its centre is 194.0, which would leave it off a 194-high
    /// screen that showed it before (found by test_switch_frames_property.py).
    func testProgressZeroKeepsFramesThatDoNotRoundTripThroughTheirCentre() throws {
        let l = WaterfallLayout()
        var c = l.waterfall
        c.columnCount = 3
        try l.configure(waterfall: c)
        let v = try CollectionView(dataSource: StaticDataSource([10]), layout: l)
        try v.setBoundsSize(Size(width: 184, height: 194))
        let before = try v.visibleAttributes().filter { $0.category == .cell }
        let nine = try XCTUnwrap(before.first { $0.indexPath.item == 9 })
        XCTAssertEqual(nine.frame.minY, 193.99999999999997)
        XCTAssertEqual(nine.center.y - nine.size.height / 2, 194)  // the round trip this guards against
        try v.beginAnimatedChanges(try AnimationTiming(duration: 1, curve: .linear))
        try l.configure { $0.itemSize = Size(width: 10, height: 10) }
        try v.commitAnimatedChanges()
        let first = try v.visibleAttributes().filter { $0.category == .cell }
        XCTAssertEqual(first.map(\.indexPath), before.map(\.indexPath))
        XCTAssertEqual(first.map(\.frame), before.map(\.frame))
        // Both ends of an interpolation are the stored frames; a zero move keeps the frame too.
        let other = LayoutAttributes.cell(nine.indexPath, frame: Rect(x: 5, y: 7, width: 11, height: 13))
        for (t, want) in [(0.0, nine.frame), (1.0, other.frame)] {
            let r = LayoutAttributes.interpolate(from: nine, to: other, progress: t, discreteCustomSlots: 0)
            XCTAssertEqual(r.frame, want, "t \(t)")
        }
        XCTAssertEqual(nine.moved(by: Point(x: 0, y: 0)).frame, nine.frame)
    }

    func testAnimatedChangeBlockRules() throws {
        let flow = FlowLayout()
        let ds = StaticDataSource([3])
        let v = try CollectionView(dataSource: ds, layout: flow)
        try v.setBoundsSize(Size(width: 300, height: 300))
        XCTAssertThrowsError(try v.commitAnimatedChanges()) { XCTAssertEqual(($0 as? LayoutError)?.code, .state) }
        // A batch update inside the block animates itself; the commit only closes the block.
        try v.beginAnimatedChanges(try AnimationTiming(duration: 1))
        ds.counts = [4]
        var u = BatchUpdate()
        u.insertItems([IndexPath(section: 0, item: 0)])
        try v.performBatchUpdates(u, animation: nil)
        try v.commitAnimatedChanges()
        XCTAssertFalse(v.isAnimating)
        XCTAssertThrowsError(try v.commitAnimatedChanges())
        // Nothing changed inside the block: nothing moves.
        try v.beginAnimatedChanges(try AnimationTiming(duration: 1))
        try v.commitAnimatedChanges()
        try v.setTime(0.5)
        XCTAssertEqual(
            try v.layoutAttributes(for: key(0, 1))?.frame,
            try flow.layoutAttributesForItem(at: IndexPath(section: 0, item: 1))?.frame)
    }

    // MARK: Animated scrollToItem

    /// 100 items of 100 × 100 in a 300-wide flow: 3 per line. Scrolling item 90 (line 30) to
    /// the top targets y = 3000; with a linear 1 s animation the offset at t is 3000·t and every
    /// sampled frame is exactly the layout's elements in that viewport.
    func testAnimatedScrollToItemFramesAreConsistent() throws {
        let flow = FlowLayout()
        try flow.configure {
            $0.itemSize = Size(width: 100, height: 100)
            $0.minimumInteritemSpacing = 0
            $0.minimumLineSpacing = 0
        }
        let v = try CollectionView(dataSource: StaticDataSource([100]), layout: flow)
        try v.setBoundsSize(Size(width: 300, height: 300))
        try v.setTime(5)
        let target = try v.scrollToItem(
            at: IndexPath(section: 0, item: 90), at: .top, animation: try AnimationTiming(duration: 1, curve: .linear))
        XCTAssertEqual(target, Point(x: 0, y: 3000))
        XCTAssertEqual(v.contentOffset, Point(x: 0, y: 0))
        XCTAssertTrue(v.isAnimating)
        var last = -1.0
        for step in 0...40 {
            let t = 5 + Double(step) / 40
            try v.setTime(t)
            let y = v.contentOffset.y
            XCTAssertEqual(y, 3000 * Double(step) / 40, accuracy: 1e-9)
            XCTAssertGreaterThanOrEqual(y, last)
            last = y
            // Brute force: every cell whose frame meets the viewport, by index.
            let firstLine = Int((y / 100).rounded(.down)), lastLine = Int(((y + 300) / 100).rounded(.up)) - 1
            let expected = (max(0, firstLine * 3)..<min(100, (lastLine + 1) * 3)).filter { i in
                let top = Double(i / 3) * 100
                return top < y + 300 && top + 100 > y
            }
            let visible = try v.visibleAttributes().filter { $0.category == .cell }
            XCTAssertEqual(visible.map(\.indexPath.item).sorted(), expected, "t \(t)")
            for a in visible {
                XCTAssertEqual(a.frame.minY, Double(a.indexPath.item / 3) * 100)
            }
        }
        XCTAssertFalse(v.isAnimating)
        XCTAssertEqual(v.contentOffset, target)

        // Ease-in-out: the offset follows the curve; a manual scroll stops the animation.
        try v.setContentOffset(.zero)
        try v.setTime(10)
        let ease = try AnimationTiming(duration: 2)
        _ = try v.scrollToItem(at: IndexPath(section: 0, item: 90), at: .top, animation: ease)
        try v.setTime(10.5)
        XCTAssertEqual(v.contentOffset.y, 3000 * TimingCurve.easeInOut.value(at: 0.25), accuracy: 1e-9)
        XCTAssertLessThan(v.contentOffset.y, 3000 * 0.25)  // eases in
        try v.setContentOffset(Point(x: 0, y: 100))
        XCTAssertFalse(v.isAnimating)
        try v.setTime(11)
        XCTAssertEqual(v.contentOffset.y, 100)
        // finishAnimations jumps to the target; a zero-length animation jumps at once.
        _ = try v.scrollToItem(at: IndexPath(section: 0, item: 30), at: .centeredVertically, animation: ease)
        try v.finishAnimations()
        XCTAssertEqual(v.contentOffset.y, 900)  // item 30: line 10, mid y 1050, minus half the viewport (150)
        XCTAssertFalse(v.isAnimating)
    }

    // MARK: Layout switches: first and last frame

    /// The layouts the property test switches between (one section of 100 items).
    private func makeLayouts() -> [(String, () -> CollectionViewLayout)] {
        [
            (
                "flow",
                {
                    let f = FlowLayout(); try! f.configure { $0.itemSize = Size(width: 60, height: 60) }; return f
                }
            ),
            ("circle", { CircleLayout() }),
            ("coverflow", { CoverFlowLayout() }),
            ("mosaic", { MosaicLayout() }),
            ("dimensions", { DimensionsLayout() }),
            ("survey", { SurveyLayout() }),
        ]
    }

    /// What a host draws: the visible elements (alpha > 0, not hidden) in screen coordinates.
    private func screenFrame(_ v: CollectionView) throws -> [ElementKey: LayoutAttributes] {
        var out: [ElementKey: LayoutAttributes] = [:]
        for a in try v.layoutAttributesForElements(in: v.bounds) where a.alpha > 0 && !a.isHidden {
            out[a.key] = a.moved(by: Point(x: -v.contentOffset.x, y: -v.contentOffset.y))
        }
        return out
    }

    private func assertSameFrame(
        _ a: [ElementKey: LayoutAttributes], _ b: [ElementKey: LayoutAttributes],
        _ label: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(Set(a.keys), Set(b.keys), "\(label): elements", file: file, line: line)
        for (k, x) in a {
            guard let y = b[k] else { continue }
            XCTAssertEqual(x.center.x, y.center.x, accuracy: 1e-6, "\(label) \(k)", file: file, line: line)
            XCTAssertEqual(x.center.y, y.center.y, accuracy: 1e-6, "\(label) \(k)", file: file, line: line)
            XCTAssertEqual(x.size, y.size, "\(label) \(k)", file: file, line: line)
            XCTAssertEqual(x.alpha, y.alpha, accuracy: 1e-12, "\(label) \(k)", file: file, line: line)
            XCTAssertTrue(
                x.transform.isApproximatelyEqual(to: y.transform, tolerance: 1e-9), "\(label) \(k)", file: file,
                line: line)
            XCTAssertEqual(x.zIndex, y.zIndex, "\(label) \(k)", file: file, line: line)
        }
    }

    /// For every ordered pair of layouts and several offsets: the frame at t = 0 of an animated
    /// switch is the old layout's last static frame, and the frame at the end is the new layout's
    /// static frame (compared with a fresh view of the new layout at the same offset).
    func testLayoutSwitchFirstAndLastFramesForEveryPair() throws {
        let layouts = makeLayouts()
        for (fromName, makeFrom) in layouts {
            for (toName, makeTo) in layouts where toName != fromName {
                for wanted in [0.0, 300, 100_000] {
                    let v = try CollectionView(dataSource: StaticDataSource([100]), layout: makeFrom())
                    try v.setBoundsSize(Size(width: 320, height: 480))
                    let size = try v.contentSize()
                    let offset = Point(
                        x: v.clampOffset(wanted, content: size.width, viewport: 320),
                        y: v.clampOffset(wanted, content: size.height, viewport: 480))
                    try v.setContentOffset(offset)
                    try v.setTime(1)
                    let oldFrame = try screenFrame(v)
                    let label = "\(fromName) → \(toName) at \(offset)"
                    try v.setLayout(makeTo(), animation: try AnimationTiming(duration: 1, curve: .linear))
                    assertSameFrame(try screenFrame(v), oldFrame, "\(label), t = 0")
                    try v.setTime(2)
                    XCTAssertFalse(v.isAnimating)
                    let fresh = try CollectionView(dataSource: StaticDataSource([100]), layout: makeTo())
                    try fresh.setBoundsSize(Size(width: 320, height: 480))
                    try fresh.setContentOffset(v.contentOffset)
                    assertSameFrame(try screenFrame(v), try screenFrame(fresh), "\(label), end")
                }
            }
        }
    }

    /// Flow → circle at offset 300 (the circle's content is the viewport, so the offset becomes
    /// 0). Elements that were off-screen used to appear at t = 0 at their old positions under the
    /// new offset (48 drawn instead of the old frame's 32); now only the old frame shows.
    func testFlowToCircleAtOffset300ShowsOnlyTheOldFrameAtFirst() throws {
        let flow = FlowLayout()
        try flow.configure { $0.itemSize = Size(width: 60, height: 60) }
        let v = try CollectionView(dataSource: StaticDataSource([100]), layout: flow)
        try v.setBoundsSize(Size(width: 320, height: 480))
        try v.setContentOffset(Point(x: 0, y: 300))
        let before = try screenFrame(v)
        try v.setLayout(CircleLayout(), animation: try AnimationTiming(duration: 1, curve: .linear))
        XCTAssertNotEqual(v.contentOffset.y, 300)  // the circle's content is the viewport: offset 0
        let first = try screenFrame(v)
        XCTAssertEqual(first.count, before.count)
        XCTAssertEqual(Set(first.keys), Set(before.keys))
    }
}
