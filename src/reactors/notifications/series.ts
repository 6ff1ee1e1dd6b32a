import type { CitaCreada } from '../../events/cita.ts';
import { DIAS_FRECUENCIA, type SerieCitasCreada } from '../../events/serie.ts';
import type { AvisoCita } from '../mail/templates.ts';
import type { Reactor } from '../reactor.ts';
import type { StoredEvent } from '../../eventstore/port.ts';
import type { Knex } from 'knex';
import { aviso, notify } from './citas.ts';
import { recipientsOf, type RecipientKey, type Recipients } from './recipients.ts';
import { DEFAULT_MAX_DEVICE_TOKENS } from '../../platform/limits.ts';

// One notice per recurring series, not one per appointment (up to 52): the series' event is
// announced as the booking of its first appointment, naming how many follow and how often;
// the CitaCreada of its occurrences announce nothing. Cancellations stay per appointment.

/** An occurrence of a series: its booking was announced by the series. */
export function anunciadaPorSerie(type: string, data: object): boolean {
  return type === 'CitaCreada' && (data as CitaCreada['data']).idSerie !== undefined;
}

/** The notice's date, with the series: "lunes 2 de noviembre de 2026 (primera de 10 citas, cada semana)". */
function conSerie(v: AvisoCita, d: SerieCitasCreada['data'], idioma: 'es' | 'en'): AvisoCita {
  const n = d.citas.length;
  const semanas = DIAS_FRECUENCIA[d.frecuencia] / 7;
  const texto = idioma === 'en'
    ? `first of ${n} appointments, every ${semanas === 1 ? 'week' : `${semanas} weeks`}`
    : `primera de ${n} citas, cada ${semanas === 1 ? 'semana' : `${semanas} semanas`}`;
  return { ...v, fecha: `${v.fecha} (${texto})` };
}

/** The series' patient and psychologist. */
function destinatarios(stored: StoredEvent): RecipientKey[] {
  if (stored.type !== 'SerieCitasCreada') return [];
  const d = (stored as unknown as SerieCitasCreada).data;
  return [{ kind: 'paciente', id: d.idPaciente }, { kind: 'psicologo', id: d.idPsicologo }];
}

/** SerieCitasCreada → one e-mail and push to the patient and one to the psychologist (a batch's recipients in one query). */
export function serieNotificationsReactor(practiceTimezone: string, maxTokens = DEFAULT_MAX_DEVICE_TOKENS): Reactor<Recipients> {
  const lookup = (trx: Knex, events: readonly StoredEvent[]) => recipientsOf(trx, events.flatMap(destinatarios), practiceTimezone, maxTokens);
  return {
    name: 'notificaciones-series',
    handles: ['SerieCitasCreada'],
    prepare: lookup,
    async react(trx, stored, prepared) {
      if (stored.type !== 'SerieCitasCreada') return;
      const d = (stored as unknown as SerieCitasCreada).data;
      const { idCita, startDatetime } = d.citas[0];
      const found = prepared ?? await lookup(trx, [stored]);
      const paciente = found.get('paciente', d.idPaciente);
      const psicologo = found.get('psicologo', d.idPsicologo);
      if (paciente) await notify(trx, stored, 'creada', paciente, conSerie(aviso(paciente, psicologo, startDatetime, practiceTimezone, false), d, paciente.idioma), idCita);
      if (psicologo) await notify(trx, stored, 'creada', psicologo, conSerie(aviso(psicologo, paciente, startDatetime, practiceTimezone, true), d, psicologo.idioma), idCita);
    },
  };
}
