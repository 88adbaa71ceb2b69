import CCVLayout
import CVLayoutCore

// Scroll anchoring. See include/cvlayout.h ("Scroll anchoring").

@_cdecl("cvl_view_set_anchoring")
public func cvl_view_set_anchoring_impl(_ view: OpaquePointer?, _ policy: Int32, _ point: cvl_point) -> Int32 {
    withView(view) { box in
        let p: AnchorPolicy
        switch policy {
        case Int32(CVL_ANCHOR_NONE): p = .none
        case Int32(CVL_ANCHOR_FIRST_VISIBLE): p = .firstVisible
        case Int32(CVL_ANCHOR_NEAREST_POINT): p = .nearest(point.core)
        case Int32(CVL_ANCHOR_END): p = .end
        default: throw LayoutError.invalid("anchoring policy \(policy) is not a CVL_ANCHOR_* value")
        }
        try box.view.setAnchorPolicy(p)
    }
}

@_cdecl("cvl_view_get_anchoring")
public func cvl_view_get_anchoring_impl(
    _ view: OpaquePointer?, _ outPolicy: UnsafeMutablePointer<Int32>?,
    _ outPoint: UnsafeMutablePointer<cvl_point>?
) -> Int32 {
    withView(view, nested: .callbacks) { box in
        guard let outPolicy, let outPoint else { throw LayoutError(.nullArgument, "out_policy or out_point is NULL") }
        switch box.view.anchorPolicy {
        case .none: outPolicy.pointee = Int32(CVL_ANCHOR_NONE); outPoint.pointee = cvl_point(x: 0, y: 0)
        case .firstVisible:
            outPolicy.pointee = Int32(CVL_ANCHOR_FIRST_VISIBLE); outPoint.pointee = cvl_point(x: 0, y: 0)
        case .nearest(let p): outPolicy.pointee = Int32(CVL_ANCHOR_NEAREST_POINT); outPoint.pointee = p.c
        case .end: outPolicy.pointee = Int32(CVL_ANCHOR_END); outPoint.pointee = cvl_point(x: 0, y: 0)
        }
    }
}
