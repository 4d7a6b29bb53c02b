// The ci pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const ci: PackCases = {
  block: [
    "circleci context delete org/my-org context/prod",
    "circleci context remove-secret org/my-org ctx KEY",
    "circleci orb delete my-org/my-orb",
    "curl -X DELETE https://circleci.com/api/v2/project/gh/org/repo/envvar/FOO",
    "gitlab-runner unregister --all-runners",
    "gitlab-runner verify --delete",
    "java -jar jenkins-cli.jar -s http://jenkins.local/ delete-job deploy",
    "jenkins-cli -s http://jenkins.local/ delete-builds deploy 100-200",
    "bk build cancel 12",
    "curl -X POST http://jenkins.local/job/deploy-prod/doDelete",
    "curl -X DELETE 'https://gitlab.example.com/api/v4/projects/42/pipelines/100' -H 'PRIVATE-TOKEN: x'",
  ],
  pass: [
    "circleci config validate",
    "circleci context list github my-org",
    "curl https://circleci.com/api/v2/me",
    "gitlab-runner list",
    "gitlab-runner verify",
    "java -jar jenkins-cli.jar -s http://jenkins.local/ list-jobs",
    "jenkins-cli -s http://jenkins.local/ who-am-i",
    "java -jar app.jar",
    "java -jar server.jar shutdown",
  ],
};
