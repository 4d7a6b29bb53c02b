// The local path a `file://` URL names, its `%XX` escapes decoded (a malformed one kept as written):
// what `curl file://…` prints (facts/programs-network.ts) and what an MCP tool's `file://` argument
// opens (facts/file-tools.ts). `undefined` for a URL of another host.
export function fileUrlPath(url: string): string | undefined {
  const m = /^file:\/\/(?:localhost)?(\/[^?#]*)/i.exec(url);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1] as string);
  } catch {
    return m[1];
  }
}
