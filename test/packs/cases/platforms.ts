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
    "glab ci delete 123",
    "gh run delete 123",
    "gh repo deploy-key delete 42",
    "gh run cancel 123",
    'gitlab-rails runner "Project.destroy_all"',
    "gitlab-rake gitlab:backup:restore",
    "gitlab-backup restore BACKUP=1700000000_2024_01_01_16.0.0",
    "gitlab-ctl cleanse",
    "gitlab-ctl restart",
  ],
  pass: [
    "gh pr list",
    "gh pr create --fill",
    "gh release list",
    "gh api repos/o/r",
    "gh issue view 12",
    "gh run view 123",
    "gh repo deploy-key list",
    "glab mr list",
    "glab ci view",
    "glab ci status",
    "gh repo view",
    "gitlab-rails runner 'puts Project.count'",
    "gitlab-rake gitlab:check",
    "gitlab-rake gitlab:backup:create",
    "gitlab-backup create",
    "gitlab-ctl status",
  ],
};
