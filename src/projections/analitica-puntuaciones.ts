import type { Knex } from 'knex';
import { insertBuffer } from './deferred.ts';
import { semanaDe } from './analitica-registros.ts';
import type { Pseudonymizer } from '../platform/analytics/pseudonyms.ts';
import type { CuestionarioRespondido } from '../events/cuestionario.ts';

// Score facts of the analysts' schema (docs/read-models.md "Analytics"): one pseudonymous row per
// scored answer to an outcome instrument, with its date, total, band and whether it raised a safety
// alert. Never the item answers. Each counts for the psychologist who assigned the instrument (in
// the event), so a later reassignment or a deleted psychologist does not move it.

type Trx = Knex.Transaction;

const puntuaciones = insertBuffer('hechos_puntuacion', 'respuesta');

export function puntuacionRegistrada(trx: Trx, pseud: Pseudonymizer, d: CuestionarioRespondido['data']): void {
  const fecha = d.fecha.slice(0, 10);
  puntuaciones.add(trx, {
    respuesta: pseud('respuesta', d.idRespuesta),
    paciente: pseud('paciente', d.idPaciente),
    psicologo: pseud('psicologo', d.idPsicologo),
    instrumento: d.instrumento,
    fecha,
    semana: semanaDe(fecha),
    mes: `${fecha.slice(0, 7)}-01`,
    puntuacion: d.puntuacion,
    banda: d.banda,
    alerta: false,
  });
}

/** The answer's safety alert (its event follows the answer's in the same append). */
export async function alertaEmitida(trx: Trx, pseud: Pseudonymizer, idRespuesta: number): Promise<void> {
  const respuesta = pseud('respuesta', idRespuesta);
  const row = puntuaciones.pending(trx, respuesta);
  if (row) row.alerta = true;
  else await trx('hechos_puntuacion').where({ respuesta }).update({ alerta: true });
}

/** A destroyed clinical key: every score fact of the patient leaves (scores are health data). */
export async function removePuntuacionesPaciente(trx: Trx, paciente: string): Promise<void> {
  await puntuaciones.flush(trx);
  await trx('hechos_puntuacion').where({ paciente }).delete();
}

export const flushPuntuaciones = (trx: Trx): Promise<void> => puntuaciones.flush(trx);
