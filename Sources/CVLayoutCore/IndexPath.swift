/// A (section, item) pair, as `NSIndexPath` in a collection view.
///
/// Ordered section-major, then by item — the order the engine reports elements in.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    public init(item: Int, section: Int) { self.item = item; self.section = section }
    public init(section: Int, item: Int) { self.section = section; self.item = item }

    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }
    public var description: String { "[\(section), \(item)]" }
}
