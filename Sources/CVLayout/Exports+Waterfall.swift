// The waterfall's functions beyond its config struct (include/cvlayout.h, "Waterfall"): bulk
// full-span flags and extents per section, per-section column counts. Converting only: every
// rule (ranges, all or nothing) is `WaterfallLayout`'s (WaterfallLayout+Items.swift).
import CCVLayout
import CVLayoutCore

private func waterfall(_ box: LayoutBox) throws -> WaterfallLayout {
    try layoutOfType(box, WaterfallLayout.self, "waterfall")
}

@_cdecl("cvl_waterfall_layout_set_full_spans")
public func cvl_waterfall_layout_set_full_spans_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ flags: UnsafePointer<UInt8>?, _ count: Int
) -> Int32 {
    withLayout(layout) { box in
        let w = try waterfall(box)
        try w.setFullSpanItems(try bulkArray(flags, count, "flags"), forSection: Int(section))
    }
}

@_cdecl("cvl_waterfall_layout_replace_full_spans")
public func cvl_waterfall_layout_replace_full_spans_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ start: Int64, _ removeCount: Int,
    _ flags: UnsafePointer<UInt8>?, _ insertCount: Int
) -> Int32 {
    withLayout(layout) { box in
        let w = try waterfall(box)
        try checkEditCounts(removeCount, insertCount)
        let list = try bulkArray(flags, insertCount, "flags") ?? []
        try w.replaceFullSpanItems(inSection: Int(section), start: Int(start), removeCount: removeCount, with: list)
    }
}

@_cdecl("cvl_waterfall_layout_set_extents")
public func cvl_waterfall_layout_set_extents_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ extents: UnsafePointer<Double>?, _ count: Int
) -> Int32 {
    withLayout(layout) { box in
        let w = try waterfall(box)
        try w.setItemExtents(try bulkArray(extents, count, "extents"), forSection: Int(section))
    }
}

@_cdecl("cvl_waterfall_layout_replace_extents")
public func cvl_waterfall_layout_replace_extents_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ start: Int64, _ removeCount: Int,
    _ extents: UnsafePointer<Double>?, _ insertCount: Int
) -> Int32 {
    withLayout(layout) { box in
        let w = try waterfall(box)
        try checkEditCounts(removeCount, insertCount)
        let list = try bulkArray(extents, insertCount, "extents") ?? []
        try w.replaceItemExtents(inSection: Int(section), start: Int(start), removeCount: removeCount, with: list)
    }
}

@_cdecl("cvl_waterfall_layout_set_section_columns")
public func cvl_waterfall_layout_set_section_columns_impl(
    _ layout: OpaquePointer?, _ columns: UnsafePointer<cvl_waterfall_section_columns>?, _ count: Int
) -> Int32 {
    withLayout(layout) { box in
        let w = try waterfall(box)
        let list = try bulkArray(columns, count, "columns") {
            sectionColumns($0.columns, $0.minimum_column_width)
        }
        try w.setSectionColumns(list ?? [])
    }
}

/// `cvl_waterfall_callbacks` as `WaterfallLayout.Callbacks`: a NULL function is a callback not
/// set. The layout checks the answers (WaterfallLayout+Callbacks.swift).
@_cdecl("cvl_waterfall_layout_set_callbacks")
public func cvl_waterfall_layout_set_callbacks_impl(
    _ layout: OpaquePointer?, _ callbacks: UnsafePointer<cvl_waterfall_callbacks>?
) -> Int32 {
    withLayout(layout) { box in
        let w = try waterfall(box)
        guard let cb = callbacks?.pointee else {
            w.setCallbacks(nil)
            return
        }
        let ctx = cb.context
        var out = WaterfallLayout.Callbacks()
        if let f = cb.is_full_span {
            let answer = itemAnswer("is_full_span", start: Int32(-1)) { f(ctx, $0, $1) }
            out.isFullSpan = { ip in
                let v = try answer(ip)
                guard v == 0 || v == 1 else {
                    throw LayoutError.callback(
                        "WaterfallLayout: is_full_span returned \(v) for item \(ip); the answer must be 0 or 1")
                }
                return v == 1
            }
        }
        if let f = cb.extent_for_item {
            out.extent = itemAnswer("extent_for_item", start: Double.nan) { f(ctx, $0, $1) }
        }
        if let f = cb.columns_for_section {
            out.columns = { s in
                var v = cvl_waterfall_section_columns(columns: -1, minimum_column_width: .nan)
                try callC("columns_for_section(\(s))") { f(ctx, Int64(s), &v) }
                return sectionColumns(v.columns, v.minimum_column_width)
            }
        }
        w.setCallbacks(out)
    }
}
