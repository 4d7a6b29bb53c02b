// The containers pack: what it must refuse (each rule at least once) and the everyday commands of
// the same tools it must let through.
import type { PackCases } from "./_cases.ts";

export const containers: PackCases = {
  block: [
    "docker rm -f web",
    "docker rm -vf web",
    "podman rm --force web",
    "docker rmi -f node:22",
    "docker container rm -f web",
    "docker image rm --force node:22",
    "docker system prune -a",
    "docker system prune --volumes -f",
    "docker volume rm data",
    "docker volume prune -f",
    "docker compose down -v",
    "docker-compose down --volumes",
    "docker rm -f $(docker ps -aq)",
    "docker image prune -a",
    "docker container prune -f",
    "docker network prune",
    "docker builder prune --all",
    "podman system reset -f",
  ],
  pass: [
    "docker rmi node:22",
    "docker container rm web",
    "docker container ls -a",
    "docker ps",
    "docker compose down",
    "docker compose up -d",
    "docker run -v $PWD:/app node:22 npm test",
    "docker system df",
    "docker rm my-container",
    "docker image build -t app .",
    "docker image ls",
    "podman system info",
  ],
};
