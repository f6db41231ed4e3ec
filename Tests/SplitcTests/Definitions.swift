/// Definitions the tests compile; identifiers, salts and weights match the bucketing vectors of the
/// "How assignment works" article (HowAssignmentWorks.md).
enum Definitions {
    static let buttonColor = """
        identifier: button_color
        type: device
        description: Colour of the buy button.
        groups:
          red: { weight: 1, params: { color: "#FF3B30" } }
          blue: { weight: 1, params: { color: "#007AFF" } }
          dark_gray: { weight: 1, params: { color: "#3A3A3C" } }
        control: red

        """

    static let profileRedesign = """
        identifier: profile_redesign
        type: user
        groups: [control, control_check, new_profile_v1, new_profile_v2]
        traffic: 80

        """

    /// Two experiments that split the `checkout` layer in halves.
    static let checkoutLayer = """
        identifier: checkout_button_copy
        type: device
        groups: [control, pay_securely]
        layer: { name: checkout, range: [0, 50] }
        ---
        identifier: checkout_express_pay
        type: device
        groups: { control: 1, express_first: 1 }
        layer: { name: checkout, range: [50, 100] }

        """

    static let resolved = """
        identifier: onboarding_tutorial
        type: device
        groups: [control, short_tour]
        status: resolved
        winner: short_tour

        """

    /// Valid, with a warning: it expired long ago.
    static let expired = """
        identifier: old_banner
        type: device
        groups: [control, banner]
        expires: 2000-01-01

        """

    /// Invalid: one group only (error on line 3).
    static let oneGroup = """
        identifier: lonely
        type: device
        groups: [control]

        """
}
