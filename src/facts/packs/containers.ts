// Docker, Podman and Compose: prunes and removals of volumes, where data lives.
import type { Pack } from "./types.ts";
import { pack } from "./_pack.ts";

/** What `rm -f` costs, however the removal is spelled (`docker rm -f`, `docker container rm -f`). */
const FORCED = {
  reason: "it stops and deletes a running container (and what it wrote), or an image containers still use",
  instead: "stop the container first and remove it without --force, or ask the user",
};

export const containers = (): Pack =>
  pack({
    id: "containers",
    title: "Docker, Podman and Compose",
    valueOptions: {
      docker: ["-H", "--host", "--context", "-c", "--config", "-f", "--file", "-p", "--project-name"],
      podman: ["--connection", "-c"],
    },
    rules: [
      {
        id: "system-prune",
        programs: ["docker", "podman"],
        sub: ["system", "prune"],
        when: { any: ["-a", "--all", "--volumes"] },
        reason: "it deletes every unused image (and with --volumes, every unused volume and its data)",
        instead: "remove the images or volumes by name, or ask the user",
      },
      {
        id: "prune",
        programs: ["docker", "podman"],
        sub: ["image|container|network|builder|buildx", "prune"],
        reason: "it deletes every stopped container (with what it wrote), unused image, network or build cache at once",
        instead: "remove them by name, or ask the user",
      },
      {
        id: "volume-rm",
        programs: ["docker", "podman"],
        sub: ["volume", "rm|remove|prune"],
        reason: "a volume holds a container's data: removing it deletes the data",
        instead: "ask the user before removing volumes",
      },
      {
        id: "compose-down-volumes",
        programs: ["docker", "podman", "docker-compose", "podman-compose"],
        sub: ["compose|down"],
        when: { any: ["-v", "--volumes"] },
        unless: { any: ["up", "ps", "logs", "config"] },
        reason: "`down -v` deletes the project's volumes and the data in them",
        instead: "run `docker compose down` without -v, or ask the user",
      },
      {
        id: "rm-force",
        programs: ["docker", "podman"],
        sub: ["rm|rmi"],
        when: { any: ["-f", "--force"] },
        ...FORCED,
      },
      {
        id: "object-rm-force",
        programs: ["docker", "podman"],
        sub: ["container|image", "rm|remove"],
        when: { any: ["-f", "--force"] },
        ...FORCED,
      },
      {
        id: "rm-force-all",
        programs: ["docker", "podman"],
        sub: ["rm|rmi"],
        when: { text: "\\$\\(|<input>" },
        reason: "it removes every container or image a listing names",
        instead: "remove them by name, or ask the user",
      },
    ],
  });
