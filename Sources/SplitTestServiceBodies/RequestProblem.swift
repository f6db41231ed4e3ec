/// Why a request body cannot be used, in words a client can act on: the `detail` of a `400`.
@_spi(Tools) public struct RequestProblem: Error, Sendable, Hashable {
    /// What is wrong and what to change.
    public var detail: String
    /// For an event batch, each invalid event by its index in the array, in order; empty otherwise.
    public var invalidEvents: [InvalidEvent]

    /// One event of a batch that cannot be stored.
    public struct InvalidEvent: Sendable, Hashable {
        /// Its index in the array.
        public var index: Int
        /// Why, e.g. `split_test_exposure without "experiment" in its properties`.
        public var reason: String

        /// Creates an invalid event.
        public init(index: Int, reason: String) {
            self.index = index
            self.reason = reason
        }
    }

    /// Creates a problem.
    public init(_ detail: String, invalidEvents: [InvalidEvent] = []) {
        self.detail = detail
        self.invalidEvents = invalidEvents
    }
}
