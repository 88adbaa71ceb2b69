/// Identifiers and snapshots: stable record identities for items and sections, and the batch
/// update computed from a new snapshot (`SnapshotDiff`).
///
/// The view keeps its identifiers in step with its counts: bulk identifiers are replaced by the
/// snapshot each `applySnapshot` (or `applySnapshotEdits`) commits, and dropped by anything else
/// that changes the counts or the items' places (`performBatchUpdates`, `reloadData` or a count
/// invalidation that changes a count), since the library cannot know the identifiers of items it
/// did not see inserted. A provider is kept (it always describes the current data).
extension CollectionView {
    /// Sets the identifiers of the current data, without any update. `snapshot.counts` must
    /// equal the view's counts.
    /// - Throws: `.invalid` for wrong counts or duplicate identifiers; nothing changes.
    /// - Complexity: O(S + N).
    public func setIdentifiers(_ snapshot: Snapshot) throws {
        let counts = snapshot.counts
        guard counts == self.counts else {
            throw LayoutError.invalid(
                "the identifiers give \(Self.describe(counts)) but the view has \(Self.describe(self.counts))")
        }
        identities = .bulk(try IndexedSnapshot(snapshot))
    }

    /// Identifiers answered on demand by `provider` (nil: none).
    public func setIdentifierProvider(_ provider: IdentifierProvider?) {
        identities = provider.map { .provider(.init($0)) } ?? .none
    }

    /// Forgets every identifier.
    public func clearIdentifiers() { identities = .none }

    /// The identifier of the item at `indexPath` (nil when the view has none).
    /// - Throws: `.outOfRange` outside the counts; a provider's error.
    public func itemIdentifier(at indexPath: IndexPath) throws -> UInt64? {
        try checkItem(indexPath)
        return try identities.identifier(
            of: ElementKey(category: .cell, kind: .none, indexPath: indexPath), counts: counts)
    }

    /// The index path of the item with identifier `id` (bulk identifiers only).
    /// - Throws: `.state` when the identifiers come from a provider or there are none.
    /// - Complexity: O(1) expected + O(log S).
    public func indexPath(forItemIdentifier id: UInt64) throws -> IndexPath? {
        guard case .bulk(let snap) = identities else {
            throw LayoutError.state(
                "looking an item up by identifier needs identifiers given in bulk (set_identifiers or apply_snapshot)")
        }
        return snap.indexPath(ofItem: id)
    }

    /// The update that turns the current identifiers into `snapshot`, without applying it.
    /// - Parameter changed: identifiers of items whose content changed (must be in `snapshot`).
    /// - Throws: `.state` without identifiers (unless the view has no sections), `.invalid` for
    ///   duplicates or an unknown changed identifier, a provider's error.
    /// - Complexity: O(S + N) for the sections and items of both snapshots (see `applySnapshot`
    ///   for the path that compares instead of hashing).
    public func diffSnapshot(_ snapshot: Snapshot, changed: [UInt64] = []) throws -> SnapshotDiff {
        if case .bulk(let old) = identities,
            let fast = try SnapshotMiddles.diff(from: old, to: snapshot, changed: changed)
        {
            return fast.diff
        }
        let new = try IndexedSnapshot(snapshot, name: "the new snapshot")
        return try SnapshotDiff(from: try currentSnapshot(), to: new, changed: changed)
    }

    /// `apply_snapshot`: computes the update from the current identifiers to `snapshot`
    /// (`SnapshotDiff`) and commits it exactly as `performBatchUpdates` would, animated or not;
    /// `snapshot` becomes the view's identifiers. The data source must already report the
    /// snapshot's counts (it is asked, as for any batch update).
    /// - Returns: the update applied.
    /// - Throws: as `diffSnapshot`, `.inconsistentUpdate` when the data source's counts differ
    ///   from the snapshot's, or any error of the commit. Nothing changes on error.
    /// - Complexity: as `diffSnapshot`, plus the batch update's own cost. When the section
    ///   identifiers are unchanged and few items changed (`SnapshotMiddles`): O(S + N)
    ///   comparisons and O(k) hashing for k changed items, instead of O(S + N) hashing.
    @discardableResult
    public func applySnapshot(
        _ snapshot: Snapshot, changed: [UInt64] = [], animation: AnimationTiming?
    ) throws -> SnapshotDiff {
        if case .bulk(let old) = identities,
            let fast = try SnapshotMiddles.diff(from: old, to: snapshot, changed: changed)
        {
            return try commit(fast, from: old, animation: animation)
        }
        let new = try IndexedSnapshot(snapshot, name: "the new snapshot")
        let diff = try SnapshotDiff(from: try currentSnapshot(), to: new, changed: changed)
        let (plan, carrying) = try plan(for: diff, snapshot)
        try commit(plan, animation: animation, identities: .bulk(new), carrying: carrying)
        return diff
    }

    /// `apply_snapshot_edits`: the view's bulk identifiers changed by `edits`, splices applied in
    /// order (`SnapshotEdit`), applied as `applySnapshot` would apply the snapshot they give:
    /// the same diff (Heckel's, on the runs the edits touched), errors, commit and identifiers.
    /// The data source must already report the new counts.
    /// - Returns: the update applied.
    /// - Throws: `.state` without bulk identifiers (a provider or none: use `applySnapshot`);
    ///   `.outOfRange` / `.overflow` for an edit outside the snapshot (`SnapshotEdits`); then as
    ///   `applySnapshot`. Nothing changes on error.
    /// - Complexity: O(S + E) for S sections and E edits, O(k) expected for the k items in the
    ///   runs from each edited section's first edited item to its last, each section's splices
    ///   (`SnapshotItems.apply`: O(k + chunk + group + groups) a splice once a large section is
    ///   in chunks, O(n) for the call that moves it there), plus the batch update's own cost;
    ///   never O(N) hashing or comparing.
    @discardableResult
    public func applySnapshotEdits(
        _ edits: [SnapshotEdit], changed: [UInt64] = [], animation: AnimationTiming?
    ) throws -> SnapshotDiff {
        let (old, edited, fast) = try middles(of: edits, changed: changed)
        guard let fast else { return try applySnapshot(edited.snapshot, changed: changed, animation: animation) }
        return try commit(fast, from: old, animation: animation)
    }

    /// The update `applySnapshotEdits` would apply for `edits`, without applying it (the data
    /// source is not asked).
    /// - Throws: as `applySnapshotEdits`, except the commit's errors.
    /// - Complexity: as `applySnapshotEdits`, without the batch update.
    public func diffSnapshotEdits(_ edits: [SnapshotEdit], changed: [UInt64] = []) throws -> SnapshotDiff {
        let (_, edited, fast) = try middles(of: edits, changed: changed)
        return try fast?.diff ?? diffSnapshot(edited.snapshot, changed: changed)
    }

    /// The view's bulk identifiers with `edits` applied, and the diff of the runs they touched;
    /// nil for that diff when the whole snapshot's diff applies instead (edits spread over more
    /// than a quarter of the items, whose hashing costs less than diffing runs that large, or a
    /// table another snapshot has moved on from).
    private func middles(
        of edits: [SnapshotEdit], changed: [UInt64]
    ) throws -> (IndexedSnapshot, SnapshotEdits, SnapshotMiddles?) {
        guard case .bulk(let old) = identities else {
            throw LayoutError.state(
                "snapshot edits change the view's identifiers given in bulk (set_identifiers or apply_snapshot); "
                    + "this view has \(hasIdentifierProvider ? "an identifier source" : "no identifiers")")
        }
        let edited = try SnapshotEdits(edits, of: old)
        let middles = edited.runs.reduce(0) { $0 + $1.oldCount + $1.newCount }
        guard old.items.isCurrent,
            middles * SnapshotMiddles.maxShareDenominator <= old.itemCount
                + edited.newStarts[edited.newStarts.count - 1]
        else { return (old, edited, nil) }
        let fast = try SnapshotMiddles.diff(
            from: old, to: edited.snapshot, runs: edited.runs, newStarts: edited.newStarts, changed: changed)
        return (old, edited, fast)
    }

    /// Commits a diff of the middles from `old` (the view's identifiers): the new snapshot's
    /// table is derived from `old`'s, and given back if the commit fails.
    private func commit(
        _ fast: SnapshotMiddles, from old: IndexedSnapshot, animation: AnimationTiming?
    ) throws -> SnapshotDiff {
        let (plan, carrying) = try plan(for: fast.diff, fast.new)
        let (new, undo) = try fast.indexed(from: old)
        do {
            try commit(plan, animation: animation, identities: .bulk(new), carrying: carrying)
        } catch {
            undo?.apply()
            throw error
        }
        return fast.diff
    }

    /// The plan of a computed diff's portable batch (what is committed and reported), once the
    /// data source reports the snapshot's counts, and the plan of its identity batch when they
    /// differ (what the animation and the anchor follow).
    private func plan(for diff: SnapshotDiff, _ snapshot: Snapshot) throws -> (UpdatePlan, UpdatePlan?) {
        let newCounts = try Self.loadCounts(dataSource)
        let snapCounts = snapshot.counts
        guard newCounts == snapCounts else {
            throw LayoutError(
                .inconsistentUpdate,
                "the data source reports \(Self.describe(newCounts)) but the snapshot has "
                    + "\(Self.describe(snapCounts)): update the data before applying its snapshot"
            )
        }
        let plan = try UpdatePlan.make(
            update: diff.batchUpdate, oldCounts: counts, newCounts: newCounts, countsChecked: true)
        guard diff.applied != diff.requests else { return (plan, nil) }
        return (
            plan,
            try UpdatePlan.make(
                update: diff.appliedUpdate, oldCounts: counts, newCounts: newCounts, countsChecked: true)
        )
    }

    /// The current identifiers as an indexed snapshot (read from the provider when there is one).
    func currentSnapshot() throws -> IndexedSnapshot {
        switch identities {
        case .bulk(let snap):
            return snap
        case .none:
            guard counts.isEmpty else {
                throw LayoutError.state(
                    "the view has no identifiers to compare the snapshot with: give them first (set_identifiers, an "
                        + "identifier source, or apply_snapshot on a view with no sections)"
                )
            }
            return try IndexedSnapshot(Snapshot([]))
        case .provider(let box):
            let total = counts.reduce(0, +)
            guard total <= Self.maxStoredItems else {
                throw LayoutError(
                    .overflow,
                    "reading \(total) identifiers from the identifier source: at most \(Self.maxStoredItems) "
                        + "(CVL_MAX_STORED_ITEMS) are kept"
                )
            }
            var sections: [UInt64] = [], items: [[UInt64]] = []
            sections.reserveCapacity(counts.count)
            for (s, n) in counts.enumerated() {
                sections.append(try box.provider.sectionIdentifier(s) ?? UInt64(s))
                var list: [UInt64] = []
                list.reserveCapacity(n)
                for i in 0..<n { list.append(try box.provider.itemIdentifier(at: IndexPath(section: s, item: i))) }
                items.append(list)
            }
            return try IndexedSnapshot(
                Snapshot(sections: sections, items: items), name: "the identifier source's answers")
        }
    }

    /// The identifiers to keep after the counts or places changed by something other than a
    /// snapshot: a provider stays, bulk identifiers go unless nothing moved.
    func identities(afterChangeTo newCounts: [Int], placesChanged: Bool) -> Identities {
        if case .bulk(let snap) = identities, placesChanged || snap.snapshot.counts != newCounts { return .none }
        return identities
    }

    /// Sets the identifier of every element of `list` that is not disappearing (those keep the
    /// one captured when they started to go away).
    /// - Complexity: O(k) (k provider calls with a provider).
    func stampIdentifiers(_ list: inout [LayoutAttributes]) throws {
        if identities.isNone { return }
        for i in list.indices where !list[i].isDisappearing {
            list[i].identifier = try identities.identifier(of: list[i].key, counts: counts)
        }
    }

    /// The item identifiers given in bulk, for the direct query path (nil otherwise). O(1).
    public var bulkItemIdentifiers: BulkItemIdentifiers? {
        if case .bulk(let snap) = identities { return BulkItemIdentifiers(snap.snapshot.items) }
        return nil
    }

    /// True when identifiers come from a provider (queries then go through the general path).
    public var hasIdentifierProvider: Bool {
        if case .provider = identities { return true }
        return false
    }

    /// The identifier of one element in the current data.
    public func identifier(of key: ElementKey) throws -> UInt64? {
        try identities.identifier(of: key, counts: counts)
    }

    static func describe(_ counts: [Int]) -> String {
        let shown = counts.prefix(8).map(String.init).joined(separator: ", ")
        return "\(counts.count) section\(counts.count == 1 ? "" : "s") [\(shown)\(counts.count > 8 ? ", ..." : "")]"
    }
}
