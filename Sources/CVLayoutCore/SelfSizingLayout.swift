/// A layout that takes measured sizes (self-sizing cells): the flow layout and its subclasses
/// (`Flow/FlowLayout+SelfSizing.swift`), the span grid (`Layouts/GridLayout+SelfSizing.swift`) and
/// the compositional layout's estimated dimensions
/// (`Layouts/Compositional/CompositionalLayout+SelfSizing.swift`).
/// `CollectionView+SelfSizing.swift` drives them alike (the content offset correction).
public protocol SelfSizingLayout: CollectionViewLayout {
    /// The layout's own frame of an item from the last prepare (nil outside the counts).
    func frameForItem(at indexPath: IndexPath) -> Rect?
    /// Whether the item's size was measured.
    func isMeasured(_ indexPath: IndexPath) -> Bool
    /// Writes the sizes, all or none; returns whether a stored size changed.
    @discardableResult
    func setMeasuredSizes(_ items: [(IndexPath, Size)]) throws -> Bool
    /// Marks items as not measured any more; returns how many were.
    @discardableResult
    func clearMeasuredSizes(section: Int?, range: Range<Int>?) throws -> Int
    /// The cells in `rect` still at an estimate, in index-path order, at most `limit`, and their number.
    func unmeasuredItems(in rect: Rect, limit: Int) throws -> (items: [IndexPath], total: Int)
    /// What `setMeasuredSizes` changes, to give back when what follows it fails.
    func selfSizingCheckpoint() -> Any
    /// Puts a checkpoint back; `sections` were laid out since with the sizes written.
    func restoreSelfSizing(_ checkpoint: Any, relayingOut sections: Set<Int>)
}

extension FlowLayout: SelfSizingLayout {
    public func selfSizingCheckpoint() -> Any { measuredSizesCheckpoint() }

    public func restoreSelfSizing(_ checkpoint: Any, relayingOut sections: Set<Int>) {
        guard let c = checkpoint as? FlowMeasuredSizesCheckpoint else { return }
        restore(c, relayingOut: sections)
    }
}
