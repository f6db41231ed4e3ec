import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting

// One process of an app with extensions, for the fault tests that run several of them at once on
// one FileAssignmentStore file. Every mode but `hold-lock` waits until a start file exists, so that
// the test can start all processes first and release them together.
//
// Usage:
//   SharedStoreWorker writer <store> <start> <worker> <count> <flush every>
//       Sets <count> keys of its own, removes every seventh after setting it, offers its name for
//       eight shared keys with setIfAbsent, flushes every <flush every> changes (0: only at the end),
//       then prints `shared <index> <value>` for each shared key as it sees it, and `done`.
//   SharedStoreWorker device <store> <start>
//       A new install: resolves a device-level experiment through a SplitTestingService and prints
//       `device <device id> <group> <reason>`.
//   SharedStoreWorker assign <store> <start> <classic|cards>
//       Opens the store, prints `ready`, waits for the start file, then resolves a user-level
//       experiment whose rules put everyone in the named group (as a control document might in
//       one process and not yet in another) and prints `assigned <group> <reason> <stored>`.
//   SharedStoreWorker hold-lock <store>
//       Takes the store's lock, prints `locked`, and sleeps until killed.
//   SharedStoreWorker defaults [<weight>,…]
//       An app that takes the configuration's defaults (the store among them), its `report` set
//       after creating it: resolves the device-level experiment (with eight weights when given,
//       as a later release might change them), prints `device <device id>` and
//       `palette <group> <reason>`, and returns from main at once, leaving its writes to the
//       process's exit. Run twice, it is two launches of one app.
//   SharedStoreWorker exit-handler <store>
//       Registers an exit handler that stores `at-exit` under `split_test.exit-handler` in a store
//       it opens then (a store first used after the exit started), stores `in-main` under
//       `split_test.main`, appends an event `in_main` to <store>.events.jsonl through a
//       JSONLinesTrackingProvider, and returns from main at once.
//   SharedStoreWorker exit-in-report <store> <unwritable store>
//       Stores `in-main` under `split_test.main` in <store>, then a value in <unwritable store>,
//       whose `report` of the failed write calls `exit(3)` from inside that write; main waits.
//   SharedStoreWorker user-defaults <suite> <device id>…
//       One launch of an app whose store is the UserDefaults suite <suite>: for each device id,
//       a service keyed by it resolves the device-level experiment and prints
//       `<index of the device id> <group> <reason>`; the defaults are then synchronized.
// Issues the store reports go to standard error, one per line, prefixed `issue:`.

let arguments = CommandLine.arguments
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SharedStoreWorker: \(message)\n".utf8))
    exit(2)
}
guard arguments.count >= 2 else { fail("usage: SharedStoreWorker <mode> [<store>] [arguments…]") }
let mode = arguments[1]
/// The store file, which every mode but `defaults` is given.
var storeURL: URL {
    guard arguments.count >= 3 else { fail("usage: SharedStoreWorker \(mode) <store> [arguments…]") }
    return URL(fileURLWithPath: arguments[2])
}

/// Written straight to the descriptor: a pipe or a file makes stdout fully buffered.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func report(_ issue: SplitTestingIssue) {
    FileHandle.standardError.write(Data("issue: \(issue)\n".utf8))
}

func waitForStart(_ path: String) {
    let deadline = Date().addingTimeInterval(120)
    while !FileManager.default.fileExists(atPath: path) {
        if Date() > deadline { fail("the start file \(path) never appeared") }
        usleep(100)
    }
}

/// The weights of `palette`: eight equal ones, or those given to `defaults`.
let paletteWeights: [Double] = {
    guard arguments.count == 3, mode == "defaults" else { return Array(repeating: 1, count: 8) }
    let weights = arguments[2].split(separator: ",").compactMap { Double($0) }
    guard weights.count == 8, weights.allSatisfy({ $0 >= 0 }), weights.contains(where: { $0 > 0 }) else {
        fail("defaults takes eight comma-separated weights, not \(arguments[2])")
    }
    return weights
}()

/// A device-level experiment with eight groups, so that two device ids rarely share a group.
struct WorkerPaletteSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case g0, g1, g2, g3, g4, g5, g6, g7 }
    static let identifier = "palette"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self, unitType: .device, salt: identifier,
        bucketUpperBounds: BucketTable(weights: paletteWeights).upperBounds, control: .g0)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// A user-level experiment whose rules send everyone to `classic`.
struct WorkerLayoutClassicSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case classic, cards }
    static let identifier = "layout"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self, unitType: .user, salt: identifier, bucketUpperBounds: [10_000, 10_000], control: .classic)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// The same experiment under rules that send everyone to `cards`.
struct WorkerLayoutCardsSplitTest: SplitTest {
    typealias Group = WorkerLayoutClassicSplitTest.Group
    static let identifier = "layout"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self, unitType: .user, salt: identifier, bucketUpperBounds: [0, 10_000], control: .classic)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

switch mode {
case "writer":
    guard arguments.count == 7, let worker = Int(arguments[4]), let count = Int(arguments[5]),
        let flushEvery = Int(arguments[6])
    else { fail("usage: SharedStoreWorker writer <store> <start> <worker> <count> <flush every>") }
    waitForStart(arguments[3])
    let store = FileAssignmentStore(fileURL: storeURL, report: report)
    func key(_ index: Int) -> String { "split_test.assignment.writer.w\(worker)-\(index)" }
    func sharedKey(_ index: Int) -> String { "split_test.assignment.shared.s\(index)" }
    for index in 0..<count {
        store.set("w\(worker)-\(index)", for: key(index))
        if index % 7 == 3 { store.removeValue(for: key(index - 1)) }
        if index % 5 == 0 { _ = store.setIfAbsent("w\(worker)", for: sharedKey(index / 5 % 8)) }
        if flushEvery > 0, index % flushEvery == flushEvery - 1 { store.flush() }
    }
    store.flush()
    for index in 0..<8 { say("shared \(index) \(store.string(for: sharedKey(index)) ?? "-")") }
    say("done")

case "device":
    guard arguments.count == 4 else { fail("usage: SharedStoreWorker device <store> <start>") }
    waitForStart(arguments[3])
    let store = FileAssignmentStore(fileURL: storeURL, report: report)
    let service = SplitTestingService(configuration: .init(
        store: store, catalog: [WorkerPaletteSplitTest.self], report: report))
    let palette = service.fetchSplitTest(WorkerPaletteSplitTest.self)
    store.flush()
    say("device \(service.deviceID) \(palette.currentGroup.rawValue) \(palette.assignment.reason.rawValue)")

case "assign":
    guard arguments.count == 5, ["classic", "cards"].contains(arguments[4]) else {
        fail("usage: SharedStoreWorker assign <store> <start> <classic|cards>")
    }
    let store = FileAssignmentStore(fileURL: storeURL, report: report)
    say("ready")
    waitForStart(arguments[3])
    let experiment: any SplitTest.Type =
        arguments[4] == "classic" ? WorkerLayoutClassicSplitTest.self : WorkerLayoutCardsSplitTest.self
    let service = SplitTestingService(configuration: .init(
        store: store, deviceID: "shared-device", catalog: [experiment], report: report))
    service.associate(user: "shared-user")
    let assignment =
        arguments[4] == "classic"
        ? service.fetchSplitTest(WorkerLayoutClassicSplitTest.self).assignment
        : service.fetchSplitTest(WorkerLayoutCardsSplitTest.self).assignment
    store.flush()
    let stored = store.string(for: StorageKey.assignment(experiment: "layout", unit: "shared-user")) ?? "-"
    say("assigned \(assignment.group.rawValue) \(assignment.reason.rawValue) \(stored)")

case "hold-lock":
    let lockPath = storeURL.path + ".lock"
    let descriptor = open(lockPath, O_RDONLY | O_CREAT, 0o644)
    guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else { fail("cannot lock \(lockPath): \(errno)") }
    say("locked")
    while true { sleep(60) }

case "defaults":
    guard arguments.count <= 3 else { fail("usage: SharedStoreWorker defaults [<weight>,…]") }
    var configuration = SplitTestingService.Configuration(catalog: [WorkerPaletteSplitTest.self])
    configuration.report = report
    let service = SplitTestingService(configuration: configuration)
    let palette = service.fetchSplitTest(WorkerPaletteSplitTest.self)
    // Nothing waits for the store's background write: the process's exit must.
    say("device \(service.deviceID)\npalette \(palette.currentGroup.rawValue) \(palette.assignment.reason.rawValue)")

case "exit-handler":
    guard arguments.count == 3 else { fail("usage: SharedStoreWorker exit-handler <store>") }
    // Registered before any store writes, so that it runs after the stores' own exit handler.
    atexit {
        let store = FileAssignmentStore(fileURL: URL(fileURLWithPath: CommandLine.arguments[2]))
        store.set("at-exit", for: "split_test.exit-handler")
    }
    FileAssignmentStore(fileURL: storeURL).set("in-main", for: "split_test.main")
    JSONLinesTrackingProvider(fileURL: URL(fileURLWithPath: storeURL.path + ".events.jsonl")).track(TrackingEvent("in_main"))

case "exit-in-report":
    guard arguments.count == 4 else { fail("usage: SharedStoreWorker exit-in-report <store> <unwritable store>") }
    FileAssignmentStore(fileURL: storeURL).set("in-main", for: "split_test.main")
    let unwritable = FileAssignmentStore(fileURL: URL(fileURLWithPath: arguments[3]), report: { _ in exit(3) })
    unwritable.set("lost", for: "split_test.unwritable")
    sleep(60)
    fail("the report never called exit")

case "user-defaults":
    guard arguments.count >= 4 else { fail("usage: SharedStoreWorker user-defaults <suite> <device id>…") }
    let store = UserDefaultsAssignmentStore(suiteName: arguments[2])
    for (index, device) in arguments[3...].enumerated() {
        let service = SplitTestingService(configuration: .init(
            store: store, deviceID: device, catalog: [WorkerPaletteSplitTest.self], report: report))
        let palette = service.fetchSplitTest(WorkerPaletteSplitTest.self)
        say("\(index) \(palette.currentGroup.rawValue) \(palette.assignment.reason.rawValue)")
    }
    UserDefaults(suiteName: arguments[2])?.synchronize()

default:
    fail("unknown mode \(mode)")
}
