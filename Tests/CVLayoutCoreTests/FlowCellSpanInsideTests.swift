import XCTest

@testable import CVLayoutCore

/// `FlowCellSpan.isInsideAlong` and `isInsideAcross`: a span whose line lies strictly inside
/// the rect along the scroll axis skips the per-item test along it, and one whose first item
/// ends after the rect's cross start and last item starts before its cross end the test across.
/// These rects sit on those edges exactly and one ulp either side, on lines with empty, tiny and
/// overflowing items under every item alignment, and each answer is compared with the
/// brute-force filter of every item's frame.
final class FlowCellSpanInsideTests: XCTestCase {
    private func randomSize(_ g: inout SplitMix64, room: Double) -> Size {
        func extent(_ g: inout SplitMix64) -> Double {
            switch g.int(below: 10) {
            case 0: return 0
            case 1: return 1e-20  // vanishes when added to an origin
            case 2: return room * 1.3  // wider than the line: overflows it
            default: return g.double(in: 0.25..<60)
            }
        }
        return Size(width: extent(&g), height: extent(&g))
    }

    func testRectsOnTheEdgesOfLinesAndItemsMatchBruteForce() throws {
        var g = SplitMix64(seed: 3207)
        var fastRects = 0
        for round in 0..<40 {
            var c = FlowConfiguration()
            c.scrollDirection = g.int(below: 2) == 0 ? .vertical : .horizontal
            c.lineAlignment = FlowLineAlignment.allCases[g.int(below: FlowLineAlignment.allCases.count)]
            c.randomizeAlignmentAndSpacing(&g)
            c.sectionInset = EdgeInsets(
                top: g.double(in: 0..<9), left: g.double(in: 0..<9), bottom: 2, right: g.double(in: 0..<9))
            let f = FlowLayout()
            try f.configure(c)
            let bounds = Size(width: 217.5, height: 183.25)
            let axis = FlowAxis(c.scrollDirection)
            let room = axis.cross(bounds)
            let counts = [60 + g.int(below: 60), 40]
            for (s, n) in counts.enumerated() {
                try f.setItemSizes((0..<n).map { _ in randomSize(&g, room: room) }, forSection: s)
            }
            let cv = try FlowTest.attach(f, counts, bounds)
            let all = try FlowTest.allElements(f, counts)
            for s in counts.indices {
                for line in 0..<f.numberOfLines(inSection: s) {
                    guard let items = f.itemRange(ofLine: line, inSection: s),
                        let lf = f.lineFrame(line, inSection: s), let first = FlowTest.frame(f, s, items.lowerBound),
                        let last = FlowTest.frame(f, s, items.upperBound - 1)
                    else { continue }
                    let lineMain = axis.main(lf.origin), lineEnd = lineMain + axis.main(lf.size)
                    let firstEnd = axis.cross(first.origin) + axis.cross(first.size)
                    let lastStart = axis.cross(last.origin)
                    let mains: [(Double, Double)] = [
                        (lineMain.nextDown, lineEnd.nextUp), (lineMain, lineEnd.nextUp), (lineMain.nextDown, lineEnd),
                        (lineMain - 1, lineEnd + 1),
                    ]
                    let crosses: [(Double, Double)] = [
                        (firstEnd.nextDown, lastStart.nextUp), (firstEnd, lastStart.nextUp),
                        (firstEnd.nextDown, lastStart), (-1e3, 1e4),
                    ]
                    for (a, b) in mains {
                        for (p, q) in crosses where q > p {
                            let r = axis.rect(main: a, cross: p, mainLength: b - a, crossLength: q - p)
                            let got = try cv.layoutAttributesForElements(in: r)
                            let want = all.filter { r.intersects($0.frame) }
                            XCTAssertEqual(Set(got), Set(want), "round \(round) section \(s) line \(line) rect \(r)")
                            XCTAssertEqual(got.count, want.count, "round \(round) section \(s) line \(line) rect \(r)")
                            if a < lineMain && lineEnd < b && p < firstEnd && lastStart < q { fastRects += 1 }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(fastRects, 1000)  // the shortcut was taken, not only the item-by-item test
    }
}
