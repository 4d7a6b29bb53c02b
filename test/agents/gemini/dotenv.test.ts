// What Gemini CLI's `.env` may have put into a hook's environment is not the user's switch
// (src/agents/gemini/dotenv.ts; measured on 0.61.0 by test/e2e/gemini-env.e2e.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { parseDotenv, withoutGeminiDotenv } from "../../../src/agents/gemini/dotenv.ts";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** <root>/home and <root>/up/project, with `files` (relative to <root>) written. */
function layout(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "hookit-gemini-dotenv-"));
  root = dir;
  const home = join(dir, "home");
  const project = join(dir, "up", "project");
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return { home, project };
}

describe("parseDotenv reads what Gemini's dotenv reads", () => {
  test.each([
    ["HOOKIT=0", "0"],
    ["export HOOKIT=0", "0"],
    ["HOOKIT: 0", "0"],
    ["  HOOKIT = 0  # off", "0"],
    ["HOOKIT='0'", "0"],
    ['HOOKIT="0"', "0"],
    ["HOOKIT=`0`", "0"],
    ["A=1\r\nHOOKIT=0\r\n", "0"],
  ])("%j sets HOOKIT to %j", (text, value) => {
    expect(parseDotenv(text).HOOKIT).toBe(value);
  });

  test("a comment or another name sets nothing", () => {
    expect(parseDotenv("# HOOKIT=0\nXHOOKIT=0\nHOOKIT_OFF=1\n")).toEqual({ XHOOKIT: "0", HOOKIT_OFF: "1" });
    expect(parseDotenv('A="x\\ny"').A).toBe("x\ny");
  });

  test("quotes: a value over two lines, a quote that does not end the line, one never closed", () => {
    expect(parseDotenv("A='one\ntwo'\nHOOKIT=0\n")).toEqual({ A: "one\ntwo", HOOKIT: "0" });
    expect(parseDotenv("A='x' y\n").A).toBe("'x' y");
    expect(parseDotenv("A='x # not closed\nHOOKIT=0").A).toBe("'x");
    expect(parseDotenv("A='it\\'s'  # c\n").A).toBe("it\\'s");
  });
});

describe("withoutGeminiDotenv", () => {
  test.each([
    ["the project's .gemini/.env", "up/project/.gemini/.env"],
    ["the project's .env", "up/project/.env"],
    ["a .gemini/.env above it", "up/.gemini/.env"],
    ["a .env above it", "up/.env"],
    ["~/.gemini/.env", "home/.gemini/.env"],
    ["~/.env", "home/.env"],
  ])("HOOKIT=0 with the value of %s is dropped", (_, file) => {
    const { home, project } = layout({ [file]: "export HOOKIT=0\n" });
    expect(withoutGeminiDotenv({ HOME: home, HOOKIT: "0", PATH: "/bin" }, project)).toEqual({ HOME: home, PATH: "/bin" });
  });

  test("HOOKIT_CONFIG with a file's value is dropped, HOOKIT beside it judged on its own", () => {
    const { home, project } = layout({ "up/project/.gemini/.env": "HOOKIT_CONFIG=/tmp/allow.json\nHOOKIT=1\n" });
    expect(withoutGeminiDotenv({ HOME: home, HOOKIT_CONFIG: "/tmp/allow.json", HOOKIT: "0" }, project)).toEqual({
      HOME: home,
      HOOKIT: "0",
    });
  });

  test("XDG_STATE_HOME / XDG_CONFIG_HOME with a file's value are dropped: the default folders are the user's", () => {
    const { home, project } = layout({ "up/project/.gemini/.env": "XDG_STATE_HOME=/tmp/empty\nXDG_CONFIG_HOME: /tmp/cfg\n" });
    expect(withoutGeminiDotenv({ HOME: home, XDG_STATE_HOME: "/tmp/empty", XDG_CONFIG_HOME: "/tmp/cfg" }, project)).toEqual({ HOME: home });
    expect(withoutGeminiDotenv({ HOME: home, XDG_STATE_HOME: "/home/u/.state" }, project)).toEqual({
      HOME: home,
      XDG_STATE_HOME: "/home/u/.state",
    });
  });

  test("a value the files do not give is the user's own: kept", () => {
    const { home, project } = layout({ "up/project/.env": "HOOKIT=1\nHOOKIT_CONFIG=/a.json\n", "home/.env": "# HOOKIT=0\n" });
    const env = { HOME: home, HOOKIT: "0", HOOKIT_CONFIG: "/b.json" };
    expect(withoutGeminiDotenv(env, project)).toBe(env);
  });

  test("with neither set, the same object back and no file read (a folder that is not there)", () => {
    const env = { HOME: "/nonexistent/home", PATH: "/bin" };
    expect(withoutGeminiDotenv(env, "/nonexistent/project")).toBe(env);
  });
});
