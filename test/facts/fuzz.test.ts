// A quick pass of the parser properties on every `npm test`; `npm run
// test:fuzz` runs them far longer (test/fuzz/facts.test.ts).
import { test } from "vitest";
import { checkDataStaysData, checkNeverThrows } from "./_fuzz.ts";
import { useProject } from "./_project.ts";

const project = useProject();

test("the parser never throws or hangs, whatever it is given", () => checkNeverThrows(400, project.dir, project.env));
test("a quoted commit message stays one argument and touches no path", () => checkDataStaysData(300, project.dir, project.env));
