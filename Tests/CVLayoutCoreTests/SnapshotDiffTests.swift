import XCTest

@testable import CVLayoutCore

/// The snapshot diff (Heckel-style) against the batch-update model it feeds: every computed update
/// passes `UpdatePlan.make`, and the plan's maps send every surviving identifier to its new place.
final class SnapshotDiffTests: XCTestCase {
    func testKeepSelectionIsExactForSingleMovesAndBlocks() {
        // One element moved from the front to the back, and back to the front.
        XCTAssertEqual(KeepSelection.keep([1, 2, 3, 0], universe: 4), [true, true, true, false])
        XCTAssertEqual(KeepSelection.keep([3, 0, 1, 2], universe: 4), [false, true, true, true])
        // One moved into the middle: the rest keep their place.
        XCTAssertEqual(KeepSelection.keep([1, 2, 0, 3, 4, 5], universe: 6), [true, true, false, true, true, true])
        // Two far apart moves (first to last and last to first).
        XCTAssertEqual(KeepSelection.keep([9, 1, 2, 3, 4, 5, 6, 7, 8, 0], universe: 10).filter { !$0 }.count, 2)
        // Already in order, with gaps (inserts and deletes only): everything stays.
        XCTAssertEqual(KeepSelection.keep([0, 2, 5, 9], universe: 10), [true, true, true, true])
        XCTAssertEqual(KeepSelection.keep([], universe: 0), [])
    }

    private func random(_ g: inout SplitMix64, sections: Int, pool: [UInt64]) -> Snapshot {
        var ids = pool.shuffled(using: &g)
        ids.removeLast(Int.random(in: 0...(ids.count / 3), using: &g))
        var sectionIDs = Array(UInt64(900)..<UInt64(906)).shuffled(using: &g)
        sectionIDs = Array(sectionIDs.prefix(sections))
        guard sections > 0 else { return Snapshot([]) }
        var cuts = (0..<(sections - 1)).map { _ in Int.random(in: 0...ids.count, using: &g) }.sorted()
        cuts = [0] + cuts + [ids.count]
        return Snapshot(sections: sectionIDs, items: (0..<sections).map { Array(ids[cuts[$0]..<cuts[$0 + 1]]) })
    }

    func testRandomDiffsAreValidUpdatesWhoseMapsFollowTheIdentifiers() throws {
        // Seeded, so a failure replays: 400 cases from one seed (each case draws its own sizes).
        var g = SplitMix64(seed: 0x5EED_D1FF)
        for _ in 0..<400 {
            let old = random(&g, sections: Int.random(in: 0...4, using: &g), pool: Array(1...20))
            let new = random(&g, sections: Int.random(in: 0...4, using: &g), pool: Array(5...25))
            let newItems = new.itemIdentifiers.flatMap { $0 }
            let changed = newItems.isEmpty ? [] : (0..<3).map { _ in newItems.randomElement(using: &g)! }
            let a = try IndexedSnapshot(old), b = try IndexedSnapshot(new)
            let diff = try SnapshotDiff(from: a, to: b, changed: changed)
            let plan = try UpdatePlan.make(update: diff.batchUpdate, oldCounts: old.counts, newCounts: new.counts)
            for (s, list) in old.itemIdentifiers.enumerated() {
                for (i, id) in list.enumerated() {
                    guard let to = plan.newIndexPath(forOld: IndexPath(section: s, item: i)) else {
                        // Gone only when it is not in the new snapshot, changed, or crosses a
                        // deleted or inserted section.
                        if let n = b.indexPath(ofItem: id), !changed.contains(id) {
                            XCTAssertTrue(
                                b.section(of: old.sectionIdentifiers[s]) == nil
                                    || a.section(of: new.sectionIdentifiers[n.section]) == nil,
                                "\(id) lost its identity")
                        }
                        continue
                    }
                    XCTAssertEqual(b.itemIdentifier(at: to), id)
                    XCTAssertEqual(plan.isReloaded(old: IndexPath(section: s, item: i)), changed.contains(id))
                }
            }
            for t in 0..<new.counts.count {
                if let s = plan.oldSection(forNew: t) {
                    XCTAssertEqual(old.sectionIdentifiers[s], new.sectionIdentifiers[t])
                }
            }
        }
    }

    func testDuplicatesAreNamed() {
        XCTAssertThrowsError(try IndexedSnapshot(Snapshot([(1, [4, 5]), (2, [6, 4])]))) { e in
            XCTAssertEqual(
                (e as? LayoutError)?.message, "item identifier 4 appears twice in the snapshot: at [0, 0] and [1, 1]")
        }
        XCTAssertThrowsError(try IndexedSnapshot(Snapshot([(1, []), (1, [])]))) { e in
            XCTAssertEqual(
                (e as? LayoutError)?.message, "section identifier 1 appears twice in the snapshot: sections 0 and 1")
        }
    }

    func testApplyingKeepsTheViewUnchangedOnError() throws {
        let ds = StaticDataSource([3])
        let v = try CollectionView(dataSource: ds, layout: FlowLayout())
        try v.setIdentifiers(Snapshot([(1, [7, 8, 9])]))
        ds.counts = [2]
        XCTAssertThrowsError(try v.applySnapshot(Snapshot([(1, [9, 9])]), animation: nil))
        XCTAssertEqual(v.counts, [3])
        XCTAssertEqual(try v.itemIdentifier(at: IndexPath(section: 0, item: 2)), 9)
        let diff = try v.applySnapshot(Snapshot([(1, [9, 7])]), animation: nil)
        XCTAssertEqual(diff.requests.map(\.action), [.delete, .move])
        XCTAssertEqual(v.counts, [2])
        XCTAssertEqual(try v.indexPath(forItemIdentifier: 7), IndexPath(section: 0, item: 1))
    }
}
