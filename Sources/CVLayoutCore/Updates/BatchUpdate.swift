/// The requests of one batch update (`performBatchUpdates`), recorded as the host states them.
///
/// Like UIKit, the order of the calls does not matter: every request is read against the two
/// states of the transaction, never against the effect of an earlier request.
/// - Deletes and reloads name index paths / sections **before** the update.
/// - Inserts name index paths / sections **after** the update.
/// - Moves name the source before and the destination after the update.
///
/// Nested transactions behave as one outer transaction: keep calling the mutating methods on the
/// same value. Nothing is validated here; `UpdatePlan.make(update:oldCounts:newCounts:)` checks
/// the requests against the counts and throws when UIKit would raise.
///
///     var update = BatchUpdate()
///     update.deleteItems([IndexPath(section: 0, item: 1)])
///     update.insertItems([IndexPath(section: 0, item: 0)])
///     let plan = try UpdatePlan.make(update: update, oldCounts: [5], newCounts: [5])
///
/// - Complexity: memory O(*k*) for *k* recorded requests.
public struct BatchUpdate: Equatable, Sendable {
    /// One item move: `moveItemAtIndexPath:toIndexPath:`.
    /// - Complexity: O(1) memory.
    public struct ItemMove: Hashable, Sendable {
        /// The index path before the update.
        /// - Complexity: O(1) to read.
        public var from: IndexPath
        /// The index path after the update.
        /// - Complexity: O(1) to read.
        public var to: IndexPath
        /// Creates a move request.
        /// - Complexity: O(1).
        public init(from: IndexPath, to: IndexPath) { self.from = from; self.to = to }
    }

    /// One section move: `moveSection:toSection:`.
    /// - Complexity: O(1) memory.
    public struct SectionMove: Hashable, Sendable {
        /// The section index before the update.
        /// - Complexity: O(1) to read.
        public var from: Int
        /// The section index after the update.
        /// - Complexity: O(1) to read.
        public var to: Int
        /// Creates a move request.
        /// - Complexity: O(1).
        public init(from: Int, to: Int) { self.from = from; self.to = to }
    }

    /// Items to insert, as index paths after the update, in call order (duplicates kept).
    /// - Complexity: O(1) to read.
    public private(set) var insertedItems: [IndexPath] = []
    /// Items to delete, as index paths before the update, in call order (duplicates kept).
    /// - Complexity: O(1) to read.
    public private(set) var deletedItems: [IndexPath] = []
    /// Items to reload, as index paths before the update, in call order (duplicates kept).
    /// - Complexity: O(1) to read.
    public private(set) var reloadedItems: [IndexPath] = []
    /// Item moves, in call order.
    /// - Complexity: O(1) to read.
    public private(set) var movedItems: [ItemMove] = []
    /// Sections to insert, as indices after the update, in call order (duplicates kept).
    /// - Complexity: O(1) to read.
    public private(set) var insertedSections: [Int] = []
    /// Sections to delete, as indices before the update, in call order (duplicates kept).
    /// - Complexity: O(1) to read.
    public private(set) var deletedSections: [Int] = []
    /// Sections to reload, as indices before the update, in call order (duplicates kept).
    /// - Complexity: O(1) to read.
    public private(set) var reloadedSections: [Int] = []
    /// Section moves, in call order.
    /// - Complexity: O(1) to read.
    public private(set) var movedSections: [SectionMove] = []

    /// An empty transaction.
    /// - Complexity: O(1).
    public init() {}

    /// True when no request was recorded.
    /// - Complexity: O(1).
    public var isEmpty: Bool {
        insertedItems.isEmpty && deletedItems.isEmpty && reloadedItems.isEmpty && movedItems.isEmpty
            && insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
    }

    /// The number of recorded requests (each index path, section and move counts once).
    /// - Complexity: O(1).
    public var requestCount: Int {
        insertedItems.count + deletedItems.count + reloadedItems.count + movedItems.count
            + insertedSections.count + deletedSections.count + reloadedSections.count + movedSections.count
    }

    /// `insertItemsAtIndexPaths:`. The paths name positions **after** the update.
    /// - Complexity: Amortized O(*k*), where *k* is `paths.count`.
    public mutating func insertItems(_ paths: [IndexPath]) { insertedItems.append(contentsOf: paths) }

    /// `deleteItemsAtIndexPaths:`. The paths name positions **before** the update.
    /// - Complexity: Amortized O(*k*), where *k* is `paths.count`.
    public mutating func deleteItems(_ paths: [IndexPath]) { deletedItems.append(contentsOf: paths) }

    /// `reloadItemsAtIndexPaths:`. The paths name positions **before** the update. A reload is
    /// a delete plus an insert of the same element at its new position.
    /// - Complexity: Amortized O(*k*), where *k* is `paths.count`.
    public mutating func reloadItems(_ paths: [IndexPath]) { reloadedItems.append(contentsOf: paths) }

    /// `moveItemAtIndexPath:toIndexPath:`: `from` is before the update, `to` after it.
    /// - Complexity: Amortized O(1).
    public mutating func moveItem(from: IndexPath, to: IndexPath) { movedItems.append(ItemMove(from: from, to: to)) }

    /// `insertSections:`. The indices name sections **after** the update.
    /// - Complexity: Amortized O(*k*), where *k* is `sections.count`.
    public mutating func insertSections(_ sections: [Int]) { insertedSections.append(contentsOf: sections) }

    /// `deleteSections:`. The indices name sections **before** the update.
    /// - Complexity: Amortized O(*k*), where *k* is `sections.count`.
    public mutating func deleteSections(_ sections: [Int]) { deletedSections.append(contentsOf: sections) }

    /// `reloadSections:`. The indices name sections **before** the update. A section reload is
    /// a delete plus an insert of the section: all its items disappear and new ones appear.
    /// - Complexity: Amortized O(*k*), where *k* is `sections.count`.
    public mutating func reloadSections(_ sections: [Int]) { reloadedSections.append(contentsOf: sections) }

    /// `moveSection:toSection:`: `from` is before the update, `to` after it. The section's items
    /// move with it.
    /// - Complexity: Amortized O(1).
    public mutating func moveSection(from: Int, to: Int) { movedSections.append(SectionMove(from: from, to: to)) }

    /// Appends every request of `other` (a nested transaction joins its outer one).
    /// - Complexity: Amortized O(*k*), where *k* is `other.requestCount`.
    public mutating func append(contentsOf other: BatchUpdate) {
        insertedItems += other.insertedItems; deletedItems += other.deletedItems
        reloadedItems += other.reloadedItems; movedItems += other.movedItems
        insertedSections += other.insertedSections; deletedSections += other.deletedSections
        reloadedSections += other.reloadedSections; movedSections += other.movedSections
    }
}
