// Docker's and Podman's bind mounts: `docker run -v "$HOME:/h" alpine rm -rf /h` hands the
// container a folder of this machine, and whatever runs inside can read it and, unless the mount
// is read-only, change or delete anything below it. What runs in the container is the image's
// business, so a mount counts as a read of its source (a credential folder mounted is a
// credential read) and, writable, as a recursive write to it: a mount of the home folder, of
// hookit's own settings or of an agent's config is judged like a command that writes there, and a
// mount of the project (`-v "$PWD:/app"`) is a write inside the project, which every guard allows.
import { copy, type Field } from "./expand.ts";
import { exec, generic, mark, type Run } from "./programs-kit.ts";

/** Docker's (and Podman's) own options before the subcommand that take a value. */
const GLOBAL_VALUES = new Set(["-H", "--host", "-c", "--context", "--config", "-l", "--log-level", "--tlscacert", "--tlscert", "--tlskey"]);
/** The subcommands that start a container with mounts (`docker container run` too). */
const STARTS = new Set(["run", "create"]);

/** Compose's own options before its subcommand that take a value (`docker compose -f x.yml run …`). */
const COMPOSE_VALUES = new Set([
  "-f",
  "--file",
  "-p",
  "--project-name",
  "--profile",
  "--env-file",
  "--project-directory",
  "--ansi",
  "--parallel",
]);

/** docker, podman, nerdctl and the compose tools: their words as any known tool's, and the host folders a container they start mounts or `cp` copies. */
export function containerTool(args: Field[], run: Run, program: string): void {
  generic(args, run, program);
  const skip = (from: number, values: ReadonlySet<string>) => {
    let at = from;
    while (at < args.length && args[at]!.text.startsWith("-")) at += values.has(args[at]!.text) ? 2 : 1;
    return at;
  };
  let at = program.endsWith("-compose") ? skip(0, COMPOSE_VALUES) : skip(0, GLOBAL_VALUES);
  if (args[at]?.text === "compose") at = skip(at + 1, COMPOSE_VALUES);
  else if (args[at]?.text === "container") at++;
  const sub = args[at]?.text ?? "";
  if (sub === "cp") return copies(args.slice(at + 1), run, program);
  if (sub === "exec") return execInside(args.slice(at + 1), run, program);
  if (!STARTS.has(sub)) return;
  for (const { source, readOnly } of mounts(args.slice(at + 1))) {
    mark(run, [source], "read", program, { recursive: true });
    if (!readOnly) mark(run, [source], "write", program, { recursive: true });
  }
}

/** kubectl and oc: their words as any known tool's, and what `exec POD -- CMD…` runs in the pod. */
export function podTool(args: Field[], run: Run, program: string): void {
  generic(args, run, program);
  const end = args.findIndex((a) => a.text === "--");
  if (end < 0 || !args.slice(0, end).some((a) => a.text === "exec")) return;
  const pod = args.slice(0, end).findLast((a) => !a.text.startsWith("-") && a.text !== "exec");
  runsInside(run, args.slice(end + 1), program, pod?.text ?? "pod");
}

/** Options of `docker exec` and `docker compose exec` that take the next word. */
const EXEC_VALUES = new Set(["-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "--detach-keys", "--index"]);

/**
 * `docker exec CTR CMD…`, `docker compose exec SERVICE CMD…`: CMD runs inside the container, a
 * machine of its own, so it is read as `ssh host CMD` is, marked with that host (the packs' rules
 * see `psql -c 'DROP DATABASE app'` run there). Its paths are read as this machine's, which may
 * refuse more than is needed and never less.
 */
function execInside(args: Field[], run: Run, program: string): void {
  let at = 0;
  while (at < args.length && args[at]!.text.startsWith("-")) at += EXEC_VALUES.has(args[at]!.text) ? 2 : 1;
  const container = args[at];
  const argv = args.slice(at + 1);
  if (container === undefined || argv.length === 0) return;
  runsInside(run, argv, program, container.text);
}

/** `argv` run inside a container or pod: a command of that machine, marked with it as `ssh host …` is. */
const runsInside = (run: Run, argv: Field[], program: string, where: string) =>
  exec(run, argv, `${program} exec`, { ...copy(run.state), host: `${program}:${where}` });

/** `docker cp ~/.ssh ctr:/k` reads the folder; `docker cp ctr:/etc ./etc` writes it (`CTR:PATH` is the container's side). */
function copies(args: Field[], run: Run, program: string): void {
  const operands = args.filter((a) => !a.text.startsWith("-"));
  if (operands.length !== 2) return;
  const [from, to] = operands as [Field, Field];
  const local = (f: Field) => !/^[^/]+:/.test(f.text);
  if (local(from)) mark(run, [from], "read", program, { recursive: true });
  if (local(to)) mark(run, [to], "write", program, { recursive: true });
}

interface Mount {
  source: Field;
  readOnly: boolean;
}

/**
 * The bind mounts of `-v SRC:DST[:OPTS]` / `--volume` and `--mount type=bind,source=…`. Every word
 * is looked at, the image's own arguments included: reading a `-v a:b` the container's program was
 * given as a mount only ever refuses more. A named volume (`-v data:/var/lib/x`) is no host folder.
 */
function* mounts(args: Field[]): Generator<Mount> {
  for (let k = 0; k < args.length; k++) {
    const text = args[k]!.text;
    const volume = optionValue(args, k, "-v", "--volume");
    if (volume) {
      const [source, , options = ""] = volume.text.split(":");
      if (!volume.resolved) yield { source: { text: volume.text, resolved: false }, readOnly: false };
      else if (source && (source.startsWith("/") || source.startsWith(".")))
        yield { source: { text: source, resolved: true }, readOnly: options.split(",").includes("ro") };
      continue;
    }
    const mount = optionValue(args, k, "--mount");
    if (!mount) continue;
    const keys = new Map(mount.text.split(",").map((part) => [part.split("=")[0]!, part.slice(part.indexOf("=") + 1)] as const));
    const source = keys.get("source") ?? keys.get("src");
    if (keys.get("type") !== "bind" || source === undefined) continue;
    // `readonly` alone, or `readonly=true` / `ro=1`: anything but an explicit false.
    const readOnly = ["readonly", "ro"].some((key) => keys.has(key) && !["false", "0"].includes(keys.get(key)!));
    yield { source: { text: source, resolved: mount.resolved }, readOnly };
    if (text === "--mount") k++;
  }
}

/** The value of `-v X`, `-vX`, `--volume X` or `--volume=X` at `k`, or undefined. */
function optionValue(args: Field[], k: number, ...names: string[]): Field | undefined {
  const arg = args[k]!;
  for (const name of names) {
    if (arg.text === name) return args[k + 1];
    const joined = name.startsWith("--") ? `${name}=` : name;
    if (arg.text.startsWith(joined) && arg.text.length > joined.length) return { ...arg, text: arg.text.slice(joined.length) };
  }
  return undefined;
}
