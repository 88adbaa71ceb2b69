import CCVLayout
import CVLayoutCore

// The opt-in bulk item-count source (include/cvlayout.h, "Item counts in bulk"). Only the C
// encoding: the counts' rules are `CountLoad`'s, the loop is `CDataSource.loadInBulk`.

@_cdecl("cvl_view_set_item_counts_source")
public func cvl_view_set_item_counts_source_impl(
    _ view: OpaquePointer?, _ source: UnsafePointer<cvl_item_counts_source>?
) -> Int32 {
    withView(view) { box in
        box.dataSource.setItemCounts(source?.pointee ?? cvl_item_counts_source())
    }
}
