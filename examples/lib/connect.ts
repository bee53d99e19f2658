/**
 * What every example shares: a client for the embedded mock service over real HTTP, or for a real service
 * when PRS_BASE_URL and PRS_ACCESS_TOKEN are set; and a runner that prints a failure's message and exits
 * non-zero.
 */
import { PortfolioReporting } from 'portfolio-reporting';
import { createMockService, type MockService, type MockServiceOptions } from 'portfolio-reporting/testing';

/** The token the examples send to the embedded mock (it accepts any bearer token). */
export const DEMO_TOKEN = 'demo-token';

export interface Connection {
  prs: PortfolioReporting;
  /** The embedded mock: undefined against a real service, which an example must then leave alone. */
  mock?: MockService;
  /** Where the requests go, for the report's first line. */
  target: string;
  /** HTTP requests sent so far. */
  readonly requests: number;
  close(): Promise<void>;
}

/**
 * Connects to the service the environment names, or starts the mock (seeded with `mockOptions.seed`).
 * @example const { prs, mock, close } = await connect();
 */
export async function connect(mockOptions: MockServiceOptions = {}): Promise<Connection> {
  let requests = 0;
  const fetch: typeof globalThis.fetch = (input, init) => {
    requests += 1;
    return globalThis.fetch(input, init);
  };
  const baseUrl = process.env.PRS_BASE_URL;
  if (baseUrl) {
    const accessToken = process.env.PRS_ACCESS_TOKEN;
    if (!accessToken)
      throw new Error(
        'PRS_BASE_URL is set but PRS_ACCESS_TOKEN is not: set both to use a service, or neither to use the embedded mock',
      );
    return {
      prs: new PortfolioReporting({ baseUrl, accessToken, fetch }),
      target: `the service at ${baseUrl}`,
      get requests() {
        return requests;
      },
      close: async () => {},
    };
  }
  const mock = createMockService(mockOptions);
  const server = await mock.listen({ port: 0 });
  return {
    prs: new PortfolioReporting({ baseUrl: server.url, accessToken: DEMO_TOKEN, fetch }),
    mock,
    target: `the embedded mock service at ${server.url} (set PRS_BASE_URL and PRS_ACCESS_TOKEN to use a real one)`,
    get requests() {
      return requests;
    },
    close: server.close,
  };
}

/**
 * Runs an example against `connect(mockOptions)`: prints the target first, closes the connection at the end,
 * and on failure prints the error's message and sets exit code 1.
 * @example await runExample(async ({ prs }) => console.log(await prs.custodians.list()));
 */
export async function runExample(
  main: (connection: Connection) => Promise<void>,
  mockOptions?: MockServiceOptions,
): Promise<void> {
  const started = performance.now();
  let connection: Connection | undefined;
  try {
    connection = await connect(mockOptions);
    console.log(`Using ${connection.target}.`);
    await main(connection);
    const requests = connection.requests ? `${connection.requests} requests in ` : '';
    console.log(`\nDone: ${requests}${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } catch (error) {
    console.error(`\nFailed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await connection?.close();
  }
}

/** A suffix that keeps names and identifiers of this run apart from earlier runs on a real service ('' on the mock). */
export const runTag = (connection: Connection): string => (connection.mock ? '' : `-${Date.now().toString(36)}`);
