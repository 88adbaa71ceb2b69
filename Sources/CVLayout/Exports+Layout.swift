import CCVLayout
import CVLayoutCore

// Functions common to every layout. See include/cvlayout.h.

@_cdecl("cvl_layout_destroy")
public func cvl_layout_destroy_impl(_ layout: OpaquePointer?) -> Int32 {
    guarded {
        guard let layout else { return }
        let box = try lookupLayout(layout)
        if let vb = box.viewBox, vb.phase != .idle {
            throw LayoutError.state("cvl_layout_destroy called from inside a callback of the view using the layout")
        }
        Registry.shared.remove(layout)
        box.handleDestroyed(layout)
    }
}

@_cdecl("cvl_layout_get_type")
public func cvl_layout_get_type_impl(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withLayout(layout, nested: .callbacks) { box in
        guard let out else { throw LayoutError(.nullArgument, "out_type is NULL") }
        out.pointee = box.type
    }
}

@_cdecl("cvl_layout_register_kind")
public func cvl_layout_register_kind_impl(
    _ layout: OpaquePointer?, _ name: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<Int32>?
) -> Int32 {
    withLayout(layout) { box in
        let n = try readCString(name, "name")
        guard let out else { throw LayoutError(.nullArgument, "out_kind is NULL") }
        guard box.layout.kinds.names.count < 10_000 || box.layout.kinds.kind(named: n) != nil else {
            throw LayoutError(.overflow, "too many kinds registered on this layout")
        }
        out.pointee = box.layout.kinds.register(n).rawValue
    }
}
