import Foundation
@_spi(Tools) import SplitTestCompiler
import TestTools
import Testing

/// Typed events as an app writes them, compiled by the Swift compiler against the runtime module
/// this build produced, beside the code the compiler generates for declared events: what is
/// declared compiles without a warning (also with main-actor isolation by default), and a
/// misspelled event, a property of the wrong type, a value outside an enum or a property left
/// out is an error of the app's build.
@Suite struct GeneratedEventsCompileTests {
    static let definitions = """
        event: purchase
        description: A completed purchase.
        properties:
          revenue: { type: double }
          currency: { values: [usd, eur, gbp] }
          is_first: { type: bool }
        ---
        event: screen_loaded
        properties: { milliseconds: { type: int }, screen: { type: string } }
        ---
        event: checkout_started
        ---
        identifier: button_color
        type: device
        groups: [red, blue]
        """

    static func generated() throws -> String {
        let result = DefinitionCompiler.compile(
            [SourceFile(path: "events.yaml", contents: Array(definitions.utf8))],
            today: CalendarDate(year: 2026, month: 11, day: 22))
        try #require(!result.hasErrors, "\(result.diagnostics)")
        return SwiftEmitter().emit(result, sourcePaths: ["events.yaml"])
    }

    static let correct = """
        import SplitTesting

        func trackEverything(_ service: SplitTestingService) {
            service.track(.purchase(revenue: 3.99, currency: .usd, isFirst: true))
            service.track(.screenLoaded(milliseconds: 420, screen: "home"))
            service.track(.checkoutStarted)
            let event: SplitTestEvents = .purchase(revenue: 10, currency: .eur, isFirst: false)
            service.track(event)
            service.trackGoal("purchase", value: 3.99)
        }

        """

    @Test(arguments: [false, true])
    func declaredEventsCompileWithoutWarnings(mainActorByDefault: Bool) throws {
        let outcome = try Self.typecheck(Self.correct, mainActorByDefault: mainActorByDefault)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "no warning: \(outcome.stderr)")
    }

    /// Each mistake, and a part of the error the Swift compiler gives for it.
    static let mistakes: [(name: String, call: String, error: String)] = [
        ("a misspelled event", "service.track(.purchse(revenue: 3.99, currency: .usd, isFirst: true))", "purchse"),
        ("a property of the wrong type", #"service.track(.purchase(revenue: "3.99", currency: .usd, isFirst: true))"#,
         "cannot convert value of type 'String' to expected argument type 'Double'"),
        ("an int given a fraction", #"service.track(.screenLoaded(milliseconds: 420.5, screen: "home"))"#,
         "cannot convert value of type 'Double' to expected argument type 'Int'"),
        ("a value outside the enum", "service.track(.purchase(revenue: 3.99, currency: .jpy, isFirst: true))", "jpy"),
        ("a property left out", "service.track(.purchase(revenue: 3.99, isFirst: true))", "currency"),
        ("a misspelled property", "service.track(.purchase(revenu: 3.99, currency: .usd, isFirst: true))", "revenu"),
        ("an undeclared event by name", #"service.track(.custom("purchase"))"#, "custom"),
        ("an event type of the app's own",
         #"struct Login: SplitTestEvent { var trackingEvent: TrackingEvent { TrackingEvent("login") } }; service.track(Login())"#,
         "cannot convert value of type 'Login' to expected argument type 'SplitTestEvents'"),
    ]

    @Test(arguments: mistakes.map(\.name))
    func aMistakeDoesNotCompile(name: String) throws {
        let mistake = try #require(Self.mistakes.first { $0.name == name })
        let source = "import SplitTesting\n\nfunc track(_ service: SplitTestingService) {\n    \(mistake.call)\n}\n"
        let outcome = try Self.typecheck(source, mainActorByDefault: false)
        #expect(outcome.status != 0, "\(name) compiles")
        #expect(outcome.stderr.contains("error:"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(mistake.error), "the error names the mistake: \(outcome.stderr)")
    }

    /// Type-checks `source` with the generated code, as two files of an app's module, against the
    /// modules of this build.
    static func typecheck(_ source: String, mainActorByDefault: Bool) throws -> CapturedProcess.Outcome {
        let swiftc = try #require(Oracle.onPath(["swiftc"]), "swiftc, of the toolchain that runs the tests, is on PATH")
        let modules = CapturedProcess.builtProduct("splitc").deletingLastPathComponent().appendingPathComponent("Modules")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let generatedFile = try folder.write("GeneratedSplitTests.swift", try generated())
        let app = try folder.write("App.swift", source)
        var arguments = ["-typecheck", "-swift-version", "6", "-module-name", "App", "-I", modules.path]
        if mainActorByDefault { arguments += ["-default-isolation", "MainActor"] }
        return try CapturedProcess.run(URL(fileURLWithPath: swiftc), arguments + [generatedFile.path, app.path])
    }
}
