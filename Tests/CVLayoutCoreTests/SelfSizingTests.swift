import XCTest

@testable import CVLayoutCore

/// Self-sizing: estimates, measured sizes and the content-offset corrections.
///
/// The list: a vertical flow layout 320 pt wide, every item estimated at 320×50 with no
/// spacing, so item i's estimated frame is y = 50 i ..< 50 i + 50 (one item per line). The
/// viewport is 320×400: eight items.
final class SelfSizingTests: XCTestCase {
    private func list(_ n: Int, anchoring: AnchorPolicy = .none) throws -> (CollectionView, FlowLayout) {
        let flow = FlowLayout()
        try flow.configure {
            $0.itemSize = Size(width: 10, height: 10)  // not used: the estimate wins
            $0.estimatedItemSize = Size(width: 320, height: 50)
            $0.minimumLineSpacing = 0
            $0.minimumInteritemSpacing = 0
        }
        let v = try CollectionView(dataSource: StaticDataSource([n]), layout: flow)
        try v.setBoundsSize(Size(width: 320, height: 400))
        try v.setAnchorPolicy(anchoring)
        return (v, flow)
    }

    private func ip(_ i: Int) -> CVLayoutCore.IndexPath { CVLayoutCore.IndexPath(section: 0, item: i) }
    private func frame(_ v: CollectionView, _ i: Int) throws -> Rect {
        try XCTUnwrap(try v.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: ip(i)))).frame
    }

    func testEstimatedItemSizeIsTheSizeOfUnmeasuredItems() throws {
        let (v, flow) = try list(100)
        XCTAssertEqual(try v.contentSize(), Size(width: 320, height: 5000))
        XCTAssertEqual(try frame(v, 7), Rect(x: 0, y: 350, width: 320, height: 50))
        XCTAssertFalse(flow.isMeasured(ip(7)))
        XCTAssertEqual(try v.itemsToMeasure(in: v.bounds).items, (0..<8).map(ip))
    }

    func testItemsMeasuredAboveTheViewportShiftTheOffsetByTheirChange() throws {
        let (v, flow) = try list(100)
        try v.setContentOffset(Point(x: 0, y: 1000))  // items 20...27 visible, item 20 at the top
        // Items 10...14 measure 80 instead of 50: +150 above the viewport.
        try v.setMeasuredSizes((10...14).map { (ip($0), Size(width: 320, height: 80)) })
        XCTAssertEqual(v.contentOffset.y, 1150)
        XCTAssertEqual(try v.contentSize().height, 5150)
        XCTAssertEqual(try frame(v, 20).minY, 1150)  // still at the top of the viewport
        XCTAssertEqual(try frame(v, 14), Rect(x: 0, y: 820, width: 320, height: 80))  // 500 + 4 × 80
        XCTAssertTrue(flow.isMeasured(ip(12)))
        XCTAssertEqual(flow.measuredItemCount, 5)
    }

    func testItemsMeasuredBelowTheViewportChangeOnlyTheContentSize() throws {
        let (v, _) = try list(100)
        try v.setContentOffset(Point(x: 0, y: 1000))
        try v.setMeasuredSizes((30...34).map { (ip($0), Size(width: 320, height: 20)) })
        XCTAssertEqual(v.contentOffset.y, 1000)
        XCTAssertEqual(try v.contentSize().height, 5000 - 150)
        XCTAssertEqual(try frame(v, 35).minY, 1500 + 100)  // 30 × 50 + 5 × 20
    }

    func testACellStraddlingTheTopGrowsUpward() throws {
        let (v, _) = try list(100)
        try v.setContentOffset(Point(x: 0, y: 1025))  // item 20 (1000..1050) straddles the top
        // Item 20 measures 100: item 21 (unchanged, 25 pt down the screen) is the anchor.
        try v.setMeasuredSizes([(ip(20), Size(width: 320, height: 100))])
        XCTAssertEqual(try frame(v, 21).minY, 1100)
        XCTAssertEqual(v.contentOffset.y, 1075)  // 1100 − 25: item 21 stays 25 pt down
        XCTAssertEqual(try frame(v, 20).maxY - v.contentOffset.y, 25)  // item 20's bottom edge stays
    }

    func testMeasuringEveryVisibleCellKeepsTheFirstOne() throws {
        let (v, _) = try list(100)
        try v.setContentOffset(Point(x: 0, y: 1000))
        try v.setMeasuredSizes((20...27).map { (ip($0), Size(width: 320, height: 60)) })
        XCTAssertEqual(v.contentOffset.y, 1000)  // item 20 is the anchor: it stays
        XCTAssertEqual(try frame(v, 27).minY, 1420)  // 1000 + 7 × 60
        XCTAssertEqual(try v.contentSize().height, 5080)
        XCTAssertEqual(try v.itemsToMeasure(in: v.bounds).items, [])  // 20...26 fill 1000..1420
    }

    func testChatAtTheEndStaysAtTheEnd() throws {
        let (v, _) = try list(100, anchoring: .end)
        try v.setContentOffset(Point(x: 0, y: 4600))  // the end: items 92...99
        try v.setMeasuredSizes((92...99).map { (ip($0), Size(width: 320, height: 70)) })
        XCTAssertEqual(try v.contentSize().height, 5160)
        XCTAssertEqual(v.contentOffset.y, 4760)  // still the end: 5160 − 400
    }

    func testNearestPointPolicyKeepsTheCellNearItsPoint() throws {
        let (v, _) = try list(100, anchoring: .nearest(Point(x: 160, y: 200)))
        try v.setContentOffset(Point(x: 0, y: 1000))
        // Items 23 and 24 are 25 pt from the point (1200): 23 (lower index path) is the anchor,
        // 150 pt down the screen. Item 22, visible above it, measures 100: the offset follows.
        try v.setMeasuredSizes([(ip(22), Size(width: 320, height: 100))])
        XCTAssertEqual(v.contentOffset.y, 1050)
        XCTAssertEqual(try frame(v, 23).minY - v.contentOffset.y, 150)
        // Under first-visible (the default for measurements) item 20 would have stayed instead.
        let (w, _) = try list(100)
        try w.setContentOffset(Point(x: 0, y: 1000))
        try w.setMeasuredSizes([(ip(22), Size(width: 320, height: 100))])
        XCTAssertEqual(w.contentOffset.y, 1000)
    }

    func testBadMeasurementsChangeNothing() throws {
        let (v, flow) = try list(100)
        try v.setContentOffset(Point(x: 0, y: 1000))
        let before = try v.layoutAttributesForElements(in: v.bounds)
        let good = (ip(3), Size(width: 320, height: 80))
        let cases: [([(CVLayoutCore.IndexPath, Size)], LayoutError.Code)] = [
            ([good, (ip(4), Size(width: .nan, height: 10))], .invalidArgument),
            ([good, (ip(4), Size(width: 320, height: -1))], .invalidArgument),
            ([good, (ip(4), Size(width: 320, height: .infinity))], .invalidArgument),
            ([good, (ip(100), Size(width: 320, height: 10))], .outOfRange),
            ([good, (CVLayoutCore.IndexPath(section: 1, item: 0), Size(width: 320, height: 10))], .outOfRange),
            ([good, (ip(-1), Size(width: 320, height: 10))], .outOfRange),
        ]
        for (items, code) in cases {
            XCTAssertThrowsError(try v.setMeasuredSizes(items)) { XCTAssertEqual(($0 as? LayoutError)?.code, code) }
            XCTAssertEqual(flow.measuredItemCount, 0)
            XCTAssertEqual(v.contentOffset.y, 1000)
            XCTAssertEqual(try v.contentSize().height, 5000)
            XCTAssertEqual(try v.layoutAttributesForElements(in: v.bounds), before)
        }
    }

    /// A failure after the sizes are written — the prepare, or the lookup of the anchor cell
    /// (a flow layout's hook: found by the fuzzer, whose `attributes_for_element` hook answered
    /// an invalid `found`) — gives everything back: the measurements (none, or earlier ones),
    /// the offset, the frames. The same call succeeds once the layout stops failing.
    func testAFailureAfterTheWriteChangesNothing() throws {
        final class Failing: FlowLayout {
            var failLookups = false, failPrepare = false
            override func prepare() throws {
                if failPrepare { throw LayoutError(.callback, "the prepare hook failed") }
                try super.prepare()
            }
            override func layoutAttributesForItem(at indexPath: CVLayoutCore.IndexPath) throws -> LayoutAttributes? {
                if failLookups { throw LayoutError(.callback, "the element hook failed") }
                return try super.layoutAttributesForItem(at: indexPath)
            }
        }
        for failure in ["lookup", "prepare"] {
            for earlier in [false, true] {
                let flow = Failing()
                try flow.configure {
                    $0.estimatedItemSize = Size(width: 320, height: 50)
                    $0.minimumLineSpacing = 0
                    $0.minimumInteritemSpacing = 0
                }
                let v = try CollectionView(dataSource: StaticDataSource([100]), layout: flow)
                try v.setBoundsSize(Size(width: 320, height: 400))
                try v.setContentOffset(Point(x: 0, y: 1000))  // items 20...27, item 20 at the top
                if earlier { try v.setMeasuredSizes([(ip(5), Size(width: 320, height: 10))]) }  // -40
                let offset = earlier ? 960.0 : 1000.0, height = earlier ? 4960.0 : 5000.0
                XCTAssertEqual(v.contentOffset.y, offset)
                let before = try v.layoutAttributesForElements(in: v.bounds)
                // Items 10...14 measure 80: +150 above the viewport, the offset would move.
                let measured = (10...14).map { (ip($0), Size(width: 320, height: 80)) }
                flow.failLookups = failure == "lookup"
                flow.failPrepare = failure == "prepare"
                XCTAssertThrowsError(try v.setMeasuredSizes(measured), "\(failure) \(earlier)") {
                    XCTAssertEqual(($0 as? LayoutError)?.code, .callback)
                }
                flow.failLookups = false
                flow.failPrepare = false
                XCTAssertEqual(flow.measuredItemCount, earlier ? 1 : 0, "\(failure) \(earlier)")
                XCTAssertFalse(flow.isMeasured(ip(12)))
                XCTAssertEqual(v.contentOffset.y, offset, "\(failure) \(earlier)")
                XCTAssertEqual(try v.contentSize().height, height, "\(failure) \(earlier)")
                XCTAssertEqual(try v.layoutAttributesForElements(in: v.bounds), before, "\(failure) \(earlier)")
                XCTAssertEqual(try frame(v, 14), Rect(x: 0, y: height - 50 * 86, width: 320, height: 50))
                XCTAssertEqual(try v.itemsToMeasure(in: v.bounds).total, 8)
                // Nothing half-done is left behind: the same call now lands as it would have.
                try v.setMeasuredSizes(measured)
                XCTAssertEqual(v.contentOffset.y, offset + 150)
                XCTAssertEqual(try v.contentSize().height, height + 150)
                XCTAssertEqual(try frame(v, 14), Rect(x: 0, y: height - 50 * 86 + 120, width: 320, height: 80))
                XCTAssertEqual(flow.measuredItemCount, earlier ? 6 : 5)
            }
        }
    }

    func testMeasuringByIdentifier() throws {
        let (v, flow) = try list(3)
        XCTAssertThrowsError(try v.setMeasuredSizes(identifiers: [(7, Size(width: 320, height: 80))])) {
            XCTAssertEqual(($0 as? LayoutError)?.code, .state)  // no identifiers yet
        }
        try v.setIdentifiers(Snapshot([(1, [7, 8, 9])]))
        XCTAssertThrowsError(
            try v.setMeasuredSizes(identifiers: [
                (8, Size(width: 320, height: 80)),
                (99, Size(width: 320, height: 80)),
            ])
        ) {
            XCTAssertEqual(($0 as? LayoutError)?.code, .invalidArgument)
        }
        XCTAssertEqual(flow.measuredItemCount, 0)
        try v.setMeasuredSizes(identifiers: [(8, Size(width: 320, height: 80))])
        XCTAssertEqual(try frame(v, 2).minY, 130)  // 50 + 80
        XCTAssertTrue(flow.isMeasured(ip(1)))
    }

    func testACountChangeForgetsTheSectionsMeasurements() throws {
        let (v, flow) = try list(10)
        try v.setMeasuredSizes([(ip(0), Size(width: 320, height: 80))])
        XCTAssertEqual(try v.contentSize().height, 530)
        let ds = v.dataSource as! StaticDataSource
        ds.counts = [11]
        var u = BatchUpdate(); u.insertItems([ip(10)])
        try v.performBatchUpdates(u, animation: nil)
        XCTAssertEqual(try v.contentSize().height, 550)  // back to the estimates: 11 × 50
        XCTAssertEqual(flow.measuredItemCount, 0)
        XCTAssertNil(flow.itemSizes(forSection: 0))
    }

    /// A batch update that fails after the layout was prepared for the new counts gives the
    /// measurements back: the prepare had forgotten those of the section whose count changed
    /// (found by the fuzzer: the content was 7,366 points high before a failed animated insert
    /// and 830 after, its section back at its estimates).
    func testAFailedUpdateKeepsTheMeasurements() throws {
        let flow = FailingUpdateFlowLayout()
        flow.fail = true
        try flow.configure {
            $0.estimatedItemSize = Size(width: 320, height: 50)
            $0.minimumLineSpacing = 0
            $0.minimumInteritemSpacing = 0
        }
        let ds = StaticDataSource([10])
        let v = try CollectionView(dataSource: ds, layout: flow)
        try v.setBoundsSize(Size(width: 320, height: 400))
        try v.setMeasuredSizes([(ip(0), Size(width: 320, height: 80)), (ip(3), Size(width: 320, height: 20))])
        XCTAssertEqual(try v.contentSize().height, 500 + 30 - 30)  // +30 for item 0, -30 for item 3
        XCTAssertEqual(try frame(v, 4).minY, 80 + 50 + 50 + 20)
        ds.counts = [11]
        var u = BatchUpdate()
        u.insertItems([ip(10)])
        XCTAssertThrowsError(try v.performBatchUpdates(u, animation: try AnimationTiming(duration: 0.3)))
        ds.counts = [10]  // the host takes its change back
        XCTAssertEqual(v.numberOfItems(inSection: 0), 10)
        XCTAssertEqual(flow.measuredItemCount, 2)
        XCTAssertTrue(flow.isMeasured(ip(3)))
        XCTAssertEqual(try frame(v, 0), Rect(x: 0, y: 0, width: 320, height: 80))
        XCTAssertEqual(try frame(v, 4).minY, 200)
        XCTAssertEqual(try v.contentSize().height, 500)
    }

    func testARangeEditKeepsTheMeasurementsItDoesNotReplace() throws {
        let (v, flow) = try list(10)
        try v.setMeasuredSizes([(ip(5), Size(width: 320, height: 80))])  // the layout's array, 10 sizes
        try flow.replaceItemSizes(
            inSection: 0, start: 0, removeCount: 1,
            with: [Size(width: 320, height: 50), Size(width: 320, height: 50)])
        let ds = v.dataSource as! StaticDataSource
        ds.counts = [11]
        var u = BatchUpdate(); u.insertItems([ip(0)])
        try v.performBatchUpdates(u, animation: nil)
        XCTAssertTrue(flow.isMeasured(ip(6)))  // item 5 moved to 6 with its size
        XCTAssertFalse(flow.isMeasured(ip(5)))
        XCTAssertEqual(try frame(v, 6), Rect(x: 0, y: 300, width: 320, height: 80))
        XCTAssertEqual(try v.contentSize().height, 580)  // 10 × 50 + 80
    }

    func testAnAnimatedScrollFollowsMeasurementsAbove() throws {
        let (v, _) = try list(100)
        // To item 40 (estimated at 2000) in 1 s; halfway, items 0...9 measure 80 (+300).
        _ = try v.scrollToItem(at: ip(40), at: .top, animation: try AnimationTiming(duration: 1, curve: .linear))
        try v.setTime(0.5)
        XCTAssertEqual(v.contentOffset.y, 1000)
        let screen = try frame(v, 20).minY - v.contentOffset.y  // item 20 is visible: 0
        try v.setMeasuredSizes((0...9).map { (ip($0), Size(width: 320, height: 80)) })
        XCTAssertEqual(v.contentOffset.y, 1300)
        XCTAssertEqual(try frame(v, 20).minY - v.contentOffset.y, screen)
        try v.setTime(1)
        XCTAssertEqual(v.contentOffset.y, 2300)  // the target moved with the content
        XCTAssertEqual(try frame(v, 40).minY, 2300)
    }

    func testAnAnimationInProgressKeepsWhatIsOnScreen() throws {
        let (v, _) = try list(100)
        try v.setContentOffset(Point(x: 0, y: 1000))
        _ = try v.visibleAttributes()  // drawn: the update animates from it
        let ds = v.dataSource as! StaticDataSource
        ds.counts = [101]
        var u = BatchUpdate(); u.insertItems([ip(22)])  // items 22... move down 50 over 1 s
        try v.performBatchUpdates(u, animation: try AnimationTiming(duration: 1, curve: .linear))
        try v.setTime(0.5)
        func onScreen() throws -> [Double] {
            try v.layoutAttributesForElements(in: v.bounds).filter { $0.category == .cell && !$0.isDisappearing }
                .sorted { $0.indexPath < $1.indexPath }.map { $0.frame.minY - v.contentOffset.y }
        }
        let before = try onScreen()
        XCTAssertEqual(before[3], 125)  // item 23 (was 22 at 1100), halfway to 1150
        try v.setMeasuredSizes((0...4).map { (ip($0), Size(width: 320, height: 70)) })  // +100 above
        XCTAssertEqual(v.contentOffset.y, 1100)
        XCTAssertEqual(try onScreen(), before)
    }

    /// Real heights of the long lists below: 30...89 pt, spread by a fixed pattern.
    private func realHeight(_ i: Int) -> Double { Double(30 + (i * 37) % 60) }

    func testScrollToItemLandsExactlyThroughEstimates() throws {
        let (v, flow) = try list(20_000)
        for (target, position) in [(12_345, ScrollPosition.top), (19_990, .bottom), (7_000, .centeredVertically)] {
            var rounds = 0
            while true {
                let need = try v.itemsToMeasure(forScrollTo: ip(target), at: position).items
                if need.isEmpty { break }
                try v.setMeasuredSizes(need.map { (ip($0.item), Size(width: 320, height: realHeight($0.item))) })
                rounds += 1
                XCTAssertLessThan(rounds, 20)
            }
            let o = try v.scrollToItem(at: ip(target), at: position)
            let f = try frame(v, target)
            XCTAssertEqual(f.height, realHeight(target))
            switch position {
            case .top: XCTAssertEqual(f.minY - o.y, 0)
            case .bottom: XCTAssertEqual(f.maxY - o.y, 400)  // 19 990 is not among the last items
            default: XCTAssertEqual(f.midY - o.y, 200)
            }
            // Every visible cell was measured, and measuring what is above moves nothing on screen.
            XCTAssertEqual(try v.itemsToMeasure(in: v.bounds).items, [])
            let screen = f.minY - v.contentOffset.y
            let above = (target - 300..<target - 200).map { (ip($0), Size(width: 320, height: realHeight($0))) }
            try v.setMeasuredSizes(above)
            XCTAssertEqual(try frame(v, target).minY - v.contentOffset.y, screen, accuracy: 1e-6)
        }
        XCTAssertLessThan(flow.measuredItemCount, 500)
    }

    /// The host loop: scroll from the bottom to the top, measuring the cells within a viewport
    /// of the visible rect before each frame is drawn; a cell drawn in two frames moves by the
    /// scroll delta only.
    func testScrollingUpWhileMeasuringMovesCellsOnlyByTheScrollDelta() throws {
        let (v, _) = try list(10_000)
        try v.setContentOffset(Point(x: 0, y: try v.contentSize().height - 400))
        func measureAround() throws {
            while true {
                let r = Rect(x: 0, y: v.contentOffset.y - 400, width: 320, height: 1200)
                let need = try v.itemsToMeasure(in: r).items
                if need.isEmpty { return }
                try v.setMeasuredSizes(need.map { ($0, Size(width: 320, height: realHeight($0.item))) })
            }
        }
        func drawn() throws -> [Int: Double] {
            var out: [Int: Double] = [:]
            for a in try v.layoutAttributesForElements(in: v.bounds) {
                out[a.indexPath.item] = a.frame.minY - v.contentOffset.y
            }
            return out
        }
        try measureAround()
        var previous = try drawn()
        var frames = 0, compared = 0
        while v.contentOffset.y > 0 {
            let from = v.contentOffset.y
            try v.setContentOffset(Point(x: 0, y: max(0, from - 390)))
            let delta = from - v.contentOffset.y
            try measureAround()
            let now = try drawn()
            for (i, y) in now {
                guard let old = previous[i] else { continue }
                XCTAssertEqual(y, old + delta, accuracy: 0.5)
                compared += 1
            }
            previous = now
            frames += 1
        }
        XCTAssertEqual(try frame(v, 0).minY, 0)
        XCTAssertGreaterThan(frames, 1000)
        XCTAssertGreaterThan(compared, frames)
        // Everything was measured on the way: the content is the sum of the real heights.
        XCTAssertEqual(try v.contentSize().height, (0..<10_000).reduce(0.0) { $0 + realHeight($1) })
    }
}
