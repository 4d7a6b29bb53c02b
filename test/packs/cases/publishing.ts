// The publishing pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const publishing: PackCases = {
  block: [
    "npm publish",
    "npm unpublish my-pkg@1.0.0",
    "npm deprecate my-pkg@1 'use 2'",
    "pnpm publish --access public",
    "yarn npm publish",
    "cargo publish",
    "cargo yank --version 1.0.0",
    "twine upload dist/*",
    "poetry publish --build",
    "gem push my.gem",
    "dotnet nuget push pkg.nupkg",
    "mvn deploy",
    "./gradlew publish",
    "docker push me/app:latest",
  ],
  pass: [
    "npm publish --dry-run",
    "npm install",
    "npm pack",
    "cargo publish --dry-run",
    "cargo build",
    "poetry build",
    "gem build my.gemspec",
    "mvn test",
  ],
};
