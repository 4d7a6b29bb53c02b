// Decision export's cost on the hot path, imported by bench/run.mjs: the same
// hook call with `telemetry.otlp` on, (a) the usual call, where a shipper is
// running or backing off and the hook only reads the settings and one stamp,
// and (b) the call that finds the stamp due and spawns the detached shipper.
// The collector is a closed port on 127.0.0.1, so the shippers fail fast.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** An environment like `base` with export on. */
export function exportOnEnv(base, dir) {
  const config = join(dir, "config");
  mkdirSync(join(config, "hookit"), { recursive: true });
  writeFileSync(join(config, "hookit", "settings.json"), JSON.stringify({ telemetry: { otlp: { endpoint: "http://127.0.0.1:9" } } }));
  return { ...base, XDG_CONFIG_HOME: config };
}

/** Makes the next hook call find the shipper due (true) or running (false). */
export function setShipperDue(env, due) {
  const dir = join(env.XDG_STATE_HOME, "hookit", "telemetry");
  mkdirSync(dir, { recursive: true });
  const stamp = join(dir, "due");
  if (!existsSync(stamp)) writeFileSync(stamp, "");
  const at = (Date.now() + (due ? -1_000 : 600_000)) / 1000;
  utimesSync(stamp, at, at);
}

/** Waits (bounded) until the shipper a hook call spawned has started and let go of its lock, so runs do not overlap. */
export function waitForShipper(env) {
  const lock = join(env.XDG_STATE_HOME, "hookit", "telemetry", "ship.lock");
  const pause = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  const appeared = Date.now() + 2_000;
  while (!existsSync(lock) && Date.now() < appeared) pause();
  const released = Date.now() + 5_000;
  while (existsSync(lock) && Date.now() < released) pause();
}
