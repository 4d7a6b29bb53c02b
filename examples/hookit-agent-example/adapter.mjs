// hookit adapter for "Example Agent", an imaginary coding agent (its hook
// contract is in README.md). A pure translator, no dependencies: `parse` turns
// the agent's hook payload into a hookit Invocation, `respond` turns hookit's
// Decision into the exact stdout / stderr / exit code the agent reads.
//
// Used two ways: `hookit-agent-example` (the process form) imports it and
// speaks the protocol on stdin/stdout; hookit can also import this file
// directly (the in-process form, `<config dir>/settings.json`).

const ADAPTER_ID = "example";

/** hookit reads a thrown error as "unreadable payload" when its name is PayloadError. */
export class PayloadError extends Error {
  name = "PayloadError";
}

// Each event the agent sends, and what it is to hookit.
const KINDS = { before_tool: "tool_call", after_tool: "tool_result", stop: "stop", session_start: "lifecycle" };

// The agent's built-in tools in hookit's (Pi's) vocabulary; other tools keep their own name and args.
const TOOLS = {
  shell: (args, field) => {
    const input = { command: field.string(args, "command") };
    if (typeof args.timeout_s === "number") input.timeout = args.timeout_s;
    return ["bash", input];
  },
  read_file: (args, field) => {
    const input = { path: field.string(args, "file") };
    // start_line is 1-based like Pi's offset.
    if (typeof args.start_line === "number") input.offset = args.start_line;
    if (typeof args.max_lines === "number") input.limit = args.max_lines;
    return ["read", input];
  },
  write_file: (args, field) => ["write", { path: field.string(args, "file"), content: field.string(args, "text") }],
  edit_file: (args, field) => [
    "edit",
    { path: field.string(args, "file"), edits: [{ oldText: field.string(args, "find"), newText: field.string(args, "replace") }] },
  ],
};

function kindOf(nativeEvent) {
  return Object.hasOwn(KINDS, nativeEvent) ? KINDS[nativeEvent] : undefined;
}

function parse(nativeEvent, payload) {
  const where = `Example Agent ${nativeEvent} payload`;
  const kind = kindOf(nativeEvent);
  if (kind === undefined) throw new PayloadError(`${where}: Example Agent has no event "${nativeEvent}"`);
  const field = fieldReader(where);
  if (!isObject(payload)) throw new PayloadError(`${where}: expected a JSON object, got ${typeName(payload)}`);
  const invocation = { agent: ADAPTER_ID, nativeEvent, kind, events: [] };
  const metadata = {};
  const session = field.optionalString(payload, "session_id");
  if (session !== undefined) invocation.sessionId = metadata.sessionId = session;
  const workdir = field.optionalString(payload, "workdir");
  if (workdir !== undefined) invocation.cwd = workdir;
  const model = field.optionalString(payload, "model");
  if (model !== undefined) metadata.model = model;
  invocation.metadata = metadata;

  if (kind === "tool_call" || kind === "tool_result") {
    const tool = payload.tool;
    if (!isObject(tool)) throw new PayloadError(`${where}: "tool" must be an object, got ${typeName(tool)}`);
    const name = field.string(tool, "name");
    const args = tool.args;
    if (!isObject(args)) throw new PayloadError(`${where}: "tool.args" of ${name} must be an object, got ${typeName(args)}`);
    const [toolName, input] = Object.hasOwn(TOOLS, name) ? TOOLS[name](args, field) : [name, args];
    const call = { toolName, toolCallId: field.string(tool, "call_id"), input, nativeToolName: name, nativeToolInput: args };
    if (kind === "tool_call") invocation.events = [{ event: "tool_call", ...call }];
    else {
      const result = payload.result;
      if (!isObject(result)) throw new PayloadError(`${where}: "result" must be an object, got ${typeName(result)}`);
      const content = [{ type: "text", text: field.string(result, "output") }];
      invocation.events = [{ event: "tool_result", ...call, content, isError: result.failed === true }];
    }
    // respond() needs nothing else; `native` would carry adapter-private facts back to it.
  }
  if (kind === "stop") {
    invocation.events = [{ event: "agent_end" }];
    if (typeof payload.resumed === "boolean") invocation.stopHookActive = payload.resumed;
  }
  return invocation;
}

/** One JSON answer on stdout, exit 0, always: Example Agent reads every field of it. */
function respond(invocation, decision) {
  const answer = { verdict: "allow" };
  if (invocation.kind === "tool_call" && decision.block !== undefined) {
    answer.verdict = "deny";
    answer.reason = decision.block.trim() === "" ? "Blocked by hookit policy." : decision.block;
  }
  if (invocation.kind === "tool_result" && decision.patch !== undefined) answer.replace_output = decision.patch.text;
  // Stopping the agent wins over one more turn.
  if (invocation.kind === "stop" && decision.continueWith !== undefined && decision.stopAgent === undefined) {
    answer.verdict = "continue";
    answer.reason = decision.continueWith;
  }
  if (decision.stopAgent !== undefined) answer.halt = decision.stopAgent;
  if (decision.notices.length > 0) answer.notify = decision.notices.map((notice) => notice.message);
  return { stdout: `${JSON.stringify(answer)}\n`, stderr: "", exitCode: 0 };
}

const VERIFIED = "fixtures";
const capabilities = [
  {
    feature: "tool_call",
    native: "before_tool",
    support: "native",
    verified: VERIFIED,
    notes: "verdict deny: the tool does not run and the model reads the reason.",
  },
  {
    feature: "tool_result",
    native: "after_tool",
    support: "native",
    verified: VERIFIED,
    notes: "replace_output: the model reads the patch text instead of the tool's output.",
  },
  { feature: "turn_end", native: "", support: "impossible", verified: VERIFIED, notes: "Example Agent has no end-of-turn event." },
  {
    feature: "agent_end",
    native: "stop",
    support: "native",
    verified: VERIFIED,
    notes: "verdict continue: one more turn, the reason is the next user message.",
  },
  {
    feature: "agent_settled",
    native: "stop",
    support: "approximate",
    verified: VERIFIED,
    notes: "Synthesized when hookit lets the stop through.",
  },
  {
    feature: "session_before_switch",
    native: "",
    support: "impossible",
    verified: VERIFIED,
    notes: "No event before a new or resumed session.",
  },
  { feature: "session_before_fork", native: "", support: "impossible", verified: VERIFIED, notes: "Example Agent cannot fork a session." },
  {
    feature: "hook_result",
    native: "",
    support: "native",
    verified: VERIFIED,
    notes: "Evaluated inside hookit after each hook; no agent event involved.",
  },
  {
    feature: "actions",
    native: "before_tool, after_tool, stop",
    support: "approximate",
    verified: VERIFIED,
    notes: "interrupt/shutdown become halt, which ends the agent's run; other actions have no answer here.",
  },
  {
    feature: "user notices",
    native: "all events",
    support: "native",
    verified: VERIFIED,
    notes: "notify: shown to the user, never to the model.",
  },
];

export default {
  id: ADAPTER_ID,
  title: "Example Agent",
  specVersion: 1,
  verifiedWith: "fixtures (imaginary agent)",
  timeoutUnit: "s",
  registrations: [
    { native: "session_start", kind: "lifecycle" },
    { native: "before_tool", kind: "tool_call" },
    { native: "after_tool", kind: "tool_result" },
    { native: "stop", kind: "stop" },
  ],
  capabilities,
  kindOf,
  parse,
  respond,
};

// --- internal ---

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function typeName(value) {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  return Array.isArray(value) ? "an array" : `a ${typeof value}`;
}

function fieldReader(where) {
  return {
    string(object, key) {
      const value = object[key];
      if (typeof value !== "string") throw new PayloadError(`${where}: "${key}" must be a string, got ${typeName(value)}`);
      return value;
    },
    optionalString(object, key) {
      const value = object[key];
      if (value === undefined || value === null) return undefined;
      if (typeof value !== "string") throw new PayloadError(`${where}: "${key}" must be a string, got ${typeName(value)}`);
      return value;
    },
  };
}
