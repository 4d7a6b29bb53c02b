// Policy sources on the hot path: the same 50-hook policy with no source, with
// one source of 10 hooks (its registry read, its copy read and checked against
// the stamp recorded when it was hashed, merged ahead of the user's file), run
// by run. Imported by bench/run.mjs.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { closeSync, fstatSync, mkdirSync, openSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { cpuOf, formatRatio, median, pairedRatio } from "./cpu.mjs";

const f = (x) => x.toFixed(x < 1 ? 3 : 1);

/** A source the way `hookit source add` leaves it: registry, then the copy named by its digest. */
function writeSource(home) {
  const entries = {};
  for (let i = 0; i < 10; i++)
    entries[`org-${i}`] = { description: "", event: "tool_call", filter: { toolName: `^orgtool${i}$` }, shell: "false", default: true };
  const text = JSON.stringify({ "acme/policy": entries }, null, 2) + "\n";
  const sha256 = createHash("sha256").update(text).digest("hex");
  const record = {
    name: "acme/policy",
    url: "/srv/acme/policy.git",
    path: "hooks",
    commit: "0".repeat(40),
    sha256,
    fetchedAt: new Date().toISOString(),
  };
  const dir = join(home, "state", "hookit", "sources", "acme+policy");
  mkdirSync(dir, { recursive: true });
  const copy = join(dir, `policy-${sha256.slice(0, 16)}.json`);
  writeFileSync(copy, text);
  const fd = openSync(copy, "r");
  const stat = fstatSync(fd, { bigint: true });
  closeSync(fd);
  record.stamp = `${stat.ino}:${stat.size}:${stat.ctimeNs}`;
  mkdirSync(join(home, ".config", "hookit"), { recursive: true });
  writeFileSync(join(home, ".config", "hookit", "sources.json"), JSON.stringify({ sources: [record] }, null, 2));
}

export function sourcesBench({ bin, rounds, payload, envFor }) {
  const none = envFor("src-none", false);
  const one = envFor("src-one", false);
  for (const env of [none, one]) env.XDG_CONFIG_HOME = join(env.HOME, ".config");
  writeSource(one.HOME);
  const hook = `"${process.execPath}" "${bin}" hook --agent claude PreToolUse`;
  for (const env of [none, one]) {
    const out = spawnSync("bash", ["-c", hook], { env, input: payload, encoding: "utf8" });
    if (out.stdout.includes("deny") || out.status !== 0) throw new Error(`unexpected hook answer: ${out.stdout}${out.stderr}`);
  }
  const times = { node: [], none: [], one: [] };
  for (let i = 0; i < rounds; i++) {
    times.node.push(cpuOf(`"${process.execPath}" -e 0`, { PATH: process.env.PATH, HOME: process.env.HOME }, ""));
    times.none.push(cpuOf(hook, none, payload));
    times.one.push(cpuOf(hook, one, payload));
  }
  const node = median(times.node),
    noneMs = median(times.none),
    oneMs = median(times.one);
  return [
    "## Policy sources: `hookit hook --agent claude PreToolUse`, the 50-hook pass policy, CPU time (user+sys)",
    "",
    "| run | CPU ms | ratio to bare node | vs no source |",
    "| --- | --- | --- | --- |",
    `| bare \`node -e 0\` | ${f(node)} | 1.00 | |`,
    `| no policy source (no \`sources.json\`) | ${f(noneMs)} | ${formatRatio(pairedRatio(times.none, times.node))} | |`,
    `| one policy source, 10 hooks (registry + copy read, stamp checked) | ${f(oneMs)} | ${formatRatio(pairedRatio(times.one, times.node))} | ${oneMs - noneMs >= 0 ? "+" : ""}${f(oneMs - noneMs)} ms |`,
  ];
}
