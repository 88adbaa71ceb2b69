#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CCVLayout
import CVLayoutCore

// Version, errors and ABI introspection. See include/cvlayout.h for each contract.

@_cdecl("cvl_version")
public func cvl_version_impl(_ out: UnsafeMutablePointer<UInt32>?) -> Int32 {
    guarded {
        guard let out else { throw LayoutError(.nullArgument, "out is NULL") }
        out.pointee = UInt32(CVL_VERSION_MAJOR * 10000 + CVL_VERSION_MINOR * 100 + CVL_VERSION_PATCH)
    }
}

private let emptyMessage: StaticString = ""

@_cdecl("cvl_last_error_message")
public func cvl_last_error_message_impl() -> UnsafePointer<CChar>? {
    if let p = threadState.lastError { return UnsafePointer(p) }
    return UnsafeRawPointer(emptyMessage.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let statusNames: [StaticString] = [
    "CVL_OK", "CVL_ERROR_NULL_ARGUMENT", "CVL_ERROR_INVALID_ARGUMENT", "CVL_ERROR_INVALID_HANDLE",
    "CVL_ERROR_OUT_OF_RANGE", "CVL_ERROR_CAPACITY", "CVL_ERROR_CALLBACK", "CVL_ERROR_INCONSISTENT_UPDATE",
    "CVL_ERROR_STATE", "CVL_ERROR_OVERFLOW", "CVL_ERROR_INTERNAL",
]
private let unknownStatus: StaticString = "unknown status"

@_cdecl("cvl_status_string")
public func cvl_status_string_impl(_ status: Int32) -> UnsafePointer<CChar>? {
    let s = status >= 0 && Int(status) < statusNames.count ? statusNames[Int(status)] : unknownStatus
    return UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("cvl_callback_error")
public func cvl_callback_error_impl(_ message: UnsafePointer<CChar>?) -> Int32 {
    let ts = threadState
    guard ts.callbackDepth > 0 else { return CVL_OK }
    if let message {
        // Keep at most 1000 bytes, cut on a UTF-8 boundary by String's repair.
        let n = min(strnlen(message, 1001), 1000)
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(message).assumingMemoryBound(to: UInt8.self), count: n)
        ts.callbackMessage = String(decoding: bytes, as: UTF8.self)
    } else {
        ts.callbackMessage = nil
    }
    return CVL_OK
}

/// Reads a bounded C string (at most `limit` bytes) or throws.
func readCString(_ p: UnsafePointer<CChar>?, _ what: String, limit: Int = 255) throws -> String {
    guard let p else { throw LayoutError(.nullArgument, "\(what) is NULL") }
    let n = strnlen(p, limit + 1)
    guard n > 0 else { throw LayoutError.invalid("\(what) is empty") }
    guard n <= limit else { throw LayoutError.invalid("\(what) is longer than \(limit) bytes") }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: n)
    guard let s = String(validating: bytes, as: UTF8.self) else { throw LayoutError.invalid("\(what) is not valid UTF-8") }
    return s
}

// MARK: - ABI tables

private struct StructInfo {
    let size: Int
    let fields: [String: Int]
}

private func info<T>(_ t: T.Type, _ fields: [(String, PartialKeyPath<T>)]) -> StructInfo {
    var d: [String: Int] = [:]
    for (name, kp) in fields { d[name] = MemoryLayout<T>.offset(of: kp) ?? -1 }
    return StructInfo(size: MemoryLayout<T>.size, fields: d)
}

private let abiTable: [String: StructInfo] = [
    "cvl_point": info(cvl_point.self, [("x", \.x), ("y", \.y)]),
    "cvl_size": info(cvl_size.self, [("width", \.width), ("height", \.height)]),
    "cvl_rect": info(cvl_rect.self, [("x", \.x), ("y", \.y), ("width", \.width), ("height", \.height)]),
    "cvl_insets": info(cvl_insets.self, [("top", \.top), ("left", \.left), ("bottom", \.bottom), ("right", \.right)]),
    "cvl_index_path": info(cvl_index_path.self, [("section", \.section), ("item", \.item)]),
    "cvl_transform3d": info(cvl_transform3d.self, [
        ("m11", \.m11), ("m12", \.m12), ("m13", \.m13), ("m14", \.m14), ("m21", \.m21), ("m22", \.m22), ("m23", \.m23), ("m24", \.m24),
        ("m31", \.m31), ("m32", \.m32), ("m33", \.m33), ("m34", \.m34), ("m41", \.m41), ("m42", \.m42), ("m43", \.m43), ("m44", \.m44)]),
    "cvl_attributes": info(cvl_attributes.self, [
        ("index_path", \.index_path), ("category", \.category), ("kind", \.kind), ("frame", \.frame), ("center", \.center),
        ("size", \.size), ("transform", \.transform), ("alpha", \.alpha), ("z_index", \.z_index), ("hidden", \.hidden),
        ("custom_count", \.custom_count), ("custom", \.custom), ("disappearing", \.disappearing), ("reserved", \.reserved)]),
    "cvl_flow_config": info(cvl_flow_config.self, [
        ("scroll_direction", \.scroll_direction), ("section_headers_pin_to_visible_bounds", \.section_headers_pin_to_visible_bounds),
        ("section_footers_pin_to_visible_bounds", \.section_footers_pin_to_visible_bounds), ("reserved", \.reserved),
        ("item_size", \.item_size), ("minimum_line_spacing", \.minimum_line_spacing),
        ("minimum_interitem_spacing", \.minimum_interitem_spacing), ("section_inset", \.section_inset),
        ("header_reference_size", \.header_reference_size), ("footer_reference_size", \.footer_reference_size)]),
    "cvl_flow_delegate": info(cvl_flow_delegate.self, [
        ("context", \.context), ("size_for_item", \.size_for_item), ("inset_for_section", \.inset_for_section),
        ("minimum_line_spacing_for_section", \.minimum_line_spacing_for_section),
        ("minimum_interitem_spacing_for_section", \.minimum_interitem_spacing_for_section),
        ("header_size_for_section", \.header_size_for_section), ("footer_size_for_section", \.footer_size_for_section)]),
    "cvl_layout_env": info(cvl_layout_env.self, [
        ("bounds_size", \.bounds_size), ("content_offset", \.content_offset), ("number_of_sections", \.number_of_sections),
        ("items_in_section", \.items_in_section)]),
    "cvl_update_item": info(cvl_update_item.self, [("action", \.action), ("is_section", \.is_section), ("before", \.before), ("after", \.after)]),
    "cvl_flow_hooks": info(cvl_flow_hooks.self, [
        ("context", \.context), ("adjust_attributes_in_rect", \.adjust_attributes_in_rect), ("adjust_attributes", \.adjust_attributes),
        ("attributes_for_decoration", \.attributes_for_decoration), ("prepare_for_updates", \.prepare_for_updates),
        ("finalize_updates", \.finalize_updates), ("initial_attributes_for_appearing", \.initial_attributes_for_appearing),
        ("final_attributes_for_disappearing", \.final_attributes_for_disappearing)]),
    "cvl_layout_callbacks": info(cvl_layout_callbacks.self, [
        ("context", \.context), ("prepare", \.prepare), ("content_size", \.content_size), ("attributes_in_rect", \.attributes_in_rect),
        ("attributes_for_element", \.attributes_for_element), ("should_invalidate_for_bounds_change", \.should_invalidate_for_bounds_change),
        ("target_content_offset", \.target_content_offset), ("prepare_for_updates", \.prepare_for_updates),
        ("finalize_updates", \.finalize_updates), ("initial_attributes_for_appearing", \.initial_attributes_for_appearing),
        ("final_attributes_for_disappearing", \.final_attributes_for_disappearing)]),
    "cvl_mosaic_config": info(cvl_mosaic_config.self, [
        ("padding", \.padding), ("column_width", \.column_width), ("row_height", \.row_height),
        ("large_cell_width", \.large_cell_width), ("large_cell_height", \.large_cell_height), ("medium_cell_height", \.medium_cell_height)]),
    "cvl_tree_data_source": info(cvl_tree_data_source.self, [("context", \.context), ("number_of_children", \.number_of_children)]),
    "cvl_tree_config": info(cvl_tree_config.self, [("item_size", \.item_size), ("insets", \.insets)]),
    "cvl_data_source": info(cvl_data_source.self, [
        ("context", \.context), ("number_of_sections", \.number_of_sections), ("number_of_items", \.number_of_items)]),
    "cvl_animation": info(cvl_animation.self, [
        ("duration", \.duration), ("delay", \.delay), ("curve", \.curve), ("flags", \.flags), ("bezier", \.bezier),
        ("spring_damping_ratio", \.spring_damping_ratio), ("spring_response", \.spring_response), ("spring_mass", \.spring_mass),
        ("spring_stiffness", \.spring_stiffness), ("spring_damping", \.spring_damping),
        ("spring_initial_velocity", \.spring_initial_velocity)]),
]

@_cdecl("cvl_abi_struct_size")
public func cvl_abi_struct_size_impl(_ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Int>?) -> Int32 {
    guarded {
        let n = try readCString(name, "name")
        guard let out else { throw LayoutError(.nullArgument, "out_size is NULL") }
        guard let i = abiTable[n] else { throw LayoutError.invalid("unknown struct \"\(n)\"") }
        out.pointee = i.size
    }
}

@_cdecl("cvl_abi_field_offset")
public func cvl_abi_field_offset_impl(_ name: UnsafePointer<CChar>?, _ field: UnsafePointer<CChar>?,
                                      _ out: UnsafeMutablePointer<Int>?) -> Int32 {
    guarded {
        let n = try readCString(name, "name"), f = try readCString(field, "field")
        guard let out else { throw LayoutError(.nullArgument, "out_offset is NULL") }
        guard let i = abiTable[n] else { throw LayoutError.invalid("unknown struct \"\(n)\"") }
        guard let o = i.fields[f], o >= 0 else { throw LayoutError.invalid("struct \(n) has no field \"\(f)\"") }
        out.pointee = o
    }
}
