import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

private func ip(_ s: Int, _ i: Int) -> IndexPath { IndexPath(section: s, item: i) }

/// Overlapping animated updates: an element going away runs its own removal animation and is
/// retired when it ends (docs/animation-rules.md, "Overlapping animations").
final class AnimationRetirementTests: XCTestCase {
    /// 20 × 20 cells of 16 × 16 points fill a 320 × 320 viewport: 400 cells on screen.
    private func grid(items: Int) throws -> (CollectionView, StaticDataSource) {
        let flow = FlowLayout()
        try flow.configure {
            $0.itemSize = Size(width: 16, height: 16)
            $0.minimumInteritemSpacing = 0
            $0.minimumLineSpacing = 0
        }
        let ds = StaticDataSource([items])
        let v = try CollectionView(dataSource: ds, layout: flow)
        try v.setBoundsSize(Size(width: 320, height: 320))
        XCTAssertEqual(try v.visibleAttributes().filter { $0.category == .cell }.count, 400)
        return (v, ds)
    }

    /// The reproduction: 400 cells reloaded every 0.05 s under the default 0.3 s
    /// animation. Each reload sends the 400 old cells away; a leaver lives 0.3 s, so at any time
    /// at most the leavers of the updates of the last 0.3 s (7 updates at 0.05 s steps, counting
    /// the one at the boundary) are on screen: ≤ 2,800, and exactly the 6 or 7 latest
    /// generations. Before the fix every leaver was restarted by each update and never retired:
    /// 11,600 after 1.45 s, and the update after about 160 failed with `.overflow`.
    func testOverlappingReloadsRetireTheirLeavers() throws {
        let (v, _) = try grid(items: 1000)
        let timing = try AnimationTiming(duration: AnimationTiming.defaultDuration)
        var u = BatchUpdate()
        u.reloadItems((0..<400).map { ip(0, $0) })
        for n in 0...200 {
            try v.setTime(Double(n) * 0.05)
            try v.performBatchUpdates(u, animation: timing)
            let shown = try v.visibleAttributes()
            let leaving = shown.filter(\.isDisappearing).count
            XCTAssertLessThanOrEqual(leaving, 2800, "update \(n)")
            // The leavers of this update and of the 5 before it are still running (their
            // removal started less than 0.3 s ago): at least 6 generations once they exist.
            XCTAssertGreaterThanOrEqual(leaving, 400 * min(n + 1, 6), "update \(n)")
            XCTAssertEqual(shown.filter { !$0.isDisappearing }.count, 400, "update \(n)")
        }
        // After the last update's own duration nothing is going away any more.
        try v.setTime(200 * 0.05 + 0.3)
        XCTAssertFalse(v.isAnimating)
        XCTAssertEqual(try v.visibleAttributes().filter(\.isDisappearing).count, 0)
    }

    /// Deletes: 20 cells on screen deleted every 0.05 s; the same bound holds.
    func testOverlappingDeletesRetireTheirLeavers() throws {
        let (v, ds) = try grid(items: 5000)
        let timing = try AnimationTiming(duration: AnimationTiming.defaultDuration)
        var u = BatchUpdate()
        u.deleteItems((0..<20).map { ip(0, $0 * 20) })
        for n in 0...200 {
            try v.setTime(Double(n) * 0.05)
            ds.counts[0] -= 20
            try v.performBatchUpdates(u, animation: timing)
            let leaving = try v.visibleAttributes().filter(\.isDisappearing).count
            XCTAssertLessThanOrEqual(leaving, 7 * 20, "update \(n)")
            XCTAssertGreaterThanOrEqual(leaving, 20 * min(n + 1, 6), "update \(n)")
        }
    }

    /// A leaver follows its own removal: deleted at 0 under a 1 s linear fade, its alpha at 0.75
    /// is 1 − 0.75 = 0.25 although an update at 0.5 started a new animation (which used to
    /// restart it from 0.5: 0.5 · (1 − 0.25) = 0.375), and it is gone from 1 on while that
    /// update still animates; the update's own leaver runs until 1.5.
    func testALeaverRunsOnItsOwnClock() throws {
        let (v, ds) = try grid(items: 1000)
        let linear = try AnimationTiming(duration: 1, curve: .linear)
        try v.setTime(0)
        ds.counts[0] -= 1
        var del = BatchUpdate()
        del.deleteItems([ip(0, 0)])
        try v.performBatchUpdates(del, animation: linear)
        try v.setTime(0.5)
        ds.counts[0] -= 1
        var del2 = BatchUpdate()
        del2.deleteItems([ip(0, 10)])
        try v.performBatchUpdates(del2, animation: linear)
        func leavers() throws -> [LayoutAttributes] {
            try v.visibleAttributes().filter(\.isDisappearing).sorted { $0.alpha < $1.alpha }
        }
        try v.setTime(0.75)
        var l = try leavers()
        XCTAssertEqual(l.count, 2)
        XCTAssertEqual(l[0].indexPath, ip(0, 0))
        XCTAssertEqual(l[0].alpha, 0.25, accuracy: 1e-12)
        XCTAssertEqual(l[0].frame, Rect(x: 0, y: 0, width: 16, height: 16))
        XCTAssertEqual(l[1].indexPath, ip(0, 10))
        XCTAssertEqual(l[1].alpha, 0.75, accuracy: 1e-12)
        try v.setTime(1.0)
        l = try leavers()
        XCTAssertEqual(l.map(\.indexPath), [ip(0, 10)])
        XCTAssertEqual(l[0].alpha, 0.5, accuracy: 1e-12)
        XCTAssertTrue(v.isAnimating)
        try v.setTime(1.5)
        XCTAssertEqual(try leavers().count, 0)
        XCTAssertFalse(v.isAnimating)
    }

    /// A chat streaming messages in at the end under `.end` anchoring: every 0.05 s a message is
    /// inserted and the view follows the end. Messages scroll off the top while animations
    /// overlap; an element off screen at both ends of a new animation gets no track, so what a
    /// transition holds stays bounded by what is on screen (20 rows of 16 pt in a 320 pt viewport,
    /// and the rows the last 0.3 s scrolled past), not by every message ever shown.
    func testAStreamingChatKeepsItsTracksBounded() throws {
        let flow = FlowLayout()
        try flow.configure {
            $0.itemSize = Size(width: 320, height: 16)
            $0.minimumInteritemSpacing = 0
            $0.minimumLineSpacing = 0
        }
        let ds = StaticDataSource([40])
        let v = try CollectionView(dataSource: ds, layout: flow)
        try v.setBoundsSize(Size(width: 320, height: 320))
        try v.setAnchorPolicy(.end)
        try v.setContentOffset(Point(x: 0, y: 40 * 16 - 320))
        _ = try v.visibleAttributes()
        let timing = try AnimationTiming(duration: AnimationTiming.defaultDuration)
        var most = 0
        for n in 0..<400 {
            try v.setTime(Double(n) * 0.05)
            var u = BatchUpdate()
            u.insertItems([ip(0, ds.counts[0])])
            ds.counts[0] += 1
            try v.performBatchUpdates(u, animation: timing)
            XCTAssertEqual(v.contentOffset.y, Double(ds.counts[0] * 16 - 320), "update \(n): at the end")
            let held = (v.transition?.tracks.count ?? 0) + (v.transition?.disappearing.count ?? 0)
            most = max(most, held)
            _ = try v.visibleAttributes()
        }
        // 21 rows can intersect the viewport; each update scrolls one row and 7 updates overlap,
        // so the rows still sliding up past the top edge add a few more (36 here); before, every
        // message ever shown kept its track (420 after 400 updates).
        XCTAssertLessThanOrEqual(most, 21 + 3 * 7)
    }
}
