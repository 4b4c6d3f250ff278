import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceSpecs } from '@mediakit/devstack';
import { metricsRegistry, startMetrics } from '@mediakit/kit';
import { describe, expect, it } from 'vitest';
import { type K8sObject, name, podSpec, render, root, schemaValidator, selects } from './render.ts';

// deploy/k8s rendered offline, the way `kubectl apply -k` would send it, then held to the schemas
// in deploy/k8s/schemas and to the rules of issue 11. No cluster needed.
const targets = ['overlays/dev', 'overlays/prod', 'addons/keycloak'] as const;
const rendered = Object.fromEntries(targets.map((t) => [t, render(t)])) as Record<
  (typeof targets)[number],
  K8sObject[]
>;
const overlays = ['overlays/dev', 'overlays/prod'] as const;
const workloadKinds = ['Deployment', 'StatefulSet', 'Job'];
const services = ['gateway', 'auth', 'files', 'jobs', 'content', 'transcoder', 'imager'];
const frontends = ['shell', 'tools', 'dashboard'];

const of = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const byName = (objects: K8sObject[], kind: string, n: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === n);
  if (!found) throw new Error(`${kind}/${n} is not rendered`);
  return found;
};
const containersOf = (o: K8sObject) => [...(podSpec(o).initContainers ?? []), ...podSpec(o).containers];
const podLabels = (o: K8sObject): Record<string, string> => o.spec.template.metadata.labels;

describe.each(targets)('%s', (target) => {
  const objects = rendered[target];

  it('renders, into one namespace', () => {
    expect(objects.length).toBeGreaterThan(5);
    for (const o of objects.filter((x) => x.kind !== 'Namespace'))
      expect(o.metadata.namespace, name(o)).toBe('mediakit');
  });

  it('validates every object against the Kubernetes and KEDA schemas kept in the repository', () => {
    const validator = schemaValidator();
    const problems = objects.flatMap((o) => validator.validate(o).map((p) => `${name(o)}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('commits no Secret and no secret value', () => {
    expect(of(objects, 'Secret')).toEqual([]);
    for (const o of objects.filter((x) => workloadKinds.includes(x.kind)))
      for (const c of containersOf(o))
        for (const env of c.env ?? [])
          if (/KEY|SECRET|PASSWORD|TOKEN|MONGODB_URL|SMTP_URL/.test(env.name))
            expect(env.valueFrom?.secretKeyRef, `${name(o)} ${env.name}`).toBeDefined();
  });

  it('pins every image to a version (no latest, no bare name)', () => {
    for (const o of objects.filter((x) => workloadKinds.includes(x.kind)))
      for (const c of containersOf(o)) {
        expect(c.image, `${name(o)} ${c.name}`).toMatch(/^[\w./-]+:[\w.-]+$/);
        expect(c.image, `${name(o)} ${c.name}`).not.toMatch(/:latest$/);
      }
  });

  it('runs every pod non-root, read-only, without capabilities, with seccomp RuntimeDefault', () => {
    for (const o of objects.filter((x) => workloadKinds.includes(x.kind))) {
      const spec = podSpec(o);
      expect(spec.securityContext?.runAsNonRoot, name(o)).toBe(true);
      expect(spec.securityContext?.runAsUser, name(o)).toBeGreaterThan(0);
      expect(spec.securityContext?.seccompProfile?.type, name(o)).toBe('RuntimeDefault');
      expect(spec.automountServiceAccountToken, name(o)).toBe(false);
      for (const c of containersOf(o)) {
        const sc = c.securityContext ?? {};
        expect(sc.readOnlyRootFilesystem, `${name(o)} ${c.name}`).toBe(true);
        expect(sc.allowPrivilegeEscalation, `${name(o)} ${c.name}`).toBe(false);
        expect(sc.capabilities?.drop, `${name(o)} ${c.name}`).toEqual(['ALL']);
        expect(
          c.resources?.requests?.cpu && c.resources?.requests?.memory,
          `${name(o)} ${c.name} requests`,
        ).toBeTruthy();
        expect(
          c.resources?.limits?.cpu && c.resources?.limits?.memory,
          `${name(o)} ${c.name} limits`,
        ).toBeTruthy();
      }
    }
  });

  it('covers every Deployment and StatefulSet with a PodDisruptionBudget and its own NetworkPolicy', () => {
    const pdbs = of(objects, 'PodDisruptionBudget');
    const policies = of(objects, 'NetworkPolicy');
    for (const o of objects.filter((x) => x.kind === 'Deployment' || x.kind === 'StatefulSet')) {
      const labels = podLabels(o);
      expect(pdbs.filter((p) => selects(p.spec.selector, labels)).map(name), `${name(o)} PDB`).toHaveLength(
        1,
      );
      // Its own policy: one that names its pods (not only the namespace-wide default deny).
      const own = policies.filter(
        (p) =>
          Object.keys(p.spec.podSelector.matchLabels ?? {}).length > 0 && selects(p.spec.podSelector, labels),
      );
      expect(own.length, `${name(o)} NetworkPolicy`).toBeGreaterThan(0);
      for (const p of own) expect(p.spec.policyTypes, name(p)).toEqual(['Ingress', 'Egress']);
    }
  });
});

describe.each(overlays)('%s: the rules of issue 11', (overlay) => {
  const objects = rendered[overlay];

  it('has a Deployment and a Service for every service and frontend', () => {
    for (const n of [...services, ...frontends]) {
      byName(objects, 'Deployment', n);
      byName(objects, 'Service', n);
    }
  });

  it('probes every service on its real health endpoints and ports (as the launcher does)', () => {
    // The launcher's own table (packages/devstack): the port each service answers /readyz on.
    for (const n of services) {
      const spec = serviceSpecs.find((s) => s.name === n);
      expect(spec, `${n} in the launcher's serviceSpecs`).toBeDefined();
      const readyVar = spec?.readyPort as string;
      const port = spec?.ports[readyVar] as number;
      const deployment = byName(objects, 'Deployment', n);
      const c = podSpec(deployment).containers[0];
      const env = Object.fromEntries(
        (c.env ?? []).map((e: { name: string; value?: string }) => [e.name, e.value]),
      );
      expect(Number(env[readyVar]), `${n} sets ${readyVar}`).toBe(port);
      const named = (p: string | number) =>
        typeof p === 'number' ? p : c.ports.find((x: { name: string }) => x.name === p)?.containerPort;
      expect(c.readinessProbe.httpGet.path, n).toBe('/readyz');
      expect(named(c.readinessProbe.httpGet.port), n).toBe(port);
      expect(c.livenessProbe.httpGet.path, n).toBe('/healthz');
      expect(named(c.livenessProbe.httpGet.port), n).toBe(port);
    }
    for (const n of frontends) {
      const c = podSpec(byName(objects, 'Deployment', n)).containers[0];
      expect(c.readinessProbe.httpGet, n).toBeDefined();
      expect(c.livenessProbe.httpGet, n).toBeDefined();
    }
  });

  it('gives the workers more shutdown time than they need to hand a job back', () => {
    // packages/worker/src/start.ts: the worker's own shutdown deadline.
    const start = readFileSync(join(root, 'packages/worker/src/start.ts'), 'utf8');
    const graceMs = Number(/shutdownGraceMs: ([\d_]+)/.exec(start)?.[1].replaceAll('_', ''));
    expect(graceMs).toBeGreaterThan(0);
    for (const n of ['transcoder', 'imager'])
      expect(podSpec(byName(objects, 'Deployment', n)).terminationGracePeriodSeconds * 1000).toBeGreaterThan(
        graceMs,
      );
  });

  it('runs ffmpeg only in the transcoder image and uses the temp dirs on emptyDir', () => {
    const config = byName(objects, 'ConfigMap', 'mediakit-config').data;
    expect(config.TMP_DIR).toBe('/tmp');
    expect(config.DATA_DIR).toBe('/data');
    for (const n of services) {
      const spec = podSpec(byName(objects, 'Deployment', n));
      const mounts = spec.containers[0].volumeMounts.map((m: { mountPath: string }) => m.mountPath);
      expect(mounts, n).toEqual(expect.arrayContaining(['/tmp', '/data']));
    }
  });

  it("scales the gateway on CPU and the workers with KEDA on their own consumers' queue lag", () => {
    const hpa = byName(objects, 'HorizontalPodAutoscaler', 'gateway');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'gateway' });
    expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
    for (const worker of ['transcoder', 'imager']) {
      const so = byName(objects, 'ScaledObject', worker);
      expect(so.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: worker });
      expect(so.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
      expect(so.spec.maxReplicaCount).toBeGreaterThan(so.spec.minReplicaCount);
      expect(so.spec.cooldownPeriod).toBeGreaterThan(0);
      expect(so.spec.triggers).toHaveLength(1);
      const trigger = so.spec.triggers[0];
      expect(trigger.type).toBe('prometheus');
      // The lag of the worker's own durable consumer (packages/kit/src/metrics/queue-lag.ts); every
      // jobs replica reports it, so the query takes the max. Its name is checked against the
      // registry below ('metric names').
      expect(trigger.metadata.query).toBe(`max(mediakit_queue_lag_messages{consumer="${worker}"})`);
      expect(Number(trigger.metadata.threshold)).toBeGreaterThan(0);
      // KEDA's operator runs in another namespace: the address must be a cluster-wide name.
      expect(trigger.metadata.serverAddress).toMatch(/^http:\/\/[\w.-]+\.svc\.cluster\.local:\d+$/);
    }
  });

  it('routes /api, /oidc and the frontends through one Ingress', () => {
    const ingress = byName(objects, 'Ingress', 'mediakit');
    const paths = Object.fromEntries(
      ingress.spec.rules[0].http.paths.map((p: { path: string; backend: { service: { name: string } } }) => [
        p.path,
        p.backend.service.name,
      ]),
    );
    expect(paths).toEqual({
      '/api': 'gateway',
      '/oidc': 'gateway',
      '/remotes/tools': 'tools',
      '/remotes/dashboard': 'dashboard',
      '/': 'shell',
    });
  });

  it('allows only the flows of docs/architecture.md', () => {
    const policies = of(objects, 'NetworkPolicy');
    const deny = byName(objects, 'NetworkPolicy', 'default-deny');
    expect(deny.spec).toMatchObject({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    expect(deny.spec.ingress ?? []).toEqual([]);
    expect(deny.spec.egress ?? []).toEqual([]);
    const labelsOf = (n: string) =>
      podLabels(objects.find((o) => o.spec?.template && o.metadata.name === n) as K8sObject);
    /** May pods of `from` open a connection to pods of `to` on `port`? Both sides' policies must allow it. */
    const allowed = (from: string, to: string, port: number) => {
      const peer =
        (labels: Record<string, string>) =>
        (p: { podSelector?: object; namespaceSelector?: object; ipBlock?: object }) =>
          !p.ipBlock &&
          (p.podSelector ? selects(p.podSelector as never, labels) : p.namespaceSelector !== undefined);
      const portOk = (ports?: { port: number }[]) => !ports || ports.some((p) => p.port === port);
      const egress = policies
        .filter((p) => selects(p.spec.podSelector, labelsOf(from)))
        .some((p) =>
          (p.spec.egress ?? []).some(
            (r: { to?: object[]; ports?: { port: number }[] }) =>
              (r.to ?? []).some(peer(labelsOf(to))) && portOk(r.ports),
          ),
        );
      const ingress = policies
        .filter((p) => selects(p.spec.podSelector, labelsOf(to)))
        .some((p) =>
          (p.spec.ingress ?? []).some(
            (r: { from?: object[]; ports?: { port: number }[] }) =>
              (r.from ?? []).some(peer(labelsOf(from))) && portOk(r.ports),
          ),
        );
      return egress && ingress;
    };
    // The flows of the architecture...
    const flows: [string, string, number][] = [
      ['gateway', 'auth', 50051],
      ['gateway', 'auth', 8083],
      ['gateway', 'files', 50052],
      ['gateway', 'files', 8082],
      ['gateway', 'jobs', 50053],
      ['gateway', 'content', 50054],
      ['gateway', 'nats', 4222],
      ['jobs', 'files', 50052],
      ['jobs', 'nats', 4222],
      ['jobs', 'mongodb', 27017],
      ['transcoder', 'nats', 4222],
      ['transcoder', 'files', 50052],
      ['imager', 'nats', 4222],
      ['imager', 'files', 50052],
      ['files', 'mongodb', 27017],
      ['auth', 'mongodb', 27017],
      ['content', 'mongodb', 27017],
      ['content', 'files', 50052],
      ['content', 'auth', 50051],
      ['auth', 'nats', 4222],
      ['files', 'nats', 4222],
      ['content', 'nats', 4222],
      ['shell', 'gateway', 8080],
    ];
    for (const [from, to, port] of flows)
      expect(allowed(from, to, port), `${from} -> ${to}:${port}`).toBe(true);
    // ...and nothing else between the parts.
    const forbidden: [string, string, number][] = [
      ['gateway', 'mongodb', 27017],
      ['transcoder', 'mongodb', 27017],
      ['imager', 'mongodb', 27017],
      ['transcoder', 'auth', 50051],
      ['imager', 'jobs', 50053],
      ['tools', 'gateway', 8080],
      ['dashboard', 'nats', 4222],
      ['shell', 'auth', 8083],
      ['files', 'auth', 50051],
      ['jobs', 'auth', 50051],
      ['gateway', 'transcoder', 9105],
    ];
    for (const [from, to, port] of forbidden)
      expect(allowed(from, to, port), `${from} -> ${to}:${port}`).toBe(false);
  });

  it('lets only files and jobs reach the public web, never a private range; workers reach S3 alone', () => {
    const policies = of(objects, 'NetworkPolicy');
    const publicWeb = byName(objects, 'NetworkPolicy', 'allow-public-web');
    expect(publicWeb.spec.podSelector.matchExpressions[0].values).toEqual(['files', 'jobs']);
    const blocks = publicWeb.spec.egress[0].to.map(
      (peer: { ipBlock: { cidr: string; except: string[] } }) => peer.ipBlock,
    );
    expect(blocks.find((b: { cidr: string }) => b.cidr === '0.0.0.0/0').except).toEqual(
      expect.arrayContaining([
        '10.0.0.0/8',
        '100.64.0.0/10',
        '127.0.0.0/8',
        '169.254.0.0/16',
        '172.16.0.0/12',
        '192.168.0.0/16',
      ]),
    );
    expect(blocks.find((b: { cidr: string }) => b.cidr === '::/0').except).toEqual(
      expect.arrayContaining(['fc00::/7', 'fe80::/10', '::ffff:0:0/96']),
    );
    for (const worker of ['transcoder', 'imager']) {
      const labels = podLabels(
        objects.find((o) => o.spec?.template && o.metadata.name === worker) as K8sObject,
      );
      const outward = policies
        .filter((p) => selects(p.spec.podSelector, labels))
        .flatMap((p) => p.spec.egress ?? [])
        .filter((rule: { to?: { ipBlock?: object }[] }) => (rule.to ?? []).some((peer) => peer.ipBlock));
      // Only the managed S3 over HTTPS (prod): the object store is ours, the web is not.
      expect(
        outward.map((rule: { ports?: { port: number }[] }) => rule.ports?.map((p) => p.port)),
        `${worker} egress outside the cluster`,
      ).toEqual([[443]]);
    }
  });

  it('keeps JetStream streams on as many servers as there are', () => {
    const nats = byName(objects, 'StatefulSet', 'nats');
    const replicas = Number(byName(objects, 'ConfigMap', 'mediakit-config').data.NATS_STREAM_REPLICAS);
    expect(replicas).toBeLessThanOrEqual(nats.spec.replicas);
    const mongo = byName(objects, 'StatefulSet', 'mongodb');
    const init = byName(objects, 'Job', 'mongodb-init-replica-set');
    const members = podSpec(init).containers[0].env.find((e: { name: string }) => e.name === 'MEMBERS').value;
    expect(Number(members)).toBe(mongo.spec.replicas);
  });
});

describe('overlays differ as the issue says', () => {
  const dev = rendered['overlays/dev'];
  const prod = rendered['overlays/prod'];
  it('dev: one replica of each, every dependency in the cluster', () => {
    for (const d of of(dev, 'Deployment')) expect(d.spec.replicas, name(d)).toBe(1);
    for (const n of ['nats', 'mongodb', 'seaweedfs'])
      expect(byName(dev, 'StatefulSet', n).spec.replicas).toBe(1);
    expect(byName(dev, 'ConfigMap', 'mediakit-config').data.S3_ENDPOINT).toBe('http://seaweedfs:8333');
  });
  it('prod: HA, 3-node NATS with stream replicas 3, a 3-member replica set, managed S3', () => {
    for (const n of [...services, ...frontends])
      expect(byName(prod, 'Deployment', n).spec.replicas, n).toBeGreaterThanOrEqual(2);
    expect(byName(prod, 'StatefulSet', 'nats').spec.replicas).toBe(3);
    expect(byName(prod, 'ConfigMap', 'nats-config').data['nats.conf']).toMatch(
      /cluster \{[\s\S]*nats-2\.nats-headless:6222/,
    );
    expect(byName(prod, 'ConfigMap', 'mediakit-config').data.NATS_STREAM_REPLICAS).toBe('3');
    expect(byName(prod, 'StatefulSet', 'mongodb').spec.replicas).toBe(3);
    expect(prod.some((o) => o.metadata.name === 'seaweedfs')).toBe(false);
    expect(byName(prod, 'HorizontalPodAutoscaler', 'gateway').spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(byName(prod, 'Ingress', 'mediakit').spec.tls).toHaveLength(1);
  });
});

describe('addons/keycloak', () => {
  it('imports a realm whose client matches the built-in provider: mediakit-web, public, PKCE S256, <PUBLIC_URL>/auth/callback', () => {
    const objects = rendered['addons/keycloak'];
    const realmMap = objects.find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('keycloak-realm'),
    );
    const realm = JSON.parse(realmMap?.data['realm-mediakit.json']);
    const publicUrl = byName(rendered['overlays/dev'], 'ConfigMap', 'mediakit-config').data.PUBLIC_URL;
    // OIDC_CLIENT_ID's default (services/auth/src/env.ts).
    expect(readFileSync(join(root, 'services/auth/src/env.ts'), 'utf8')).toMatch(/default: 'mediakit-web'/);
    const client = realm.clients.find((c: { clientId: string }) => c.clientId === 'mediakit-web');
    expect(client).toMatchObject({
      publicClient: true,
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
    });
    expect(client.attributes['pkce.code.challenge.method']).toBe('S256');
    expect(client.redirectUris).toEqual([`${publicUrl}/auth/callback`]);
    expect(realm.roles.realm.map((r: { name: string }) => r.name).sort()).toEqual([
      'admin',
      'editor',
      'user',
    ]);
    // The Deployment mounts the generated (hash-suffixed) ConfigMap.
    const keycloak = byName(objects, 'Deployment', 'keycloak');
    expect(podSpec(keycloak).volumes.find((v: { name: string }) => v.name === 'realm').configMap.name).toBe(
      realmMap?.metadata.name,
    );
  });
});

describe('metric names', () => {
  /** Every series name a service exports, read from the registry the services serve (histograms as _bucket, _sum, _count). */
  async function exportedNames(): Promise<Set<string>> {
    startMetrics('manifests-test');
    const names = new Set<string>();
    for (const metric of await metricsRegistry.getMetricsAsJSON()) {
      names.add(metric.name);
      // prom-client's types call it an enum; at run time it is the exposition's word.
      const type = metric.type as unknown as string;
      if (type === 'histogram' || type === 'summary')
        for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
    }
    return names;
  }
  const namesIn = (query: string) => query.match(/\bmediakit_\w+/g) ?? [];
  const dashboard = JSON.parse(readFileSync(join(root, 'deploy/grafana/mediakit.json'), 'utf8'));
  const panelQueries: string[] = dashboard.panels.flatMap((p: { targets?: { expr: string }[] }) =>
    (p.targets ?? []).map((t) => t.expr),
  );

  it('the Grafana dashboard and the KEDA triggers query only metrics the services export', async () => {
    const exported = await exportedNames();
    expect(panelQueries.length).toBeGreaterThan(5);
    for (const query of panelQueries) {
      expect(namesIn(query).length, query).toBeGreaterThan(0);
      expect(
        namesIn(query).filter((n) => !exported.has(n)),
        query,
      ).toEqual([]);
    }
    for (const overlay of overlays)
      for (const so of of(rendered[overlay], 'ScaledObject'))
        for (const trigger of so.spec.triggers) {
          expect(namesIn(trigger.metadata.query ?? '').length, name(so)).toBeGreaterThan(0);
          expect(
            namesIn(trigger.metadata.query).filter((n) => !exported.has(n)),
            name(so),
          ).toEqual([]);
        }
  });

  it.each(overlays)('%s: Prometheus scrapes each service on the port that serves /metrics', (overlay) => {
    const objects = rendered[overlay];
    const policy = byName(objects, 'NetworkPolicy', 'allow-prometheus');
    const open = policy.spec.ingress[0].ports.map((p: { port: number }) => p.port);
    for (const n of services) {
      // The launcher's ports: the gateway's METRICS_PORT, else the HTTP port, else the health port.
      const ports = serviceSpecs.find((s) => s.name === n)?.ports as Record<string, number>;
      const port = ports.METRICS_PORT ?? ports.HTTP_PORT ?? ports.HEALTH_PORT;
      const deployment = byName(objects, 'Deployment', n);
      const annotations = deployment.spec.template.metadata.annotations ?? {};
      expect(annotations, n).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(port),
        'prometheus.io/path': '/metrics',
      });
      const c = podSpec(deployment).containers[0];
      expect(
        c.ports.map((p: { containerPort: number }) => p.containerPort),
        n,
      ).toContain(port);
      expect(open, n).toContain(port);
      expect(selects(policy.spec.podSelector, podLabels(deployment)), n).toBe(true);
    }
    // The gateway's Service and so the Ingress reach only its public port.
    const gatewayPorts = byName(objects, 'Service', 'gateway').spec.ports.map(
      (p: { port: number }) => p.port,
    );
    expect(gatewayPorts).toEqual([8080]);
  });

  it('the dashboard shows every metric of the platform (process metrics aside)', async () => {
    const own = (await metricsRegistry.getMetricsAsJSON())
      .map((m) => m.name)
      .filter((n) => !/^mediakit_(process|nodejs)_/.test(n));
    const queried = new Set(panelQueries.flatMap(namesIn).map((n) => n.replace(/_(bucket|sum|count)$/, '')));
    expect(own.length).toBeGreaterThan(5);
    expect(own.filter((n) => !queried.has(n))).toEqual([]);
  });
});
