/// Which optional `FlowLayoutDelegate` methods a delegate implements: the engine's
/// `respondsToSelector:`. The flow layout reads it once per `prepare()` and calls only the
/// methods listed; for the others it uses its own properties (`itemSize`, `sectionInset`, …).
///
/// Listing only what is implemented matters for speed: a delegate that lists `.sizeForItem`
/// is asked once per item, while without it a section costs O(1).
public struct FlowDelegateMethods: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `collectionView:layout:sizeForItemAtIndexPath:`
    public static let sizeForItem = FlowDelegateMethods(rawValue: 1 << 0)
    /// `collectionView:layout:insetForSectionAtIndex:`
    public static let insetForSection = FlowDelegateMethods(rawValue: 1 << 1)
    /// `collectionView:layout:minimumLineSpacingForSectionAtIndex:`
    public static let minimumLineSpacingForSection = FlowDelegateMethods(rawValue: 1 << 2)
    /// `collectionView:layout:minimumInteritemSpacingForSectionAtIndex:`
    public static let minimumInteritemSpacingForSection = FlowDelegateMethods(rawValue: 1 << 3)
    /// `collectionView:layout:referenceSizeForHeaderInSection:`
    public static let referenceSizeForHeader = FlowDelegateMethods(rawValue: 1 << 4)
    /// `collectionView:layout:referenceSizeForFooterInSection:`
    public static let referenceSizeForFooter = FlowDelegateMethods(rawValue: 1 << 5)

    public static let all: FlowDelegateMethods = [
        .sizeForItem, .insetForSection, .minimumLineSpacingForSection,
        .minimumInteritemSpacingForSection, .referenceSizeForHeader, .referenceSizeForFooter,
    ]
}

/// `UICollectionViewDelegateFlowLayout`: per-section and per-item metrics that override the
/// flow layout's properties.
///
/// Every method may throw (the delegate may be a C or Python callback that failed); the layout
/// then reports a `LayoutError` with code `.callback` and keeps its previous state. Every value
/// returned is validated: sizes must be finite and non-negative, insets and spacings finite
/// (negative spacings and insets are allowed, as in UIKit).
///
/// "Optional" methods: `implementedMethods` says which ones to call. The default
/// implementations return the layout's own property values, and the default
/// `implementedMethods` is `.all`, so a Swift delegate that implements some methods and
/// forgets to list them still gets the right layout (only slower: one call per item).
public protocol FlowLayoutDelegate: AnyObject {
    /// The methods the layout may call. Read once per `prepare()`.
    var implementedMethods: FlowDelegateMethods { get }

    func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) throws -> Size
    func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) throws -> EdgeInsets
    func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) throws -> Double
    func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int) throws -> Double
    func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) throws -> Size
    func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) throws -> Size
}

extension FlowLayoutDelegate {
    public var implementedMethods: FlowDelegateMethods { .all }

    public func flowLayout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) throws -> Size {
        layout.itemSize
    }
    public func flowLayout(_ layout: FlowLayout, insetForSectionAt section: Int) throws -> EdgeInsets {
        layout.sectionInset
    }
    public func flowLayout(_ layout: FlowLayout, minimumLineSpacingForSectionAt section: Int) throws -> Double {
        layout.minimumLineSpacing
    }
    public func flowLayout(_ layout: FlowLayout, minimumInteritemSpacingForSectionAt section: Int) throws -> Double {
        layout.minimumInteritemSpacing
    }
    public func flowLayout(_ layout: FlowLayout, referenceSizeForHeaderInSection section: Int) throws -> Size {
        layout.headerReferenceSize
    }
    public func flowLayout(_ layout: FlowLayout, referenceSizeForFooterInSection section: Int) throws -> Size {
        layout.footerReferenceSize
    }
}
