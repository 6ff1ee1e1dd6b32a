import type { Knex } from 'knex';
import type { EstadoEnvios, Pendiente, ResultadoEnvio } from '../../platform/verifactu/aeat-envios.ts';
import { MAX_REGISTROS_POR_ENVIO } from '../../platform/verifactu/suministro-xml.ts';

// The statements of the persisted submission queue (migration 054) the sender runs.

const POR_ENVIAR = ['PENDIENTE', 'ENVIADO'];

/** The sender's flow control as last stored (times in ms). */
export async function leerEstado(knex: Knex): Promise<EstadoEnvios> {
  const r = await knex('aeat_envio_estado').where({ id: 1 }).first();
  return {
    proximoEnvio: r?.proximo_envio ? new Date(r.proximo_envio).getTime() : 0,
    fallosSeguidos: r?.fallos_seguidos ?? 0,
    caidaDesde: r?.caida_desde ? new Date(r.caida_desde).getTime() : null,
  };
}

export async function guardarEstado(knex: Knex, e: EstadoEnvios): Promise<void> {
  await knex('aeat_envio_estado').where({ id: 1 }).update({
    proximo_envio: new Date(e.proximoEnvio), fallos_seguidos: e.fallosSeguidos, caida_desde: e.caidaDesde === null ? null : new Date(e.caidaDesde),
  });
}

/**
 * The oldest waiting record's issuer's waiting records, in chain order, at most 1,000 (a lote's
 * most). ENVIADO ones are a lote whose answer never came (a crash): they go again.
 */
export async function siguientes(knex: Knex): Promise<Pendiente[]> {
  const rows = await knex('aeat_registros')
    .whereIn('estado', POR_ENVIAR)
    .where('emisor_nif', knex('aeat_registros').select('emisor_nif').whereIn('estado', POR_ENVIAR).orderBy('seq').limit(1))
    .orderBy('seq').limit(MAX_REGISTROS_POR_ENVIO)
    .select('id_registro', 'emisor_nif', 'emisor_nombre', 'registro', 'incidencia');
  return rows.map((r) => ({ id: r.id_registro, obligado: { nombreRazon: r.emisor_nombre, nif: r.emisor_nif }, registro: r.registro, incidencia: r.incidencia }));
}

/** The lote is on its way: counted as an attempt. */
export async function marcarEnviados(knex: Knex, ids: string[], ahora: Date): Promise<void> {
  await knex('aeat_registros').whereIn('id_registro', ids).update({ estado: 'ENVIADO', intentos: knex.raw('intentos + 1'), enviado_en: ahora });
}

/** No answer came: the records wait again. */
export async function devolverPendientes(knex: Knex, ids: string[]): Promise<void> {
  await knex('aeat_registros').whereIn('id_registro', ids).where({ estado: 'ENVIADO' }).update({ estado: 'PENDIENTE' });
}

const ESTADOS = { Correcto: 'CORRECTO', AceptadoConErrores: 'ACEPTADO_CON_ERRORES', Incorrecto: 'INCORRECTO' } as const;

/**
 * A record's answer, stored once. The recipient (the patient's name and NIF) leaves the queued
 * record: AEAT has it, and the record stays only as the answer's evidence.
 */
export async function guardarResultado(knex: Knex, p: Pendiente, r: ResultadoEnvio, ahora: Date): Promise<void> {
  const campos = r.tipo === 'respuesta'
    ? { estado: ESTADOS[r.respuesta.estado], csv: r.csv, codigo_error: r.respuesta.codigoError, descripcion_error: r.respuesta.descripcionError }
    : { estado: 'RECHAZADO', csv: null, codigo_error: r.codigo, descripcion_error: r.descripcion.slice(0, 2000) };
  await knex('aeat_registros').where({ id_registro: p.id }).update({
    ...campos, incidencia: r.incidencia, respondido_en: ahora, registro: knex.raw(`registro #- '{registro,destinatario}'`),
  });
}
