import Foundation
@_spi(Tools) @testable import SplitTesting
import Testing

/// Where the default store keeps its file outside Apple platforms.
@Suite struct DefaultStoreLocationTests {
    static func location(_ environment: [String: String], executable: String = "app", account: String? = "/home/account") -> String? {
        DefaultAssignmentStore.fileURL(environment: environment, executableName: executable, accountHome: { account })?.path
    }

    @Test func xdgDataHomeComesFirst() {
        #expect(Self.location(["XDG_DATA_HOME": "/data", "HOME": "/home/me"]) == "/data/SplitTesting/app.json")
    }

    @Test func withoutXDGDataHomeTheHomeLocalShare() {
        #expect(Self.location(["HOME": "/home/me"]) == "/home/me/.local/share/SplitTesting/app.json")
        // The XDG rule: an empty or relative XDG_DATA_HOME is ignored.
        #expect(Self.location(["XDG_DATA_HOME": "", "HOME": "/home/me"]) == "/home/me/.local/share/SplitTesting/app.json")
        #expect(Self.location(["XDG_DATA_HOME": "data", "HOME": "/home/me"]) == "/home/me/.local/share/SplitTesting/app.json")
    }

    @Test func withoutHOMETheAccountsHome() {
        #expect(Self.location([:]) == "/home/account/.local/share/SplitTesting/app.json")
        #expect(Self.location(["HOME": ""]) == "/home/account/.local/share/SplitTesting/app.json")
    }

    @Test func withNoHomeAtAllThereIsNoLocation() {
        #expect(Self.location([:], account: nil) == nil)
        #expect(Self.location(["HOME": "relative"], account: "") == nil)
    }

    @Test func eachExecutableHasAFileOfItsOwn() {
        let environment = ["XDG_DATA_HOME": "/data"]
        #expect(Self.location(environment, executable: "widget") == "/data/SplitTesting/widget.json")
        #expect(Self.location(environment, executable: "widget") != Self.location(environment, executable: "app"))
        #expect(Self.location(environment, executable: "") == "/data/SplitTesting/default.json")
    }

    @Test func aConfigurationThatNamesNoStoreGetsThePlatformsStore() {
        #expect(SplitTestingService.Configuration().store is DefaultAssignmentStore)
        #expect(SplitTestingService.Configuration(store: InMemoryAssignmentStore()).store is InMemoryAssignmentStore)
    }
}
