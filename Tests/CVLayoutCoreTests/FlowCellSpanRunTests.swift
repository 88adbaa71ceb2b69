import XCTest

@testable import CVLayoutCore

/// `FlowLayout.visitCellRuns`: the direct query's cells handed over in runs (lines of a block
/// within a window of the size table; grid spans). Over random flows of several sections and
/// blocks of lines (both axes, headers and footers, empty items, a last section of one item
/// size), every rect's cells read from the runs, then its supplementary elements, must be the
/// generic query's answer element for element, each cell inside its run's items and each grid
/// run holding 1 ... `spanRunCapacity` spans; every eighth rect's cells must also be the brute
/// force's: every item whose frame (`frameForItem`, found by its own line search) meets the
/// rect. Rects from a few lines to the whole content, so that answers take several runs, cross
/// blocks and the size table's windows (a line crossing a window's end comes in two runs).
final class FlowCellSpanRunTests: XCTestCase {
    func testRunsHandOverTheGenericQuerysCellsInOrder() throws {
        var g = SplitMix64(seed: 3209)
        var (queries, multiRun, multiLineRun, longest) = (0, 0, 0, 0)
        for round in 0..<12 {
            var c = FlowConfiguration()
            c.scrollDirection = round % 2 == 0 ? .vertical : .horizontal
            c.randomizeAlignmentAndSpacing(&g)
            c.itemSize = Size(width: 37, height: 5.5)
            if round % 3 != 0 {
                c.headerReferenceSize = Size(width: 30, height: 12)
                c.footerReferenceSize = Size(width: 20, height: 7)
            }
            let f = FlowLayout()
            try f.configure(c)
            let bounds = Size(width: 240, height: 200)
            let axis = FlowAxis(c.scrollDirection)
            // 300-900 lines a section of 2-6 items: 2-4 blocks of 256 lines.
            let counts = (0..<(1 + g.int(below: 3))).map { _ in 1500 + g.int(below: 1500) }
            for (s, n) in counts.enumerated() {
                // Some sections of one item size (a uniform grid: spans of its own, no blocks).
                if round % 4 == 1 && s == counts.count - 1 { continue }
                try f.setItemSizes(randomThinItemSizes(&g, count: n, axis: axis), forSection: s)
            }
            let cv = try FlowTest.attach(f, counts, bounds)
            let content = try cv.contentSize()
            let extent = axis.main(content)
            for q in 0..<40 {
                let length = q % 4 == 0 ? extent + 20 : g.double(in: 1..<(q % 2 == 0 ? 400 : 3000))
                let start = q % 4 == 0 ? -10 : g.double(in: -20..<extent)
                let r = axis.rect(main: start, cross: g.double(in: -5..<40), mainLength: length, crossLength: 200)
                let label = "round \(round) query \(q)"
                let (got, runs, lineRuns) = try assertRunsGiveTheGenericQuery(f, cv, r, counts, label)
                XCTAssertTrue(runs.allSatisfy { $0 >= 1 && $0 <= FlowLayout.spanRunCapacity }, "\(runs)")
                if q % 8 == 1 { assertBruteForceCells(f, r, counts, got, label) }
                queries += 1
                if runs.count > 1 { multiRun += 1 }
                if lineRuns > 1 { multiLineRun += 1 }
                longest = max(longest, got.count)
            }
        }
        XCTAssertEqual(queries, 480)
        XCTAssertGreaterThan(multiRun, 10)  // grid answers of several runs (full runs handed on mid-visit)
        XCTAssertGreaterThan(multiLineRun, 100)  // answers across windows or blocks
        XCTAssertGreaterThan(longest, 2000)  // a rect over whole sections: every block of lines
    }
}

/// The cells `visitCellRuns` hands over in runs for `r` (each read with `forEachCell`), then
/// its supplementary elements, asserted to be `cv`'s generic query's answer element for element
/// (keys and frames); returns them, each grid run's length and the number of line runs.
func assertRunsGiveTheGenericQuery(
    _ f: FlowLayout, _ cv: CollectionView, _ r: Rect, _ counts: [Int], _ label: String
) throws -> (got: [LayoutAttributes], runs: [Int], lineRuns: Int) {
    var runs: [Int] = []
    var lineRuns = 0
    var got: [LayoutAttributes] = []
    let visited = f.visitCellRuns(in: r, counts: counts, atMost: 1 << 40) { lines in
        lineRuns += 1
        lines.forEachCell(in: r) { item, frame in
            XCTAssertTrue(lines.items.contains(item), "\(label): item \(item) outside its run \(lines.items)")
            got.append(.cell(CVLayoutCore.IndexPath(section: lines.section, item: item), frame: frame))
        }
    } grid: { run in
        runs.append(run.count)
        for span in run {
            span.forEachCell(in: r) { item, frame in
                got.append(.cell(CVLayoutCore.IndexPath(section: span.section, item: item), frame: frame))
            }
        }
    } supplementary: {
        got.append($0)
    }
    XCTAssertTrue(visited, label)
    let want = try cv.layoutAttributesForElements(in: r)
    XCTAssertEqual(got.count, want.count, "\(label) rect \(r)")
    let differs = zip(got, want).enumerated().first { _, pair in
        pair.0.key != pair.1.key || pair.0.frame != pair.1.frame
    }?.offset
    XCTAssertNil(differs, "\(label) rect \(r): first element that differs")
    return (got, runs, lineRuns)
}

/// Asserts that the cells of `got` are, in order, every item of `f` whose frame
/// (`frameForItem`) meets `r`, with that frame.
func assertBruteForceCells(
    _ f: FlowLayout, _ r: Rect, _ counts: [Int], _ got: [LayoutAttributes], _ label: String
) {
    var want: [(CVLayoutCore.IndexPath, Rect)] = []
    for (s, n) in counts.enumerated() {
        for i in 0..<n {
            let ip = CVLayoutCore.IndexPath(section: s, item: i)
            if let frame = f.frameForItem(at: ip), frame.intersects(r) { want.append((ip, frame)) }
        }
    }
    let cells = got.filter { $0.key.category == .cell }
    XCTAssertEqual(cells.count, want.count, "\(label) rect \(r): cells against the brute force")
    let differs = zip(cells, want).enumerated().first { _, pair in
        pair.0.key.indexPath != pair.1.0 || pair.0.frame != pair.1.1
    }?.offset
    XCTAssertNil(differs, "\(label) rect \(r): first cell that differs from the brute force")
}
