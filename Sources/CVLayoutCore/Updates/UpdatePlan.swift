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
/// ## Validation
///
/// `UpdateValidation` applies UIKit's checks in UIKit's order with UIKit's wording (see its
/// documentation and docs/batch-update-rules.md): `.invalidArgument` for a count that is negative
/// or above `CollectionView.maxCount`, `.outOfRange` for an index path or section outside the
/// state it names, `.inconsistentUpdate` for conflicting requests and wrong counts.
///
/// Absorbed (no effect beyond the section update): deletes and reloads of items in a deleted or
/// reloaded section (never range-checked, as in UIKit); inserts of items into an inserted or
/// reloaded section (range-checked first, as in UIKit). Moving an item out of a deleted or
/// reloaded section, or into an inserted or reloaded one, is an error (UIKit's "cannot move an
/// item from a deleted section" / "cannot move an item into a newly inserted section").
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
    /// The list for `prepare(forCollectionViewUpdates:)`, as UIKit hands it to the layout: the
    /// stated deletes (index paths before the update), then the stated inserts (after), then the
    /// reloads as `.reload` items (before → after; `after` nil for a reload absorbed by a deleted or
    /// reloaded section), then the moves — each group ascending (moves by source). Section updates
    /// use `item == UpdateItem.sectionItem`. Duplicates are merged; item deletes and inserts
    /// inside a deleted or inserted section are listed, as UIKit lists them.
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
    private let oldToNewSection: SectionIndexMap
    /// `newToOldSection[t]`: old index of new section `t`, -1 when inserted.
    private let newToOldSection: SectionIndexMap
    /// Item changes of old sections that survive (not deleted, not reloaded), by old section (nil
    /// for a section without any): read by section without hashing, so that mapping an index path,
    /// which an animated update does for every element on screen, hashes nothing.
    private let oldChanges: BySection<OldSectionChanges>
    /// Item changes of new sections, by new section (as `oldChanges`).
    private let newChanges: BySection<NewSectionChanges>
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
        try make(update: update, oldCounts: oldCounts, newCounts: newCounts, countsChecked: false)
    }

    /// `make(update:oldCounts:newCounts:)`; `countsChecked`: both count lists are known to be in
    /// `0...CollectionView.maxCount` (the view's, checked as they were loaded), so they are not
    /// checked again. Apart from that range check, the cost is O(*k* log *k*) plus, for an update
    /// that inserts, deletes or moves no section, a comparison of the two count lists (a few
    /// instructions a section), else O(*S*).
    static func make(update: BatchUpdate, oldCounts: [Int], newCounts: [Int], countsChecked: Bool) throws -> UpdatePlan
    {
        if !countsChecked {
            try checkCounts(oldCounts, "before")
            try checkCounts(newCounts, "after")
        }
        // The section mapping exists exactly when the section requests are consistent; the checks
        // need it only for the new index of a reloaded section.
        let tentative = SectionStage(update: update, oldCount: oldCounts.count, newCount: newCounts.count)
        let v = try UpdateValidation(update: update, oldCounts: oldCounts, newCounts: newCounts) { s in
            guard let m = tentative, s >= 0, s < m.oldToNew.count, m.oldToNew[s] >= 0 else { return nil }
            return m.oldToNew[s]
        }
        guard let sections = tentative else {
            throw LayoutError(.internal, "the section requests passed every check but have no mapping")
        }
        try v.checkItemCounts(
            oldCounts: oldCounts, newCounts: newCounts, newToOld: sections.newToOld, oldToNew: sections.oldToNew,
            reloadedAfter: sections.reloadedAfter)
        let items = ItemStage(validation: v, sections: sections)
        var plan = UpdatePlan(oldCounts: oldCounts, newCounts: newCounts, sections: sections, items: items)
        plan.updateItems = plan.buildUpdateItems(v)
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
        oldChanges = BySection(count: oldCounts.count, items.oldChanges)
        newChanges = BySection(count: newCounts.count, items.newChanges)
        moveBySource = items.moveBySource
        moveByDestination = items.moveByDestination
    }

    private static func checkCounts(_ counts: [Int], _ when: String) throws {
        for (s, c) in counts.enumerated() where c < 0 || c > CollectionView.maxCount {
            throw LayoutError.invalid(
                "section \(s) has \(c) items \(when) the update; counts must be in 0...\(CollectionView.maxCount)")
        }
    }

    private func buildUpdateItems(_ v: UpdateValidation) -> [UpdateItem] {
        let whole = UpdateItem.sectionItem
        var out: [UpdateItem] = []
        out.reserveCapacity(
            v.explicitDeletes.count + v.explicitInserts.count + v.explicitReloads.count + v.orderedMoves.count)
        out += v.explicitDeletes.map { UpdateItem(action: .delete, before: $0, after: nil) }
        out += v.explicitInserts.map { UpdateItem(action: .insert, before: nil, after: $0) }
        out += v.explicitReloads.map { p in
            let after =
                p.item == whole
                ? newSection(forOld: p.section).map { IndexPath(section: $0, item: whole) } : newIndexPath(forOld: p)
            return UpdateItem(action: .reload, before: p, after: after)
        }
        out += v.orderedMoves.map { UpdateItem(action: .move, before: $0.from, after: $0.to) }
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
        if !moveBySource.isEmpty, let to = moveBySource[old] { return to }
        let t = oldToNewSection[s]
        guard t >= 0, reloadedSections.isEmpty || !reloadedSections.contains(s) else { return nil }
        var rank = old.item
        if let k = oldChanges.slot(s) {
            if SortedInts.contains(oldChanges.values[k].deleted, old.item) { return nil }
            rank -= SortedInts.countLess(oldChanges.values[k].removed, than: old.item)
        }
        guard let k = newChanges.slot(t) else { return IndexPath(section: t, item: rank) }
        return IndexPath(section: t, item: SortedInts.select(rank, skipping: newChanges.values[k].fixed))
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
        if !moveByDestination.isEmpty, let from = moveByDestination[new] { return from }
        let s = newToOldSection[t]
        guard s >= 0, reloadedSectionsAfterUpdate.isEmpty || !reloadedSectionsAfterUpdate.contains(t) else {
            return nil
        }
        var rank = new.item
        if let k = newChanges.slot(t) {
            if SortedInts.contains(newChanges.values[k].inserted, new.item) { return nil }
            rank -= SortedInts.countLess(newChanges.values[k].fixed, than: new.item)
        }
        guard let k = oldChanges.slot(s) else { return IndexPath(section: s, item: rank) }
        return IndexPath(section: s, item: SortedInts.select(rank, skipping: oldChanges.values[k].removed))
    }

    /// True when `old` exists before the update and has no place after it: deleted, or in a
    /// deleted or reloaded section (exactly when `newIndexPath(forOld:)` is nil for a valid path).
    /// Reloaded items are not deleted here; see `isReloaded(old:)`.
    /// - Complexity: O(log *k*), where *k* is the number of changes in the item's section.
    public func isDeleted(old: IndexPath) -> Bool {
        guard old.section >= 0, old.section < oldCounts.count, old.item >= 0, old.item < oldCounts[old.section] else {
            return false
        }
        return newIndexPath(forOld: old) == nil
    }

    /// True when `new` exists after the update and has no origin before it: inserted, or in an
    /// inserted or reloaded section and not moved there (exactly when `oldIndexPath(forNew:)` is
    /// nil for a valid path). The new place of a reloaded item is not inserted here; see
    /// `isReloaded(new:)`.
    /// - Complexity: O(log *k*), where *k* is the number of changes in the item's section.
    public func isInserted(new: IndexPath) -> Bool {
        guard new.section >= 0, new.section < newCounts.count, new.item >= 0, new.item < newCounts[new.section] else {
            return false
        }
        return oldIndexPath(forNew: new) == nil
    }

    /// True when the item at `old` (before the update) is reloaded, itself or through its section:
    /// its element disappears and a new one appears (at `newIndexPath(forOld:)` for an item reload).
    /// - Complexity: O(log *k*), where *k* is the number of changes in the item's section.
    public func isReloaded(old: IndexPath) -> Bool {
        let s = old.section
        guard s >= 0, s < oldCounts.count, old.item >= 0, old.item < oldCounts[s] else { return false }
        if !reloadedSections.isEmpty, reloadedSections.contains(s) { return true }
        guard let k = oldChanges.slot(s) else { return false }
        return SortedInts.contains(oldChanges.values[k].reloaded, old.item)
    }

    /// True when the item at `new` (after the update) is the new element of a reload: the new place
    /// of a reloaded item, or an item of a reloaded section that was not moved there.
    /// - Complexity: O(log *k*), where *k* is the number of changes in the item's section.
    public func isReloaded(new: IndexPath) -> Bool {
        let t = new.section
        guard t >= 0, t < newCounts.count, new.item >= 0, new.item < newCounts[t] else { return false }
        if !reloadedSectionsAfterUpdate.isEmpty, reloadedSectionsAfterUpdate.contains(t) {
            return moveByDestination[new] == nil
        }
        guard let old = oldIndexPath(forNew: new) else { return false }
        return isReloaded(old: old)
    }
}

extension UpdatePlan {
    /// `newIndexPath(forOld:)` of old cells asked in turn, nil too for a reloaded one
    /// (`isReloaded(old:)`): what an animated update asks of each cell on screen, mostly in item
    /// order. The item right after the last one mapped, in its section, with no change of the plan
    /// between them (no item removed or reloaded up to it, no place fixed right after the last one's
    /// new place), maps to the place right after the last one's: O(1) (a delete shifts a run of
    /// items by one). Any other is asked of the plan, O(log k), and starts a run.
    struct ItemMapper {
        private let plan: UpdatePlan
        /// The last old item mapped (`section` -1: none) and its new place.
        private var section = -1, item = 0, newSection = 0, newItem = 0
        /// The first old item after `item` that is removed, reloaded or past the count, and the first
        /// new place after `newItem` that is fixed or past the count.
        private var oldLimit = 0, newLimit = 0

        init(_ plan: UpdatePlan) { self.plan = plan }

        /// `plan.newIndexPath(forOld: old)` when `old` is not reloaded, else nil. (The next item of
        /// the run inlined into the caller's loop, a run's start asked of the plan out of line.)
        @inline(__always)
        mutating func map(_ old: IndexPath) -> IndexPath? {
            if old.section == section, old.item == item &+ 1, old.item < oldLimit, newItem &+ 1 < newLimit {
                item = old.item
                newItem += 1
                return IndexPath(section: newSection, item: newItem)
            }
            return startRun(at: old)
        }

        /// `map(old)` asked of the plan: a run starts at `old` (none when it is removed, reloaded
        /// or moved).
        @inline(never)
        private mutating func startRun(at old: IndexPath) -> IndexPath? {
            guard let new = plan.newIndexPath(forOld: old), !plan.isReloaded(old: old) else {
                section = -1
                return nil
            }
            (section, item, newSection, newItem) = (old.section, old.item, new.section, new.item)
            oldLimit = plan.oldCounts[section]
            if let k = plan.oldChanges.slot(section) {
                let v = plan.oldChanges.values[k]
                let r = SortedInts.countLess(v.removed, than: item + 1)
                if r < v.removed.count { oldLimit = Swift.min(oldLimit, v.removed[r]) }
                // A moved item's place is its move's, not its rank's: no run starts from it.
                if r > 0, v.removed[r - 1] == item { section = -1 }
                let l = SortedInts.countLess(v.reloaded, than: item + 1)
                if l < v.reloaded.count { oldLimit = Swift.min(oldLimit, v.reloaded[l]) }
            }
            newLimit = plan.newCounts[newSection]
            if let k = plan.newChanges.slot(newSection) {
                let fixed = plan.newChanges.values[k].fixed
                let r = SortedInts.countLess(fixed, than: newItem + 1)
                if r < fixed.count { newLimit = Swift.min(newLimit, fixed[r]) }
            }
            return new
        }
    }
}

// MARK: - Internals

/// Values of a few sections out of many, read by section index without hashing. With few
/// values (at most one for every 16 sections) the sections that have one are a sorted list
/// searched by bisection (O(log k)); with more, a slot a section (the value's place, or -1; O(1)).
/// Either way an update of one section among 10^5 neither makes and frees a value for every
/// section nor, since sect7, fills a table of 10^5 slots.
private struct BySection<Value: Sendable>: Sendable {
    /// Dense: a slot a section. Sparse: empty.
    private let slots: [Int]
    /// Sparse: the sections that have a value, ascending (`values[i]` is `keys[i]`'s). Dense: empty.
    private let keys: [Int]
    /// The values there are (`slot(_:)` says which is a section's).
    let values: [Value]

    /// The values of `dict` whose section is in `0 ..< count`. O(count + k) with many values,
    /// O(k log k) with few.
    init(count: Int, _ dict: [Int: Value]) {
        var values: [Value] = []
        values.reserveCapacity(dict.count)
        if dict.count <= count / 16 {
            var keys: [Int] = []
            keys.reserveCapacity(dict.count)
            for s in dict.keys.sorted() where s >= 0 && s < count {
                keys.append(s)
                values.append(dict[s]!)
            }
            self.slots = []
            self.keys = keys
        } else {
            var slots = [Int](repeating: -1, count: count)
            for (s, v) in dict where s >= 0 && s < count {
                slots[s] = values.count
                values.append(v)
            }
            self.slots = slots
            self.keys = []
        }
        self.values = values
    }

    /// The place in `values` of section `s`'s value (`s` in `0 ..< count`), nil when it has
    /// none. O(1) dense, O(log k) sparse. (Read `values[k]` in place: a copy of a value retains
    /// each of its arrays.)
    @inline(__always)
    func slot(_ s: Int) -> Int? {
        if !slots.isEmpty {
            let k = slots[s]
            return k < 0 ? nil : k
        }
        let i = SortedInts.countLess(keys, than: s)
        return i < keys.count && keys[i] == s ? i : nil
    }
}

/// Item changes in one old section that survives the update.
private struct OldSectionChanges {
    /// Deleted items (sorted, unique).
    var deleted: [Int] = []
    /// Reloaded items (sorted, unique).
    var reloaded: [Int] = []
    /// Items leaving their place: deleted ∪ moved out (sorted, unique).
    var removed: [Int] = []
}

/// Item changes in one new section.
private struct NewSectionChanges {
    /// Inserted items (sorted, unique); empty for inserted and reloaded sections.
    var inserted: [Int] = []
    /// Places taken after the update: inserted ∪ moved in (sorted, unique).
    var fixed: [Int] = []
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

/// The section mapping. Nil when the section requests are inconsistent (a check of
/// `UpdateValidation` then fails); nothing here is reported to the caller.
private struct SectionStage {
    var reloaded: Set<Int> = []
    var reloadedAfter: Set<Int> = []
    var inserted: Set<Int> = []
    var deleted: Set<Int> = []
    var oldToNew = SectionIndexMap(identity: 0)
    var newToOld = SectionIndexMap(identity: 0)

    init?(update u: BatchUpdate, oldCount: Int, newCount: Int) {
        let del = SortedInts.sortedUnique(u.deletedSections)
        let rel = SortedInts.sortedUnique(u.reloadedSections)
        let ins = SortedInts.sortedUnique(u.insertedSections)
        let moves = Array(Set(u.movedSections))
        let sources = SortedInts.sortedUnique(moves.map(\.from)),
            destinations = SortedInts.sortedUnique(moves.map(\.to))
        guard sources.count == moves.count, destinations.count == moves.count,
            (del + rel + sources).allSatisfy({ $0 >= 0 && $0 < oldCount }),
            (ins + destinations).allSatisfy({ $0 >= 0 && $0 < newCount }),
            newCount == oldCount + ins.count - del.count
        else { return nil }
        let removed = SortedInts.sortedUnique(del + sources)
        let fixed = SortedInts.sortedUnique(ins + destinations)
        guard removed.count == del.count + sources.count, fixed.count == ins.count + destinations.count,
            Set(rel).isDisjoint(with: removed)
        else { return nil }
        if removed.isEmpty && fixed.isEmpty {
            // No section inserted, deleted or moved (newCount == oldCount): every section stays.
            // Nothing stored (two tables of every section were a third of a one-item edit's plan).
            oldToNew = SectionIndexMap(identity: oldCount)
            newToOld = oldToNew
        } else {
            var o2n = [Int](repeating: -1, count: oldCount)
            var n2o = [Int](repeating: -1, count: newCount)
            for m in moves { o2n[m.from] = m.to; n2o[m.to] = m.from }
            // Survivors fill the places not taken by inserts and move destinations, in order.
            var t = 0, fi = 0, ri = 0
            for s in 0..<oldCount {
                if ri < removed.count, removed[ri] == s { ri += 1; continue }
                while fi < fixed.count, fixed[fi] == t { fi += 1; t += 1 }
                guard t < newCount else { return nil }
                o2n[s] = t; n2o[t] = s
                t += 1
            }
            oldToNew = SectionIndexMap(o2n); newToOld = SectionIndexMap(n2o)
        }
        let o2n = oldToNew
        deleted = Set(del); inserted = Set(ins); reloaded = Set(rel)
        reloadedAfter = Set(rel.map { o2n[$0] })
    }
}

/// Per-section item change lists, from requests `UpdateValidation` has checked.
private struct ItemStage {
    var oldChanges: [Int: OldSectionChanges] = [:]
    var newChanges: [Int: NewSectionChanges] = [:]
    var moveBySource: [IndexPath: IndexPath] = [:]
    var moveByDestination: [IndexPath: IndexPath] = [:]

    init(validation v: UpdateValidation, sections: SectionStage) {
        for m in v.itemMoves { moveBySource[m.from] = m.to; moveByDestination[m.to] = m.from }
        // Inputs are sorted by (section, item) with non-negative indices, so appends keep each list sorted.
        for ip in v.deletes { oldChanges[ip.section, default: OldSectionChanges()].deleted.append(ip.item) }
        for ip in v.reloads { oldChanges[ip.section, default: OldSectionChanges()].reloaded.append(ip.item) }
        for ip in v.inserts { newChanges[ip.section, default: NewSectionChanges()].inserted.append(ip.item) }
        var movedOut: [Int: [Int]] = [:], movedIn: [Int: [Int]] = [:]
        for m in v.itemMoves {
            movedOut[m.from.section, default: []].append(m.from.item)
            movedIn[m.to.section, default: []].append(m.to.item)
        }
        for s in Set(oldChanges.keys).union(movedOut.keys) {
            var ch = oldChanges[s] ?? OldSectionChanges()
            ch.removed = SortedInts.sortedUnique(ch.deleted + (movedOut[s] ?? []))
            oldChanges[s] = ch
        }
        for t in Set(newChanges.keys).union(movedIn.keys) {
            var ch = newChanges[t] ?? NewSectionChanges()
            ch.fixed = SortedInts.sortedUnique(ch.inserted + (movedIn[t] ?? []))
            newChanges[t] = ch
        }
    }
}

/// A section index mapping (old → new or new → old): a table, or the identity when no section
/// is inserted, deleted or moved (then nothing is stored).
struct SectionIndexMap: Sendable {
    private let table: [Int]
    /// The number of sections mapped from.
    let count: Int
    /// True when every section maps to itself.
    let isIdentity: Bool

    /// The identity of `count` sections. O(1).
    init(identity count: Int) {
        table = []
        self.count = count
        isIdentity = true
    }

    /// `table[s]` for section `s` (-1: none). O(1).
    init(_ table: [Int]) {
        self.table = table
        count = table.count
        isIdentity = false
    }

    /// The image of `s` (in `0 ..< count`), -1 for none. O(1).
    @inline(__always)
    subscript(s: Int) -> Int { isIdentity ? s : table[s] }
}
