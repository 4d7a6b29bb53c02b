// `npm run gen:packs`: reads the packs' rules (src/facts/packs/rules/*.toml, whose format
// docs/packs.md describes), refuses anything it does not know, expands the shorthands and writes
// src/facts/packs/packs.generated.json, the only form of the packs hookit reads at run time:
// each pack as the JSON text registry.ts parses the first time a call needs that pack, in the
// order rules/_shared.toml lists them, and which packs have a rule about each program, so a call
// builds only the packs its commands can trigger. test/packs/generated.test.ts fails when the
// committed file differs from what this writes. Build time only: nothing here runs in a hook call.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "smol-toml";

const RULES_DIR = "src/facts/packs/rules";
export const GENERATED_FILE = "src/facts/packs/packs.generated.json";
const SHARED = "_shared.toml";

// The keys each level takes, in the order the docs list them.
const PACK_KEYS = ["id", "version", "title", "constants", "valueOptions", "scriptOptions", "rules"];
const RULE_KEYS = ["id", "programs", "sub", "when", "remote", "unless", "ask", "reason", "instead"];
const SHORTHANDS = ["httpDelete", "httpCall", "sdkCall", "dryRun"];
const CONDITION_KEYS = ["any", "all", "operand", "text", "target"];
/** The condition fields that are regular expressions (match.ts compiles them with `i`, `text` also with `s`). */
const PATTERNS = ["operand", "text", "target"];

class PackError extends Error {}

/** Fails with `<file>[, rule <id>]: <problem>`. */
const fail = (where, problem) => {
  throw new PackError(`${where}: ${problem}`);
};

const isTable = (value) => typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
const isStrings = (value) => Array.isArray(value) && value.every((item) => typeof item === "string" && item !== "");

/**
 * A curl, wget or httpie call with one of `methods` (`DELETE|PURGE`) to a URL matching `url`, however
 * the client is told the method: curl's `-X DELETE`, `-XDELETE`, `-sX DELETE`, `--request=DELETE`,
 * wget's `--method=DELETE`, or httpie's and xh's method word (`http DELETE url`). Before or after the
 * URL, so it is written on both sides.
 */
function httpCallText(methods, url) {
  const method = `(-[a-z]*X\\s*|--request[=\\s]+|--method[=\\s]+|^|\\s)(${methods})\\b`;
  return `${method}.*${url}|${url}.*${method}`;
}

/** `${NAME}` in a string: the constant's text. */
const NAMED = /\$\{([^}]*)\}/g;

/**
 * `value` with its constants put in: a list item that is exactly `${NAME}` of a list takes the
 * list's place. The names it used are added to `constants.used`.
 */
function substitute(value, constants, where) {
  const text = (s) =>
    s.replace(NAMED, (_, name) => {
      const constant = constants.get(name);
      constants.used.add(name);
      if (constant === undefined)
        fail(where, `\`\${${name}}\` names no constant: add ${name} to the file's [constants] (or to ${SHARED}'s)`);
      if (typeof constant !== "string") fail(where, `\`\${${name}}\` is a list: name it alone as a list's item ("\${${name}}")`);
      return constant;
    });
  if (typeof value === "string") return text(value);
  if (Array.isArray(value))
    return value.flatMap((item) => {
      const whole = typeof item === "string" ? /^\$\{([^}]*)\}$/.exec(item) : null;
      const constant = whole ? constants.get(whole[1]) : undefined;
      if (!Array.isArray(constant)) return [substitute(item, constants, where)];
      constants.used.add(whole[1]);
      return constant;
    });
  if (isTable(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, constants, where)]));
  return value;
}

/** A file's `[constants]`: names in capitals, each a text or a list of texts. */
function readConstants(table, where, into) {
  if (table === undefined) return;
  if (!isTable(table)) fail(where, "[constants] must be a table of NAME = text or list");
  for (const [name, value] of Object.entries(table)) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(name)) fail(where, `constant ${name}: name it in capitals (A_NAME_LIKE_THIS)`);
    if (into.has(name)) fail(where, `constant ${name} is already defined (here or in ${SHARED}): give it another name`);
    if (typeof value !== "string" && !isStrings(value)) fail(where, `constant ${name} must be a text or a list of texts`);
    if ([value].flat().some((s) => s.includes("${"))) fail(where, `constant ${name} names another constant: write it out in full`);
    into.set(name, value);
  }
}

function checkPattern(pattern, where, field) {
  try {
    new RegExp(pattern, "is");
  } catch (error) {
    fail(where, `${field} is not a regular expression JavaScript reads (${error.message}): fix it`);
  }
}

function checkPrograms(programs, where, field) {
  if (!isStrings(programs) || programs.length === 0) fail(where, `${field} must be a list of program names`);
  for (const program of programs)
    if (program !== program.toLowerCase())
      fail(where, `${field}: name the program ${program} in lower case (a command's program is looked up in lower case)`);
}

function readCondition(condition, where, field) {
  if (!isTable(condition)) fail(where, `${field} must be a table (${CONDITION_KEYS.join(", ")})`);
  if (Object.keys(condition).length === 0) fail(where, `${field} is empty: give it a test or leave it out`);
  for (const [key, value] of Object.entries(condition)) {
    if (!CONDITION_KEYS.includes(key)) fail(where, `${field}.${key} is not a condition: use ${CONDITION_KEYS.join(", ")}`);
    if (PATTERNS.includes(key)) {
      if (typeof value !== "string" || value === "") fail(where, `${field}.${key} must be a regular expression (a text)`);
      checkPattern(value, where, `${field}.${key}`);
    } else if (!isStrings(value) || value.length === 0) fail(where, `${field}.${key} must be a list of options or words`);
  }
  return condition;
}

/** What to say of a rule without one of the fields every rule has. */
const MISSING = {
  id: "a rule needs an id",
  programs: "programs is missing: name the programs the rule is about (or use a shorthand: httpDelete, httpCall, sdkCall)",
  reason: "reason is missing: say what the command destroys",
  instead: "instead is missing: say what to do instead",
};

/**
 * One rule of the file as the runtime reads it: its fields in the order the file writes them, a
 * shorthand's fields where the shorthand stands, and the advice a shorthand gives (when the rule
 * gives none) last.
 */
function readRule(raw, where, shared) {
  if (!isTable(raw)) fail(where, "each [[rules]] entry must be a table");
  const known = [...RULE_KEYS, ...SHORTHANDS];
  for (const key of Object.keys(raw))
    if (!known.includes(key)) fail(where, `${key} is not a rule's field: use ${known.join(", ")} (docs/packs.md, "Writing a rule")`);
  const calls = SHORTHANDS.filter((key) => key !== "dryRun" && key in raw);
  if (calls.length > 1) fail(where, `${calls.join(" and ")} each give the programs: keep one`);
  const rule = {};
  let advice;
  for (const [key, value] of Object.entries(raw)) {
    switch (key) {
      case "id":
      case "reason":
      case "instead":
        if (typeof value !== "string" || value.trim() === "") fail(where, `${key} must be a text`);
        rule[key] = value;
        break;
      case "programs":
        checkPrograms(value, where, "programs");
        rule.programs = value;
        break;
      case "sub":
        if (!isStrings(value) || value.length === 0) fail(where, "sub must be a list of subcommand words (`delete|del`)");
        rule.sub = value;
        break;
      case "when":
      case "unless":
        rule[key] = readCondition(value, where, key);
        break;
      case "remote":
      case "ask":
        if (value !== true) fail(where, `${key} is either true or left out`);
        rule[key] = true;
        break;
      case "httpDelete":
      case "httpCall": {
        const call = key === "httpDelete" ? { methods: "DELETE|PURGE", url: value } : value;
        if (!isTable(call) || typeof call.url !== "string" || typeof call.methods !== "string" || Object.keys(call).length !== 2)
          fail(
            where,
            key === "httpDelete" ? "httpDelete must be a URL's regular expression" : "httpCall must be { methods = \"PUT\", url = '…' }",
          );
        if (!/^[A-Z]+(\|[A-Z]+)*$/.test(call.methods)) fail(where, `${key}: methods are HTTP methods in capitals, split by |`);
        checkPattern(call.url, where, `${key}'s URL`);
        if ("programs" in raw || "when" in raw) fail(where, `${key} gives the programs and when: leave those out`);
        rule.programs = shared.http;
        rule.when = { text: httpCallText(call.methods, call.url) };
        if (key === "httpDelete") advice = "ask the user to make the call";
        break;
      }
      case "sdkCall":
        if (typeof value !== "string" || value === "") fail(where, "sdkCall must be a regular expression of the call");
        checkPattern(value, where, "sdkCall");
        if ("programs" in raw || "when" in raw) fail(where, "sdkCall gives the programs and when: leave those out");
        rule.programs = shared.interpreters;
        rule.when = { text: value };
        advice = "ask the user to run it";
        break;
      case "dryRun":
        if (!isStrings(value) || value.length === 0) fail(where, "dryRun must be a list of the options that make the command a dry run");
        if ("unless" in raw) fail(where, "dryRun gives unless: put the options in dryRun, or write unless and instead out");
        rule.unless = { any: value };
        advice = "run it with `--dry-run` and show the user";
        break;
    }
  }
  if (rule.instead === undefined && advice !== undefined) rule.instead = advice;
  for (const [key, problem] of Object.entries(MISSING)) if (rule[key] === undefined) fail(where, problem);
  return rule;
}

/** A TOML file's table, refused when it has a key not in `keys`. */
function readToml(file, text, keys) {
  let raw;
  try {
    raw = parse(text);
  } catch (error) {
    fail(file, `not TOML: ${error.message}`);
  }
  for (const key of Object.keys(raw))
    if (!keys.includes(key)) fail(file, `${key} is not a field of this file: use ${keys.join(", ")} (docs/packs.md, "Writing a rule")`);
  return raw;
}

/** One pack file (its text), checked and expanded: the pack as the runtime reads it. */
export function readPack(file, text, shared) {
  const raw = readToml(file, text, PACK_KEYS);
  const expected = basename(file, ".toml");
  if (raw.id !== expected) fail(file, `id must be the file's name (${expected})`);
  if (raw.version !== undefined && (typeof raw.version !== "number" || !Number.isInteger(raw.version) || raw.version < 1))
    fail(file, "version must be a whole number from 1 (leave it out for 1)");
  if (typeof raw.title !== "string" || raw.title === "") fail(file, "title is missing: say in a few words which tools the pack is about");
  const constants = Object.assign(new Map(shared.constants), { used: new Set() });
  readConstants(raw.constants, file, constants);
  const pack = { id: raw.id, version: raw.version ?? 1, family: raw.id, title: raw.title };
  for (const key of ["valueOptions", "scriptOptions"]) {
    if (raw[key] === undefined) continue;
    const table = substitute(raw[key], constants, `${file}, [${key}]`);
    if (!isTable(table)) fail(file, `[${key}] must be a table of program = [options]`);
    checkPrograms(Object.keys(table), `${file}, [${key}]`, "the program");
    for (const [program, options] of Object.entries(table))
      if (!isStrings(options)) fail(`${file}, [${key}]`, `${program} must be a list of options`);
    pack[key] = table;
  }
  if (!Array.isArray(raw.rules) || raw.rules.length === 0) fail(file, "a pack needs rules ([[rules]] entries)");
  const ids = new Map();
  pack.rules = raw.rules.map((entry, at) => {
    const where = `${file}, rule ${typeof entry?.id === "string" ? entry.id : `#${at + 1}`}`;
    const rule = readRule(substitute(entry, constants, where), where, shared);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(rule.id)) fail(where, "an id is lower-case words joined by hyphens (`delete-namespace`)");
    if (ids.has(rule.id)) fail(where, `the id is used twice (rules #${ids.get(rule.id) + 1} and #${at + 1}): give one of them another`);
    ids.set(rule.id, at);
    return rule;
  });
  for (const name of Object.keys(raw.constants ?? {}))
    if (!constants.used.has(name)) fail(file, `constant ${name} is named nowhere: remove it`);
  return pack;
}

/** `_shared.toml`: the order of the packs and the constants every file may name. */
function readShared(file, text) {
  const raw = readToml(file, text, ["packs", "constants"]);
  if (!isStrings(raw.packs) || new Set(raw.packs).size !== raw.packs.length)
    fail(file, "packs must list the packs' ids, each once, in the order hookit lists them");
  const constants = new Map();
  readConstants(raw.constants, file, constants);
  for (const name of ["HTTP", "INTERPRETERS"])
    if (!Array.isArray(constants.get(name))) fail(file, `constant ${name} (the list the shorthands name) is missing`);
  return { order: raw.packs, constants, http: constants.get("HTTP"), interpreters: constants.get("INTERPRETERS") };
}

/** Every pack, read from `root`'s rules folder, in the order `_shared.toml` gives. */
export function readPacks(root) {
  const dir = join(root, RULES_DIR);
  const shared = readShared(`${RULES_DIR}/${SHARED}`, readFileSync(join(dir, SHARED), "utf8"));
  const files = readdirSync(dir).filter((name) => name.endsWith(".toml") && !name.startsWith("_"));
  for (const name of files)
    if (!shared.order.includes(name.slice(0, -5)))
      fail(`${RULES_DIR}/${name}`, `the pack is not in ${SHARED}'s packs: add its id where \`hookit packs\` should list it`);
  return shared.order.map((id) => {
    if (!files.includes(`${id}.toml`)) fail(`${RULES_DIR}/${SHARED}`, `packs names ${id}, which has no file ${RULES_DIR}/${id}.toml`);
    return readPack(`${RULES_DIR}/${id}.toml`, readFileSync(join(dir, `${id}.toml`), "utf8"), shared);
  });
}

/** The generated file's text for `packs` (in their order). */
export function generatedText(packs) {
  const byProgram = new Map();
  packs.forEach((pack, at) => {
    for (const rule of pack.rules)
      for (const program of rule.programs) {
        const list = byProgram.get(program) ?? [];
        if (!list.includes(at)) list.push(at);
        byProgram.set(program, list);
      }
  });
  const index = Object.fromEntries([...byProgram].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const data = {
    "//": `Generated by scripts/gen-packs.mjs from ${RULES_DIR}/*.toml: do not edit, run \`npm run gen:packs\`. Each pack is the JSON text registry.ts parses when a call first needs it; byProgram (JSON too) gives, for each program a rule names, the packs (their places in packs) with such a rule.`,
    byProgram: JSON.stringify(index),
    packs: packs.map((pack) => JSON.stringify(pack)),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = join(import.meta.dirname, "..");
  try {
    writeFileSync(join(root, GENERATED_FILE), generatedText(readPacks(root)));
  } catch (error) {
    if (!(error instanceof PackError)) throw error;
    console.error(`npm run gen:packs: ${error.message}`);
    process.exit(1);
  }
  console.error(`wrote ${GENERATED_FILE}`);
}
