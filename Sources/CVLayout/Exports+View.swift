import CCVLayout
import CVLayoutCore

// The collection view object. See include/cvlayout.h for each contract.

@_cdecl("cvl_view_create")
public func cvl_view_create_impl(
    _ source: UnsafePointer<cvl_data_source>?, _ layout: OpaquePointer?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    guarded {
        guard let source else { throw LayoutError(.nullArgument, "source is NULL") }
        guard let out else { throw LayoutError(.nullArgument, "out_view is NULL") }
        let lb = try lookupLayout(layout)
        guard lb.viewBox == nil, lb.layout.collectionView == nil else {
            throw LayoutError.state("the layout is already attached to a view (a layout serves one view at a time)")
        }
        let ds = try CDataSource(source.pointee)
        // Attach first, then ask the counts with the new view busy: while the data source
        // runs, the layout is taken (cannot be attached to a second view) and calls on it fail
        // with CVL_ERROR_STATE like any re-entrant call.
        let view = try CollectionView(dataSource: ds, layout: lb.layout, loadingCounts: false)
        let box = ViewBox(view: view, dataSource: ds, layoutBox: lb)
        lb.viewBox = box
        box.phase = .busy
        defer { box.phase = .idle }
        do {
            try view.reloadData()
        } catch {
            view.detach()
            lb.viewBox = nil
            lb.releaseHookHandle()
            throw error
        }
        out.pointee = Registry.shared.insert(box)
    }
}

@_cdecl("cvl_view_destroy")
public func cvl_view_destroy_impl(_ view: OpaquePointer?) -> Int32 {
    guarded {
        guard let view else { return }
        let box = try lookupView(view)
        guard box.phase == .idle else {
            throw LayoutError.state("cvl_view_destroy called from inside one of the view's own callbacks")
        }
        Registry.shared.remove(view)
        box.view.detach()
        box.layoutBox.viewBox = nil
        box.layoutBox.releaseHookHandle()
    }
}

@_cdecl("cvl_view_set_bounds_size")
public func cvl_view_set_bounds_size_impl(_ view: OpaquePointer?, _ size: cvl_size) -> Int32 {
    withView(view) { try $0.view.setBoundsSize(size.core) }
}

@_cdecl("cvl_view_get_bounds_size")
public func cvl_view_get_bounds_size_impl(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<cvl_size>?) -> Int32 {
    withView(view, nested: .callbacks) { box in
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = box.view.boundsSize.c
    }
}

@_cdecl("cvl_view_set_display_scale")
public func cvl_view_set_display_scale_impl(_ view: OpaquePointer?, _ scale: Double) -> Int32 {
    withView(view) { try $0.view.setDisplayScale(scale) }
}

@_cdecl("cvl_view_get_display_scale")
public func cvl_view_get_display_scale_impl(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    withView(view, nested: .callbacks) { box in
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = box.view.displayScale
    }
}

@_cdecl("cvl_view_set_content_offset")
public func cvl_view_set_content_offset_impl(_ view: OpaquePointer?, _ offset: cvl_point) -> Int32 {
    withViewInlined(view) { try $0.view.setHostContentOffset(offset.core) }
}

@_cdecl("cvl_view_get_content_offset")
public func cvl_view_get_content_offset_impl(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<cvl_point>?) -> Int32 {
    withView(view, nested: .hooks) { box in
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        // From the layout's own callbacks: the layout's (unmirrored) offset, as in cvl_layout_env.
        guard box.phase != .querying else { return out.pointee = box.view.contentOffset.c }
        out.pointee = try box.view.hostContentOffset().c
    }
}

@_cdecl("cvl_view_reload_data")
public func cvl_view_reload_data_impl(_ view: OpaquePointer?) -> Int32 {
    withView(view) { try $0.view.reloadData() }
}

@_cdecl("cvl_view_invalidate_layout")
public func cvl_view_invalidate_layout_impl(
    _ view: OpaquePointer?, _ flags: UInt32,
    _ items: UnsafePointer<cvl_index_path>?, _ count: Int
) -> Int32 {
    withView(view) { box in
        let known: UInt32 =
            CVL_INVALIDATE_EVERYTHING | CVL_INVALIDATE_DATA_COUNTS | CVL_INVALIDATE_DELEGATE_METRICS
            | CVL_INVALIDATE_LAYOUT_ATTRIBUTES | CVL_INVALIDATE_BOUNDS
        guard flags & ~known == 0 else {
            throw LayoutError.invalid("unknown invalidation flag bits 0x\(String(flags & ~known, radix: 16))")
        }
        guard count >= 0 else { throw LayoutError.invalid("item_count is negative") }
        guard count == 0 || items != nil else {
            throw LayoutError(.nullArgument, "items is NULL but item_count is \(count)")
        }
        var paths: [IndexPath] = []
        if let items, count > 0 {
            guard count <= box.view.numberOfItems else {
                throw LayoutError.invalid("item_count \(count) exceeds the number of items")
            }
            paths.reserveCapacity(count)
            for i in 0..<count {
                let ip = items[i].core
                try box.view.checkItem(ip, "items[\(i)]")
                paths.append(ip)
            }
        }
        var ctx = InvalidationContext()
        ctx.invalidateEverything = flags & CVL_INVALIDATE_EVERYTHING != 0
        ctx.invalidateDataSourceCounts = flags & CVL_INVALIDATE_DATA_COUNTS != 0
        ctx.invalidateDelegateMetrics = flags & CVL_INVALIDATE_DELEGATE_METRICS != 0
        ctx.invalidateLayoutAttributes = flags & CVL_INVALIDATE_LAYOUT_ATTRIBUTES != 0
        ctx.boundsChanged = flags & CVL_INVALIDATE_BOUNDS != 0
        ctx.invalidatedItems = paths
        if ctx.invalidateDataSourceCounts {
            try box.view.reloadCounts(with: ctx)
        } else {
            box.view.invalidateLayout(ctx)
        }
    }
}

@_cdecl("cvl_view_item_counts")
public func cvl_view_item_counts_impl(
    _ view: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    withView(view, nested: .callbacks) { box in
        guard capacity >= 0 else { throw LayoutError.invalid("capacity is negative") }
        try writeList(box.view.counts.map { Int64($0) }, out, capacity, outCount)
    }
}

@_cdecl("cvl_view_number_of_sections")
public func cvl_view_number_of_sections_impl(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withView(view, nested: .callbacks) { box in
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = Int64(box.view.numberOfSections)
    }
}

@_cdecl("cvl_view_number_of_items")
public func cvl_view_number_of_items_impl(
    _ view: OpaquePointer?, _ section: Int64, _ out: UnsafeMutablePointer<Int64>?
) -> Int32 {
    withView(view, nested: .callbacks) { box in
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        guard section >= 0, section < Int64(box.view.numberOfSections) else {
            throw LayoutError.outOfRange(
                "section \(section) out of range (there are \(box.view.numberOfSections) sections)")
        }
        out.pointee = Int64(box.view.numberOfItems(inSection: Int(section)))
    }
}

@_cdecl("cvl_view_content_size")
public func cvl_view_content_size_impl(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<cvl_size>?) -> Int32 {
    withView(view) { box in
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = try box.view.contentSize().c
    }
}

/// The buffer protocol's arguments (header "Conventions"), checked before anything runs.
@inline(__always)
private func checkBuffer<R>(
    _ out: UnsafeMutablePointer<R>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) throws -> UnsafeMutablePointer<Int> {
    guard let outCount else { throw LayoutError(.nullArgument, "out_count is NULL") }
    guard capacity >= 0 else { throw LayoutError.invalid("capacity is too large (negative as a signed size)") }
    guard out != nil || capacity == 0 else {
        throw LayoutError(.nullArgument, "out is NULL but capacity is \(capacity)")
    }
    return outCount
}

/// `cvl_view_set_content_offset`, then the visible rect's query, in one call (one lock, one
/// lookup): the buffer checked first, the offset put back when the query fails (a failed call
/// changes nothing).
private func scrollQuery<R: CQueryRecord>(
    _ box: ViewBox, _ buffer: CRecordBuffer<R>, _ offset: cvl_point, _ out: UnsafeMutablePointer<R>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) throws {
    let outCount = try checkBuffer(out, capacity, outCount)
    try box.view.withHostContentOffset(offset.core) {
        // (`hostVisibleRect` runs the layout cycle first: restoring a scroll anchor may move the rect.)
        try checkedRectQuery(box, buffer, try box.view.hostVisibleRect(), out, capacity, outCount)
    }
}

@_cdecl("cvl_view_visible_elements_at")
public func cvl_view_visible_elements_at_impl(
    _ view: OpaquePointer?, _ offset: cvl_point, _ out: UnsafeMutablePointer<cvl_element>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    withViewInlined(view) { box in try scrollQuery(box, box.directElements, offset, out, capacity, outCount) }
}

@_cdecl("cvl_view_visible_attributes_at")
public func cvl_view_visible_attributes_at_impl(
    _ view: OpaquePointer?, _ offset: cvl_point, _ out: UnsafeMutablePointer<cvl_attributes>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    withViewInlined(view) { box in try scrollQuery(box, box.directCells, offset, out, capacity, outCount) }
}

/// A rect query into the caller's buffer (header "Conventions"): the view's one query path
/// (`CollectionView.sendElements`) into a sink that stores at most `capacity` C structs and
/// counts the rest.
/// - Complexity: the layout's query cost; O(min(k, capacity)) memory.
@inline(__always)  // (into the rect and viewport exports, as `checkedRectQuery`)
private func rectQuery<R: CQueryRecord>(
    _ box: ViewBox, _ buffer: CRecordBuffer<R>, _ rect: Rect, _ out: UnsafeMutablePointer<R>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) throws {
    try checkedRectQuery(box, buffer, rect, out, capacity, try checkBuffer(out, capacity, outCount))
}

/// `rectQuery` once its buffer's arguments are checked (`checkBuffer`): a scroll query checks
/// them before it moves the offset, and not again (measured: ~37 instructions a scroll query).
@inline(__always)
private func checkedRectQuery<R: CQueryRecord>(
    _ box: ViewBox, _ buffer: CRecordBuffer<R>, _ rect: Rect, _ out: UnsafeMutablePointer<R>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>
) throws {
    if directFlowCells(box.view, rect, out, capacity, outCount)
        || directWaterfallCells(box.view, rect, out, capacity, outCount)
    {
        return
    }
    let sink = R.sink(buffer: buffer, out: out, capacity: capacity)
    sink.stampIdentifiers(of: box.view)
    do {
        try querying(box) { try box.view.sendHostElements(in: rect, to: sink) }
    } catch {
        sink.abandon()
        throw error
    }
    sink.cellDrawRank = box.view.hostCellDrawRank  // the prepared layout's
    try sink.finish(outCount)
}

@_cdecl("cvl_view_attributes_in_rect")
public func cvl_view_attributes_in_rect_impl(
    _ view: OpaquePointer?, _ rect: cvl_rect, _ out: UnsafeMutablePointer<cvl_attributes>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    withViewInlined(view) { box in try rectQuery(box, box.directCells, rect.core, out, capacity, outCount) }
}

@_cdecl("cvl_view_visible_attributes")
public func cvl_view_visible_attributes_impl(
    _ view: OpaquePointer?, _ out: UnsafeMutablePointer<cvl_attributes>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    withViewInlined(view) { box in
        // (`hostVisibleRect` runs the layout cycle first: restoring a scroll anchor may move the rect.)
        try rectQuery(box, box.directCells, try box.view.hostVisibleRect(), out, capacity, outCount)
    }
}

@_cdecl("cvl_view_elements_in_rect")
public func cvl_view_elements_in_rect_impl(
    _ view: OpaquePointer?, _ rect: cvl_rect, _ out: UnsafeMutablePointer<cvl_element>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    withViewInlined(view) { box in try rectQuery(box, box.directElements, rect.core, out, capacity, outCount) }
}

@_cdecl("cvl_view_visible_elements")
public func cvl_view_visible_elements_impl(
    _ view: OpaquePointer?, _ out: UnsafeMutablePointer<cvl_element>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    withViewInlined(view) { box in
        // (`hostVisibleRect` runs the layout cycle first: restoring a scroll anchor may move the rect.)
        try rectQuery(box, box.directElements, try box.view.hostVisibleRect(), out, capacity, outCount)
    }
}

@_cdecl("cvl_view_attributes_for_element")
public func cvl_view_attributes_for_element_impl(
    _ view: OpaquePointer?, _ category: Int32, _ kind: Int32, _ ip: cvl_index_path,
    _ out: UnsafeMutablePointer<cvl_attributes>?, _ found: UnsafeMutablePointer<Int32>?
) -> Int32 {
    withView(view) { box in
        guard let out, let found else { throw LayoutError(.nullArgument, "out or out_found is NULL") }
        let cat = try coreCategory(category)
        let key = ElementKey(category: cat, kind: ElementKind(rawValue: cat == .cell ? 0 : kind), indexPath: ip.core)
        if let a = try querying(box, { try box.view.hostAttributes(for: key) }) {
            out.pointee = a.c
            found.pointee = 1
        } else {
            found.pointee = 0
        }
    }
}

@_cdecl("cvl_view_attributes_for_item")
public func cvl_view_attributes_for_item_impl(
    _ view: OpaquePointer?, _ ip: cvl_index_path,
    _ out: UnsafeMutablePointer<cvl_attributes>?, _ found: UnsafeMutablePointer<Int32>?
) -> Int32 {
    cvl_view_attributes_for_element_impl(view, Int32(CVL_CATEGORY_CELL), Int32(CVL_KIND_NONE), ip, out, found)
}

@_cdecl("cvl_view_index_path_at_point")
public func cvl_view_index_path_at_point_impl(
    _ view: OpaquePointer?, _ point: cvl_point,
    _ out: UnsafeMutablePointer<cvl_index_path>?, _ found: UnsafeMutablePointer<Int32>?
) -> Int32 {
    withView(view) { box in
        guard let out, let found else { throw LayoutError(.nullArgument, "out or out_found is NULL") }
        if let ip = try querying(box, { try box.view.hostIndexPathForItem(at: point.core) }) {
            out.pointee = ip.c
            found.pointee = 1
        } else {
            found.pointee = 0
        }
    }
}

@_cdecl("cvl_view_target_content_offset")
public func cvl_view_target_content_offset_impl(
    _ view: OpaquePointer?, _ proposed: cvl_point, _ velocity: cvl_point,
    _ out: UnsafeMutablePointer<cvl_point>?
) -> Int32 {
    withView(view) { box in
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = try querying(box) {
            try box.view.hostTargetContentOffset(forProposed: proposed.core, velocity: velocity.core)
        }.c
    }
}

@_cdecl("cvl_view_scroll_to_item")
public func cvl_view_scroll_to_item_impl(
    _ view: OpaquePointer?, _ ip: cvl_index_path, _ position: UInt32,
    _ out: UnsafeMutablePointer<cvl_point>?
) -> Int32 {
    withView(view) { box in
        let pos = try requireScrollPosition(position)
        let offset = try querying(box) {
            try box.view.scrollToItem(at: ip.core, at: box.view.layoutPosition(fromHost: pos))
        }
        out?.pointee = box.view.hostOffset(fromLayout: offset).c
    }
}

@_cdecl("cvl_view_scroll_to_item_animated")
public func cvl_view_scroll_to_item_animated_impl(
    _ view: OpaquePointer?, _ ip: cvl_index_path, _ position: UInt32,
    _ animation: UnsafePointer<cvl_animation>?,
    _ out: UnsafeMutablePointer<cvl_point>?
) -> Int32 {
    withView(view) { box in
        let pos = try requireScrollPosition(position)
        let timing = try optionalTiming(animation)
        let target = try querying(box) {
            try box.view.scrollToItem(at: ip.core, at: box.view.layoutPosition(fromHost: pos), animation: timing)
        }
        out?.pointee = box.view.hostOffset(fromLayout: target).c
    }
}
