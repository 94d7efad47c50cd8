#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { openHelpdeskDb } from './db.ts';
import { createHelpdeskServer } from './server.ts';

// HELPDESK_DB names a SQLite file to keep data between runs; by default every start gets a fresh seeded database.
const db = openHelpdeskDb(process.env['HELPDESK_DB'] ?? ':memory:');
const server = createHelpdeskServer({ db });
await server.connect(new StdioServerTransport());
