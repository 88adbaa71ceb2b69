import XCTest

@testable import CVLayoutCore

/// `ElementSink.cells(section:_:)` (a run of cells in one call) against its definition: the
/// same as `cell(section:item:frame:)` for each cell in turn — the same elements kept, the same
/// count, the same failure at the same cell, the same stop at the limit.
final class ElementSinkRunTests: XCTestCase {
    private func hits(_ items: [Int], frames: [Rect]? = nil) -> [CellHit] {
        items.enumerated().map { k, i in
            CellHit(item: i, frame: frames?[k] ?? Rect(x: Double(10 * i), y: 0, width: 10, height: 20))
        }
    }

    /// Runs `run` through both paths on fresh sinks and compares what each kept, counted and
    /// failed with.
    private func compare(
        _ run: [CellHit], section: Int = 0, counts: [Int]? = [8], limit: Int = ElementSink.maxElements,
        file: StaticString = #filePath, line: UInt = #line
    ) -> (kept: [LayoutAttributes], count: Int, failed: Bool) {
        let one = CollectingSink(counts: counts), batch = CollectingSink(counts: counts)
        one.limit = limit
        batch.limit = limit
        var oneThrew = false, batchThrew = false
        do { for h in run { try one.cell(section: section, item: h.item, frame: h.frame) } } catch { oneThrew = true }
        do { try run.withUnsafeBufferPointer { try batch.cells(section: section, $0) } } catch { batchThrew = true }
        XCTAssertEqual(one.elements, batch.elements, file: file, line: line)
        XCTAssertEqual(one.count, batch.count, file: file, line: line)
        XCTAssertEqual(one.failure != nil, batch.failure != nil, file: file, line: line)
        XCTAssertEqual(oneThrew, batchThrew, file: file, line: line)
        XCTAssertEqual(one.reachedLimit, batch.reachedLimit, file: file, line: line)
        return (batch.elements, batch.count, batch.failure != nil)
    }

    func testValidRunIsKeptWhole() {
        let r = compare(hits([0, 1, 2, 5]))
        XCTAssertEqual(r.kept.map(\.indexPath.item), [0, 1, 2, 5])
        XCTAssertEqual(r.kept[3].frame, Rect(x: 50, y: 0, width: 10, height: 20))
        XCTAssertEqual(r.count, 4)
        XCTAssertFalse(r.failed)
    }

    func testItemOutsideTheCountsFailsAtThatCell() {
        let r = compare(hits([0, 1, 8, 2]))  // item 8 of a section of 8
        XCTAssertEqual(r.kept.map(\.indexPath.item), [0, 1])
        XCTAssertTrue(r.failed)
        XCTAssertTrue(compare(hits([3, -1])).failed)
        XCTAssertEqual(compare(hits([0]), section: 1).kept.count, 0)  // no section 1
        XCTAssertEqual(compare(hits([0]), section: -1).kept.count, 0)
    }

    func testInvalidFrameFailsAtThatCell() {
        for bad in [
            Rect(x: .nan, y: 0, width: 1, height: 1), Rect(x: 0, y: .infinity, width: 1, height: 1),
            Rect(x: 0, y: 0, width: -1, height: 1), Rect(x: 0, y: 0, width: 1, height: .nan),
        ] {
            let r = compare(hits([0, 1, 2], frames: [Rect(x: 0, y: 0, width: 1, height: 1), bad, .zero]))
            XCTAssertEqual(r.kept.map(\.indexPath.item), [0])
            XCTAssertTrue(r.failed)
        }
    }

    func testLimitStopsInsideTheRun() {
        let r = compare(hits([0, 1, 2, 3, 4]), limit: 3)
        XCTAssertEqual(r.kept.count, 3)
        XCTAssertEqual(r.count, 3)
        XCTAssertTrue(r.failed)
        XCTAssertEqual(compare(hits([0, 1, 2]), limit: 3).count, 3)  // exactly at the limit: fine
    }

    func testWithoutCountsAnyItemPasses() {
        let r = compare(hits([-4, 1 << 40]), counts: nil)
        XCTAssertEqual(r.kept.map(\.indexPath.item), [-4, 1 << 40])
        XCTAssertFalse(r.failed)
    }

    func testAfterAFailureARunThrows() {
        let sink = CollectingSink(counts: [4])
        sink.fail(LayoutError.invalid("earlier"))
        let run = hits([0])
        XCTAssertThrowsError(try run.withUnsafeBufferPointer { try sink.cells(section: 0, $0) })
        XCTAssertEqual(sink.count, 0)
    }

    /// The flow's rect query hands its cells over in runs: a query of many more cells than a
    /// run holds gives exactly the cells a brute-force scan of every frame finds, in item order.
    func testFlowQueryOfManyRunsEqualsBruteForce() throws {
        let layout = FlowLayout()
        try layout.configure {
            $0.minimumInteritemSpacing = 1
            $0.minimumLineSpacing = 1
        }
        var rng = SplitMix64(seed: 11)
        let sizes = (0..<3000).map { _ in Size(width: Double.random(in: 1...9, using: &rng), height: 5) }
        try layout.setItemSizes(sizes, forSection: 0)
        let cv = try CollectionView(dataSource: StaticDataSource([3000]), layout: layout)
        try cv.setBoundsSize(Size(width: 300, height: 2000))
        try cv.layoutIfNeeded()
        for rect in [Rect(x: 0, y: 0, width: 300, height: 2000), Rect(x: 13.5, y: 40.25, width: 101, height: 333)] {
            let sink = CollectingSink(counts: cv.counts)
            try layout.layoutAttributesForElements(in: rect, into: sink)
            let got = sink.elements.map(\.indexPath.item)
            let want = (0..<3000).filter { layout.frameForItem(at: IndexPath(section: 0, item: $0))!.intersects(rect) }
            XCTAssertGreaterThan(want.count, FlowLayout.cellRunCapacity)
            XCTAssertEqual(got, want)
            for a in sink.elements {
                XCTAssertEqual(a.frame, layout.frameForItem(at: a.indexPath))
            }
        }
    }
}
