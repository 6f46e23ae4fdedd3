import {
  GenericContainer,
  getContainerRuntimeClient,
  Wait,
  type StartedTestContainer,
} from 'testcontainers';

export type Engine = { url: string; stop: () => Promise<void> } | { skipReason: string };

/** Is a Docker engine reachable? testcontainers answers within milliseconds when none is. */
const dockerUnavailable = async (): Promise<string | null> => {
  try {
    await getContainerRuntimeClient();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};

const fromEnvOrContainer = async (
  variable: string,
  start: () => Promise<{ container: StartedTestContainer; url: string }>,
): Promise<Engine> => {
  const configured = process.env[variable];
  if (configured) return { url: configured, stop: async () => {} };
  const noDocker = await dockerUnavailable();
  if (noDocker) return { skipReason: `no ${variable} and no Docker engine (${noDocker})` };
  const { container, url } = await start();
  return { url, stop: async () => void (await container.stop()) };
};

export const eventStoreDb = () =>
  fromEnvOrContainer('EVENTSTORE_URL', async () => {
    const container = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_MEM_DB: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .start();
    return {
      container,
      url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    };
  });

export const mongoDb = () =>
  fromEnvOrContainer('MONGODB_URL', async () => {
    const { MongoDBContainer } = await import('@testcontainers/mongodb');
    const container = await new MongoDBContainer('mongo:8').start();
    return { container, url: `${container.getConnectionString()}?directConnection=true` };
  });
