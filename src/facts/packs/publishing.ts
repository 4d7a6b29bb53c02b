// Package registries: a publish cannot be taken back (a version number is spent
// for good), an unpublish or yank breaks everyone who depends on it. And the
// package managers' removals (a dependency, a system package), which are often
// honest and so are asked about.
import type { Pack } from "./types.ts";
import { DRY_RUN, pack } from "./_pack.ts";

const LET_USER_PUBLISH = "let the user publish";
const ASK = "ask the user";
const PIP_UNINSTALL = "it uninstalls packages from the Python environment, which other tools (or the system) may need";

// Maven goals and Gradle tasks that upload to a remote repository (publishing to Maven Local stays on the machine).
const MAVEN_DEPLOYS =
  "(^|\\s)(deploy(:\\S+)?|release:perform|nexus-staging:(release|deploy\\S*)|central-publishing:publish|jreleaser:(deploy|release|full-release))(\\s|$)";
const GRADLE_PUBLISHES =
  "(^|[\\s:])(publish(?!\\w*MavenLocal)\\w*|uploadArchives|closeAndRelease\\w*|jreleaser(Deploy|Release|FullRelease))(\\s|$)";

// pip installing code no index vetted (a URL or a VCS checkout), or over the system's own packages.
const PIP_UNVETTED =
  "(^|\\s)(?<!(-i|--index-url|--extra-index-url|-f|--find-links|--trusted-host)\\s)(git|hg|svn|bzr)\\+|(^|\\s)(?<!(-i|--index-url|--extra-index-url|-f|--find-links|--trusted-host)\\s)https?://|--break-system-packages|--(target|prefix|root)(=|\\s+)/usr\\b";

export const publishing = (): Pack =>
  pack({
    id: "publishing",
    title:
      "Package publishing (npm, pnpm, yarn, cargo, PyPI, RubyGems, NuGet, Maven, Gradle, Docker Hub) and removal (pip, apt, dnf, brew)",
    valueOptions: {
      "apt-get": ["-o", "-c", "-t"],
      apt: ["-o", "-c", "-t"],
      dnf: ["-c", "--config", "--repo", "--enablerepo", "--disablerepo", "--installroot", "--releasever"],
      yum: ["-c", "--config", "--enablerepo", "--disablerepo", "--installroot", "--releasever"],
      python: ["-W", "-X"],
      python3: ["-W", "-X"],
    },
    rules: [
      {
        id: "npm-publish",
        programs: ["npm", "pnpm", "bun"],
        sub: ["publish|unpublish|deprecate"],
        unless: DRY_RUN,
        reason: "it publishes (or withdraws) a package version for everyone, and a version number cannot be used twice",
        instead: "run it with `--dry-run` and let the user publish",
      },
      {
        id: "yarn-publish",
        programs: ["yarn"],
        sub: ["publish"],
        reason: "it publishes a package version for everyone",
        instead: LET_USER_PUBLISH,
      },
      {
        id: "yarn-npm-publish",
        programs: ["yarn"],
        sub: ["npm", "publish"],
        unless: DRY_RUN,
        reason: "it publishes a package version for everyone",
        instead: LET_USER_PUBLISH,
      },
      {
        id: "cargo-publish",
        programs: ["cargo"],
        sub: ["publish|yank|owner"],
        unless: { any: ["--dry-run", "--list", "-l"] },
        reason: "it publishes or yanks a crate version for everyone",
        instead: "run `cargo publish --dry-run` and let the user publish",
      },
      {
        id: "python-upload",
        programs: ["twine", "poetry", "flit", "hatch", "uv"],
        sub: ["upload|publish"],
        unless: DRY_RUN,
        reason: "it uploads a release to the package index for everyone",
        instead: "let the user upload it",
      },
      {
        id: "gem-push",
        programs: ["gem"],
        sub: ["push|yank|owner"],
        reason: "it publishes or yanks a gem version for everyone",
        instead: LET_USER_PUBLISH,
      },
      {
        id: "dotnet-push",
        programs: ["dotnet", "nuget"],
        when: { any: ["push", "delete"], text: "\\b(nuget\\s+)?(push|delete)\\b" },
        reason: "it publishes or deletes a package on the feed",
        instead: LET_USER_PUBLISH,
      },
      {
        id: "maven-deploy",
        programs: ["mvn", "mvnw"],
        when: { text: MAVEN_DEPLOYS },
        reason: "it publishes artifacts to a remote repository",
        instead: LET_USER_PUBLISH,
      },
      {
        id: "gradle-publish",
        programs: ["gradle", "gradlew"],
        when: { text: GRADLE_PUBLISHES },
        unless: { any: ["--dry-run", "-m"] },
        reason: "it publishes artifacts to a remote repository",
        instead: "run it with `--dry-run` and let the user publish",
      },
      {
        id: "image-push",
        programs: ["docker", "podman"],
        sub: ["push"],
        reason: "it pushes an image over the tag others pull",
        instead: "let the user push the image",
        ask: true,
      },
      {
        // `docker image push`: the same, by its long name (`docker image prune` or `build` push nothing)
        id: "image-push-long",
        programs: ["docker", "podman"],
        sub: ["image", "push"],
        reason: "it pushes an image over the tag others pull",
        instead: "let the user push the image",
        ask: true,
      },
      {
        id: "pip-uninstall",
        programs: ["pip", "pip3"],
        sub: ["uninstall"],
        ask: true,
        reason: PIP_UNINSTALL,
        instead: ASK,
      },
      {
        id: "python-pip-uninstall",
        programs: ["python", "python3", "uv"],
        sub: ["pip", "uninstall"],
        ask: true,
        reason: PIP_UNINSTALL,
        instead: ASK,
      },
      {
        id: "pip-install-unvetted",
        programs: ["pip", "pip3"],
        sub: ["install"],
        when: { text: PIP_UNVETTED },
        ask: true,
        reason: "it installs code no package index vetted (a URL, a repository) or over the system's own packages",
        instead: ASK,
      },
      {
        id: "dependency-remove",
        programs: ["poetry", "uv"],
        sub: ["remove"],
        unless: DRY_RUN,
        ask: true,
        reason: "it removes a dependency from the project and uninstalls it",
        instead: ASK,
      },
      {
        id: "system-package-remove",
        programs: ["apt", "apt-get", "yum", "dnf", "brew"],
        sub: ["remove|purge|autoremove|autopurge|erase|uninstall|rm"],
        unless: { any: ["-s", "--simulate", "--dry-run", "--just-print", "--no-act", "--recon", "--assumeno"] },
        ask: true,
        reason: "it removes system packages, and what depends on them with them",
        instead: ASK,
      },
    ],
  });
