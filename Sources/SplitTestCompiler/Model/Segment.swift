@_spi(Generated) import SplitTesting

/// A named audience (a `segment:` document), as validated: what the generated code carries and
/// experiments' targeting names.
public struct Segment: Hashable, Sendable {
    /// The segment as the runtime evaluates it: its name and conditions.
    package var segment: SplitTestSegment
    /// Free text for the generated documentation.
    public var description: String?
    /// Where its name is written.
    public var location: SourceLocation

    /// Creates a segment.
    package init(segment: SplitTestSegment, description: String?, location: SourceLocation) {
        self.segment = segment
        self.description = description
        self.location = location
    }

    /// The segment's name.
    public var name: String { segment.name }
}
