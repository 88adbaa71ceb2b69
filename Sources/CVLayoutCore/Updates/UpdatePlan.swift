/// A validated batch update: the mapping between the index paths before and after it, and the
/// `UpdateItem` list the layout receives in `prepare(forCollectionViewUpdates:)`.
///
/// Build one with `make(update:oldCounts:newCounts:)`, which checks the requests the way UIKit
/// (and PSTCollectionView's asserts) do and throws `LayoutError` instead of raising.
///
/// ## Model
///
/// Sections and items are mapped the same way. The elements that leave their place (deleted,
/// moved away) are removed from the old sequence; the places named after the update (inserted,
/// move destinations) are fixed in the new sequence; every other old element keeps its relative
/// order and fills the remaining new places in order. A reloaded element stays in the sequence
/// (it takes the place it would have had), but is a different element for animation purposes.
///
/// A move is a delete at its source plus an insert at its destination, paired through a table.
/// A section reload is a delete plus an insert of the whole section: the section itself maps to
/// its new index, but none of its old items maps to a new one (the counts may change freely).
///
/// ## Validation rules (in the order they are checked)
///
/// Duplicate inserts, deletes and reloads of the same kind are merged (set semantics, like
/// `NSIndexSet`). `.invalidArgument`: a count is negative or above `CollectionView.maxCount`.
/// `.outOfRange`: a deleted, reloaded or moved-from section or item does not exist before the
/// update; an inserted or moved-to section or item does not exist after it.
/// `.inconsistentUpdate`:
/// - S1 a section is both deleted and reloaded.
/// - S2 a section is both deleted and moved (PST: "attempt to delete and move from the same section").
/// - S3 a section is both reloaded and moved.
/// - S4 two section moves share a source, or S5 a destination.
/// - S6 a section is both inserted and the destination of a move (PST: "attempt to perform an
///   insert and a move to the same section").
/// - S7 the section count: `new == old + inserted − deleted` (UIKit's message).
/// - I1 an item is both deleted and reloaded (UIKit: "attempt to delete and reload the same index path").
/// - I2 an item is both deleted and moved (PST: "attempt to delete and move the same item").
/// - I3 an item is both reloaded and moved.
/// - I4 an item is moved out of a deleted section (PST: "attempt to delete and move from the same
///   section"), or I5 out of a reloaded section.
/// - I6 two item moves share a source, or I7 a destination.
/// - I8 an item is both inserted and the destination of a move (both would own the same place).
/// - I9 the item count of every section that exists before and after the update (not inserted,
///   not deleted, not reloaded; moved sections are compared through the section mapping):
///   `new == old + inserted − deleted + movedIn − movedOut` (UIKit's message; the section number
///   in it is the index after the update).
///
/// Accepted and absorbed (no effect beyond the section update, not listed in `updateItems`):
/// deletes and reloads of items in a deleted or reloaded section; inserts of items into an
/// inserted or reloaded section (their index paths are still range-checked). Moving an item
/// *into* an inserted or reloaded section is allowed: it keeps its identity there.
///
/// - Complexity: memory O(*S* + *k*) for *S* sections and *k* requests, never O(items); every
///   query is O(1) or O(log *k*).
public struct UpdatePlan: Sendable {
    /// Items per section before the update.
    /// - Complexity: O(1) to read.
    public let oldCounts: [Int]
    /// Items per section after the update.
    /// - Complexity: O(1) to read.
    public let newCounts: [Int]
    /// The list for `prepare(forCollectionViewUpdates:)`, in UIKit/PST order: deletes (index paths
    /// before the update, descending), then moves (ascending by source), then inserts (index paths
    /// after the update, ascending). Each reload appears as a delete of its old index path and an
    /// insert of its new one. Section updates use `item == UpdateItem.sectionItem`. Item updates
    /// absorbed by a section update are not listed.
    /// - Complexity: O(1) to read; built once by `make`.
    public private(set) var updateItems: [UpdateItem] = []
    /// Sections inserted, as indices after the update (reloads not included).
    /// - Complexity: O(1) to read; `contains` is O(1).
    public let insertedSections: Set<Int>
    /// Sections deleted, as indices before the update (reloads not included).
    /// - Complexity: O(1) to read; `contains` is O(1).
    public let deletedSections: Set<Int>
    /// Sections reloaded, as indices before the update.
    /// - Complexity: O(1) to read; `contains` is O(1).
    public let reloadedSections: Set<Int>
    /// Sections reloaded, as indices after the update (`newSection(forOld:)` of `reloadedSections`).
    /// - Complexity: O(1) to read; `contains` is O(1).
    public let reloadedSectionsAfterUpdate: Set<Int>

    /// `oldToNewSection[s]`: new index of old section `s`, -1 when deleted.
    private let oldToNewSection: [Int]
    /// `newToOldSection[t]`: old index of new section `t`, -1 when inserted.
    private let newToOldSection: [Int]
    /// Item changes of old sections that survive (not deleted, not reloaded), by old section.
    private let oldChanges: [Int: OldSectionChanges]
    /// Item changes of new sections, by new section.
    private let newChanges: [Int: NewSectionChanges]
    private let moveBySource: [IndexPath: IndexPath]
    private let moveByDestination: [IndexPath: IndexPath]

    // MARK: Building

    /// Validates `update` against the counts before and after it and builds the mapping.
    ///
    /// - Parameters:
    ///   - update: the recorded requests.
    ///   - oldCounts: items per section before the update (each in `0...CollectionView.maxCount`).
    ///   - newCounts: items per section after the update (what the data source now reports).
    /// - Throws: `LayoutError` with `.invalidArgument` (bad counts), `.outOfRange` or
    ///   `.inconsistentUpdate`; see the type's rule list. Never traps, whatever the input.
    /// - Complexity: O(*S* + *k* log *k*), where *S* is the number of sections before plus after
    ///   and *k* the number of requests. Memory O(*S* + *k*), independent of the item counts.
    public static func make(update: BatchUpdate, oldCounts: [Int], newCounts: [Int]) throws -> UpdatePlan {
        try checkCounts(oldCounts, "before")
        try checkCounts(newCounts, "after")
        let sections = try SectionStage(update: update, oldCount: oldCounts.count, newCount: newCounts.count)
        let items = try ItemStage(update: update, oldCounts: oldCounts, newCounts: newCounts, sections: sections)
        var plan = UpdatePlan(oldCounts: oldCounts, newCounts: newCounts, sections: sections, items: items)
        plan.updateItems = plan.buildUpdateItems(sections: sections, items: items)
        return plan
    }

    private init(oldCounts: [Int], newCounts: [Int], sections: SectionStage, items: ItemStage) {
        self.oldCounts = oldCounts
        self.newCounts = newCounts
        insertedSections = sections.inserted
        deletedSections = sections.deleted
        reloadedSections = sections.reloaded
        reloadedSectionsAfterUpdate = sections.reloadedAfter
        oldToNewSection = sections.oldToNew
        newToOldSection = sections.newToOld
        oldChanges = items.oldChanges
        newChanges = items.newChanges
        moveBySource = items.moveBySource
        moveByDestination = items.moveByDestination
    }

    private static func checkCounts(_ counts: [Int], _ when: String) throws {
        for (s, c) in counts.enumerated() where c < 0 || c > CollectionView.maxCount {
            throw LayoutError.invalid("section \(s) has \(c) items \(when) the update; counts must be in 0...\(CollectionView.maxCount)")
        }
    }

    private func buildUpdateItems(sections: SectionStage, items: ItemStage) -> [UpdateItem] {
        let whole = UpdateItem.sectionItem
        var deletes: [IndexPath] = items.listedDeletes + items.listedReloads
        deletes += sections.deleted.map { IndexPath(section: $0, item: whole) }
        deletes += sections.reloaded.map { IndexPath(section: $0, item: whole) }
        var inserts: [IndexPath] = items.listedInserts
        inserts += items.listedReloads.compactMap { newIndexPath(forOld: $0) }
        inserts += sections.inserted.map { IndexPath(section: $0, item: whole) }
        inserts += sections.reloadedAfter.map { IndexPath(section: $0, item: whole) }
        var moves: [(IndexPath, IndexPath)] = sections.moves.map {
            (IndexPath(section: $0.from, item: whole), IndexPath(section: $0.to, item: whole))
        }
        moves += items.moves.map { ($0.from, $0.to) }
        moves.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }

        var out: [UpdateItem] = []
        out.reserveCapacity(deletes.count + moves.count + inserts.count)
        out += deletes.sorted(by: >).map { UpdateItem(action: .delete, before: $0, after: nil) }
        out += moves.map { UpdateItem(action: .move, before: $0.0, after: $0.1) }
        out += inserts.sorted().map { UpdateItem(action: .insert, before: nil, after: $0) }
        return out
    }

    // MARK: Section queries

    /// The index after the update of old section `old`, or nil when it is deleted or out of range.
    /// A reloaded section maps to its new index.
    /// - Complexity: O(1).
    public func newSection(forOld old: Int) -> Int? {
        guard old >= 0, old < oldToNewSection.count else { return nil }
        let t = oldToNewSection[old]
        return t >= 0 ? t : nil
    }

    /// The index before the update of new section `new`, or nil when it is inserted or out of
    /// range. The new index of a reloaded section maps to its old index.
    /// - Complexity: O(1).
    public func oldSection(forNew new: Int) -> Int? {
        guard new >= 0, new < newToOldSection.count else { return nil }
        let s = newToOldSection[new]
        return s >= 0 ? s : nil
    }

    // MARK: Item queries

    /// The index path after the update of the item at `old` before it.
    ///
    /// - Returns: nil when `old` does not exist before the update, is deleted, or lies in a deleted
    ///   or reloaded section. A moved item returns its destination. A reloaded item returns the
    ///   place where its replacement ends up, so per-item state can follow it; use
    ///   `isReloaded(old:)` to learn that, for animations, it is a different element.
    /// - Complexity: O(log *k*), where *k* is the number of changes in the item's section.
    public func newIndexPath(forOld old: IndexPath) -> IndexPath? {
        let s = old.section
        guard s >= 0, s < oldCounts.count, old.item >= 0, old.item < oldCounts[s] else { return nil }
        if let to = moveBySource[old] { return to }
        let t = oldToNewSection[s]
        guard t >= 0, !reloadedSections.contains(s) else { return nil }
        var rank = old.item
        if let ch = oldChanges[s] {
            if SortedInts.contains(ch.deleted, old.item) { return nil }
            rank -= SortedInts.countLess(ch.removed, than: old.item)
        }
        let item = SortedInts.select(rank, skipping: newChanges[t]?.fixed ?? [])
        return IndexPath(section: t, item: item)
    }

    /// The index path before the update of the item at `new` after it.
    ///
    /// - Returns: nil when `new` does not exist after the update, is inserted, or lies in an
    ///   inserted or reloaded section (unless it was moved there). A move destination returns its
    ///   source; the new place of a reloaded item returns the reloaded item's old index path.
    /// - Complexity: O(log *k*), where *k* is the number of changes in the item's section.
    public func oldIndexPath(forNew new: IndexPath) -> IndexPath? {
        let t = new.section
        guard t >= 0, t < newCounts.count, new.item >= 0, new.item < newCounts[t] else { return nil }
        if let from = moveByDestination[new] { return from }
        let s = newToOldSection[t]
        guard s >= 0, !reloadedSectionsAfterUpdate.contains(t) else { return nil }
        var rank = new.item
        if let ch = newChanges[t] {
            if SortedInts.contains(ch.inserted, new.item) { return nil }
            rank -= SortedInts.countLess(ch.fixed, than: new.item)
        }
        let item = SortedInts.select(rank, skipping: oldChanges[s]?.removed ?? [])
        return IndexPath(section: s, item: item)
    }

    /// True when `old` exists before the update and has no place after it: deleted, or in a
    /// deleted or reloaded section (exactly when `newIndexPath(forOld:)` is nil for a valid path).
    /// Reloaded items are not deleted here; see `isReloaded(old:)`.
    /// - Complexity: O(log *k*), where *k* is the number of changes in the item's section.
    public func isDeleted(old: IndexPath) -> Bool {
        guard old.section >= 0, old.section < oldCounts.count, old.item >= 0, old.item < oldCounts[old.section] else { return false }
        return newIndexPath(forOld: old) == nil
    }

    /// True when `new` exists after the update and has no origin before it: inserted, or in an
    /// inserted or reloaded section and not moved there (exactly when `oldIndexPath(forNew:)` is
    /// nil for a valid path). The new place of a reloaded item is not inserted here; see
    /// `isReloaded(new:)`.
    /// - Complexity: O(log *k*), where *k* is the number of changes in the item's section.
    public func isInserted(new: IndexPath) -> Bool {
        guard new.section >= 0, new.section < newCounts.count, new.item >= 0, new.item < newCounts[new.section] else { return false }
        return oldIndexPath(forNew: new) == nil
    }

    /// True when the item at `old` (before the update) is reloaded, itself or through its section:
    /// its element disappears and a new one appears (at `newIndexPath(forOld:)` for an item reload).
    /// - Complexity: O(log *k*), where *k* is the number of changes in the item's section.
    public func isReloaded(old: IndexPath) -> Bool {
        let s = old.section
        guard s >= 0, s < oldCounts.count, old.item >= 0, old.item < oldCounts[s] else { return false }
        if reloadedSections.contains(s) { return true }
        return SortedInts.contains(oldChanges[s]?.reloaded ?? [], old.item)
    }

    /// True when the item at `new` (after the update) is the new element of a reload: the new place
    /// of a reloaded item, or an item of a reloaded section that was not moved there.
    /// - Complexity: O(log *k*), where *k* is the number of changes in the item's section.
    public func isReloaded(new: IndexPath) -> Bool {
        let t = new.section
        guard t >= 0, t < newCounts.count, new.item >= 0, new.item < newCounts[t] else { return false }
        if reloadedSectionsAfterUpdate.contains(t) { return moveByDestination[new] == nil }
        guard let old = oldIndexPath(forNew: new) else { return false }
        return isReloaded(old: old)
    }
}

// MARK: - Internals

/// Item changes in one old section that survives the update.
private struct OldSectionChanges {
    /// Deleted items (sorted, unique).
    var deleted: [Int] = []
    /// Reloaded items (sorted, unique).
    var reloaded: [Int] = []
    /// Items leaving their place: deleted ∪ moved out (sorted, unique).
    var removed: [Int] = []
    var movedOut = 0
}

/// Item changes in one new section.
private struct NewSectionChanges {
    /// Inserted items (sorted, unique); empty for inserted and reloaded sections.
    var inserted: [Int] = []
    /// Places taken after the update: inserted ∪ moved in (sorted, unique).
    var fixed: [Int] = []
    var movedIn = 0
}

/// Binary searches over sorted, duplicate-free arrays of non-negative indices.
private enum SortedInts {
    /// The number of elements of `a` below `x`.
    /// - Complexity: O(log `a.count`).
    static func countLess(_ a: [Int], than x: Int) -> Int {
        var lo = 0, hi = a.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if a[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// True when `x` is an element of `a`.
    /// - Complexity: O(log `a.count`).
    static func contains(_ a: [Int], _ x: Int) -> Bool {
        let i = countLess(a, than: x)
        return i < a.count && a[i] == x
    }

    /// The `rank`-th (from 0) non-negative integer that is not an element of `a`.
    /// `a[i] - i` counts the free integers below `a[i]` and never decreases, so the answer is
    /// `rank` plus the number of elements with `a[i] - i <= rank`.
    /// - Complexity: O(log `a.count`).
    static func select(_ rank: Int, skipping a: [Int]) -> Int {
        var lo = 0, hi = a.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if a[mid] - mid <= rank { lo = mid + 1 } else { hi = mid }
        }
        return rank + lo
    }

    /// `values` sorted, duplicates dropped.
    static func sortedUnique(_ values: [Int]) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(values.count)
        for v in values.sorted() where out.last != v { out.append(v) }
        return out
    }
}

private func sortedUniquePaths(_ values: [IndexPath]) -> [IndexPath] {
    var out: [IndexPath] = []
    out.reserveCapacity(values.count)
    for v in values.sorted() where out.last != v { out.append(v) }
    return out
}

/// Section-level validation and mapping.
private struct SectionStage {
    var inserted: Set<Int> = []
    var deleted: Set<Int> = []
    var reloaded: Set<Int> = []
    var reloadedAfter: Set<Int> = []
    var moves: [BatchUpdate.SectionMove] = []
    var oldToNew: [Int] = []
    var newToOld: [Int] = []

    init(update u: BatchUpdate, oldCount: Int, newCount: Int) throws {
        let del = SortedInts.sortedUnique(u.deletedSections)
        let rel = SortedInts.sortedUnique(u.reloadedSections)
        let ins = SortedInts.sortedUnique(u.insertedSections)
        let moves = u.movedSections.sorted { $0.from != $1.from ? $0.from < $1.from : $0.to < $1.to }

        // Ranges.
        for s in del where s < 0 || s >= oldCount {
            throw LayoutError.outOfRange("attempt to delete section \(s), but there are only \(oldCount) sections before the update")
        }
        for s in rel where s < 0 || s >= oldCount {
            throw LayoutError.outOfRange("attempt to reload section \(s), but there are only \(oldCount) sections before the update")
        }
        for m in moves {
            if m.from < 0 || m.from >= oldCount {
                throw LayoutError.outOfRange("attempt to move section \(m.from), but there are only \(oldCount) sections before the update")
            }
            if m.to < 0 || m.to >= newCount {
                throw LayoutError.outOfRange("attempt to move section \(m.from) to section \(m.to), but there are only \(newCount) sections after the update")
            }
        }
        for t in ins where t < 0 || t >= newCount {
            throw LayoutError.outOfRange("attempt to insert section \(t), but there are only \(newCount) sections after the update")
        }

        // Conflicts.
        deleted = Set(del); reloaded = Set(rel); inserted = Set(ins)
        for s in rel where deleted.contains(s) {
            throw LayoutError(.inconsistentUpdate, "attempt to delete and reload the same section (\(s))")
        }
        var bySource: Set<Int> = [], byDestination: Set<Int> = []
        for m in moves {
            if deleted.contains(m.from) {
                throw LayoutError(.inconsistentUpdate, "attempt to delete and move the same section (\(m.from))")
            }
            if reloaded.contains(m.from) {
                throw LayoutError(.inconsistentUpdate, "attempt to reload and move the same section (\(m.from))")
            }
            if !bySource.insert(m.from).inserted {
                throw LayoutError(.inconsistentUpdate, "attempt to move section \(m.from) more than once")
            }
            if !byDestination.insert(m.to).inserted {
                throw LayoutError(.inconsistentUpdate, "attempt to move more than one section to section \(m.to)")
            }
            if inserted.contains(m.to) {
                throw LayoutError(.inconsistentUpdate, "attempt to perform an insert and a move to the same section (\(m.to))")
            }
        }

        // Count. All terms are array sizes: no overflow.
        guard newCount == oldCount + ins.count - del.count else {
            throw LayoutError(.inconsistentUpdate, "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (\(newCount)) must be equal to the number of sections contained in the collection view before the update (\(oldCount)), plus or minus the number of sections inserted or deleted (\(ins.count) inserted, \(del.count) deleted).")
        }

        // Mapping: survivors fill the places not taken by inserts and move destinations, in order.
        let removed = SortedInts.sortedUnique(del + moves.map(\.from))
        let fixed = SortedInts.sortedUnique(ins + moves.map(\.to))
        var o2n = [Int](repeating: -1, count: oldCount)
        var n2o = [Int](repeating: -1, count: newCount)
        for m in moves { o2n[m.from] = m.to; n2o[m.to] = m.from }
        var t = 0, fi = 0, ri = 0
        for s in 0..<oldCount {
            if ri < removed.count, removed[ri] == s { ri += 1; continue }
            while fi < fixed.count, fixed[fi] == t { fi += 1; t += 1 }
            guard t < newCount else { throw LayoutError(.internal, "section mapping ran past the new section count") }
            o2n[s] = t; n2o[t] = s
            t += 1
        }
        oldToNew = o2n; newToOld = n2o
        self.moves = moves
        reloadedAfter = Set(rel.compactMap { o2n[$0] >= 0 ? o2n[$0] : nil })
    }
}

/// Item-level validation and per-section change lists.
private struct ItemStage {
    var oldChanges: [Int: OldSectionChanges] = [:]
    var newChanges: [Int: NewSectionChanges] = [:]
    var moveBySource: [IndexPath: IndexPath] = [:]
    var moveByDestination: [IndexPath: IndexPath] = [:]
    var moves: [BatchUpdate.ItemMove] = []
    /// Deletes, reloads (old paths) and inserts that are not absorbed by a section update.
    var listedDeletes: [IndexPath] = []
    var listedReloads: [IndexPath] = []
    var listedInserts: [IndexPath] = []

    init(update u: BatchUpdate, oldCounts: [Int], newCounts: [Int], sections: SectionStage) throws {
        let deletes = sortedUniquePaths(u.deletedItems)
        let reloads = sortedUniquePaths(u.reloadedItems)
        let inserts = sortedUniquePaths(u.insertedItems)
        let moves = u.movedItems.sorted { $0.from != $1.from ? $0.from < $1.from : $0.to < $1.to }

        // Ranges.
        func checkOld(_ ip: IndexPath, _ verb: String) throws {
            guard ip.section >= 0, ip.section < oldCounts.count else {
                throw LayoutError.outOfRange("attempt to \(verb) item \(ip.item) from section \(ip.section), but there are only \(oldCounts.count) sections before the update")
            }
            let n = oldCounts[ip.section]
            guard ip.item >= 0, ip.item < n else {
                throw LayoutError.outOfRange("attempt to \(verb) item \(ip.item) from section \(ip.section) which only contains \(n) items before the update")
            }
        }
        func checkNew(_ ip: IndexPath, _ what: String) throws {
            guard ip.section >= 0, ip.section < newCounts.count else {
                throw LayoutError.outOfRange("attempt to \(what), but there are only \(newCounts.count) sections after the update")
            }
            let n = newCounts[ip.section]
            guard ip.item >= 0, ip.item < n else {
                throw LayoutError.outOfRange("attempt to \(what), but there are only \(n) items in section \(ip.section) after the update")
            }
        }
        for ip in deletes { try checkOld(ip, "delete") }
        for ip in reloads { try checkOld(ip, "reload") }
        for m in moves {
            try checkOld(m.from, "move")
            try checkNew(m.to, "move item \(m.from) to \(m.to)")
        }
        for ip in inserts { try checkNew(ip, "insert item \(ip.item) into section \(ip.section)") }

        // Conflicts.
        let deleteSet = Set(deletes), reloadSet = Set(reloads)
        for ip in reloads where deleteSet.contains(ip) {
            throw LayoutError(.inconsistentUpdate, "attempt to delete and reload the same index path (\(ip))")
        }
        for m in moves {
            if deleteSet.contains(m.from) {
                throw LayoutError(.inconsistentUpdate, "attempt to delete and move the same item (\(m.from))")
            }
            if reloadSet.contains(m.from) {
                throw LayoutError(.inconsistentUpdate, "attempt to reload and move the same item (\(m.from))")
            }
            if sections.deleted.contains(m.from.section) {
                throw LayoutError(.inconsistentUpdate, "attempt to delete and move from the same section (\(m.from))")
            }
            if sections.reloaded.contains(m.from.section) {
                throw LayoutError(.inconsistentUpdate, "attempt to reload and move from the same section (\(m.from))")
            }
            if moveBySource[m.from] != nil {
                throw LayoutError(.inconsistentUpdate, "attempt to move the same item (\(m.from)) more than once")
            }
            if moveByDestination[m.to] != nil {
                throw LayoutError(.inconsistentUpdate, "attempt to move more than one item to the same index path (\(m.to))")
            }
            moveBySource[m.from] = m.to
            moveByDestination[m.to] = m.from
        }
        for ip in inserts where moveByDestination[ip] != nil {
            throw LayoutError(.inconsistentUpdate, "attempt to insert and move to the same index path (\(ip))")
        }
        self.moves = moves

        // Per-section lists. Inputs are sorted by (section, item), so appends keep each list sorted.
        func survivesOld(_ s: Int) -> Bool { !sections.deleted.contains(s) && !sections.reloaded.contains(s) }
        func keepsNew(_ t: Int) -> Bool { !sections.inserted.contains(t) && !sections.reloadedAfter.contains(t) }
        for ip in deletes where survivesOld(ip.section) {
            oldChanges[ip.section, default: OldSectionChanges()].deleted.append(ip.item)
            listedDeletes.append(ip)
        }
        for ip in reloads where survivesOld(ip.section) {
            oldChanges[ip.section, default: OldSectionChanges()].reloaded.append(ip.item)
            listedReloads.append(ip)
        }
        var movedOut: [Int: [Int]] = [:], movedIn: [Int: [Int]] = [:]
        for m in moves {
            movedOut[m.from.section, default: []].append(m.from.item)
            movedIn[m.to.section, default: []].append(m.to.item)
        }
        for (s, items) in movedOut {
            var ch = oldChanges[s] ?? OldSectionChanges()
            ch.movedOut = items.count
            oldChanges[s] = ch
        }
        for s in Array(oldChanges.keys) {
            guard var ch = oldChanges[s] else { continue }
            ch.removed = SortedInts.sortedUnique(ch.deleted + (movedOut[s] ?? []))
            oldChanges[s] = ch
        }
        for ip in inserts where keepsNew(ip.section) {
            newChanges[ip.section, default: NewSectionChanges()].inserted.append(ip.item)
            listedInserts.append(ip)
        }
        for (t, items) in movedIn {
            var ch = newChanges[t] ?? NewSectionChanges()
            ch.movedIn = items.count
            newChanges[t] = ch
        }
        for t in Array(newChanges.keys) {
            guard var ch = newChanges[t] else { continue }
            ch.fixed = SortedInts.sortedUnique(ch.inserted + (movedIn[t] ?? []))
            newChanges[t] = ch
        }

        // Count invariant of every section that exists before and after (moved ones included).
        for t in 0..<newCounts.count {
            let s = sections.newToOld[t]
            guard s >= 0, s < oldCounts.count, !sections.reloadedAfter.contains(t) else { continue }
            let o = oldChanges[s] ?? OldSectionChanges()
            let n = newChanges[t] ?? NewSectionChanges()
            // Every term is at most 2^40 or an array size: no overflow.
            let expected = oldCounts[s] - o.removed.count + n.fixed.count
            guard newCounts[t] == expected else {
                throw LayoutError(.inconsistentUpdate, "Invalid update: invalid number of items in section \(t). The number of items contained in an existing section after the update (\(newCounts[t])) must be equal to the number of items contained in that section before the update (\(oldCounts[s])), plus or minus the number of items inserted or deleted from that section (\(n.inserted.count) inserted, \(o.deleted.count) deleted) and plus or minus the number of items moved into or out of that section (\(n.movedIn) moved in, \(o.movedOut) moved out).")
            }
        }
    }
}
