import CCVLayout
import CVLayoutCore

/// Gives C callbacks of a layout the `cvl_layout_env` of the view the layout is attached to.
protocol HasLayoutBox: AnyObject {
    var box: LayoutBox? { get }
}

extension HasLayoutBox {
    func withEnv<R>(_ body: (UnsafePointer<cvl_layout_env>) throws -> R) rethrows -> R {
        if let vb = box?.viewBox { return try vb.withEnv(body) }
        return try withDetachedEnv(body)
    }
    /// The layout's C handle (valid while the caller's handle is alive; NULL after it was destroyed).
    var handle: OpaquePointer? { box?.handle }
}

/// Calls a C attributes-producing callback with a growing buffer: `fill(buffer, capacity,
/// &count)` may fail with CVL_ERROR_CAPACITY and the needed count, and is then called again.
func collectAttributes(_ who: String, initialCapacity: Int, maxCapacity: Int = 1 << 26,
                       prefill: [cvl_attributes] = [],
                       _ fill: (UnsafeMutablePointer<cvl_attributes>, Int, inout Int) -> Int32) throws -> [cvl_attributes] {
    var capacity = max(initialCapacity, prefill.count, 16)
    for _ in 0..<4 {
        var buffer = [cvl_attributes](repeating: cvl_attributes(), count: capacity)
        for (i, a) in prefill.enumerated() { buffer[i] = a }
        var count = prefill.count
        let ts = threadState
        ts.callbackDepth += 1
        let status = buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress!, capacity, &count) }
        ts.callbackDepth -= 1
        if status == CVL_ERROR_CAPACITY && count > capacity && count <= maxCapacity {
            ts.callbackMessage = nil
            capacity = count
            continue
        }
        if status != 0 {
            let detail = ts.callbackMessage.map { ": \($0)" } ?? ""
            ts.callbackMessage = nil
            throw LayoutError.callback("\(who) callback failed with status \(status)\(detail)")
        }
        ts.callbackMessage = nil
        guard count >= 0, count <= capacity else {
            throw LayoutError.callback("\(who) callback reported \(count) attributes for a buffer of \(capacity)")
        }
        return Array(buffer[0..<count])
    }
    throw LayoutError.callback("\(who) callback kept asking for a larger buffer")
}

/// Converts update items to the C form given to layout callbacks.
func cUpdateItems(_ items: [UpdateItem]) -> [cvl_update_item] {
    items.map { u in
        let none = cvl_index_path(section: -1, item: -1)
        func conv(_ ip: IndexPath?) -> cvl_index_path {
            guard let ip else { return none }
            return cvl_index_path(section: Int64(ip.section), item: u.isSectionUpdate ? -1 : Int64(ip.item))
        }
        return cvl_update_item(action: Int32(u.action.rawValue), is_section: u.isSectionUpdate ? 1 : 0,
                               before: conv(u.indexPathBeforeUpdate), after: conv(u.indexPathAfterUpdate))
    }
}
