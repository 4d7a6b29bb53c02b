// Turning a fuzz case into what a harness would write on stdin: the seed with its
// mutations applied (on a copy: a case is applied more than once), serialized with
// the Huge/Deep markers expanded, then the byte-level damage. Also the readers the
// properties need: the tool's identity in a payload, a short description of a case.
import { Deep, Huge, type Case, type Json, type Path, type StructuralMutation } from "./_mutations.ts";

/** The mutated payload value (before any text damage). `undefined` = nothing on stdin. */
export function payloadOf(c: Case): Json {
  let root: Json = structuredClone(c.seed.payload);
  for (const mutation of c.mutations) root = applyStructural(root, mutation);
  return root;
}

/** The bytes on stdin, decoded the way `hookit hook` decodes them (invalid UTF-8 becomes U+FFFD). */
export function stdinOf(c: Case): string {
  return bytesOf(c).toString("utf8");
}

export function bytesOf(c: Case): Buffer {
  const value = payloadOf(c);
  const text = value === undefined ? "" : serialize(value);
  if (!c.text) return Buffer.from(text);
  const buffer = Buffer.from(text);
  switch (c.text.op) {
    case "truncate":
      return buffer.subarray(0, buffer.length === 0 ? 0 : c.text.at % buffer.length);
    case "bytes": {
      const at = buffer.length === 0 ? 0 : c.text.at % (buffer.length + 1);
      return Buffer.concat([buffer.subarray(0, at), Buffer.from(c.text.bytes), buffer.subarray(at)]);
    }
    case "wrap":
      return Buffer.from(c.text.before + text + c.text.after);
  }
}

/** The value at `path`, read the way an adapter reads it (own keys only), as JSON text. */
export function identityOf(value: Json, paths: readonly Path[]): string | undefined {
  const parts: unknown[] = [];
  for (const path of paths) {
    let at: unknown = value;
    for (const key of path) {
      if (typeof at !== "object" || at === null || !Object.hasOwn(at, key)) return undefined;
      at = (at as Record<string | number, unknown>)[key];
    }
    parts.push(at);
  }
  try {
    return JSON.stringify(parts);
  } catch {
    return "\u0000too deep to compare"; // never a seed's identity: seeds are shallow
  }
}

/** The case nests something deeper than JSON.stringify may be able to follow. */
export function hasDeep(c: Case): boolean {
  const seen = (value: Json): boolean => {
    if (value instanceof Deep) return value.n > 100;
    if (typeof value !== "object" || value === null || value instanceof Huge) return false;
    return Object.values(value).some(seen);
  };
  return seen(payloadOf(c));
}

export function serialize(value: Json): string {
  const text =
    JSON.stringify(value, (_key, v: unknown) => {
      if (v instanceof Huge) return "x".repeat(v.n);
      if (v instanceof Deep) return `\u0001DEEP${v.n}\u0001`;
      return v;
    }) ?? "";
  return text.replace(/"\\u0001DEEP(\d+)\\u0001"/g, (_m, n: string) => "[".repeat(Number(n)) + "]".repeat(Number(n)));
}

export function describeCase(c: Case): string {
  const text = serialize({ seed: `${c.seed.agent} ${c.seed.event}`, mutations: c.mutations, text: c.text && { ...c.text } });
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

// --- internal ---

function pathsOf(root: Json): Path[] {
  const out: Path[] = [[]];
  const walk = (value: Json, path: Path, depth: number) => {
    if (depth > 6 || typeof value !== "object" || value === null || value instanceof Huge || value instanceof Deep) return;
    for (const key of Object.keys(value)) {
      const child: Path = [...path, Array.isArray(value) ? Number(key) : key];
      out.push(child);
      walk((value as Record<string, Json>)[key], child, depth + 1);
    }
  };
  walk(root, [], 0);
  return out;
}

function containerAt(root: Json, path: Path): Record<string | number, Json> | undefined {
  let at: Json = root;
  for (const key of path) at = (at as Record<string | number, Json>)[key];
  return typeof at === "object" && at !== null && !(at instanceof Huge) && !(at instanceof Deep)
    ? (at as Record<string | number, Json>)
    : undefined;
}

/** defineProperty, not assignment: `obj["__proto__"] = v` would change the prototype, not add a key. */
function put(target: Record<string | number, Json>, key: string | number, value: Json): void {
  if (Array.isArray(target) && typeof key !== "number") target.push(value);
  else Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A deep copy that keeps the Huge/Deep markers (structuredClone would turn them into plain objects). */
function copy(value: Json): Json {
  if (typeof value !== "object" || value === null || value instanceof Huge || value instanceof Deep) return value;
  const out = (Array.isArray(value) ? [] : {}) as Record<string | number, Json>;
  for (const key of Object.keys(value)) put(out, Array.isArray(value) ? Number(key) : key, copy((value as Record<string, Json>)[key]));
  return out;
}

/** Mutations never change the case itself: the same case is turned into a payload more than once. */
function applyStructural(root: Json, original: StructuralMutation): Json {
  const mutation = original.op === "delete" ? original : { ...original, value: copy(original.value) };
  const paths = pathsOf(root);
  const path = paths[mutation.pick % paths.length]!;
  if (mutation.op === "add") {
    const target = containerAt(root, path);
    if (target) put(target, Array.isArray(target) ? target.length : mutation.key, mutation.value);
    return root;
  }
  if (path.length === 0) return mutation.op === "set" ? mutation.value : undefined;
  const parent = containerAt(root, path.slice(0, -1))!;
  const key = path[path.length - 1]!;
  if (mutation.op === "set") put(parent, key, mutation.value);
  else if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return root;
}
