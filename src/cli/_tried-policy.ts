// What `hookit test` and `hookit replay` share: the policy they try, as it is on disk
// (policytest/policy.ts), and the project folder they find it from.
import { candidatePolicy, loadCandidate, type LoadedCandidate } from "../policytest/policy.ts";
import { fail } from "./_output.ts";
import { diagnosticLines } from "./_policy.ts";

/** `--policy FILE` (`description` says what the command does with it) and `--cwd DIR`, the project the policy is found from. */
export function triedPolicyArgs(description: string) {
  return {
    policy: { type: "string", description },
    cwd: { type: "string", description: "Directory to find the project from" },
  } as const;
}

/**
 * The policy tried from `cwd`, or undefined once why it cannot be tried is reported: a file that is
 * not there, or an invalid policy (`invalid` says what that means for the command, given the diagnostics).
 */
export function triedPolicy(
  cwd: string,
  options: Parameters<typeof candidatePolicy>[2],
  invalid: (diagnostics: string) => string,
): Extract<LoadedCandidate, { ok: true }> | undefined {
  let candidate: LoadedCandidate;
  try {
    candidate = loadCandidate(candidatePolicy(cwd, process.env, options));
  } catch (error) {
    fail((error as Error).message);
    return undefined;
  }
  if (candidate.ok) return candidate;
  fail(invalid(diagnosticLines(candidate.diagnostics, candidate.files)));
  return undefined;
}
