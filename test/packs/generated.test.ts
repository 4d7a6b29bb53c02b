// src/facts/packs/packs.generated.json is written from the packs' rules (src/facts/packs/rules/*.toml,
// `npm run gen:packs`); the runtime reads nothing else, so a stale file would leave a rule unseen.
// A call builds only the packs the file's index names for the call's programs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { GENERATED_FILE, generatedText, readPack, readPacks } from "../../scripts/gen-packs.mjs";
import { allPacks, packMatches, packsFor } from "../../src/facts/packs/registry.ts";
import { ROOT } from "../_sandbox.ts";

test("the committed file is what `npm run gen:packs` writes from today's rules", () => {
  expect(readFileSync(join(ROOT, GENERATED_FILE), "utf8")).toBe(generatedText(readPacks(ROOT)));
});

test("every program a rule names leads to that rule's pack, and nothing else leads anywhere", () => {
  const packs = allPacks();
  for (const [at, pack] of packs.entries())
    for (const rule of pack.rules) for (const program of rule.programs) expect(packsFor(program), program).toContain(at);
  for (const name of ["ls", "constructor", "__proto__", "toString", ""]) expect(packsFor(name), name).toBeUndefined();
});

test("a call's matches are those of an index over every pack, whichever packs it needed first", () => {
  const command = (argv: string[]) => ({ program: argv[0]!, argv });
  const calls = [
    [command(["kubectl", "delete", "namespace", "prod"]), command(["npm", "publish"])],
    [command(["terraform", "destroy"]), command(["aws", "s3", "rm", "s3://b", "--recursive"])],
    [command(["git", "status"]), command(["ls", "-la"])],
    [command(["npm", "publish"]), command(["kubectl", "delete", "namespace", "prod"])],
  ];
  const matched = calls.map((commands) => packMatches(commands));
  expect(matched[0]!.some((line) => line.startsWith("block kubernetes/"))).toBe(true);
  expect(matched[1]!.some((line) => line.startsWith("block infrastructure/"))).toBe(true);
  expect(matched[2]).toEqual([]);
  // Same commands, other order: the same rules, in command order.
  expect([...matched[3]!].sort()).toEqual([...matched[0]!].sort());
});

// What the generator makes of a file: the shorthands expanded where they stand, constants put in.
const SHARED = {
  constants: new Map<string, string | string[]>([["HTTP", ["curl", "wget"]]]),
  http: ["curl", "wget"],
  interpreters: ["node"],
};
const read = (text: string) => readPack("rules/demo.toml", `id = "demo"\ntitle = "Demo"\n${text}`, SHARED);

test("the shorthands and constants become the fields the runtime reads, in the file's order", () => {
  const pack = read(`
[constants]
GONE = "it deletes the thing"
TOOLS = ["tool", "tool2"]

[[rules]]
id = "api-delete"
httpDelete = 'api\\.example\\.com/'
reason = "\${GONE}"

[[rules]]
id = "sdk"
sdkCall = '\\.destroy\\b'
ask = true
reason = "the code destroys it"

[[rules]]
id = "sync"
programs = ["\${TOOLS}", "other"]
sub = ["sync"]
dryRun = ["--dry-run", "-n"]
reason = "it deletes what the source lacks"
`);
  expect(pack).toEqual({
    id: "demo",
    version: 1,
    family: "demo",
    title: "Demo",
    rules: [
      {
        id: "api-delete",
        programs: ["curl", "wget"],
        when: {
          text: "(-[a-z]*X\\s*|--request[=\\s]+|--method[=\\s]+|^|\\s)(DELETE|PURGE)\\b.*api\\.example\\.com/|api\\.example\\.com/.*(-[a-z]*X\\s*|--request[=\\s]+|--method[=\\s]+|^|\\s)(DELETE|PURGE)\\b",
        },
        reason: "it deletes the thing",
        instead: "ask the user to make the call",
      },
      {
        id: "sdk",
        programs: ["node"],
        when: { text: "\\.destroy\\b" },
        ask: true,
        reason: "the code destroys it",
        instead: "ask the user to run it",
      },
      {
        id: "sync",
        programs: ["tool", "tool2", "other"],
        sub: ["sync"],
        unless: { any: ["--dry-run", "-n"] },
        reason: "it deletes what the source lacks",
        instead: "run it with `--dry-run` and show the user",
      },
    ],
  });
  expect(Object.keys(pack.rules[1])).toEqual(["id", "programs", "when", "ask", "reason", "instead"]);
});

const REFUSED: Array<[text: string, message: string]> = [
  ['[[rules]]\nid = "a"\nprograms = ["x"]\nreasn = "r"\ninstead = "i"', "rule a: reasn is not a rule's field"],
  ['[[rules]]\nid = "a"\nprograms = ["x"]\ninstead = "i"', "rule a: reason is missing"],
  ['[[rules]]\nid = "a"\nprograms = ["x"]\nreason = "r"', "rule a: instead is missing"],
  [
    '[[rules]]\nid = "a"\nprograms = ["x"]\nreason = "r"\ninstead = "i"\n\n[[rules]]\nid = "a"\nprograms = ["y"]\nreason = "r"\ninstead = "i"',
    "rule a: the id is used twice",
  ],
  ['[[rules]]\nid = "a"\nprograms = ["Docker"]\nreason = "r"\ninstead = "i"', "name the program Docker in lower case"],
  [
    '[[rules]]\nid = "a"\nprograms = ["x"]\nwhen.text = \'(unclosed\'\nreason = "r"\ninstead = "i"',
    "rule a: when.text is not a regular expression",
  ],
  ['[[rules]]\nid = "a"\nprograms = ["x"]\nreason = "${NOPE}"\ninstead = "i"', "`${NOPE}` names no constant"],
  ['[[rules]]\nid = "a"\nhttpDelete = "x"\nprograms = ["x"]\nreason = "r"', "httpDelete gives the programs and when"],
  ['[constants]\nGONE = "g"\n\n[[rules]]\nid = "a"\nprograms = ["x"]\nreason = "r"\ninstead = "i"', "constant GONE is named nowhere"],
  ['colour = "red"\n[[rules]]\nid = "a"\nprograms = ["x"]\nreason = "r"\ninstead = "i"', "colour is not a field of this file"],
];

test.each(REFUSED.map(([text, message]) => [message, text]))("a file is refused with a reason: %s", (message, text) => {
  expect(() => read(text)).toThrow(message);
});
