import XCTest

@testable import CVLayoutCore

private typealias IndexPath = CVLayoutCore.IndexPath

private func ip(_ s: Int, _ i: Int) -> IndexPath { IndexPath(section: s, item: i) }
private let whole = UpdateItem.sectionItem

/// The snapshot diff's reported batch is one UIKit accepts and maps as the identifiers say
/// (docs/batch-update-rules.md, "Snapshot diffs UIKit accepts"), checked against
/// `UIKitBatchModel`, a reading of UIKit's documented rules independent of `UpdatePlan`.
final class SnapshotPortabilityTests: XCTestCase {
    private func diff(_ old: Snapshot, _ new: Snapshot, changed: [UInt64] = []) throws -> SnapshotDiff {
        try SnapshotDiff(from: try IndexedSnapshot(old), to: try IndexedSnapshot(new), changed: changed)
    }

    /// Every identifier the batch carries lands, by UIKit's reading, where the new snapshot has it.
    private func assertPortable(
        _ d: SnapshotDiff, _ old: Snapshot, _ new: Snapshot, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let map: [IndexPath: IndexPath]
        do {
            map = try UIKitBatchModel.map(d.batchUpdate, oldCounts: old.counts, newCounts: new.counts)
        } catch {
            XCTFail("\(what): UIKit refuses \(d.requests): \(error)", file: file, line: line)
            return
        }
        for (from, to) in map {
            let id = old.itemIdentifiers[from.section][from.item]
            XCTAssertEqual(
                new.itemIdentifiers[to.section][to.item], id, "\(what): \(id) sent from \(from) to \(to)",
                file: file, line: line)
        }
    }

    /// The example: [5, 6, 7, 8] → [6, 5, 7, 8] with 6 changed. The identity diff is
    /// reload (0, 1) + move (0, 0) → (0, 1); UIKit reads the reload as an insert at (0, 1), where
    /// the move lands. Portable: 6 deleted at (0, 1) and inserted at (0, 0), 5 moved.
    func testAChangedItemNextToAMoveIsDeletedAndInserted() throws {
        let old = Snapshot([(1, [5, 6, 7, 8])]), new = Snapshot([(1, [6, 5, 7, 8])])
        let d = try diff(old, new, changed: [6])
        XCTAssertEqual(
            d.applied,
            [
                UpdateItem(action: .reload, before: ip(0, 1), after: nil),
                UpdateItem(action: .move, before: ip(0, 0), after: ip(0, 1)),
            ])
        XCTAssertThrowsError(
            try UIKitBatchModel.map(SnapshotDiff.batch(of: d.applied), oldCounts: [4], newCounts: [4]))
        XCTAssertEqual(
            d.requests,
            [
                UpdateItem(action: .delete, before: ip(0, 1), after: nil),
                UpdateItem(action: .insert, before: nil, after: ip(0, 0)),
                UpdateItem(action: .move, before: ip(0, 0), after: ip(0, 1)),
            ])
        assertPortable(d, old, new, "example")
        // A reload with only deletes and inserts around it stays a reload (UIKit reads it right).
        let d2 = try diff(old, Snapshot([(1, [9, 6, 8])]), changed: [6])
        XCTAssertEqual(
            d2.requests.filter { $0.action == .reload }, [UpdateItem(action: .reload, before: ip(0, 1), after: nil)])
    }

    /// A section inserted before two sections: item 2 moves from old section 0 (now 1) to old
    /// section 1... numbered 1 before and after: UIKit sees no move in or out and its count check
    /// fails. Portable: deleted at (0, 1) and inserted at (1, 0).
    func testAMoveBetweenSectionsSharingANumberIsDeletedAndInserted() throws {
        let old = Snapshot([(10, [1, 2]), (20, [3])])
        let new = Snapshot([(30, []), (10, [1]), (20, [2, 3])])
        let d = try diff(old, new)
        XCTAssertTrue(d.applied.contains(UpdateItem(action: .move, before: ip(0, 1), after: ip(2, 0))))
        // Here the numbers differ (0 → 2): UIKit counts it; kept as a move.
        XCTAssertTrue(d.requests.contains(UpdateItem(action: .move, before: ip(0, 1), after: ip(2, 0))))
        let old2 = Snapshot([(10, [1]), (20, [2, 3])])
        let new2 = Snapshot([(30, []), (10, [1, 3]), (20, [2])])
        let d2 = try diff(old2, new2)
        XCTAssertTrue(d2.applied.contains(UpdateItem(action: .move, before: ip(1, 1), after: ip(1, 1))))
        XCTAssertThrowsError(
            try UIKitBatchModel.map(SnapshotDiff.batch(of: d2.applied), oldCounts: [1, 2], newCounts: [0, 2, 1]))
        XCTAssertEqual(
            d2.requests,
            [
                UpdateItem(action: .insert, before: nil, after: ip(0, whole)),
                UpdateItem(action: .delete, before: ip(1, 1), after: nil),
                UpdateItem(action: .insert, before: nil, after: ip(1, 1)),
            ])
        assertPortable(d2, old2, new2, "same number")
    }

    /// Items moved inside a section that is itself moved: the section move becomes a section
    /// delete and a section insert (IGListKit's way), its item requests going with it.
    func testAMovedSectionWithItemChangesIsDeletedAndInserted() throws {
        let old = Snapshot([(10, [1, 2, 3]), (20, [4]), (30, [5])])
        let new = Snapshot([(20, [4]), (30, [5]), (10, [3, 1, 2])])
        let d = try diff(old, new)
        XCTAssertEqual(
            d.applied,
            [
                UpdateItem(action: .move, before: ip(0, whole), after: ip(2, whole)),
                UpdateItem(action: .move, before: ip(0, 2), after: ip(2, 0)),
            ])
        XCTAssertEqual(
            d.requests,
            [
                UpdateItem(action: .delete, before: ip(0, whole), after: nil),
                UpdateItem(action: .insert, before: nil, after: ip(2, whole)),
            ])
        assertPortable(d, old, new, "moved section")
        // An item moved out of such a section into a kept one is inserted there.
        let new2 = Snapshot([(20, [4, 2]), (30, [5]), (10, [3, 1])])
        let d2 = try diff(old, new2)
        XCTAssertTrue(d2.requests.contains(UpdateItem(action: .insert, before: nil, after: ip(0, 1))))
        XCTAssertFalse(d2.requests.contains { $0.action == .move })
        assertPortable(d2, old, new2, "out of a moved section")
    }

    /// `applySnapshot` commits the portable batch (what `diffSnapshot` reports and
    /// `lastUpdateItems` lists) and animates what the identifiers say: an item of a moved section
    /// that the batch deletes and inserts with its section still moves on screen.
    func testApplyCommitsThePortableBatchAndAnimatesByIdentity() throws {
        let ds = StaticDataSource([3, 1])
        let flow = FlowLayout()
        try flow.configure {
            $0.itemSize = Size(width: 100, height: 100)
            $0.minimumLineSpacing = 0
            $0.minimumInteritemSpacing = 0
        }
        let v = try CollectionView(dataSource: ds, layout: flow)
        try v.setBoundsSize(Size(width: 100, height: 1000))
        let old = Snapshot([(10, [1, 2, 3]), (20, [4])]), new = Snapshot([(20, [4]), (10, [3, 1, 2])])
        try v.setIdentifiers(old)
        _ = try v.visibleAttributes()
        let preview = try v.diffSnapshot(new)
        XCTAssertFalse(preview.requests.contains { $0.action == .move && !$0.isSectionUpdate })
        ds.counts = [1, 3]
        let d = try v.applySnapshot(new, animation: try AnimationTiming(duration: 1, curve: .linear))
        XCTAssertEqual(d.requests, preview.requests)
        // Section 10 moved with an item moved inside it: reported (and committed) as a section
        // delete and insert; on screen its items still move.
        XCTAssertEqual(v.lastPlan?.updateItems.filter { $0.action == .move }.count, 0)
        // Item 3 was at (0, 2), y 200; it ends at (1, 0), y 100. At progress 0.5 it is at y 150 and
        // present (not a disappearing copy plus a fading-in one).
        try v.setTime(0.5)
        let shown = try v.visibleAttributes().filter { $0.category == .cell && $0.identifier == 3 }
        XCTAssertEqual(shown.count, 1)
        XCTAssertEqual(shown.first?.isDisappearing, false)
        XCTAssertEqual(shown.first?.frame, Rect(x: 0, y: 150, width: 100, height: 100))
        XCTAssertEqual(shown.first?.alpha, 1)
    }

    private func random(_ g: inout SplitMix64, sections: Int, pool: [UInt64]) -> Snapshot {
        var ids = pool.shuffled(using: &g)
        ids.removeLast(Int.random(in: 0...(ids.count / 3), using: &g))
        let sectionIDs = Array(Array(UInt64(900)..<UInt64(907)).shuffled(using: &g).prefix(sections))
        guard sections > 0 else { return Snapshot([]) }
        var cuts = (0..<(sections - 1)).map { _ in Int.random(in: 0...ids.count, using: &g) }.sorted()
        cuts = [0] + cuts + [ids.count]
        return Snapshot(sections: sectionIDs, items: (0..<sections).map { Array(ids[cuts[$0]..<cuts[$0 + 1]]) })
    }

    /// Random snapshot pairs (sections and items inserted, deleted, moved and changed together):
    /// every reported batch passes UIKit's rules and its map follows the identifiers, by the full
    /// diff and by the middles path (sections kept, few items changed).
    func testRandomDiffsArePortable() throws {
        var g = SplitMix64(seed: 0x0017_1C17)
        for n in 0..<3000 {
            let old = random(&g, sections: Int.random(in: 0...5, using: &g), pool: Array(1...24))
            let new = random(&g, sections: Int.random(in: 0...5, using: &g), pool: Array(4...30))
            let items = new.itemIdentifiers.flatMap { $0 }
            let changed =
                items.isEmpty ? [] : (0..<Int.random(in: 0...4, using: &g)).map { _ in items.randomElement(using: &g)! }
            assertPortable(try diff(old, new, changed: changed), old, new, "case \(n)")
            // Duplicates are refused, whichever side holds them.
            if n % 10 == 0, let s = new.itemIdentifiers.firstIndex(where: { !$0.isEmpty }) {
                var lists = new.itemIdentifiers
                lists[lists.count - 1].append(lists[s][0])
                let twice = Snapshot(sections: new.sectionIdentifiers, items: lists)
                XCTAssertThrowsError(try diff(old, twice), "case \(n): a duplicate")
                XCTAssertThrowsError(try diff(twice, old), "case \(n): a duplicate")
            }
        }
        var fresh: UInt64 = 1000
        for n in 0..<1500 {
            let old = random(&g, sections: Int.random(in: 1...4, using: &g), pool: Array(1...40))
            var lists = old.itemIdentifiers
            for _ in 0..<Int.random(in: 1...3, using: &g) {
                let s = Int.random(in: 0..<lists.count, using: &g)
                switch Int.random(in: 0..<3, using: &g) {
                case 0:
                    lists[s].insert(fresh, at: Int.random(in: 0...lists[s].count, using: &g)); fresh += 1
                case 1:
                    if !lists[s].isEmpty { lists[s].remove(at: Int.random(in: 0..<lists[s].count, using: &g)) }
                default:
                    guard !lists[s].isEmpty else { break }
                    let id = lists[s].remove(at: Int.random(in: 0..<lists[s].count, using: &g))
                    let t = Int.random(in: 0..<lists.count, using: &g)
                    lists[t].insert(id, at: Int.random(in: 0...lists[t].count, using: &g))
                }
            }
            let new = Snapshot(sections: old.sectionIdentifiers, items: lists)
            let all = lists.flatMap { $0 }
            let changed =
                all.isEmpty ? [] : (0..<Int.random(in: 0...3, using: &g)).map { _ in all.randomElement(using: &g)! }
            let ds = StaticDataSource(old.counts)
            let v = try CollectionView(dataSource: ds, layout: FlowLayout())
            try v.setIdentifiers(old)
            assertPortable(try v.diffSnapshot(new, changed: changed), old, new, "middles \(n)")
        }
    }
}
