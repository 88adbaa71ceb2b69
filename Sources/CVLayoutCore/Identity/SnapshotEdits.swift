/// One splice of a section's item identifiers (`CollectionView.applySnapshotEdits`): the items
/// `start ..< start + removeCount` of section `section` are replaced by `identifiers` (an
/// insert: `removeCount` 0; a delete: no identifiers). The same triple as a range edit of the
/// sizes (`FlowLayout.replaceItemSizes`), so a host makes the same splices on both.
public struct SnapshotEdit: Equatable, Sendable {
    /// Most edits one call takes (`CVL_MAX_SNAPSHOT_EDITS`): each costs a few microseconds (a
    /// chunk and a group of `FlowChunkedArray` rebuilt), so this bounds a call to a fraction of a
    /// second; more is a new snapshot.
    public static let maxCount = 1 << 16

    public var section: Int
    public var start: Int
    public var removeCount: Int
    public var identifiers: [UInt64]

    public init(section: Int, start: Int, removeCount: Int, identifiers: [UInt64] = []) {
        self.section = section
        self.start = start
        self.removeCount = removeCount
        self.identifiers = identifiers
    }
}

/// A view's snapshot changed by splices applied in order, and where its items can differ from
/// the old snapshot's: per edited section, the run from the first item any edit touched to the
/// last (the items before and after it are untouched, so they are the same on both sides).
/// What `SnapshotMiddles` diffs without comparing the sections item by item.
///
/// - Complexity: O(S + E) for S sections and E edits, plus each edited section's splices
///   (`SnapshotItems.apply`): O(k + chunk + group + groups) each for k new identifiers, once the
///   section is in chunks; the first splices of a section of n > `SnapshotItems.chunkedFrom`
///   identifiers move it into chunks, O(n) (a copy, as the old snapshot stays the view's until
///   the commit).
struct SnapshotEdits {
    let snapshot: Snapshot
    let runs: [SnapshotMiddles.Run]
    /// `newStarts[s]`: the flat position of section `s`'s first item in `snapshot`; last = N.
    let newStarts: [Int]

    /// `old` with `edits` applied in order (each on the result of the ones before it).
    /// - Throws: `.overflow` for more than `SnapshotEdit.maxCount` edits; `.outOfRange` for a
    ///   section or a range outside the snapshot as the edits before it left it; `.overflow`
    ///   past `CollectionView.maxStoredItems` items. Checked before anything is built.
    init(_ edits: [SnapshotEdit], of old: IndexedSnapshot) throws {
        guard edits.count <= SnapshotEdit.maxCount else {
            throw LayoutError(
                .overflow,
                "\(edits.count) snapshot edits: at most \(SnapshotEdit.maxCount) in one call (CVL_MAX_SNAPSHOT_EDITS); "
                    + "apply the whole snapshot instead, or split the edits")
        }
        let sectionCount = old.sectionCount
        /// Per edited section: its count now, the untouched prefix and suffix so far, and its
        /// edits (indices into `edits`; mutated in place in the dictionary, never copied).
        struct Envelope {
            var count: Int
            var prefix: Int
            var suffix: Int
            var edits: [Int] = []

            mutating func update(start: Int, removed: Int, inserted: Int, edit: Int) {
                prefix = min(prefix, start)
                suffix = min(suffix, count - start - removed)
                count += inserted - removed
                edits.append(edit)
            }
        }
        var envelopes: [Int: Envelope] = [:]
        var total = old.itemCount
        for (j, e) in edits.enumerated() {
            let s = e.section
            guard s >= 0, s < sectionCount else {
                throw LayoutError.outOfRange(
                    "snapshot edit \(j): section \(s) is outside the \(sectionCount) sections of the snapshot")
            }
            let oldCount = old.starts[s + 1] - old.starts[s]
            let n = envelopes[s]?.count ?? oldCount
            guard e.start >= 0, e.removeCount >= 0, e.start <= n, e.removeCount <= n - e.start else {
                throw LayoutError.outOfRange(
                    "snapshot edit \(j): items \(e.start) ..< \(e.start) + \(e.removeCount) are outside the \(n) "
                        + "items of section \(s)")
            }
            guard e.identifiers.count <= CollectionView.maxStoredItems - (total - e.removeCount) else {
                throw LayoutError(
                    .overflow,
                    "snapshot edit \(j): the snapshot would hold more than \(CollectionView.maxStoredItems) items "
                        + "(CVL_MAX_STORED_ITEMS)")
            }
            total += e.identifiers.count - e.removeCount
            envelopes[s, default: Envelope(count: oldCount, prefix: oldCount, suffix: oldCount)].update(
                start: e.start, removed: e.removeCount, inserted: e.identifiers.count, edit: j)
        }

        var items = old.snapshot.items
        var runs: [SnapshotMiddles.Run] = []
        runs.reserveCapacity(envelopes.count)
        for s in envelopes.keys.sorted() {
            let env = envelopes[s]!
            let oldCount = items[s].count
            let oldMiddle = oldCount - env.prefix - env.suffix, newMiddle = env.count - env.prefix - env.suffix
            guard oldMiddle > 0 || newMiddle > 0 else { continue }
            items[s].apply(env.edits, of: edits)
            runs.append(SnapshotMiddles.Run(section: s, prefix: env.prefix, oldCount: oldMiddle, newCount: newMiddle))
        }
        var newStarts: [Int] = []
        newStarts.reserveCapacity(sectionCount + 1)
        var at = 0
        for list in items {
            newStarts.append(at)
            at += list.count
        }
        newStarts.append(at)
        snapshot = Snapshot(sections: old.snapshot.sectionIdentifiers, lists: items)
        self.runs = runs
        self.newStarts = newStarts
    }
}
