// The platforms pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const platforms: PackCases = {
  block: [
    "gh repo delete owner/repo --yes",
    "gh repo archive owner/repo",
    "gh release delete v1.0.0",
    "gh secret delete NPM_TOKEN",
    "gh issue delete 12",
    "gh api -X DELETE repos/o/r/git/refs/heads/main",
    "glab repo delete group/proj",
    "gh run delete 123",
  ],
  pass: ["gh pr list", "gh pr create --fill", "gh release list", "gh api repos/o/r", "gh issue view 12", "glab mr list", "gh repo view"],
};
