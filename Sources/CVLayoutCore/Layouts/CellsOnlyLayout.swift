/// A layout that shows only cells: no supplementary nor decoration views. Its single-element
/// queries for those answer nil in O(1), where `CollectionViewLayout`'s defaults search the
/// whole content rect. The circle, the mosaic and the stack derive from it.
open class CellsOnlyLayout: CollectionViewLayout {
    /// The layout has no supplementary views. O(1).
    public final override func layoutAttributesForSupplementaryView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        nil
    }

    /// The layout has no decoration views. O(1).
    public final override func layoutAttributesForDecorationView(
        ofKind kind: ElementKind, at indexPath: IndexPath
    ) throws -> LayoutAttributes? {
        nil
    }
}
