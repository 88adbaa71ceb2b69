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

    /// `KeyIndex` against `Dictionary` when most keys are cells of one section (its direct part by
    /// item, grown as items come, moving the hashed keys it comes to cover), mixed with cells of
    /// other sections, other categories, negative and far items, and removals; emptied and
    /// refilled with another section's cells first (the direct part changes section only empty).
    func testKeyIndexWithManyCellsOfOneSectionMatchesADictionary() {
        var g = SplitMix64(seed: 78)
        for round in 0..<6 {
            var index = KeyIndex()
            if round % 2 == 1 { index.reserveCapacity(50 + g.int(below: 400)) }
            var model: [ElementKey: Int] = [:]
            let main = g.int(below: 3)
            func randomKey() -> ElementKey {
                switch g.int(below: 10) {
                case 0: return key(g.int(below: 4), g.int(below: 500))
                case 1: return key(main, g.int(below: 300), .supplementaryView)
                case 2: return key(main, [-1, -7, 1 << 40, 10_000][g.int(below: 4)])
                default: return key(main, g.int(below: 40 + round * 150))
                }
            }
            func check() {
                XCTAssertEqual(index.count, model.count)
                for s in -1..<4 {
                    for i in -8..<1_000 {
                        for c in [ElementCategory.cell, .supplementaryView] {
                            XCTAssertEqual(index[key(s, i, c)], model[key(s, i, c)])
                        }
                    }
                }
                for i in [1 << 40, 10_000] { XCTAssertEqual(index[key(main, i)], model[key(main, i)]) }
            }
            // The first key may be of another section or category: the direct part follows the
            // first cell put into the empty index.
            for step in 0..<3_000 {
                let k = randomKey()
                switch g.int(below: 6) {
                case 0:
                    index.set(k, nil)
                    model[k] = nil
                case 1:
                    let had = index.insertIfAbsent(k, step)
                    XCTAssertEqual(had, model[k])
                    if had == nil { model[k] = step }
                default:
                    index.set(k, step)
                    model[k] = step
                }
                XCTAssertEqual(index.count, model.count)
                if step % 499 == 0 { check() }
            }
            check()
            // Emptied, then filled with the cells of another section in order.
            for k in Array(model.keys) {
                index.set(k, nil)
                model[k] = nil
            }
            XCTAssertEqual(index.count, 0)
            for i in 0..<700 {
                index.set(key(3, i), i)
                model[key(3, i)] = i
            }
            check()
        }
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
