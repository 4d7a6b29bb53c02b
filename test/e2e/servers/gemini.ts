// Gemini API, as Gemini CLI 0.61.0 speaks it (real-cli-recipes §4.4):
// `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`, one SSE event per reply.
import { dummyFor, isRecord, jsonReply, turnAt, type LoggedRequest, type ModelTurn, type WireHandler } from "./types.ts";

function stepOf(contents: unknown[]): number {
  let turns = 0;
  let inModelRun = false;
  for (const c of contents) {
    const isModel = isRecord(c) && c.role === "model";
    if (isModel && !inModelRun) turns++;
    inModelRun = isModel;
  }
  return turns;
}

function offersTools(body: Record<string, unknown>): boolean {
  return (
    Array.isArray(body.tools) &&
    body.tools.some((t) => isRecord(t) && Array.isArray(t.functionDeclarations) && t.functionDeclarations.length > 0)
  );
}

function partFor(turn: ModelTurn): Record<string, unknown> {
  if ("say" in turn) return { text: turn.say };
  if ("shell" in turn) return { functionCall: { name: "run_shell_command", args: { command: turn.shell } } };
  if ("tool" in turn) return { functionCall: { name: turn.tool, args: turn.input } };
  return { text: "e2e: apply_patch is a Codex tool" };
}

/** Utility calls (routing, summaries) ask for JSON: answer with an object shaped like their schema. */
function sideText(body: Record<string, unknown>): string {
  const config = isRecord(body.generationConfig) ? body.generationConfig : {};
  const schema = config.responseJsonSchema ?? config.responseSchema;
  if (schema !== undefined) return JSON.stringify(dummyFor(lowerTypes(schema)));
  if (config.responseMimeType === "application/json") return "{}";
  return "ok";
}

/** Gemini schemas spell types in capitals (`OBJECT`); dummyFor expects JSON Schema spelling. */
function lowerTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(lowerTypes);
  if (!isRecord(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === "type" && typeof v === "string" ? v.toLowerCase() : lowerTypes(v);
  return out;
}

function response(part: Record<string, unknown>, model: string): Record<string, unknown> {
  return {
    candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: model,
  };
}

export const geminiHandler: WireHandler = (request: LoggedRequest, turns) => {
  const path = request.url.split("?")[0] ?? "";
  const notFound = jsonReply(404, { error: { code: 404, message: `no fake for ${request.method} ${path}`, status: "NOT_FOUND" } }, "404");
  if (request.method === "GET" && /\/models\/?$/.test(path)) {
    return jsonReply(200, { models: [{ name: "models/gemini-2.5-flash", supportedGenerationMethods: ["generateContent"] }] }, "models");
  }
  const match = /^\/v1(?:beta|alpha)?\/models\/([^:]+):(\w+)$/.exec(path);
  if (request.method !== "POST" || !match || !isRecord(request.body)) return notFound;
  const [, model = "", method] = match;
  const body = request.body;
  if (method === "countTokens") return jsonReply(200, { totalTokens: 42 }, "countTokens");
  if (method === "embedContent") return jsonReply(200, { embedding: { values: [0.1, 0.2, 0.3] } }, "embedContent");
  if (method !== "streamGenerateContent" && method !== "generateContent") return notFound;

  const side = !offersTools(body);
  const contents = Array.isArray(body.contents) ? body.contents : [];
  const step = stepOf(contents);
  const part = side ? { text: sideText(body) } : partFor(turnAt(turns, step));
  const answer = side ? "side" : `step:${step}`;
  const value = response(part, model);
  if (method === "generateContent") return jsonReply(200, value, answer);
  return { status: 200, headers: { "content-type": "text/event-stream" }, body: `data: ${JSON.stringify(value)}\r\n\r\n`, answer };
};
