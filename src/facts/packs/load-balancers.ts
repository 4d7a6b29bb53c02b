// Load balancers and reverse proxies: the clouds' load balancers (ELB, Google Cloud, Azure,
// DigitalOcean), and HAProxy, nginx, Traefik and Envoy wherever they run (a system service, a
// container, a Kubernetes workload). Deleting one or its routes loses configuration; stopping
// one, or taking its servers out, cuts the traffic it carries, which is often planned
// maintenance: those ask.
import type { Pack, Rule } from "./types.ts";
import { DRY_RUN, pack } from "./_pack.ts";
import { KUBECTL_VALUES } from "./_clients.ts";
import { HTTP, httpDelete, ASK_USER } from "./_service.ts";

/** The proxies' service (unit, init script) names: `nginx`, `haproxy.service`, `traefik@edge`. */
const PROXY_UNIT = "^(haproxy|nginx|traefik|envoy)(@[^.\\s]*)?(\\.service)?$";
/** A container or workload named for a proxy (`traefik`, `haproxy-1`, `ingress-nginx-controller-…`). */
const PROXY_WORKLOAD = "traefik|haproxy|envoy|ingress-nginx|nginx-ingress";

const STOPS = {
  ask: true,
  reason: "it stops a load balancer or proxy: the traffic it routes stops with it",
  instead: "reload it to apply a change (`systemctl reload`, `nginx -s reload`), or let the user confirm the stop",
} as const;

/** A stop (or removal) of a container named for a proxy, for one way of spelling it. */
const containerStop = (id: string, programs: string[], sub: string[]): Rule => ({
  id,
  programs,
  sub,
  when: { operand: PROXY_WORKLOAD },
  ...STOPS,
});

const DOCKER_VALUES = ["-H", "--host", "--context", "-c", "--config", "-f", "--file", "-p", "--project-name"];
const SYSTEMCTL_VALUES = ["-H", "--host", "-M", "--machine", "-t", "--type", "-p", "--property", "-s", "--signal", "--kill-whom"];

export const loadBalancers = (): Pack =>
  pack({
    id: "load-balancers",
    title: "Load balancers and proxies (ELB, Google Cloud, Azure, DigitalOcean, HAProxy, nginx, Traefik, Envoy)",
    valueOptions: {
      docker: DOCKER_VALUES,
      podman: DOCKER_VALUES,
      kubectl: KUBECTL_VALUES,
      oc: KUBECTL_VALUES,
      systemctl: SYSTEMCTL_VALUES,
    },
    rules: [
      {
        id: "lb-delete",
        programs: ["aws", "gcloud", "az", "doctl"],
        when: {
          text: "\\b(elb|elbv2|forwarding-rules|target-pools|backend-services|url-maps|target-https?-proxies|lb|load-balancer|application-gateway)\\b.*\\b(delete|deregister|remove)",
        },
        reason: "it deletes a load balancer or takes targets out of it: traffic stops",
        instead: ASK_USER,
      },
      { id: "service-stop", programs: ["systemctl"], sub: ["stop|kill|disable|mask"], when: { operand: PROXY_UNIT }, ...STOPS },
      { id: "init-stop", programs: ["service"], sub: ["haproxy|nginx|traefik|envoy", "stop|force-stop"], ...STOPS },
      // `/etc/init.d/nginx stop`: the init script is named for the program.
      { id: "init-script-stop", programs: ["nginx", "haproxy"], sub: ["stop|force-stop"], ...STOPS },
      { id: "nginx-signal-stop", programs: ["nginx"], when: { text: "(^|\\s)-s\\s*(stop|quit)(\\s|$)" }, ...STOPS },
      // `-sf` asks the old processes to finish their connections and exit, `-st` kills them at once:
      // both end the running HAProxy (a reload by hand spells it so, hence the ask).
      { id: "haproxy-stop", programs: ["haproxy"], when: { any: ["-sf", "-st"] }, ...STOPS },
      {
        // The runtime API reads its commands from the socket: `echo 'disable server be/web1' | socat stdio /run/haproxy.sock`.
        id: "haproxy-runtime",
        programs: ["socat", "nc"],
        when: {
          text: "\\b(disable\\s+(server|frontend|backend|health|agent)|shutdown\\s+(sessions?|frontend)|del\\s+(server|map|acl|ssl\\s+cert)|clear\\s+(table|map|acl)|set\\s+server\\s+\\S+\\s+state\\s+(maint|drain))\\b",
        },
        ask: true,
        reason: "HAProxy's runtime API takes servers or frontends out of traffic, or cuts live sessions",
        instead: "let the user confirm it, or show the command for them to run",
      },
      containerStop("container-stop", ["docker", "podman"], ["stop|kill|rm|pause"]),
      containerStop("container-object-stop", ["docker", "podman"], ["container", "stop|kill|rm|remove|pause"]),
      containerStop("compose-stop", ["docker", "podman"], ["compose", "stop|kill|rm|down|pause"]),
      containerStop("compose-tool-stop", ["docker-compose", "podman-compose"], ["stop|kill|rm|down|pause"]),
      {
        id: "kube-workload-delete",
        programs: ["kubectl", "oc"],
        sub: ["delete"],
        when: {
          operand: PROXY_WORKLOAD,
          text: "\\b(po|pods?|deploy|deployments?|ds|daemonsets?|sts|statefulsets?|rs|replicasets?|svc|services?)(\\.apps)?\\b",
        },
        unless: DRY_RUN,
        ...STOPS,
      },
      {
        id: "kube-scale-zero",
        programs: ["kubectl", "oc"],
        sub: ["scale"],
        when: { operand: PROXY_WORKLOAD, text: "--replicas[=\\s]+0(\\s|$)" },
        unless: DRY_RUN,
        ...STOPS,
      },
      {
        // Traefik's routing objects (traefik.io, formerly traefik.containo.us), alone or in a list: `ingressroute/web`, `pod,ingressroute`.
        id: "traefik-routes-delete",
        programs: ["kubectl", "oc"],
        sub: ["delete"],
        when: {
          operand:
            "(^|,)(ingressroute(tcp|udp)?s?|middlewares?(tcp)?|traefikservices?|serverstransports?(tcp)?|tlsoptions?|tlsstores?)(\\.traefik\\.(io|containo\\.us))?(/|,|$)",
        },
        unless: DRY_RUN,
        reason: "it deletes Traefik's routes or middlewares: the services behind them become unreachable",
        instead: "change the route in the manifests the cluster is deployed from, or ask the user",
      },
      httpDelete(
        "proxy-api-delete",
        "(traefik\\S*/api/|/services/haproxy/|/api/\\d+/(http|stream)/upstreams/)",
        "it deletes routers, backends or upstream servers through the proxy's API",
      ),
      {
        // Envoy's admin endpoints that end the proxy or fail its health check so it is drained.
        id: "envoy-admin-stop",
        programs: HTTP,
        when: { text: "/(quitquitquit|healthcheck/fail|drain_listeners)\\b" },
        ...STOPS,
      },
    ],
  });
