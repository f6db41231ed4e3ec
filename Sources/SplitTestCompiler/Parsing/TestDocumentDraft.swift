/// A scalar written in a test document, with where it is written: its text and its value under
/// the core schema (which tells a plain `true` or `12` from a quoted one).
struct WrittenScalar: Sendable {
    var text: String
    var scalar: ScalarValue
    var location: SourceLocation
}

/// What one case of a test document expects, as written.
struct ExpectationDraft: Sendable {
    var group: WrittenScalar?
    var reason: WrittenScalar?
    var enrolled: WrittenScalar?
    var params: [(name: NameReference, value: WrittenScalar)] = []
    var levels: [(factor: NameReference, level: WrittenScalar)] = []
    /// Where `expect` is written: failures are reported there.
    var location: SourceLocation
}

/// One case of a test document, as written.
struct CaseDraft: Sendable {
    var unit: String
    var user: String?
    var device: String?
    var attributes: [(name: NameReference, value: WrittenScalar)] = []
    var environment: NameReference?
    var at: Double?
    var expect: ExpectationDraft
}

/// A test document's `distribution`, as written.
struct DistributionDraft: Sendable {
    var units: Int
    var prefix: String
    var shares: [(group: NameReference, percent: Double)]
    var tolerance: Double
    var location: SourceLocation
}

/// A `test:` document, checked for shape; its names are resolved once every definition is read.
struct TestDocumentDraft: Sendable {
    var experiment: NameReference
    var description: String?
    var environment: NameReference?
    var at: Double?
    var cases: [CaseDraft]
    var distribution: DistributionDraft?
    var fileIndex: Int
}
