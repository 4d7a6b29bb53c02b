// Work a hook call starts and does not wait for (the telemetry shipper's start):
// `hookit hook` ends its process with process.exit as soon as the reply is out
// (src/bin.cjs), so before it does, runHook waits here for what is still under
// way. In-process hosts (Pi, OpenCode) never wait: a settled task leaves the list.
const pending = new Set<Promise<unknown>>();

/** Keeps `task` until it settles; its failure is its own (the caller has caught what matters). */
export function inBackground(task: Promise<unknown>): void {
  const tracked = task.catch(() => {}).finally(() => pending.delete(tracked));
  pending.add(tracked);
}

/** Resolves once every task started so far has settled. */
export async function backgroundSettled(): Promise<void> {
  await Promise.all([...pending]);
}
