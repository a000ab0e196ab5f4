/**
 * Test only: a ClickHouse HTTP interface in front of chdb, enough of it for
 * @clickhouse/client (queries with `param_*` parameters, commands, inserts with a body,
 * /ping, basic authentication), so the `clickhouse://` store is tested over real loopback
 * HTTP against a real ClickHouse engine. Run as its own process (the store waits on its
 * client synchronously): `node --import tsx http-front.ts <dataDir> <database>`; it prints
 * `listening <port>` and requires the password in EOG_TEST_CH_PASSWORD when that is set.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadChdb } from '../chdb-runner.js';
import { OUTPUT_SETTINGS } from '../runner.js';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

async function main(): Promise<void> {
  const [dir, database] = process.argv.slice(2);
  if (!dir || !database || !IDENTIFIER.test(database)) throw new Error('usage: http-front.ts <dataDir> <database>');
  const chdb = await loadChdb();
  const session = new chdb.Session(dir, { connectionArgs: Object.entries(OUTPUT_SETTINGS).map(([k, v]) => `--${k}=${v}`) });
  session.query(`CREATE DATABASE IF NOT EXISTS ${database}`);
  const password = process.env.EOG_TEST_CH_PASSWORD ?? null;
  const spill = join(mkdtempSync(join(tmpdir(), 'eog-ch-front-')), 'input');

  const fail = (res: ServerResponse, status: number, code: number, message: string): void => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=UTF-8', 'X-ClickHouse-Exception-Code': String(code) });
    res.end(`Code: ${code}. DB::Exception: ${message}. (FRONT)\n`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://front');
    if (url.pathname === '/ping') {
      res.end('Ok.\n');
      return;
    }
    const [user, pass] = basicAuth(req);
    if (password !== null && (user !== 'default' || pass !== password)) {
      fail(res, 403, 516, `${user}: Authentication failed: password is incorrect, or there is no user with such name`);
      return;
    }
    const fromUrl = url.searchParams.get('query');
    // An insert names itself in the URL and sends its rows as the body; anything else sends its SQL.
    const input = fromUrl === null ? null : inputInsert(fromUrl);
    let sql: string;
    if (input) {
      // chdb reads no inline rows through input(): the body is streamed to a file the same
      // SELECT reads (a whole record file can be gigabytes, more than one string holds).
      await pipeline(req, createWriteStream(spill));
      sql = input(spill);
    } else {
      const body = await readBody(req);
      sql = fromUrl === null ? body.toString('utf8') : `${fromUrl}\n${body.toString('utf8')}`;
    }
    const db = url.searchParams.get('database') ?? 'default';
    if (!IDENTIFIER.test(db)) {
      fail(res, 400, 81, `Database ${db} does not exist`);
      return;
    }
    const params: Record<string, string> = {};
    for (const [key, value] of url.searchParams) if (key.startsWith('param_')) params[key.slice('param_'.length)] = value;
    try {
      session.query(`USE ${db}`);
      const text = Object.keys(params).length === 0 ? session.query(sql, 'TSV') : session.queryBind(sql, params, 'TSV');
      res.writeHead(200, {
        'Content-Type': 'text/plain; charset=UTF-8',
        'X-ClickHouse-Query-Id': url.searchParams.get('query_id') ?? '',
        'X-ClickHouse-Summary': '{"read_rows":"0","read_bytes":"0","written_rows":"0","written_bytes":"0"}',
      });
      res.end(text);
    } catch (error) {
      fail(res, 500, 1000, error instanceof Error ? error.message.replace(/\n/g, ' ') : String(error));
    }
  };

  let queue = Promise.resolve();
  const server = createServer((req, res) => {
    // One engine, one query at a time, in arrival order.
    queue = queue.then(() => handle(req, res)).catch((error: unknown) => fail(res, 500, 1000, String(error)));
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
  });
  const stop = (): void => {
    rmSync(dirname(spill), { recursive: true, force: true });
    server.close();
    session.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * `INSERT ... SELECT ... FROM input('structure') ... FORMAT F` (rows in the body, as a
 * server takes them): the same statement over a file holding the body, or null for any
 * other query.
 */
function inputInsert(query: string): ((file: string) => string) | null {
  const call = /\binput\(('(?:[^'\\]|\\.)*')\)/.exec(query);
  const format = /\s+FORMAT\s+(\w+)\s*$/i.exec(query);
  if (!call || !format) return null;
  const head = query.slice(0, format.index);
  return (file) => head.replace(call[0], () => `file('${file.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}', '${format[1]}', ${call[1]})`);
}

function basicAuth(req: IncomingMessage): [string, string] {
  const header = req.headers.authorization ?? '';
  if (header.startsWith('Basic ')) {
    const text = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
    const colon = text.indexOf(':');
    return colon < 0 ? [text, ''] : [text.slice(0, colon), text.slice(colon + 1)];
  }
  const user = req.headers['x-clickhouse-user'];
  const key = req.headers['x-clickhouse-key'];
  return [typeof user === 'string' ? user : 'default', typeof key === 'string' ? key : ''];
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

void main().catch((error: unknown) => {
  process.stderr.write(`http-front: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
