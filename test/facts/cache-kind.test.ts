// Which parser cache a command line loads: a line that may expand a glob or search folders gets
// the cache warmed on such lines, any other the lean one (a wrong guess only costs time).
import { expect, test } from "vitest";
import { factsCacheKind } from "../../src/facts/cache-kind.ts";

test("globs, brace lists and the programs that search or list folders get the search cache", () => {
  for (const line of [
    "ls",
    "/bin/ls -la src",
    "grep -rn TODO src | head -n 20",
    "git grep -n x",
    "cd src && rg foo",
    "find . -name '*.ts'",
    "cat src/*.ts",
    "rm -f build/?.o",
    "cp a.[ch] dst",
    "echo {a,b}",
    "du -sh .",
  ])
    expect(factsCacheKind(line), line).toBe("search");
  expect(factsCacheKind(undefined)).toBe("search");
});

test("any other line gets the plain cache, whatever words hold a searcher's name", () => {
  for (const line of [
    "cd src && git add -A && git commit -m 'fix: do not rm -rf ~ in cleanup' && npm test 2>&1 | tail -n 20 > ../test.log",
    "false",
    "./tools/run.sh",
    "git ls-files",
    "npm run lint",
    "cat notes.txt",
    "echo grepping",
  ])
    expect(factsCacheKind(line), line).toBe("plain");
});
