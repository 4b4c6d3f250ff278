import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parseAllDocuments } from 'yaml';

export const root = resolve(import.meta.dirname, '../..');
export const k8sDir = join(root, 'deploy/k8s');

/** A rendered Kubernetes object, loosely typed: the tests read it like the API server would. */
export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  // biome-ignore lint/suspicious/noExplicitAny: manifests are plain JSON of many shapes
  [key: string]: any;
};

/**
 * `kubectl kustomize <dir>`: the kubectl on PATH (scripts/setup.mjs installs Debian's
 * kubernetes-client for `npm test`; its kustomize is v2.0, which is why the kustomizations use only
 * v2 features). Returns every object of the output.
 */
export function render(dir: string): K8sObject[] {
  const yaml = execFileSync('kubectl', ['kustomize', join(k8sDir, dir)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 32 * 1024 * 1024,
  });
  return parseAllDocuments(yaml)
    .map((doc) => doc.toJSON() as K8sObject)
    .filter(Boolean);
}

/** ajv over the schemas kept in deploy/k8s/schemas, one per apiVersion and kind. */
export function schemaValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const dir = join(k8sDir, 'schemas');
  const byKind = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    ajv.addSchema(schema);
    if (schema.properties?.apiVersion?.const)
      byKind.set(`${schema.properties.apiVersion.const} ${schema.properties.kind.const}`, schema.$id);
  }
  return {
    kinds: [...byKind.keys()],
    /** The problems of one object, empty when it is valid; a kind without a schema is a problem too. */
    validate(object: K8sObject): string[] {
      const id = byKind.get(`${object.apiVersion} ${object.kind}`);
      if (!id) return [`no schema for ${object.apiVersion} ${object.kind} in deploy/k8s/schemas`];
      const check = ajv.getSchema(id);
      if (!check) return [`schema ${id} did not compile`];
      if (check(object)) return [];
      return (check.errors ?? []).map(
        (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
      );
    },
  };
}

export const name = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;

/** Every container (init containers too) of a workload's pod template. */
export function podSpec(o: K8sObject) {
  return o.spec?.template?.spec;
}

/** Does a NetworkPolicy / PDB label selector pick these pod labels? */
export function selects(
  selector:
    | {
        matchLabels?: Record<string, string>;
        matchExpressions?: { key: string; operator: string; values?: string[] }[];
      }
    | undefined,
  labels: Record<string, string>,
): boolean {
  if (!selector) return false;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in labels;
    if (e.operator === 'In' && !(has && e.values?.includes(labels[e.key]))) return false;
    if (e.operator === 'NotIn' && has && e.values?.includes(labels[e.key])) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}
