@testable import CVLayoutCore

/// A flow layout whose update hook fails on demand, for tests that a failed commit changes nothing.
final class FailingUpdateFlowLayout: FlowLayout {
    var fail = false

    override func prepare(forCollectionViewUpdates updateItems: [UpdateItem]) throws {
        if fail { throw LayoutError(.callback, "the update hook failed") }
    }
}
