import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

private func ip(_ s: Int, _ i: Int) -> IndexPath { IndexPath(section: s, item: i) }

/// Anchoring across layout switches, and stick-to-end (docs/animation-rules.md, "Anchoring across
/// layout switches"). Lists of full-width rows without spacing: every number is a multiple of
/// the row height.
final class AnchoringSwitchTests: XCTestCase {
    private func rows(_ height: Double) throws -> FlowLayout {
        let flow = FlowLayout()
        try flow.configure {
            $0.itemSize = Size(width: 100, height: height)
            $0.minimumLineSpacing = 0
            $0.minimumInteritemSpacing = 0
        }
        return flow
    }

    private func view(_ n: Int, policy: AnchorPolicy, offset: Double) throws -> CollectionView {
        let v = try CollectionView(dataSource: StaticDataSource([n]), layout: try rows(50))
        try v.setBoundsSize(Size(width: 100, height: 300))
        try v.setAnchorPolicy(policy)
        try v.setContentOffset(Point(x: 0, y: offset))
        _ = try v.visibleAttributes()
        return v
    }

    /// `.firstVisible`: item 2 (y 100 ..< 150) is the first visible cell at offset 125, its
    /// leading edge 25 pt above the viewport. With 80 pt rows it starts at 160: offset 185 keeps
    /// the edge (its centre, kept before, gave 200 − 0 = 200).
    func testASwitchKeepsTheAnchorsLeadingEdge() throws {
        let v = try view(40, policy: .firstVisible, offset: 125)
        try v.setLayout(try rows(80), animation: nil)
        XCTAssertEqual(v.contentOffset, Point(x: 0, y: 185))
        // Under `.none` the cell nearest the centre keeps its centre (UIKit's switch): at 185 the
        // viewport's centre is 335, in item 4 (320 ..< 400), whose centre is 175 pt down the
        // screen; with 50 pt rows item 4's centre is 225: offset 225 − 175 = 50.
        try v.setAnchorPolicy(.none)
        try v.setLayout(try rows(50), animation: nil)
        XCTAssertEqual(v.contentOffset, Point(x: 0, y: 50))
    }

    /// `.end` at the end: 40 rows of 50 (content 2000) at offset 1700; with 80 pt rows the
    /// content is 3200 and the view stays at its end, 2900 (keeping the first visible cell's
    /// edge gave 34 · 80 = 2720).
    func testStickToEndStaysAtTheEndThroughASwitch() throws {
        let v = try view(40, policy: .end, offset: 1700)
        try v.setLayout(try rows(80), animation: nil)
        XCTAssertEqual(v.contentOffset, Point(x: 0, y: 2900))
        try v.setLayout(try rows(50), animation: try AnimationTiming(duration: 0.3))
        XCTAssertEqual(v.contentOffset, Point(x: 0, y: 1700))
    }

    /// `.end` away from the end: at offset 510 the viewport ends at 810; the last visible cell is
    /// item 16 (800 ..< 850), its trailing edge 40 past the viewport's end. With 80 pt rows it
    /// ends at 1360: offset 1360 − 300 − 40 = 1020 (the first visible cell's edge gave 810).
    func testStickToEndAwayFromTheEndKeepsTheLastVisibleCellsTrailingEdge() throws {
        let v = try view(40, policy: .end, offset: 510)
        try v.setLayout(try rows(80), animation: nil)
        XCTAssertEqual(v.contentOffset, Point(x: 0, y: 1020))
    }

    /// `.end` away from the end, a cell inside the viewport grows (item 12: 50 → 100 pt): the
    /// last visible cell (item 16, trailing edge 40 past the viewport's end) keeps its place, so
    /// the offset moves down by 50 to 560 (`.firstVisible` keeps item 10 and the offset, 510).
    func testStickToEndAwayFromTheEndThroughAnUpdate() throws {
        for (policy, expected) in [(AnchorPolicy.end, 560.0), (.firstVisible, 510)] {
            let flow = try rows(50)
            let ds = StaticDataSource([40])
            let v = try CollectionView(dataSource: ds, layout: flow)
            try v.setBoundsSize(Size(width: 100, height: 300))
            try flow.setItemSizes([Size](repeating: Size(width: 100, height: 50), count: 40), forSection: 0)
            try v.setAnchorPolicy(policy)
            try v.setContentOffset(Point(x: 0, y: 510))
            _ = try v.visibleAttributes()
            try flow.replaceItemSizes(inSection: 0, start: 12, removeCount: 1, with: [Size(width: 100, height: 100)])
            _ = try v.visibleAttributes()
            XCTAssertEqual(v.contentOffset, Point(x: 0, y: expected), "\(policy)")
            // A message appended past the viewport moves nothing.
            ds.counts = [41]
            try flow.replaceItemSizes(inSection: 0, start: 40, removeCount: 0, with: [Size(width: 100, height: 50)])
            var u = BatchUpdate()
            u.insertItems([ip(0, 40)])
            try v.performBatchUpdates(u, animation: nil)
            XCTAssertEqual(v.contentOffset, Point(x: 0, y: expected), "\(policy)")
        }
    }
}
