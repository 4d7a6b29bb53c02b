// `hookit init --global --packs all`, then every pack through `hookit hook` on every agent's
// payload shape: one refused and one everyday command of each pack per agent (test/packs/match.test.ts
// judges every case in-process), the refusal naming the pack and rule and what to do instead.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { binPath } from "../_sandbox.ts";
import { AGENTS, type Box, decide, useStarterBox } from "../starter/_agents.ts";
import { PACK_CASES } from "./cases.ts";

const starterBox = useStarterBox(["--packs", "all"]);
let box: Box;
beforeAll(() => {
  box = starterBox();
});

const agents = Object.keys(AGENTS);
const families = Object.entries(PACK_CASES);

describe.each(agents)("every pack on %s", (agent) => {
  // Each agent takes a different case of each pack, so the four together cover more of them.
  const k = agents.indexOf(agent);
  test.each(families.map(([pack, c]) => [pack, c.block[k % c.block.length]!, c.pass[k % c.pass.length]!]))(
    "%s: refuses %s, lets %s run",
    async (pack, refused, allowed) => {
      const reason = await decide(box, agent, { kind: "bash", command: refused });
      expect(reason).toMatch(/hook "packs(-ask)?"|This needs the user's yes/);
      expect(reason).toContain(`${pack}/`);
      expect(reason).toMatch(/; instead, /);
      expect(await decide(box, agent, { kind: "bash", command: allowed })).toBeUndefined();
    },
  );
});

test("the built binary refuses through a wrapper too, and the policy validates", async () => {
  expect(await decide(box, "claude", { kind: "bash", command: "sudo kubectl delete namespace prod" }, { process: true })).toMatch(
    /kubernetes\/delete-namespace: deleting a namespace deletes every object in it; instead, delete the objects by name/,
  );
  const validate = spawnSync(process.execPath, [binPath(), "validate"], { env: box.env, cwd: box.project, encoding: "utf8" });
  expect(validate.status, validate.stderr).toBe(0);
});

test("init --packs names the packs it knows when one is unknown; init suggests what fits", () => {
  const bad = spawnSync(process.execPath, [binPath(), "init", "--packs", "kubernets"], {
    env: box.env,
    cwd: box.project,
    encoding: "utf8",
  });
  expect(bad.status).not.toBe(0);
  expect(bad.stderr).toMatch(/unknown pack "kubernets"; the packs are databases, containers, kubernetes/);
  const repo = realpathSync(mkdtempSync(join(tmpdir(), "hookit-packs-repo-")));
  try {
    execFileSync("git", ["init", "-q", repo]);
    mkdirSync(join(repo, "infra"));
    execFileSync("touch", [join(repo, "infra", "main.tf"), join(repo, "compose.yaml")]);
    const init = spawnSync(process.execPath, [binPath(), "init"], { env: box.env, cwd: repo, encoding: "utf8" });
    expect(init.status, init.stderr).toBe(0);
    const said = init.stdout + init.stderr;
    expect(said).toMatch(/infrastructure\s+\(infra\/main\.tf\)/);
    expect(said).toMatch(/containers\s+\(compose\.yaml\)/);
    expect(said).toMatch(/hookit init --force --packs infrastructure,containers/);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});

test("hookit packs lists every pack and rule id", () => {
  const out = execFileSync(process.execPath, [binPath(), "packs"], { env: box.env, encoding: "utf8" });
  for (const pack of Object.keys(PACK_CASES)) expect(out).toMatch(new RegExp(`^${pack} v1 — `, "m"));
  expect(out).toMatch(/^ {2}kubernetes\/delete-namespace$/m);
  expect(out).toMatch(/^ {2}publishing\/image-push \(asks\)$/m);
});
