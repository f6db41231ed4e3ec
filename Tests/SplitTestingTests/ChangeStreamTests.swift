import Dispatch
import Foundation
import Testing
@_spi(Generated) @_spi(Tools) @testable import SplitTesting

/// The stream of changes a debug menu refreshes on: every kind, in order, for any number of
/// subscribers, never delivered while the service holds its lock.
@Suite(.timeLimit(.minutes(2))) struct ChangeStreamTests {
    /// The next `count` changes of `iterator`; fewer when the stream finished.
    static func next(
        _ count: Int, of iterator: inout AsyncStream<SplitTestingChange>.Iterator
    ) async -> [SplitTestingChange] {
        var changes: [SplitTestingChange] = []
        while changes.count < count, let change = await iterator.next() { changes.append(change) }
        return changes
    }

    /// Waits until `condition` holds, up to 30 seconds; whether it did.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    /// Makes one change of every kind (and a few calls that are refused), returning the changes
    /// a subscriber should see.
    static func makeEveryKindOfChange(_ service: SplitTestingService) -> [SplitTestingChange] {
        service.setOverride(ButtonColorSplitTest.self, group: .blue)
        #expect(service.setOverride(experiment: "app_color_scheme", group: "light"))
        #expect(!service.setOverride(experiment: "no_such_experiment", group: "x"))  // refused: no change
        service.removeOverride(ButtonColorSplitTest.self)
        service.clearOverrides()
        #expect(service.applyControl(SplitTestControl(sequence: 4, experiments: [:])))
        #expect(!service.applyControl(SplitTestControl(sequence: 3, experiments: [:])))  // refused: not newer
        service.setAttributes(targetedAttributes)
        service.associate(user: "user-1")
        service.associate(user: "")  // an empty id signs out
        service.dissociate()
        service.eraseAssignments()
        return [
            .overrideSet(experiment: "button_color", group: "blue"),
            .overrideSet(experiment: "app_color_scheme", group: "light"),
            .overrideRemoved(experiment: "button_color"),
            .overridesCleared,
            .controlApplied(sequence: 4),
            .attributesSet,
            .userAssociated(user: "user-1"),
            .userDissociated,
            .userDissociated,
            .assignmentsErased,
        ]
    }

    @Test func everyKindOfChangeArrivesInOrderAtEverySubscriber() async {
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), catalog: testCatalog))
        var first = service.changes().makeAsyncIterator()
        var second = service.changes().makeAsyncIterator()
        let expected = Self.makeEveryKindOfChange(service)
        // A marker after them shows that nothing else was delivered in between.
        service.associate(user: "marker")
        let all = expected + [.userAssociated(user: "marker")]
        #expect(await Self.next(all.count, of: &first) == all)
        #expect(await Self.next(all.count, of: &second) == all)
    }

    @Test func changesMadeBeforeSubscribingAreNotDelivered() async {
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), catalog: testCatalog))
        service.associate(user: "before")
        var changes = service.changes().makeAsyncIterator()
        service.dissociate()
        #expect(await changes.next() == .userDissociated)
    }

    @Test func changesFromManyThreadsArriveInTheOrderTheyWereMade() async {
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), catalog: testCatalog))
        var changes = service.changes().makeAsyncIterator()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<10 { service.setOverride(experiment: "button_color", group: index % 2 == 0 ? "red" : "blue") }
            service.associate(user: "thread-\(thread)")
        }
        let received = await Self.next(44, of: &changes)
        #expect(received.count == 44)
        // The last change delivered is the one in force.
        let lastOverride = received.last { if case .overrideSet = $0 { true } else { false } }
        #expect(lastOverride == .overrideSet(experiment: "button_color", group: service.overrides["button_color"] ?? "?"))
        let lastUser = received.last { if case .userAssociated = $0 { true } else { false } }
        #expect(lastUser == .userAssociated(user: service.currentUserID ?? "?"))
    }

    @Test func cancellingOneSubscriptionLeavesTheOthers() async {
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), catalog: testCatalog))
        let cancelled = service.changes()
        let consumer = Task {
            var count = 0
            for await _ in cancelled { count += 1 }
            return count
        }
        var kept = service.changes().makeAsyncIterator()
        #expect(service.changeBroadcaster.subscriberCount == 2)
        service.associate(user: "user-1")
        #expect(await kept.next() == .userAssociated(user: "user-1"))
        consumer.cancel()
        #expect(await consumer.value <= 1)
        #expect(await Self.eventually { service.changeBroadcaster.subscriberCount == 1 })
        service.associate(user: "user-2")
        service.dissociate()
        #expect(await Self.next(2, of: &kept) == [.userAssociated(user: "user-2"), .userDissociated])
    }

    @Test func aDroppedStreamIsUnsubscribed() {
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), catalog: testCatalog))
        do {
            let stream = service.changes()
            _ = stream
            #expect(service.changeBroadcaster.subscriberCount == 1)
        }
        #expect(service.changeBroadcaster.subscriberCount == 0)
    }

    @Test func everyStreamFinishesWhenTheServiceIsGone() async {
        var service: SplitTestingService? = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), catalog: testCatalog))
        weak let released = service
        var first = service!.changes().makeAsyncIterator()
        var second = service!.changes().makeAsyncIterator()
        service?.associate(user: "user-1")
        service = nil
        #expect(released == nil, "a stream does not keep the service alive")
        #expect(await first.next() == .userAssociated(user: "user-1"))
        #expect(await first.next() == nil)
        #expect(await Self.next(5, of: &second) == [.userAssociated(user: "user-1")])
    }

    @Test func aConsumerThatNeverReadsKeepsOnlyTheNewestChanges() async {
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), catalog: testCatalog))
        var changes = service.changes().makeAsyncIterator()
        let limit = SplitTestingService.bufferedChangeLimit
        for index in 0..<(limit * 3) { service.associate(user: "user-\(index)") }
        let kept = await Self.next(limit, of: &changes)
        #expect(kept == (limit * 2..<limit * 3).map { .userAssociated(user: "user-\($0)") })
        service.dissociate()
        #expect(await changes.next() == .userDissociated, "nothing older was buffered")
    }

    @Test func aConsumerThatCallsBackIntoTheServiceDoesNotDeadlock() async {
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), catalog: testCatalog))
        let changes = service.changes()
        let consumer = Task {
            var seen: [SplitTestingChange] = []
            for await change in changes {
                seen.append(change)
                // Reads the service, and changes it, from the consumer: each would wait forever
                // if the change were delivered while the service held its lock.
                _ = service.debugSnapshot()
                if case .userAssociated(let user) = change { service.setOverride(experiment: "button_color", group: user == "a" ? "blue" : "red") }
                if seen.count == 4 { break }
            }
            return seen
        }
        service.associate(user: "a")
        service.associate(user: "b")
        // The consumer's own changes may come between the test's, but each arrives.
        let seen = await consumer.value
        #expect(seen.count == 4)
        #expect(Set(seen) == [
            .userAssociated(user: "a"), .userAssociated(user: "b"),
            .overrideSet(experiment: "button_color", group: "blue"), .overrideSet(experiment: "button_color", group: "red"),
        ])
        #expect(service.overrides == ["button_color": "red"])
    }

    @Test func noChangeIsDeliveredWhileTheServiceHoldsItsLock() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), catalog: testCatalog))
        // The consumer runs on an executor that checks the service's lock whenever a job is
        // handed to it. A consumer waiting for the next change is resumed by the thread that
        // delivers it, which hands the consumer's job over right there: had it kept the service
        // locked, the check would see it.
        let executor = LockCheckingExecutor(service: service)
        let changes = service.changes()
        let received = Locked(0)
        let consumer = Task {
            await withTaskExecutorPreference(executor) {
                for await _ in changes {
                    received.withLock { $0 += 1 }
                }
            }
        }
        let rounds = 50
        for round in 0..<rounds {
            // Waits until the consumer has taken the last change, so that it waits for this one.
            #expect(await Self.eventually { received.withLock { $0 } == round })
            try await Task.sleep(for: .milliseconds(5))
            service.setOverride(experiment: "button_color", group: round % 2 == 0 ? "red" : "blue")
        }
        #expect(await Self.eventually { received.withLock { $0 } == rounds })
        consumer.cancel()
        await consumer.value
        #expect(executor.jobsHandedOverWhileLocked == 0)
        // Most deliveries find the consumer waiting (a slow machine may let a few find it busy).
        #expect(executor.jobsHandedOver >= rounds / 2, "the consumer was resumed by the deliveries")
    }
}

/// A task executor that runs jobs on a serial queue and, as each is handed to it, notes whether
/// the service's lock is held at that moment.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class LockCheckingExecutor: TaskExecutor {
    private let service: SplitTestingService
    private let queue = DispatchQueue(label: "LockCheckingExecutor")
    private let counts = Locked((handedOver: 0, whileLocked: 0))

    init(service: SplitTestingService) {
        self.service = service
    }

    var jobsHandedOver: Int { counts.withLock { $0.handedOver } }
    var jobsHandedOverWhileLocked: Int { counts.withLock { $0.whileLocked } }

    func enqueue(_ job: consuming ExecutorJob) {
        let locked = service.state.isLocked()
        counts.withLock { counts in
            counts.handedOver += 1
            if locked { counts.whileLocked += 1 }
        }
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
