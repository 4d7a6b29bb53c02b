#!/usr/bin/env node
// ESM twin of bin.cjs for callers that name `dist/bin.mjs`. bin.cjs is the fast one.
import { createRequire } from "node:module";

createRequire(import.meta.url)("./bin.cjs");
