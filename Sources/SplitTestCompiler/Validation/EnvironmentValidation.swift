@_spi(Generated) import SplitTesting
import SplitTestFormats

/// Checks the environments declaration (one, anywhere in the run) and that every environment an
/// experiment gives values for is declared; sets the values on the experiment's definition.
enum EnvironmentValidation {
    /// The declared names, in order; `rejected` holds the positions of experiments naming an
    /// undeclared environment.
    static func check(
        _ declarations: [EnvironmentDeclaration], links: [Int: ExperimentLinks], experiments: inout [Experiment],
        places: [ExperimentPlaces], log: inout DiagnosticLog
    ) -> (names: [String], rejected: Set<Int>) {
        for extra in declarations.dropFirst() {
            log.error(
                "the environments are declared twice; declare them once, in one list", at: extra.location,
                fileIndex: extra.fileIndex, note: .note("they are first declared here", at: declarations[0].location))
        }
        let names = declarations.first?.names.map(\.name) ?? []
        var rejected = Set<Int>()
        // Most experiments name no environment: those that do are picked out before sorting.
        for (position, link) in links.filter({ !$0.value.environments.isEmpty }).sorted(by: { $0.key < $1.key }) {
            var values: [String: SplitTestEnvironmentValues] = [:]
            for (reference, environmentValues) in link.environments {
                guard names.contains(reference.name) else {
                    let remedy = names.isEmpty
                        ? "; declare the environments in a document of their own, like environments: [development, staging, production]"
                        : Suggestions.didYouMean(reference.name, in: names)
                    log.error(
                        "environment '\(shownInMessage(reference.name))' is not declared" + remedy,
                        at: reference.location, fileIndex: places[position].fileIndex)
                    rejected.insert(position)
                    continue
                }
                values[reference.name] = environmentValues
            }
            experiments[position].definition.environments = values
        }
        return (names, rejected)
    }
}
