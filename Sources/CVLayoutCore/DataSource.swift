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
    /// The counts of sections `0 ..< counts.count` in order, each checked by `load.accept` as
    /// soon as it is known and then written to `counts` (a throw from `accept` or from the source
    /// stops the calls there). The default asks `numberOfItems(inSection:)` section after
    /// section; a source may do the same work with less per-section overhead (the C data source
    /// sets up its callback environment once and inlines the check: a batch update asks every
    /// section's count, so this loop is most of a one-item edit's cost at many sections).
    func loadItemCounts(into counts: UnsafeMutableBufferPointer<Int>, checking load: inout CountLoad) throws
}

extension CollectionViewDataSource {
    public func loadItemCounts(into counts: UnsafeMutableBufferPointer<Int>, checking load: inout CountLoad) throws {
        for s in counts.indices {
            let c = try numberOfItems(inSection: s)
            try load.accept(c, section: s)
            counts[s] = c
        }
    }
}

/// The running check of one load of item counts (`CollectionView.loadCounts`): every count in
/// `0 ... CollectionView.maxCount` and their total too. Its one rule and its messages live here;
/// `accept` is inlinable so that a data source's loop (the C one) pays a few instructions a
/// section for it.
public struct CountLoad {
    /// The sum of the counts accepted so far (at most `CollectionView.maxCount`).
    @usableFromInline var total = 0
    /// The callback the messages name as the counts' source: `number_of_items` (asked a
    /// section at a time) or the bulk `item_counts` (`cvl_item_counts_source`).
    public var answeredBy = "number_of_items"

    @usableFromInline init() {}

    /// Accepts `count`, the answer for `section`, or throws the load's error for it.
    @inlinable
    public mutating func accept(_ count: Int, section: Int) throws {
        // (maxCount - total never overflows: total stays in 0 ... maxCount.)
        guard count >= 0, count <= CollectionView.maxCount - total else { try reject(count, section: section) }
        total += count
    }

    /// Accepts `counts` (sections `0 ..< counts.count`, in order) as `accept` one after another
    /// would, with the same error for the same first failing section. The common case is one
    /// straight pass (an OR and a sum the compiler vectorises): when every count is below
    /// `maxCount` (none negative), at most `maxSections` of them cannot
    /// overflow their sum, which is then compared once. Otherwise the per-count loop decides.
    public mutating func acceptAll(_ counts: UnsafeBufferPointer<Int>) throws {
        if counts.count <= CollectionView.maxSections {
            var bits = 0
            var sum = 0
            for c in counts {
                bits |= c
                sum &+= c
            }
            // (maxCount is a power of two: the OR is below it exactly when every count is.)
            if bits >= 0 && bits < CollectionView.maxCount && sum <= CollectionView.maxCount - total {
                total += sum
                return
            }
        }
        for (s, c) in counts.enumerated() { try accept(c, section: s) }
    }

    /// `acceptAll` of `source` while copying it to `dest` (as long, uninitialized or not), in
    /// the same one straight pass: a bulk data source's answer (`cvl_item_counts_source`) goes
    /// from the buffer the host wrote to the view's new count list, checked on the way, a few
    /// instructions a section. The same errors for the same first failing section (`dest` then
    /// holds the whole of `source`).
    public mutating func acceptAll(
        copying source: UnsafeBufferPointer<Int>, into dest: UnsafeMutableBufferPointer<Int>
    )
        throws
    {
        guard source.count == dest.count else {
            throw LayoutError(.internal, "acceptAll(copying:into:) given lists of \(source.count) and \(dest.count)")
        }
        guard let s = source.baseAddress, let d = dest.baseAddress else { return }
        var bits = 0
        var sum = 0
        for i in 0..<source.count {
            let c = s[i]
            bits |= c
            sum &+= c
            d[i] = c
        }
        // (As in `acceptAll(_:)`: below maxCount, a power of two, at most maxSections of them.)
        if source.count <= CollectionView.maxSections, bits >= 0, bits < CollectionView.maxCount,
            sum <= CollectionView.maxCount - total
        {
            total += sum
            return
        }
        try acceptAll(UnsafeBufferPointer(dest))
    }

    @usableFromInline
    func reject(_ c: Int, section s: Int) throws -> Never {
        guard c >= 0 else {
            throw LayoutError.callback("\(answeredBy) returned \(c) for section \(s), a negative count")
        }
        throw LayoutError(
            .overflow,
            "\(answeredBy) returned \(c) for section \(s): more than the supported \(CollectionView.maxCount) "
                + "items in all")
    }
}

/// A data source over a fixed array of counts: for tests, the demo and Swift callers.
public final class StaticDataSource: CollectionViewDataSource {
    public var counts: [Int]
    public init(_ counts: [Int]) { self.counts = counts }
    public func numberOfSections() throws -> Int { counts.count }
    public func numberOfItems(inSection section: Int) throws -> Int { counts[section] }
}
