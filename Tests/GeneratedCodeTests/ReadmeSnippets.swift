import Foundation
@_spi(Generated) import SplitTesting
import SplitTestingTestSupport
import SplitTestingRemote

// Every Swift snippet of README.md, as written there, inside functions whose parameters stand in
// for the app code the snippets call. ReadmeSnippetTests checks that each snippet still appears
// here line for line, so that the README cannot show code that does not compile.

/// Stands in for an app's logger.
struct ReadmeLogger: Sendable {
    let lines: RecordingTrackingProvider
    func warning(_ message: String) { lines.track(TrackingEvent("log", properties: ["message": .string(message)])) }
}

/// Stands in for an app's button and screen.
final class ReadmeScreen {
    var color = ""
    var shown: [String] = []
    func showClassicButton() { shown.append("classic") }
    func showButton(color: String, cornerRadius: Int) { shown.append("\(color) r\(cornerRadius)") }
}

func readmeSetUp(applicationSupport: URL, analytics: any TrackingProvider, logger: ReadmeLogger) -> SplitTestingService {
    let service = SplitTestingService(configuration: .init(
        store: .file(at: applicationSupport.appendingPathComponent("split-tests.json")),
        catalog: SplitTestCatalog.all,
        tracking: TrackingClient(providers: [analytics]),
        report: { issue in logger.warning("\(issue)") }))
    return service
}

func readmeIntroduction(service: SplitTestingService, buyButton: ReadmeScreen) {
    let buttonColor = service.fetchSplitTest(ButtonColorSplitTest.self)
    buyButton.color = buttonColor.currentGroup.color  // "#FF3B30" or "#007AFF", typed from the YAML
    buttonColor.hitSplitTest()  // the user saw it: logged once, to every analytics provider
}

func readmeFetchSwitchHit(service: SplitTestingService, screen: ReadmeScreen) {
    func showClassicButton() { screen.showClassicButton() }
    func showButton(color: String, cornerRadius: Int) { screen.showButton(color: color, cornerRadius: cornerRadius) }

    let buttonColor = service.fetchSplitTest(ButtonColorSplitTest.self)
    switch buttonColor.currentGroup {
    case .red: showClassicButton()
    case .blue, .darkGray: showButton(color: buttonColor.currentGroup.color,
                                      cornerRadius: buttonColor.currentGroup.cornerRadius)
    }
    buttonColor.hitSplitTest()   // when the button is actually on screen
}

func readmeUsers(service: SplitTestingService, account: (id: String, name: String)) {
    service.associate(user: account.id)   // on login
    service.dissociate()                  // on logout
}

func readmeGoal(service: SplitTestingService) {
    service.trackGoal("purchase", value: 3.99)
}

func readmeTypedEvents(service: SplitTestingService) {
    service.track(.purchase(revenue: 3.99, currency: .usd, isFirst: true))
    service.track(.screenLoaded(milliseconds: 420, screen: "home"))
}

func readmeOverrides(service: SplitTestingService) {
    service.setOverride(ButtonColorSplitTest.self, group: .blue)   // debug menu, QA, a whitelist
    service.removeOverride(ButtonColorSplitTest.self)
}

/// The README's remote-control set-up; the key is the README's placeholder, so the control
/// reports it as invalid rather than fetching unsigned documents.
func readmeRemoteControl(service: SplitTestingService, applicationSupport: URL) -> RemoteControl {
    let remote = RemoteControl(configuration: .init(
        url: URL(string: "https://cdn.example.com/split-tests/control.json")!,
        publicKey: "6hY0…",                 // printed by `splitc keygen`
        cacheDirectory: applicationSupport))
    remote.start(service: service)          // the kept document applies now; refreshes run in the background
    return remote
}

/// The README's debug-menu lines; returns the model so that the test can check what they did.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
func readmeDebugMenu(service: SplitTestingService) -> SplitTestingDebugModel {
    let menu = SplitTestingDebugModel(service: service)
    for experiment in menu.snapshot.experiments {
        print(experiment.identifier, experiment.group, experiment.reason, experiment.isExposed)
    }
    menu.setOverride("blue", for: "button_color")   // nil removes the override
    service.eraseAssignments()                       // QA: start as a new install; the menu follows
    return menu
}

/// The README's provider: only `track(_:)`, the rest are the protocol's defaults.
struct ConsoleTrackingProvider: TrackingProvider {
    func track(_ event: TrackingEvent) { print(event.identifier, event.properties) }
}

/// Stands in for the checkout screen of the README's multivariate example.
final class ReadmeCheckoutScreen {
    final class Label { var text: String? }
    final class BuyButton { var isOrange = false }
    let titleLabel = Label()
    let buyButton = BuyButton()
}

func readmeMultivariate(service: SplitTestingService, screen: ReadmeCheckoutScreen) {
    let titleLabel = screen.titleLabel
    let buyButton = screen.buyButton

    let checkout = service.fetchSplitTest(CheckoutPageSplitTest.self)
    titleLabel.text = checkout.currentGroup.headline.text
    buyButton.isOrange = checkout.currentGroup.button == .orange
    checkout.hitSplitTest()   // one exposure: group "urgent+orange", factor_headline, factor_button
}
