import CCVLayout
import CVLayoutCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gives C callbacks of a layout the `cvl_layout_env` of the view the layout is attached to.
protocol HasLayoutBox: AnyObject {
    var box: LayoutBox? { get }
}

extension HasLayoutBox {
    func withEnv<R>(_ body: (UnsafePointer<cvl_layout_env>) throws -> R) rethrows -> R {
        if let vb = box?.viewBox { return try vb.withEnv(body) }
        return try withDetachedEnv(body)
    }
    /// The layout's C handle for hooks: the caller's, or (after the caller destroyed it while a
    /// view uses the layout) one the library keeps for as long as the view uses it.
    var handle: OpaquePointer? { box?.hookHandle }
}

/// Most elements one attributes-producing callback may hand back in one call
/// (`CVL_MAX_CALLBACK_ELEMENTS`): a larger `*out_count` request is refused with a clear error
/// instead of allocating for it.
let maxCallbackElements = 1 << 20

/// Calls a C attributes-producing callback with a growing buffer: `fill(buffer, capacity,
/// &count)` may fail with CVL_ERROR_CAPACITY and the needed count, and is then called again
/// (at most 4 times). A request above `maxCapacity` fails with `.callback`, before anything is
/// allocated for it. The buffer comes from `calloc`, so a request costs memory only as far as
/// the callback really writes (the system hands zero pages out lazily).
/// - Complexity: memory O(min(count requested, maxCapacity)) for the call.
func collectAttributes(
    _ who: String, initialCapacity: Int, maxCapacity: Int = maxCallbackElements,
    prefill: [cvl_attributes] = [],
    _ fill: (UnsafeMutablePointer<cvl_attributes>, Int, inout Int) -> Int32
) throws -> [cvl_attributes] {
    var capacity = max(min(initialCapacity, maxCapacity), prefill.count, 16)
    for _ in 0..<4 {
        guard let raw = calloc(capacity, MemoryLayout<cvl_attributes>.stride) else {
            throw LayoutError(.overflow, "\(who): cannot allocate a buffer of \(capacity) attributes")
        }
        defer { free(raw) }
        let buffer = raw.bindMemory(to: cvl_attributes.self, capacity: capacity)
        for (i, a) in prefill.enumerated() { buffer[i] = a }
        var count = prefill.count
        let ts = threadState
        ts.callbackDepth += 1
        let status = fill(buffer, capacity, &count)
        ts.callbackDepth -= 1
        if status == CVL_ERROR_CAPACITY && count > capacity {
            ts.callbackMessage = nil
            guard count <= maxCapacity else {
                throw LayoutError.callback(
                    "\(who) callback asked for a buffer of \(count) attributes; at most \(maxCapacity) are accepted "
                        + "from one call (CVL_MAX_CALLBACK_ELEMENTS)"
                )
            }
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
        return Array(UnsafeBufferPointer(start: buffer, count: count))
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
        return cvl_update_item(
            action: Int32(u.action.rawValue), is_section: u.isSectionUpdate ? 1 : 0,
            before: conv(u.indexPathBeforeUpdate), after: conv(u.indexPathAfterUpdate))
    }
}
