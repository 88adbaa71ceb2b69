import XCTest

@testable import CVLayoutCore

/// The Swift fixture runner's compositional layout: the JSON description (docs/json-spec.md,
/// the keys of `cvlayout.compositional`) read into the core's values, kinds registered by name in
/// the Python binding's order (the configuration's boundary items, then per section its badges in
/// element order, its boundary items, its decorations), so every runner gives a kind one value.
enum CompositionalFixture {
    private typealias L = CompositionalLayout

    struct Bad: Error, CustomStringConvertible { let description: String }

    /// The keys this reader takes.
    static let keys: Set<String> = [
        "section", "sections", "scroll_direction", "inter_section_spacing", "boundary_items",
    ]

    static func layout(_ props: [String: Any]) throws -> CompositionalLayout {
        let l = try CompositionalLayout(
            section: L.Section(
                group: .horizontal(
                    L.LayoutSize(width: .absolute(0), height: .absolute(0)),
                    subitems: [.item(L.Item(size: L.LayoutSize(width: .absolute(0), height: .absolute(0))))])))
        var reader = Reader(layout: l)
        var config = L.Configuration()
        config.scrollDirection = props["scroll_direction"] as? String == "horizontal" ? .horizontal : .vertical
        config.interSectionSpacing = props["inter_section_spacing"] as? Double ?? 0
        config.boundaryItems = try (props["boundary_items"] as? [[String: Any]] ?? []).map(reader.boundary)
        try l.configure(config)
        if let list = props["sections"] as? [[String: Any]] {
            let sections = try list.map(reader.section)
            l.setProvider { s, _ in sections[s % sections.count] }
        } else if let one = props["section"] as? [String: Any] {
            try l.setSection(try reader.section(one))
        }
        return l
    }

    private struct Reader {
        let layout: CompositionalLayout

        func kind(_ v: Any?) throws -> ElementKind {
            if let n = v as? Int { return ElementKind(rawValue: Int32(n)) }
            guard let name = v as? String else { throw Bad(description: "kind \(String(describing: v))") }
            return layout.kinds.register(name)
        }

        func dimension(_ v: Any?) throws -> L.Dimension {
            if let n = v as? Double { return .absolute(n) }
            guard let d = v as? [String: Double], d.count == 1, let (k, x) = d.first else {
                throw Bad(description: "dimension \(String(describing: v))")
            }
            switch k {
            case "absolute": return .absolute(x)
            case "fractional_width": return .fractionalWidth(x)
            case "fractional_height": return .fractionalHeight(x)
            case "estimated": return .estimated(x)
            default: throw Bad(description: "dimension \(k)")
            }
        }

        func size(_ v: Any?) throws -> L.LayoutSize {
            guard let d = v as? [String: Any] else { throw Bad(description: "size \(String(describing: v))") }
            return L.LayoutSize(width: try dimension(d["width"]), height: try dimension(d["height"]))
        }

        func insets(_ v: Any?) -> EdgeInsets {
            if let n = v as? Double { return EdgeInsets(top: n, left: n, bottom: n, right: n) }
            guard let a = v as? [Double], a.count == 4 else { return .zero }
            return EdgeInsets(top: a[0], left: a[1], bottom: a[2], right: a[3])
        }

        func spacing(_ v: Any?) throws -> L.Spacing? {
            if v == nil { return nil }
            if let n = v as? Double { return .fixed(n) }
            guard let d = v as? [String: Double], let (k, x) = d.first else { throw Bad(description: "spacing") }
            return k == "flexible" ? .flexible(x) : .fixed(x)
        }

        func edgeSpacing(_ v: Any?) throws -> L.EdgeSpacing {
            let d = v as? [String: Any] ?? [:]
            return L.EdgeSpacing(
                leading: try spacing(d["leading"]), top: try spacing(d["top"]), trailing: try spacing(d["trailing"]),
                bottom: try spacing(d["bottom"]))
        }

        func anchor(_ v: Any?) throws -> L.Anchor {
            guard let d = v as? [String: Any] else { throw Bad(description: "anchor") }
            var edges = L.Edges()
            for e in d["edges"] as? [String] ?? [] {
                switch e {
                case "top": edges.insert(.top)
                case "leading": edges.insert(.leading)
                case "bottom": edges.insert(.bottom)
                case "trailing": edges.insert(.trailing)
                default: throw Bad(description: "edge \(e)")
                }
            }
            if let f = d["fractional_offset"] as? [Double] {
                return L.Anchor(edges: edges, fractionalOffset: Point(x: f[0], y: f[1]))
            }
            let a = d["absolute_offset"] as? [Double] ?? [0, 0]
            return L.Anchor(edges: edges, absoluteOffset: Point(x: a[0], y: a[1]))
        }

        func element(_ v: Any?) throws -> L.Element {
            guard let d = v as? [String: Any], d.count == 1 else { throw Bad(description: "element") }
            if let i = d["item"] as? [String: Any] {
                var item = L.Item(size: try size(i["size"]))
                item.contentInsets = insets(i["content_insets"])
                item.edgeSpacing = try edgeSpacing(i["edge_spacing"])
                for b in i["badges"] as? [[String: Any]] ?? [] {
                    var badge = L.SupplementaryItem(
                        kind: try kind(b["kind"]), size: try size(b["size"]),
                        containerAnchor: try anchor(b["container_anchor"]),
                        itemAnchor: b["item_anchor"] == nil ? nil : try anchor(b["item_anchor"]))
                    badge.zIndex = b["z_index"] as? Int ?? 1
                    item.supplementaryItems.append(badge)
                }
                return .item(item)
            }
            return .group(try group(d["group"]))
        }

        func group(_ v: Any?) throws -> L.Group {
            guard let g = v as? [String: Any] else { throw Bad(description: "group") }
            let type = g["type"] as? String ?? "horizontal"
            let kind: L.GroupKind = type == "vertical" ? .vertical : .horizontal
            var out = L.Group(
                kind, size: try size(g["size"]),
                subitems: try (g["subitems"] as? [Any] ?? []).map { try element($0) })
            if let n = g["count"] as? Int { out.fill = g["repeat"] as? Bool == true ? .repeating(n) : .count(n) }
            out.interItemSpacing = try spacing(g["inter_item_spacing"])
            out.contentInsets = insets(g["content_insets"])
            out.edgeSpacing = try edgeSpacing(g["edge_spacing"])
            return out
        }

        func boundary(_ b: [String: Any]) throws -> L.BoundaryItem {
            let alignments: [String: L.Alignment] = [
                "top": .top, "top_leading": .topLeading, "leading": .leading, "bottom_leading": .bottomLeading,
                "bottom": .bottom, "bottom_trailing": .bottomTrailing, "trailing": .trailing,
                "top_trailing": .topTrailing,
            ]
            var item = L.BoundaryItem(
                kind: try kind(b["kind"]), size: try size(b["size"]),
                alignment: alignments[b["alignment"] as? String ?? "top"] ?? .none)
            if let o = b["absolute_offset"] as? [Double] { item.absoluteOffset = Point(x: o[0], y: o[1]) }
            item.extendsBoundary = b["extends_boundary"] as? Bool ?? true
            item.pinToVisibleBounds = b["pin_to_visible_bounds"] as? Bool ?? false
            item.zIndex = b["z_index"] as? Int ?? 0
            return item
        }

        func section(_ s: [String: Any]) throws -> L.Section {
            var out = L.Section(group: try group(s["group"]))
            out.contentInsets = insets(s["content_insets"])
            out.interGroupSpacing = s["inter_group_spacing"] as? Double ?? 0
            let behaviours: [String: L.OrthogonalScrolling] = [
                "none": .none, "continuous": .continuous,
                "continuous_group_leading_boundary": .continuousGroupLeadingBoundary, "paging": .paging,
                "group_paging": .groupPaging, "group_paging_centered": .groupPagingCentered,
            ]
            out.orthogonalScrolling = behaviours[s["orthogonal_scrolling"] as? String ?? "none"] ?? .none
            out.supplementariesFollowContentInsets = s["supplementaries_follow_content_insets"] as? Bool ?? true
            out.boundaryItems = try (s["boundary_items"] as? [[String: Any]] ?? []).map(boundary)
            out.decorationItems = try (s["decorations"] as? [[String: Any]] ?? []).map { d in
                var item = L.DecorationItem(kind: try kind(d["kind"]), contentInsets: insets(d["content_insets"]))
                item.zIndex = d["z_index"] as? Int ?? -1
                return item
            }
            return out
        }
    }
}
