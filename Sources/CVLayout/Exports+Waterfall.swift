import CCVLayout
import CVLayoutCore

// The waterfall (masonry) layout: a flow subclass with its own column settings. The core
// (`WaterfallLayout.Configuration`) owns the defaults and the rules; this file only converts.
// See include/cvlayout.h.

extension cvl_waterfall_config {
    var core: WaterfallLayout.Configuration {
        var c = WaterfallLayout.Configuration()
        c.columnCount = Int(column_count)
        c.minimumColumnWidth = minimum_column_width
        return c
    }
}

extension WaterfallLayout.Configuration {
    var c: cvl_waterfall_config {
        cvl_waterfall_config(column_count: Int64(columnCount), minimum_column_width: minimumColumnWidth)
    }
}

@_cdecl("cvl_waterfall_config_default")
public func cvl_waterfall_config_default_impl(_ out: UnsafeMutablePointer<cvl_waterfall_config>?) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = WaterfallLayout.Configuration.default.c
    }
}

@_cdecl("cvl_waterfall_layout_create")
public func cvl_waterfall_layout_create_impl(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out_layout is NULL") }
        out.pointee = registerLayout(WaterfallLayout(), type: CVL_LAYOUT_WATERFALL)
    }
}

@_cdecl("cvl_waterfall_layout_set_config")
public func cvl_waterfall_layout_set_config_impl(
    _ layout: OpaquePointer?, _ config: UnsafePointer<cvl_waterfall_config>?
) -> Int32 {
    withLayout(layout) { box in
        guard let config else { throw LayoutError(.nullArgument, "config is NULL") }
        try layoutOfType(box, WaterfallLayout.self, "waterfall").configure(waterfall: config.pointee.core)
    }
}

@_cdecl("cvl_waterfall_layout_get_config")
public func cvl_waterfall_layout_get_config_impl(
    _ layout: OpaquePointer?, _ out: UnsafeMutablePointer<cvl_waterfall_config>?
) -> Int32 {
    withLayout(layout, fromHooks: true) { box in
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = try layoutOfType(box, WaterfallLayout.self, "waterfall").waterfall.c
    }
}
