import type { Knex } from 'knex';
import type { Significado, TipoAdenda } from '../events/firma.ts';

export type Registro = 'SESION' | 'HISTORIAL';

/**
 * A signature as the API shows it. `nombre` and `licencia` are the signer's as the directory holds
 * them when read (null once the psychologist left it); the rest is what the signature recorded.
 */
export interface FirmaView {
  idPsicologo: number;
  nombre: string | null;
  licencia: string | null;
  firmadoEn: string;
  significado: Significado;
  huella: string;
}

/**
 * An addendum's signature: its `huella` and what checks it (src/platform/audit/huella-adenda.ts).
 * `huellaVersion` 2: HMAC-SHA-256 keyed by `claveHuella` (null, like the texto, once erased);
 * 1: an addendum recorded before, unkeyed, with `claveHuella` null.
 */
export interface FirmaAdendaView extends FirmaView {
  huellaVersion: 1 | 2;
  claveHuella: string | null;
}

export interface AdendaView {
  tipo: TipoAdenda;
  /** null once the patient is erased or their clinical key destroyed. */
  texto: string | null;
  firma: FirmaAdendaView;
  /** The `huella` of the record the addendum amends. */
  referencia: string;
}

/** What every read of a session or a clinical-history entry carries besides the record. */
export interface Firmado {
  firma: FirmaView | null;
  adendas: AdendaView[];
}

export const UNSIGNED: Firmado = { firma: null, adendas: [] };

type Row = Record<string, any>;

const LOCAL = `'YYYY-MM-DD"T"HH24:MI:SS'`;

const withSigner = (knex: Knex, table: string, registro: Registro, ids: number[]) =>
  knex(`${table} as f`)
    .leftJoin('psicologos as ps', 'ps.id_psicologo', 'f.id_psicologo')
    .leftJoin('usuarios as u', 'u.id_usuario', 'ps.id_usuario')
    .where('f.registro', registro)
    .whereIn('f.id_registro', ids)
    .select('f.*', 'u.nombre as psi_nombre', 'u.apellido as psi_apellido', 'ps.licencia as psi_licencia',
      knex.raw(`to_char(f.firmado_en, ${LOCAL}) as firmado_local`));

const nombreDe = (r: Row): string | null => (r.psi_nombre ? `${r.psi_nombre} ${r.psi_apellido ?? ''}`.trim() : null);

const firmaOf = (r: Row): FirmaView => ({
  idPsicologo: r.id_psicologo,
  nombre: nombreDe(r),
  licencia: r.psi_licencia ?? null,
  firmadoEn: r.firmado_local,
  significado: r.significado ?? 'AUTOR',
  huella: r.huella,
});

/** Signatures and addenda of these records (two statements, whatever their number). */
export async function firmasDe(knex: Knex, registro: Registro, ids: number[]): Promise<Map<number, Firmado>> {
  const out = new Map<number, Firmado>();
  if (ids.length === 0) return out;
  for (const r of (await withSigner(knex, 'firmas_clinicas', registro, ids)) as Row[]) {
    out.set(r.id_registro, { firma: firmaOf(r), adendas: [] });
  }
  const adendas = (await withSigner(knex, 'adendas_clinicas', registro, ids).orderBy(['f.id_registro', 'f.revision'])) as Row[];
  for (const r of adendas) {
    // An addendum is decided only on a signed record, so its record has a signature row.
    const of = out.get(r.id_registro) ?? { firma: null, adendas: [] };
    // Addenda are signed by their author: significado AUTOR, huella their own.
    const firma = { ...firmaOf({ ...r, significado: 'AUTOR' }), huellaVersion: r.huella_version ?? 1, claveHuella: r.clave_huella ?? null };
    of.adendas.push({ tipo: r.tipo, texto: r.texto ?? null, firma, referencia: r.referencia });
    out.set(r.id_registro, of);
  }
  return out;
}

/** The records with their `firma` (null when unsigned) and `adendas` ([] when none). */
export async function conFirmas<T>(knex: Knex, registro: Registro, items: T[], idOf: (t: T) => number): Promise<(T & Firmado)[]> {
  const found = await firmasDe(knex, registro, items.map(idOf));
  return items.map((t) => ({ ...t, ...(found.get(idOf(t)) ?? UNSIGNED) }));
}

/** A signature folded from the log: the signer's `nombre` and `licencia` are filled in by `nombrarFirmantes`. */
export const firmaFromEvent = (d: { idPsicologo: number; firmadoEn: string; huella: string; significado?: Significado }): FirmaView => ({
  idPsicologo: d.idPsicologo, nombre: null, licencia: null, firmadoEn: d.firmadoEn, significado: d.significado ?? 'AUTOR', huella: d.huella,
});

/** An addendum's signature folded from the log: a version 1 addendum carries neither version nor key. */
export const firmaAdendaFromEvent = (d: { idPsicologo: number; firmadoEn: string; huella: string; huellaVersion?: 2; claveHuella?: string | null }): FirmaAdendaView => ({
  ...firmaFromEvent(d), huellaVersion: d.huellaVersion ?? 1, claveHuella: d.claveHuella ?? null,
});

/** Fills in every signer's `nombre` and `licencia` from the directory, in place (one statement). */
export async function nombrarFirmantes(knex: Knex, records: Firmado[]): Promise<void> {
  const firmas = records.flatMap((r) => [...(r.firma ? [r.firma] : []), ...r.adendas.map((a) => a.firma)]);
  if (firmas.length === 0) return;
  const rows = (await knex('psicologos as ps').join('usuarios as u', 'u.id_usuario', 'ps.id_usuario')
    .whereIn('ps.id_psicologo', [...new Set(firmas.map((f) => f.idPsicologo))])
    .select('ps.id_psicologo', 'u.nombre as psi_nombre', 'u.apellido as psi_apellido', 'ps.licencia as psi_licencia')) as Row[];
  const byId = new Map(rows.map((r) => [r.id_psicologo as number, r]));
  for (const f of firmas) {
    const r = byId.get(f.idPsicologo);
    if (!r) continue;
    f.nombre = nombreDe(r);
    f.licencia = r.psi_licencia ?? null;
  }
}
