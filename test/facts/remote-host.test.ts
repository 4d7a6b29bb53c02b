// The commands `ssh` runs on another machine carry that host (CommandFact.host), through every
// wrapper and nested shell of the remote line; on this machine (localhost) they carry none.
import { expect, test } from "vitest";
import { deriveCommandFacts } from "../../src/facts/index.ts";

const hostsOf = (command: string) =>
  deriveCommandFacts(command, { cwd: "/work/app", env: { HOME: "/home/dev", PATH: "/usr/bin:/bin" } }).commands.map(
    (c) => `${c.program}${c.host === undefined ? "" : ` @${c.host}`}`,
  );

test.each([
  ["ssh deploy@web 'cd app && rm -rf build'", ["ssh", "cd @deploy@web", "rm @deploy@web"]],
  // ssh joins its words with blanks and the remote shell splits them again: the quotes are the line's.
  [`ssh web "sudo sh -c 'find . -exec rm {} +'"`, ["ssh", "sudo @web", "sh @web", "find @web", "rm @web"]],
  ["ssh bastion ssh localhost rm x", ["ssh", "ssh @bastion", "rm @bastion"]],
  ["ssh -o HostName=db localhost rm x", ["ssh", "rm @localhost"]],
  ["ssh -o RemoteCommand='rm x' -o ProxyCommand='nc %h 22' web", ["ssh", "rm @web", "nc"]],
  ["ssh $HOST rm x", ["ssh", "rm @$HOST"]],
])("%s", (command, expected) => {
  expect(hostsOf(command)).toEqual(expected);
});

test.each(["ssh localhost rm x", "ssh me@127.0.0.1 rm x", "ssh -p 2222 ssh://me@[::1]:2222 rm x", "ssh LOCALHOST rm x"])(
  "%s runs here",
  (command) => {
    expect(hostsOf(command)).toEqual(["ssh", "rm"]);
  },
);
