/// A layout whose items can start at an estimate and take the sizes the host measures
/// (`CollectionView+SelfSizing.swift` drives it and corrects the content offset): the flow
/// layout (`Flow/FlowLayout+SelfSizing.swift`) and the compositional layout's estimated
/// dimensions (`Layouts/Compositional/CompositionalLayout+SelfSizing.swift`).
public protocol SelfSizingLayout: CollectionViewLayout {
    /// The prepared frame of a cell, or nil outside the counts.
    func frameForItem(at indexPath: IndexPath) -> Rect?
    /// Whether the item's size was measured.
    func isMeasured(_ indexPath: IndexPath) -> Bool
    /// Writes measured sizes, all or none; returns whether anything changed.
    func setMeasuredSizes(_ items: [(IndexPath, Size)]) throws -> Bool
    /// Forgets measurements (`section` nil: all; `range` nil: the whole section); returns how many.
    func clearMeasuredSizes(section: Int?, range: Range<Int>?) throws -> Int
    /// The cells in `rect` whose size is still an estimate, in index-path order, at most `limit`.
    func unmeasuredItems(in rect: Rect, limit: Int) throws -> (items: [IndexPath], total: Int)
    /// What `setMeasuredSizes` changes, to give back with `restoreSelfSizing` if what follows fails.
    func selfSizingCheckpoint() -> Any
    /// Puts a checkpoint back; `sections` were laid out with the sizes written since.
    func restoreSelfSizing(_ checkpoint: Any, relayingOut sections: Set<Int>)
}

extension FlowLayout: SelfSizingLayout {
    public func selfSizingCheckpoint() -> Any { measuredSizesCheckpoint() }

    public func restoreSelfSizing(_ checkpoint: Any, relayingOut sections: Set<Int>) {
        guard let c = checkpoint as? FlowMeasuredSizesCheckpoint else { return }
        restore(c, relayingOut: sections)
    }
}
