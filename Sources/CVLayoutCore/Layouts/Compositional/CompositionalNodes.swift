/// A description flattened into a list of elements whose groups name their children by index
/// (the form of the C surface, `cvl_compositional_element`): converted into the `Group` tree,
/// checked on the way (an index outside the list, a group containing itself, nesting deeper than
/// `maxDepth`, more than `maxExpandedElements` elements once shared children are expanded).
extension CompositionalLayout {
    /// Most elements a flattened description may expand to (a child shared by several groups
    /// counts once per use).
    public static let maxExpandedElements = 1 << 16

    /// One element of a flattened description.
    public struct Node: Sendable {
        public enum Kind: Int, Sendable {
            case item = 0, horizontal, vertical, custom
        }
        public var kind: Kind
        public var size: LayoutSize
        public var contentInsets = EdgeInsets.zero
        public var edgeSpacing = EdgeSpacing.none
        /// Groups: how they fill, their spacing and their children (indices into the list).
        public var fill = GroupFill.subitems
        public var interItemSpacing: Spacing?
        public var children: [Int] = []
        /// Items: their badges.
        public var badges: [SupplementaryItem] = []
        public init(kind: Kind, size: LayoutSize) { self.kind = kind; self.size = size }
    }

    /// The group tree of `nodes[root]`. `customFrames(index, size)` answers the custom groups
    /// (by their index in `nodes`). Throws `.invalidArgument` naming the element
    /// (`path.elements[3]`) for a bad reference, a cycle, nesting too deep or too many elements.
    /// O(expanded elements), at most `maxExpandedElements`.
    public static func group(
        fromNodes nodes: [Node], root: Int, path: String, customFrames: ((Int, Size) throws -> [Rect])?
    ) throws -> Group {
        guard root >= 0, root < nodes.count else {
            throw LayoutError.invalid(
                "compositional \(path): root element \(root) is not in the \(nodes.count) elements")
        }
        guard nodes[root].kind != .item else {
            throw LayoutError.invalid("compositional \(path).elements[\(root)]: a section's root must be a group")
        }
        var onPath = Set<Int>()
        var expanded = 0
        func build(_ i: Int, depth: Int) throws -> Element {
            let n = nodes[i]
            let name = "\(path).elements[\(i)]"
            expanded += 1
            guard expanded <= maxExpandedElements else {
                throw LayoutError.invalid("compositional \(path): more than \(maxExpandedElements) elements expanded")
            }
            if n.kind == .item {
                var item = Item(size: n.size)
                item.contentInsets = n.contentInsets
                item.edgeSpacing = n.edgeSpacing
                item.supplementaryItems = n.badges
                try validate(.item(item), name, depth: depth)
                return .item(item)
            }
            guard depth <= maxDepth else {
                throw LayoutError.invalid("compositional \(name): groups nested deeper than \(maxDepth)")
            }
            onPath.insert(i)
            defer { onPath.remove(i) }
            var subs: [Element] = []
            if n.kind != .custom {
                for c in n.children {
                    guard c >= 0, c < nodes.count else {
                        throw LayoutError.invalid(
                            "compositional \(name): child \(c) is not in the \(nodes.count) elements")
                    }
                    guard !onPath.contains(c) else {
                        throw LayoutError.invalid(
                            "compositional \(name): child \(c) refers to a group that contains it (itself or an "
                                + "ancestor)")
                    }
                    subs.append(try build(c, depth: depth + 1))
                }
            }
            let kind: GroupKind = n.kind == .horizontal ? .horizontal : n.kind == .vertical ? .vertical : .custom
            var g = Group(kind, size: n.size, subitems: subs, fill: n.fill, interItemSpacing: n.interItemSpacing)
            g.contentInsets = n.contentInsets
            g.edgeSpacing = n.edgeSpacing
            if n.kind == .custom {
                guard let customFrames else {
                    throw LayoutError.invalid("compositional \(name): a custom group needs the custom frames callback")
                }
                g.customFrames = { size in try customFrames(i, size) }
            }
            try validate(g, name, depth: depth)
            return .group(g)
        }
        guard case .group(let g) = try build(root, depth: 1) else {
            throw LayoutError.invalid("compositional \(path): the root is not a group")
        }
        return g
    }
}
