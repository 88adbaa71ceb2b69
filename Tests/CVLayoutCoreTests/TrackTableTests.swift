import XCTest

@testable import CVLayoutCore

/// `TrackTable`: a transition's tracks by key, with stable positions for per-frame marking.
final class TrackTableTests: XCTestCase {
    private func key(_ s: Int, _ i: Int, _ category: ElementCategory = .cell) -> ElementKey {
        ElementKey(
            category: category, kind: category == .cell ? .none : .sectionHeader,
            indexPath: CVLayoutCore.IndexPath(section: s, item: i))
    }

    private func track(_ x: Double) -> Transition.Track {
        let a = LayoutAttributes.cell(
            CVLayoutCore.IndexPath(section: 0, item: 0), frame: Rect(x: x, y: 0, width: 1, height: 1))
        return .init(from: a, to: a)
    }

    func testInsertReplaceRemoveKeepPositionsConsistent() {
        var t = TrackTable()
        for i in 0..<5 { t[key(0, i)] = track(Double(i)) }
        t[key(0, 0, .supplementaryView)] = track(99)  // same index path, other category: another key
        XCTAssertEqual(t.count, 6)
        t[key(0, 2)] = track(20)  // replace: same position
        XCTAssertEqual(t.position(of: key(0, 2)), 2)
        XCTAssertEqual(t[key(0, 2)]?.to.origin.x, 20)
        t[key(0, 1)] = nil  // remove: the last entry takes its place
        XCTAssertEqual(t.count, 5)
        XCTAssertNil(t[key(0, 1)])
        XCTAssertNil(t.position(of: key(0, 1)))
        for (n, k) in t.keys.enumerated() {
            XCTAssertEqual(t.position(of: k), n)
            XCTAssertEqual(t[position: n].to.origin.x, t[k]?.to.origin.x)
        }
        XCTAssertEqual(t[key(0, 0, .supplementaryView)]?.to.origin.x, 99)
        t[key(7, 7)] = nil  // removing an absent key changes nothing
        XCTAssertEqual(t.count, 5)
    }

    func testKeysThatDifferInOneFieldHashApart() {
        // Equality is exact whatever the hash; distinct keys must stay distinct in a set.
        var seen = Set<ElementKey>()
        for s in 0..<20 { for i in 0..<20 { seen.insert(key(s, i)); seen.insert(key(s, i, .supplementaryView)) } }
        XCTAssertEqual(seen.count, 800)
        XCTAssertTrue(seen.contains(key(3, 4)))
        XCTAssertFalse(seen.contains(key(20, 0)))
    }

    /// `KeyIndex` against `Dictionary` over random inserts, updates and removals (the removals'
    /// backward shift keeps every other key findable).
    func testKeyIndexMatchesADictionary() {
        var g = SplitMix64(seed: 77)
        var index = KeyIndex()
        var model: [ElementKey: Int] = [:]
        for step in 0..<20_000 {
            let k = key(g.int(below: 40), g.int(below: 60), g.int(below: 5) == 0 ? .supplementaryView : .cell)
            if g.int(below: 3) == 0 {
                index.set(k, nil)
                model[k] = nil
            } else {
                index.set(k, step)
                model[k] = step
            }
            XCTAssertEqual(index.count, model.count)
            if step % 997 == 0 {
                for s in 0..<40 {
                    for i in 0..<60 {
                        for c in [ElementCategory.cell, .supplementaryView] {
                            XCTAssertEqual(index[key(s, i, c)], model[key(s, i, c)])
                        }
                    }
                }
            }
        }
    }
}
