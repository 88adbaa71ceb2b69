import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

/// The circle layout's table of item places (made at the first query that meets at least half the
/// items): every item it answers, before and after the table is made and after a new `prepare()`,
/// is bit for bit the layout's formula — the seed's centre `c + r·(cos(a − π/2), sin(a − π/2))` as
/// `c + r·(sin a, −cos a)` at `a = 2πi/n`, transform `Transform3D.rotation(a, 0, 0, 1)`; past the
/// half turn (`2i > n`) the mirror image of item `n − i` (turned by `−a`) — written out here.
final class CircleLayoutTableTests: XCTestCase {
    private func expected(_ i: Int, n: Int, bounds: Size, item: Size) -> LayoutAttributes {
        let mirrored = 2 * i > n
        let angle = 2 * Double.pi * Double(mirrored ? n - i : i) / Double(n)
        let s = mirrored ? -sin(angle) : sin(angle)
        let r = (min(bounds.width, bounds.height) / 2.5).rounded(.towardZero)
        var a = LayoutAttributes.cell(IndexPath(section: 0, item: i))
        a.size = item
        a.center = Point(x: bounds.width / 2 + r * s, y: bounds.height / 2 - r * cos(angle))
        a.transform = Transform3D.rotation(mirrored ? -angle : angle, 0, 0, 1)
        return a
    }

    private func assertBitwise(
        _ got: LayoutAttributes, _ want: LayoutAttributes, _ what: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(got.indexPath, want.indexPath, what, file: file, line: line)
        XCTAssertTrue(got.transform.isBitwiseEqual(to: want.transform), "\(what): transform", file: file, line: line)
        let g = [got.origin.x, got.origin.y, got._size.width, got._size.height].map(\.bitPattern)
        let w = [want.origin.x, want.origin.y, want._size.width, want._size.height].map(\.bitPattern)
        XCTAssertEqual(g, w, "\(what): frame", file: file, line: line)
    }

    func testTableAnswersAreTheSeedsFormulaBitForBit() throws {
        var rng = SplitMix64(seed: 4)
        for n in [1, 2, 3, 7, 97, 1000, 4099] {
            let layout = CircleLayout()
            let item = Size(width: 10 + Double(rng.next() % 70), height: 10 + Double(rng.next() % 70))
            try layout.setItemSize(item)
            var bounds = Size(width: 200 + Double(rng.next() % 900), height: 200 + Double(rng.next() % 900))
            let cv = try CollectionView(dataSource: StaticDataSource([n]), layout: layout)
            try cv.setBoundsSize(bounds)
            try cv.layoutIfNeeded()
            // No table yet: item by item, and a query of a few items.
            for i in Set([0, n / 3, n - 1]) {
                let a = try XCTUnwrap(layout.layoutAttributesForItem(at: IndexPath(section: 0, item: i)))
                assertBitwise(a, expected(i, n: n, bounds: bounds, item: item), "n \(n) item \(i), no table")
            }
            for round in 0..<2 {
                // The whole content: every item, through the table.
                let all = try cv.layoutAttributesForElements(in: Rect(origin: .zero, size: bounds))
                XCTAssertEqual(all.count, n, "n \(n)")
                for a in all {
                    assertBitwise(
                        a, expected(a.indexPath.item, n: n, bounds: bounds, item: item), "n \(n) round \(round), query")
                }
                for i in Set([0, n / 2, n - 1]) {
                    let a = try XCTUnwrap(layout.layoutAttributesForItem(at: IndexPath(section: 0, item: i)))
                    assertBitwise(a, expected(i, n: n, bounds: bounds, item: item), "n \(n) item \(i), table")
                }
                // A new size: prepared again, the table made again for it.
                bounds = Size(width: bounds.width + 37, height: bounds.height + 11)
                try cv.setBoundsSize(bounds)
                try cv.layoutIfNeeded()
            }
        }
    }
}
