import type { S3ObjectStoreOptions } from '../src/storage/s3-object-store.ts';

/**
 * Where the contract suites find the production backends: the environment first (MONGODB_URL,
 * S3_ENDPOINT…), else a throwaway container through testcontainers when a Docker engine answers,
 * else a reason to skip that the suite prints. Test-only: nothing in a service imports this.
 */
export type Backend<T> = { value: T; stop(): Promise<void> } | { skip: string };

/** Images for the throwaway containers; bump deliberately. */
export const MONGO_IMAGE = 'mongo:8.0';
/** Adobe's S3Mock: a maintained S3 API server made for tests (the MinIO server is archived upstream). */
export const S3_IMAGE = 'adobe/s3mock:4.7.0';

async function dockerAvailable(): Promise<string | undefined> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return undefined;
  } catch (error) {
    return `no Docker engine is reachable for testcontainers (${(error as Error).message.split('\n')[0]})`;
  }
}

export async function mongoBackend(env = process.env): Promise<Backend<string>> {
  if (env.MONGODB_URL) return { value: env.MONGODB_URL, stop: async () => {} };
  const noDocker = await dockerAvailable();
  if (noDocker) return { skip: `MongoDB contract tests skipped: MONGODB_URL is not set and ${noDocker}` };
  const { MongoDBContainer } = await import('@testcontainers/mongodb');
  const container = await new MongoDBContainer(MONGO_IMAGE).start();
  return {
    value: `${container.getConnectionString()}?directConnection=true`,
    stop: async () => void (await container.stop()),
  };
}

export async function s3Backend(env = process.env): Promise<Backend<S3ObjectStoreOptions>> {
  if (env.S3_ENDPOINT && env.S3_ACCESS_KEY && env.S3_SECRET_KEY && env.S3_BUCKET) {
    const value = {
      endpoint: env.S3_ENDPOINT,
      accessKey: env.S3_ACCESS_KEY,
      secretKey: env.S3_SECRET_KEY,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
    };
    return { value, stop: async () => {} };
  }
  const noDocker = await dockerAvailable();
  if (noDocker)
    return {
      skip: `S3 contract tests skipped: S3_ENDPOINT (with S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET) is not set and ${noDocker}`,
    };
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(S3_IMAGE)
    .withExposedPorts(9090)
    .withWaitStrategy(Wait.forHttp('/', 9090))
    .start();
  const endpoint = `http://${container.getHost()}:${container.getMappedPort(9090)}`;
  return {
    value: { endpoint, accessKey: 'test', secretKey: 'test', bucket: 'mediakit-contract' },
    stop: async () => void (await container.stop()),
  };
}
