// HooKit's "Hook Catalog mutations" tests are deliberate differences (see
// _differences.ts): each stays registered, skipped with its reason, and the
// tests below assert hookit's documented behaviour instead.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as engine from "../../src/engine/index.ts";
import { catalog, diagnostics, localShell, locations, openCatalog, writeJson, writeRaw } from "./_catalog-facade.ts";
import { CATALOG_MUTATION, skipTitle } from "./_differences.ts";

describe("Hook Catalog mutations", () => {
  for (const name of CATALOG_MUTATION.tests) it.skip(skipTitle(name, CATALOG_MUTATION), () => {});
});

describe("hookit instead: the catalog is read-only", () => {
  it("loading leaves both files byte for byte as they were, valid or not", () => {
    const paths = locations("read-only");
    writeJson(paths.global, { local: { keep: localShell() } });
    writeRaw(paths.project, '{"local":{"x":{"description":"","event":"tool_call","shell":"true"}}}');
    const before = [readFileSync(paths.global, "utf8"), readFileSync(paths.project, "utf8")];
    catalog(openCatalog(paths));
    writeRaw(paths.project, "{ malformed");
    diagnostics(openCatalog(paths));
    expect([readFileSync(paths.global, "utf8"), readFileSync(paths.project, "utf8")]).toEqual([before[0], "{ malformed"]);
  });

  it("the engine offers no mutation entry point and its entries cannot be changed in place", () => {
    expect(Object.keys(engine).filter((key) => /install|mutate|update|remove|setDefault|addRepo/i.test(key))).toEqual([]);
    const paths = locations("frozen-entries");
    writeJson(paths.global, { local: { keep: localShell() } });
    const [entry] = catalog(openCatalog(paths)).entries;
    expect(() => Object.assign(entry as object, { default: true })).toThrow(TypeError);
  });
});
