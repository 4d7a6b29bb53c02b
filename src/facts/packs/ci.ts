// CI systems (CircleCI, GitLab runners, Jenkins, Buildkite).
import type { Pack } from "./types.ts";
import { HTTP, httpDelete, servicePack, ASK_USER } from "./_service.ts";

export const ci = (): Pack =>
  servicePack("ci", "CI systems (CircleCI, GitLab runners, Jenkins, Buildkite)", [
    {
      id: "circleci-delete",
      programs: ["circleci"],
      when: { any: ["delete", "remove-secret", "rm"] },
      reason: "it deletes CI contexts, secrets or orbs others build with",
      instead: ASK_USER,
    },
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
      id: "jenkins-delete",
      programs: ["java", "jenkins-cli"],
      when: { text: "\\b(delete-(job|node|view|credentials|builds)|disconnect-node|clear-queue|safe-shutdown|shutdown)\\b" },
      reason: "it deletes Jenkins jobs, nodes or views",
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
