import XCTest

@testable import CVLayoutCore

// Foundation (through XCTest) has its own IndexPath.
private typealias IndexPath = CVLayoutCore.IndexPath

/// `CollectionView.showsFlowAsIs` (CollectionView+DirectQueries.swift): the flag a direct query
/// reads in place of the view's checks must never be true when one of them is false, whatever
/// ran since it was noted.
final class ShowsFlowAsIsTests: XCTestCase {
    /// What the flag stands for, checked the long way.
    private func holds(_ v: CollectionView) -> Bool {
        v.answersWithLayoutAsIs && !v.isMirrored && v.layout.isFlowLayout && v.identities.isNone
            && v.transition == nil && v.layoutDirection == .leftToRight && !v.needsPrepare && v.displayScale == 0
    }

    /// A query as the C layer makes it (`directFlowCells`): the cycle run, then the flag noted
    /// when the view's checks hold and it has no identifiers.
    private func query(_ v: CollectionView) throws {
        try v.layoutIfNeeded()
        if !v.showsFlowAsIs, !v.isMirrored, v.answersWithLayoutAsIs, v.layout.isFlowLayout, v.identities.isNone {
            v.noteShowsFlowAsIs()
        }
    }

    /// 6 seeds × 400 random steps on a flow view: each step (half of them from a view brought back
    /// to one the flag can stand for) a query (which notes the flag), then
    /// one of the view's writes — invalidations, the display scale, the direction, identifiers
    /// set and cleared, batch updates animated or not (one in six failing in the layout's update
    /// hook: the rollback), the clock, animations finished, layout switches
    /// (animated or not, to a flow or to a layout that is not one), animated-change blocks,
    /// bounds and offsets — after which the flag, when true, must stand for checks that hold.
    /// Without the reset of any one write whose call does not invalidate the layout (the
    /// direction, the display scale, the identifiers, an animated-change block's transition),
    /// it fails.
    func testTheFlagNeverOutlivesWhatItStandsFor() throws {
        var flagged = [Int](repeating: 0, count: 12)  // steps of each kind after which the flag held
        var before = [Int](repeating: 0, count: 12)  // steps of each kind that started with it true
        for seed in UInt64(1)...6 {
            var rng = SplitMix64(seed: seed)
            let flow = FailingUpdateFlowLayout()
            let other = FlowLayout()
            let plain = CollectionViewLayout()
            let ds = StaticDataSource([120])
            let v = try CollectionView(dataSource: ds, layout: flow)
            try v.setBoundsSize(Size(width: 300, height: 400))
            var clock = 0.0
            for _ in 0..<400 {
                if rng.next() % 2 == 0 {  // back to a view the flag can stand for, half the time
                    v.layoutDirection = .leftToRight
                    try v.setDisplayScale(0)
                    v.clearIdentifiers()
                    try v.finishAnimations()
                    if v.layout !== flow { try v.setLayout(flow, animation: nil) }
                }
                try query(v)
                let kind = Int(rng.next() % 12)
                if v.showsFlowAsIs { before[kind] += 1 }
                switch kind {
                case 0: v.invalidateLayout(rng.next() % 2 == 0 ? .everything : .delegateMetrics)
                case 1: try v.setDisplayScale(rng.next() % 2 == 0 ? 0 : 2)
                case 2: v.layoutDirection = rng.next() % 2 == 0 ? .leftToRight : .rightToLeft
                case 3:
                    if rng.next() % 2 == 0 {
                        let ids = (0..<ds.counts[0]).map { UInt64(1000 + $0) }
                        try v.setIdentifiers(Snapshot(sections: [7], items: [ids]))
                    } else {
                        v.clearIdentifiers()
                    }
                case 4:
                    var u = BatchUpdate()
                    let n = ds.counts[0]
                    if n > 10 && rng.next() % 2 == 0 {
                        u.deleteItems([IndexPath(section: 0, item: Int(rng.next() % UInt64(n)))])
                        ds.counts = [n - 1]
                    } else {
                        u.insertItems([IndexPath(section: 0, item: Int(rng.next() % UInt64(n + 1)))])
                        ds.counts = [n + 1]
                    }
                    if v.identities.isNone == false { v.clearIdentifiers() }
                    let failing = v.layout === flow && rng.next() % 6 == 0
                    flow.fail = failing
                    let timing = rng.next() % 2 == 0 ? try AnimationTiming(duration: 1) : nil
                    do {
                        try v.performBatchUpdates(u, animation: timing)
                        XCTAssertFalse(failing)
                    } catch {
                        XCTAssertTrue(failing)
                        ds.counts = v.counts
                    }
                    flow.fail = false
                case 5:
                    clock += Double(rng.next() % 4) * 0.25  // (never back: `setTime` refuses it)
                    try v.setTime(clock)
                case 6: try v.finishAnimations()
                case 7:
                    let target: CollectionViewLayout = [flow, other, plain][Int(rng.next() % 3)]
                    if target !== v.layout {
                        try v.setLayout(target, animation: rng.next() % 2 == 0 ? try AnimationTiming(duration: 1) : nil)
                    }
                case 8:
                    try v.beginAnimatedChanges(try AnimationTiming(duration: 1))
                    if rng.next() % 2 == 0 {
                        try v.setBoundsSize(Size(width: 300, height: 300 + Double(rng.next() % 200)))
                    }
                    try v.commitAnimatedChanges()
                case 9: try v.setBoundsSize(Size(width: 200 + Double(rng.next() % 3) * 50, height: 400))
                case 10: try v.setContentOffset(Point(x: 0, y: Double(rng.next() % 2000)))
                default: try query(v)
                }
                if v.showsFlowAsIs {
                    flagged[kind] += 1
                    XCTAssertTrue(holds(v), "seed \(seed): the flag outlived a step of kind \(kind)")
                }
            }
        }
        // Every kind of step met the flag true (so its reset was needed), and the flag held after
        // the steps that change nothing it stands for.
        for kind in 0..<12 { XCTAssertGreaterThan(before[kind], 20, "kind \(kind)") }
        for kind in [9, 10, 11] { XCTAssertGreaterThan(flagged[kind], 20, "kind \(kind)") }
    }
}
