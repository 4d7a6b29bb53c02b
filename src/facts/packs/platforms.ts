// Code hosting platforms through their CLIs: repositories, releases, secrets and
// issues deleted for good; and a self-managed GitLab's own tools, which restore
// backups over it, wipe it, or run code against its database.
import type { Pack } from "./types.ts";
import { pack } from "./_pack.ts";
import { httpDelete } from "./_service.ts";

// Ruby a GitLab console or runner is given that deletes or rewrites records in bulk:
// `Project.destroy_all`, `user.delete`, `Projects::DestroyService`, `update_all`, a dropped table.
const RUBY_DELETES =
  "\\b(destroy|delete)(_all|_by|_all_by)?!?(?![\\w?])|(destroy|delete)\\w*(service|worker)\\b|\\b(truncate|drop|drop_table|drop_database|remove_column|update_all)\\b";

// gitlab-rake tasks that replace or wipe the instance's data; the cleanup tasks delete only with DRY_RUN=false.
const RAKE_WIPES =
  "(^|\\s)(gitlab:)?(backup:restore|setup|db:(drop\\w*|reset|setup|schema:load|truncate\\w*))(\\s|$)|(gitlab:)?cleanup:.*\\bDRY_RUN=false\\b|\\bDRY_RUN=false\\b.*(gitlab:)?cleanup:";

export const platforms = (): Pack =>
  pack({
    id: "platforms",
    title: "GitHub, GitLab and Bitbucket CLIs, and a self-managed GitLab's tools",
    valueOptions: { gh: ["-R", "--repo", "--hostname"], glab: ["-R", "--repo", "-g", "--group"] },
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
          "release|issue|mr|secret|variable|gist|run|ci|pipe|pipeline|cache|label|milestone|ssh-key|gpg-key|deploy-key|environment|ruleset|project|workflow|snippet|schedule|token|codespace|securefile",
          "delete|remove|rm|disable|revoke|item-delete|field-delete",
        ],
        reason: "it deletes what others use on the platform (releases, secrets, issues, keys, pipelines, runs)",
        instead: "ask the user to delete it",
      },
      {
        id: "repo-key-delete",
        programs: ["gh"],
        sub: ["repo", "deploy-key|autolink", "delete"],
        reason: "it deletes a repository's deploy key (what deploys with it stops) or autolink",
        instead: "ask the user to delete it",
      },
      {
        id: "run-cancel",
        programs: ["gh", "glab"],
        sub: ["run|ci|pipe|pipeline", "cancel"],
        ask: true,
        reason: "it cancels a workflow run or pipeline, which may be deploying",
        instead: "ask the user",
      },
      {
        id: "api-delete",
        programs: ["gh", "glab"],
        sub: ["api"],
        when: { text: "(-X|--method)\\s*=?\\s*(DELETE|PUT|PATCH)\\b" },
        reason: "a DELETE/PUT/PATCH call through the API changes or deletes what it names",
        instead: "ask the user, or use the CLI's own subcommand",
      },
      // The same through the web API with any HTTP client (`curl -X DELETE https://api.github.com/repos/o/r`).
      httpDelete(
        "web-api-delete",
        "(api\\.github\\.com/|/api/v3/repos/|/api/v4/(projects|groups|users)/|api\\.bitbucket\\.org/)",
        "a DELETE through GitHub's, GitLab's or Bitbucket's web API deletes the repository, branch, release or whatever the URL names",
      ),
      {
        id: "gitlab-rails-delete",
        programs: ["gitlab-rails"],
        sub: ["runner|r|console|c|dbconsole|db"],
        when: { text: RUBY_DELETES },
        reason: "code run against GitLab's database deletes or rewrites its records (projects, users, pipelines) for good",
        instead: "ask the user to run it",
      },
      {
        id: "gitlab-rake-wipe",
        programs: ["gitlab-rake"],
        when: { text: RAKE_WIPES },
        reason: "the task replaces GitLab's database and repositories with a backup's, or wipes or deletes its data",
        instead: "ask the user to run it",
      },
      {
        id: "gitlab-backup-restore",
        programs: ["gitlab-backup"],
        sub: ["restore"],
        reason: "it replaces GitLab's database and repositories with the backup's: what changed since is lost",
        instead: "ask the user to restore it",
      },
      {
        id: "gitlab-ctl-wipe",
        programs: ["gitlab-ctl"],
        sub: ["cleanse|uninstall|remove-accounts"],
        reason: "it removes GitLab's services (cleanse also deletes all its data)",
        instead: "ask the user to do it",
      },
      {
        id: "gitlab-ctl-stop",
        programs: ["gitlab-ctl"],
        sub: ["stop|restart|kill|graceful-kill"],
        ask: true,
        reason: "it stops or restarts GitLab for everyone using it",
        instead: "ask the user",
      },
    ],
  });
