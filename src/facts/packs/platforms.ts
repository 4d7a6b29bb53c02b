// Code hosting platforms through their CLIs: repositories, releases, secrets and
// issues deleted for good.
import type { Pack } from "./types.ts";
import { pack } from "./_pack.ts";

export const platforms = (): Pack =>
  pack({
    id: "platforms",
    title: "GitHub, GitLab and Bitbucket CLIs",
    valueOptions: { gh: ["-R", "--repo"], glab: ["-R", "--repo"] },
    rules: [
      {
        id: "repo-delete",
        programs: ["gh", "glab", "tea", "bb"],
        sub: ["repo", "delete|archive|rename|transfer"],
        reason: "it deletes (or archives, renames, moves) the repository for everyone",
        instead: "ask the user to do it",
      },
      {
        id: "delete",
        programs: ["gh", "glab"],
        sub: [
          "release|issue|secret|variable|gist|run|cache|label|ssh-key|gpg-key|deploy-key|environment|ruleset|project|workflow|snippet|schedule|token",
          "delete|remove|rm|disable|revoke",
        ],
        reason: "it deletes what others use on the platform (releases, secrets, issues, keys, runs)",
        instead: "ask the user to delete it",
      },
      {
        id: "api-delete",
        programs: ["gh", "glab"],
        sub: ["api"],
        when: { text: "(-X|--method)\\s*=?\\s*(DELETE|PUT|PATCH)\\b" },
        reason: "a DELETE/PUT/PATCH call through the API changes or deletes what it names",
        instead: "ask the user, or use the CLI's own subcommand",
      },
    ],
  });
