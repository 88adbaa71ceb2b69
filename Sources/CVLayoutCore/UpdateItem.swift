/// One change of a batch update as the layout sees it: `UICollectionViewUpdateItem`.
///
/// `indexPathBeforeUpdate` is nil for an insert, `indexPathAfterUpdate` nil for a delete.
/// Section-wide changes carry `item == sectionItem` (UIKit uses `NSNotFound`).
public struct UpdateItem: Hashable, Sendable {
    public enum Action: Int, Sendable {
        case insert = 0
        case delete = 1
        case reload = 2
        case move = 3
        case none = 4
    }
    /// The `item` value of an index path that names a whole section.
    public static let sectionItem = Int.max

    public var action: Action
    public var indexPathBeforeUpdate: IndexPath?
    public var indexPathAfterUpdate: IndexPath?

    public init(action: Action, before: IndexPath?, after: IndexPath?) {
        self.action = action; indexPathBeforeUpdate = before; indexPathAfterUpdate = after
    }

    /// True when the update names a whole section.
    public var isSectionUpdate: Bool {
        (indexPathBeforeUpdate ?? indexPathAfterUpdate)?.item == UpdateItem.sectionItem
    }
}
