/// Requests that arrive while a batch is under way, done together as the next batch.
///
/// The first request starts a batch; those that arrive while it runs wait and then form the next
/// one, batch after batch until none waits. `perform` gets the batch's requests in arrival order
/// and gives one answer for each, in that order; when it throws, every request of the batch
/// fails with its error. ``SQLiteReader``, ``SQLiteWriter`` and ``PostgresWriter`` are made of
/// them, and so are ``PostgresStorage``'s reads and ``ChangedUnitsListener``'s fences.
actor RequestBatcher<Request: Sendable, Answer: Sendable> {
    private let perform: @Sendable ([Request]) async throws -> [Answer]
    private var waiting: [(request: Request, answer: CheckedContinuation<Answer, any Error>)] = []
    private var running = false

    init(perform: @escaping @Sendable ([Request]) async throws -> [Answer]) {
        self.perform = perform
    }

    /// `request`'s answer, once the batch that holds it is done.
    func submit(_ request: Request) async throws -> Answer {
        try await withCheckedThrowingContinuation { answer in
            waiting.append((request, answer))
            if !running {
                running = true
                Task { await runWaiting() }
            }
        }
    }

    /// Does what is waiting, batch after batch, until nothing is.
    private func runWaiting() async {
        while !waiting.isEmpty {
            let batch = waiting
            waiting = []
            do {
                let answers = try await perform(batch.map(\.request))
                precondition(answers.count == batch.count, "a batch gives one answer for each request")
                for (waiter, answer) in zip(batch, answers) { waiter.answer.resume(returning: answer) }
            } catch {
                for waiter in batch { waiter.answer.resume(throwing: error) }
            }
        }
        running = false
    }
}
