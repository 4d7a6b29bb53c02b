// How the bench measures a process and compares it with bare node (used by run.mjs,
// facts.mjs and sources.mjs). A hook call costs tens of milliseconds of CPU on a shared
// machine whose speed drifts with its other load, so every round runs the bare `node -e 0`
// and each contender one after the other, and a ratio is taken per round before the median.
import { spawnSync } from "node:child_process";

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU time (user + sys, ms) of one process, from bash's getrusage-based `time`. */
export function cpuOf(command, env, input) {
  const run = spawnSync("bash", ["-c", `TIMEFORMAT='%3U %3S'; time ${command} >/dev/null`], { env, input, encoding: "utf8" });
  const [user, sys] = run.stderr.trim().split("\n").at(-1).split(" ").map(Number);
  return (user + sys) * 1000;
}

/**
 * A contender's CPU time over the bare node run of the same round, as the median over the
 * rounds, with the middle half of the per-round ratios: a slow spell of the machine moves both
 * runs of a round, so it leaves their ratio alone instead of shifting one side's median.
 */
export function pairedRatio(times, bare) {
  const ratios = times.map((t, i) => t / bare[i]).sort((a, b) => a - b);
  const at = (q) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))];
  return { median: at(0.5), low: at(0.25), high: at(0.75) };
}

/** `1.18 (1.12–1.24)`: the median ratio and its middle half. */
export const formatRatio = ({ median: m, low, high }) => `${m.toFixed(2)} (${low.toFixed(2)}–${high.toFixed(2)})`;
