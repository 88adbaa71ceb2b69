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
    /// The counts of sections `0 ..< n` in order, each handed to `check` as soon as it is known
    /// (a throw from `check` or from the source stops the calls there). The default asks
    /// `numberOfItems(inSection:)` section after section; a source may do the same work with
    /// less per-section overhead (the C data source sets up its callback environment once).
    func numberOfItems(inSections n: Int, check: (_ section: Int, _ count: Int) throws -> Void) throws
}

extension CollectionViewDataSource {
    public func numberOfItems(inSections n: Int, check: (_ section: Int, _ count: Int) throws -> Void) throws {
        for s in 0..<n { try check(s, try numberOfItems(inSection: s)) }
    }
}

/// A data source over a fixed array of counts: for tests, the demo and Swift callers.
public final class StaticDataSource: CollectionViewDataSource {
    public var counts: [Int]
    public init(_ counts: [Int]) { self.counts = counts }
    public func numberOfSections() throws -> Int { counts.count }
    public func numberOfItems(inSection section: Int) throws -> Int { counts[section] }
}
