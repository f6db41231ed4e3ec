@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @testable import SplitTesting
@_spi(Tools) import SplitTestTools
import Testing

/// `android` and `web`, the platforms only a decision service's clients give, are targeted like
/// Apple's, so that one experiment can target every platform.
@Suite struct PlatformTargetingTests {
    static let yaml = experiment("checkout_flow", extra: "targeting: { platform: [android, web] }")

    @Test func aDefinitionTargetingAndroidAndWebCompilesAndTargetsThemOnly() throws {
        let result = compile([("good.yaml", Self.yaml)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let targeting = try #require(result.experiments.first?.definition.targeting)
        #expect(targeting.conditions == [
            SplitTestCondition(attribute: "platform", test: .oneOf([.string("android"), .string("web")]))
        ])
        for platform in ["android", "web"] {
            let values = try AttributesInput.read(Array(#"{"platform": "\#(platform)"}"#.utf8), declarations: [])
            #expect(targeting.matches(values), "\(platform) is targeted")
        }
        let ios = try AttributesInput.read(Array(#"{"platform": "ios"}"#.utf8), declarations: [])
        #expect(!targeting.matches(ios), "ios is not")
    }

    @Test func aMisspeltPlatformIsALocatedErrorWithASuggestion() {
        #expect(diagnostics(experiment(extra: "targeting: { platform: [web, andriod] }")) == [
            "bad.yaml:4:30: error: 'andriod' is not a platform; 'platform' is one of ios, ipados, macos, tvos, "
                + "watchos, visionos, linux, android, web; did you mean 'android'?"
        ])
    }

    /// The runtime reports the platform it was compiled for, never one of a service's clients.
    @Test func theRuntimeNeverReportsAndroidOrWeb() {
        #expect(!["android", "web"].contains(SplitTestAttributeValues.platformName))
        #expect(SplitTestAttributeValues.platformNames.contains(SplitTestAttributeValues.platformName))
    }
}
