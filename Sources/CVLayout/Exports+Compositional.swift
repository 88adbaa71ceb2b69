import CCVLayout
import CVLayoutCore

// The compositional layout's C surface (include/cvlayout.h, "Compositional layout"). This file
// only converts: the C description (elements naming their children by index) becomes
// `CompositionalLayout.Node`s, turned into the core's group tree and validated there
// (`CompositionalLayout.group(fromNodes:)`, `CompositionalLayout.validate`). Counts and
// pointers are checked here before anything is read.

private typealias CL = CompositionalLayout

/// `cvl_comp_section.custom_frames`.
private typealias CustomFramesFn =
    @convention(c) (
        UnsafeMutableRawPointer?, Int64, Int64, cvl_size, UnsafeMutablePointer<cvl_rect>?, Int64,
        UnsafeMutablePointer<Int64>?
    ) -> Int32

private func bad(_ m: String) -> LayoutError { LayoutError.invalid("compositional \(m)") }

/// The buffer `p` of `n` elements, checked: `n` within 0 ... `limit`, `p` non-NULL when `n` > 0.
private func array<T>(_ p: UnsafePointer<T>?, _ n: Int64, _ limit: Int, _ name: String) throws -> UnsafeBufferPointer<T>
{
    guard n >= 0, n <= Int64(limit) else { throw bad("\(name): count \(n) must be 0 ... \(limit)") }
    guard n == 0 || p != nil else {
        throw LayoutError(.nullArgument, "compositional \(name) is NULL with a count of \(n)")
    }
    return UnsafeBufferPointer(start: p, count: Int(n))
}

extension cvl_comp_dimension {
    fileprivate func core(_ path: String) throws -> CL.Dimension {
        switch kind {
        case Int32(CVL_COMP_DIMENSION_ABSOLUTE): return .absolute(value)
        case Int32(CVL_COMP_DIMENSION_FRACTIONAL_WIDTH): return .fractionalWidth(value)
        case Int32(CVL_COMP_DIMENSION_FRACTIONAL_HEIGHT): return .fractionalHeight(value)
        case Int32(CVL_COMP_DIMENSION_ESTIMATED): return .estimated(value)
        default: throw bad("\(path): dimension kind \(kind) is not a CVL_COMP_DIMENSION_*")
        }
    }
}

extension cvl_comp_size {
    fileprivate func core(_ path: String) throws -> CL.LayoutSize {
        CL.LayoutSize(width: try width.core(path + ".width"), height: try height.core(path + ".height"))
    }
}

extension cvl_comp_spacing {
    fileprivate func core(_ path: String) throws -> CL.Spacing? {
        switch kind {
        case Int32(CVL_COMP_SPACING_NONE): return nil
        case Int32(CVL_COMP_SPACING_FIXED): return .fixed(value)
        case Int32(CVL_COMP_SPACING_FLEXIBLE): return .flexible(value)
        default: throw bad("\(path): spacing kind \(kind) is not a CVL_COMP_SPACING_*")
        }
    }
}

extension cvl_comp_edge_spacing {
    fileprivate func core(_ path: String) throws -> CL.EdgeSpacing {
        CL.EdgeSpacing(
            leading: try leading.core(path + ".leading"), top: try top.core(path + ".top"),
            trailing: try trailing.core(path + ".trailing"), bottom: try bottom.core(path + ".bottom"))
    }
}

extension cvl_comp_anchor {
    fileprivate func core(_ path: String) throws -> CL.Anchor {
        guard edges & ~UInt32(15) == 0 else { throw bad("\(path).edges: \(edges) has bits beyond CVL_COMP_EDGE_*") }
        let e = CL.Edges(rawValue: Int(edges))
        return fractional != 0
            ? CL.Anchor(edges: e, fractionalOffset: offset.core) : CL.Anchor(edges: e, absoluteOffset: offset.core)
    }
}

extension cvl_comp_badge {
    fileprivate func core(_ path: String) throws -> CL.SupplementaryItem {
        var b = CL.SupplementaryItem(
            kind: ElementKind(rawValue: kind), size: try size.core(path + ".size"),
            containerAnchor: try container_anchor.core(path + ".container_anchor"),
            itemAnchor: has_item_anchor != 0 ? try item_anchor.core(path + ".item_anchor") : nil)
        b.zIndex = Int(z_index)
        return b
    }
}

extension cvl_comp_boundary_item {
    fileprivate func core(_ path: String) throws -> CL.BoundaryItem {
        guard let a = CL.Alignment(rawValue: Int(alignment)), a != .none else {
            throw bad("\(path).alignment: \(alignment) is not a CVL_COMP_ALIGN_*")
        }
        var b = CL.BoundaryItem(kind: ElementKind(rawValue: kind), size: try size.core(path + ".size"), alignment: a)
        b.absoluteOffset = absolute_offset.core
        b.extendsBoundary = extends_boundary != 0
        b.pinToVisibleBounds = pin_to_visible_bounds != 0
        b.zIndex = Int(z_index)
        return b
    }
}

private func boundaryItems(
    _ p: UnsafePointer<cvl_comp_boundary_item>?, _ n: Int64, _ path: String
) throws
    -> [CL.BoundaryItem]
{
    try array(p, n, CL.maxBoundaryItems, path).enumerated().map { try $0.element.core("\(path)[\($0.offset)]") }
}

/// The core section of a C description. `section`: the index handed to the custom-frames
/// callback (-1 for a shared description).
private func coreSection(_ s: cvl_comp_section, path: String, section: Int64) throws -> CL.Section {
    let elements = try array(s.elements, s.element_count, CL.maxExpandedElements, path + ".elements")
    let children = try array(s.children, s.child_count, CL.maxExpandedElements, path + ".children")
    let badges = try array(s.badges, s.badge_count, CL.maxExpandedElements, path + ".badges")
    var nodes: [CL.Node] = []
    nodes.reserveCapacity(elements.count)
    for (i, e) in elements.enumerated() {
        let name = "\(path).elements[\(i)]"
        guard let kind = CL.Node.Kind(rawValue: Int(e.type)) else {
            throw bad("\(name).type: \(e.type) is not a CVL_COMP_ELEMENT_*")
        }
        var n = CL.Node(kind: kind, size: try e.size.core(name + ".size"))
        n.contentInsets = e.content_insets.core
        n.edgeSpacing = try e.edge_spacing.core(name + ".edge_spacing")
        if kind == .item {
            guard e.badge_count >= 0, e.badge_count <= Int64(CL.maxBoundaryItems), e.first_badge >= 0,
                e.first_badge <= Int64(badges.count) - e.badge_count
            else {
                throw bad("\(name): badges \(e.first_badge) + \(e.badge_count) are not in the \(badges.count) badges")
            }
            for b in Int(e.first_badge)..<Int(e.first_badge + e.badge_count) {
                n.badges.append(try badges[b].core("\(path).badges[\(b)]"))
            }
        } else if kind != .custom {
            n.interItemSpacing = try e.inter_item_spacing.core(name + ".inter_item_spacing")
            switch e.fill {
            case Int32(CVL_COMP_FILL_SUBITEMS): n.fill = .subitems
            case Int32(CVL_COMP_FILL_COUNT), Int32(CVL_COMP_FILL_REPEATING):
                guard e.count >= 1, e.count <= Int64(CL.maxGroupItems) else {
                    throw bad("\(name): count \(e.count) must be 1 ... \(CL.maxGroupItems)")
                }
                n.fill = e.fill == Int32(CVL_COMP_FILL_COUNT) ? .count(Int(e.count)) : .repeating(Int(e.count))
            default: throw bad("\(name).fill: \(e.fill) is not a CVL_COMP_FILL_*")
            }
            guard e.child_count >= 0, e.first_child >= 0, e.first_child <= Int64(children.count) - e.child_count else {
                throw bad(
                    "\(name): children \(e.first_child) + \(e.child_count) are not in the \(children.count) children")
            }
            n.children = children[Int(e.first_child)..<Int(e.first_child + e.child_count)].map {
                // Out-of-range indices are reported by the core (naming the group); clamp what does not fit an Int.
                Int(clamping: $0)
            }
        }
        nodes.append(n)
    }
    guard s.root >= 0, s.root < Int64(nodes.count) else {
        throw bad("\(path).root: \(s.root) is not one of the \(nodes.count) elements")
    }
    let callback = s.custom_frames
    let context = s.custom_context
    let custom: ((Int, Size) throws -> [Rect])? =
        callback.map { f in
            { element, size in try customFrames(f, context, section, element, size) }
        }
    var sec = CL.Section(
        group: try CL.group(fromNodes: nodes, root: Int(s.root), path: path, customFrames: custom))
    sec.contentInsets = s.content_insets.core
    sec.interGroupSpacing = s.inter_group_spacing
    guard let o = CL.OrthogonalScrolling(rawValue: Int(s.orthogonal_scrolling)) else {
        throw bad("\(path).orthogonal_scrolling: \(s.orthogonal_scrolling) is not a CVL_COMP_ORTHOGONAL_*")
    }
    sec.orthogonalScrolling = o
    sec.supplementariesFollowContentInsets = s.supplementaries_ignore_content_insets == 0
    sec.boundaryItems = try boundaryItems(s.boundary_items, s.boundary_item_count, path + ".boundary_items")
    sec.decorationItems = try array(
        s.decoration_items, s.decoration_item_count, CL.maxBoundaryItems, path + ".decoration_items"
    ).map { d in
        var item = CL.DecorationItem(kind: ElementKind(rawValue: d.kind), contentInsets: d.content_insets.core)
        item.zIndex = Int(d.z_index)
        return item
    }
    try CL.validate(sec, path)
    return sec
}

/// Calls a custom group's callback: capacity 64, then once more with the count it asked for.
private func customFrames(
    _ f: CustomFramesFn, _ context: UnsafeMutableRawPointer?, _ section: Int64, _ element: Int,
    _ size: Size
) throws -> [Rect] {
    var capacity: Int64 = 64
    for _ in 0..<2 {
        var buffer = [cvl_rect](repeating: cvl_rect(), count: Int(capacity))
        var n: Int64 = -1
        try buffer.withUnsafeMutableBufferPointer { b in
            try callC("custom_frames(element \(element))") {
                f(context, section, Int64(element), size.c, b.baseAddress, capacity, &n)
            }
        }
        guard n >= 0, n <= Int64(CL.maxGroupItems) else {
            throw LayoutError.callback(
                "compositional custom_frames(element \(element)) gave a count of \(n), not 0 ... \(CL.maxGroupItems)")
        }
        if n <= capacity { return buffer[0..<Int(n)].map(\.core) }
        capacity = n
    }
    throw LayoutError.callback("compositional custom_frames(element \(element)) asked for more room twice")
}

private func coreConfiguration(_ c: UnsafePointer<cvl_comp_configuration>?) throws -> CL.Configuration {
    var out = CL.Configuration()
    guard let c = c?.pointee else { return out }
    guard c.scroll_direction == CVL_SCROLL_VERTICAL || c.scroll_direction == CVL_SCROLL_HORIZONTAL else {
        throw bad("configuration.scroll_direction \(c.scroll_direction) is not CVL_SCROLL_VERTICAL or _HORIZONTAL")
    }
    out.scrollDirection = c.scroll_direction == CVL_SCROLL_HORIZONTAL ? .horizontal : .vertical
    out.interSectionSpacing = c.inter_section_spacing
    out.boundaryItems = try boundaryItems(c.boundary_items, c.boundary_item_count, "configuration.boundary_items")
    try out.validate()
    return out
}

@_cdecl("cvl_compositional_layout_create")
public func cvl_compositional_layout_create_impl(
    _ section: UnsafePointer<cvl_comp_section>?, _ configuration: UnsafePointer<cvl_comp_configuration>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    guarded {
        guard let section else { throw LayoutError(.nullArgument, "section is NULL") }
        guard let out else { throw LayoutError(.nullArgument, "out_layout is NULL") }
        let s = try coreSection(section.pointee, path: "section", section: -1)
        let layout = try CompositionalLayout(section: s, configuration: try coreConfiguration(configuration))
        out.pointee = registerLayout(layout, type: CVL_LAYOUT_COMPOSITIONAL)
    }
}

@_cdecl("cvl_compositional_layout_create_with_provider")
public func cvl_compositional_layout_create_with_provider_impl(
    _ provider: UnsafePointer<cvl_comp_provider>?, _ configuration: UnsafePointer<cvl_comp_configuration>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    guarded {
        guard let provider else { throw LayoutError(.nullArgument, "provider is NULL") }
        guard let out else { throw LayoutError(.nullArgument, "out_layout is NULL") }
        guard let f = provider.pointee.section_for_index else {
            throw LayoutError(.nullArgument, "provider section_for_index callback is NULL")
        }
        let context = provider.pointee.context
        let config = try coreConfiguration(configuration)
        let layout = try CompositionalLayout(configuration: config) { s, env in
            var desc = cvl_comp_section()
            try callC("section_for_index(section \(s))") { f(context, Int64(s), env.containerSize.c, &desc) }
            return try coreSection(desc, path: "section[\(s)]", section: Int64(s))
        }
        out.pointee = registerLayout(layout, type: CVL_LAYOUT_COMPOSITIONAL)
    }
}

@_cdecl("cvl_compositional_layout_set_section")
public func cvl_compositional_layout_set_section_impl(
    _ layout: OpaquePointer?, _ section: UnsafePointer<cvl_comp_section>?
) -> Int32 {
    withLayout(layout) { box in
        let l = try layoutOfType(box, CompositionalLayout.self, "compositional")
        guard let section else { throw LayoutError(.nullArgument, "section is NULL") }
        try l.setSection(try coreSection(section.pointee, path: "section", section: -1))
    }
}

@_cdecl("cvl_compositional_layout_set_configuration")
public func cvl_compositional_layout_set_configuration_impl(
    _ layout: OpaquePointer?, _ configuration: UnsafePointer<cvl_comp_configuration>?
) -> Int32 {
    withLayout(layout) { box in
        let l = try layoutOfType(box, CompositionalLayout.self, "compositional")
        guard configuration != nil else { throw LayoutError(.nullArgument, "configuration is NULL") }
        try l.configure(try coreConfiguration(configuration))
    }
}

/// The view's compositional layout, laid out.
private func compositional(_ box: ViewBox) throws -> CompositionalLayout {
    guard let l = box.view.layout as? CompositionalLayout else {
        throw LayoutError.state("the view's layout is not a compositional layout")
    }
    try box.view.layoutIfNeeded()
    return l
}

private func sectionIndex(_ s: Int64) throws -> Int {
    guard s >= 0, s <= Int64(CollectionView.maxSections) else {
        throw LayoutError.outOfRange("compositional: section \(s) is out of range")
    }
    return Int(s)
}

@_cdecl("cvl_compositional_set_orthogonal_offset")
public func cvl_compositional_set_orthogonal_offset_impl(
    _ view: OpaquePointer?, _ section: Int64, _ offset: Double
)
    -> Int32
{
    withView(view) { box in
        let l = try compositional(box)
        try l.setOrthogonalOffset(offset, section: try sectionIndex(section))
    }
}

@_cdecl("cvl_compositional_get_orthogonal_offset")
public func cvl_compositional_get_orthogonal_offset_impl(
    _ view: OpaquePointer?, _ section: Int64, _ out: UnsafeMutablePointer<Double>?
) -> Int32 {
    withView(view) { box in
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        let l = try compositional(box)
        out.pointee = try l.orthogonalOffset(section: try sectionIndex(section))
    }
}

@_cdecl("cvl_compositional_target_orthogonal_offset")
public func cvl_compositional_target_orthogonal_offset_impl(
    _ view: OpaquePointer?, _ section: Int64, _ start: Double, _ proposed: Double, _ velocity: Double,
    _ out: UnsafeMutablePointer<Double>?, _ outExtent: UnsafeMutablePointer<Double>?
) -> Int32 {
    withView(view) { box in
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        let l = try compositional(box)
        let s = try sectionIndex(section)
        let t = try l.targetOrthogonalOffset(section: s, start: start, proposed: proposed, velocity: velocity)
        let extent = try l.orthogonalContentExtent(section: s)
        out.pointee = t
        outExtent?.pointee = extent
    }
}
