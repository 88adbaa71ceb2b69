import CCVLayout
import CVLayoutCore

// The flow layout. See include/cvlayout.h.

func flowLayout(_ box: LayoutBox) throws -> FlowLayout {
    guard let f = box.layout as? FlowLayout else { throw LayoutError.invalid("the layout is not a flow-based layout") }
    return f
}

private func defaultConfig() -> cvl_flow_config {
    var c = cvl_flow_config()
    c.scroll_direction = Int32(CVL_SCROLL_VERTICAL)
    c.item_size = cvl_size(width: 50, height: 50)
    c.minimum_line_spacing = 10
    c.minimum_interitem_spacing = 10
    return c
}

@_cdecl("cvl_flow_config_default")
public func cvl_flow_config_default_impl(_ out: UnsafeMutablePointer<cvl_flow_config>?) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = defaultConfig()
    }
}

@_cdecl("cvl_flow_layout_create")
public func cvl_flow_layout_create_impl(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out_layout is NULL") }
        let f = HookableFlowLayout()
        out.pointee = registerLayout(f, type: CVL_LAYOUT_FLOW)
        f.box = Registry.shared.lookup(out.pointee) as? LayoutBox
    }
}

@_cdecl("cvl_flow_layout_set_config")
public func cvl_flow_layout_set_config_impl(_ layout: OpaquePointer?, _ config: UnsafePointer<cvl_flow_config>?) -> Int32 {
    withLayout(layout) { box in
        let f = try flowLayout(box)
        guard let c = config?.pointee else { throw LayoutError(.nullArgument, "config is NULL") }
        guard c.scroll_direction == CVL_SCROLL_VERTICAL || c.scroll_direction == CVL_SCROLL_HORIZONTAL else {
            throw LayoutError.invalid("scroll_direction \(c.scroll_direction) is not CVL_SCROLL_VERTICAL or CVL_SCROLL_HORIZONTAL")
        }
        for (name, v) in [("section_headers_pin_to_visible_bounds", c.section_headers_pin_to_visible_bounds),
                          ("section_footers_pin_to_visible_bounds", c.section_footers_pin_to_visible_bounds)] where v != 0 && v != 1 {
            throw LayoutError.invalid("\(name) must be 0 or 1 (got \(v))")
        }
        guard c.reserved == 0 else { throw LayoutError.invalid("reserved must be 0") }
        let item = try requireExtent(c.item_size, "item_size")
        guard c.minimum_line_spacing.isFinite else { throw LayoutError.invalid("minimum_line_spacing \(c.minimum_line_spacing) must be finite") }
        guard c.minimum_interitem_spacing.isFinite, c.minimum_interitem_spacing >= 0 else {
            throw LayoutError.invalid("minimum_interitem_spacing \(c.minimum_interitem_spacing) must be finite and >= 0")
        }
        let inset = try requireInsets(c.section_inset, "section_inset")
        let header = try requireExtent(c.header_reference_size, "header_reference_size")
        let footer = try requireExtent(c.footer_reference_size, "footer_reference_size")
        let limit = FlowLayout.maxMagnitude
        for v in [item.width, item.height, abs(c.minimum_line_spacing), c.minimum_interitem_spacing, abs(inset.top), abs(inset.left),
                  abs(inset.bottom), abs(inset.right), header.width, header.height, footer.width, footer.height] where v > limit {
            throw LayoutError.invalid("flow config value \(v) is larger than the supported \(limit)")
        }
        f.scrollDirection = c.scroll_direction == CVL_SCROLL_HORIZONTAL ? .horizontal : .vertical
        f.sectionHeadersPinToVisibleBounds = c.section_headers_pin_to_visible_bounds == 1
        f.sectionFootersPinToVisibleBounds = c.section_footers_pin_to_visible_bounds == 1
        f.itemSize = item
        f.minimumLineSpacing = c.minimum_line_spacing
        f.minimumInteritemSpacing = c.minimum_interitem_spacing
        f.sectionInset = inset
        f.headerReferenceSize = header
        f.footerReferenceSize = footer
    }
}

@_cdecl("cvl_flow_layout_get_config")
public func cvl_flow_layout_get_config_impl(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<cvl_flow_config>?) -> Int32 {
    withLayout(layout, fromHooks: true) { box in
        let f = try flowLayout(box)
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        var c = cvl_flow_config()
        c.scroll_direction = f.scrollDirection == .horizontal ? Int32(CVL_SCROLL_HORIZONTAL) : Int32(CVL_SCROLL_VERTICAL)
        c.section_headers_pin_to_visible_bounds = f.sectionHeadersPinToVisibleBounds ? 1 : 0
        c.section_footers_pin_to_visible_bounds = f.sectionFootersPinToVisibleBounds ? 1 : 0
        c.item_size = f.itemSize.c
        c.minimum_line_spacing = f.minimumLineSpacing
        c.minimum_interitem_spacing = f.minimumInteritemSpacing
        c.section_inset = f.sectionInset.c
        c.header_reference_size = f.headerReferenceSize.c
        c.footer_reference_size = f.footerReferenceSize.c
        out.pointee = c
    }
}

@_cdecl("cvl_flow_layout_set_delegate")
public func cvl_flow_layout_set_delegate_impl(_ layout: OpaquePointer?, _ delegate: UnsafePointer<cvl_flow_delegate>?) -> Int32 {
    withLayout(layout) { box in
        let f = try flowLayout(box)
        f.delegate = delegate.map { CFlowDelegate($0.pointee) }
    }
}

@_cdecl("cvl_flow_layout_set_item_sizes")
public func cvl_flow_layout_set_item_sizes_impl(_ layout: OpaquePointer?, _ section: Int64, _ sizes: UnsafePointer<cvl_size>?,
                                                _ count: Int) -> Int32 {
    withLayout(layout) { box in
        let f = try flowLayout(box)
        guard section >= 0, section <= Int64(CollectionView.maxCount) else { throw LayoutError.outOfRange("section \(section) is out of range") }
        guard count >= 0, count <= CollectionView.maxCount else { throw LayoutError.invalid("count \(count) is out of range") }
        guard let sizes else {
            guard count == 0 else { throw LayoutError(.nullArgument, "sizes is NULL but count is \(count)") }
            f.removeItemSizes(forSection: Int(section))
            return
        }
        let buf = UnsafeBufferPointer(start: sizes, count: count)
        var out = [Size]()
        out.reserveCapacity(count)
        for (i, s) in buf.enumerated() {
            guard s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0 else {
                throw LayoutError.invalid("sizes[\(i)] = \(s.width)x\(s.height) must be finite and non-negative")
            }
            out.append(Size(width: s.width, height: s.height))
        }
        try f.setItemSizes(out, forSection: Int(section))
    }
}

@_cdecl("cvl_flow_layout_clear_item_sizes")
public func cvl_flow_layout_clear_item_sizes_impl(_ layout: OpaquePointer?) -> Int32 {
    withLayout(layout) { try flowLayout($0).removeAllItemSizes() }
}

private func preparedFlow(_ box: LayoutBox) throws -> FlowLayout {
    let f = try flowLayout(box)
    guard box.viewBox != nil, f.isPrepared else {
        throw LayoutError.state("the flow layout is not attached to a view or not prepared yet (query the view first)")
    }
    return f
}

@_cdecl("cvl_flow_layout_item_frame")
public func cvl_flow_layout_item_frame_impl(_ layout: OpaquePointer?, _ ip: cvl_index_path, _ out: UnsafeMutablePointer<cvl_rect>?) -> Int32 {
    withLayout(layout, fromHooks: true) { box in
        let f = try preparedFlow(box)
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        let p = try requireIndexPath(ip)
        if let v = box.viewBox { try v.view.checkItem(p) }
        guard let r = f.frameForItem(at: p) else { throw LayoutError.outOfRange("no item at \(p)") }
        out.pointee = r.c
    }
}

@_cdecl("cvl_flow_layout_section_frame")
public func cvl_flow_layout_section_frame_impl(_ layout: OpaquePointer?, _ section: Int64, _ out: UnsafeMutablePointer<cvl_rect>?) -> Int32 {
    withLayout(layout, fromHooks: true) { box in
        let f = try preparedFlow(box)
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        guard section >= 0, section < Int64(f.numberOfSections) else {
            throw LayoutError.outOfRange("section \(section) out of range (there are \(f.numberOfSections) sections)")
        }
        guard let r = f.sectionFrame(Int(section)) else { throw LayoutError.outOfRange("no section \(section)") }
        out.pointee = r.c
    }
}

@_cdecl("cvl_flow_layout_set_hooks")
public func cvl_flow_layout_set_hooks_impl(_ layout: OpaquePointer?, _ hooks: UnsafePointer<cvl_flow_hooks>?) -> Int32 {
    withLayout(layout) { box in
        guard let f = box.layout as? HookableFlowLayout else {
            throw LayoutError.invalid("hooks can only be set on a plain flow layout (cvl_flow_layout_create); the built-in flow subclasses keep their own behaviour")
        }
        f.hooks = hooks?.pointee
        box.viewBox?.view.invalidateLayout(.everything)
    }
}
