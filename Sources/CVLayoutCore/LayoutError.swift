/// The one error type of the engine. `code` values equal the C header's `CVL_ERROR_*` codes,
/// so the export layer passes them through unchanged; `message` is the readable explanation
/// `cvl_last_error_message()` returns.
public struct LayoutError: Error, Equatable, CustomStringConvertible {
    // Code: generated from the header (CVL_ERROR_*) into LayoutError+Code.swift.
    public var code: Code
    public var message: String
    public init(_ code: Code, _ message: String) { self.code = code; self.message = message }
    public var description: String { message }

    public static func invalid(_ m: String) -> LayoutError { LayoutError(.invalidArgument, m) }
    public static func outOfRange(_ m: String) -> LayoutError { LayoutError(.outOfRange, m) }
    public static func callback(_ m: String) -> LayoutError { LayoutError(.callback, m) }
    public static func state(_ m: String) -> LayoutError { LayoutError(.state, m) }

    /// Runs a host's callback: a `LayoutError` it throws passes through, any other error
    /// becomes `.callback` saying `"<failure>: <error>"` (the delegates of every layout).
    @inline(__always)
    public static func askingHost<T>(_ failure: @autoclosure () -> String, _ call: () throws -> T) throws -> T {
        do {
            return try call()
        } catch let e as LayoutError {
            throw e
        } catch {
            throw LayoutError.callback("\(failure()): \(error)")
        }
    }
}
