import Foundation
@_spi(Tools) import SplitTestCompiler
import Testing

/// Every `file:line:col: error:` line that the article "Writing definitions" quotes is one the
/// compiler prints for these definitions, so the article cannot drift from the compiler's messages.
@Suite struct DocumentationDiagnosticsTests {
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SplitTesting/SplitTesting.docc/WritingDefinitions.md")

    /// The runs the article's lines were taken from, each a set of files linted together.
    static let runs: [[(path: String, yaml: String)]] = [
        [
            ("experiments/button_color.yaml", """
                identifier: button_color
                type: device
                groups:
                  red: { params: { color: "#FF3B30", corner_radius: 8 } }
                  blue: { params: { color: "#007AFF", corner_radius: 8.5 } }
                  darkGray: { weight: -1, params: { color: "#3A3A3C" } }
                control: blu
                trafic: 50
                """),
            ("experiments/checkout.yaml", """
                identifier: checkout_copy
                type: user
                groups: { control: 50, short: 50 }
                layer: { name: checkout, range: [0, 60] }
                ---
                identifier: checkout_steps
                type: user
                groups: { control: 0, one_page: 1 }
                layer: { name: checkout, range: [50, 100] }
                status: resolved
                winner: one_page
                ---
                identifier: button_color
                type: device
                groups: [a, b]
                defaults: &d { x: 1 }
                """),
            ("experiments/missing.yaml", "type: device\ngroups: [red, blue]\n"),
            ("experiments/profile.yaml", """
                identifier: Profile-Redesign
                type: users
                groups: [control]
                traffic: 150
                winner: control
                expires: 2020-01-01
                """),
        ],
        [
            ("experiments/button_color.yaml", """
                identifier: button_color
                type: device
                groups:
                  red: { params: { color: "#FF3B30", corner_radius: 8 } }
                  blue: { params: { color: "#007AFF", corner_radius: "8" } }
                  dark_gray: { weight: -1, params: { color: "#3A3A3C" } }
                control: blu
                expires: 2025-01-01
                """),
            ("experiments/copy.yaml", "identifier: button_color\ntype: device\ngroups: [dark_gray, darkGray, default]\ntraffic: 0.001\n"),
            ("experiments/syntax.yaml", "identifier: broken\ntype: device\ngroups: [a, b\n"),
            ("experiments/weights.yaml", """
                identifier: checkout_steps
                type: user
                groups: { control: 0, one_page: 0 }
                status: resolved
                winner: three_page
                """),
        ],
        [
            ("experiments/button_color.yaml", """
                identifier: button_color
                type: device
                groups:
                  red: { params: { color: "#FF3B30", corner_radius: 8 } }
                  blue: { params: { color: "#007AFF", corner_radius: "8" } }
                  dark_gray: { params: { color: "#3A3A3C" } }
                control: blu
                expires: 2025-01-01
                """),
            ("experiments/copy.yaml", "identifier: button_color\ntype: device\ngroups: [dark_gray, dark__gray, default]\n"),
            ("experiments/resolved.yaml", """
                identifier: checkout_steps
                type: user
                type: device
                groups: { control: 1, one_page: 0.00001 }
                status: resolved
                winner: three_page
                salt: !custom x
                """),
        ],
        [
            ("experiments/button_color.yaml", """
                identifier: button_color
                type: device
                groups:
                  red: { params: { color: "#FF3B30", corner_radius: 8 } }
                  blue: { params: { color: "#007AFF" } }
                expires: 2025-01-01
                """),
            ("experiments/copy.yaml", "identifier: button_color\ntype: device\ngroups: [red, blue]\n"),
            ("experiments/resolved.yaml", """
                identifier: checkout_steps
                type: user
                type: device
                groups: { control: 1, one_page: 0.00001 }
                status: resolved
                winner: three_page
                """),
        ],
        [
            ("experiments/button_color.yaml", """
                identifier: button_color
                type: device
                groups:
                  red: { params: { color: "#FF3B30" } }
                  blue: { params: { color: "#007AFF" } }
                expires: 2025-01-01
                """),
            ("experiments/copy.yaml", "identifier: button_color\ntype: device\ngroups: [red, blue]\n"),
            ("experiments/resolved.yaml", """
                identifier: checkout_steps
                type: user
                groups: { control: 1, one_page: 1 }
                status: resolved
                winner: three_page
                """),
        ],
        [
            ("experiments/search.yaml", """
                identifier: search_suggestions
                type: device
                groups: [control, ranked]
                status: stopped
                winner: ranked
                force:
                  "qa-device-1": rankd
                  "": control
                  "qa-device-1": control
                  user-42: [ranked]
                """),
        ],
        [
            ("experiments/search.yaml", """
                identifier: search_suggestions
                type: device
                groups: [control, ranked]
                status: stopped
                force: { "qa-device-1": ranked }
                """),
        ],
        [
            ("experiments/attributes.yaml", """
                attributes:
                  plan: { type: string, values: [free, trial, pro] }
                  days_since_install: { type: int }
                  beta_tester: { type: bool }
                """),
            ("experiments/more_attributes.yaml", """
                attributes:
                  plan: { type: string }
                  region: { type: string }
                """),
            ("experiments/paywall.yaml", """
                identifier: paywall
                type: device
                groups: [control, discount]
                targeting:
                  paln: [pro]
                  plan: ">= trial"
                  app_version: ">= 6, < 5"
                  os_version: "=> 17"
                  region: [usa]
                  platform: [andriod]
                  beta_tester: "== true"
                ---
                identifier: paywall_copy
                type: device
                groups: [control, urgent]
                targeting:
                  plan: [platinum]
                  app_version: "5.02"
                  days_since_install: "> 5, < 6"
                """),
            ("experiments/search.yaml", """
                identifier: search_ranking
                type: device
                groups: [a, b]
                """),
            ("experiments/holdouts.yaml", """
                holdout:
                  name: q1_holdout
                  type: device
                  percent: 5
                  experiments: [search_ranking]
                ---
                holdout:
                  name: q2_holdout
                  type: device
                  percent: 5
                  experiments: [search_ranking, search_rankng]
                ---
                holdout:
                  name: members
                  type: user
                  percent: 60
                  experiments: all
                ---
                holdout:
                  name: signed_in
                  type: user
                  percent: 5
                  experiments: [search_ranking]
                """),
        ],
        [
            ("experiments/pricing.yaml", "identifier: pricing\ntype: device\ngroups:\n  control: 60\n  discount: 50\n"),
            ("experiments/onboarding.yaml", """
                identifier: onboarding
                type: device
                groups:
                  control:
                    weight: 50
                    params: { steps: 3 }
                  short:
                  weight: 50
                  params:
                    steps: 2
                """),
            ("experiments/trailing.yaml", "identifier: trailing\ntype: device\ngroups: [a, b]\n---\n"),
        ],
        // Mistakes of indentation.
        [
            ("experiments/banner.yaml", "identifier: banner\n\ttype: device\ngroups: [off, on]\n"),
            ("experiments/profile.yaml", "identifier: profile\ntype: user\n  description: The new profile.\ngroups: [a, b]\n"),
            ("experiments/paywall.yaml", """
                identifier: paywall
                type: device
                groups: [control, discount]
                targeting:
                  platform: ios
                app_version: ">= 5.2"
                """),
            ("experiments/offer.yaml", """
                identifier: offer
                type: device
                groups: [control, offer]
                targeting:
                  platform: ios
                  traffic: 50
                """),
        ],
        // Segments, prerequisites, schedules and environments: mistakes of shape, then of names.
        [
            ("experiments/environments.yaml", """
                environments: [development, staging, production]
                """),
            ("experiments/segments.yaml", """
                segment:
                  name: paying_users
                  conditions: { plan: [trial, pro], days_since_install: ">= 7" }
                ---
                attributes:
                  plan: { type: string, values: [free, trial, pro] }
                  days_since_install: { type: int }
                """),
            ("experiments/onboarding.yaml", """
                identifier: onboarding_flow
                type: device
                groups: [old_flow, new_flow]
                targeting: { segments: [paying_users], exclude_segments: [paying_users] }
                ---
                identifier: welcome_offer
                type: device
                groups: [no_offer, offer]
                requires: { onboarding_flo: [new_flow] }
                targeting: { segments: [paying_user], days_since_install: "< 5" }
                environments:
                  developmen: { traffic: 100 }
                  staging: { salt: other, weights: { offer: 3 } }
                ---
                identifier: checkout_copy
                type: user
                groups: [old, new]
                requires: { checkout_steps: [one_page] }
                schedule: { start: 2026-12-01T09:00:00Z, end: 2026-11-01T00:00:00Z }
                ---
                identifier: checkout_steps
                type: user
                groups: [three_page, one_page]
                requires: { checkout_copy: [new] }
                targeting: { segments: [paying_users], days_since_install: "< 5" }
                """),
            ("experiments/schedule.yaml", """
                identifier: feed_ranking
                type: device
                groups: [old, new]
                schedule: { start: 2026-12-01T09:00:00 }
                """),
        ],
        [
            ("experiments/environments.yaml", """
                environments: [development, staging, production]
                """),
            ("experiments/segments.yaml", """
                segment:
                  name: paying_users
                  conditions: { plan: [trial, pro], days_since_install: ">= 7" }
                ---
                attributes:
                  plan: { type: string, values: [free, trial, pro] }
                  days_since_install: { type: int }
                """),
            ("experiments/offer.yaml", """
                identifier: welcome_offer
                type: device
                groups: [no_offer, offer]
                requires: { onboarding_flo: [new_flow] }
                targeting: { segments: [paying_user] }
                environments:
                  developmen: { traffic: 100 }
                ---
                identifier: checkout_copy
                type: user
                groups: [old, new]
                requires: { checkout_steps: [one_page] }
                ---
                identifier: checkout_steps
                type: user
                groups: [three_page, one_page]
                requires: { checkout_copy: [new] }
                targeting: { segments: [paying_users], days_since_install: "< 5" }
                ---
                identifier: onboarding_flow
                type: device
                groups: [old_flow, new_flow]
                schedule: { end: 2026-11-01T00:00:00Z }
                """),
        ],
        // Events and metrics.
        [
            ("experiments/button_color.yaml", """
                identifier: button_color
                type: device
                groups: [red, blue]
                metrics: { primary: purchase_rat, secondary: [purchase_rate] }
                ---
                identifier: checkout_page
                type: user
                groups: [classic, express]
                metrics: { primary: purchase_rate, guardrails: [p90_load_time, purchase_rate] }
                """),
            ("experiments/metrics/events.yaml", """
                event: purchase
                properties:
                  revenue: { type: double }
                  currency: { values: [usd, eur, gbp] }
                ---
                event: screen_loaded
                properties: { milliseconds: { type: int } }
                ---
                event: login
                properties: { user: { type: string } }
                """),
            ("experiments/metrics/metrics.yaml", """
                metric: revenue_per_user
                kind: sum
                event: purchse
                value: revenue
                ---
                metric: revenue_per_order
                kind: ratio
                numerator: { event: purchase, value: currency }
                denominator: { event: purchase }
                ---
                metric: p90_load_time
                kind: quantile
                event: screen_loaded
                value: milisecond
                quantile: 0.9
                ---
                metric: p99_load_time
                kind: quantile
                event: screen_loaded
                value: milliseconds
                quantile: 99
                window: 7 days
                ---
                metric: orders_per_visit
                kind: ratio
                numerator: { event: purchase }
                ---
                metric: purchase_rate
                kind: conversion
                event: purchase
                """),
        ],
    ]

    /// The diagnostic lines the article quotes, from its untagged code blocks.
    static func quotedLines() throws -> [String] {
        try quotedLines(of: String(contentsOf: article, encoding: .utf8))
    }

    /// The diagnostic lines an article's untagged code blocks quote.
    static func quotedLines(of text: String) throws -> [String] {
        var lines: [String] = []
        var openBlock: Substring?  // the fence line of the code block we are in
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                openBlock = openBlock == nil ? line : nil
                continue
            }
            let inPlainBlock = openBlock == "```"
            if inPlainBlock, line.contains(": error: ") || line.contains(": warning: ") || line.contains(": note: ") {
                lines.append(String(line))
            }
        }
        return lines
    }

    @Test func everyQuotedDiagnosticIsPrintedByTheCompiler() throws {
        let printed = Set(Self.runs.flatMap { compile($0).diagnostics.map(\.description) })
        let quoted = try Self.quotedLines()
        #expect(quoted.count >= 25)
        for line in quoted {
            #expect(printed.contains(line), "the article quotes a line the compiler does not print:\n\(line)")
        }
    }
}
