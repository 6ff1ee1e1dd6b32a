import { createHash, createHmac, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { TestServer } from '../support/server.ts';
import { expectSession, psicologoBody } from '../http/helpers.ts';
import { canonicalJson, leafHashOf, recordDigest } from '../../src/platform/audit/leaf.ts';

// Helpers of the signed-records tests (test/sesiones/firma.test.ts, test/clinico/firma.test.ts).

export const PASSWORD = 'terapia2024';
export const FECHA_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

export interface Firmante {
  token: string;
  idUsuario: number;
  idPsicologo: number;
  email: string;
  nombre: string;
  licencia: string;
}

/** A psychologist with a licence number, registered by the administrator (password PASSWORD). */
export async function newFirmante(srv: TestServer, admin: string, nombre: string): Promise<Firmante> {
  const licencia = `M-${randomUUID().slice(0, 8).toUpperCase()}`;
  const body = psicologoBody({ nombre, apellido: 'Serrano', licencia, password: PASSWORD });
  const r = await srv.request('POST', '/auth/register-psicologo', { token: admin, body });
  expectSession(r, 'PSICOLOGO');
  return { token: r.body.token, idUsuario: r.body.idUsuario, idPsicologo: r.body.idPsicologo, email: body.email, nombre: `${nombre} Serrano`, licencia };
}

export interface EventRow {
  stream_id: string;
  stream_revision: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, any>;
}

/**
 * A stream's rows of the events table, as stored (sealed), in revision order. With KurrentDB
 * (npm run test:kurrentdb) that table is empty: the raw store's events, as stored, stand in.
 */
export async function storedRows(srv: TestServer, streamId: string): Promise<EventRow[]> {
  if (srv.config.eventStore !== 'postgres') {
    return (await srv.deps.store.readStreamAsStored!(streamId)).map((e) => ({
      stream_id: e.streamId, stream_revision: e.revision.toString(), type: e.type, data: e.data, metadata: e.metadata as Record<string, any>,
    }));
  }
  const { rows } = await srv.deps.knex.raw(
    'select stream_id, stream_revision::text, type, data, metadata from events where stream_id = ? order by stream_revision',
    [streamId],
  );
  return rows;
}

/** The record digest an offline verifier computes: leaves of the stored rows before `before` (a revision). */
export function digestOf(rows: EventRow[], before = Infinity): string {
  return recordDigest(rows.filter((r) => Number(r.stream_revision) < before).map((r) => leafHashOf({
    streamId: r.stream_id, revision: BigInt(r.stream_revision), type: r.type, data: r.data,
    metadata: r.metadata as { eventId: string; occurredAt: string },
  })));
}

/** An addendum's huella of version 1 (before issue 31): unkeyed, over its plaintext. */
export const adendaHuellaV1 = (tipo: string, texto: string, referencia: string) =>
  createHash('sha256').update(canonicalJson({ tipo, texto, referencia }), 'utf8').digest('base64');

/**
 * An addendum's signature block, checked as its reader would: version 2, and the huella recomputed
 * here (HMAC-SHA-256 keyed by the claveHuella the read gives, over JCS of {tipo, texto, referencia}).
 */
export function expectFirmaAdenda(firma: any, who: Firmante, a: { tipo: string; texto: string; referencia: string }): void {
  expect(firma).to.have.all.keys('idPsicologo', 'nombre', 'licencia', 'firmadoEn', 'significado', 'huella', 'huellaVersion', 'claveHuella');
  expect(firma).to.include({ idPsicologo: who.idPsicologo, nombre: who.nombre, licencia: who.licencia, significado: 'AUTOR', huellaVersion: 2 });
  expect(Buffer.from(firma.claveHuella, 'base64')).to.have.length(32);
  const huella = createHmac('sha256', Buffer.from(firma.claveHuella, 'base64')).update(canonicalJson(a), 'utf8').digest('base64');
  expect(firma.huella).to.equal(huella).and.not.equal(adendaHuellaV1(a.tipo, a.texto, a.referencia));
  expect(firma.firmadoEn).to.match(FECHA_LOCAL);
}

/** The signature block a signed record must carry. */
export function expectFirma(firma: any, who: Firmante, huella: string): void {
  expect(firma).to.have.all.keys('idPsicologo', 'nombre', 'licencia', 'firmadoEn', 'significado', 'huella');
  expect(firma).to.include({ idPsicologo: who.idPsicologo, nombre: who.nombre, licencia: who.licencia, significado: 'AUTOR', huella });
  expect(firma.firmadoEn).to.match(FECHA_LOCAL);
}
