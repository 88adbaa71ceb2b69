import CCVLayout
import CVLayoutCore

// The seeds' flow-layout subclasses: Survey, Dimensions, Cover Flow. See include/cvlayout.h.

private func create(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ type: Int32, _ make: () -> CollectionViewLayout
) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out_layout is NULL") }
        out.pointee = registerLayout(make(), type: type)
    }
}

@_cdecl("cvl_survey_layout_create")
public func cvl_survey_layout_create_impl(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    create(out, CVL_LAYOUT_SURVEY) { SurveyLayout() }
}

@_cdecl("cvl_cover_flow_layout_create")
public func cvl_cover_flow_layout_create_impl(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    create(out, CVL_LAYOUT_COVER_FLOW) { CoverFlowLayout() }
}

extension CoverFlowLayout.Parameters {
    /// The C form.
    var c: cvl_cover_flow_params {
        cvl_cover_flow_params(
            active_distance: activeDistance, translate_distance: translateDistance,
            zoom_factor: zoomFactor, flow_offset: flowOffset,
            inactive_grey_value: inactiveGreyValue, maximum_angle: maximumAngle,
            perspective_factor: perspectiveFactor, derive_insets: derivesInsetsFromBounds ? 1 : 0, reserved: 0)
    }
}

@_cdecl("cvl_cover_flow_params_default")
public func cvl_cover_flow_params_default_impl(_ out: UnsafeMutablePointer<cvl_cover_flow_params>?) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = CoverFlowLayout.Parameters().c
    }
}

@_cdecl("cvl_cover_flow_layout_set_params")
public func cvl_cover_flow_layout_set_params_impl(
    _ layout: OpaquePointer?,
    _ params: UnsafePointer<cvl_cover_flow_params>?
) -> Int32 {
    withLayout(layout) { box in
        let l = try layoutOfType(box, CoverFlowLayout.self, "Cover Flow")
        guard let c = params?.pointee else { throw LayoutError(.nullArgument, "params is NULL") }
        guard c.reserved == 0 else { throw LayoutError.invalid("reserved must be 0") }
        guard c.derive_insets == 0 || c.derive_insets == 1 else {
            throw LayoutError.invalid("derive_insets must be 0 or 1 (got \(c.derive_insets))")
        }
        var p = CoverFlowLayout.Parameters()
        p.activeDistance = c.active_distance
        p.translateDistance = c.translate_distance
        p.zoomFactor = c.zoom_factor
        p.flowOffset = c.flow_offset
        p.inactiveGreyValue = c.inactive_grey_value
        p.maximumAngle = c.maximum_angle
        p.perspectiveFactor = c.perspective_factor
        p.derivesInsetsFromBounds = c.derive_insets == 1
        try l.setParameters(p)
    }
}

@_cdecl("cvl_cover_flow_layout_get_params")
public func cvl_cover_flow_layout_get_params_impl(
    _ layout: OpaquePointer?,
    _ out: UnsafeMutablePointer<cvl_cover_flow_params>?
) -> Int32 {
    withLayout(layout, nested: .callbacks) { box in
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        let l = try layoutOfType(box, CoverFlowLayout.self, "Cover Flow")
        out.pointee = l.parameters.c
    }
}

@_cdecl("cvl_dimensions_layout_create")
public func cvl_dimensions_layout_create_impl(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    create(out, CVL_LAYOUT_DIMENSIONS) { DimensionsLayout() }
}

@_cdecl("cvl_aspect_fit_size")
public func cvl_aspect_fit_size_impl(
    _ image: cvl_size, _ maxSize: cvl_size, _ out: UnsafeMutablePointer<cvl_size>?
) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = try DimensionsLayout.aspectFitSize(imageSize: image.core, maxSize: maxSize.core).c
    }
}

@_cdecl("cvl_dimensions_layout_set_mode")
public func cvl_dimensions_layout_set_mode_impl(_ layout: OpaquePointer?, _ mode: Int32) -> Int32 {
    withLayout(layout) { box in
        try layoutOfType(box, DimensionsLayout.self, "Dimensions").setLayoutMode(rawValue: Int(mode))
    }
}

@_cdecl("cvl_dimensions_layout_get_mode")
public func cvl_dimensions_layout_get_mode_impl(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32
{
    withLayout(layout, nested: .callbacks) { box in
        guard let out else { throw LayoutError(.nullArgument, "out_mode is NULL") }
        out.pointee = Int32(try layoutOfType(box, DimensionsLayout.self, "Dimensions").layoutMode.rawValue)
    }
}

@_cdecl("cvl_dimensions_layout_set_mode_callback")
public func cvl_dimensions_layout_set_mode_callback_impl(
    _ layout: OpaquePointer?,
    _ fn: (@convention(c) (UnsafeMutableRawPointer?, cvl_index_path, UnsafeMutablePointer<Int32>?) -> Int32)?,
    _ context: UnsafeMutableRawPointer?
) -> Int32 {
    withLayout(layout) { box in
        let d = try layoutOfType(box, DimensionsLayout.self, "Dimensions")
        guard let fn else { d.modeProvider = nil; return }
        d.modeProvider = { ip in
            var m: Int32 = -1
            try callC("layout mode callback(\(ip))") { fn(context, ip.c, &m) }
            guard let mode = DimensionsLayout.LayoutMode(rawValue: Int(m)) else {
                throw LayoutError.callback(
                    "layout mode callback returned \(m) for \(ip): not a CVL_LAYOUT_MODE_* value")
            }
            return mode
        }
    }
}
