/// Writes the YAML document of the experiment at one index of a corpus.
///
/// Every experiment is valid: identifiers are unique by index, experiments `8k` and `8k + 1`
/// split the layer `layer_k` in halves, and `expires` lies far in the future.
struct ExperimentWriter {
    let index: Int
    var random: SplitMix64

    init(index: Int, random: inout SplitMix64) {
        self.index = index
        self.random = SplitMix64(seed: random.next())
    }

    static let topics = [
        "button_color", "paywall_copy", "feed_prefetch", "onboarding_flow", "search_ranking",
        "checkout_layout", "profile_header", "push_timing", "video_autoplay", "price_display",
    ]
    static let owners = ["growth-team", "payments-team", "feed-team", "search-team", "platform"]
    static let groupNames = [
        "control", "treatment", "variant_b", "variant_c", "dark_gray", "new_profile_v1", "compact",
    ]

    mutating func yaml() -> String {
        let topic = Self.topics[index % Self.topics.count]
        let identifier = "\(topic)_\(index)"
        let words = topic.split(separator: "_").joined(separator: " ")
        var lines = [
            "# The \(words) experiment number \(index).",
            "identifier: \(identifier)",
            "type: \(random.chance(percent: 60) ? "device" : "user")",
            "description: Tries variant \(index) of the \(words).",
            "owner: \(Self.owners[Int(random.next(below: UInt64(Self.owners.count)))])",
        ]
        let groupCount = 2 + Int(random.next(below: 3))
        let groups = Array(Self.groupNames.prefix(groupCount))
        let form = random.next(below: 4)
        switch form {
        case 0:
            lines.append("groups: [\(groups.joined(separator: ", "))]")
        case 1:
            let weights = groups.map { "\($0): \(10 + random.next(below: 90))" }
            lines.append("groups: { \(weights.joined(separator: ", ")) }")
        default:
            lines += parameterisedGroups(groups, block: form == 2)
        }
        if random.chance(percent: 30) { lines.append("control: \(groups[1])") }
        if random.chance(percent: 25) { lines.append("traffic: \(1 + random.next(below: 100))") }
        if random.chance(percent: 15) { lines.append("salt: \(identifier)_v2") }
        if index % 8 < 2 {
            let range = index % 8 == 0 ? "[0, 50]" : "[50, 100]"
            lines.append("layer: { name: layer_\(index / 8), range: \(range) }")
        }
        if index % 20 == 7 {
            lines += ["status: resolved", "winner: \(groups.last ?? "control")"]
        }
        if random.chance(percent: 50) { lines.append("expires: 2099-0\(1 + random.next(below: 9))-15") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Long-form groups with params of every type; some groups rely on `defaults:`.
    private mutating func parameterisedGroups(_ groups: [String], block: Bool) -> [String] {
        let usesDefaults = random.chance(percent: 40)
        var lines = ["groups:"]
        for (position, group) in groups.enumerated() {
            var params = [
                "color: \"#\(hex(random.next(below: 0x100_0000)))\"",
                "title: \"Variant \(position) of \(index)\"",
                "enabled: \(random.chance(percent: 50))",
                "scale: \(1 + random.next(below: 9)).\(random.next(below: 100))",
            ]
            // The second group leaves `corner_radius` to `defaults:` when there are defaults.
            if !(usesDefaults && position == 1) {
                params.append("corner_radius: \(random.next(below: 24))")
            }
            let weight = random.next(below: 5) + 1
            if block {
                lines.append("  \(group):")
                lines.append("    weight: \(weight)")
                if position == 0 { lines.append("    description: The experience shipped today.") }
                lines.append("    params:")
                lines += params.map { "      \($0)" }
            } else {
                lines.append("  \(group): { weight: \(weight), params: { \(params.joined(separator: ", ")) } }")
            }
        }
        if usesDefaults { lines.append("defaults: { corner_radius: 8 }") }
        return lines
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
