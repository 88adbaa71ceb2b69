import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

/// `ElementTable` against a dictionary where its cells' bounds decide lookups: the on-screen
/// cells of a flow scrolled far from its first items (items from 50,000 on, kept in the index's
/// hashed part), with cells of other sections and supplementary views of the same items; every
/// key in and around the bounds, and far from them, looked up after each way of filling the table
/// (adopted with or without its index, inserted one by one, set, or grown after it was adopted).
final class ElementTableTests: XCTestCase {
    private func key(_ s: Int, _ i: Int, _ c: ElementCategory = .cell) -> ElementKey {
        let kind: ElementKind = c == .supplementaryView ? .sectionHeader : .none
        return ElementKey(category: c, kind: kind, indexPath: IndexPath(section: s, item: i))
    }

    private func element(_ k: ElementKey, _ tag: Double) -> LayoutAttributes {
        LayoutAttributes(
            indexPath: k.indexPath, category: k.category, kind: k.kind, frame: Rect(x: tag, y: 0, width: 1, height: 1))
    }

    func testLookupsAroundTheCellsBoundsMatchADictionary() {
        var g = SplitMix64(seed: 4242)
        for round in 0..<60 {
            let base = [50_000, 0, 7, 123_456_789][round % 4]
            let width = 1 + g.int(below: 300)
            // Keys in random order (a layout's draw order), no key twice.
            var keys: [ElementKey] = []
            var seen = Set<ElementKey>()
            for _ in 0..<g.int(below: 250) {
                let k: ElementKey
                switch g.int(below: 8) {
                case 0: k = key(1, base + g.int(below: width))
                case 1: k = key(0, base + g.int(below: width), .supplementaryView)
                case 2: k = key(0, g.int(below: 20))
                default: k = key(0, base + g.int(below: width))
                }
                if seen.insert(k).inserted { keys.append(k) }
            }
            if round % 3 == 0 { keys.sort() }
            var model: [ElementKey: Double] = [:]
            for (i, k) in keys.enumerated() { model[k] = Double(i) }
            let elements = keys.enumerated().map { element($1, Double($0)) }
            var tables: [ElementTable] = []
            if let t = ElementTable(adopting: elements) { tables.append(t) }
            if let t = ElementTable(adopting: elements, indexed: false) { tables.append(t) }
            var inserted = ElementTable(capacity: elements.count)
            var set = ElementTable()
            for e in elements {
                XCTAssertTrue(inserted.insertIfAbsent(e, for: e.key))
                set[e.key] = e
            }
            tables += [inserted, set]
            XCTAssertEqual(tables.count, 4, "round \(round)")
            // Then more keys, below and above the bounds and of a new section: each table grows.
            for extra in [key(0, base - 3), key(0, base + width + 40), key(2, base), key(0, base - 1_000)]
            where model[extra] == nil {
                model[extra] = Double(model.count)
                for t in tables.indices { tables[t][extra] = element(extra, model[extra]!) }
            }
            for (t, table) in tables.enumerated() {
                XCTAssertEqual(table.count, model.count, "round \(round) table \(t)")
                for s in 0..<3 {
                    for i in (base - 1_010)..<(base + width + 60) {
                        for c in [ElementCategory.cell, .supplementaryView] {
                            let k = key(s, i, c)
                            XCTAssertEqual(table[k]?.origin.x, model[k], "round \(round) table \(t) key \(k)")
                        }
                    }
                    for i in [0, 5, 19, -1, base / 2, 1 << 40] {
                        XCTAssertEqual(table[key(s, i)]?.origin.x, model[key(s, i)], "round \(round) table \(t)")
                    }
                }
            }
        }
    }

    /// A table adopted as turned cells says so until an element is put in or set; an identifier
    /// stamped in place keeps it (what `onScreen` does before a set-up reads the turns).
    func testTurnedCellsAreKeptUntilAnElementIsPutInOrSet() {
        let elements = (0..<5).map { element(key(0, $0), Double($0)) }
        for indexed in [true, false] {
            XCTAssertEqual(ElementTable(adopting: elements, indexed: indexed)?.holdsOnlyTurnedCells, false)
            guard var t = ElementTable(adopting: elements, indexed: indexed, onlyTurnedCells: true) else {
                return XCTFail("adopting five distinct keys")
            }
            XCTAssertTrue(t.holdsOnlyTurnedCells)
            t.setIdentifier(at: 2, 7)
            XCTAssertTrue(t.holdsOnlyTurnedCells)
            XCTAssertEqual(t[key(0, 2)]?.identifier, 7)
            XCTAssertFalse(t.insertIfAbsent(element(key(0, 1), 9), for: key(0, 1)))
            XCTAssertTrue(t.holdsOnlyTurnedCells, "nothing was put in")
            var u = t
            XCTAssertTrue(u.insertIfAbsent(element(key(0, 9), 9), for: key(0, 9)))
            XCTAssertFalse(u.holdsOnlyTurnedCells)
            t[key(0, 3)] = element(key(0, 3), 30)
            XCTAssertFalse(t.holdsOnlyTurnedCells)
        }
    }
}
