/// What an element is: `UICollectionElementCategory` (same raw values).
public enum ElementCategory: Int, Sendable, Comparable {
    case cell = 0
    case supplementaryView = 1
    case decorationView = 2
    public static func < (a: ElementCategory, b: ElementCategory) -> Bool { a.rawValue < b.rawValue }
}

/// The kind of a supplementary or decoration element, as an integer.
///
/// UIKit names kinds with strings; the engine uses small integers so that attributes stay plain
/// data. Built-in kinds have fixed values; a host registers its own kinds on a layout by name
/// (see `KindRegistry`) and receives values from `firstCustom` up.
public struct ElementKind: Hashable, Sendable, Comparable, RawRepresentable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static func < (a: ElementKind, b: ElementKind) -> Bool { a.rawValue < b.rawValue }

    /// Cells have no kind.
    public static let none = ElementKind(rawValue: 0)
    /// `UICollectionElementKindSectionHeader`.
    public static let sectionHeader = ElementKind(rawValue: 1)
    /// `UICollectionElementKindSectionFooter`.
    public static let sectionFooter = ElementKind(rawValue: 2)
    /// The Survey layout's binder decoration (Furrow ch. 4, Listing 4.9).
    public static let binder = ElementKind(rawValue: 3)
    /// The class-hierarchy tree's connector supplementary view (Apple's guide, Listing 6-9).
    public static let connector = ElementKind(rawValue: 4)
    /// The first value handed out to kinds registered by name.
    public static let firstCustom = ElementKind(rawValue: 100)

    /// The names of the built-in kinds.
    public var builtinName: String? {
        switch rawValue {
        case 0: return ""
        case 1: return "header"
        case 2: return "footer"
        case 3: return "binder"
        case 4: return "connector"
        default: return nil
        }
    }
}

/// Kinds registered by name on a layout (`registerClass:forDecorationViewOfKind:` and custom
/// supplementary kinds). Registering the same name twice returns the same kind.
public struct KindRegistry: Sendable {
    public private(set) var names: [String] = []
    public init() {}

    /// Registers `name` (or finds it) and returns its kind. Built-in names map to built-in kinds.
    /// - Complexity: O(number of registered kinds).
    public mutating func register(_ name: String) -> ElementKind {
        if let k = kind(named: name) { return k }
        names.append(name)
        return ElementKind(rawValue: ElementKind.firstCustom.rawValue + Int32(names.count - 1))
    }

    public func kind(named name: String) -> ElementKind? {
        for raw in Int32(1)...4 where ElementKind(rawValue: raw).builtinName == name {
            return ElementKind(rawValue: raw)
        }
        if let i = names.firstIndex(of: name) {
            return ElementKind(rawValue: ElementKind.firstCustom.rawValue + Int32(i))
        }
        return nil
    }

    public func name(of kind: ElementKind) -> String? {
        if let b = kind.builtinName { return b }
        let i = Int(kind.rawValue) - Int(ElementKind.firstCustom.rawValue)
        return i >= 0 && i < names.count ? names[i] : nil
    }
}
