import XCTest

@testable import CVLayoutCore

/// The layouts that show only cells (`CellsOnlyLayout`: the circle, the mosaic, the stack) answer
/// nil for any supplementary or decoration view, laid out or not, and their rect queries hand over
/// cells only.
final class CellsOnlyLayoutTests: XCTestCase {
    func testOnlyCells() throws {
        let layouts: [(String, CellsOnlyLayout)] = [
            ("circle", CircleLayout()), ("mosaic", MosaicLayout()), ("stack", StackLayout()),
        ]
        let kinds: [ElementKind] = [.none, .sectionHeader, .sectionFooter, .binder, .connector, .firstCustom]
        let paths = [
            IndexPath(section: 0, item: 0), IndexPath(section: 0, item: 11), IndexPath(section: 1, item: 0),
            IndexPath(section: -1, item: 0),
        ]
        for (name, l) in layouts {
            let v = try CollectionView(dataSource: StaticDataSource([12]), layout: l)
            try v.setBoundsSize(Size(width: 400, height: 400))
            try v.layoutIfNeeded()
            let all = try v.layoutAttributesForElements(in: Rect(x: -1e5, y: -1e5, width: 2e5, height: 2e5))
            XCTAssertFalse(all.isEmpty, name)
            XCTAssertTrue(all.allSatisfy { $0.key.category == .cell }, name)
            for k in kinds {
                for p in paths {
                    XCTAssertNil(try l.layoutAttributesForSupplementaryView(ofKind: k, at: p), "\(name) \(k) \(p)")
                    XCTAssertNil(try l.layoutAttributesForDecorationView(ofKind: k, at: p), "\(name) \(k) \(p)")
                }
            }
            XCTAssertNotNil(try l.layoutAttributesForItem(at: IndexPath(section: 0, item: 0)), name)
        }
    }
}
