// The contract every adapter meets, built-in or external (docs/adapters.md):
// `testAdapterContract(adapter, fixtures)` registers the same cases for each.
// - every fixture parses into a well-formed invocation for its event (the
//   external protocol's own strict reader decides what "well-formed" is);
// - unknown extra payload fields change nothing;
// - allow / block / patch / continue / stop / notices each encode to a Reply
//   with string stdout and stderr and an integer exit code, the same each time;
// - a block never exits 0 with empty stdout, and its reason reaches the agent;
// - garbage payloads are PayloadErrors; kindOf knows no invented event.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readInvocation } from "../../src/agents/external/invocation.ts";
import { readInfo, readReply } from "../../src/agents/external/protocol.ts";
import { PayloadError, type Adapter, type Decision, type Invocation, type Reply } from "../../src/contract/types.ts";
import { CAPABILITIES } from "../../src/agents/capabilities.ts";
import type { HookAgentId } from "../../src/agents/registry.ts";
import { E2E_FEATURES } from "../../src/agents/shared/evidence.ts";
import { EVENTS } from "../../src/engine/types.ts";
import pinned from "../e2e/clis.json" with { type: "json" };

/** hookit's features, in the order every built-in capability table lists them (docs/agents/*.md): its events, then the rest. */
const FEATURES = [...EVENTS, "messages", "ask", "actions", "user notices"];

export interface ContractFixture {
  file: string;
  nativeEvent: string;
  payload: unknown;
}

/** `<Event>[-variant].json` files of a folder (test/fixtures/README.md); the event is the part before the first dash. */
export function loadFixtures(dir: string): ContractFixture[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({
      file,
      nativeEvent: file.replace(/\.json$/, "").split("-")[0] as string,
      payload: JSON.parse(readFileSync(join(dir, file), "utf8")) as unknown,
    }));
}

const REASON = "contract check: blocked by policy";
export const CONTRACT_DECISIONS: Record<string, Decision> = {
  allow: { notices: [] },
  block: { block: REASON, notices: [] },
  patch: { patch: { reason: REASON, text: `[BLOCKED by HooKit] ${REASON}\n\nThe original tool result was suppressed.` }, notices: [] },
  continue: { continueWith: REASON, notices: [] },
  stop: { stopAgent: REASON, notices: [] },
  notices: {
    notices: [
      { message: "contract check: info", severity: "info" },
      { message: "contract check: warning", severity: "warning" },
      { message: "contract check: error", severity: "error" },
    ],
  },
};

const GARBAGE: Array<[string, unknown]> = [
  ["null", null],
  ["a number", 42],
  ["a string", "hello"],
  ["an array", [1, 2]],
  ["true", true],
];
const UNKNOWN_EVENT = "HookitContractNoSuchEvent";

export function testAdapterContract(adapter: Adapter, fixtures: readonly ContractFixture[]): void {
  const parse = (fixture: ContractFixture): Invocation => adapter.parse(fixture.nativeEvent, fixture.payload);

  describe(`adapter contract: ${adapter.id}`, () => {
    test("has fixtures, and knows the event of each", () => {
      expect(fixtures.length).toBeGreaterThan(0);
      for (const fixture of fixtures) expect(adapter.kindOf(fixture.nativeEvent), fixture.file).toBeDefined();
    });

    test("its static data is well-formed, and each registration's kind is what kindOf says", () => {
      const { id, title, verifiedWith, timeoutUnit, registrations } = adapter;
      // A built-in agent's table is its capabilities.ts; an external adapter module carries its own.
      const capabilities = CAPABILITIES[id as HookAgentId] ?? (adapter as { capabilities?: unknown }).capabilities;
      expect(adapter.specVersion).toBe(1);
      expect(() => readInfo({ protocol: 1, id, title, verifiedWith, timeoutUnit, registrations, capabilities }, id)).not.toThrow();
      expect(registrations.length).toBeGreaterThan(0);
      for (const registration of registrations) expect(adapter.kindOf(registration.native), registration.native).toBe(registration.kind);
      expect(registrations.some((registration) => registration.kind === "tool_call")).toBe(true);
    });

    const table = CAPABILITIES[adapter.id as HookAgentId];
    if (table !== undefined) {
      test("its capability table has one row per hookit feature, each backed by what proves it", () => {
        expect(table.map((row) => row.feature)).toEqual(FEATURES);
        // The real-CLI suite's pin (test/e2e/clis.json) is the release the table names, for the
        // features that suite runs on every agent; an agent whose CLI does not run here names none.
        const pin = (pinned as Record<string, { version?: string }>)[adapter.id]?.version;
        const real = `real CLI ${adapter.verifiedWith} (npm run test:e2e)`;
        if (pin !== undefined) expect(adapter.verifiedWith).toBe(pin);
        for (const row of table) {
          if (pin !== undefined && E2E_FEATURES.has(row.feature)) expect(row.verified, row.feature).toBe(real);
          if (pin === undefined) expect(row.verified, row.feature).not.toMatch(/^real CLI/);
          else if (row.verified?.startsWith("real CLI")) expect(row.verified, row.feature).toBe(real);
          // Only an impossible row, or the in-process hook_result, names no native event (an impossible
          // one may: Kimi's PostToolUse fires, but cannot change the result).
          if (row.native === "") expect(row.support === "impossible" || row.feature === "hook_result", row.feature).toBe(true);
        }
      });
    }

    test.each(fixtures)("$file parses into a well-formed invocation of its event", (fixture) => {
      const invocation = parse(fixture);
      const kind = adapter.kindOf(fixture.nativeEvent);
      if (kind === undefined) throw new Error(`${adapter.id} does not know ${fixture.nativeEvent}`);
      expect(invocation).toMatchObject({ agent: adapter.id, nativeEvent: fixture.nativeEvent, kind });
      expect(readInvocation(invocation, { agent: adapter.id, nativeEvent: fixture.nativeEvent, kind })).toEqual(invocation);
    });

    test.each(fixtures)("$file with unknown extra fields parses the same", (fixture) => {
      expect(fixture.payload, "every harness payload is a JSON object").toEqual(expect.any(Object));
      const extra = { ...(fixture.payload as object), hookit_contract_extra: { nested: [1, "two"] }, zz_future_field: "x" };
      expect(adapter.parse(fixture.nativeEvent, extra)).toEqual(parse(fixture));
    });

    test.each(fixtures)("$file: every decision encodes to a well-formed reply, the same each time", (fixture) => {
      const invocation = parse(fixture);
      for (const [name, decision] of Object.entries(CONTRACT_DECISIONS)) {
        const reply = adapter.respond(invocation, structuredClone(decision));
        expect(() => readReply(reply), name).not.toThrow();
        expect(adapter.respond(invocation, structuredClone(decision)), name).toEqual(reply);
      }
    });

    test.each(fixtures)("$file: a block stops the tool and carries its reason; an allow exits 0", (fixture) => {
      const invocation = parse(fixture);
      const allow = adapter.respond(invocation, CONTRACT_DECISIONS.allow as Decision);
      expect(allow.exitCode).toBe(0);
      if (invocation.kind !== "tool_call") return;
      const block: Reply = adapter.respond(invocation, CONTRACT_DECISIONS.block as Decision);
      expect(block.exitCode === 0 && block.stdout === "", "a block that exits 0 with empty stdout lets the tool run").toBe(false);
      expect(`${block.stdout}\n${block.stderr}`).toContain(REASON);
    });

    test.each(distinctEvents(fixtures))("%s: garbage payloads are PayloadErrors", (nativeEvent) => {
      for (const [what, garbage] of GARBAGE) expect(() => adapter.parse(nativeEvent, garbage), what).toThrow(PayloadError);
    });

    // `hookit hook` asks kindOf before parse and answers an unknown event itself.
    test("kindOf does not claim an event the agent does not have", () => {
      expect(adapter.kindOf(UNKNOWN_EVENT)).toBeUndefined();
    });
  });
}

// --- internal ---

function distinctEvents(fixtures: readonly ContractFixture[]): string[] {
  return [...new Set(fixtures.map((fixture) => fixture.nativeEvent))];
}
