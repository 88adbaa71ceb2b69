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

    func testKeepSelectionMovesOnlyTheMovedElementOrTheSmallerSide() {
        // A single element moved backward past a block that is smaller than the rest: the
        // block shares one displacement, the rest another (found by the C harness's snapshot
        // chain: 103 moves for one, when the moved element was kept and blocked the block).
        var moved = Array(0..<300)
        moved.remove(at: 228)
        moved.insert(228, at: 125)
        XCTAssertEqual(KeepSelection.keep(moved, universe: 300).filter { !$0 }.count, 1)
        // Random single moves and block moves, both directions, of any length: the fewest moves
        // are the moved element, or the smaller of the block and the run it jumped over.
        var g = SplitMix64(seed: 0xB10C)
        for _ in 0..<2000 {
            let m = Int.random(in: 2...60, using: &g)
            var list = Array(0..<m)
            let length = Int.random(in: 1...max(1, m / 2), using: &g)
            let from = Int.random(in: 0...(m - length), using: &g)
            let block = Array(list[from..<(from + length)])
            list.removeSubrange(from..<(from + length))
            let to = Int.random(in: 0...list.count, using: &g)
            list.insert(contentsOf: block, at: to)
            let kept = KeepSelection.keep(list, universe: m)
            var last = -1
            for (n, v) in list.enumerated() where kept[n] {
                XCTAssertGreaterThan(v, last)
                last = v
            }
            let jumped = abs(to - from)
            XCTAssertEqual(kept.filter { !$0 }.count, min(length, jumped), "\(list)")
        }
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
            let plan = try UpdatePlan.make(update: diff.appliedUpdate, oldCounts: old.counts, newCounts: new.counts)
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
    // MARK: The middles path (SnapshotMiddles): compare the ends, diff the middles, derive the table

    /// A small random edit of `snap` keeping its sections: inserts of fresh identifiers,
    /// deletes, and moves within or between sections.
    private func edit(_ snap: Snapshot, _ g: inout SplitMix64, fresh: inout UInt64) -> Snapshot {
        var items = snap.itemIdentifiers
        for _ in 0..<Int.random(in: 0...4, using: &g) {
            let s = Int.random(in: 0..<items.count, using: &g)
            switch Int.random(in: 0..<3, using: &g) {
            case 0:
                items[s].insert(fresh, at: Int.random(in: 0...items[s].count, using: &g))
                fresh += 1
            case 1:
                if !items[s].isEmpty { items[s].remove(at: Int.random(in: 0..<items[s].count, using: &g)) }
            default:
                guard !items[s].isEmpty else { break }
                let id = items[s].remove(at: Int.random(in: 0..<items[s].count, using: &g))
                let t = Int.random(in: 0..<items.count, using: &g)
                items[t].insert(id, at: Int.random(in: 0...items[t].count, using: &g))
            }
        }
        return Snapshot(sections: snap.sectionIdentifiers, items: items)
    }

    /// Every identifier of `snap` is found at its place through `indexed`, and `gone` are not.
    private func checkLookups(_ indexed: IndexedSnapshot, _ snap: Snapshot, gone: [UInt64], _ what: String) {
        for (s, list) in snap.itemIdentifiers.enumerated() {
            for (i, id) in list.enumerated() {
                XCTAssertEqual(indexed.indexPath(ofItem: id), IndexPath(section: s, item: i), "\(what): \(id)")
            }
        }
        let present = Set(snap.itemIdentifiers.joined())
        for id in gone where !present.contains(id) { XCTAssertNil(indexed.indexPath(ofItem: id), "\(what): \(id)") }
    }

    func testTheMiddlesPathGivesValidUpdatesAndDerivedTablesFindEveryItem() throws {
        var g = SplitMix64(seed: 0x3D_D1E5)
        var fresh: UInt64 = 1000
        for _ in 0..<30 {
            let sections = Int.random(in: 1...4, using: &g)
            var items: [[UInt64]] = Array(repeating: [], count: sections)
            for _ in 0..<Int.random(in: 0...60, using: &g) {
                items[Int.random(in: 0..<sections, using: &g)].append(fresh)
                fresh += 1
            }
            var current = try IndexedSnapshot(Snapshot(sections: (0..<sections).map { 50 + UInt64($0) }, items: items))
            var previous: (IndexedSnapshot, Snapshot)?
            for step in 0..<40 {
                let old = current.snapshot
                let new = edit(old, &g, fresh: &fresh)
                let newItems = Array(new.itemIdentifiers.joined())
                let changed =
                    newItems.isEmpty
                    ? []
                    : (0..<Int.random(in: 0...2, using: &g)).map { _ in
                        newItems.randomElement(using: &g)!
                    }
                let fast = try XCTUnwrap(
                    try SnapshotMiddles.diff(from: current, to: new, changed: changed, anySize: true))
                // The update is valid, and every surviving identifier lands on its new place.
                let plan = try UpdatePlan.make(
                    update: fast.diff.appliedUpdate, oldCounts: old.counts, newCounts: new.counts)
                let full = try SnapshotDiff(from: current, to: try IndexedSnapshot(new), changed: changed)
                // Never more moves where the full diff is exact (at most one moved item).
                let fastMoves = fast.diff.applied.filter { $0.action == .move }.count
                let fullMoves = full.applied.filter { $0.action == .move }.count
                if fullMoves <= 1 { XCTAssertLessThanOrEqual(fastMoves, fullMoves, "step \(step): moves") }
                let newPlaces = Dictionary(
                    uniqueKeysWithValues: new.itemIdentifiers.enumerated().flatMap { s, list in
                        list.enumerated().map { ($0.element, IndexPath(section: s, item: $0.offset)) }
                    })
                for (s, list) in old.itemIdentifiers.enumerated() {
                    for (i, id) in list.enumerated() {
                        let here = IndexPath(section: s, item: i)
                        let to = plan.newIndexPath(forOld: here)
                        if changed.contains(id), newPlaces[id] != nil, to == nil { continue }  // moved + changed
                        XCTAssertEqual(to, newPlaces[id], "step \(step): \(id)")
                        if to != nil { XCTAssertEqual(plan.isReloaded(old: here), changed.contains(id)) }
                    }
                }
                // The requests come grouped (deletes, inserts, reloads, moves), each ascending.
                let order: [UpdateItem.Action] = [.delete, .insert, .reload, .move]
                let ranks = fast.diff.applied.map { order.firstIndex(of: $0.action)! }
                XCTAssertEqual(ranks, ranks.sorted(), "step \(step): groups")
                // The derived table finds every new item, and no deleted one.
                let (derived, undo) = try fast.indexed(from: current)
                let gone = Array(old.itemIdentifiers.joined())
                checkLookups(derived, new, gone: gone, "step \(step), derived")
                if let (stale, snap) = previous { checkLookups(stale, snap, gone: [], "step \(step), stale") }
                if Int.random(in: 0..<4, using: &g) == 0 {
                    // Not kept (a failed commit): the old snapshot reads the table again.
                    undo?.apply()
                    XCTAssertTrue(current.items.isCurrent)
                    checkLookups(current, old, gone: newItems, "step \(step), undone")
                } else {
                    previous = (current, old)
                    current = derived
                }
            }
        }
    }

    func testTheMiddlesPathReportsErrorsAsTheFullDiff() throws {
        var g = SplitMix64(seed: 0xD0_0B1E)
        let base = Snapshot(sections: [7, 8], items: [Array(1...40), Array(41...80)])
        let old = try IndexedSnapshot(base)
        for _ in 0..<300 {
            var items = base.itemIdentifiers
            // One or two identifiers written over others: duplicates somewhere.
            for _ in 0..<Int.random(in: 1...2, using: &g) {
                let s = Int.random(in: 0...1, using: &g), t = Int.random(in: 0...1, using: &g)
                items[s][Int.random(in: 0..<40, using: &g)] = items[t][Int.random(in: 0..<40, using: &g)]
            }
            if Int.random(in: 0...1, using: &g) == 0 { items[1].insert(999, at: Int.random(in: 0...40, using: &g)) }
            let new = Snapshot(sections: [7, 8], items: items)
            let changed: [UInt64] = Int.random(in: 0...1, using: &g) == 0 ? [UInt64.random(in: 1...100, using: &g)] : []
            var fullMessage: String?, fastMessage: String?
            do {
                _ = try SnapshotDiff(
                    from: old, to: try IndexedSnapshot(new, name: "the new snapshot"), changed: changed)
            } catch { fullMessage = (error as? LayoutError)?.message }
            do { _ = try SnapshotMiddles.diff(from: old, to: new, changed: changed, anySize: true) } catch {
                fastMessage = (error as? LayoutError)?.message
            }
            XCTAssertEqual(fastMessage, fullMessage, "\(items)")
        }
    }

    func testAViewAppliesSmallChangesToALongListThroughTheMiddles() throws {
        // 1,000 items; one moved, one inserted, one deleted, one changed: each apply takes the
        // middles path (a tenth of the list at most), and a failed commit keeps the identifiers.
        let flow = FailingUpdateFlowLayout()
        var ids = (0..<1000).map { UInt64($0) * 3 }
        let ds = StaticDataSource([ids.count])
        let v = try CollectionView(dataSource: ds, layout: flow)
        try v.setBoundsSize(Size(width: 320, height: 400))
        try v.setIdentifiers(Snapshot([(1, ids)]))
        func apply(_ new: [UInt64], changed: [UInt64] = []) throws -> [UpdateItem] {
            ds.counts = [new.count]
            return try v.applySnapshot(Snapshot([(1, new)]), changed: changed, animation: nil).requests
        }
        let moved = ids.remove(at: 100)
        ids.insert(moved, at: 150)
        XCTAssertEqual(
            try apply(ids),
            [
                UpdateItem(
                    action: .move, before: IndexPath(section: 0, item: 100),
                    after: IndexPath(section: 0, item: 150))
            ])
        ids.insert(7, at: 500)
        ids.remove(at: 800)
        XCTAssertEqual(
            try apply(ids, changed: [ids[20]]).map(\.action), [.delete, .insert, .reload])
        for (i, id) in ids.enumerated() {
            XCTAssertEqual(try v.indexPath(forItemIdentifier: id), IndexPath(section: 0, item: i))
        }
        // A failed commit: nothing changes, lookups still answer for the old list.
        flow.fail = true
        var next = ids
        next.swapAt(10, 11)
        XCTAssertThrowsError(try apply(next))
        ds.counts = [ids.count]
        XCTAssertEqual(try v.indexPath(forItemIdentifier: ids[10]), IndexPath(section: 0, item: 10))
        XCTAssertEqual(try v.indexPath(forItemIdentifier: ids[11]), IndexPath(section: 0, item: 11))
        flow.fail = false
        XCTAssertEqual(try apply(next).count, 1)
        XCTAssertEqual(try v.indexPath(forItemIdentifier: ids[10]), IndexPath(section: 0, item: 11))
        // A duplicate: the full diff's message, nothing applied.
        var dup = next
        dup[900] = dup[5]
        XCTAssertThrowsError(try apply(dup)) { e in
            XCTAssertEqual(
                (e as? LayoutError)?.message,
                "item identifier \(next[5]) appears twice in the new snapshot: at [0, 5] and [0, 900]")
        }
        ds.counts = [next.count]
        XCTAssertEqual(try v.itemIdentifier(at: IndexPath(section: 0, item: 900)), next[900])
    }
}
