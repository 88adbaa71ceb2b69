/// `UICollectionViewScrollPosition` (same bit values): where `scrollToItem` puts an item.
/// At most one vertical and one horizontal position; an axis without one keeps its offset.
public struct ScrollPosition: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Fails for unknown bits or two positions on the same axis.
    public init?(validating rawValue: UInt32) {
        let v = rawValue & 0b000111, h = rawValue & 0b111000
        guard rawValue & ~0b111111 == 0, v.nonzeroBitCount <= 1, h.nonzeroBitCount <= 1 else { return nil }
        self.rawValue = rawValue
    }
    private init(bits: UInt32) { rawValue = bits }
    public static let top = ScrollPosition(bits: 1)
    public static let centeredVertically = ScrollPosition(bits: 2)
    public static let bottom = ScrollPosition(bits: 4)
    public static let left = ScrollPosition(bits: 8)
    public static let centeredHorizontally = ScrollPosition(bits: 16)
    public static let right = ScrollPosition(bits: 32)
}

extension CollectionView {
    /// `scrollToItemAtIndexPath:atScrollPosition:animated:` (without the animation): moves the
    /// content offset so the item's frame sits at `position`, clamped on each axis to
    /// `[0, max(0, contentSize - boundsSize)]`, and returns the new offset. Stops a running
    /// animated scroll.
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition) throws -> Point {
        let o = try scrollTarget(for: indexPath, at: position)
        try setContentOffset(o)
        return o
    }

    /// The offset `scrollToItem` moves to: the item's final frame at `position`, clamped.
    func scrollTarget(for indexPath: IndexPath, at position: ScrollPosition) throws -> Point {
        try checkItem(indexPath)
        try layoutIfNeeded()
        guard let a = try layout.layoutAttributes(for: ElementKey(category: .cell, kind: .none, indexPath: indexPath))
        else {
            throw LayoutError.state("the layout has no attributes for item \(indexPath)")
        }
        try validate([a])
        let f = a.frame, size = try contentSize()
        var o = contentOffset
        if let s = scrollAnimation { o = s.to }  // an axis without a position keeps the target's value
        if position.contains(.top) { o.y = f.minY }
        if position.contains(.centeredVertically) { o.y = f.midY - boundsSize.height / 2 }
        if position.contains(.bottom) { o.y = f.maxY - boundsSize.height }
        if position.contains(.left) { o.x = f.minX }
        if position.contains(.centeredHorizontally) { o.x = f.midX - boundsSize.width / 2 }
        if position.contains(.right) { o.x = f.maxX - boundsSize.width }
        o.x = clampOffset(o.x, content: size.width, viewport: boundsSize.width)
        o.y = clampOffset(o.y, content: size.height, viewport: boundsSize.height)
        return o
    }

    /// Clamps a scroll offset to `[0, max(0, content - viewport)]` (UIScrollView without insets).
    public func clampOffset(_ v: Double, content: Double, viewport: Double) -> Double {
        min(max(v, 0), max(0, content - viewport))
    }
}
