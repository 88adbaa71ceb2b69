/// The one error type of the engine. `code` values equal the C header's `CVL_ERROR_*` codes,
/// so the export layer passes them through unchanged; `message` is the readable explanation
/// `cvl_last_error_message()` returns.
public struct LayoutError: Error, Equatable, CustomStringConvertible {
    public enum Code: Int32, Sendable {
        case nullArgument = 1
        case invalidArgument = 2
        case invalidHandle = 3
        case outOfRange = 4
        case capacity = 5
        case callback = 6
        case inconsistentUpdate = 7
        case state = 8
        case overflow = 9
        case `internal` = 10
    }
    public var code: Code
    public var message: String
    public init(_ code: Code, _ message: String) { self.code = code; self.message = message }
    public var description: String { message }

    public static func invalid(_ m: String) -> LayoutError { LayoutError(.invalidArgument, m) }
    public static func outOfRange(_ m: String) -> LayoutError { LayoutError(.outOfRange, m) }
    public static func callback(_ m: String) -> LayoutError { LayoutError(.callback, m) }
    public static func state(_ m: String) -> LayoutError { LayoutError(.state, m) }
}
