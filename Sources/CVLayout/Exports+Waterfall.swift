// The waterfall's functions beyond its config struct (include/cvlayout.h, "Waterfall"): bulk
// full-span flags and extents per section, per-section column counts. Converting only: every
// rule (ranges, all or nothing) is `WaterfallLayout`'s (WaterfallLayout+Items.swift).
import CCVLayout
import CVLayoutCore

private func waterfall(_ box: LayoutBox) throws -> WaterfallLayout {
    try layoutOfType(box, WaterfallLayout.self, "waterfall")
}

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

@_cdecl("cvl_waterfall_layout_set_full_spans")
public func cvl_waterfall_layout_set_full_spans_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ flags: UnsafePointer<UInt8>?, _ count: Int
) -> Int32 {
    withLayout(layout) { box in
        let w = try waterfall(box)
        try w.setFullSpanItems(try array(flags, count, "flags") { $0 }, forSection: Int(section))
    }
}

@_cdecl("cvl_waterfall_layout_replace_full_spans")
public func cvl_waterfall_layout_replace_full_spans_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ start: Int64, _ removeCount: Int,
    _ flags: UnsafePointer<UInt8>?, _ insertCount: Int
) -> Int32 {
    withLayout(layout) { box in
        let w = try waterfall(box)
        try counts(removeCount, insertCount)
        let list = try array(flags, insertCount, "flags") { $0 } ?? []
        try w.replaceFullSpanItems(inSection: Int(section), start: Int(start), removeCount: removeCount, with: list)
    }
}

@_cdecl("cvl_waterfall_layout_set_extents")
public func cvl_waterfall_layout_set_extents_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ extents: UnsafePointer<Double>?, _ count: Int
) -> Int32 {
    withLayout(layout) { box in
        let w = try waterfall(box)
        try w.setItemExtents(try array(extents, count, "extents") { $0 }, forSection: Int(section))
    }
}

@_cdecl("cvl_waterfall_layout_replace_extents")
public func cvl_waterfall_layout_replace_extents_impl(
    _ layout: OpaquePointer?, _ section: Int64, _ start: Int64, _ removeCount: Int,
    _ extents: UnsafePointer<Double>?, _ insertCount: Int
) -> Int32 {
    withLayout(layout) { box in
        let w = try waterfall(box)
        try counts(removeCount, insertCount)
        let list = try array(extents, insertCount, "extents") { $0 } ?? []
        try w.replaceItemExtents(inSection: Int(section), start: Int(start), removeCount: removeCount, with: list)
    }
}

@_cdecl("cvl_waterfall_layout_set_section_columns")
public func cvl_waterfall_layout_set_section_columns_impl(
    _ layout: OpaquePointer?, _ columns: UnsafePointer<cvl_waterfall_section_columns>?, _ count: Int
) -> Int32 {
    withLayout(layout) { box in
        let w = try waterfall(box)
        let list = try array(columns, count, "columns") {
            WaterfallLayout.SectionColumns(columns: Int($0.columns), minimumColumnWidth: $0.minimum_column_width)
        }
        try w.setSectionColumns(list ?? [])
    }
}
