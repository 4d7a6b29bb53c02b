// The long run of the parser properties (see test/facts/_fuzz.ts).
import { test } from "vitest";
import { checkDataStaysData, checkNeverThrows } from "../facts/_fuzz.ts";
import { useProject } from "../facts/_project.ts";

const project = useProject();

test("the parser never throws or hangs, whatever it is given", () => checkNeverThrows(50_000, project.dir, project.env));
test("a quoted commit message stays one argument and touches no path", () => checkDataStaysData(20_000, project.dir, project.env));
