/// Where a collection view gets its counts: `UICollectionViewDataSource` without the views.
///
/// The collection view asks once per load (creation, `reloadData`, a data-count invalidation,
/// a batch-update commit) and caches the answers; layouts read the cached counts through
/// `CollectionView.numberOfSections` / `numberOfItems(inSection:)`, never the data source.
/// Both methods may throw (a C or Python callback that failed); the collection view then
/// keeps its previous state.
public protocol CollectionViewDataSource: AnyObject {
    /// `numberOfSectionsInCollectionView:`. UIKit's default when not implemented is 1.
    func numberOfSections() throws -> Int
    /// `collectionView:numberOfItemsInSection:`.
    func numberOfItems(inSection section: Int) throws -> Int
}

/// A data source over a fixed array of counts: for tests, the demo and Swift callers.
public final class StaticDataSource: CollectionViewDataSource {
    public var counts: [Int]
    public init(_ counts: [Int]) { self.counts = counts }
    public func numberOfSections() throws -> Int { counts.count }
    public func numberOfItems(inSection section: Int) throws -> Int { counts[section] }
}
