// Human-facing CLI entry. Colour is decided here, before citty and consola load
// (both read NO_COLOR once, at load time): only on a terminal, never with NO_COLOR.
export async function runCli(argv: string[]): Promise<void> {
  const plain = process.stdout.isTTY !== true || process.stderr.isTTY !== true || (process.env.NO_COLOR ?? "") !== "";
  const before = process.env.NO_COLOR;
  if (plain) process.env.NO_COLOR = "1";
  const { main, runMain, usageProblem } = await import("./_commands.ts");
  // Put it back: the hooks' own shells (`hookit check`, doctor's probe) get the user's environment.
  if (before === undefined) delete process.env.NO_COLOR;
  else process.env.NO_COLOR = before;
  const problem = await usageProblem(argv);
  if (problem) {
    process.stderr.write(`hookit: ${problem.replace(/^hookit /, "")}\n`);
    process.exitCode = 1;
    return;
  }
  await runMain(main, { rawArgs: argv });
}
