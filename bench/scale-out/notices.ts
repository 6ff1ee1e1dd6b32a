// Side effects counted where they land: mails at a real SMTP server (by Message-ID, which is the
// notice's stable id: src/reactors/outbox.ts), pushes in each instance's push log (by the same id),
// against the outbox rows the instances queued; reminders per appointment and lead in the log.
import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { EventStore } from '../../src/eventstore/port.ts';
import { noticeIdOf } from '../../src/reactors/outbox.ts';
import type { Instance } from './cluster.ts';

export interface MailSink {
  url: string;
  /** Deliveries by notice id (the Message-ID's local part). */
  byNotice: Map<string, number>;
  total(): number;
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const byNotice = new Map<string, number>();
  let total = 0;
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false, closeTimeout: 200,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        total += 1;
        const id = /^Message-ID:\s*<([^@>]+)@/im.exec(raw)?.[1] ?? '(none)';
        byNotice.set(id, (byNotice.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  // A sender killed with -9 resets its pooled connections: an error of that connection, not of the sink.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, byNotice, total: () => total, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export interface NoticeTally {
  kind: string;
  queued: number;
  once: number;
  /** Not sent yet when counted (the outbox had not drained): neither lost nor sent. */
  waiting: number;
  lost: number;
  doubled: number;
  unknown: number;
}

/** Every mail and push row of the outbox against what arrived: once, never (lost), more (doubled), or unasked. */
export async function tallyNotices(knex: Knex, mails: MailSink, instances: Instance[]): Promise<NoticeTally[]> {
  const rows = (await knex('outbox').select('kind', 'dedupe_key', 'status')) as { kind: string; dedupe_key: string; status: string }[];
  const pushes = new Map<string, number>();
  for (const i of instances) {
    for (const id of readFileSync(i.pushLog, 'utf8').split('\n').filter(Boolean)) pushes.set(id, (pushes.get(id) ?? 0) + 1);
  }
  const tally = (kind: string, arrived: Map<string, number>): NoticeTally => {
    const ofKind = rows.filter((r) => r.kind === kind);
    const ids = new Set(ofKind.map((r) => noticeIdOf(r.dedupe_key)));
    const pending = new Set(ofKind.filter((r) => r.status === 'PENDING' || r.status === 'SENDING').map((r) => noticeIdOf(r.dedupe_key)));
    const t: NoticeTally = { kind, queued: ids.size, once: 0, waiting: 0, lost: 0, doubled: 0, unknown: 0 };
    for (const id of ids) {
      const n = arrived.get(id) ?? 0;
      if (n === 1) t.once += 1;
      else if (n === 0 && pending.has(id)) t.waiting += 1;
      else if (n === 0) t.lost += 1;
      else t.doubled += 1;
    }
    for (const id of arrived.keys()) if (!ids.has(id)) t.unknown += 1;
    return t;
  };
  return [tally('mail', mails.byNotice), tally('push', pushes)];
}

/** The outbox is drained: nothing pending or being sent. */
export async function outboxDrained(knex: Knex): Promise<boolean> {
  const row = (await knex('outbox').whereIn('status', ['PENDING', 'SENDING']).count('* as n').first()) as { n: string | number };
  return Number(row.n) === 0;
}

/** CitaRecordatorioEnviado per appointment, recipient and lead: how many appointments got each count. */
export async function tallyReminders(store: EventStore, citas: number[]): Promise<{ appointments: number; reminders: number; missing: number; doubled: number }> {
  let reminders = 0;
  let missing = 0;
  let doubled = 0;
  for (const idCita of citas) {
    const per = new Map<string, number>();
    for (const e of await store.readStream(`cita-${idCita}`)) {
      if (e.type !== 'CitaRecordatorioEnviado') continue;
      const d = e.data as { destinatario: string; antelacionHoras: number; startDatetime: string };
      const key = `${d.destinatario}:${d.antelacionHoras}:${d.startDatetime}`;
      per.set(key, (per.get(key) ?? 0) + 1);
    }
    reminders += [...per.values()].reduce((a, b) => a + b, 0);
    // Both parties accept reminders (the defaults: notifications on, 24 h lead).
    for (const who of ['PACIENTE', 'PSICOLOGO']) if (![...per.keys()].some((k) => k.startsWith(`${who}:`))) missing += 1;
    doubled += [...per.values()].filter((n) => n > 1).length;
  }
  return { appointments: citas.length, reminders, missing, doubled };
}
