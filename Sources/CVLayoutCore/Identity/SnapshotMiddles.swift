/// The diff of a snapshot that keeps the view's section identifiers and changes few items: each
/// section's common prefix and suffix with the old snapshot are compared, not hashed, and only
/// the runs between them (the *middles*) go through Heckel's diff (`SnapshotDiff`); the new
/// snapshot's identifier table is derived from the old one (`ItemPositions.deriving`).
///
/// The requests are those of `SnapshotDiff` on the middles, moved to their sections and places:
/// the prefixes and suffixes stay in place (a changed identifier there is a reload). The same
/// guarantees hold (valid for `UpdatePlan.make`; exactly the fewest moves for a single moved
/// item, a block, or inserts and deletes only), and errors are the full diff's, with the same
/// messages (a duplicate is the first one in the new snapshot's order, named at both places).
///
/// - Complexity: O(S + N) comparisons of identifiers (sequential reads), plus O(k) expected for
///   the k items in the middles, O(c) for c changed identifiers, and the derivation's cost.
struct SnapshotMiddles {
    /// One section whose items changed: its items `prefix ..< prefix + oldCount` (old) became
    /// `prefix ..< prefix + newCount` (new); the rest of the section is the same on both sides.
    struct Run {
        let section: Int
        let prefix: Int
        let oldCount: Int
        let newCount: Int
    }

    let runs: [Run]
    let new: Snapshot
    /// `newStarts[s]`: the flat position of section `s`'s first item in `new`; last = N.
    let newStarts: [Int]
    let diff: SnapshotDiff

    /// Middles larger than this share of the items (old and new together) are diffed whole:
    /// hashing everything costs less than comparing and then hashing most of it.
    static let maxShareDenominator = 4

    /// The diff from `old` (a view's current snapshot) to `new`, or nil when this path does not
    /// apply (the section identifiers differ, `old` is not the newest of its chain, the middles
    /// are too large, or `new` is beyond the limits: the full diff then reports it).
    /// - Parameter anySize: take this path whatever the middles' size (tests).
    /// - Throws: as the full diff: `.invalid` for a duplicate item identifier in `new` or a
    ///   changed identifier that is not an item of `new`.
    static func diff(
        from old: IndexedSnapshot, to new: Snapshot, changed: [UInt64], name: String = "the new snapshot",
        anySize: Bool = false
    ) throws -> SnapshotMiddles? {
        guard old.items.isCurrent, old.snapshot.sectionIdentifiers == new.sectionIdentifiers else { return nil }
        let oldIDs = old.snapshot.items, newIDs = new.items
        var runs: [Run] = []
        var newStarts: [Int] = []
        newStarts.reserveCapacity(newIDs.count + 1)
        var newTotal = 0, middles = 0
        for s in 0..<newIDs.count {
            newStarts.append(newTotal)
            newTotal += newIDs[s].count
            let (p, q) = commonEnds(oldIDs[s], newIDs[s])
            let oldCount = oldIDs[s].count - p - q, newCount = newIDs[s].count - p - q
            if oldCount > 0 || newCount > 0 {
                runs.append(Run(section: s, prefix: p, oldCount: oldCount, newCount: newCount))
                middles += oldCount + newCount
            }
        }
        newStarts.append(newTotal)
        guard newTotal <= CollectionView.maxStoredItems else { return nil }
        guard anySize || middles * maxShareDenominator <= old.itemCount + newTotal else { return nil }
        return try diff(from: old, to: new, runs: runs, newStarts: newStarts, changed: changed, name: name)
    }

    /// The diff from `old` (a view's current snapshot, the newest of its chain) to `new`, whose
    /// items differ from `old`'s only within `runs` (sorted by section; what `SnapshotEdits`
    /// knows without comparing); `newStarts` as the property. Errors as the other `diff`.
    /// - Complexity: O(runs + k) expected for the k items of the runs, O(c) for c changed
    ///   identifiers.
    static func diff(
        from old: IndexedSnapshot, to new: Snapshot, runs: [Run], newStarts: [Int], changed: [UInt64],
        name: String = "the new snapshot"
    ) throws -> SnapshotMiddles {
        // The runs' identifiers, old and new (the rest of each section is not read).
        let oldRuns = runs.map { old.snapshot.items[$0.section].copy($0.prefix..<($0.prefix + $0.oldCount)) }
        let newRuns = runs.map { new.items[$0.section].copy($0.prefix..<($0.prefix + $0.newCount)) }
        let middles = runs.reduce(0) { $0 + $1.oldCount + $1.newCount }

        // Each run's old flat range, to tell an unchanged old item from one in a middle.
        func run(containingOld flat: Int) -> Int? {
            let lo = flowPartitionPoint(0, runs.count) {
                old.starts[runs[$0].section] + runs[$0].prefix + runs[$0].oldCount > flat
            }
            guard lo < runs.count else { return nil }
            let start = old.starts[runs[lo].section] + runs[lo].prefix
            return flat >= start ? lo : nil
        }
        // Where an unchanged old item is in `new` (flat).
        func newFlat(ofUnchangedOld flat: Int) -> Int {
            let s = old.section(ofFlat: flat)
            var i = flat - old.starts[s]
            if let r = runIndex(ofSection: s, runs), i >= runs[r].prefix { i += runs[r].newCount - runs[r].oldCount }
            return newStarts[s] + i
        }

        // Duplicates: within the new middles (a table of them), and between a new middle and an
        // unchanged item (the old table). The first duplicate in the new snapshot's order is
        // the one whose second place comes first.
        var seen = IdentifierTable(capacity: middles)
        var duplicate: ItemPositions.Duplicate?
        func found(_ id: UInt64, _ a: Int, _ b: Int) {
            let d = ItemPositions.Duplicate(id: id, first: min(a, b), second: max(a, b))
            if duplicate.map({ d.second < $0.second }) ?? true { duplicate = d }
        }
        for (r, list) in zip(runs, newRuns) {
            let base = newStarts[r.section] + r.prefix
            for (j, id) in list.enumerated() {
                let flat = base + j
                if let first = seen.insert(id, flat) { found(id, first, flat) }
                if let o = old.flatPosition(ofItem: id), run(containingOld: o) == nil {
                    found(id, newFlat(ofUnchangedOld: o), flat)
                }
            }
        }
        if let d = duplicate {
            let a = IndexedSnapshot.indexPath(ofFlat: d.first, newStarts)
            let b = IndexedSnapshot.indexPath(ofFlat: d.second, newStarts)
            throw LayoutError.invalid("item identifier \(d.id) appears twice in \(name): at \(a) and \(b)")
        }

        // Changed identifiers: in a middle, the middles' diff decides; in an unchanged place, a
        // reload there.
        var middleChanged: [UInt64] = [], reloads: [IndexPath] = []
        for id in changed {
            if seen.position(of: id) != nil {
                middleChanged.append(id)
            } else if let o = old.flatPosition(ofItem: id), run(containingOld: o) == nil {
                reloads.append(IndexedSnapshot.indexPath(ofFlat: o, old.starts))
            } else {
                throw LayoutError.invalid("changed identifier \(id) is not an item of the new snapshot")
            }
        }

        // Heckel's diff on the middles, its index paths moved back to their sections and places.
        let sectionIDs = runs.map { new.sectionIdentifiers[$0.section] }
        let oldMiddles = Snapshot(sections: sectionIDs, items: oldRuns)
        let newMiddles = Snapshot(sections: sectionIDs, items: newRuns)
        let inner = try SnapshotDiff(
            from: try IndexedSnapshot(oldMiddles), to: try IndexedSnapshot(newMiddles), changed: middleChanged)
        func place(_ ip: IndexPath?) -> IndexPath? {
            ip.map { IndexPath(section: runs[$0.section].section, item: $0.item + runs[$0.section].prefix) }
        }
        var requests: [UpdateItem] = []
        requests.reserveCapacity(inner.applied.count + reloads.count)
        for r in inner.applied where r.action != .reload {
            requests.append(
                UpdateItem(
                    action: r.action, before: place(r.indexPathBeforeUpdate), after: place(r.indexPathAfterUpdate)))
        }
        // Reloads go between the inserts and the moves, ascending, each place once.
        for r in inner.applied where r.action == .reload { reloads.append(place(r.indexPathBeforeUpdate)!) }
        reloads.sort()
        var unique: [UpdateItem] = []
        for (n, ip) in reloads.enumerated() where n == 0 || reloads[n - 1] != ip {
            unique.append(UpdateItem(action: .reload, before: ip, after: nil))
        }
        let firstMove = requests.firstIndex { $0.action == .move } ?? requests.count
        requests.insert(contentsOf: unique, at: firstMove)
        let diff = try SnapshotDiff(applied: requests, oldCounts: old.snapshot.counts, newCounts: new.counts)
        return SnapshotMiddles(runs: runs, new: new, newStarts: newStarts, diff: diff)
    }

    /// The new snapshot indexed, its item table derived from `old`'s (the snapshot this diff
    /// started from, still the newest of its chain), or built afresh when the shared table cannot
    /// take the change. `undo` (nil for a fresh table) takes the shared table back if the
    /// snapshot is not kept.
    func indexed(from old: IndexedSnapshot) throws -> (IndexedSnapshot, ItemPositions.Undo?) {
        let changes = runs.map {
            ItemPositions.Change(
                oldStart: old.starts[$0.section] + $0.prefix, oldCount: $0.oldCount,
                newStart: newStarts[$0.section] + $0.prefix,
                newIDs: new.items[$0.section].copy($0.prefix..<($0.prefix + $0.newCount))[...])
        }
        if let (items, undo) = old.items.deriving(changes, total: newStarts[newStarts.count - 1]) {
            return (IndexedSnapshot(snapshot: new, items: items, sections: old.sections, starts: newStarts), undo)
        }
        return (try IndexedSnapshot(new, name: "the new snapshot"), nil)
    }

    /// The lengths of the common prefix and suffix of `a` and `b` (not overlapping), compared
    /// run by run (arrays, or chunks: `SnapshotItems.withWindows`) without copying either.
    static func commonEnds(_ a: SnapshotItems, _ b: SnapshotItems) -> (prefix: Int, suffix: Int) {
        let na = a.count, nb = b.count, m = min(na, nb)
        return a.withWindows { ra in
            b.withWindows { rb in
                // Pointer loops: no index arithmetic (nor its overflow checks) per identifier.
                var p = 0
                while p < m {
                    let wa = ra.window(at: p), wb = rb.window(at: p)
                    let steps = min(wa.end, wb.end, m) - p
                    var x = wa.pointer + p, y = wb.pointer + p
                    let stop = x + steps
                    while x != stop, x.pointee == y.pointee {
                        x += 1
                        y += 1
                    }
                    p += steps - (stop - x)
                    if x != stop { break }
                }
                var q = 0
                while q < m - p {
                    let ia = na - 1 - q, ib = nb - 1 - q
                    let wa = ra.window(at: ia), wb = rb.window(at: ib)
                    let steps = min(ia - wa.start + 1, ib - wb.start + 1, m - p - q)
                    var x = wa.pointer + ia, y = wb.pointer + ib
                    let stop = x - steps
                    while x != stop, x.pointee == y.pointee {
                        x -= 1
                        y -= 1
                    }
                    q += steps - (x - stop)
                    if x != stop { break }
                }
                return (p, q)
            }
        }
    }
}

/// The index in `runs` (sorted by section) of the run of section `s`, or nil.
private func runIndex(ofSection s: Int, _ runs: [SnapshotMiddles.Run]) -> Int? {
    let lo = flowPartitionPoint(0, runs.count) { runs[$0].section >= s }
    return lo < runs.count && runs[lo].section == s ? lo : nil
}
