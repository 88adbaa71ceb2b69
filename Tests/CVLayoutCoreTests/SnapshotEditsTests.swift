import XCTest

@testable import CVLayoutCore

/// `applySnapshotEdits`: splices of the view's bulk identifiers, diffed on the runs they touch.
final class SnapshotEditsTests: XCTestCase {
    /// A view over `lists` (section identifiers 100, 101, ...) with its identifiers set.
    private func view(
        _ lists: [[UInt64]], layout: FlowLayout = FlowLayout()
    ) throws
        -> (CollectionView, StaticDataSource)
    {
        let ds = StaticDataSource(lists.map(\.count))
        let v = try CollectionView(dataSource: ds, layout: layout)
        try v.setBoundsSize(Size(width: 320, height: 400))
        try v.setIdentifiers(Snapshot(sections: (0..<lists.count).map { UInt64(100 + $0) }, items: lists))
        return (v, ds)
    }

    func testRandomEditsGiveTheSplicedListsAndAnUpdateThatFollowsTheIdentifiers() throws {
        // Seeded: 300 rounds on one view of 4 sections, each round 1-6 splices (deletes,
        // inserts of new identifiers or of ones deleted in the same round: moves, replacements),
        // some identifiers marked changed. After each: the view's identifiers are the model's,
        // every identifier is found where the model has it, and the update maps every surviving
        // old item to the place of the same identifier.
        var g = SplitMix64(seed: 0xED17)
        var fresh: UInt64 = 1
        var lists: [[UInt64]] = (0..<4).map { _ in
            (0..<Int.random(in: 0...300, using: &g)).map { _ in
                fresh += 1
                return fresh
            }
        }
        let (v, ds) = try view(lists)
        for round in 0..<300 {
            let old = lists
            var edits: [SnapshotEdit] = []
            var removed: [UInt64] = []
            // Most rounds edit around one place per section (runs small enough for the diff of
            // the runs); one in four anywhere (the whole snapshot's diff).
            let focus = lists.map { Int.random(in: 0...$0.count, using: &g) }
            let anywhere = round % 4 == 3
            for _ in 0..<Int.random(in: 1...6, using: &g) {
                let s = Int.random(in: 0..<lists.count, using: &g)
                let n = lists[s].count
                let near = Swift.min(n, Swift.max(0, focus[s] + Int.random(in: -8...8, using: &g)))
                let start = anywhere ? Int.random(in: 0...n, using: &g) : near
                let remove = Int.random(in: 0...Swift.min(3, n - start), using: &g)
                removed += lists[s][start..<(start + remove)]
                var new: [UInt64] = []
                for _ in 0..<Int.random(in: 0...3, using: &g) {
                    if !removed.isEmpty, Bool.random(using: &g) {
                        new.append(removed.remove(at: Int.random(in: 0..<removed.count, using: &g)))
                    } else {
                        fresh += 1
                        new.append(fresh)
                    }
                }
                lists[s].replaceSubrange(start..<(start + remove), with: new)
                edits.append(SnapshotEdit(section: s, start: start, removeCount: remove, identifiers: new))
            }
            let all = lists.flatMap { $0 }
            let changed = all.isEmpty ? [] : (0..<2).map { _ in all.randomElement(using: &g)! }
            // The diff alone first: the same requests as the apply, and nothing changed by it
            // (the data source already reports the new counts, which it does not read).
            let preview = try v.diffSnapshotEdits(edits, changed: changed)
            ds.counts = lists.map(\.count)
            let diff = try v.applySnapshotEdits(edits, changed: changed, animation: nil)
            XCTAssertEqual(preview.requests, diff.requests, "round \(round)")
            for (s, list) in lists.enumerated() {
                for (i, id) in list.enumerated() {
                    XCTAssertEqual(try v.itemIdentifier(at: IndexPath(section: s, item: i)), id, "round \(round)")
                    XCTAssertEqual(try v.indexPath(forItemIdentifier: id), IndexPath(section: s, item: i))
                }
            }
            for id in removed { XCTAssertNil(try v.indexPath(forItemIdentifier: id), "round \(round): \(id)") }
            let plan = try UpdatePlan.make(
                update: diff.batchUpdate, oldCounts: old.map(\.count), newCounts: lists.map(\.count))
            for (s, list) in old.enumerated() {
                for (i, id) in list.enumerated() {
                    let at = IndexPath(section: s, item: i)
                    if let to = plan.newIndexPath(forOld: at) {
                        XCTAssertEqual(lists[to.section][to.item], id, "round \(round): \(at) went to \(to)")
                        XCTAssertEqual(plan.isReloaded(old: at), changed.contains(id), "round \(round): \(at)")
                    } else {
                        // Gone only when deleted, or changed and moved (a delete and an insert).
                        let still = all.contains(id)
                        XCTAssertTrue(!still || changed.contains(id), "round \(round): \(id) lost its identity")
                    }
                }
            }
        }
    }

    func testAnEditNextToTheEndsDiffsOnlyTheRunItTouches() throws {
        // 10,000 items in one section: an append, a delete at 0 and a move inside the first
        // hundred give exactly those requests; the rest of the list is never compared.
        var ids = (0..<10_000).map { UInt64($0) * 7 }
        let (v, ds) = try view([ids])
        ids.append(1)
        ds.counts = [ids.count]
        XCTAssertEqual(
            try v.applySnapshotEdits(
                [SnapshotEdit(section: 0, start: 10_000, removeCount: 0, identifiers: [1])],
                animation: nil
            ).requests,
            [UpdateItem(action: .insert, before: nil, after: IndexPath(section: 0, item: 10_000))])
        let moved = ids.remove(at: 10)
        ids.insert(moved, at: 60)
        ids.removeFirst()
        ds.counts = [ids.count]
        let requests = try v.applySnapshotEdits(
            [
                SnapshotEdit(section: 0, start: 10, removeCount: 1),
                SnapshotEdit(section: 0, start: 60, removeCount: 0, identifiers: [moved]),
                SnapshotEdit(section: 0, start: 0, removeCount: 1),
            ], animation: nil
        ).requests
        XCTAssertEqual(
            requests,
            [
                UpdateItem(action: .delete, before: IndexPath(section: 0, item: 0), after: nil),
                UpdateItem(
                    action: .move, before: IndexPath(section: 0, item: 10), after: IndexPath(section: 0, item: 59)),
            ])
        XCTAssertEqual(try v.indexPath(forItemIdentifier: moved), IndexPath(section: 0, item: 59))
        XCTAssertEqual(try v.itemIdentifier(at: IndexPath(section: 0, item: 9_999)), 1)
    }

    func testBadEditsChangeNothingAndSayWhy() throws {
        let flow = FailingUpdateFlowLayout()
        let lists: [[UInt64]] = [[1, 2, 3], [4, 5]]
        let (v, ds) = try view(lists, layout: flow)
        func unchanged(_ what: String) throws {
            ds.counts = [3, 2]
            for (s, list) in lists.enumerated() {
                for (i, id) in list.enumerated() {
                    XCTAssertEqual(try v.indexPath(forItemIdentifier: id), IndexPath(section: s, item: i), what)
                }
            }
            XCTAssertEqual(v.counts, [3, 2], what)
            // The shared identifier table is back to the view's snapshot (the next edit derives
            // from it instead of diffing everything).
            guard case .bulk(let snap) = v.identities else { return XCTFail("\(what): identifiers lost") }
            XCTAssertTrue(snap.items.isCurrent, what)
        }
        /// The apply's error; `beforeCommit`: the diff alone must fail with the same one (it
        /// reads no counts and commits nothing).
        func message(
            _ edits: [SnapshotEdit], counts: [Int], changed: [UInt64] = [], beforeCommit: Bool = true
        ) -> String? {
            // The diff alone fails as the apply does before its commit, and changes nothing.
            var diffError: String?
            do { _ = try v.diffSnapshotEdits(edits, changed: changed) } catch {
                diffError = (error as? LayoutError)?.message
            }
            ds.counts = counts
            do {
                try v.applySnapshotEdits(edits, changed: changed, animation: nil)
                return nil
            } catch {
                let text = (error as? LayoutError)?.message
                if beforeCommit { XCTAssertEqual(diffError, text, "the diff's error") }
                return text
            }
        }
        XCTAssertEqual(
            message([SnapshotEdit(section: 2, start: 0, removeCount: 0, identifiers: [9])], counts: [3, 2]),
            "snapshot edit 0: section 2 is outside the 2 sections of the snapshot")
        try unchanged("section")
        // The second edit sees the section as the first left it (two items).
        XCTAssertEqual(
            message(
                [
                    SnapshotEdit(section: 0, start: 0, removeCount: 1),
                    SnapshotEdit(section: 0, start: 1, removeCount: 2),
                ],
                counts: [1, 2]),
            "snapshot edit 1: items 1 ..< 1 + 2 are outside the 2 items of section 0")
        try unchanged("range")
        // A duplicate: the message of apply_snapshot for the same lists.
        XCTAssertEqual(
            message([SnapshotEdit(section: 1, start: 2, removeCount: 0, identifiers: [2])], counts: [3, 3]),
            "item identifier 2 appears twice in the new snapshot: at [0, 1] and [1, 2]")
        try unchanged("duplicate")
        XCTAssertEqual(
            message([SnapshotEdit(section: 1, start: 0, removeCount: 1)], counts: [3, 1], changed: [4]),
            "changed identifier 4 is not an item of the new snapshot")
        try unchanged("changed")
        // Counts the data source does not report.
        XCTAssertNotNil(
            message([SnapshotEdit(section: 1, start: 0, removeCount: 1)], counts: [3, 2], beforeCommit: false))
        try unchanged("counts")
        // Too many edits for one call.
        XCTAssertEqual(
            message(
                Array(repeating: SnapshotEdit(section: 0, start: 0, removeCount: 0), count: SnapshotEdit.maxCount + 1),
                counts: [3, 2]),
            "65537 snapshot edits: at most 65536 in one call (CVL_MAX_SNAPSHOT_EDITS); apply the whole snapshot "
                + "instead, or split the edits")
        try unchanged("too many")
        // A failed commit gives the identifiers back.
        flow.fail = true
        XCTAssertEqual(
            message([SnapshotEdit(section: 0, start: 0, removeCount: 1)], counts: [2, 2], beforeCommit: false),
            "the update hook failed")
        flow.fail = false
        try unchanged("commit")
        // Without bulk identifiers.
        v.clearIdentifiers()
        XCTAssertEqual(
            message([], counts: [3, 2]),
            "snapshot edits change the view's identifiers given in bulk (set_identifiers or apply_snapshot); "
                + "this view has no identifiers")
    }
}
