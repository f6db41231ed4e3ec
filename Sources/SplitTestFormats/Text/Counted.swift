/// A count with its noun, agreeing in number: `1 page`, `2 pages`, `0 errors`.
package enum Counted {
    /// `count` and `singular`, or `plural` (default: `singular` and an `s`) unless the count is 1.
    package static func phrase(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
