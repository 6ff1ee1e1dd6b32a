// Child process: the floors the service is compared with, each the least a Node server can do.
//   raw  node:http answering a fixed JSON body (no routing, no I/O)
//   db   node:http + a bare `pg` pool running the same SQL as the service's reads, no auth, no
//        validation, no query builder: what the read costs when only the database is paid for;
//        and, for the service's writes (POST /citas, POST /diario-emocional), the same JSON body
//        parsed and inserted with one parameterised INSERT into a plain table, answered 201: what a
//        write costs when it is one row and one round trip (no event, no read model, no wait)
//   ws   a `ws` server that echoes and holds sessions, reporting its memory at GET /memory
// Prints `READY {"url": ...}`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { hhmm, monthBounds } from '../../src/platform/agenda-time.ts';

const mode = process.argv[2];
const FIXED = JSON.stringify({ mensaje: 'ok', status: 200, items: [1, 2, 3] });

const send = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
};

const CITAS_SQL = `
  select c.*, ups.nombre as psi_nombre, ups.apellido as psi_apellido, upa.nombre as pac_nombre, upa.apellido as pac_apellido
  from citas c
  left join psicologos ps on ps.id_psicologo = c.id_psicologo left join usuarios ups on ups.id_usuario = ps.id_usuario
  left join pacientes p on p.id_paciente = c.id_paciente left join usuarios upa on upa.id_usuario = p.id_usuario
  where c.id_paciente = $1 order by c.id_cita`;

type Row = Record<string, any>;
const nombre = (n: string | null, a: string | null) => (n ? `${n} ${a ?? ''}`.trim() : null);
const cita = (r: Row) => ({
  idCita: r.id_cita, idPaciente: r.id_paciente, idPsicologo: r.id_psicologo, nombrePsicologo: nombre(r.psi_nombre, r.psi_apellido),
  nombrePaciente: nombre(r.pac_nombre, r.pac_apellido), startDatetime: r.start_datetime, durationMinutes: r.duration_minutes,
  estado: r.estado, motivo: r.motivo,
});

async function agenda(db: pg.Pool, idPaciente: number, month: string) {
  const { desde, hasta } = monthBounds(month);
  const citas = await db.query('select * from citas where id_paciente = $1 and fecha >= $2 and fecha < $3', [idPaciente, desde, hasta]);
  const p = await db.query('select id_psicologo from pacientes where id_paciente = $1', [idPaciente]);
  const idPsicologo = p.rows[0]?.id_psicologo;
  const bloqueos = idPsicologo ? (await db.query('select * from bloqueos where id_psicologo = $1 and fecha >= $2 and fecha < $3', [idPsicologo, desde, hasta])).rows : [];
  return [
    ...citas.rows.map((r) => ({ fecha: r.fecha, horaInicio: hhmm(r.start_datetime), horaFin: hhmm(r.end_datetime), tipo: 'cita', detalle: r.estado, referenciaId: r.id_cita })),
    ...bloqueos.map((r) => ({ fecha: r.fecha, horaInicio: r.hora_inicio, horaFin: r.hora_fin, tipo: 'bloqueo', detalle: 'No disponible', referenciaId: r.id_bloqueo })),
  ].sort((a, b) => a.fecha.localeCompare(b.fecha) || a.horaInicio.localeCompare(b.horaInicio));
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
    const citas = /^\/citas\/(\d+)$/.exec(url.pathname);
    const ag = /^\/agenda\/(\d+)$/.exec(url.pathname);
    const work = citas
      ? db.query(CITAS_SQL, [Number(citas[1])]).then((r) => r.rows.map(cita))
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
