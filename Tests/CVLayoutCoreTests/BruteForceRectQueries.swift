import XCTest

@testable import CVLayoutCore

/// The brute-force oracle of a layout's rect query, shared by the layouts' randomized tests: the
/// elements a query returns must be exactly those of `all` (every element of the content, worked
/// out by the test's own model) whose frame intersects the rect.
extension XCTestCase {
    /// Queries `cv` with the whole content, with rects on the edges of up to `edgeSamples` random
    /// elements of `all` (touching an edge from outside, a point inside the origin corner, a sliver
    /// at the far corner) and with `randomRects` random rects over the content of `width` ×
    /// `height` and a margin of 50 around it, and compares each answer, as a set and in count,
    /// with the filter of `all`.
    /// - Complexity: O((edgeSamples + randomRects) · all.count) comparisons.
    func assertRectQueriesMatchBruteForce(
        _ cv: CollectionView, all: [LayoutAttributes], width w: Double, height h: Double,
        edgeSamples: Int, randomRects: Int, using g: inout SplitMix64, _ label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var rects = [Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6 + h)]
        var pool = all
        for i in 0..<min(edgeSamples, pool.count) {
            pool.swapAt(i, i + g.int(below: pool.count - i))  // a partial Fisher–Yates shuffle
            let f = pool[i].frame
            rects += [
                Rect(x: f.maxX, y: f.minY, width: 5, height: max(f.height, 1)),
                Rect(x: f.minX, y: f.maxY, width: max(f.width, 1), height: 5),
                Rect(x: f.minX - 3, y: f.minY - 3, width: 3, height: 3),
                Rect(x: f.minX, y: f.minY, width: 0.5, height: 0.5),
                Rect(x: f.maxX - 1e-9, y: f.maxY - 1e-9, width: 1e-9, height: 1e-9),
            ]
        }
        for _ in 0..<randomRects {
            rects.append(
                Rect(
                    x: g.double(in: -50..<w + 50), y: g.double(in: -50..<h + 50),
                    width: g.double(in: 0..<w / 2), height: g.double(in: 0..<h / 3 + 10)))
        }
        for r in rects {
            let got = try cv.layoutAttributesForElements(in: r)
            let want = all.filter { r.intersects($0.frame) }
            XCTAssertEqual(Set(got), Set(want), "\(label) rect \(r)", file: file, line: line)
            XCTAssertEqual(got.count, want.count, "\(label) rect \(r)", file: file, line: line)
        }
    }
}
