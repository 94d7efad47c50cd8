import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';

/**
 * The MCP client side the test kit and the commands connect with, from whichever SDK is installed: SDK v1
 * (`@modelcontextprotocol/sdk`) when it is, else SDK v2 (`@modelcontextprotocol/client`). Both speak the same protocol to
 * v1 and v2 servers; the classes used here have the same shape in both (typed as v1's). Each part is imported when a
 * connection needs it, so a command that never connects loads no SDK (test/cli/start-up.test.ts). The command-line
 * bundle carries SDK v1, so there the first import always succeeds.
 */

const V1 = '@modelcontextprotocol/sdk';
/** Held in a variable so that the bundle (scripts/bundle-cli.ts) does not carry SDK v2 beside v1. */
const V2: string = '@modelcontextprotocol/client';

interface V2Client {
  readonly Client: typeof Client;
  readonly InMemoryTransport: typeof InMemoryTransport;
  readonly ReadBuffer: typeof ReadBuffer;
  readonly serializeMessage: typeof serializeMessage;
  readonly StreamableHTTPClientTransport: typeof StreamableHTTPClientTransport;
  readonly SdkHttpError: abstract new (...args: never[]) => Error;
}

function isMissing(error: unknown, name: string): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String(message).includes(`'${name}`);
}

/** `v1()` when SDK v1 is installed, else the same part of SDK v2; with neither, v1's "Cannot find package" error. */
async function part<T>(v1: () => Promise<T>, fromV2: (sdk: V2Client) => T): Promise<T> {
  try {
    return await v1();
  } catch (error) {
    if (!isMissing(error, V1)) throw error;
    let sdk: V2Client;
    try {
      sdk = (await import(V2)) as V2Client;
    } catch (v2Error) {
      if (isMissing(v2Error, V2)) throw error;
      throw v2Error;
    }
    return fromV2(sdk);
  }
}

export const clientModule = (): Promise<{ Client: typeof Client }> =>
  part(
    () => import('@modelcontextprotocol/sdk/client/index.js'),
    (sdk) => ({ Client: sdk.Client }),
  );

export const inMemoryModule = (): Promise<{ InMemoryTransport: typeof InMemoryTransport }> =>
  part(
    () => import('@modelcontextprotocol/sdk/inMemory.js'),
    (sdk) => ({ InMemoryTransport: sdk.InMemoryTransport }),
  );

export const stdioFramingModule = (): Promise<{
  ReadBuffer: typeof ReadBuffer;
  serializeMessage: typeof serializeMessage;
}> =>
  part(
    () => import('@modelcontextprotocol/sdk/shared/stdio.js'),
    (sdk) => ({ ReadBuffer: sdk.ReadBuffer, serializeMessage: sdk.serializeMessage }),
  );

export interface StreamableHttpModule {
  readonly StreamableHTTPClientTransport: typeof StreamableHTTPClientTransport;
  /** The HTTP status a connect error carries (v1's `StreamableHTTPError.code`, v2's `SdkHttpError.status`), if any. */
  readonly httpStatusOf: (error: unknown) => number | undefined;
}

export const streamableHttpModule = (): Promise<StreamableHttpModule> =>
  part(
    async () => {
      const { StreamableHTTPClientTransport, StreamableHTTPError } =
        await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
      return {
        StreamableHTTPClientTransport,
        httpStatusOf: (error: unknown) =>
          error instanceof StreamableHTTPError && typeof error.code === 'number' ? error.code : undefined,
      };
    },
    (sdk) => ({
      StreamableHTTPClientTransport: sdk.StreamableHTTPClientTransport,
      httpStatusOf: (error: unknown) =>
        error instanceof sdk.SdkHttpError ? ((error as { status?: unknown }).status as number) : undefined,
    }),
  );
