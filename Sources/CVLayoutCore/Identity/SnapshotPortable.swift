/// The portable form of a snapshot diff: a batch UIKit itself accepts and maps as the
/// identifiers say, for hosts that hand the diff on to a UIKit-style list widget of their own
/// toolkit (docs/batch-update-rules.md, "Snapshot diffs UIKit accepts").
///
/// cvlayout's own batch engine maps a reload through the whole update, counts moves by the
/// sections' identities and maps item changes inside moved sections; UIKit does none of these.
/// Three shapes of the identity diff are therefore rewritten:
/// 1. A section move whose section also has item changes (an item deleted, reloaded or moved
///    out of it; inserted or moved into it): UIKit maps such items elsewhere, animates cells twice
///    or corrupts its heap (IGListKit's `IGListBatchUpdateData` documents each and turns the
///    section move into a section delete plus a section insert; so does cvlayout). The item
///    requests inside it go with it: a move out of it becomes an insert at its destination, a
///    move into it a delete at its source. Repeated until no moved section has item changes.
/// 2. An item moved between two different sections that carry the same index number (a section
///    inserted or deleted before them): UIKit counts moves in and out by section number, sees
///    none, and its count check fails. It becomes a delete and an insert.
/// 3. A reload, unless UIKit's own reading gives the item's real new place: UIKit performs a
///    reload as a delete at its old index path and an insert at the index path the batch's
///    deletes and inserts alone give, ignoring moves (rdar 27041784, and "Decisions where UIKit
///    is silent or wrong"). A reload stays a reload only when no item move leaves its section or
///    lands in it and its section's new index is what the section deletes and inserts alone
///    give; there UIKit's reading is the real place. Otherwise it is deleted at its old index
///    path and inserted at its new one, in the same batch (not staged in a second batch, as
///    DifferenceKit's `StagedChangeset` does: one batch keeps `diffSnapshot`'s one-call contract).
enum SnapshotPortable {
    /// `requests` (grouped, valid for `UpdatePlan.make` with these counts) in the portable form,
    /// grouped and ordered the same way.
    /// - Complexity: O(S + k log k) for S sections before and after and k requests, times the
    ///   number of section moves turned into a delete and an insert (each pass converts one or more).
    static func portable(_ requests: [UpdateItem], oldCounts: [Int], newCounts: [Int]) throws -> [UpdateItem] {
        var deletedSections: [Int] = [], insertedSections: [Int] = []
        var sectionMoves: [(from: Int, to: Int)] = []
        var deletes: [IndexPath] = [], inserts: [IndexPath] = [], reloads: [IndexPath] = []
        var moves: [(from: IndexPath, to: IndexPath)] = []
        for r in requests {
            let b = r.indexPathBeforeUpdate, a = r.indexPathAfterUpdate
            if r.isSectionUpdate {
                switch r.action {
                case .delete: deletedSections.append(b!.section)
                case .insert: insertedSections.append(a!.section)
                case .move: sectionMoves.append((b!.section, a!.section))
                default: break
                }
                continue
            }
            switch r.action {
            case .delete: deletes.append(b!)
            case .insert: inserts.append(a!)
            case .reload: reloads.append(b!)
            case .move: moves.append((b!, a!))
            case .none: break
            }
        }
        guard !moves.isEmpty || !reloads.isEmpty || !sectionMoves.isEmpty else { return requests }
        let plan = try UpdatePlan.make(
            update: SnapshotDiff.batch(of: requests), oldCounts: oldCounts, newCounts: newCounts)
        var changed = false

        // 1: moved sections with item changes become a section delete and a section insert.
        var converted = true
        while converted && !sectionMoves.isEmpty {
            converted = false
            let touchedOld = Set(deletes.map(\.section) + reloads.map(\.section) + moves.map(\.from.section))
            let touchedNew = Set(inserts.map(\.section) + moves.map(\.to.section))
            var keptMoves: [(from: Int, to: Int)] = []
            var goneOld = Set<Int>(), goneNew = Set<Int>()
            for m in sectionMoves {
                if touchedOld.contains(m.from) || touchedNew.contains(m.to) {
                    deletedSections.append(m.from)
                    insertedSections.append(m.to)
                    goneOld.insert(m.from)
                    goneNew.insert(m.to)
                } else {
                    keptMoves.append(m)
                }
            }
            guard !goneOld.isEmpty else { break }
            converted = true
            changed = true
            sectionMoves = keptMoves
            deletes.removeAll { goneOld.contains($0.section) }
            reloads.removeAll { goneOld.contains($0.section) }
            inserts.removeAll { goneNew.contains($0.section) }
            var keptItemMoves: [(from: IndexPath, to: IndexPath)] = []
            for m in moves {
                let out = goneOld.contains(m.from.section), into = goneNew.contains(m.to.section)
                if out && into { continue }  // inside the section: re-inserted with it
                if out {
                    inserts.append(m.to)
                } else if into {
                    deletes.append(m.from)
                } else {
                    keptItemMoves.append(m)
                }
            }
            moves = keptItemMoves
        }

        // 2: moves UIKit cannot count.
        var keptMoves: [(from: IndexPath, to: IndexPath)] = []
        for m in moves {
            let sameSection = plan.newSection(forOld: m.from.section) == m.to.section
            if !sameSection && m.from.section == m.to.section {
                deletes.append(m.from)
                inserts.append(m.to)
                changed = true
            } else {
                keptMoves.append(m)
            }
        }
        // 3: reloads UIKit would place elsewhere.
        let touchedOld = Set(keptMoves.map(\.from.section)), touchedNew = Set(keptMoves.map(\.to.section))
        let movedOld = Set(sectionMoves.map(\.from))
        deletedSections.sort()
        insertedSections.sort()
        var keptReloads: [IndexPath] = []
        for ip in reloads {
            guard let there = plan.newIndexPath(forOld: ip) else {
                keptReloads.append(ip)  // absorbed by its section's delete: nothing to place
                continue
            }
            if !movedOld.contains(ip.section), !touchedOld.contains(ip.section), !touchedNew.contains(there.section),
                sectionByDeletesAndInserts(ip.section, deletedSections, insertedSections) == there.section
            {
                keptReloads.append(ip)
            } else {
                deletes.append(ip)
                inserts.append(there)
                changed = true
            }
        }
        guard changed else { return requests }
        let whole = UpdateItem.sectionItem
        deletes.sort()
        inserts.sort()
        sectionMoves.sort { $0.from < $1.from }
        var out: [UpdateItem] = []
        out.reserveCapacity(requests.count + moves.count)
        for s in deletedSections {
            out.append(UpdateItem(action: .delete, before: IndexPath(section: s, item: whole), after: nil))
        }
        for t in insertedSections {
            out.append(UpdateItem(action: .insert, before: nil, after: IndexPath(section: t, item: whole)))
        }
        for m in sectionMoves {
            out.append(
                UpdateItem(
                    action: .move, before: IndexPath(section: m.from, item: whole),
                    after: IndexPath(section: m.to, item: whole)))
        }
        for ip in deletes { out.append(UpdateItem(action: .delete, before: ip, after: nil)) }
        for ip in inserts { out.append(UpdateItem(action: .insert, before: nil, after: ip)) }
        for ip in keptReloads { out.append(UpdateItem(action: .reload, before: ip, after: nil)) }
        for m in keptMoves { out.append(UpdateItem(action: .move, before: m.from, after: m.to)) }
        return out
    }

    /// The new index of old section `s` by the section deletes and inserts alone (both sorted),
    /// ignoring section moves: UIKit's reading for a reload's insert.
    static func sectionByDeletesAndInserts(_ s: Int, _ deleted: [Int], _ inserted: [Int]) -> Int {
        var t = s - deleted.prefix { $0 < s }.count
        for x in inserted where x <= t { t += 1 }
        return t
    }
}
