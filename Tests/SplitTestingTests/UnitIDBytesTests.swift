import Foundation
import SplitTestFormats
import SplitTestingTestSupport
import Testing
@_spi(Generated) @_spi(Tools) @testable import SplitTesting

/// Unit ids are told apart by their UTF-8 bytes in every store and cache, as bucketing tells
/// them apart: `josé-N` written precomposed (U+00E9) and decomposed (`e` + U+0301) is one Swift
/// `String` but two units, each with its own group, stickiness and exposure.
@Suite struct UnitIDBytesTests {
    /// The two spellings of `josé-<index>`, for the first index whose spellings `definition`
    /// buckets into different groups, so that a store or cache that took them for one unit would
    /// serve one of them the other's group.
    static func twins(for definition: SplitTestDefinition) -> (precomposed: String, decomposed: String) {
        for index in 0..<1_000 {
            let precomposed = "jos\u{E9}-\(index)"
            let decomposed = "jose\u{301}-\(index)"
            if definition.bucketedGroupIndex(forUnit: precomposed) != definition.bucketedGroupIndex(forUnit: decomposed) {
                return (precomposed, decomposed)
            }
        }
        preconditionFailure("among 1,000 indices some pair of spellings falls into different groups")
    }

    static let deviceTwins = twins(for: ButtonColorSplitTest.definition)
    static let userTwins = twins(for: OnboardingSplitTest.definition)

    @Test func theTwinsAreOneStringButTwoKeys() {
        let (precomposed, decomposed) = Self.deviceTwins
        #expect(precomposed == decomposed, "Swift compares strings by canonical equivalence")
        #expect(!precomposed.utf8.elementsEqual(decomposed.utf8))
        #expect(UTF8Key(precomposed) != UTF8Key(decomposed))
        #expect(Set([UTF8Key(precomposed), UTF8Key(decomposed), UTF8Key(String(decomposed))]).count == 2)
        #expect(UTF8Key("split_test.assignment.button_color.\(precomposed)") == UTF8Key("split_test.assignment.button_color.\(precomposed)"))
    }

    // MARK: Stores

    /// Sets, reads, fills and removes the twins' assignment keys in `store`, which must keep
    /// them apart.
    static func expectTwinKeysApart(in store: any AssignmentStore, _ context: String) {
        let (precomposed, decomposed) = deviceTwins
        let first = StorageKey.assignment(experiment: "button_color", unit: precomposed)
        let second = StorageKey.assignment(experiment: "button_color", unit: decomposed)
        store.set("red", for: first)
        store.set("blue", for: second)
        #expect(store.string(for: first) == "red", "\(context)")
        #expect(store.string(for: second) == "blue", "\(context)")
        #expect(store.setIfAbsent("dark_gray", for: second) == "blue", "\(context)")
        store.removeValue(for: first)
        #expect(store.string(for: first) == nil, "\(context)")
        #expect(store.string(for: second) == "blue", "\(context)")
        #expect(store.setIfAbsent("dark_gray", for: first) == "dark_gray", "\(context)")
        #expect(store.string(for: second) == "blue", "\(context)")
    }

    @Test func theInMemoryStoreKeepsTwinKeysApart() {
        let store = InMemoryAssignmentStore()
        Self.expectTwinKeysApart(in: store, "in memory")
        #expect(store.snapshot.count == 2)
    }

    @Test(arguments: [FileAssignmentStore.Sharing.acrossProcesses, .singleProcess])
    func theFileStoreKeepsTwinKeysApartInMemoryAndOnDisk(sharing: FileAssignmentStore.Sharing) throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let file = folder.url.appendingPathComponent("assignments.json")
        let store = FileAssignmentStore(fileURL: file, sharing: sharing)
        Self.expectTwinKeysApart(in: store, "\(sharing)")
        store.flush()

        // The file holds both names, each with its own bytes, and a store reopened from it reads both.
        let (precomposed, decomposed) = Self.deviceTwins
        let first = StorageKey.assignment(experiment: "button_color", unit: precomposed)
        let second = StorageKey.assignment(experiment: "button_color", unit: decomposed)
        let bytes = try Data(contentsOf: file)
        #expect(bytes.range(of: Data("\"\(first)\" : \"dark_gray\"".utf8)) != nil, "\(String(decoding: bytes, as: UTF8.self))")
        #expect(bytes.range(of: Data("\"\(second)\" : \"blue\"".utf8)) != nil, "\(String(decoding: bytes, as: UTF8.self))")
        let reopened = FileAssignmentStore(fileURL: file, sharing: sharing)
        #expect(reopened.string(for: first) == "dark_gray")
        #expect(reopened.string(for: second) == "blue")

        // A value rewritten in the other normalization is a change, written as such.
        let decomposedValue = "blue-e\u{301}"
        reopened.set(decomposedValue, for: second)
        reopened.flush()
        #expect(FileAssignmentStore(fileURL: file, sharing: sharing).string(for: second)?.utf8.elementsEqual(decomposedValue.utf8) == true)
        reopened.set("blue-\u{E9}", for: second)
        reopened.flush()
        #expect(FileAssignmentStore(fileURL: file, sharing: sharing).string(for: second)?.utf8.elementsEqual("blue-\u{E9}".utf8) == true)
    }

    @Test func twoStoresSharingAFileKeepTheTwinsApart() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let file = folder.url.appendingPathComponent("shared.json")
        let (precomposed, decomposed) = Self.deviceTwins
        let first = StorageKey.assignment(experiment: "button_color", unit: precomposed)
        let second = StorageKey.assignment(experiment: "button_color", unit: decomposed)
        let app = FileAssignmentStore(fileURL: file)
        let widget = FileAssignmentStore(fileURL: file)
        #expect(app.setIfAbsent("red", for: first) == "red")
        app.flush()
        // The widget reads the app's file before it stores its own unit, and the merge keeps both.
        #expect(widget.string(for: second) == nil)
        #expect(widget.setIfAbsent("blue", for: second) == "blue")
        widget.flush()
        #expect(app.string(for: second) == "blue")
        #expect(widget.string(for: first) == "red")
        let reopened = FileAssignmentStore(fileURL: file)
        #expect(reopened.string(for: first) == "red" && reopened.string(for: second) == "blue")
    }

    @Test func theUserDefaultsStoreKeepsTwinKeysApartUnderASCIINames() throws {
        let suiteName = "SplitTestingTests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suiteName))
        defer { defaults.removePersistentDomain(forName: suiteName) }
        let store = UserDefaultsAssignmentStore(defaults: defaults)
        Self.expectTwinKeysApart(in: store, "UserDefaults")
        store.flush()
        // What Foundation keeps in dictionaries of `String` (its file among them) holds both.
        let names = defaults.dictionaryRepresentation().keys.filter { $0.hasPrefix("split_test.") }
        #expect(names.count == 2, "\(names)")
        #expect(names.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }, "\(names)")
    }

    @Test func theUserDefaultsStoreReadsAValueAnEarlierVersionKeptUnderTheKeyItself() throws {
        let suiteName = "SplitTestingTests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suiteName))
        defer { defaults.removePersistentDomain(forName: suiteName) }
        let key = StorageKey.assignment(experiment: "button_color", unit: Self.deviceTwins.precomposed)
        defaults.set("blue", forKey: key)
        let store = UserDefaultsAssignmentStore(defaults: defaults)
        #expect(store.string(for: key) == "blue")
        #expect(store.setIfAbsent("red", for: key) == "blue")
        store.set("dark_gray", for: key)
        #expect(store.string(for: key) == "dark_gray")
        #expect(defaults.object(forKey: key) == nil, "the old name goes when the key is set")
        store.removeValue(for: key)
        #expect(store.string(for: key) == nil)
        #expect(UserDefaultsAssignmentStore.defaultsName(for: "split_test.device_id") == "split_test.device_id")
        #expect(UserDefaultsAssignmentStore.defaultsName(for: "a%é") == "split_test.utf8.a%25%C3%A9")
    }

    // MARK: Through a service

    /// Runs `body` for each store a service may keep its groups in, new and empty, with its name
    /// and a way to open it (again, as the next launch would); removes what the stores left.
    static func forEachStore(_ body: (_ name: String, _ open: () -> BuiltInAssignmentStore) throws -> Void) throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let memory: BuiltInAssignmentStore = .inMemory
        try body("in memory") { memory }
        try body("file") { .file(at: folder.url.appendingPathComponent("assignments.json")) }
        let suiteName = "SplitTestingTests-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suiteName)?.removePersistentDomain(forName: suiteName) }
        try body("UserDefaults") { .userDefaults(UserDefaults(suiteName: suiteName) ?? .standard) }
    }

    /// Expects `test` freshly bucketed into the group bucketing gives `unit`.
    static func expectBucketed<T: SplitTest>(_ test: T, unit: String, _ context: String) {
        let definition = T.definition
        #expect(test.assignment.reason == .bucketed, "\(context)")
        #expect(test.currentGroup.rawValue == definition.groups[definition.bucketedGroupIndex(forUnit: unit)], "\(context)")
    }

    @Test func twinDevicesGetTheirOwnGroupsStickyInEveryStore() throws {
        let (precomposed, decomposed) = Self.deviceTwins
        try Self.forEachStore { name, open in
            let store = open()
            var firstLaunch: [String] = []
            for device in [precomposed, decomposed] {
                let service = SplitTestingService(configuration: .init(store: store, deviceID: device))
                let test = service.fetchSplitTest(ButtonColorSplitTest.self)
                Self.expectBucketed(test, unit: device, name)
                service.flush()
                firstLaunch.append(test.currentGroup.rawValue)
            }
            #expect(firstLaunch[0] != firstLaunch[1], "\(name)")
            // The next launch, under weights that would move nearly everyone to red.
            let reopened = open()
            for (device, group) in zip([precomposed, decomposed], firstLaunch) {
                let service = SplitTestingService(configuration: .init(store: reopened, deviceID: device))
                let test = service.fetchSplitTest(ButtonColorReweightedSplitTest.self)
                #expect(test.currentGroup.rawValue == group && test.assignment.reason == .sticky, "\(name): \(test.assignment)")
            }
        }
    }

    @Test func twinUsersOfOneServiceGetTheirOwnGroupsAndExposures() throws {
        let (precomposed, decomposed) = Self.userTwins
        try Self.forEachStore { name, open in
            let recorder = RecordingTrackingProvider()
            let service = SplitTestingService(configuration: .init(
                store: open(), deviceID: "device-1", tracking: TrackingClient(providers: [recorder])))
            var groups: [String] = []
            for user in [precomposed, decomposed] {
                service.associate(user: user)
                let test = service.fetchSplitTest(OnboardingSplitTest.self)
                Self.expectBucketed(test, unit: user, name)
                test.hitSplitTest()
                groups.append(test.currentGroup.rawValue)
            }
            #expect(groups[0] != groups[1], "\(name)")
            // Back and forth: each twin keeps its own group, and is exposed once.
            for (user, group) in zip([precomposed, decomposed], groups) {
                service.associate(user: user)
                let test = service.fetchSplitTest(OnboardingSplitTest.self)
                #expect(test.currentGroup.rawValue == group && test.assignment.reason == .sticky, "\(name)")
                test.hitSplitTest()
            }
            let exposures = recorder.events.filter { $0.identifier == TrackingEvent.exposureIdentifier }
            #expect(exposures.count == 2, "\(name): \(exposures)")
            let exposed = exposures.compactMap { event -> [UInt8]? in
                if case .string(let unit) = event.properties[TrackingEvent.Property.unit] { Array(unit.utf8) } else { nil }
            }
            #expect(exposed == [Array(precomposed.utf8), Array(decomposed.utf8)], "\(name)")
            let groupsExposed = exposures.compactMap { event -> String? in
                if case .string(let group) = event.properties[TrackingEvent.Property.group] { group } else { nil }
            }
            #expect(groupsExposed == groups, "\(name)")

            // A goal of the decomposed twin carries its own group.
            service.trackGoal("purchase")
            let goal = try #require(recorder.events.last)
            #expect(goal.properties[TrackingEvent.groupPropertyName(experiment: "onboarding_tutorial")] == .string(groups[1]), "\(name)")
        }
    }
}
