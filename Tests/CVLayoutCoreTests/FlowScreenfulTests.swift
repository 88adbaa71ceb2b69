import XCTest

@testable import CVLayoutCore

/// `FlowLayout.visitScreenful`: the direct query's narrow path (a rect within one per-item
/// section's block of lines). Over random flows (both axes, one to three sections, headers and
/// footers in some, a uniform last section in some, blocks of 256 lines), for rects of a screenful
/// and more anywhere in the content: when it answers, its cells (read from its runs with
/// `forEachCell`) must be the generic query's answer element for element and `visitCellRuns`'
/// (which must answer too), every cell inside its run's items and the runs' items at most the
/// capacity asked; with a capacity one below its runs' items it must decline. It must answer
/// for most rects of a one-section flow with no header, including rects reaching a block's last
/// line and rects whose items lie in two windows of the size table, and decline where a rect
/// meets two sections or a header.
final class FlowScreenfulTests: XCTestCase {
    func testTheScreenfulIsTheGenericQuerysAnswer() throws {
        var g = SplitMix64(seed: 1818)
        var (answered, declined, multiRun, blockEnds, queries) = (0, 0, 0, 0, 0)
        for round in 0..<16 {
            var c = FlowConfiguration()
            c.scrollDirection = round % 2 == 0 ? .vertical : .horizontal
            c.randomizeAlignmentAndSpacing(&g)
            c.itemSize = Size(width: 37, height: 5.5)
            if round % 4 == 3 {
                c.headerReferenceSize = Size(width: 30, height: 12)
                c.footerReferenceSize = Size(width: 20, height: 7)
            }
            let f = FlowLayout()
            try f.configure(c)
            let axis = FlowAxis(c.scrollDirection)
            let counts = (0..<(round % 4 == 0 ? 1 : 1 + g.int(below: 3))).map { _ in 1500 + g.int(below: 3000) }
            for (s, n) in counts.enumerated() {
                if round % 8 == 5 && s == counts.count - 1 { continue }  // a uniform grid
                try f.setItemSizes(randomThinItemSizes(&g, count: n, axis: axis), forSection: s)
            }
            let cv = try FlowTest.attach(f, counts, Size(width: 240, height: 200))
            let extent = axis.main(try cv.contentSize())
            for q in 0..<120 {
                let length = q % 10 == 0 ? g.double(in: 1..<2000) : g.double(in: 150..<450)
                let r = axis.rect(
                    main: g.double(in: -20..<extent), cross: g.double(in: -5..<40), mainLength: length,
                    crossLength: q % 7 == 0 ? 60 : 200)
                let label = "round \(round) query \(q) rect \(r)"
                queries += 1
                var got: [LayoutAttributes] = []
                var (runs, items, sawBlockEnd) = (0, 0, false)
                let screenful = counts.withUnsafeBufferPointer { counts in
                    f.visitScreenful(in: r, counts: counts, atMost: 1 << 40) { lines in
                        runs += 1
                        items += lines.items.count
                        if lines.lineRange.upperBound == FlowTest.blockLineCount(f, lines) { sawBlockEnd = true }
                        lines.forEachCell(in: r) { item, frame in
                            XCTAssertTrue(lines.items.contains(item), "\(label): item \(item) outside \(lines.items)")
                            got.append(.cell(CVLayoutCore.IndexPath(section: lines.section, item: item), frame: frame))
                        }
                    }
                }
                guard screenful else {
                    declined += 1
                    continue
                }
                answered += 1
                if runs > 1 { multiRun += 1 }
                if sawBlockEnd { blockEnds += 1 }
                let (viaRuns, _, _) = try assertRunsGiveTheGenericQuery(f, cv, r, counts, label)
                XCTAssertEqual(got.count, viaRuns.count, label)
                XCTAssertNil(
                    zip(got, viaRuns).enumerated().first { $0.1.0.key != $0.1.1.key || $0.1.0.frame != $0.1.1.frame },
                    "\(label): first cell that differs from visitCellRuns'")
                // One capacity below its runs' items: declined, nothing handed over.
                if items > 0 {
                    var called = false
                    let tight = counts.withUnsafeBufferPointer { counts in
                        f.visitScreenful(in: r, counts: counts, atMost: items - 1) { _ in called = true }
                    }
                    XCTAssertFalse(tight || called, "\(label): capacity \(items - 1) of \(items)")
                }
            }
        }
        XCTAssertEqual(queries, 1920)
        XCTAssertGreaterThan(answered, 900)  // the narrow path taken for most one-section rects
        XCTAssertGreaterThan(declined, 200)  // two sections, headers, the grid, across blocks
        XCTAssertGreaterThan(multiRun, 20)  // items in two windows of the size table
        XCTAssertGreaterThan(blockEnds, 20)  // lines up to a block's end, the next block past the rect
    }
}

extension FlowTest {
    /// The number of lines of the block whose line table `lines` reads (found by its address).
    static func blockLineCount(_ f: FlowLayout, _ lines: FlowCellLines) -> Int {
        let sec = f.state!.sections[lines.section]
        return sec.body.blocks.withUnsafeBufferPointer { blocks in
            (0..<blocks.count).lazy.map { FlowBlockTables(blocks, $0) }.first { $0.lines == lines.lines }?.lineCount
        } ?? -1
    }
}
