import CCVLayout
import CVLayoutCore

// Right-to-left: the view's layout direction and a layout's flag (CollectionView+HostSpace.swift).
// See include/cvlayout.h, "Right-to-left".

@_cdecl("cvl_view_set_layout_direction")
public func cvl_view_set_layout_direction_impl(_ view: OpaquePointer?, _ direction: Int32) -> Int32 {
    withView(view) { box in
        guard let d = LayoutDirection(rawValue: Int(direction)) else {
            throw LayoutError.invalid("layout direction \(direction) is not a CVL_LAYOUT_DIRECTION_* value")
        }
        box.view.layoutDirection = d
    }
}

@_cdecl("cvl_view_get_layout_direction")
public func cvl_view_get_layout_direction_impl(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withView(view, nested: .callbacks) { box in
        guard let out else { throw LayoutError(.nullArgument, "out_direction is NULL") }
        out.pointee = Int32(box.view.layoutDirection.rawValue)
    }
}

@_cdecl("cvl_layout_set_flips_horizontally")
public func cvl_layout_set_flips_horizontally_impl(_ layout: OpaquePointer?, _ flips: Int32) -> Int32 {
    withLayout(layout) { box in
        guard flips == 0 || flips == 1 else { throw LayoutError.invalid("flips is \(flips), not 0 or 1") }
        box.layout.flipsHorizontallyInOppositeLayoutDirection = flips == 1
    }
}

@_cdecl("cvl_layout_get_flips_horizontally")
public func cvl_layout_get_flips_horizontally_impl(
    _ layout: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?
)
    -> Int32
{
    withLayout(layout, nested: .callbacks) { box in
        guard let out else { throw LayoutError(.nullArgument, "out_flips is NULL") }
        out.pointee = box.layout.flipsHorizontallyInOppositeLayoutDirection ? 1 : 0
    }
}
