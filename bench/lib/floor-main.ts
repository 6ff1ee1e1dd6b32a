// Child process: the floors the service is compared with, each the least a Node server can do.
//   raw  node:http answering a fixed JSON body (no routing, no I/O)
//   db   node:http + a bare `pg` pool running the service's own prepared statements for its reads
//        (imported from src/queries), no auth, no validation: what the read costs when only the
//        database is paid for;
//        and, for the service's writes (POST /citas, POST /diario-emocional), the same JSON body
//        parsed and inserted with one parameterised INSERT into a plain table, answered 201: what a
//        write costs when it is one row and one round trip (no event, no read model, no wait)
//   ws   a `ws` server that echoes and holds sessions, reporting its memory at GET /memory
// Prints `READY {"url": ...}`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { monthBounds } from '../../src/platform/agenda-time.ts';
import { MAX_LIMIT } from '../../src/http/paging.ts';
import { AGENDA_PACIENTE, agendaEntries } from '../../src/queries/agenda.ts';
import { LIST_PACIENTE, view } from '../../src/queries/citas.ts';

const mode = process.argv[2];
const FIXED = JSON.stringify({ mensaje: 'ok', status: 200, items: [1, 2, 3] });

const send = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
};

// The reads run the service's own statements (src/queries), prepared as the service prepares them,
// with the same parameters: a floor that ran older or slower SQL than the service would let a ratio
// exceed 1. Only the HTTP framework, auth, validation and paging links are left out.
type Row = Record<string, any>;
const prepared = async (db: pg.Pool, name: string, text: string, values: unknown[]): Promise<Row[]> => (await db.query({ name, text, values })).rows;

/** GET /api/citas of a patient, no cursor: the first page of the largest size (the service's default). */
const citas = async (db: pg.Pool, idPaciente: number) =>
  (await prepared(db, 'citas_paciente', LIST_PACIENTE, [idPaciente, 0, MAX_LIMIT + 1])).slice(0, MAX_LIMIT).map(view);

async function agenda(db: pg.Pool, idPaciente: number, month: string) {
  const { desde, hasta } = monthBounds(month);
  return agendaEntries(await prepared(db, 'agenda_paciente', AGENDA_PACIENTE, [idPaciente, desde, hasta]), null);
}

/** Plain tables for the write floor: the payload's fields, a serial id, no constraint, no index but the key. */
const WRITE_TABLES = `
  create table if not exists bench_floor_citas (
    id bigserial primary key, id_psicologo integer, start_datetime timestamp, duration_minutes integer, motivo text);
  create table if not exists bench_floor_diario (
    id bigserial primary key, emocion text, intensidad integer, nota text)`;

const WRITES: Record<string, { sql: string; params: (b: Row) => unknown[] }> = {
  '/citas': {
    sql: 'insert into bench_floor_citas (id_psicologo, start_datetime, duration_minutes, motivo) values ($1, $2, $3, $4) returning id',
    params: (b) => [b.idPsicologo, b.startDatetime, b.durationMinutes, b.motivo],
  },
  '/diario-emocional': {
    sql: 'insert into bench_floor_diario (emocion, intensidad, nota) values ($1, $2, $3) returning id',
    params: (b) => [b.emocion, b.intensidad, b.nota],
  },
};

function readBody(req: IncomingMessage): Promise<Row> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

async function dbHandler(): Promise<(req: IncomingMessage, res: ServerResponse) => void> {
  const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  await db.query(WRITE_TABLES);
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://floor');
    const write = req.method === 'POST' ? WRITES[url.pathname] : undefined;
    if (write) {
      readBody(req).then(
        (b) => db.query(write.sql, write.params(b)).then(
          (r) => send(res, 201, JSON.stringify({ id: Number(r.rows[0].id) })),
          (err) => send(res, 500, JSON.stringify({ error: String(err) })),
        ),
        () => send(res, 400, '{"error":"bad json"}'),
      );
      return;
    }
    const citasPath = /^\/citas\/(\d+)$/.exec(url.pathname);
    const ag = /^\/agenda\/(\d+)$/.exec(url.pathname);
    const work = citasPath
      ? citas(db, Number(citasPath[1]))
      : ag ? agenda(db, Number(ag[1]), url.searchParams.get('month') ?? '2030-01') : Promise.resolve(null);
    work.then(
      (body) => (body ? send(res, 200, JSON.stringify(body)) : send(res, 404, '{}')),
      (err) => send(res, 500, JSON.stringify({ error: String(err) })),
    );
  };
}

function wsFloor(server: ReturnType<typeof createServer>) {
  const wss = new WebSocketServer({ server, path: '/ws' });
  wss.on('connection', (ws) => ws.on('message', (data) => ws.send(data)));
  return (_req: IncomingMessage, res: ServerResponse) => {
    const m = process.memoryUsage();
    send(res, 200, JSON.stringify({ rss: m.rss, heap: m.heapUsed, sessions: wss.clients.size }));
  };
}

const server = createServer();
server.keepAliveTimeout = 5000;
const handler = mode === 'raw' ? (_: IncomingMessage, res: ServerResponse) => send(res, 200, FIXED)
  : mode === 'db' ? await dbHandler()
  : mode === 'ws' ? wsFloor(server)
  : null;
if (!handler) throw new Error(`unknown floor ${mode}`);
server.on('request', handler);
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`READY ${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => process.exit(0));
