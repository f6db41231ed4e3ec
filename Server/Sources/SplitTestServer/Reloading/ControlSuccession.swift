extension ServedDefinitions {
    /// Why these definitions, just read again, may not replace `inForce`, or `nil` when they may:
    /// their control document is another than the one in force and its sequence is not greater.
    /// Apps keep the newest document they have and refuse any other, so serving it would have the
    /// service and the apps answer from different documents. The same document read again (the
    /// definitions changed, not the document) is no change.
    @_spi(Tools) public func controlProblem(replacing inForce: ServedDefinitions) -> String? {
        guard let current = inForce.control, let next = control, next.data != current.data,
            next.sequence <= current.sequence
        else { return nil }
        return "the control document's sequence \(next.sequence) is not greater than \(current.sequence), the sequence "
            + "of the document in force, and apps would refuse it; publish the change with a greater sequence"
    }
}
