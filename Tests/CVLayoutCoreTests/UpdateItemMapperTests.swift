import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

/// `UpdatePlan.ItemMapper` (an animated update's old cells mapped in runs) against the plan's own
/// answers, `newIndexPath(forOld:)` and `isReloaded(old:)`, on random updates (deletes, inserts,
/// reloads and moves of items, reloaded sections) for old cells asked in runs, with gaps, repeats,
/// other sections and index paths outside the counts.
final class UpdateItemMapperTests: XCTestCase {
    func testMapperEqualsThePlanItemByItem() throws {
        var rng = SplitMix64(seed: 0x6d61_7070_6572_3131)
        var plans = 0, asked = 0, mapped = 0
        while plans < 300 {
            let sections = 1 + rng.int(below: 3)
            let old = (0..<sections).map { _ in rng.int(below: 60) }
            var new = old
            var u = BatchUpdate()
            var used = Set<IndexPath>()
            for _ in 0..<rng.int(below: 8) {
                let s = rng.int(below: sections)
                guard old[s] > 0 else { continue }
                let p = IndexPath(section: s, item: rng.int(below: old[s]))
                guard !used.contains(p) else { continue }
                used.insert(p)
                switch rng.int(below: 4) {
                case 0:
                    u.deleteItems([p])
                    new[s] -= 1
                case 1: u.reloadItems([p])
                case 2:
                    let t = rng.int(below: sections)
                    u.moveItem(from: p, to: IndexPath(section: t, item: rng.int(below: max(1, new[t]))))
                    new[s] -= 1
                    new[t] += 1
                default: break
                }
            }
            for _ in 0..<rng.int(below: 4) {
                let t = rng.int(below: sections)
                u.insertItems([IndexPath(section: t, item: rng.int(below: new[t] + 1))])
                new[t] += 1
            }
            if rng.next() % 8 == 0 { u.reloadSections([rng.int(below: sections)]) }
            guard let plan = try? UpdatePlan.make(update: u, oldCounts: old, newCounts: new) else { continue }
            plans += 1
            var mapper = UpdatePlan.ItemMapper(plan)
            var s = 0, i = -1
            for _ in 0..<200 {
                switch rng.int(below: 10) {
                case 0: s = rng.int(below: sections + 1)  // another section (one past the last)
                case 1: i = rng.int(below: 70) - 5  // a jump, maybe outside the counts
                case 2: break  // the same again
                default: i += 1  // the next item: most runs
                }
                let p = IndexPath(section: s, item: i)
                let want = plan.newIndexPath(forOld: p).flatMap { plan.isReloaded(old: p) ? nil : $0 }
                XCTAssertEqual(mapper.map(p), want, "\(p) in \(u)")
                asked += 1
                if want != nil { mapped += 1 }
            }
        }
        XCTAssertGreaterThan(mapped, asked / 5)
    }
}
