/// The identifiers of a collection view's data at one moment: one 64-bit identifier per section
/// and per item, as a host's records carry them. What `CollectionView.applySnapshot` takes, and
/// what a view keeps (`CollectionView.identities`) to report each element's identifier.
///
/// Section identifiers are unique among sections; item identifiers are unique among all items
/// of the snapshot (an item may move between sections). `IndexedSnapshot` checks that.
public struct Snapshot: Equatable, Sendable {
    /// `sectionIdentifiers[s]`: the identifier of section `s`.
    public private(set) var sectionIdentifiers: [UInt64]
    /// `items[s]`: the item identifiers of section `s` (arrays as given, or chunks once splices
    /// edited a large section: `SnapshotItems`).
    private(set) var items: [SnapshotItems]

    /// A snapshot of `sections` (identifier, item identifiers) in order.
    /// - Complexity: O(S + N) for S sections and N items.
    public init(_ sections: [(UInt64, [UInt64])]) {
        sectionIdentifiers = sections.map(\.0)
        items = sections.map { SnapshotItems($0.1) }
    }

    /// A snapshot from parallel arrays (`items.count` must equal `sections.count`).
    public init(sections: [UInt64], items: [[UInt64]]) {
        precondition(sections.count == items.count, "one item list per section")
        sectionIdentifiers = sections
        self.items = items.map(SnapshotItems.init)
    }

    /// A snapshot from parallel lists (`lists.count` must equal `sections.count`).
    init(sections: [UInt64], lists: [SnapshotItems]) {
        precondition(sections.count == lists.count, "one item list per section")
        sectionIdentifiers = sections
        items = lists
    }

    /// `itemIdentifiers[s][i]`: the identifier of item `i` of section `s`.
    /// - Complexity: O(S), plus O(n) for each section of n items that splices moved into chunks.
    public var itemIdentifiers: [[UInt64]] { items.map(\.array) }

    /// Items per section.
    /// - Complexity: O(S).
    public var counts: [Int] { items.map(\.count) }
}

/// A snapshot with its reverse lookups (identifier → position), checked for duplicates.
///
/// - Complexity: building is O(S + N) expected time and O(S + N) memory; every lookup by
///   identifier is O(1) expected (plus O(log S) to turn an item's flat position into an index
///   path, and O(log runs) for a snapshot derived by `SnapshotMiddles`; O(N) for a snapshot a
///   view has replaced since by one derived from it, see `ItemPositions`); a lookup by index
///   path is O(1).
public struct IndexedSnapshot: Sendable {
    public let snapshot: Snapshot
    /// Item identifier → flat position (items of all sections in order).
    let items: ItemPositions
    /// Section identifier → section index.
    let sections: IdentifierTable
    /// `starts[s]`: the flat position of section `s`'s first item; `starts[S]` = N.
    let starts: [Int]

    /// Indexes `snapshot`.
    /// - Parameter name: how error messages call this snapshot ("the new snapshot").
    /// - Throws: `LayoutError.invalid` naming the first duplicate identifier and both places;
    ///   `.overflow` beyond `CollectionView.maxSections` sections or `maxStoredItems` items.
    public init(_ snapshot: Snapshot, name: String = "the snapshot") throws {
        let s = snapshot.sectionIdentifiers.count
        var starts = [Int](); starts.reserveCapacity(s + 1)
        var total = 0
        for list in snapshot.items { starts.append(total); total += list.count }
        starts.append(total)
        guard s <= CollectionView.maxSections, total <= CollectionView.maxStoredItems else {
            throw LayoutError(
                .overflow,
                "\(name) has \(s) sections and \(total) items; at most \(CollectionView.maxSections) sections and "
                    + "\(CollectionView.maxStoredItems) items (CVL_MAX_SECTIONS, CVL_MAX_STORED_ITEMS)"
            )
        }
        var sec = IdentifierTable(capacity: s)
        for (i, id) in snapshot.sectionIdentifiers.enumerated() {
            if let first = sec.insert(id, i) {
                throw LayoutError.invalid(
                    "section identifier \(id) appears twice in \(name): sections \(first) and \(i)")
            }
        }
        switch ItemPositions.build(snapshot.items, count: total) {
        case .success(let positions):
            self.items = positions
        case .failure(let d):
            let a = Self.indexPath(ofFlat: d.first, starts), b = Self.indexPath(ofFlat: d.second, starts)
            throw LayoutError.invalid("item identifier \(d.id) appears twice in \(name): at \(a) and \(b)")
        }
        self.snapshot = snapshot
        self.sections = sec
        self.starts = starts
    }

    /// A snapshot derived from another (`SnapshotMiddles`), its tables given.
    init(snapshot: Snapshot, items: ItemPositions, sections: IdentifierTable, starts: [Int]) {
        self.snapshot = snapshot
        self.items = items
        self.sections = sections
        self.starts = starts
    }

    /// The number of sections.
    public var sectionCount: Int { snapshot.sectionIdentifiers.count }
    /// The number of items in all sections.
    public var itemCount: Int { starts[starts.count - 1] }

    /// The index path of the item with identifier `id`, or nil.
    /// - Complexity: O(1) expected + O(log S) (see the type's complexity note).
    public func indexPath(ofItem id: UInt64) -> IndexPath? {
        flatPosition(ofItem: id).map { Self.indexPath(ofFlat: $0, starts) }
    }

    /// The index of the section with identifier `id`, or nil.
    /// - Complexity: O(1) expected.
    public func section(of id: UInt64) -> Int? { sections.position(of: id) }

    /// The identifier of the item at `ip`, or nil outside the snapshot.
    /// - Complexity: O(1).
    @inline(__always)
    public func itemIdentifier(at ip: IndexPath) -> UInt64? {
        let s = ip.section, i = ip.item
        guard s >= 0, s < snapshot.items.count, i >= 0, i < snapshot.items[s].count else { return nil }
        return snapshot.items[s][i]
    }

    /// The identifier of section `s`, or nil outside the snapshot.
    /// - Complexity: O(1).
    public func sectionIdentifier(_ s: Int) -> UInt64? {
        s >= 0 && s < snapshot.sectionIdentifiers.count ? snapshot.sectionIdentifiers[s] : nil
    }

    /// The flat position of an item identifier, or nil.
    /// - Complexity: O(1) expected + O(log segments) (see `ItemPositions`).
    func flatPosition(ofItem id: UInt64) -> Int? { items.position(of: id, scan: snapshot.items) }

    /// The section holding flat position `flat` (binary search over `starts`).
    /// - Complexity: O(log S).
    func section(ofFlat flat: Int) -> Int { Self.section(ofFlat: flat, starts) }

    static func section(ofFlat flat: Int, _ starts: [Int]) -> Int {
        // The last section whose start is <= flat, skipping empty sections.
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2
            if starts[mid] <= flat { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    static func indexPath(ofFlat flat: Int, _ starts: [Int]) -> IndexPath {
        let s = section(ofFlat: flat, starts)
        return IndexPath(section: s, item: flat - starts[s])
    }
}
