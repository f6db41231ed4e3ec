// An OFREP client for node, built on the TypeScript that `splitc generate --language typescript`
// writes: asks a decision service's bulk endpoint which group each unit is in, and resolves each
// answer through the generated code.
//
// Build, beside the generated splitTests.ts (node 18 or later, for fetch):
//   tsc --strict --target es2020 --module commonjs --lib es2020,dom --outDir out ofrepClient.ts
// Run:
//   node out/ofrepClient.js [--key KEY] URL UNIT...
//
// For each UNIT, in order, it sends `POST URL/ofrep/v1/evaluate/flags` with
// `{"context": {"targetingKey": UNIT}}` (and `Authorization: Bearer KEY` with --key), then prints
// one line `UNIT EXPERIMENT GROUP` per generated experiment, in identifier order: the group that the
// answer's `variant` for the experiment's key resolves to (the control when the answer has no
// variant for it, or names a group that is not generated). Exit status 0; 1 when the service
// cannot be reached or answers with an error or with something that is not an OFREP answer;
// 2 for a bad command line. No package beyond node is needed.
import { splitTests } from "./splitTests";

// Node's globals, declared here so that the program needs no type package.
declare const process: { argv: string[]; exitCode?: number };

/** The variant of each flag in the bulk answer for `unit`, by flag key. */
async function evaluate(endpoint: string, unit: string, key: string | undefined): Promise<Map<string, string>> {
    const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
    if (key !== undefined) headers.Authorization = `Bearer ${key}`;
    const response = await fetch(endpoint, {
        method: "POST",
        headers,
        body: JSON.stringify({ context: { targetingKey: unit } }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${endpoint} answered ${response.status} for '${unit}': ${text}`);
    const answer: unknown = JSON.parse(text);
    const flags = typeof answer === "object" && answer !== null ? (answer as { flags?: unknown }).flags : undefined;
    if (!Array.isArray(flags)) throw new Error(`${endpoint} answered without a list of flags for '${unit}'`);
    const variants = new Map<string, string>();
    for (const flag of flags as unknown[]) {
        if (typeof flag !== "object" || flag === null) continue;
        const { key: flagKey, variant } = flag as { key?: unknown; variant?: unknown };
        if (typeof flagKey === "string" && typeof variant === "string") variants.set(flagKey, variant);
    }
    return variants;
}

async function main(args: string[]): Promise<number> {
    let key: string | undefined;
    if (args.length >= 2 && args[0] === "--key") {
        key = args[1];
        args = args.slice(2);
    }
    if (args.length < 2) {
        console.error("usage: node ofrepClient.js [--key KEY] URL UNIT...");
        return 2;
    }
    const endpoint = args[0].replace(/\/+$/, "") + "/ofrep/v1/evaluate/flags";
    try {
        for (const unit of args.slice(1)) {
            const variants = await evaluate(endpoint, unit, key);
            for (const test of splitTests) {
                console.log(`${unit} ${test.identifier} ${test.resolve(variants.get(test.identifier)).group}`);
            }
        }
        return 0;
    } catch (error) {
        console.error(`ofrepClient: ${error instanceof Error ? error.message : String(error)}`);
        return 1;
    }
}

main(process.argv.slice(2)).then((status) => {
    process.exitCode = status;
});
