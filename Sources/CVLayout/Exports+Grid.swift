import CCVLayout
import CVLayoutCore

// The fixed-column grid (Apple's compositional grid sample). The core (`GridLayout.Configuration`)
// owns the defaults and the rules; this file only converts. See include/cvlayout.h.

extension cvl_grid_config {
    /// The core configuration (`columns` converts exactly: Int is 64 bits; the core checks it).
    var core: GridLayout.Configuration {
        var c = GridLayout.Configuration()
        c.columns = Int(columns)
        c.itemHeight = item_height
        c.itemAspect = item_aspect
        c.interitemSpacing = interitem_spacing
        c.intergroupSpacing = intergroup_spacing
        c.contentInsets = content_insets.core
        c.headerHeight = header_height
        return c
    }
}

extension GridLayout.Configuration {
    var c: cvl_grid_config {
        cvl_grid_config(
            columns: Int64(columns), item_height: itemHeight, item_aspect: itemAspect,
            interitem_spacing: interitemSpacing, intergroup_spacing: intergroupSpacing,
            content_insets: contentInsets.c,
            header_height: headerHeight)
    }
}

@_cdecl("cvl_grid_config_default")
public func cvl_grid_config_default_impl(_ out: UnsafeMutablePointer<cvl_grid_config>?) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = GridLayout.Configuration.default.c
    }
}

@_cdecl("cvl_grid_layout_create")
public func cvl_grid_layout_create_impl(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out_layout is NULL") }
        out.pointee = registerLayout(GridLayout(), type: CVL_LAYOUT_GRID)
    }
}

@_cdecl("cvl_grid_layout_set_config")
public func cvl_grid_layout_set_config_impl(
    _ layout: OpaquePointer?, _ config: UnsafePointer<cvl_grid_config>?
) -> Int32 {
    withLayout(layout) { box in
        guard let config else { throw LayoutError(.nullArgument, "config is NULL") }
        try layoutOfType(box, GridLayout.self, "grid").configure(config.pointee.core)
    }
}

@_cdecl("cvl_grid_layout_get_config")
public func cvl_grid_layout_get_config_impl(
    _ layout: OpaquePointer?, _ out: UnsafeMutablePointer<cvl_grid_config>?
) -> Int32 {
    withLayout(layout, fromHooks: true) { box in
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = try layoutOfType(box, GridLayout.self, "grid").configuration.c
    }
}
