// The ci pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const ci: PackCases = {
  block: [
    "circleci context delete org/my-org context/prod",
    "circleci context remove-secret org/my-org ctx KEY",
    "gitlab-runner unregister --all-runners",
    "java -jar jenkins-cli.jar -s http://jenkins.local/ delete-job deploy",
    "bk build cancel 12",
    "curl -X POST http://jenkins.local/job/deploy-prod/doDelete",
    "curl -X DELETE 'https://gitlab.example.com/api/v4/projects/42/pipelines/100' -H 'PRIVATE-TOKEN: x'",
  ],
  pass: [
    "circleci config validate",
    "gitlab-runner list",
    "java -jar jenkins-cli.jar -s http://jenkins.local/ list-jobs",
    "java -jar app.jar",
  ],
};
