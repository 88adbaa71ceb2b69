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
        // Seeded: 300 rounds on one view of 4 sections of up to 300 items (arrays: at most 6
        // splices a round, below `SnapshotItems.arraySplices`).
        try randomRounds(seed: 0xED17, maxCount: 300, rounds: 300, checkEvery: 1)
    }

    func testRandomEditsOfLargeSectionsKeepThemInChunks() throws {
        // The same with sections of 2,500-6,000 items: the first splice of each moves it into
        // chunks of 512, and the later ones splice the chunks.
        try randomRounds(seed: 0xC4A1, minCount: 2_500, maxCount: 6_000, rounds: 120, checkEvery: 10)
        var ids = (0..<5_000).map { UInt64($0) }
        let (v, ds) = try view([ids])
        for k in 0..<40 {
            let at = (k * 997) % (ids.count + 1), id = UInt64(10_000 + k)
            ids.insert(id, at: at)
            ds.counts = [ids.count]
            let diff = try v.applySnapshotEdits(
                [SnapshotEdit(section: 0, start: at, removeCount: 0, identifiers: [id])], animation: nil)
            XCTAssertEqual(
                diff.requests, [UpdateItem(action: .insert, before: nil, after: IndexPath(section: 0, item: at))])
        }
        guard case .bulk(let snap) = v.identities else { return XCTFail("identifiers lost") }
        XCTAssertTrue(snap.snapshot.items[0].isChunked)
        XCTAssertEqual(snap.snapshot.itemIdentifiers, [ids])
        // A whole snapshot applied over the chunks: its ends compared run by run, one move.
        let moved = ids.remove(at: 3_000)
        ids.insert(moved, at: 2_000)
        XCTAssertEqual(
            try v.applySnapshot(Snapshot(sections: [100], items: [ids]), animation: nil).requests,
            [
                UpdateItem(
                    action: .move, before: IndexPath(section: 0, item: 3_000), after: IndexPath(section: 0, item: 2_000)
                )
            ])
        XCTAssertEqual(try v.indexPath(forItemIdentifier: moved), IndexPath(section: 0, item: 2_000))
    }

    /// Rounds of 1-6 random splices (deletes, inserts of new identifiers or of ones deleted in
    /// the same round: moves, replacements) on one view of 4 sections, some identifiers marked
    /// changed. After each (every `checkEvery` rounds for the whole lists): the view's
    /// identifiers are the model's, every identifier is found where the model has it, the
    /// update maps every surviving old item to the place of the same identifier, and the diff
    /// alone is the update applied.
    private func randomRounds(
        seed: UInt64, minCount: Int = 0, maxCount: Int, rounds: Int, checkEvery: Int
    ) throws {
        var g = SplitMix64(seed: seed)
        var fresh: UInt64 = 1
        var lists: [[UInt64]] = (0..<4).map { _ in
            (0..<Int.random(in: minCount...maxCount, using: &g)).map { _ in
                fresh += 1
                return fresh
            }
        }
        let (v, ds) = try view(lists)
        for round in 0..<rounds {
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
            for e in edits {
                for id in e.identifiers {
                    guard let at = try v.indexPath(forItemIdentifier: id) else {
                        XCTAssertFalse(all.contains(id), "round \(round): \(id) not found")
                        continue
                    }
                    XCTAssertEqual(lists[at.section][at.item], id, "round \(round)")
                    XCTAssertEqual(try v.itemIdentifier(at: at), id, "round \(round)")
                }
            }
            guard round % checkEvery == 0 || round == rounds - 1 else { continue }
            for (s, list) in lists.enumerated() {
                for (i, id) in list.enumerated() {
                    XCTAssertEqual(try v.itemIdentifier(at: IndexPath(section: s, item: i)), id, "round \(round)")
                    XCTAssertEqual(try v.indexPath(forItemIdentifier: id), IndexPath(section: s, item: i))
                }
            }
            for id in removed { XCTAssertNil(try v.indexPath(forItemIdentifier: id), "round \(round): \(id)") }
            let plan = try UpdatePlan.make(
                update: diff.appliedUpdate, oldCounts: old.map(\.count), newCounts: lists.map(\.count))
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

/// `SnapshotItems`: a section's identifiers as an array or in chunks, against an array model.
final class SnapshotItemsTests: XCTestCase {
    func testSplicesAgreeWithAnArrayAndCopiesStayUntouched() {
        // Seeded: sections of 0-9,000 identifiers, rounds of 1-12 splices each (so small
        // sections stay arrays for a few splices and move into chunks for many); after each
        // round every reader (subscript, copy of random ranges, array, the bulk reader walking
        // the section in order and at random) agrees with the model, and the copy taken before
        // the round is unchanged.
        var g = SplitMix64(seed: 0x5EC7)
        var fresh: UInt64 = 1
        for size in [0, 5, 300, 2_048, 2_049, 9_000] {
            var model = (0..<size).map { _ in
                fresh += 1
                return fresh
            }
            var items = SnapshotItems(model)
            for round in 0..<30 {
                let before = items, beforeModel = model
                var edits: [SnapshotEdit] = []
                for _ in 0..<Int.random(in: 1...12, using: &g) {
                    let start = Int.random(in: 0...model.count, using: &g)
                    let remove = Int.random(in: 0...Swift.min(700, model.count - start), using: &g)
                    let new = (0..<Int.random(in: 0...600, using: &g)).map { _ in
                        fresh += 1
                        return fresh
                    }
                    model.replaceSubrange(start..<(start + remove), with: new)
                    edits.append(SnapshotEdit(section: 0, start: start, removeCount: remove, identifiers: new))
                }
                items.apply(Array(edits.indices), of: edits)
                let what = "size \(size), round \(round)"
                XCTAssertEqual(items.count, model.count, what)
                XCTAssertEqual(items.array, model, what)
                XCTAssertEqual(items, SnapshotItems(model), what)
                XCTAssertEqual(before.array, beforeModel, what)
                if size > SnapshotItems.chunkedFrom || edits.count > SnapshotItems.arraySplices {
                    XCTAssertTrue(items.isChunked, what)
                }
                for _ in 0..<20 where !model.isEmpty {
                    let i = Int.random(in: 0..<model.count, using: &g)
                    XCTAssertEqual(items[i], model[i], what)
                    let j = Int.random(in: i...model.count, using: &g)
                    XCTAssertEqual(items.copy(i..<j), Array(model[i..<j]), what)
                }
                var bulk = BulkItemIdentifiers([SnapshotItems([7]), items])
                for (i, id) in model.enumerated() where i % 3 == 0 || i < 600 {
                    XCTAssertEqual(bulk.identifier(section: 1, item: i), id, what)
                }
                for _ in 0..<50 where !model.isEmpty {
                    let i = Int.random(in: 0..<model.count, using: &g)
                    XCTAssertEqual(bulk.identifier(section: 1, item: i), model[i], what)
                    XCTAssertEqual(bulk.identifier(section: 0, item: 0), 7, what)
                }
                XCTAssertNil(bulk.identifier(section: 1, item: model.count))
                XCTAssertNil(bulk.identifier(section: 1, item: -1))
                XCTAssertNil(bulk.identifier(section: 2, item: 0))
            }
        }
    }
}

extension SnapshotItemsTests {
    func testCommonEndsOfArraysAndChunksAgreeWithAPlainComparison() {
        // Pairs of lists that share a prefix and a suffix of random lengths (overlapping ones
        // included: a list against itself, or one made of the other's ends), each side an
        // array or in chunks of 512, against a plain comparison.
        var g = SplitMix64(seed: 0xE2D5)
        func plain(_ a: [UInt64], _ b: [UInt64]) -> (Int, Int) {
            let m = Swift.min(a.count, b.count)
            var p = 0
            while p < m, a[p] == b[p] { p += 1 }
            var q = 0
            while q < m - p, a[a.count - 1 - q] == b[b.count - 1 - q] { q += 1 }
            return (p, q)
        }
        func chunked(_ list: [UInt64]) -> SnapshotItems {
            var items = SnapshotItems([])
            items.apply(
                Array(0..<9),
                of: [SnapshotEdit(section: 0, start: 0, removeCount: 0, identifiers: list)]
                    + Array(repeating: SnapshotEdit(section: 0, start: 0, removeCount: 0), count: 8))
            return items
        }
        for round in 0..<300 {
            let shared = (0..<Int.random(in: 0...3_000, using: &g)).map { _ in UInt64.random(in: 0...3, using: &g) }
            let cut = Int.random(in: 0...shared.count, using: &g)
            var a = shared, b = shared
            a.insert(contentsOf: (0..<Int.random(in: 0...700, using: &g)).map { 10 + UInt64($0) }, at: cut)
            if Bool.random(using: &g) {
                b.insert(contentsOf: (0..<Int.random(in: 0...700, using: &g)).map { 5_000 + UInt64($0) }, at: cut)
            }
            let expected = plain(a, b)
            for (x, y) in [(SnapshotItems(a), chunked(b)), (chunked(a), SnapshotItems(b)), (chunked(a), chunked(b))] {
                XCTAssertTrue(x.isChunked || y.isChunked)
                let got = SnapshotMiddles.commonEnds(x, y)
                XCTAssertEqual(got.prefix, expected.0, "round \(round)")
                XCTAssertEqual(got.suffix, expected.1, "round \(round)")
            }
            let same = SnapshotMiddles.commonEnds(SnapshotItems(a), SnapshotItems(a))
            XCTAssertEqual(same.prefix + same.suffix, a.count, "round \(round)")
        }
    }
}
