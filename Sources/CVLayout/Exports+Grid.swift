// The span grid's functions beyond its config struct (include/cvlayout.h, "Grid layout"): bulk
// spans and extents per section, per-section column counts. Converting only: every rule (ranges,
// spans against columns, all or nothing) is `GridLayout`'s (GridLayout+Items.swift).
import CCVLayout
import CVLayoutCore

private func grid(_ box: LayoutBox) throws -> GridLayout { try layoutOfType(box, GridLayout.self, "grid") }

/// A C array of `count` elements as a Swift array: nil for (NULL, 0); throws for NULL with a count.
private func array<T, U>(_ p: UnsafePointer<T>?, _ count: Int, _ name: String, _ convert: (T) -> U) throws -> [U]? {
    guard count >= 0, count <= CollectionView.maxCount else {
        throw LayoutError.invalid("count \(count) is out of range")
    }
    guard let p else {
        guard count == 0 else { throw LayoutError(.nullArgument, "\(name) is NULL but count is \(count)") }
        return nil
    }
    return UnsafeBufferPointer(start: p, count: count).map(convert)
}

private func counts(_ removeCount: Int, _ insertCount: Int) throws {
    guard removeCount >= 0, removeCount <= CollectionView.maxCount else {
        throw LayoutError.outOfRange("remove_count \(removeCount) is out of range")
    }
    guard insertCount >= 0, insertCount <= CollectionView.maxCount else {
        throw LayoutError.invalid("insert_count \(insertCount) is out of range")
    }
}

@_cdecl("cvl_grid_layout_set_item_spans")
public func cvl_grid_layout_set_item_spans_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ spans: UnsafePointer<Int32>?, _ count: Int
) -> Int32 {
    withLayout(layout) { box in
        let g = try grid(box)
        try g.setItemSpans(try array(spans, count, "spans") { $0 }, forSection: Int(section))
    }
}

@_cdecl("cvl_grid_layout_replace_item_spans")
public func cvl_grid_layout_replace_item_spans_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ start: Int64, _ removeCount: Int,
    _ spans: UnsafePointer<Int32>?, _ insertCount: Int
) -> Int32 {
    withLayout(layout) { box in
        let g = try grid(box)
        try counts(removeCount, insertCount)
        let list = try array(spans, insertCount, "spans") { $0 } ?? []
        try g.replaceItemSpans(inSection: Int(section), start: Int(start), removeCount: removeCount, with: list)
    }
}

@_cdecl("cvl_grid_layout_set_item_extents")
public func cvl_grid_layout_set_item_extents_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ extents: UnsafePointer<Double>?, _ count: Int
) -> Int32 {
    withLayout(layout) { box in
        let g = try grid(box)
        try g.setItemExtents(try array(extents, count, "extents") { $0 }, forSection: Int(section))
    }
}

@_cdecl("cvl_grid_layout_replace_item_extents")
public func cvl_grid_layout_replace_item_extents_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ start: Int64, _ removeCount: Int,
    _ extents: UnsafePointer<Double>?, _ insertCount: Int
) -> Int32 {
    withLayout(layout) { box in
        let g = try grid(box)
        try counts(removeCount, insertCount)
        let list = try array(extents, insertCount, "extents") { $0 } ?? []
        try g.replaceItemExtents(inSection: Int(section), start: Int(start), removeCount: removeCount, with: list)
    }
}

@_cdecl("cvl_grid_layout_set_section_columns")
public func cvl_grid_layout_set_section_columns_impl(
    _ layout: OpaquePointer?, _ columns: UnsafePointer<cvl_grid_section_columns>?, _ count: Int
) -> Int32 {
    withLayout(layout) { box in
        let g = try grid(box)
        let list = try array(columns, count, "columns") {
            GridLayout.SectionColumns(columns: Int($0.columns), minimumColumnWidth: $0.minimum_column_width)
        }
        try g.setSectionColumns(list ?? [])
    }
}

/// `cvl_grid_callbacks` as `GridLayout.Callbacks`: a NULL function is a callback not set. The
/// layout checks the answers (GridLayout+Callbacks.swift).
@_cdecl("cvl_grid_layout_set_callbacks")
public func cvl_grid_layout_set_callbacks_impl(
    _ layout: OpaquePointer?, _ callbacks: UnsafePointer<cvl_grid_callbacks>?
) -> Int32 {
    withLayout(layout) { box in
        let g = try grid(box)
        guard let cb = callbacks?.pointee else {
            g.setCallbacks(nil)
            return
        }
        let ctx = cb.context
        var out = GridLayout.Callbacks()
        if let f = cb.span_for_item {
            out.span = { ip in
                var v: Int32 = 0
                try callC("span_for_item(\(ip))") { f(ctx, ip.c, &v) }
                return Int(v)
            }
        }
        if let f = cb.extent_for_item {
            out.extent = { ip in
                var v = Double.nan
                try callC("extent_for_item(\(ip))") { f(ctx, ip.c, &v) }
                return v
            }
        }
        if let f = cb.columns_for_section {
            out.columns = { s in
                var v = cvl_grid_section_columns(columns: -1, minimum_column_width: .nan)
                try callC("columns_for_section(\(s))") { f(ctx, Int64(s), &v) }
                guard v.columns >= 0, v.columns <= Int64(GridLayout.maxColumns) else {
                    throw LayoutError.callback(
                        "GridLayout: columns_for_section returned \(v.columns) columns for section \(s); columns "
                            + "must be 0 ... \(GridLayout.maxColumns)")
                }
                return GridLayout.SectionColumns(columns: Int(v.columns), minimumColumnWidth: v.minimum_column_width)
            }
        }
        g.setCallbacks(out)
    }
}
