import XCTest

@testable import CVLayoutCore

/// A screenful whose items lie in more than one window of the size table (a chunk of
/// `FlowChunkedArray.chunkTarget` sizes) is split from the run it built (`FlowCellLines.forEachWindow`,
/// which `visitSpans` uses too): a line that crosses a window's end comes in two runs, each with
/// its part. The generic query reads its lines through the same split, so the reference here is
/// the brute force (every item's `frameForItem` tested against the rect), element for element.
/// Over random one-section flows of several lines' items (both axes, random alignments and
/// spacings) and rects of 300 to 900 points anywhere in the content, most screenfuls must come
/// in several runs, many of them with a line split between two.
final class FlowScreenfulWindowTests: XCTestCase {
    func testAScreenfulAcrossWindowsIsTheBruteForceAnswer() throws {
        var g = SplitMix64(seed: 2424)
        let target = FlowChunkedArray<Size>.chunkTarget
        var (answered, multiRun, splitLines, queries) = (0, 0, 0, 0)
        for round in 0..<8 {
            var c = FlowConfiguration()
            c.scrollDirection = round % 2 == 0 ? .vertical : .horizontal
            c.randomizeAlignmentAndSpacing(&g)
            let f = FlowLayout()
            try f.configure(c)
            let axis = FlowAxis(c.scrollDirection)
            let n = 4 * target + g.int(below: target)
            try f.setItemSizes(randomThinItemSizes(&g, count: n, axis: axis), forSection: 0)
            let cv = try FlowTest.attach(f, [n], Size(width: 240, height: 200))
            let extent = axis.main(try cv.contentSize())
            for q in 0..<40 {
                let r = axis.rect(
                    main: g.double(in: -20..<extent), cross: g.double(in: -5..<40), mainLength: g.double(in: 300..<900),
                    crossLength: q % 5 == 0 ? 60 : 200)
                let label = "round \(round) query \(q)"
                queries += 1
                var got: [LayoutAttributes] = []
                var runs = 0
                let screenful = [n].withUnsafeBufferPointer { counts in
                    f.visitScreenful(in: r, counts: counts, atMost: 1 << 40) { lines in
                        runs += 1
                        // A run that starts inside its first line: that line's second part.
                        if lines.base + lines.lines[lines.lineRange.lowerBound].first < lines.items.lowerBound {
                            splitLines += 1
                        }
                        lines.forEachCell(in: r) { item, frame in
                            got.append(.cell(CVLayoutCore.IndexPath(section: 0, item: item), frame: frame))
                        }
                    }
                }
                guard screenful else { continue }  // (lines in two blocks: declined)
                answered += 1
                if runs > 1 { multiRun += 1 }
                assertBruteForceCells(f, r, [n], got, label)
            }
        }
        XCTAssertEqual(queries, 320)
        XCTAssertGreaterThan(answered, 200)
        XCTAssertGreaterThan(multiRun, 100)
        XCTAssertGreaterThan(splitLines, 80)
        print("FlowScreenfulWindowTests: answered \(answered), several runs \(multiRun), split lines \(splitLines)")
    }
}
