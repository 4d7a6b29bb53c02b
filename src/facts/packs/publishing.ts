// Package registries: a publish cannot be taken back (a version number is spent
// for good), an unpublish or yank breaks everyone who depends on it.
import type { Pack } from "./types.ts";
import { DRY_RUN, pack } from "./_pack.ts";

const LET_USER_PUBLISH = "let the user publish";

export const publishing = (): Pack =>
  pack({
    id: "publishing",
    title: "Package publishing (npm, pnpm, yarn, cargo, PyPI, RubyGems, NuGet, Maven, Docker Hub)",
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
        sub: ["npm|publish"],
        when: { any: ["publish", "--new-version"], text: "publish" },
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
        programs: ["mvn", "gradle", "./gradlew", "gradlew"],
        when: { any: ["deploy", "publish", "release:perform", "publishToMavenCentral"] },
        reason: "it publishes artifacts to a repository",
        instead: LET_USER_PUBLISH,
      },
      {
        id: "image-push",
        programs: ["docker", "podman"],
        sub: ["push|image"],
        when: { text: "^(?!.*\\b(ls|list|inspect|history|pull)\\b)" },
        reason: "it pushes an image over the tag others pull",
        instead: "let the user push the image",
        ask: true,
      },
    ],
  });
