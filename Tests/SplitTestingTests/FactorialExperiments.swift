@_spi(Generated) import SplitTesting

// Hand-written equivalents of what the compiler generates for multivariate experiments, so that
// the runtime is tested without depending on the generator.

/// A user-level 2×3 full factorial, `urgent+orange` at weight 2 (bucket bounds of weights
/// 1, 1, 1, 1, 2, 1).
struct CheckoutPageSplitTest: SplitTest {
    enum Headline: String, CaseIterable, Sendable { case classic, urgent }
    enum Button: String, CaseIterable, Sendable { case green, orange, purple }

    struct Group: SplitTestGroup {
        let headline: Headline
        let button: Button

        static let allCases: [Group] = [
            Group(.classic, .green), Group(.classic, .orange), Group(.classic, .purple),
            Group(.urgent, .green), Group(.urgent, .orange), Group(.urgent, .purple),
        ]

        init(headline: Headline, button: Button) {
            self.headline = headline
            self.button = button
        }

        init?(rawValue: String) {
            let levels = rawValue.split(separator: "+", omittingEmptySubsequences: false)
            guard levels.count == 2, let headline = Headline(rawValue: String(levels[0])),
                let button = Button(rawValue: String(levels[1]))
            else { return nil }
            self.init(headline, button)
        }

        var rawValue: String { "\(headline.rawValue)+\(button.rawValue)" }

        fileprivate init(_ headline: Headline, _ button: Button) {
            self.headline = headline
            self.button = button
        }
    }

    static let identifier = "checkout_page"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self,
        factors: [.init(name: "headline", levels: Headline.self), .init(name: "button", levels: Button.self)],
        unitType: .user, salt: identifier, bucketUpperBounds: [1429, 2858, 4287, 5715, 8572, 10_000],
        control: Group(.classic, .green), force: ["qa-user": Group(.urgent, .purple)])
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// `checkout_page` in a later release that lists only three cells (a fractional design): the
/// units stored in the other cells are discarded and bucketed again.
struct CheckoutPageFractionalSplitTest: SplitTest {
    typealias Headline = CheckoutPageSplitTest.Headline
    typealias Button = CheckoutPageSplitTest.Button

    struct Group: SplitTestGroup {
        let headline: Headline
        let button: Button

        static let allCases: [Group] = [Group(.classic, .green), Group(.classic, .purple), Group(.urgent, .orange)]

        init?(headline: Headline, button: Button) {
            guard Self.allCases.contains(where: { $0.headline == headline && $0.button == button }) else { return nil }
            self.init(headline, button)
        }

        init?(rawValue: String) {
            let levels = rawValue.split(separator: "+", omittingEmptySubsequences: false)
            guard levels.count == 2, let headline = Headline(rawValue: String(levels[0])),
                let button = Button(rawValue: String(levels[1]))
            else { return nil }
            self.init(headline: headline, button: button)
        }

        var rawValue: String { "\(headline.rawValue)+\(button.rawValue)" }

        fileprivate init(_ headline: Headline, _ button: Button) {
            self.headline = headline
            self.button = button
        }
    }

    static let identifier = "checkout_page"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self,
        factors: [.init(name: "headline", levels: Headline.self), .init(name: "button", levels: Button.self)],
        unitType: .user, salt: identifier, bucketUpperBounds: [3334, 6667, 10_000], control: Group(.classic, .green))
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}
