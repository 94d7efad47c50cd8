import Database from 'better-sqlite3';

export type HelpdeskDb = Database.Database;

/** Row shapes as SQLite hands them out: every id is an INTEGER, so it reaches JavaScript as a number. */
export interface CustomerRow {
  id: number;
  name: string;
  email: string;
}

export interface AgentRow {
  id: number;
  name: string;
}

export interface TicketRow {
  id: number;
  customer_id: number;
  assigned_agent_id: number | null;
  subject: string;
  status: 'active' | 'pending' | 'closed';
}

export interface ReplyRow {
  id: number;
  ticket_id: number;
  author_agent_id: number;
  body: string;
  status: 'draft' | 'approved';
}

const SCHEMA = `
CREATE TABLE customers (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE);
CREATE TABLE agents (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);
CREATE TABLE tickets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  assigned_agent_id INTEGER REFERENCES agents(id),
  subject TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'pending', 'closed'))
);
CREATE TABLE replies (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ticket_id INTEGER NOT NULL REFERENCES tickets(id),
  author_agent_id INTEGER NOT NULL REFERENCES agents(id),
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'approved'))
);
`;

/**
 * Opens the helpdesk database (in memory unless a file is given) and seeds it the way a small team's instance
 * looks after a week: a few customers and agents, tickets in every state, one draft reply.
 */
export function openHelpdeskDb(filename = ':memory:'): HelpdeskDb {
  const db = new Database(filename);
  db.pragma('foreign_keys = ON');
  const hasTables = db
    .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'tickets'")
    .get() as {
    n: number;
  };
  if (hasTables.n > 0) return db;
  db.exec(SCHEMA);
  const addCustomer = db.prepare('INSERT INTO customers (name, email) VALUES (?, ?)');
  const addAgent = db.prepare('INSERT INTO agents (name) VALUES (?)');
  const addTicket = db.prepare(
    'INSERT INTO tickets (customer_id, assigned_agent_id, subject, status) VALUES (?, ?, ?, ?)',
  );
  const addReply = db.prepare('INSERT INTO replies (ticket_id, author_agent_id, body) VALUES (?, ?, ?)');
  db.transaction(() => {
    addCustomer.run('Ada Lovelace', 'ada@example.com');
    addCustomer.run('Grace Hopper', 'grace@example.com');
    addCustomer.run('Edsger Dijkstra', 'edsger@example.com');
    addAgent.run('Margaret');
    addAgent.run('Linus');
    addTicket.run(1, 1, 'Invoice shows the wrong VAT number', 'active');
    addTicket.run(2, null, 'Cannot reset my password', 'active');
    addTicket.run(3, 2, 'Export to CSV drops the last row', 'pending');
    addTicket.run(1, 2, 'Thanks for the quick fix', 'closed');
    addReply.run(1, 1, 'Hi Ada, we have corrected the VAT number on invoice 2041.');
  })();
  return db;
}
