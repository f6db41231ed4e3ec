// Reads generated TypeScript back for the splitc tests, which compile it with the generated files
// (golden/splitTests.ts and edges/splitTests.ts beside it) and compare what it prints with the
// definitions. For every experiment of each module: `experiment IDENTIFIER CONTROL`, then per
// group `group NAME KEY=VALUE ...` (keys sorted), then what resolve() answers for each group, for
// undefined and for a name that is no group. Values: s:<UTF-16 code units in hex, comma-separated>,
// n:<the number's bits in hex>, b:<boolean>. Last, a few typed uses of the generated API.
import * as edges from "./edges/splitTests";
import * as golden from "./golden/splitTests";

function encode(value: unknown): string {
    if (typeof value === "string") {
        const units: string[] = [];
        for (let index = 0; index < value.length; index++) units.push(value.charCodeAt(index).toString(16));
        return "s:" + units.join(",");
    }
    if (typeof value === "number") {
        const view = new DataView(new ArrayBuffer(8));
        view.setFloat64(0, value);
        const high = view.getUint32(0), low = view.getUint32(4);
        return "n:" + (high === 0 ? low.toString(16) : high.toString(16) + low.toString(16).padStart(8, "0"));
    }
    if (typeof value === "boolean") return "b:" + String(value);
    return "?:" + String(value);
}

interface AnyTest {
    readonly identifier: string;
    readonly control: string;
    readonly groups: { readonly [name: string]: { readonly [key: string]: unknown } };
    resolve(variant: string | undefined): { group: string; params: unknown };
}

function describe(test: AnyTest): void {
    console.log(`experiment ${test.identifier} ${test.control}`);
    for (const name of Object.keys(test.groups)) {
        const params = test.groups[name];
        const values = Object.keys(params).sort().map((key) => `${key}=${encode(params[key])}`);
        console.log([`group ${name}`, ...values].join(" "));
    }
    for (const variant of [...Object.keys(test.groups), undefined, "no_such_group"]) {
        const resolved = test.resolve(variant);
        const same = resolved.params === test.groups[resolved.group];
        console.log(`resolve ${String(variant)} ${resolved.group} ${same}`);
    }
}

const modules: ReadonlyArray<ReadonlyArray<AnyTest>> = [golden.splitTests, edges.splitTests];
for (const tests of modules) for (const test of tests) describe(test);

const blue = golden.buttonColor.resolve("blue");
const group: golden.ButtonColorGroup = blue.group;
const color: string = blue.params.color;
const radius: number = blue.params.cornerRadius;
const cell: golden.CheckoutPageGroup = golden.checkoutPage.resolve("urgent+orange").group;
const keywords: edges.KotlinKeywordsParams = edges.kotlinKeywords.groups.default;
console.log(`shapes ${group === "dark_gray"} ${color} ${radius} ${cell} ${keywords.in} ${keywords.name} ${edges.delete_.identifier} ${edges.split_tests.identifier}`);
