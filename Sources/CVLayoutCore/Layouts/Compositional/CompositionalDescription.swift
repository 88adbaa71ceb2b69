/// The description of a compositional layout: UIKit's `NSCollectionLayoutDimension`, `…Size`,
/// `…Spacing`, `…EdgeSpacing`, `…Anchor`, `…SupplementaryItem`, `…Item`, `…Group`,
/// `…BoundarySupplementaryItem`, `…DecorationItem`, `…Section` and
/// `UICollectionViewCompositionalLayoutConfiguration`, as plain values. Rules and decisions:
/// docs/compositional-rules.md (C1–C24, Q1–Q18). Every value is checked whole by `validate`
/// before a layout uses it: an error names the element by its path in the description.
extension CompositionalLayout {
    /// Largest nesting of groups in groups (a section's group is depth 1).
    public static let maxDepth = 16
    /// Largest `count` of a group, and most cells one resolved group may hold.
    public static let maxGroupItems = 1 << 16
    /// Largest fraction (of the containing group) a dimension may take.
    public static let maxFraction = 1e6
    /// Most boundary items or decorations one section (or the configuration) may have.
    public static let maxBoundaryItems = 64

    /// `NSCollectionLayoutDimension`: one axis of a size.
    public enum Dimension: Equatable, Sendable {
        /// Points.
        case absolute(Double)
        /// A fraction of the containing group's width (C1).
        case fractionalWidth(Double)
        /// A fraction of the containing group's height (C1).
        case fractionalHeight(Double)
        /// The estimate (C2; measured sizes are not taken, see docs/compositional-rules.md).
        case estimated(Double)

        /// The points of this dimension in a container of `container` size.
        func resolve(in container: Size) -> Double {
            switch self {
            case .absolute(let v), .estimated(let v): return v
            case .fractionalWidth(let f): return f * container.width
            case .fractionalHeight(let f): return f * container.height
            }
        }

        var isEstimated: Bool { if case .estimated = self { return true } else { return false } }

        func validate(_ path: String) throws {
            switch self {
            case .absolute(let v), .estimated(let v):
                guard v.isFinite, v >= 0, v <= FlowLayout.maxMagnitude else {
                    throw LayoutError.invalid(
                        "compositional \(path): \(v) points must be finite, >= 0 and <= \(FlowLayout.maxMagnitude)")
                }
            case .fractionalWidth(let f), .fractionalHeight(let f):
                guard f.isFinite, f >= 0, f <= CompositionalLayout.maxFraction else {
                    throw LayoutError.invalid(
                        "compositional \(path): fraction \(f) must be finite, >= 0 and <= "
                            + "\(CompositionalLayout.maxFraction)")
                }
            }
        }
    }

    /// `NSCollectionLayoutSize`.
    public struct LayoutSize: Equatable, Sendable {
        public var width: Dimension
        public var height: Dimension
        public init(width: Dimension, height: Dimension) { self.width = width; self.height = height }

        func resolve(in container: Size) -> Size {
            Size(width: width.resolve(in: container), height: height.resolve(in: container))
        }

        func validate(_ path: String) throws {
            try width.validate(path + ".width")
            try height.validate(path + ".height")
        }
    }

    /// `NSCollectionLayoutSpacing`: exactly (`fixed`, "==") or at least (`flexible`, ">=") that
    /// many points (C7, C8).
    public enum Spacing: Equatable, Sendable {
        case fixed(Double)
        case flexible(Double)
        var points: Double {
            switch self {
            case .fixed(let v), .flexible(let v): return v
            }
        }
        var isFlexible: Bool { if case .flexible = self { return true } else { return false } }

        func validate(_ path: String) throws {
            let v = points
            guard v.isFinite, v >= 0, v <= FlowLayout.maxMagnitude else {
                throw LayoutError.invalid(
                    "compositional \(path): spacing \(v) must be finite, >= 0 and <= \(FlowLayout.maxMagnitude)")
            }
        }
    }

    /// `NSCollectionLayoutEdgeSpacing`: space outside an item, per edge; nil = none (C9, C10).
    public struct EdgeSpacing: Equatable, Sendable {
        public var leading: Spacing?
        public var top: Spacing?
        public var trailing: Spacing?
        public var bottom: Spacing?
        public init(leading: Spacing? = nil, top: Spacing? = nil, trailing: Spacing? = nil, bottom: Spacing? = nil) {
            self.leading = leading; self.top = top; self.trailing = trailing; self.bottom = bottom
        }
        public static let none = EdgeSpacing()

        func validate(_ path: String) throws {
            for (name, s) in [("leading", leading), ("top", top), ("trailing", trailing), ("bottom", bottom)] {
                try s?.validate(path + "." + name)
            }
        }
    }

    /// `NSDirectionalRectEdge` of an anchor (left-to-right: leading = left).
    public struct Edges: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Edges(rawValue: 1)
        public static let leading = Edges(rawValue: 2)
        public static let bottom = Edges(rawValue: 4)
        public static let trailing = Edges(rawValue: 8)

        /// The unit point of these edges: 0 at leading/top, 1 at trailing/bottom, ½ for none or
        /// both of an axis (C19).
        var unitPoint: Point {
            func unit(_ low: Bool, _ high: Bool) -> Double { low == high ? 0.5 : (low ? 0 : 1) }
            return Point(
                x: unit(contains(.leading), contains(.trailing)), y: unit(contains(.top), contains(.bottom)))
        }
    }

    /// `NSCollectionLayoutAnchor`: a point of the container (its edges) and an offset, absolute
    /// (points) or fractional (of the anchored element's own size) (C19).
    public struct Anchor: Equatable, Sendable {
        public var edges: Edges
        public var offset: Point
        public var offsetIsFractional: Bool
        public init(edges: Edges, absoluteOffset: Point = .zero) {
            self.edges = edges; offset = absoluteOffset; offsetIsFractional = false
        }
        public init(edges: Edges, fractionalOffset: Point) {
            self.edges = edges; offset = fractionalOffset; offsetIsFractional = true
        }

        func validate(_ path: String) throws {
            guard offset.isFinite, offset.x.magnitude <= FlowLayout.maxMagnitude,
                offset.y.magnitude <= FlowLayout.maxMagnitude
            else {
                throw LayoutError.invalid(
                    "compositional \(path).offset: (\(offset.x), \(offset.y)) must be finite and within "
                        + "\(FlowLayout.maxMagnitude)")
            }
        }
    }

    /// `NSCollectionLayoutSupplementaryItem`: a badge anchored to its item's frame (C19). Its
    /// index path is the item's.
    public struct SupplementaryItem: Equatable, Sendable {
        public var kind: ElementKind
        /// Fractions are of the item's frame.
        public var size: LayoutSize
        public var containerAnchor: Anchor
        /// The badge's own point put on the container's (Q16); nil: the container anchor's edges.
        public var itemAnchor: Anchor?
        /// Default 1: over its item.
        public var zIndex = 1
        public init(kind: ElementKind, size: LayoutSize, containerAnchor: Anchor, itemAnchor: Anchor? = nil) {
            self.kind = kind; self.size = size; self.containerAnchor = containerAnchor; self.itemAnchor = itemAnchor
        }

        func validate(_ path: String) throws {
            guard kind != .none else { throw LayoutError.invalid("compositional \(path): kind must not be none (0)") }
            try size.validate(path + ".size")
            try containerAnchor.validate(path + ".containerAnchor")
            try itemAnchor?.validate(path + ".itemAnchor")
        }
    }

    /// `NSCollectionLayoutItem`.
    public struct Item: Equatable, Sendable {
        public var size: LayoutSize
        /// Shrink the cell in its slot, except along an estimated axis (C3).
        public var contentInsets = EdgeInsets.zero
        public var edgeSpacing = EdgeSpacing.none
        public var supplementaryItems: [SupplementaryItem] = []
        public init(size: LayoutSize) { self.size = size }
    }

    /// How a group fills itself (C4–C6, C13).
    public enum GroupKind: Equatable, Sendable {
        /// `horizontal(layoutSize:subitems:)`: the list, cycled while the next one fits.
        case horizontal
        /// `vertical(layoutSize:subitems:)`.
        case vertical
        /// `custom(layoutSize:itemProvider:)`: the frames come from `customFrames`.
        case custom
    }

    /// `subitems:` (a list cycled), `subitem:count:` (equal slots), `repeatingSubitem:count:`.
    public enum GroupFill: Equatable, Sendable {
        case subitems
        case count(Int)
        case repeating(Int)
    }

    /// The frames of a custom group, given its size (C13): relative to the group's origin.
    public typealias CustomFrames = (Size) throws -> [Rect]

    /// `NSCollectionLayoutGroup` (is-a item: C11).
    public struct Group {
        public var kind: GroupKind
        public var size: LayoutSize
        public var subitems: [Element]
        public var fill = GroupFill.subitems
        public var interItemSpacing: Spacing?
        /// Shrinks the group's slot; the children sit inside (C12, Q7).
        public var contentInsets = EdgeInsets.zero
        public var edgeSpacing = EdgeSpacing.none
        /// A custom group's frames; ignored for the other kinds.
        public var customFrames: CustomFrames?

        public init(
            _ kind: GroupKind, size: LayoutSize, subitems: [Element], fill: GroupFill = .subitems,
            interItemSpacing: Spacing? = nil
        ) {
            self.kind = kind; self.size = size; self.subitems = subitems; self.fill = fill
            self.interItemSpacing = interItemSpacing
        }

        public static func horizontal(_ size: LayoutSize, subitems: [Element], spacing: Spacing? = nil) -> Group {
            Group(.horizontal, size: size, subitems: subitems, interItemSpacing: spacing)
        }
        public static func vertical(_ size: LayoutSize, subitems: [Element], spacing: Spacing? = nil) -> Group {
            Group(.vertical, size: size, subitems: subitems, interItemSpacing: spacing)
        }
        public static func custom(_ size: LayoutSize, frames: @escaping CustomFrames) -> Group {
            var g = Group(.custom, size: size, subitems: [])
            g.customFrames = frames
            return g
        }
    }

    /// A group's child: an item or a group.
    public indirect enum Element {
        case item(Item)
        case group(Group)

        var size: LayoutSize {
            switch self {
            case .item(let i): return i.size
            case .group(let g): return g.size
            }
        }
        var edgeSpacing: EdgeSpacing {
            switch self {
            case .item(let i): return i.edgeSpacing
            case .group(let g): return g.edgeSpacing
            }
        }
    }

    /// `NSRectAlignment` of a boundary item: where it sits around its section (or the content).
    public enum Alignment: Int, Sendable {
        case none = 0, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
    }

    /// `NSCollectionLayoutBoundarySupplementaryItem`: a header or footer (C16, C17). Its index
    /// path is (section, 0); a layout-wide one's is (0, 0).
    public struct BoundaryItem: Equatable, Sendable {
        public var kind: ElementKind
        /// Fractions are of the section's content size (C16).
        public var size: LayoutSize
        public var alignment: Alignment
        public var absoluteOffset = Point.zero
        /// Included in the section's extent (default true).
        public var extendsBoundary = true
        public var pinToVisibleBounds = false
        /// Default 0 (pinned: `FlowLayout.pinnedZIndex`… see the layout).
        public var zIndex = 0
        public init(kind: ElementKind, size: LayoutSize, alignment: Alignment) {
            self.kind = kind; self.size = size; self.alignment = alignment
        }

        func validate(_ path: String) throws {
            guard kind != .none else { throw LayoutError.invalid("compositional \(path): kind must not be none (0)") }
            guard alignment != .none else {
                throw LayoutError.invalid("compositional \(path): alignment must not be none")
            }
            try size.validate(path + ".size")
            guard absoluteOffset.isFinite, absoluteOffset.x.magnitude <= FlowLayout.maxMagnitude,
                absoluteOffset.y.magnitude <= FlowLayout.maxMagnitude
            else {
                throw LayoutError.invalid("compositional \(path).absoluteOffset must be finite")
            }
        }
    }

    /// `NSCollectionLayoutDecorationItem.background(elementKind:)`: covers its section, inset by
    /// its own `contentInsets` (C18, Q12). Index path (section, 0).
    public struct DecorationItem: Equatable, Sendable {
        public var kind: ElementKind
        public var contentInsets = EdgeInsets.zero
        /// Default −1: behind the cells.
        public var zIndex = -1
        public init(kind: ElementKind, contentInsets: EdgeInsets = .zero) {
            self.kind = kind; self.contentInsets = contentInsets
        }
    }

    /// `UICollectionLayoutSectionOrthogonalScrollingBehavior` (C20, C21).
    public enum OrthogonalScrolling: Int, Sendable {
        case none = 0, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
    }

    /// `NSCollectionLayoutSection`.
    public struct Section {
        public var group: Group
        public var contentInsets = EdgeInsets.zero
        public var interGroupSpacing = 0.0
        public var orthogonalScrolling = OrthogonalScrolling.none
        public var boundaryItems: [BoundaryItem] = []
        public var decorationItems: [DecorationItem] = []
        /// Boundary items follow the leading/trailing insets (default true, C16).
        public var supplementariesFollowContentInsets = true
        public init(group: Group) { self.group = group }
    }

    /// `NSCollectionLayoutEnvironment`: what a section provider is told (C22).
    public struct Environment: Equatable, Sendable {
        /// The collection view's bounds size.
        public var containerSize: Size
        public var effectiveContentSize: Size { containerSize }
    }

    /// `UICollectionViewCompositionalLayoutSectionProvider`.
    public typealias SectionProvider = (Int, Environment) throws -> Section

    /// `UICollectionViewCompositionalLayoutConfiguration` (C23).
    public struct Configuration: Equatable, Sendable {
        public var scrollDirection = ScrollDirection.vertical
        /// Between sections, not after the last (Q4).
        public var interSectionSpacing = 0.0
        /// Layout-wide headers and footers; fractions of the viewport.
        public var boundaryItems: [BoundaryItem] = []
        public init() {}
        public static let `default` = Configuration()

        public func validate() throws {
            guard interSectionSpacing.isFinite, interSectionSpacing >= 0, interSectionSpacing <= FlowLayout.maxMagnitude
            else {
                throw LayoutError.invalid(
                    "compositional configuration.interSectionSpacing \(interSectionSpacing) must be finite, >= 0 and "
                        + "<= \(FlowLayout.maxMagnitude)")
            }
            try CompositionalLayout.validateBoundaryItems(boundaryItems, "configuration.boundaryItems")
        }
    }

    // MARK: Validation

    static func validateInsets(_ i: EdgeInsets, _ path: String) throws {
        for (name, v) in [("top", i.top), ("leading", i.left), ("bottom", i.bottom), ("trailing", i.right)] {
            guard v.isFinite, v >= 0, v <= FlowLayout.maxMagnitude else {
                throw LayoutError.invalid(
                    "compositional \(path).\(name): inset \(v) must be finite, >= 0 and <= \(FlowLayout.maxMagnitude)")
            }
        }
    }

    static func validateBoundaryItems(_ items: [BoundaryItem], _ path: String) throws {
        guard items.count <= maxBoundaryItems else {
            throw LayoutError.invalid("compositional \(path): \(items.count) items, at most \(maxBoundaryItems)")
        }
        var kinds = Set<ElementKind>()
        for (i, b) in items.enumerated() {
            try b.validate("\(path)[\(i)]")
            guard kinds.insert(b.kind).inserted else {
                throw LayoutError.invalid("compositional \(path)[\(i)]: kind \(b.kind.rawValue) appears twice")
            }
        }
    }

    static func validate(_ e: Element, _ path: String, depth: Int) throws {
        switch e {
        case .item(let item):
            try item.size.validate(path + ".size")
            try validateInsets(item.contentInsets, path + ".contentInsets")
            try item.edgeSpacing.validate(path + ".edgeSpacing")
            guard item.supplementaryItems.count <= maxBoundaryItems else {
                throw LayoutError.invalid(
                    "compositional \(path).supplementaryItems: \(item.supplementaryItems.count) items, at most "
                        + "\(maxBoundaryItems)")
            }
            var kinds = Set<ElementKind>()
            for (i, s) in item.supplementaryItems.enumerated() {
                try s.validate("\(path).supplementaryItems[\(i)]")
                guard kinds.insert(s.kind).inserted else {
                    throw LayoutError.invalid(
                        "compositional \(path).supplementaryItems[\(i)]: kind \(s.kind.rawValue) appears twice")
                }
            }
        case .group(let g): try validate(g, path, depth: depth)
        }
    }

    static func validate(_ g: Group, _ path: String, depth: Int) throws {
        guard depth <= maxDepth else {
            throw LayoutError.invalid("compositional \(path): groups nested deeper than \(maxDepth)")
        }
        try g.size.validate(path + ".size")
        try validateInsets(g.contentInsets, path + ".contentInsets")
        try g.edgeSpacing.validate(path + ".edgeSpacing")
        try g.interItemSpacing?.validate(path + ".interItemSpacing")
        if g.kind == .custom {
            guard g.customFrames != nil else {
                throw LayoutError.invalid("compositional \(path): a custom group needs its frames callback")
            }
            return
        }
        switch g.fill {
        case .subitems:
            guard !g.subitems.isEmpty else { throw LayoutError.invalid("compositional \(path): no subitems") }
            guard g.subitems.count <= maxGroupItems else {
                throw LayoutError.invalid(
                    "compositional \(path): \(g.subitems.count) subitems, at most \(maxGroupItems)")
            }
        case .count(let n), .repeating(let n):
            guard n >= 1, n <= maxGroupItems else {
                throw LayoutError.invalid("compositional \(path): count \(n) must be 1 ... \(maxGroupItems)")
            }
            guard g.subitems.count == 1 else {
                throw LayoutError.invalid(
                    "compositional \(path): count and repeating groups take exactly one subitem, not "
                        + "\(g.subitems.count)")
            }
        }
        for (i, e) in g.subitems.enumerated() { try validate(e, "\(path).subitems[\(i)]", depth: depth + 1) }
    }

    /// Checks a whole section; the error names the element (`section[3].group.subitems[1].size.width`).
    public static func validate(_ s: Section, _ path: String = "section") throws {
        try validate(s.group, path + ".group", depth: 1)
        try validateInsets(s.contentInsets, path + ".contentInsets")
        guard s.interGroupSpacing.isFinite, s.interGroupSpacing >= 0, s.interGroupSpacing <= FlowLayout.maxMagnitude
        else {
            throw LayoutError.invalid(
                "compositional \(path).interGroupSpacing \(s.interGroupSpacing) must be finite, >= 0 and <= "
                    + "\(FlowLayout.maxMagnitude)")
        }
        try validateBoundaryItems(s.boundaryItems, path + ".boundaryItems")
        guard s.decorationItems.count <= maxBoundaryItems else {
            throw LayoutError.invalid("compositional \(path).decorationItems: at most \(maxBoundaryItems)")
        }
        var kinds = Set<ElementKind>()
        for (i, d) in s.decorationItems.enumerated() {
            guard d.kind != .none else {
                throw LayoutError.invalid("compositional \(path).decorationItems[\(i)]: kind must not be none (0)")
            }
            guard kinds.insert(d.kind).inserted else {
                throw LayoutError.invalid(
                    "compositional \(path).decorationItems[\(i)]: kind \(d.kind.rawValue) appears twice")
            }
            try validateInsets(d.contentInsets, "\(path).decorationItems[\(i)].contentInsets")
        }
    }
}
