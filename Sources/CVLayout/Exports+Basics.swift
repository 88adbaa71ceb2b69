import CCVLayout
import CVLayoutCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

// statusNames: generated from the header into ABITables.swift.
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
    guard let s = String(validating: bytes, as: UTF8.self) else {
        throw LayoutError.invalid("\(what) is not valid UTF-8")
    }
    return s
}

// MARK: - ABI tables

/// A struct's size and field offsets as compiled; the table of every struct (`abiTable`) is
/// generated from the header into ABITables.swift.
struct StructInfo {
    let size: Int
    let fields: [String: Int]
}

func info<T>(_ t: T.Type, _ fields: [(String, PartialKeyPath<T>)]) -> StructInfo {
    var d: [String: Int] = [:]
    for (name, kp) in fields { d[name] = MemoryLayout<T>.offset(of: kp) ?? -1 }
    return StructInfo(size: MemoryLayout<T>.size, fields: d)
}

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
public func cvl_abi_field_offset_impl(
    _ name: UnsafePointer<CChar>?, _ field: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<Int>?
) -> Int32 {
    guarded {
        let n = try readCString(name, "name"), f = try readCString(field, "field")
        guard let out else { throw LayoutError(.nullArgument, "out_offset is NULL") }
        guard let i = abiTable[n] else { throw LayoutError.invalid("unknown struct \"\(n)\"") }
        guard let o = i.fields[f], o >= 0 else { throw LayoutError.invalid("struct \(n) has no field \"\(f)\"") }
        out.pointee = o
    }
}
