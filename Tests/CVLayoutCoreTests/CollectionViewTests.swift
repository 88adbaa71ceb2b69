import XCTest

@testable import CVLayoutCore

/// The collection view's own behaviour: layout cycle, layout switching (carried offset,
/// animation), batch-update animations and beginFromCurrentState.
final class CollectionViewTests: XCTestCase {
    private func cell(_ v: CollectionView, _ s: Int, _ i: Int) throws -> LayoutAttributes {
        try XCTUnwrap(
            v.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: IndexPath(section: s, item: i)))
        )
    }

    func testSwitchCircleToFlowWithoutAnimationAnswersAtOnce() throws {
        let circle = CircleLayout()
        let v = try CollectionView(dataSource: StaticDataSource([4]), layout: circle)
        try v.setBoundsSize(Size(width: 300, height: 300))
        // Circle: centre (150,150), radius floor(300/2.5) = 120; item 1 at angle 0 → (270, 150).
        XCTAssertEqual(try cell(v, 0, 1).center, Point(x: 270, y: 150))
        let flow = FlowLayout()
        try flow.configure { $0.itemSize = Size(width: 60, height: 60) }
        try v.setLayout(flow, animation: nil)
        XCTAssertNil(circle.collectionView)
        XCTAssertFalse(v.isAnimating)
        // Flow, 300 wide, 60 pt items, spacing 10: 4 per line (4·60 + 3·10 = 270 ≤ 300), leftover
        // 30 → gap 10 + 10 = 20: x = 0, 80, 160, 240. Item 1 centre (110, 30).
        XCTAssertEqual(try cell(v, 0, 1).center, Point(x: 110, y: 30))
        XCTAssertTrue(try cell(v, 0, 1).transform.isIdentity)
    }

    func testAnimatedSwitchInterpolatesFramesAndRotation() throws {
        let circle = CircleLayout()
        let v = try CollectionView(dataSource: StaticDataSource([4]), layout: circle)
        try v.setBoundsSize(Size(width: 300, height: 300))
        try v.setTime(100)
        let flow = FlowLayout()
        try flow.configure { $0.itemSize = Size(width: 60, height: 60) }
        try v.setLayout(flow, animation: try AnimationTiming(duration: 2, curve: .linear))
        XCTAssertTrue(v.isAnimating)
        try v.setTime(101)  // halfway
        let a = try cell(v, 0, 1)
        // From (270,150) rotated 90° about z to (110,30) identity: centre (190, 90), 45° rotation.
        XCTAssertEqual(a.center.x, 190, accuracy: 1e-9)
        XCTAssertEqual(a.center.y, 90, accuracy: 1e-9)
        XCTAssertTrue(a.transform.isApproximatelyEqual(to: .rotation(.pi / 4, 0, 0, 1), tolerance: 1e-12))
        // The rect query returns the same on-screen attributes.
        let all = try v.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 300, height: 300))
        let fromRect = try XCTUnwrap(all.first { $0.indexPath == IndexPath(section: 0, item: 1) })
        XCTAssertEqual(fromRect.center.x, 190, accuracy: 1e-9)
        try v.setTime(102)
        XCTAssertFalse(v.isAnimating)
        XCTAssertEqual(try cell(v, 0, 1).center, Point(x: 110, y: 30))
    }

    func testSwitchCarriesTheContentOffsetSoTheCentreItemStays() throws {
        let small = FlowLayout()
        try small.configure {
            $0.itemSize = Size(width: 100, height: 100)
            $0.minimumLineSpacing = 0
            $0.minimumInteritemSpacing = 0
        }
        let v = try CollectionView(dataSource: StaticDataSource([1000]), layout: small)
        try v.setBoundsSize(Size(width: 300, height: 300))
        // 3 per line, 100 pt lines. Scroll so line 50 (items 150...152) is centred: the viewport
        // centre y = 5050 → offset y = 4900. The nearest cell to (150, 5050) is item 151.
        try v.setContentOffset(Point(x: 0, y: 4900))
        let big = FlowLayout()
        try big.configure {
            $0.itemSize = Size(width: 300, height: 200)
            $0.minimumLineSpacing = 0
            $0.minimumInteritemSpacing = 0
        }
        try v.setLayout(big, animation: nil)
        // Item 151 is alone on line 151 of the big layout: centre y = 151·200 + 100 = 30300.
        // It was 150 pt below the old offset (5050 − 4900), so the new offset is 30300 − 150.
        XCTAssertEqual(v.contentOffset.y, 30150, accuracy: 1e-9)
        XCTAssertEqual(try cell(v, 0, 151).center.y - v.contentOffset.y, 150, accuracy: 1e-9)
    }

    func testNewAnimationStartsFromTheCurrentOnScreenState() throws {
        let flow = FlowLayout()
        try flow.configure {
            $0.itemSize = Size(width: 100, height: 100)
            $0.minimumInteritemSpacing = 0
            $0.minimumLineSpacing = 0
        }
        let ds = StaticDataSource([3])
        let v = try CollectionView(dataSource: ds, layout: flow)
        try v.setBoundsSize(Size(width: 300, height: 300))
        _ = try v.visibleAttributes()  // the host draws: an update animates from what is on screen
        // Insert at 0: old item 0 moves from x 0..100 to x 100..200 (centre 50 → 150).
        ds.counts = [4]
        var u = BatchUpdate(); u.insertItems([IndexPath(section: 0, item: 0)])
        try v.performBatchUpdates(u, animation: try AnimationTiming(duration: 1, curve: .linear))
        try v.setTime(0.5)
        XCTAssertEqual(try cell(v, 0, 1).center.x, 100, accuracy: 1e-9)  // halfway 50 → 150
        // A second insert at 0 while the first runs: that element (now item 2) must start at 100,
        // where it is on screen, and go to 250.
        ds.counts = [5]
        try v.performBatchUpdates(u, animation: try AnimationTiming(duration: 1, curve: .linear))
        XCTAssertEqual(try cell(v, 0, 2).center.x, 100, accuracy: 1e-9)  // no jump at t = 0
        try v.setTime(1.0)
        XCTAssertEqual(try cell(v, 0, 2).center.x, 175, accuracy: 1e-9)  // halfway 100 → 250
    }

    /// A data-count invalidation that changes the counts ends the running update animation, as
    /// reloadData does. Before, the animation kept the inserted cells' index paths: with the
    /// data source back at zero sections every query failed ("the layout returned attributes for
    /// a cell with an index path that does not exist") until the animation ended.
    func testDataCountInvalidationThatChangesTheCountsEndsTheRunningAnimation() throws {
        let flow = FlowLayout()
        try flow.configure { $0.itemSize = Size(width: 10, height: 10) }
        let ds = StaticDataSource([])
        let v = try CollectionView(dataSource: ds, layout: flow)
        try v.setBoundsSize(Size(width: 100, height: 100))
        _ = try v.visibleAttributes()  // drawn: the update animates
        ds.counts = [2]
        var u = BatchUpdate(); u.insertSections([0])
        try v.performBatchUpdates(u, animation: try AnimationTiming(duration: 1, curve: .linear))
        try v.setTime(0.5)
        XCTAssertTrue(v.isAnimating)
        ds.counts = []
        var counts = InvalidationContext(); counts.invalidateDataSourceCounts = true
        try v.reloadCounts(with: counts)
        XCTAssertFalse(v.isAnimating)
        XCTAssertEqual(try v.layoutAttributesForElements(in: v.bounds), [])  // drawn again
        // Counts that did not change keep the animation.
        ds.counts = [3]
        try v.performBatchUpdates(u, animation: try AnimationTiming(duration: 1, curve: .linear))
        try v.reloadCounts(with: counts)
        XCTAssertTrue(v.isAnimating)
        XCTAssertEqual(try v.layoutAttributesForElements(in: v.bounds).count, 3)
    }

    /// A column of 100 x 100 cells that rests with a row at the top (the offset floored to a
    /// multiple of 100) in UIKit's form without velocity, recording what it is proposed.
    private final class RowTopFlow: FlowLayout {
        var proposals: [Point] = []
        var velocityFormAsked = 0
        var fails = false
        override func targetContentOffset(forProposedContentOffset proposed: Point) throws -> Point {
            proposals.append(proposed)
            if fails { throw LayoutError.callback("no offset today") }
            return Point(x: proposed.x, y: (proposed.y / 100).rounded(.down) * 100)
        }
        override func targetContentOffset(
            forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point
        ) throws -> Point {
            velocityFormAsked += 1
            return proposed
        }
    }

    private func column(_ layout: FlowLayout, items: Int, offset: Double) throws -> CollectionView {
        try layout.configure {
            $0.itemSize = Size(width: 100, height: 100)
            $0.minimumLineSpacing = 0
            $0.minimumInteritemSpacing = 0
        }
        let v = try CollectionView(dataSource: StaticDataSource([items]), layout: layout)
        try v.setBoundsSize(Size(width: 100, height: 300))
        try v.setContentOffset(Point(x: 0, y: offset))
        _ = try v.visibleAttributes()  // drawn
        return v
    }

    /// Screen y of every visible cell, by item.
    private func screenY(_ v: CollectionView) throws -> [Int: Double] {
        var out: [Int: Double] = [:]
        for a in try v.visibleAttributes() where a.category == .cell && !a.isDisappearing {
            out[a.indexPath.item] = a.frame.minY - v.contentOffset.y
        }
        return out
    }

    /// UIKit asks the layout's `targetContentOffsetForProposedContentOffset:` (no velocity) after
    /// a batch update's layout is prepared ("during layout updates"; UXKit's `_updateWithItems:`),
    /// so a layout chooses where the update comes to rest. The proposal is the offset as it
    /// stands — kept, or anchored under a policy — and the animation starts from what was on
    /// screen and ends at the layout's answer.
    func testBatchUpdateAsksTheLayoutWhereToRest() throws {
        let timing = try AnimationTiming(duration: 1, curve: .linear)
        var insert = BatchUpdate(); insert.insertItems([IndexPath(section: 0, item: 0)])
        // 20 cells at y = 100 i, offset 230: items 2...5 on screen at -30, 70, 170, 270.
        let snapping = RowTopFlow()
        let v = try column(snapping, items: 20, offset: 230)
        let before = try screenY(v)
        XCTAssertEqual(before, [2: -30, 3: 70, 4: 170, 5: 270])
        (v.dataSource as! StaticDataSource).counts = [21]
        try v.performBatchUpdates(insert, animation: timing)
        // Kept offset 230 proposed, 200 returned: the update rests with row 2 at the top.
        XCTAssertEqual(snapping.proposals, [Point(x: 0, y: 230)])
        XCTAssertEqual(snapping.velocityFormAsked, 0)
        XCTAssertEqual(v.contentOffset, Point(x: 0, y: 200))
        // t = 0: every cell on screen before (old item i, now i + 1) is where it was on screen.
        // New item 2 (old 1, off screen before) appears in place at its final frame (screen 0),
        // as an update shows any element it did not have on screen.
        XCTAssertEqual(try screenY(v), [2: 0, 3: -30, 4: 70, 5: 170, 6: 270])
        // Halfway: new item 3 from content y 170 (screen -30 at offset 200) to 300: 235.
        try v.setTime(0.5)
        XCTAssertEqual(try cell(v, 0, 3).frame.minY, 235)
        // The end is the static frame at 200: new items 2...4 (item 5 starts at the bottom edge).
        try v.setTime(1)
        XCTAssertFalse(v.isAnimating)
        XCTAssertEqual(try screenY(v), [2: 0, 3: 100, 4: 200])
        XCTAssertEqual(v.contentOffset, Point(x: 0, y: 200))

        // Under a policy the anchored offset is proposed, then the layout answers: old item 2
        // (first visible, screen -30) is new item 3 at y 300, anchored at 330, resting at 300.
        let anchored = RowTopFlow()
        let w = try column(anchored, items: 20, offset: 230)
        try w.setAnchorPolicy(.firstVisible)
        (w.dataSource as! StaticDataSource).counts = [21]
        try w.performBatchUpdates(insert, animation: timing)
        XCTAssertEqual(anchored.proposals, [Point(x: 0, y: 330)])
        XCTAssertEqual(w.contentOffset, Point(x: 0, y: 300))
        XCTAssertEqual(try screenY(w), [3: -30, 4: 70, 5: 170, 6: 270])  // t = 0: as on screen before
        try w.finishAnimations()
        XCTAssertEqual(try screenY(w), [3: 0, 4: 100, 5: 200])

        // Without animation: at rest at once.
        let plain = RowTopFlow()
        let x = try column(plain, items: 20, offset: 230)
        (x.dataSource as! StaticDataSource).counts = [21]
        try x.performBatchUpdates(insert, animation: nil)
        XCTAssertEqual(x.contentOffset, Point(x: 0, y: 200))
        XCTAssertFalse(x.isAnimating)

        // The base layout's answer is the proposal: the offset is kept, as before.
        let y = try column(FlowLayout(), items: 20, offset: 230)
        (y.dataSource as! StaticDataSource).counts = [21]
        try y.performBatchUpdates(insert, animation: timing)
        XCTAssertEqual(y.contentOffset, Point(x: 0, y: 230))

        // A failing answer fails the update; nothing changes.
        let failing = RowTopFlow()
        let z = try column(failing, items: 20, offset: 230)
        failing.fails = true
        (z.dataSource as! StaticDataSource).counts = [21]
        XCTAssertThrowsError(try z.performBatchUpdates(insert, animation: timing)) {
            XCTAssertEqual(($0 as? LayoutError)?.code, .callback)
        }
        XCTAssertEqual(z.counts, [20])
        XCTAssertNil(z.lastPlan)
        XCTAssertFalse(z.isAnimating)
        XCTAssertEqual(z.contentOffset, Point(x: 0, y: 230))
        XCTAssertEqual(try screenY(z), before)
        failing.fails = false
        try z.performBatchUpdates(insert, animation: nil)
        XCTAssertEqual(z.contentOffset, Point(x: 0, y: 200))
    }

    /// Screen y of every disappearing cell, by item.
    private func disappearingScreenY(_ v: CollectionView) throws -> [Int: Double] {
        var out: [Int: Double] = [:]
        for a in try v.visibleAttributes() where a.category == .cell && a.isDisappearing {
            out[a.indexPath.item] = a.frame.minY - v.contentOffset.y
        }
        return out
    }

    /// UXKit's `-_endItemAnimations`, once the layout is prepared for the new counts: a viewport
    /// that now hangs past the end of the content is moved back by the overhang, along each axis
    /// on which the content is still larger than the viewport, and only that offset is proposed
    /// to `targetContentOffset(forProposedContentOffset:)` (docs/batch-update-rules.md, "Where
    /// the update comes to rest"). A negative offset, or one along an axis the content no longer
    /// fills, is kept.
    func testBatchUpdatePullsAViewportPastTheEndOfShrunkContentBack() throws {
        let timing = try AnimationTiming(duration: 1, curve: .linear)
        func deleting(_ items: [Int]) -> BatchUpdate {
            var u = BatchUpdate()
            u.deleteItems(items.map { IndexPath(section: 0, item: $0) })
            return u
        }
        // 20 cells of 100 x 100 in a 100 x 300 viewport: content 2000, scrolled to the bottom
        // (2000 - 300 = 1700): items 17...19 on screen at 0, 100, 200.
        let v = try column(FlowLayout(), items: 20, offset: 1700)
        XCTAssertEqual(try screenY(v), [17: 0, 18: 100, 19: 200])
        (v.dataSource as! StaticDataSource).counts = [17]
        try v.performBatchUpdates(deleting([17, 18, 19]), animation: timing)
        // Content 17 * 100 = 1700; the viewport 1700...2000 hangs 300 past it: 1700 - 300 = 1400,
        // content height - bounds height.
        XCTAssertEqual(try v.contentSize(), Size(width: 100, height: 1700))
        XCTAssertEqual(v.contentOffset, Point(x: 0, y: 1400))
        // t = 0: the deleted cells start where they were on screen (their old frames moved by
        // the -300 offset change); items 14...16, off screen before, are at their final frames.
        XCTAssertEqual(try disappearingScreenY(v), [17: 0, 18: 100, 19: 200])
        XCTAssertEqual(try screenY(v), [14: 0, 15: 100, 16: 200])
        try v.finishAnimations()
        XCTAssertEqual(try screenY(v), [14: 0, 15: 100, 16: 200])
        XCTAssertEqual(try disappearingScreenY(v), [:])
        XCTAssertEqual(v.contentOffset, Point(x: 0, y: 1400))

        // The pulled-back offset is what the layout is proposed, and its answer has the last
        // word: a 250-high viewport at the bottom (1750) of 20 rows; one row deleted: content
        // 1900, 1750 + 250 = 2000 hangs 100 past it, 1650 proposed, the rows answer 1600.
        let rows = RowTopFlow()
        let w = try column(rows, items: 20, offset: 0)
        try w.setBoundsSize(Size(width: 100, height: 250))
        try w.setContentOffset(Point(x: 0, y: 1750))
        _ = try w.visibleAttributes()
        (w.dataSource as! StaticDataSource).counts = [19]
        try w.performBatchUpdates(deleting([19]), animation: nil)
        XCTAssertEqual(rows.proposals, [Point(x: 0, y: 1650)])
        XCTAssertEqual(w.contentOffset, Point(x: 0, y: 1600))

        // Content no larger than the viewport: no pull back (UXKit's `height(content) >
        // height(visible)`). 5 rows (500), at the bottom (200); 2 deleted: content 300, the
        // viewport 200...500 past it, kept; 2 more: content 100, kept.
        let s = try column(FlowLayout(), items: 5, offset: 200)
        (s.dataSource as! StaticDataSource).counts = [3]
        try s.performBatchUpdates(deleting([3, 4]), animation: nil)
        XCTAssertEqual(s.contentOffset, Point(x: 0, y: 200))
        (s.dataSource as! StaticDataSource).counts = [1]
        try s.performBatchUpdates(deleting([1, 2]), animation: nil)
        XCTAssertEqual(s.contentOffset, Point(x: 0, y: 200))

        // Only the end is pulled in: an offset before the start (-50) is kept.
        let n = try column(FlowLayout(), items: 20, offset: -50)
        (n.dataSource as! StaticDataSource).counts = [19]
        try n.performBatchUpdates(deleting([19]), animation: nil)
        XCTAssertEqual(n.contentOffset, Point(x: 0, y: -50))

        // Along x too: a horizontal flow of 20 columns of 100 in a 300 x 100 viewport at the
        // end (1700); 3 deleted: 1700 - 300 = 1400.
        let hflow = FlowLayout()
        try hflow.configure {
            $0.scrollDirection = .horizontal
            $0.itemSize = Size(width: 100, height: 100)
            $0.minimumLineSpacing = 0
            $0.minimumInteritemSpacing = 0
        }
        let h = try CollectionView(dataSource: StaticDataSource([20]), layout: hflow)
        try h.setBoundsSize(Size(width: 300, height: 100))
        try h.setContentOffset(Point(x: 1700, y: 0))
        _ = try h.visibleAttributes()
        (h.dataSource as! StaticDataSource).counts = [17]
        try h.performBatchUpdates(deleting([17, 18, 19]), animation: timing)
        XCTAssertEqual(h.contentOffset, Point(x: 1400, y: 0))

        // A failing layout answer fails the update: the offset stays at 1700.
        let failing = RowTopFlow()
        let f = try column(failing, items: 20, offset: 1700)
        failing.fails = true
        (f.dataSource as! StaticDataSource).counts = [17]
        XCTAssertThrowsError(try f.performBatchUpdates(deleting([17, 18, 19]), animation: timing))
        XCTAssertEqual(f.counts, [20])
        XCTAssertEqual(f.contentOffset, Point(x: 0, y: 1700))
        XCTAssertEqual(failing.proposals, [Point(x: 0, y: 1400)])
    }

    func testFailedBatchUpdateLeavesEverythingAsItWas() throws {
        let flow = FlowLayout()
        let ds = StaticDataSource([5])
        let v = try CollectionView(dataSource: ds, layout: flow)
        try v.setBoundsSize(Size(width: 320, height: 480))
        let before = try v.layoutAttributesForElements(in: v.bounds)
        ds.counts = [9]
        var u = BatchUpdate(); u.deleteItems([IndexPath(section: 0, item: 0)])
        XCTAssertThrowsError(try v.performBatchUpdates(u, animation: nil)) { e in
            XCTAssertEqual((e as? LayoutError)?.code, .inconsistentUpdate)
            XCTAssertTrue(
                (e as? LayoutError)?.message.hasPrefix("Invalid update: invalid number of items in section 0.") ?? false
            )
        }
        XCTAssertEqual(v.counts, [5])
        XCTAssertNil(v.lastPlan)
        XCTAssertEqual(try v.layoutAttributesForElements(in: v.bounds), before)
    }

    func testSpringAnimationSettles() throws {
        let flow = FlowLayout()
        let ds = StaticDataSource([2])
        let v = try CollectionView(dataSource: ds, layout: flow)
        try v.setBoundsSize(Size(width: 320, height: 480))
        _ = try v.visibleAttributes()  // drawn: the update animates
        ds.counts = [3]
        var u = BatchUpdate(); u.insertItems([IndexPath(section: 0, item: 0)])
        let timing = try AnimationTiming(spring: try Spring(dampingRatio: 0.5, response: 0.4))
        try v.performBatchUpdates(u, animation: timing)
        try v.setTime(timing.totalDuration * 0.5)
        XCTAssertTrue(v.isAnimating)
        try v.setTime(timing.totalDuration + 0.001)
        XCTAssertFalse(v.isAnimating)
        XCTAssertTrue(timing.totalDuration.isFinite && timing.totalDuration > 0.4)
    }
}
