@testable import CVLayoutCore

/// A circle layout of `n` items (one section) laid out in a 1000 × 800 view, with that view's rect:
/// what the tests of the circle's collected answer start from. The view is returned too: the
/// layout reads it, so the caller keeps it alive while it queries the layout.
func laidOutCircle(items n: Int) throws -> (view: CollectionView, layout: CircleLayout, rect: Rect) {
    let layout = CircleLayout()
    let view = try CollectionView(dataSource: StaticDataSource([n]), layout: layout)
    try view.setBoundsSize(Size(width: 1000, height: 800))
    try view.layoutIfNeeded()
    return (view, layout, Rect(x: 0, y: 0, width: 1000, height: 800))
}
