/**
 * The emulator's storage: SQLite compiled to WebAssembly (node-sqlite3-wasm), in memory by default, in
 * `<dir>/emulator.sqlite` when a directory is given. Chosen by measurement (`npm run bench:emulator-store`):
 * synchronous like the handlers that call it, real files, SQLite's own write-ahead log and fsync.
 *
 * Every call is synchronous. A `put` or `delete` outside a transaction is committed (WAL appended and fsynced)
 * before it returns, so it survives kill -9 and power loss; inside `transaction`, everything is committed when
 * the outermost transaction returns. Lists follow insertion order (an update keeps the item's place).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { acquireDirLock, type DirLock } from './lock.js';
import { cursorRange, type ListOptions, type ListPage } from './paging.js';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type { ListOptions, ListPage } from './paging.js';

export interface StoreOptions {
  /** Directory holding the database file; created if missing. Without it the store lives in memory. */
  dir?: string;
}

export interface EmulatorStore {
  /** A fresh copy of the stored value, or undefined. */
  get(collection: string, id: string): Json | undefined;
  /** Inserts or replaces; a replaced item keeps its place in list order. Durable when it returns. */
  put(collection: string, id: string, value: Json): void;
  /** Whether an item was deleted. */
  delete(collection: string, id: string): boolean;
  /**
   * One page in insertion order (`asc`: oldest first). `after`/`before` are ids, cursors in the listing's own
   * order: `after` pages forward, `before` gives the page just before the cursor. An id deleted since it was
   * handed out still works as a cursor; an id the collection never held gives an empty page.
   */
  list(collection: string, options: ListOptions): ListPage<Json>;
  count(collection: string): number;
  /** Runs `fn` atomically (nested calls are savepoints); a throw rolls back and is rethrown. `fn` must be synchronous. */
  transaction<T>(fn: () => T): T;
  close(): void;
}

/** The database file's name inside `dir`. */
export const DATABASE_FILE = 'emulator.sqlite';
const SCHEMA_VERSION = 1;

type Row = Record<string, number | bigint | string | Uint8Array | null>;

/**
 * The first row. `Statement.get` leaves the statement mid-step (a read then blocks COMMIT with "SQL statements in
 * progress"); `all` runs it to the end.
 */
const first = (statement: sqlite.Statement, values: sqlite.BindValues): Row | undefined =>
  statement.all(values)[0] as Row | undefined;

export async function openStore(options: StoreOptions = {}): Promise<EmulatorStore> {
  if (options.dir === undefined) return new SqliteStore(new sqlite.Database(':memory:'), undefined);
  mkdirSync(options.dir, { recursive: true });
  const file = join(options.dir, DATABASE_FILE);
  const lock = acquireDirLock(options.dir, file);
  try {
    return new SqliteStore(new sqlite.Database(file), lock);
  } catch (error) {
    lock.release();
    // SQLite's own messages ("file is not a database") do not say which file.
    if (error instanceof sqlite.SQLite3Error)
      throw new Error(`Cannot open the emulator's database ${file}: ${error.message}.`, { cause: error });
    throw error;
  }
}

/**
 * Keys and bodies are JSON texts: `JSON.stringify` escapes NUL and lone surrogates, so any JavaScript string
 * (ids included) survives the trip through SQLite's UTF-8 text unchanged.
 */
const key = (s: string): string => JSON.stringify(s);

type Statements = Record<
  | 'get'
  | 'seqOf'
  | 'goneSeqOf'
  | 'insert'
  | 'update'
  | 'forget'
  | 'remove'
  | 'bury'
  | 'count'
  | 'forward'
  | 'backward',
  sqlite.Statement
>;

class SqliteStore implements EmulatorStore {
  readonly #db: sqlite.Database;
  readonly #lock: DirLock | undefined;
  readonly #sql: Statements;
  /** Next insertion number; kept above every number in items and tombstones so cursors never collide. */
  #seq: number;
  #depth = 0;
  #closed = false;

  constructor(db: sqlite.Database, lock: DirLock | undefined) {
    this.#db = db;
    this.#lock = lock;
    try {
      if (lock) {
        // Exclusive locking lets SQLite keep the WAL index in process memory: the WebAssembly file system has no
        // shared memory, and the directory lock already keeps other processes out.
        db.exec('PRAGMA locking_mode = EXCLUSIVE');
        db.get('PRAGMA journal_mode = WAL');
        db.exec('PRAGMA synchronous = FULL');
      } else {
        db.get('PRAGMA journal_mode = MEMORY');
        db.exec('PRAGMA synchronous = OFF');
      }
      this.#migrate();
      this.#sql = {
        get: db.prepare('SELECT body FROM items WHERE collection = ? AND id = ?'),
        seqOf: db.prepare('SELECT seq FROM items WHERE collection = ? AND id = ?'),
        goneSeqOf: db.prepare('SELECT seq FROM tombstones WHERE collection = ? AND id = ?'),
        insert: db.prepare('INSERT INTO items (collection, id, seq, body) VALUES (?, ?, ?, ?)'),
        update: db.prepare('UPDATE items SET body = ? WHERE collection = ? AND id = ?'),
        forget: db.prepare('DELETE FROM tombstones WHERE collection = ? AND id = ?'),
        remove: db.prepare('DELETE FROM items WHERE collection = ? AND id = ? RETURNING seq'),
        bury: db.prepare('INSERT OR REPLACE INTO tombstones (collection, id, seq) VALUES (?, ?, ?)'),
        count: db.prepare('SELECT count(*) AS n FROM items WHERE collection = ?'),
        forward: db.prepare(
          'SELECT body FROM items WHERE collection = ? AND seq > ? AND seq < ? ORDER BY seq ASC LIMIT ?',
        ),
        backward: db.prepare(
          'SELECT body FROM items WHERE collection = ? AND seq > ? AND seq < ? ORDER BY seq DESC LIMIT ?',
        ),
      };
      const top = db.get(
        'SELECT max(coalesce((SELECT max(seq) FROM items), 0), coalesce((SELECT max(seq) FROM tombstones), 0)) AS top',
      ) as Row;
      this.#seq = Number(top.top) + 1;
    } catch (error) {
      db.close();
      throw error;
    }
  }

  #migrate(): void {
    const version = Number((this.#db.get('PRAGMA user_version') as Row).user_version);
    if (version > SCHEMA_VERSION) {
      throw new Error(
        `The emulator's database was written by a newer emulator (schema ${version}); this one reads ${SCHEMA_VERSION}.`,
      );
    }
    if (version === SCHEMA_VERSION) return;
    this.#db.exec(`BEGIN;
      CREATE TABLE items (collection TEXT NOT NULL, id TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL,
        PRIMARY KEY (collection, id)) WITHOUT ROWID;
      CREATE UNIQUE INDEX items_order ON items (collection, seq);
      CREATE TABLE tombstones (collection TEXT NOT NULL, id TEXT NOT NULL, seq INTEGER NOT NULL,
        PRIMARY KEY (collection, id)) WITHOUT ROWID;
      PRAGMA user_version = ${SCHEMA_VERSION};
      COMMIT;`);
  }

  #open(): void {
    if (this.#closed) throw new Error('The emulator store is closed.');
  }

  get(collection: string, id: string): Json | undefined {
    this.#open();
    const row = first(this.#sql.get, [key(collection), key(id)]);
    return row ? (JSON.parse(row.body as string) as Json) : undefined;
  }

  put(collection: string, id: string, value: Json): void {
    this.#open();
    const body = JSON.stringify(value) as string | undefined;
    if (body === undefined)
      throw new TypeError(`Cannot store ${typeof value} as ${collection}/${id}: not a JSON value.`);
    const c = key(collection);
    const k = key(id);
    this.transaction(() => {
      if (this.#sql.update.run([body, c, k]).changes > 0) return;
      this.#sql.forget.run([c, k]);
      this.#sql.insert.run([c, k, this.#seq++, body]);
    });
  }

  delete(collection: string, id: string): boolean {
    this.#open();
    const c = key(collection);
    const k = key(id);
    return this.transaction(() => {
      const removed = first(this.#sql.remove, [c, k]);
      if (!removed) return false;
      this.#sql.bury.run([c, k, removed.seq as number]);
      return true;
    });
  }

  #cursor(c: string, id: string | undefined): number | null | undefined {
    if (id === undefined) return undefined;
    const k = key(id);
    const row = first(this.#sql.seqOf, [c, k]) ?? first(this.#sql.goneSeqOf, [c, k]);
    return row ? Number(row.seq) : null;
  }

  list(collection: string, options: ListOptions): ListPage<Json> {
    this.#open();
    const c = key(collection);
    const range = cursorRange(options, this.#cursor(c, options.after), this.#cursor(c, options.before));
    if (range === null) return { items: [], hasMore: false };
    const statement = range.ascending ? this.#sql.forward : this.#sql.backward;
    const rows = statement.all([c, range.low, range.high, options.limit + 1]) as Row[];
    const hasMore = rows.length > options.limit;
    const items = rows.slice(0, options.limit).map((row) => JSON.parse(row.body as string) as Json);
    if (range.reverse) items.reverse();
    return { items, hasMore };
  }

  count(collection: string): number {
    this.#open();
    return Number(first(this.#sql.count, [key(collection)])!.n);
  }

  transaction<T>(fn: () => T): T {
    this.#open();
    const depth = this.#depth;
    const savepoint = `s${depth}`;
    this.#db.exec(depth === 0 ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`);
    this.#depth++;
    let result: T;
    try {
      result = fn();
      if (isThenable(result)) throw new TypeError('EmulatorStore.transaction takes a synchronous function.');
    } catch (error) {
      this.#depth--;
      // SQLite may already have rolled back on its own (a full disk, an I/O error): then there is nothing to undo.
      if (this.#db.inTransaction)
        this.#db.exec(depth === 0 ? 'ROLLBACK' : `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
      throw error;
    }
    this.#depth--;
    try {
      this.#db.exec(depth === 0 ? 'COMMIT' : `RELEASE ${savepoint}`);
    } catch (error) {
      // A commit that failed leaves nothing half-done behind: nothing of it was acknowledged.
      if (depth === 0 && this.#db.inTransaction) this.#db.exec('ROLLBACK');
      throw error;
    }
    return result;
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const statement of Object.values(this.#sql)) statement.finalize();
    try {
      this.#db.close();
    } finally {
      this.#lock?.release();
    }
  }
}

function isThenable(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}
