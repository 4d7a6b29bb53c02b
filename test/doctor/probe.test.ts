// doctor's probe pipes a payload into the installed command. A command that exits without reading
// its stdin closes the pipe first (EPIPE, about one run in three here): it still ran, so the probe
// reports its exit status, not "could not run it".
import { expect, test } from "vitest";
import { probeCommand } from "../../src/doctor/probe.ts";

test("a command that never reads stdin is judged by its exit status, every time", () => {
  for (let i = 0; i < 20; i++) {
    expect(probeCommand("claude", "exit 3", process.cwd(), process.env)).toEqual({ ok: false, detail: "it exited with 3" });
  }
});
