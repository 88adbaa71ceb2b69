/// The batch update that turns one snapshot into another: deletes, inserts, moves and reloads
/// in UIKit's model (`BatchUpdate`), valid by construction for `UpdatePlan.make`.
///
/// ## Algorithm
///
/// Heckel's (P. Heckel, "A technique for isolating differences between files", CACM 21(4),
/// 1978), with identifiers that are unique by contract instead of Heckel's unique lines:
///
/// 1. Two symbol tables, identifier → position, one per snapshot (`IndexedSnapshot`); each
///    identifier of one snapshot is looked up in the other's. Sections first, then items.
/// 2. A section or item found only in the old snapshot is deleted, only in the new one inserted.
/// 3. Of the elements found in both, an item that changes section moves. Within a section (and
///    among the sections) the elements found in both must keep their relative order unless
///    they move (UIKit's model: the survivors fill the places not taken by inserts and moves,
///    in order). `KeepSelection` picks, in linear time, a large set of them whose order is
///    unchanged; the others move. It is not always the largest such set (that is a longest
///    increasing subsequence, O(m log m)), but it is for a single moved element or block
///    (either direction, any distance), for moves of elements far apart, and for any change
///    made only of inserts and deletes.
/// 4. Identifiers listed as changed become reloads when their item stays in place, or a delete
///    plus an insert when it moves (a reload names one place; UIKit cannot reload and move the
///    same item in one update).
///
/// UIKit cannot move an item out of a deleted section or into an inserted one: such an item is
/// deleted and inserted (its section's delete or insert absorbs the item's own request).
///
/// The requests come out grouped and each group ascending without a sort: section deletes,
/// section inserts, section moves (by source), item deletes, item inserts, reloads, item moves
/// (by source).
///
/// - Complexity: O(S + N) expected time (hash lookups) and O(S + N) memory for S sections and
///   N items in both snapshots, plus O(log S) per item that changes section.
public struct SnapshotDiff: Sendable {
    /// The requests in their portable form (`SnapshotPortable`): a batch UIKit accepts and maps
    /// as the identifiers say, grouped as described above (section requests use
    /// `UpdateItem.sectionItem`). What `diffSnapshot` reports.
    public let requests: [UpdateItem]
    /// The requests as identities give them (a changed item in place is a reload, a moved item a
    /// move), which cvlayout's batch engine maps exactly. `applySnapshot` commits `requests`
    /// (what `lastUpdateItems` lists) and animates and anchors by these: an item moved on screen
    /// still moves, even where the portable batch deletes and inserts it (or its section).
    public let applied: [UpdateItem]
    /// The portable requests as a batch update.
    public var batchUpdate: BatchUpdate { Self.batch(of: requests) }
    /// The applied requests as a batch update.
    public var appliedUpdate: BatchUpdate { Self.batch(of: applied) }

    /// `requests` as a batch update.
    static func batch(of requests: [UpdateItem]) -> BatchUpdate {
        var u = BatchUpdate()
        for r in requests {
            let isSection = r.isSectionUpdate
            switch r.action {
            case .delete:
                let b = r.indexPathBeforeUpdate!
                if isSection { u.deleteSections([b.section]) } else { u.deleteItems([b]) }
            case .insert:
                let a = r.indexPathAfterUpdate!
                if isSection { u.insertSections([a.section]) } else { u.insertItems([a]) }
            case .reload:
                u.reloadItems([r.indexPathBeforeUpdate!])
            case .move:
                let b = r.indexPathBeforeUpdate!, a = r.indexPathAfterUpdate!
                if isSection { u.moveSection(from: b.section, to: a.section) } else { u.moveItem(from: b, to: a) }
            case .none:
                break
            }
        }
        return u
    }

    /// Requests computed elsewhere (`SnapshotMiddles`), already grouped as described above, for
    /// snapshots of `oldCounts` and `newCounts` items.
    init(applied: [UpdateItem], oldCounts: [Int], newCounts: [Int]) throws {
        self.applied = applied
        requests = try SnapshotPortable.portable(applied, oldCounts: oldCounts, newCounts: newCounts)
    }

    /// Computes the update from `old` to `new`.
    /// - Parameter changed: identifiers of items whose content changed (reloaded). Each must be
    ///   an item of `new`; repeats are allowed.
    /// - Throws: `LayoutError.invalid` for a changed identifier that is not an item of `new`.
    public init(from old: IndexedSnapshot, to new: IndexedSnapshot, changed: [UInt64] = []) throws {
        var table = IdentifierTable(capacity: changed.count)
        for id in changed {
            guard new.flatPosition(ofItem: id) != nil else {
                throw LayoutError.invalid("changed identifier \(id) is not an item of the new snapshot")
            }
            _ = table.insert(id, 0)
        }
        let changedTable = table, anyChanged = !changed.isEmpty
        @inline(__always) func isChanged(_ id: UInt64) -> Bool { anyChanged && changedTable.position(of: id) != nil }
        let whole = UpdateItem.sectionItem
        let oldIDs = old.snapshot.itemIdentifiers, newIDs = new.snapshot.itemIdentifiers
        // Heckel's passes: each identifier looked up once in the other snapshot's table.
        var oldToNewFlat = [Int](repeating: -1, count: old.itemCount)
        var newToOldFlat = [Int](repeating: -1, count: new.itemCount)
        do {
            var f = 0
            for list in oldIDs {
                for id in list {
                    if let n = new.flatPosition(ofItem: id) { oldToNewFlat[f] = n; newToOldFlat[n] = f }
                    f += 1
                }
            }
        }

        // Sections: the symbol tables give each side's partner.
        let oldToNew = old.snapshot.sectionIdentifiers.map { new.section(of: $0) ?? -1 }
        let newToOld = new.snapshot.sectionIdentifiers.map { old.section(of: $0) ?? -1 }
        var sectionRequests: [UpdateItem] = []
        for (s, t) in oldToNew.enumerated() where t < 0 {
            sectionRequests.append(UpdateItem(action: .delete, before: IndexPath(section: s, item: whole), after: nil))
        }
        for (t, s) in newToOld.enumerated() where s < 0 {
            sectionRequests.append(UpdateItem(action: .insert, before: nil, after: IndexPath(section: t, item: whole)))
        }
        let common = newToOld.enumerated().filter { $0.element >= 0 }
        let keptSections = KeepSelection.keep(common.map(\.element), universe: old.sectionCount)
        var sectionMoves: [(from: Int, to: Int)] = []
        for (n, c) in common.enumerated() where !keptSections[n] { sectionMoves.append((c.element, c.offset)) }
        sectionMoves.sort { $0.from < $1.from }  // at most S moves
        for m in sectionMoves {
            sectionRequests.append(
                UpdateItem(
                    action: .move, before: IndexPath(section: m.from, item: whole),
                    after: IndexPath(section: m.to, item: whole)))
        }

        // Items that stay in their section's pair: which of them keep their place.
        var keptOld = [Bool](repeating: false, count: old.itemCount)
        var keptNew = [Bool](repeating: false, count: new.itemCount)
        for (t, s) in newToOld.enumerated() where s >= 0 {
            let oldStart = old.starts[s], oldEnd = old.starts[s + 1], newStart = new.starts[t]
            var sequence: [Int] = [], places: [Int] = []
            for j in 0..<newIDs[t].count {
                let o = newToOldFlat[newStart + j]
                if o >= oldStart, o < oldEnd {
                    sequence.append(o - oldStart)
                    places.append(j)
                }
            }
            let kept = KeepSelection.keep(sequence, universe: oldEnd - oldStart)
            for n in 0..<sequence.count where kept[n] {
                keptOld[oldStart + sequence[n]] = true
                keptNew[newStart + places[n]] = true
            }
        }

        // Old side, in old order: deletes, reloads and moves (by source).
        var deletes: [UpdateItem] = [], reloads: [UpdateItem] = [], moves: [UpdateItem] = []
        for (s, t) in oldToNew.enumerated() where t >= 0 {
            let oldStart = old.starts[s], newStart = new.starts[t], newEnd = new.starts[t + 1]
            for (i, id) in oldIDs[s].enumerated() {
                let here = IndexPath(section: s, item: i)
                let n = oldToNewFlat[oldStart + i]
                guard n >= 0 else {
                    deletes.append(UpdateItem(action: .delete, before: here, after: nil)); continue
                }
                if keptOld[oldStart + i] {
                    if isChanged(id) { reloads.append(UpdateItem(action: .reload, before: here, after: nil)) }
                    continue
                }
                let there: IndexPath
                if n >= newStart && n < newEnd {
                    there = IndexPath(section: t, item: n - newStart)
                } else {
                    let t2 = new.section(ofFlat: n)
                    guard newToOld[t2] >= 0 else {  // into an inserted section
                        deletes.append(UpdateItem(action: .delete, before: here, after: nil)); continue
                    }
                    there = IndexPath(section: t2, item: n - new.starts[t2])
                }
                if isChanged(id) {
                    deletes.append(UpdateItem(action: .delete, before: here, after: nil))
                } else {
                    moves.append(UpdateItem(action: .move, before: here, after: there))
                }
            }
        }

        // New side, in new order: inserts.
        var inserts: [UpdateItem] = []
        for (t, s) in newToOld.enumerated() where s >= 0 {
            let newStart = new.starts[t], oldStart = old.starts[s], oldEnd = old.starts[s + 1]
            for (j, id) in newIDs[t].enumerated() where !keptNew[newStart + j] {
                let here = IndexPath(section: t, item: j)
                let o = newToOldFlat[newStart + j]
                guard o >= 0 else {
                    inserts.append(UpdateItem(action: .insert, before: nil, after: here)); continue
                }
                let fromDeletedSection = (o < oldStart || o >= oldEnd) && oldToNew[old.section(ofFlat: o)] < 0
                if fromDeletedSection || isChanged(id) {
                    inserts.append(UpdateItem(action: .insert, before: nil, after: here))
                }
            }
        }
        applied = sectionRequests + deletes + inserts + reloads + moves
        requests = try SnapshotPortable.portable(
            applied, oldCounts: old.snapshot.counts, newCounts: new.snapshot.counts)
    }
}

/// Chooses which of a sequence of distinct old positions (listed in new order) keep their
/// place: a subset whose old positions increase along the sequence. Everything else moves.
enum KeepSelection {
    /// - Parameters:
    ///   - sequence: distinct values in `0 ..< universe`, in new order.
    ///   - universe: an upper bound of the values.
    /// - Returns: `kept[n]` for each element of `sequence`; the kept values increase.
    ///
    /// An element's *displacement* is its new rank minus its old rank among the sequence;
    /// elements that share one keep their relative order. Three candidates, the largest wins:
    /// - the most common displacement, extended with every other element that fits between its
    ///   kept neighbours;
    /// - the two most common displacements together (kept in new order while they increase),
    ///   extended the same way;
    /// - the plain greedy run (keep an element when it is above the last kept one).
    /// The second is exact for a single moved element and for a moved block (the elements it
    /// jumped over share one displacement, the rest another, and together they increase); the
    /// third for elements moved forward.
    /// - Complexity: O(m + universe) time and memory, m = `sequence.count`.
    static func keep(_ sequence: [Int], universe: Int) -> [Bool] {
        let m = sequence.count
        var increasing = true
        for n in 1..<max(m, 1) where sequence[n] <= sequence[n - 1] { increasing = false; break }
        if increasing { return [Bool](repeating: true, count: m) }

        // Old ranks among the sequence: counting over the universe.
        var present = [Int32](repeating: -1, count: universe)
        for v in sequence { present[v] = 0 }
        var r: Int32 = 0
        for v in 0..<universe where present[v] >= 0 { present[v] = r; r += 1 }
        let rank = sequence.map { Int(present[$0]) }

        // The two most common displacements (ties: the smallest magnitude, then the lowest).
        var histogram = [Int32](repeating: 0, count: 2 * m - 1)
        for n in 0..<m { histogram[n - rank[n] + m - 1] += 1 }
        func better(_ d: Int, than e: Int) -> Bool {
            let (c, b) = (histogram[d], histogram[e])
            return c > b || (c == b && abs(d - (m - 1)) < abs(e - (m - 1)))
        }
        var best = 0, second = -1
        for d in 0..<histogram.count where histogram[d] > 0 {
            if better(d, than: best) || histogram[best] == 0 {
                if histogram[best] > 0 { second = best }
                best = d
            } else if d != best, second < 0 || better(d, than: second) {
                second = d
            }
        }
        let one = extended(rank) { n in n - rank[n] + m - 1 == best }
        var winner = one
        if second >= 0 {
            let two = extended(rank) { n in
                let d = n - rank[n] + m - 1; return d == best || d == second
            }
            if two.count > winner.count { winner = two }
        }
        var greedy = [Bool](repeating: false, count: m), greedyCount = 0
        var last = -1
        for n in 0..<m where rank[n] > last { greedy[n] = true; greedyCount += 1; last = rank[n] }
        return greedyCount > winner.count ? greedy : winner.kept
    }

    /// The elements chosen by `chosen` kept in new order while their ranks increase, then every
    /// other element whose rank fits between its kept neighbours'.
    private static func extended(_ rank: [Int], _ chosen: (Int) -> Bool) -> (kept: [Bool], count: Int) {
        let m = rank.count
        var kept = [Bool](repeating: false, count: m), count = 0
        var last = -1
        for n in 0..<m where chosen(n) && rank[n] > last { kept[n] = true; count += 1; last = rank[n] }
        // next[n]: the rank of the first kept element at or after n.
        var next = [Int](repeating: Int.max, count: m + 1)
        for n in stride(from: m - 1, through: 0, by: -1) { next[n] = kept[n] ? rank[n] : next[n + 1] }
        last = -1
        for n in 0..<m {
            if kept[n] {
                last = rank[n]
            } else if rank[n] > last && rank[n] < next[n + 1] {
                kept[n] = true; count += 1; last = rank[n]
            }
        }
        return (kept, count)
    }
}
