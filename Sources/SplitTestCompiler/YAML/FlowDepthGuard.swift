/// A linear pre-scan that keeps pathologically nested flow collections (`[[[[…`) away from libyaml.
///
/// libyaml checks every open flow level for stale simple keys on each token, so its time grows
/// with the square of the flow depth: a few hundred kilobytes of brackets take minutes. The
/// reader's own depth limit comes too late for that, since libyaml has already scanned them.
/// This scan counts brackets without understanding quotes or comments, so it overestimates; its
/// bound is therefore far above the real limit, where only hostile input reaches it.
enum FlowDepthGuard {
    /// The bracket depth past which a file is not handed to libyaml.
    static func bound(_ limits: CompilerLimits) -> Int { max(1_024, limits.nestingDepth) }

    /// Where the brackets first nest deeper than `bound`, or nil when they never do.
    static func firstExcess(
        in bytes: UnsafeBufferPointer<UInt8>, limits: CompilerLimits, file: DefinitionFileContext
    ) -> SourceLocation? {
        let bound = bound(limits)
        // A file shorter than the bound cannot open more brackets than it holds bytes.
        guard bytes.count > bound else { return nil }
        var depth = 0
        var offset = 0
        while offset < bytes.count {
            // Clearing bit 5 maps `{` onto `[` and `}` onto `]`: one comparison each.
            switch bytes[offset] & 0xDF {
            case UInt8(ascii: "["):
                depth += 1
                if depth > bound { return file.location(ofByteOffset: offset, in: bytes) }
            case UInt8(ascii: "]"):
                if depth > 0 { depth -= 1 }
            default:
                break
            }
            offset += 1
        }
        return nil
    }
}
