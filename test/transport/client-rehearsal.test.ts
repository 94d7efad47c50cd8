import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { rehearseClient } from '../../src/transport/client-rehearsal.ts';

const INFO = { name: 'agent-contract-test', version: '0.0.0' };

/** A Client that records what it sends and what it is answered, through the transport it is given. */
function recordingClient(log: string[]): typeof Client {
  return class RecordingClient extends Client {
    override async connect(transport: Transport): Promise<void> {
      const send = transport.send.bind(transport);
      transport.send = async (message: JSONRPCMessage) => {
        log.push(`sent ${'method' in message ? message.method : 'answer'}`);
        return send(message);
      };
      const started = transport.start.bind(transport);
      transport.start = async () => {
        await started();
        const onmessage = transport.onmessage;
        transport.onmessage = (message, extra) => {
          log.push(`received ${'result' in message ? 'result' : 'error' in message ? 'error' : 'message'}`);
          onmessage?.(message, extra);
        };
      };
      await super.connect(transport);
      log.push(`connected to ${this.getServerVersion()?.name ?? '?'}, tools: ${this.getServerCapabilities()?.tools === undefined ? 'no' : 'yes'}`);
    }

    override async close(): Promise<void> {
      log.push('closed');
      await super.close();
    }
  } as unknown as typeof Client;
}

describe('rehearseClient', () => {
  it('runs initialize, notifications/initialized and tools/list through a real Client and the SDK framing, then closes it', async () => {
    const log: string[] = [];
    await rehearseClient(recordingClient(log), INFO);
    expect(log).toEqual([
      'sent initialize',
      'received result',
      'sent notifications/initialized',
      'connected to rehearsal, tools: yes',
      'sent tools/list',
      'received result',
      'closed',
    ]);
  });

  it('never rejects: a client that fails has only failed to save time', async () => {
    const failing = class extends Client {
      override async connect(): Promise<void> {
        throw new Error('no connection');
      }
    } as unknown as typeof Client;
    await expect(rehearseClient(failing, INFO)).resolves.toBeUndefined();
  });
});
