// The span grid's functions beyond its config struct (include/cvlayout.h, "Grid layout"): bulk
// spans and extents per section, per-section column counts. Converting only: every rule (ranges,
// spans against columns, all or nothing) is `GridLayout`'s (GridLayout+Items.swift).
import CCVLayout
import CVLayoutCore

private func grid(_ box: LayoutBox) throws -> GridLayout { try layoutOfType(box, GridLayout.self, "grid") }

@_cdecl("cvl_grid_layout_set_item_spans")
public func cvl_grid_layout_set_item_spans_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ spans: UnsafePointer<Int32>?, _ count: Int
) -> Int32 {
    withLayout(layout) { box in
        let g = try grid(box)
        try g.setItemSpans(try bulkArray(spans, count, "spans"), forSection: Int(section))
    }
}

@_cdecl("cvl_grid_layout_replace_item_spans")
public func cvl_grid_layout_replace_item_spans_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ start: Int64, _ removeCount: Int,
    _ spans: UnsafePointer<Int32>?, _ insertCount: Int
) -> Int32 {
    withLayout(layout) { box in
        let g = try grid(box)
        try checkEditCounts(removeCount, insertCount)
        let list = try bulkArray(spans, insertCount, "spans") ?? []
        try g.replaceItemSpans(inSection: Int(section), start: Int(start), removeCount: removeCount, with: list)
    }
}

@_cdecl("cvl_grid_layout_set_item_extents")
public func cvl_grid_layout_set_item_extents_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ extents: UnsafePointer<Double>?, _ count: Int
) -> Int32 {
    withLayout(layout) { box in
        let g = try grid(box)
        try g.setItemExtents(try bulkArray(extents, count, "extents"), forSection: Int(section))
    }
}

@_cdecl("cvl_grid_layout_replace_item_extents")
public func cvl_grid_layout_replace_item_extents_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ start: Int64, _ removeCount: Int,
    _ extents: UnsafePointer<Double>?, _ insertCount: Int
) -> Int32 {
    withLayout(layout) { box in
        let g = try grid(box)
        try checkEditCounts(removeCount, insertCount)
        let list = try bulkArray(extents, insertCount, "extents") ?? []
        try g.replaceItemExtents(inSection: Int(section), start: Int(start), removeCount: removeCount, with: list)
    }
}

@_cdecl("cvl_grid_layout_set_section_columns")
public func cvl_grid_layout_set_section_columns_impl(
    _ layout: OpaquePointer?, _ columns: UnsafePointer<cvl_grid_section_columns>?, _ count: Int
) -> Int32 {
    withLayout(layout) { box in
        let g = try grid(box)
        let list = try bulkArray(columns, count, "columns") {
            sectionColumns($0.columns, $0.minimum_column_width)
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
            let span = itemAnswer("span_for_item", start: Int32(0)) { f(ctx, $0, $1) }
            out.span = { Int(try span($0)) }
        }
        if let f = cb.extent_for_item {
            out.extent = itemAnswer("extent_for_item", start: Double.nan) { f(ctx, $0, $1) }
        }
        if let f = cb.columns_for_section {
            out.columns = { s in
                var v = cvl_grid_section_columns(columns: -1, minimum_column_width: .nan)
                try callC("columns_for_section(\(s))") { f(ctx, Int64(s), &v) }
                return sectionColumns(v.columns, v.minimum_column_width)
            }
        }
        g.setCallbacks(out)
    }
}
