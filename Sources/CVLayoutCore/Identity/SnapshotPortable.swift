/// The portable form of a snapshot diff: a batch UIKit itself accepts and maps as the
/// identifiers say, for hosts that hand the diff on to a UIKit-style list widget of their own
/// toolkit (docs/batch-update-rules.md, "Snapshot diffs UIKit accepts").
///
/// cvlayout's own batch engine maps a reload through the whole update and counts moves by the
/// sections' identities; UIKit does neither. Three shapes of the identity diff are therefore
/// rewritten as a delete plus an insert (the choice IGListKit makes for the third; a staged
/// second batch of reloads, DifferenceKit's way, would need two calls):
/// 1. An item move inside a section that is itself moved (its source section is a section move's
///    source, or its destination a section move's destination): UIKit accepts the batch but its
///    map puts items elsewhere (IGListKit, `IGListBatchUpdateData`, turns these into deletes and
///    inserts).
/// 2. An item moved between two different sections that carry the same index number (a section
///    inserted or deleted before them): UIKit counts moves in and out by section number, sees
///    none, and its count check fails.
/// 3. A reload, unless UIKit's own reading gives the item's real new place: UIKit performs a
///    reload as a delete at its old index path and an insert at the index path the batch's
///    deletes and inserts alone give, ignoring moves (rdar 27041784, and cvlayout's own note in
///    "Decisions where UIKit is silent or wrong"). A reload stays a reload only when no item move
///    leaves its section or lands in it, its section is not moved, and the section's new index is
///    what the section deletes and inserts alone give; there UIKit's reading is the real place.
///    Otherwise it is deleted at its old index path and inserted at its new one.
enum SnapshotPortable {
    /// `requests` (grouped, valid for `UpdatePlan.make` with these counts) in the portable form,
    /// grouped and ordered the same way.
    /// - Complexity: O(S + k log k) for S sections before and after and k requests.
    static func portable(_ requests: [UpdateItem], oldCounts: [Int], newCounts: [Int]) throws -> [UpdateItem] {
        var sectionRequests: [UpdateItem] = []
        var deletes: [IndexPath] = [], inserts: [IndexPath] = [], reloads: [IndexPath] = []
        var moves: [(from: IndexPath, to: IndexPath)] = []
        var movedOld = Set<Int>(), movedNew = Set<Int>()
        var deletedSections: [Int] = [], insertedSections: [Int] = []
        for r in requests {
            if r.isSectionUpdate {
                sectionRequests.append(r)
                switch r.action {
                case .delete: deletedSections.append(r.indexPathBeforeUpdate!.section)
                case .insert: insertedSections.append(r.indexPathAfterUpdate!.section)
                case .move:
                    movedOld.insert(r.indexPathBeforeUpdate!.section)
                    movedNew.insert(r.indexPathAfterUpdate!.section)
                default: break
                }
                continue
            }
            switch r.action {
            case .delete: deletes.append(r.indexPathBeforeUpdate!)
            case .insert: inserts.append(r.indexPathAfterUpdate!)
            case .reload: reloads.append(r.indexPathBeforeUpdate!)
            case .move: moves.append((r.indexPathBeforeUpdate!, r.indexPathAfterUpdate!))
            case .none: break
            }
        }
        guard !moves.isEmpty || !reloads.isEmpty else { return requests }
        let plan = try UpdatePlan.make(
            update: SnapshotDiff.batch(of: requests), oldCounts: oldCounts, newCounts: newCounts)

        // 1 and 2: moves UIKit cannot count or map.
        var kept: [(from: IndexPath, to: IndexPath)] = []
        var changed = false
        for m in moves {
            let sameSection = plan.newSection(forOld: m.from.section) == m.to.section
            let insideMoved = movedOld.contains(m.from.section) || movedNew.contains(m.to.section)
            if insideMoved || (!sameSection && m.from.section == m.to.section) {
                deletes.append(m.from)
                inserts.append(m.to)
                changed = true
            } else {
                kept.append(m)
            }
        }
        // 3: reloads UIKit would place elsewhere.
        let touchedOld = Set(kept.map(\.from.section)), touchedNew = Set(kept.map(\.to.section))
        deletedSections.sort()
        insertedSections.sort()
        var keptReloads: [IndexPath] = []
        for ip in reloads {
            let there = plan.newIndexPath(forOld: ip)
            let t = there?.section ?? -1
            if let there, !movedOld.contains(ip.section), !touchedOld.contains(ip.section), !touchedNew.contains(t),
                sectionByDeletesAndInserts(ip.section, deletedSections, insertedSections) == t
            {
                keptReloads.append(ip)
            } else if let there {
                deletes.append(ip)
                inserts.append(there)
                changed = true
            } else {
                keptReloads.append(ip)  // absorbed by its section's delete or reload: nothing to place
            }
        }
        guard changed else { return requests }
        deletes.sort()
        inserts.sort()
        var out = sectionRequests
        out.reserveCapacity(requests.count + moves.count)
        for ip in deletes { out.append(UpdateItem(action: .delete, before: ip, after: nil)) }
        for ip in inserts { out.append(UpdateItem(action: .insert, before: nil, after: ip)) }
        for ip in keptReloads { out.append(UpdateItem(action: .reload, before: ip, after: nil)) }
        for m in kept { out.append(UpdateItem(action: .move, before: m.from, after: m.to)) }
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
