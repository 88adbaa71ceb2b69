import CCVLayout
import CVLayoutCore

// The flow layout. See include/cvlayout.h.

func flowLayout(_ box: LayoutBox) throws -> FlowLayout {
    guard let f = box.layout as? FlowLayout else { throw LayoutError.invalid("the layout is not a flow-based layout") }
    return f
}

extension cvl_flow_config {
    /// The core configuration. Checks only what belongs to the C encoding (the enum value, the
    /// 0/1 flags, `reserved`); the values' rules are `FlowConfiguration.validate()`'s.
    func core() throws -> FlowConfiguration {
        guard scroll_direction == CVL_SCROLL_VERTICAL || scroll_direction == CVL_SCROLL_HORIZONTAL else {
            throw LayoutError.invalid(
                "scroll_direction \(scroll_direction) is not CVL_SCROLL_VERTICAL or CVL_SCROLL_HORIZONTAL")
        }
        for (name, v) in [
            ("section_headers_pin_to_visible_bounds", section_headers_pin_to_visible_bounds),
            ("section_footers_pin_to_visible_bounds", section_footers_pin_to_visible_bounds),
        ]
        where v != 0 && v != 1 {
            throw LayoutError.invalid("\(name) must be 0 or 1 (got \(v))")
        }
        guard reserved == 0, reserved2 == 0 else { throw LayoutError.invalid("reserved and reserved2 must be 0") }
        guard let line = FlowLineAlignment(rawValue: Int(line_alignment)) else {
            throw LayoutError.invalid("line_alignment \(line_alignment) is not a CVL_LINE_ALIGN_* constant")
        }
        guard let last = FlowLastLineAlignment(rawValue: Int(last_line_alignment)) else {
            throw LayoutError.invalid(
                "last_line_alignment \(last_line_alignment) is not a CVL_LAST_LINE_ALIGN_* constant")
        }
        guard let item = FlowItemAlignment(rawValue: Int(item_alignment)) else {
            throw LayoutError.invalid("item_alignment \(item_alignment) is not a CVL_ITEM_ALIGN_* constant")
        }
        var c = FlowConfiguration()
        c.lineAlignment = line
        c.lastLineAlignment = last
        c.itemAlignment = item
        c.scrollDirection = scroll_direction == CVL_SCROLL_HORIZONTAL ? .horizontal : .vertical
        c.sectionHeadersPinToVisibleBounds = section_headers_pin_to_visible_bounds == 1
        c.sectionFootersPinToVisibleBounds = section_footers_pin_to_visible_bounds == 1
        c.itemSize = item_size.core
        c.minimumLineSpacing = minimum_line_spacing
        c.minimumInteritemSpacing = minimum_interitem_spacing
        c.sectionInset = section_inset.core
        c.headerReferenceSize = header_reference_size.core
        c.footerReferenceSize = footer_reference_size.core
        return c
    }
}

extension FlowConfiguration {
    var c: cvl_flow_config {
        var c = cvl_flow_config()
        c.scroll_direction = scrollDirection == .horizontal ? Int32(CVL_SCROLL_HORIZONTAL) : Int32(CVL_SCROLL_VERTICAL)
        c.section_headers_pin_to_visible_bounds = sectionHeadersPinToVisibleBounds ? 1 : 0
        c.section_footers_pin_to_visible_bounds = sectionFootersPinToVisibleBounds ? 1 : 0
        c.item_size = itemSize.c
        c.minimum_line_spacing = minimumLineSpacing
        c.minimum_interitem_spacing = minimumInteritemSpacing
        c.section_inset = sectionInset.c
        c.header_reference_size = headerReferenceSize.c
        c.footer_reference_size = footerReferenceSize.c
        c.line_alignment = Int32(lineAlignment.rawValue)
        c.last_line_alignment = Int32(lastLineAlignment.rawValue)
        c.item_alignment = Int32(itemAlignment.rawValue)
        return c
    }
}

@_cdecl("cvl_flow_config_default")
public func cvl_flow_config_default_impl(_ out: UnsafeMutablePointer<cvl_flow_config>?) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = FlowConfiguration.default.c
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
public func cvl_flow_layout_set_config_impl(
    _ layout: OpaquePointer?, _ config: UnsafePointer<cvl_flow_config>?
) -> Int32 {
    withLayout(layout) { box in
        let f = try flowLayout(box)
        guard let c = config?.pointee else { throw LayoutError(.nullArgument, "config is NULL") }
        var core = try c.core()
        core.estimatedItemSize = f.configuration.estimatedItemSize  // not in cvl_flow_config: its own setter
        try f.configure(core)
    }
}

@_cdecl("cvl_flow_layout_get_config")
public func cvl_flow_layout_get_config_impl(
    _ layout: OpaquePointer?, _ out: UnsafeMutablePointer<cvl_flow_config>?
) -> Int32 {
    withLayout(layout, nested: .callbacks) { box in
        let f = try flowLayout(box)
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = f.configuration.c
    }
}

@_cdecl("cvl_flow_layout_set_delegate")
public func cvl_flow_layout_set_delegate_impl(
    _ layout: OpaquePointer?, _ delegate: UnsafePointer<cvl_flow_delegate>?
) -> Int32 {
    withLayout(layout) { box in
        let f = try flowLayout(box)
        f.delegate = delegate.map { CFlowDelegate($0.pointee) }
    }
}

@_cdecl("cvl_flow_layout_set_item_sizes")
public func cvl_flow_layout_set_item_sizes_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ sizes: UnsafePointer<cvl_size>?,
    _ count: Int
) -> Int32 {
    withLayout(layout) { box in
        let f = try flowLayout(box)
        // Converting only (Int64 is Int on every supported platform; the count bounds the copy
        // below): the section's and the sizes' rules are `setItemSizes`'.
        let s = Int(section)
        guard count >= 0, count <= CollectionView.maxCount else {
            throw LayoutError.invalid("count \(count) is out of range")
        }
        guard let sizes else {
            guard count == 0 else { throw LayoutError(.nullArgument, "sizes is NULL but count is \(count)") }
            try f.removeItemSizes(forSection: s)
            return
        }
        try f.setItemSizes(count: count, forSection: s) { range, out in
            var k = 0
            for i in range {
                (out.baseAddress! + k).initialize(to: Size(width: sizes[i].width, height: sizes[i].height))
                k += 1
            }
        }
    }
}

@_cdecl("cvl_flow_layout_replace_item_sizes")
public func cvl_flow_layout_replace_item_sizes_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ start: Int64,
    _ removeCount: Int, _ sizes: UnsafePointer<cvl_size>?,
    _ insertCount: Int
) -> Int32 {
    withLayout(layout) { box in
        let f = try flowLayout(box)
        // Converting only: the section's, the range's and the sizes' rules are `replaceItemSizes`'.
        guard removeCount >= 0, removeCount <= CollectionView.maxCount else {
            throw LayoutError.outOfRange("remove_count \(removeCount) is out of range")
        }
        guard insertCount >= 0, insertCount <= CollectionView.maxCount else {
            throw LayoutError.invalid("insert_count \(insertCount) is out of range")
        }
        guard insertCount == 0 || sizes != nil else {
            throw LayoutError(.nullArgument, "sizes is NULL but insert_count is \(insertCount)")
        }
        let list = insertCount == 0 ? [] : UnsafeBufferPointer(start: sizes, count: insertCount).map { $0.core }
        try f.replaceItemSizes(inSection: Int(section), start: Int(start), removeCount: removeCount, with: list)
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
public func cvl_flow_layout_item_frame_impl(
    _ layout: OpaquePointer?, _ ip: cvl_index_path, _ out: UnsafeMutablePointer<cvl_rect>?
) -> Int32 {
    withLayout(layout, nested: .hooks) { box in
        let f = try preparedFlow(box)
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        let p = ip.core
        if let v = box.viewBox { try v.view.checkItem(p) }
        guard let r = f.frameForItem(at: p) else { throw LayoutError.outOfRange("no item at \(p)") }
        out.pointee = r.c
    }
}

@_cdecl("cvl_flow_layout_section_frame")
public func cvl_flow_layout_section_frame_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ out: UnsafeMutablePointer<cvl_rect>?
) -> Int32 {
    withLayout(layout, nested: .hooks) { box in
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
public func cvl_flow_layout_set_hooks_impl(
    _ layout: OpaquePointer?, _ hooks: UnsafePointer<cvl_layout_callbacks>?
) -> Int32 {
    withLayout(layout) { box in
        guard let f = box.layout as? HookableFlowLayout else {
            throw LayoutError.invalid(
                "hooks can only be set on a plain flow layout (cvl_flow_layout_create); the built-in flow subclasses "
                    + "keep their own behaviour"
            )
        }
        f.hooks = hooks.map { LayoutCallbacks($0.pointee) }
        box.viewBox?.view.invalidateLayout(.everything)
    }
}
