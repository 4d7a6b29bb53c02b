// CI systems (CircleCI, GitLab runners, Jenkins, Buildkite): the contexts, secrets,
// pipelines, jobs and runners others build with.
import type { Pack } from "./types.ts";
import { HTTP, httpDelete, servicePack, ASK_USER } from "./_service.ts";

const JENKINS_DELETES = "delete-[a-z-]+|disconnect-node|clear-queue|safe-shutdown|shutdown";
const JENKINS_REASON = "it deletes Jenkins jobs, builds, nodes, views or credentials (or shuts Jenkins down)";

export const ci = (): Pack =>
  servicePack("ci", "CI systems (CircleCI, GitLab runners, Jenkins, Buildkite)", [
    {
      id: "circleci-delete",
      programs: ["circleci"],
      when: { any: ["delete", "remove-secret", "rm"] },
      reason: "it deletes CI contexts, secrets, orbs, namespaces or pipelines others build with",
      instead: ASK_USER,
    },
    httpDelete(
      "circleci-api-delete",
      "circleci\\.com/api/",
      "CircleCI's API deletes environment variables, contexts, projects or their settings",
    ),
    {
      id: "jenkins-api-delete",
      programs: HTTP,
      when: { text: "/(doDelete|doWipeOutWorkspace|deleteCredential)\\b" },
      reason: "Jenkins's web API deletes the job, workspace or credential",
      instead: ASK_USER,
    },
    httpDelete("gitlab-api-delete", "/api/v4/(projects|groups)/", "GitLab's API deletes pipelines, jobs, environments or projects"),
    {
      id: "runner-unregister",
      programs: ["gitlab-runner"],
      sub: ["unregister|uninstall|stop"],
      reason: "it takes CI runners away",
      instead: ASK_USER,
    },
    {
      id: "runner-verify-delete",
      programs: ["gitlab-runner"],
      sub: ["verify"],
      when: { any: ["--delete"] },
      reason: "it removes from the configuration every runner GitLab no longer lists",
      instead: "run `gitlab-runner verify` without `--delete` and show the user",
    },
    {
      // jenkins-cli as a jar: only Jenkins's own jar is read, not every `java -jar`
      id: "jenkins-jar-delete",
      programs: ["java"],
      when: { text: `jenkins-cli[^\\s]*\\.jar\\b.*\\s(${JENKINS_DELETES})(\\s|$)` },
      reason: JENKINS_REASON,
      instead: ASK_USER,
    },
    {
      id: "jenkins-delete",
      programs: ["jenkins-cli"],
      when: { text: `(^|\\s)(${JENKINS_DELETES})(\\s|$)` },
      reason: JENKINS_REASON,
      instead: ASK_USER,
    },
    {
      id: "buildkite-delete",
      programs: ["bk"],
      when: { any: ["delete", "cancel"] },
      reason: "it deletes or cancels pipelines or builds",
      instead: ASK_USER,
    },
  ]);
