/// Answers identifiers one at a time, for hosts that compute them (a C or Python callback).
/// Both methods may throw (a failed callback); the call in progress then fails.
public protocol IdentifierProvider: AnyObject {
    /// The identifier of the item at `indexPath` (within the view's current counts).
    func itemIdentifier(at indexPath: IndexPath) throws -> UInt64
    /// The identifier of `section`, or nil to use the section's index.
    func sectionIdentifier(_ section: Int) throws -> UInt64?
}

/// Where a collection view's identifiers come from.
public enum Identities: Sendable {
    /// No identifiers: elements carry none.
    case none
    /// Given in bulk (`setIdentifiers`, or the last applied snapshot), indexed both ways.
    case bulk(IndexedSnapshot)
    /// Asked for on demand.
    case provider(ProviderBox)

    /// Wraps a provider so `Identities` stays `Sendable` (the view is used from one thread at a time).
    public struct ProviderBox: @unchecked Sendable {
        public let provider: IdentifierProvider
        public init(_ provider: IdentifierProvider) { self.provider = provider }
    }

    public var isNone: Bool { if case .none = self { return true }; return false }

    /// The identifier of the element `key`: a cell's item identifier, any other element's
    /// section identifier; nil without identifiers or outside them.
    /// - Complexity: O(1) for bulk identifiers; one provider call otherwise.
    func identifier(of key: ElementKey, counts: [Int]) throws -> UInt64? {
        switch self {
        case .none:
            return nil
        case .bulk(let snap):
            return key.category == .cell
                ? snap.itemIdentifier(at: key.indexPath) : snap.sectionIdentifier(key.indexPath.section)
        case .provider(let box):
            let s = key.indexPath.section
            guard s >= 0, s < counts.count else { return nil }
            if key.category == .cell {
                guard key.indexPath.item >= 0, key.indexPath.item < counts[s] else { return nil }
                return try box.provider.itemIdentifier(at: key.indexPath)
            }
            return try box.provider.sectionIdentifier(s) ?? UInt64(s)
        }
    }
}
