import CCVLayout
import CVLayoutCore

// The seeds' layouts that are not flow layouts: circle, mosaic and tree (docs/sources.md
// names the article, post and guide each comes from). See include/cvlayout.h.

func layoutOfType<T: CollectionViewLayout>(_ box: LayoutBox, _ t: T.Type, _ name: String) throws -> T {
    guard let l = box.layout as? T else { throw LayoutError.invalid("the layout is not a \(name) layout") }
    return l
}

private func create(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ type: Int32, _ make: () throws -> CollectionViewLayout
) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out_layout is NULL") }
        out.pointee = registerLayout(try make(), type: type)
    }
}

// MARK: Circle

@_cdecl("cvl_circle_layout_create")
public func cvl_circle_layout_create_impl(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    create(out, CVL_LAYOUT_CIRCLE) { CircleLayout() }
}

@_cdecl("cvl_circle_layout_set_item_size")
public func cvl_circle_layout_set_item_size_impl(_ layout: OpaquePointer?, _ size: cvl_size) -> Int32 {
    withLayout(layout) { box in
        try layoutOfType(box, CircleLayout.self, "circle").setItemSize(size.core)
    }
}

@_cdecl("cvl_circle_layout_get_item_size")
public func cvl_circle_layout_get_item_size_impl(
    _ layout: OpaquePointer?, _ out: UnsafeMutablePointer<cvl_size>?
) -> Int32 {
    withLayout(layout, nested: .callbacks) { box in
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = try layoutOfType(box, CircleLayout.self, "circle").itemSize.c
    }
}

// MARK: Mosaic

@_cdecl("cvl_mosaic_layout_create")
public func cvl_mosaic_layout_create_impl(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    create(out, CVL_LAYOUT_MOSAIC) { MosaicLayout() }
}

@_cdecl("cvl_mosaic_layout_set_config")
public func cvl_mosaic_layout_set_config_impl(
    _ layout: OpaquePointer?, _ config: UnsafePointer<cvl_mosaic_config>?
) -> Int32 {
    withLayout(layout) { box in
        let m = try layoutOfType(box, MosaicLayout.self, "mosaic")
        guard let c = config?.pointee else { throw LayoutError(.nullArgument, "config is NULL") }
        try m.configure(c.core)
    }
}

extension cvl_mosaic_config {
    /// The core configuration; 0 encodes "derived" (nil).
    var core: MosaicLayout.Configuration {
        func opt(_ v: Double) -> Double? { v == 0 ? nil : v }
        var m = MosaicLayout.Configuration()
        m.padding = padding
        m.columnWidth = opt(column_width)
        m.rowHeight = opt(row_height)
        m.largeCellWidth = opt(large_cell_width)
        m.largeCellHeight = opt(large_cell_height)
        m.mediumCellHeight = opt(medium_cell_height)
        return m
    }
}

extension MosaicLayout.Configuration {
    var c: cvl_mosaic_config {
        cvl_mosaic_config(
            padding: padding, column_width: columnWidth ?? 0, row_height: rowHeight ?? 0,
            large_cell_width: largeCellWidth ?? 0, large_cell_height: largeCellHeight ?? 0,
            medium_cell_height: mediumCellHeight ?? 0)
    }
}

@_cdecl("cvl_mosaic_layout_get_config")
public func cvl_mosaic_layout_get_config_impl(
    _ layout: OpaquePointer?, _ out: UnsafeMutablePointer<cvl_mosaic_config>?
) -> Int32 {
    withLayout(layout, nested: .callbacks) { box in
        let m = try layoutOfType(box, MosaicLayout.self, "mosaic")
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = m.configuration.c
    }
}

// MARK: Tree

/// `cvl_tree_data_source` as a `TreeLayoutDataSource`.
final class CTreeDataSource: TreeLayoutDataSource {
    let source: cvl_tree_data_source
    init(_ s: cvl_tree_data_source) throws {
        guard s.number_of_children != nil else { throw LayoutError(.nullArgument, "source.number_of_children is NULL") }
        source = s
    }
    func numberOfChildren(ofItemAt indexPath: IndexPath) throws -> Int {
        guard let f = source.number_of_children else { return 0 }
        var n: Int64 = 0
        try callC("number_of_children(\(indexPath))") { f(source.context, indexPath.c, &n) }
        guard n >= 0 else {
            throw LayoutError.callback("number_of_children returned \(n) for \(indexPath), a negative count")
        }
        guard n <= Int64(CollectionView.maxCount) else {
            throw LayoutError(.overflow, "number_of_children returned \(n) for \(indexPath)")
        }
        return Int(n)
    }
}

@_cdecl("cvl_tree_config_default")
public func cvl_tree_config_default_impl(_ out: UnsafeMutablePointer<cvl_tree_config>?) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = TreeLayout.Configuration.default.c
    }
}

@_cdecl("cvl_tree_layout_create")
public func cvl_tree_layout_create_impl(
    _ source: UnsafePointer<cvl_tree_data_source>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    guarded {
        guard let source else { throw LayoutError(.nullArgument, "source is NULL") }
        guard let out else { throw LayoutError(.nullArgument, "out_layout is NULL") }
        let t = TreeLayout()
        t.treeDataSource = try CTreeDataSource(source.pointee)
        out.pointee = registerLayout(t, type: CVL_LAYOUT_TREE)
    }
}

@_cdecl("cvl_tree_layout_set_config")
public func cvl_tree_layout_set_config_impl(
    _ layout: OpaquePointer?, _ config: UnsafePointer<cvl_tree_config>?
) -> Int32 {
    withLayout(layout) { box in
        let t = try layoutOfType(box, TreeLayout.self, "tree")
        guard let c = config?.pointee else { throw LayoutError(.nullArgument, "config is NULL") }
        try t.configure(c.core)
    }
}

@_cdecl("cvl_tree_layout_get_config")
public func cvl_tree_layout_get_config_impl(
    _ layout: OpaquePointer?, _ out: UnsafeMutablePointer<cvl_tree_config>?
) -> Int32 {
    withLayout(layout, nested: .callbacks) { box in
        let t = try layoutOfType(box, TreeLayout.self, "tree")
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = t.configuration.c
    }
}

extension cvl_tree_config {
    var core: TreeLayout.Configuration {
        var t = TreeLayout.Configuration()
        t.itemSize = item_size.core
        t.insets = insets.core
        return t
    }
}

extension TreeLayout.Configuration {
    var c: cvl_tree_config { cvl_tree_config(item_size: itemSize.c, insets: insets.c) }
}
