import XCTest

@testable import CVLayoutCore

/// `CollectingSink.storeTurnedCells` (a run of turned cells written straight into the collection)
/// against its definition: the records `storeCell(section:item:frame:transform:…)` builds for each
/// cell in turn — the default cell, its index path, frame and `Transform3D.turn(cos:sin:)` — bit
/// for bit, up to `keep` of them, whatever the sink held before the run. (An extension for
/// `assertBitwiseEqual`.)
extension PresentingSinkPartsTests {
    /// `n` turned cells with awkward numbers: signed zeros, a cosine past 1, fractions that round.
    private func turnedRun(_ n: Int, from first: Int = 0) -> [TurnedCell] {
        (0..<n).map { k in
            let i = first + k
            let c: Double = [1, -0.0, 0, -1, 0.1 * Double(i % 7), 1.5][i % 6]
            let s: Double = [0, -0.0, 1, 0.3, -0.7, 1e-300][(i / 6) % 6]
            return TurnedCell(
                item: i, frame: Rect(x: Double(i) / 3 - 50, y: -0.0, width: 60.25, height: Double(i % 5)), cos: c,
                sin: s)
        }
    }

    /// Hands `runs` to a `CollectingSink(keep:)` whole (`turnedCells`) and to another one cell at a
    /// time (`cell(section:item:frame:transform:)`, which builds each record): both keep the same
    /// records bit for bit and count the same.
    private func compareTurnedRuns(_ runs: [[TurnedCell]], keep: Int, firstAddsACell: Bool, line: UInt = #line) throws {
        let whole = CollectingSink(counts: nil, keep: keep), each = CollectingSink(counts: nil, keep: keep)
        if firstAddsACell {
            // A default cell first: the template `storeCell(section:item:frame:)` re-points.
            let f = Rect(x: 1, y: 2, width: 3, height: 4)
            try whole.cell(section: 2, item: 9, frame: f)
            try each.cell(section: 2, item: 9, frame: f)
        }
        for r in runs {
            try r.withUnsafeBufferPointer { try whole.turnedCells(section: 2, $0) }
            for h in r {
                try each.cell(section: 2, item: h.item, frame: h.frame, transform: .turn(cos: h.cos, sin: h.sin))
            }
        }
        XCTAssertEqual(whole.count, each.count, line: line)
        XCTAssertEqual(whole.elements.count, each.elements.count, "keep \(keep)", line: line)
        XCTAssertLessThanOrEqual(whole.elements.count, keep, line: line)
        for (g, w) in zip(whole.elements, each.elements) { assertBitwiseEqual(g, w, "keep \(keep)", line: line) }
        // Only a sink whose every kept element came in a run says it holds only turned cells
        // (`holdsOnlyTurnedCells`, which lets a set-up read each end's turn without its matrix).
        XCTAssertEqual(whole.holdsOnlyTurnedCells, !firstAddsACell || whole.elements.isEmpty, line: line)
        XCTAssertEqual(each.holdsOnlyTurnedCells, each.elements.isEmpty, line: line)
        _ = whole.take()
        XCTAssertTrue(whole.holdsOnlyTurnedCells, line: line)
        try whole.cell(section: 0, item: 0, frame: Rect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(whole.holdsOnlyTurnedCells, keep == 0, line: line)
    }

    func testCollectedTurnedRunsEqualTheCellsOneByOne() throws {
        let runs = [turnedRun(5), turnedRun(300, from: 5), turnedRun(1, from: 305), turnedRun(40, from: 306)]
        let total = runs.reduce(0) { $0 + $1.count }
        for keep in [Int.max, total, total - 1, 0, 1, 3, 5, 6, 304, 305, 306, 320] {
            for firstAddsACell in [false, true] {
                try compareTurnedRuns(runs, keep: keep, firstAddsACell: firstAddsACell)
            }
        }
    }

    /// The circle's answer collected (`layoutAttributesForElements(in:into:)` into a
    /// `CollectingSink`, runs of up to 256 cells) is the layout's answer for each item, bit for bit,
    /// up to `keep`.
    func testCircleAnswerCollectedEqualsEachItemsAttributes() throws {
        for n in [1, 257, 1000] {
            let (view, layout, rect) = try laidOutCircle(items: n)
            defer { withExtendedLifetime(view) {} }
            for keep in [Int.max, n - 1, 256, 300] where keep >= 0 {
                let sink = CollectingSink(counts: [n], keep: keep)
                try layout.layoutAttributesForElements(in: rect, into: sink)
                try sink.check()
                XCTAssertEqual(sink.count, n)
                XCTAssertEqual(sink.elements.count, Swift.min(n, keep))
                for a in sink.elements {
                    let want = try XCTUnwrap(layout.layoutAttributesForItem(at: a.indexPath))
                    assertBitwiseEqual(a, want, "n \(n) keep \(keep)")
                }
            }
        }
    }
}
