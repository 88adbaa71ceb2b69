import CCVLayout
import CVLayoutCore

// Self-sizing cells. See include/cvlayout.h ("Self-sizing cells").

@_cdecl("cvl_flow_layout_set_estimated_item_size")
public func cvl_flow_layout_set_estimated_item_size_impl(_ layout: OpaquePointer?, _ size: cvl_size) -> Int32 {
    withLayout(layout) { box in
        try flowLayout(box).configure { $0.estimatedItemSize = size.core }
    }
}

@_cdecl("cvl_flow_layout_get_estimated_item_size")
public func cvl_flow_layout_get_estimated_item_size_impl(
    _ layout: OpaquePointer?,
    _ out: UnsafeMutablePointer<cvl_size>?
) -> Int32 {
    withLayout(layout, nested: .callbacks) { box in
        let f = try flowLayout(box)
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = f.configuration.estimatedItemSize.c
    }
}

/// Checks a measured-size batch's count and pointers before anything is read.
private func checkBatch(
    _ count: Int, _ keys: UnsafeRawPointer?, _ keyName: String,
    _ sizes: UnsafePointer<cvl_size>?
) throws {
    guard count >= 0 else { throw LayoutError.invalid("count is too large (negative as a signed size)") }
    guard count <= CollectionView.maxStoredItems else {
        throw LayoutError(
            .overflow,
            "count \(count) is more than CVL_MAX_STORED_ITEMS (\(CollectionView.maxStoredItems))")
    }
    guard count == 0 || (keys != nil && sizes != nil) else {
        throw LayoutError(.nullArgument, "\(keyName) or sizes is NULL but count is \(count)")
    }
}

@_cdecl("cvl_view_set_measured_sizes")
public func cvl_view_set_measured_sizes_impl(
    _ view: OpaquePointer?, _ paths: UnsafePointer<cvl_index_path>?,
    _ sizes: UnsafePointer<cvl_size>?, _ count: Int
) -> Int32 {
    withView(view) { box in
        try checkBatch(count, paths, "index_paths", sizes)
        guard count > 0, let paths, let sizes else { return }
        var items: [(IndexPath, Size)] = []
        items.reserveCapacity(count)
        for i in 0..<count { items.append((paths[i].core, sizes[i].core)) }
        try box.view.setMeasuredSizes(items)
    }
}

@_cdecl("cvl_view_set_measured_sizes_by_id")
public func cvl_view_set_measured_sizes_by_id_impl(
    _ view: OpaquePointer?, _ ids: UnsafePointer<UInt64>?,
    _ sizes: UnsafePointer<cvl_size>?, _ count: Int
) -> Int32 {
    withView(view) { box in
        try checkBatch(count, ids, "identifiers", sizes)
        guard count > 0, let ids, let sizes else { return }
        var items: [(UInt64, Size)] = []
        items.reserveCapacity(count)
        for i in 0..<count { items.append((ids[i], sizes[i].core)) }
        try box.view.setMeasuredSizes(identifiers: items)
    }
}

@_cdecl("cvl_view_clear_measured_sizes")
public func cvl_view_clear_measured_sizes_impl(
    _ view: OpaquePointer?, _ section: Int64, _ start: Int64, _ count: Int64,
    _ outCleared: UnsafeMutablePointer<Int>?
) -> Int32 {
    withView(view) { box in
        // Converting only: the section's and the range's rules are `clearMeasuredSizes`'.
        let n: Int
        if section == -1 {
            guard start == 0, count == 0 else {
                throw LayoutError.invalid("start and count must be 0 when section is -1 (every section)")
            }
            n = try box.view.clearMeasuredSizes(section: nil, range: nil)
        } else {
            guard start >= 0, count >= 0, start <= Int64(Int.max) - count else {
                throw LayoutError.outOfRange("items \(start) ..< \(start) + \(count) are not a range of items")
            }
            n = try box.view.clearMeasuredSizes(section: Int(section), range: Int(start)..<Int(start + count))
        }
        outCleared?.pointee = n
    }
}

/// Writes a bounded list of index paths (header "Conventions"): `total` is how many there are,
/// `list` at most `capacity` of them.
private func writePaths(
    _ list: [IndexPath], total: Int, _ out: UnsafeMutablePointer<cvl_index_path>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) throws {
    guard let outCount else { throw LayoutError(.nullArgument, "out_count is NULL") }
    if out == nil && capacity == 0 { outCount.pointee = total; return }
    guard total <= capacity else {
        outCount.pointee = total
        throw LayoutError(
            .capacity,
            "the buffer holds \(capacity) index paths but \(total) are needed; *out_count says how many")
    }
    try writeList(list.map(\.c), out, capacity, outCount)
}

private func checkOut(_ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?) throws {
    guard outCount != nil else { throw LayoutError(.nullArgument, "out_count is NULL") }
    guard capacity >= 0 else { throw LayoutError.invalid("capacity is too large (negative as a signed size)") }
}

@_cdecl("cvl_view_items_to_measure")
public func cvl_view_items_to_measure_impl(
    _ view: OpaquePointer?, _ rect: cvl_rect,
    _ out: UnsafeMutablePointer<cvl_index_path>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    withView(view) { box in
        try checkOut(capacity, outCount)
        let r = try querying(box) {
            try box.view.itemsToMeasure(in: box.view.hostMeasureRect(rect.core), limit: capacity)
        }
        try writePaths(r.items, total: r.total, out, capacity, outCount)
    }
}

@_cdecl("cvl_view_items_to_measure_for_scroll")
public func cvl_view_items_to_measure_for_scroll_impl(
    _ view: OpaquePointer?, _ ip: cvl_index_path, _ position: UInt32,
    _ out: UnsafeMutablePointer<cvl_index_path>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    withView(view) { box in
        try checkOut(capacity, outCount)
        let pos = try requireScrollPosition(position)
        let r = try querying(box) {
            try box.view.itemsToMeasure(
                forScrollTo: ip.core, at: box.view.layoutPosition(fromHost: pos), limit: capacity)
        }
        try writePaths(r.items, total: r.total, out, capacity, outCount)
    }
}
