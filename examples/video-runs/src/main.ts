#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createVideoServer } from './server.ts';

await createVideoServer().connect(new StdioServerTransport());
