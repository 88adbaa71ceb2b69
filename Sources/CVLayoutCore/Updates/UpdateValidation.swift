/// UIKit's checks of a batch update, in UIKit's order and with UIKit's wording.
///
/// UIKit (`-[UICollectionView _endItemAnimations…]`, reconstructed in OpenUXKit's
/// `UXCollectionView+BatchUpdates.m` from UXKit, Apple's port of UIKit's collection view; the
/// strings are the ones crash logs quote) raises the first failure of this sequence:
///
/// 1. Reloads: a reload that is also a delete ("attempt to delete and reload the same index path").
///    Every reload then becomes a delete at its old index path and an insert at its new one.
/// 2. Deletes, reloads included, in descending index-path order. A section delete is range-checked,
///    then every delete of an item inside it is dropped (never range-checked), then the moves out
///    of it are rejected. An item delete is checked against the moves, then range-checked.
/// 3. Inserts in ascending order (a reloaded section counts as inserted at its new index), after
///    the insert halves of item reloads inside deleted or reloaded sections (whose deletes step 2
///    dropped): a reload of an item that does not exist fails even there. Item
///    inserts *are* range-checked even inside an inserted section (they come before the section in
///    ascending order), and then absorbed by it. Moves into an inserted section are rejected.
/// 4. Moves, ascending by source: ranges on both sides, then an exact duplicate is dropped and a
///    move sharing only its source or only its destination with a later one is rejected.
/// 5. The section count, then every section's item count (reload = 1 inserted + 1 deleted; a move
///    whose section keeps its identity is neither moved in nor out).
///
/// Deliberate differences (see docs/batch-update-rules.md): duplicate deletes, inserts and
/// reloads are merged (UIKit counts each copy and corrupts its state, rdar 31786176); a reloaded
/// item's new place comes from the full mapping, moves included, so a reload combined with moves
/// is accepted and mapped (UIKit computes it blind to moves, rdar 27041784) and the insert half of
/// an item reload is never range-checked on its own (a wrong count is reported by the count message).
///
/// Negative indices sort as `NSUInteger` would in UIKit (after every valid one) and are out of range.
///
/// - Complexity: O(*S* + *k* log *k*) time, O(*S* + *k*) memory for *S* sections and *k* requests.
struct UpdateValidation {
    /// Deletes not absorbed by a deleted or reloaded section, reloads excluded (old index paths).
    private(set) var deletes: [IndexPath] = []
    /// Item reloads not absorbed by a deleted or reloaded section (old index paths).
    private(set) var reloads: [IndexPath] = []
    /// Item inserts not absorbed by an inserted or reloaded section (new index paths).
    private(set) var inserts: [IndexPath] = []
    /// Item moves, exact duplicates dropped, ascending by source.
    private(set) var itemMoves: [BatchUpdate.ItemMove] = []
    /// Section and item moves, exact duplicates dropped, ascending by source (UIKit's order;
    /// section moves use `item == UpdateItem.sectionItem`).
    private(set) var orderedMoves: [(from: IndexPath, to: IndexPath)] = []
    /// Every explicit delete and insert (items and sections; merged), as the layout is told.
    private(set) var explicitDeletes: [IndexPath] = []
    private(set) var explicitInserts: [IndexPath] = []
    /// Every item and section reload (old index paths; merged).
    private(set) var explicitReloads: [IndexPath] = []

    private static let whole = UpdateItem.sectionItem

    /// UIKit's sort key: indices compared as `NSUInteger`, a section entry (`item == NSNotFound`)
    /// after the section's valid items.
    private static func key(_ p: IndexPath) -> (UInt, UInt) { (UInt(bitPattern: p.section), UInt(bitPattern: p.item)) }
    private static func ascending(_ a: IndexPath, _ b: IndexPath) -> Bool { key(a) < key(b) }

    private static func unique(_ paths: [IndexPath]) -> [IndexPath] {
        var out: [IndexPath] = []
        out.reserveCapacity(paths.count)
        for p in paths.sorted(by: ascending) where out.last != p { out.append(p) }
        return out
    }

    private static func inconsistent(_ m: String) -> LayoutError { LayoutError(.inconsistentUpdate, m) }

    /// Runs every check; throws the first failure in UIKit's order.
    /// - Parameter newSectionOfReload: the new index of a reloaded old section, when the section
    ///   requests are consistent (nil otherwise: an earlier or later check fails anyway).
    init(update u: BatchUpdate, oldCounts: [Int], newCounts: [Int], newSectionOfReload: (Int) -> Int?) throws {
        let whole = Self.whole
        let oldSections = oldCounts.count, newSections = newCounts.count
        func section(_ s: Int) -> IndexPath { IndexPath(section: s, item: whole) }
        func inOld(_ s: Int) -> Bool { s >= 0 && s < oldSections }
        func inNew(_ t: Int) -> Bool { t >= 0 && t < newSections }

        explicitDeletes = Self.unique(u.deletedItems.filter { $0.item != whole } + u.deletedSections.map(section))
        explicitInserts = Self.unique(u.insertedItems.filter { $0.item != whole } + u.insertedSections.map(section))
        explicitReloads = Self.unique(u.reloadedItems.filter { $0.item != whole } + u.reloadedSections.map(section))
        // An item index equal to NSNotFound is no item: UIKit would take it for its section.
        for p in u.deletedItems + u.reloadedItems where p.item == whole {
            throw LayoutError.outOfRange(
                "attempt to delete item \(p.item) from section \(p.section): the item index is NSNotFound")
        }
        for p in u.insertedItems where p.item == whole {
            throw LayoutError.outOfRange(
                "attempt to insert item \(p.item) into section \(p.section): the item index is NSNotFound")
        }

        // Moves in UIKit's order: ascending by source, call order among equal sources.
        struct Move { var from: IndexPath; var to: IndexPath; var isSection: Bool }
        var moves: [Move] = u.movedSections.map { Move(from: section($0.from), to: section($0.to), isSection: true) }
        for m in u.movedItems {
            if m.from.item == whole || m.to.item == whole {
                throw LayoutError.outOfRange(
                    "attempt to move index path (\(m.from)) to index path (\(m.to)): an item index is NSNotFound")
            }
            moves.append(Move(from: m.from, to: m.to, isSection: false))
        }
        let order = moves.indices.sorted { a, b in
            let ka = Self.key(moves[a].from), kb = Self.key(moves[b].from)
            return ka != kb ? ka < kb : a < b
        }
        var seen = Set<[Int]>()
        moves = order.map { moves[$0] }.filter {
            seen.insert([$0.from.section, $0.from.item, $0.to.section, $0.to.item]).inserted
        }
        var moveBySource: [IndexPath: Int] = [:]  // first (only, after dedupe per pair) move index
        var firstMoveIntoSection: [Int: Int] = [:]  // by destination section: first move in order
        var firstItemMoveOutOfSection: [Int: Int] = [:]
        var sectionMoveFrom: [Int: Int] = [:]
        var movesByDestination: [IndexPath: [Int]] = [:]
        for (n, m) in moves.enumerated() {
            if moveBySource[m.from] == nil { moveBySource[m.from] = n }
            if firstMoveIntoSection[m.to.section] == nil { firstMoveIntoSection[m.to.section] = n }
            if m.isSection {
                sectionMoveFrom[m.from.section] = sectionMoveFrom[m.from.section] ?? n
            } else if firstItemMoveOutOfSection[m.from.section] == nil {
                firstItemMoveOutOfSection[m.from.section] = n
            }
            movesByDestination[m.to, default: []].append(n)
        }

        // 1. A reload that is also a delete.
        let deleteSet = Set(explicitDeletes)
        for r in explicitReloads where deleteSet.contains(r) {
            let what = r.item == whole ? "section \(r.section)" : "\(r)"
            throw Self.inconsistent("attempt to delete and reload the same index path (\(what))")
        }

        // 2. Deletes, reloads included, descending.
        let allDeletes = Self.unique(explicitDeletes + explicitReloads).reversed()
        var deletedSections = Set<Int>()
        for d in allDeletes {
            if d.item == whole {
                let s = d.section
                guard inOld(s) else {
                    throw LayoutError.outOfRange(
                        "attempt to delete section \(s), but there are only \(oldSections) sections before the update")
                }
                deletedSections.insert(s)
                let item = firstItemMoveOutOfSection[s], sec = sectionMoveFrom[s]
                if let n = [item, sec].compactMap({ $0 }).min() {
                    if moves[n].isSection {
                        throw Self.inconsistent("attempt to perform a delete and a move from the same section (\(s))")
                    }
                    throw Self.inconsistent("cannot move an item from a deleted section (\(s))")
                }
                continue
            }
            if deletedSections.contains(d.section) { continue }  // dropped before its range check
            if moveBySource[d] != nil {
                throw Self.inconsistent("attempt to perform a delete and a move from the same index path (\(d))")
            }
            guard inOld(d.section) else {
                throw LayoutError.outOfRange(
                    "attempt to delete item \(d.item) from section \(d.section), but there are only \(oldSections) "
                        + "sections before the update"
                )
            }
            guard d.item >= 0, d.item < oldCounts[d.section] else {
                throw LayoutError.outOfRange(
                    "attempt to delete item \(d.item) from section \(d.section) which only contains "
                        + "\(oldCounts[d.section]) items before the update"
                )
            }
        }
        deletes = explicitDeletes.filter { $0.item != whole && !deletedSections.contains($0.section) }
        reloads = explicitReloads.filter { $0.item != whole && !deletedSections.contains($0.section) }

        // 3. Inserts ascending; a reloaded section is inserted at its new index. First, the insert
        // halves of item reloads whose delete half a deleted or reloaded section dropped: UIKit
        // still inserts them, so a reload of an item that does not exist fails there even then.
        for r in explicitReloads where r.item != whole && deletedSections.contains(r.section) {
            guard r.item >= 0, r.item < oldCounts[r.section] else {
                throw LayoutError.outOfRange(
                    "attempt to reload item \(r.item) from section \(r.section) which only contains "
                        + "\(oldCounts[r.section]) items before the update"
                )
            }
        }
        var insertedSections = Set(explicitInserts.filter { $0.item == whole }.map(\.section))
        for r in explicitReloads where r.item == whole {
            if let t = newSectionOfReload(r.section) { insertedSections.insert(t) }
        }
        let allInserts = Self.unique(explicitInserts + insertedSections.map(section))
        for i in allInserts {
            if i.item == whole {
                let t = i.section
                guard inNew(t) else {
                    throw LayoutError.outOfRange(
                        "attempt to insert section \(t) but there are only \(newSections) sections after the update")
                }
                if let n = firstMoveIntoSection[t] {
                    if moves[n].isSection {
                        throw Self.inconsistent("attempt to perform an insert and a move to the same section (\(t))")
                    }
                    throw Self.inconsistent("cannot move an item into a newly inserted section (\(t))")
                }
                continue
            }
            if movesByDestination[i] != nil {
                throw Self.inconsistent("attempt to perform an insert and a move to the same index path (\(i))")
            }
            guard inNew(i.section) else {
                throw LayoutError.outOfRange(
                    "attempt to insert item \(i.item) into section \(i.section), but there are only \(newSections) "
                        + "sections after the update"
                )
            }
            guard i.item >= 0, i.item < newCounts[i.section] else {
                throw LayoutError.outOfRange(
                    "attempt to insert item \(i.item) into section \(i.section), but there are only "
                        + "\(newCounts[i.section]) items in section \(i.section) after the update"
                )
            }
        }
        inserts = explicitInserts.filter { $0.item != whole && !insertedSections.contains($0.section) }

        // 4. Moves: ranges, then conflicts with later moves.
        var cursor: [IndexPath: Int] = [:]
        for (n, m) in moves.enumerated() {
            let (f, t) = (m.from, m.to)
            if m.isSection {
                guard inOld(f.section) else {
                    throw LayoutError.outOfRange(
                        "attempt to move section \(f.section), but there are only \(oldSections) sections before the "
                            + "update"
                    )
                }
                guard inNew(t.section) else {
                    throw LayoutError.outOfRange(
                        "attempt to to move section \(f.section) to section \(t.section), but there are only "
                            + "\(newSections) sections after the update"
                    )
                }
            } else {
                guard inOld(f.section) else {
                    throw LayoutError.outOfRange(
                        "attempt to move index path (\(f)) from a section that does not exist - there are only "
                            + "\(oldSections) sections before the update"
                    )
                }
                guard f.item >= 0, f.item < oldCounts[f.section] else {
                    throw LayoutError.outOfRange(
                        "attempt to move index path (\(f)) that does not exist - there are only "
                            + "\(oldCounts[f.section]) items in section \(f.section) before the update"
                    )
                }
                guard inNew(t.section) else {
                    throw LayoutError.outOfRange(
                        "attempt to move index path (\(f)) to index path (\(t)) in section that does not exist - "
                            + "there are only \(newSections) sections after the update"
                    )
                }
                guard t.item >= 0, t.item < newCounts[t.section] else {
                    throw LayoutError.outOfRange(
                        "attempt to move index path (\(f)) to index path (\(t)) that does not exist - there are only "
                            + "\(newCounts[t.section]) items in section \(t.section) after the update"
                    )
                }
            }
            // The first later move with the same source (the next one: sources are sorted) or the
            // same destination (the next index in this destination's list).
            let sameSource = n + 1 < moves.count && moves[n + 1].from == f ? n + 1 : Int.max
            let list = movesByDestination[t] ?? []
            let c = (cursor[t] ?? 0) + 1
            cursor[t] = c
            let sameDestination = c < list.count ? list[c] : Int.max
            if sameSource < sameDestination {
                let other = moves[sameSource].to
                if m.isSection {
                    throw Self.inconsistent(
                        "attempt to move section \(f.section) to both section \(t.section) and section \(other.section)"
                    )
                }
                throw Self.inconsistent("attempt to move item at index path \(f) to both \(t) and \(other)")
            }
            if sameDestination != Int.max {
                let other = moves[sameDestination].from
                if m.isSection {
                    throw Self.inconsistent(
                        "attempt to move both section \(f.section) and section \(other.section) to section \(t.section)"
                    )
                }
                throw Self.inconsistent("attempt to move both item at index path \(f) and \(other) to \(t)")
            }
        }
        itemMoves = moves.filter { !$0.isSection }.map { BatchUpdate.ItemMove(from: $0.from, to: $0.to) }
        orderedMoves = moves.map { ($0.from, $0.to) }

        // 5a. The section count (a reload counts as one inserted and one deleted section).
        let insertedCount =
            explicitInserts.filter { $0.item == whole }.count + explicitReloads.filter { $0.item == whole }.count
        let deletedCount = deletedSections.count
        guard newSections == oldSections + insertedCount - deletedCount else {
            throw Self.inconsistent(
                "Invalid update: invalid number of sections.  The number of sections contained in the collection "
                    + "view after the update (\(newSections)) must be equal to the number of sections contained in the "
                    + "collection view before the update (\(oldSections)), plus or minus the number of sections "
                    + "inserted or deleted (\(insertedCount) inserted, \(deletedCount) deleted)."
            )
        }
    }

    /// 5b. Every section that exists before and after (not inserted, not deleted, not reloaded)
    /// holds `before + inserted − deleted + moved in − moved out` items. Reloads count once on each
    /// side; a move between the old and new index of one section counts neither in nor out.
    /// - Parameters:
    ///   - newToOld: the old index of each new section, -1 when it is inserted.
    ///   - oldToNew: the new index of each old section, -1 when it is deleted.
    ///   - reloadedAfter: new indexes of reloaded sections (not checked).
    /// - Complexity: O(sections + requests); O(requests) more to word the error. When no section
    ///   is inserted, deleted or moved and few requests change counts, the sections without one
    ///   are compared eight at a time (`CountComparison`: a few instructions a section).
    func checkItemCounts(
        oldCounts: [Int], newCounts: [Int], newToOld: SectionIndexMap, oldToNew: SectionIndexMap,
        reloadedAfter: Set<Int>
    ) throws {
        // The net change each request makes to its new section. Sections outside the counts are
        // never looked up.
        func newSection(_ s: Int) -> Int { s >= 0 && s < oldToNew.count ? oldToNew[s] : -1 }
        var changes: [(section: Int, delta: Int)] = []
        func add(_ t: Int, _ x: Int) { if t >= 0 && t < newCounts.count { changes.append((t, x)) } }
        for p in inserts { add(p.section, 1) }
        for p in deletes { add(newSection(p.section), -1) }
        // A reload deletes and inserts in its own section: no net change.
        for m in itemMoves where newSection(m.from.section) != m.to.section {
            add(newSection(m.from.section), -1)
            add(m.to.section, 1)
        }
        if newToOld.isIdentity, oldCounts.count == newCounts.count, changes.count <= newCounts.count / 16 {
            // Every section keeps its index: compare the lists between the sections that change.
            changes.sort { $0.section < $1.section }
            try oldCounts.withUnsafeBufferPointer { o in
                try newCounts.withUnsafeBufferPointer { n in
                    var t = 0, k = 0
                    while true {
                        let stop = k < changes.count ? changes[k].section : n.count
                        t = CountComparison.firstMismatch(o, n, from: t, to: stop)
                        if t < stop {
                            if !reloadedAfter.contains(t) { throw countError(t, t, oldCounts, newCounts, oldToNew) }
                            t += 1
                            continue
                        }
                        guard k < changes.count else { return }
                        var delta = 0
                        while k < changes.count, changes[k].section == t {
                            delta += changes[k].delta
                            k += 1
                        }
                        // Every term is at most 2^40 or an array size: no overflow.
                        if n[t] != o[t] + delta, !reloadedAfter.contains(t) {
                            throw countError(t, t, oldCounts, newCounts, oldToNew)
                        }
                        t += 1
                    }
                }
            }
            return
        }
        // In one array indexed by new section: the pass over every section below compares,
        // never hashes.
        var delta = [Int](repeating: 0, count: newCounts.count)
        for c in changes { delta[c.section] += c.delta }
        for t in 0..<newCounts.count {
            let s = newToOld[t]
            guard s >= 0, s < oldCounts.count else { continue }
            // Every term is at most 2^40 or an array size: no overflow.
            guard newCounts[t] != oldCounts[s] + delta[t], !reloadedAfter.contains(t) else { continue }
            throw countError(t, s, oldCounts, newCounts, oldToNew)
        }
    }

    /// UIKit's message for new section `t` (old section `s`) holding the wrong count: the four
    /// tallies of its message are counted only here, for the section that fails.
    private func countError(
        _ t: Int, _ s: Int, _ oldCounts: [Int], _ newCounts: [Int], _ oldToNew: SectionIndexMap
    )
        -> LayoutError
    {
        func newSection(_ s: Int) -> Int { s >= 0 && s < oldToNew.count ? oldToNew[s] : -1 }
        let i = inserts.count { $0.section == t } + reloads.count { newSection($0.section) == t }
        let d = deletes.count { $0.section == s } + reloads.count { $0.section == s }
        let moved = itemMoves.filter { newSection($0.from.section) != $0.to.section }
        let mi = moved.count { $0.to.section == t }, mo = moved.count { $0.from.section == s }
        return Self.inconsistent(
            "Invalid update: invalid number of items in section \(t).  The number of items contained in an "
                + "existing section after the update (\(newCounts[t])) must be equal to the number of items "
                + "contained in that section before the update (\(oldCounts[s])), plus or minus the number "
                + "of items inserted or deleted from that section (\(i) inserted, \(d) deleted) and "
                + "plus or minus the number of items moved into or out of that section (\(mi) "
                + "moved in, \(mo) moved out)."
        )
    }
}
