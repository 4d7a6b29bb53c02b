// The HTTP shell shared by every fake: loopback only, decodes compressed bodies, logs every
// request (one JSON line each, written before answering so a killed run still leaves its log),
// and hands the parsed request to the wire's handler.
import { appendFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { anthropicHandler } from "./anthropic.ts";
import { chatHandler } from "./chat.ts";
import { geminiHandler } from "./gemini.ts";
import { responsesHandler } from "./responses.ts";
import { jsonReply, type LoggedRequest, type ModelTurn, type Wire, type WireHandler } from "./types.ts";

const HANDLERS: Record<Wire, WireHandler> = {
  anthropic: anthropicHandler,
  responses: responsesHandler,
  gemini: geminiHandler,
  chat: chatHandler,
};

export interface FakeServerOptions {
  wire: Wire;
  turns: readonly ModelTurn[];
  /** JSONL request log. */
  logFile: string;
  /** 0 picks an ephemeral port. */
  port?: number;
}

export interface FakeServer {
  port: number;
  close(): Promise<void>;
}

function decode(raw: Buffer, encoding: string | undefined): string {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
      return gunzipSync(raw).toString("utf8");
    case "deflate":
      return inflateSync(raw).toString("utf8");
    case "br":
      return brotliDecompressSync(raw).toString("utf8");
    case "":
    case "identity":
      return raw.toString("utf8");
    default:
      // zstd and friends: Node 20 cannot inflate them; the log shows the encoding instead.
      return `<undecoded ${encoding} body, ${raw.length} bytes>`;
  }
}

function parseBody(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeServer(options: FakeServerOptions): Promise<FakeServer> {
  const handler = HANDLERS[options.wire];
  let seq = 0;
  const server: Server = createServer(async (req, res) => {
    const raw = await readAll(req);
    const request: LoggedRequest = {
      seq: ++seq,
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers: req.headers,
      body: parseBody(decode(raw, req.headers["content-encoding"])),
    };
    let reply;
    try {
      reply = handler(request, options.turns);
    } catch (error) {
      reply = jsonReply(500, { error: { message: String(error) } }, "500");
    }
    request.answer = reply.answer;
    appendFileSync(options.logFile, JSON.stringify(request) + "\n");
    res.writeHead(reply.status, reply.headers);
    res.end(req.method === "HEAD" ? undefined : reply.body);
  });
  // Keep-alive sockets would hold close() open until the CLI lets go of them.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
