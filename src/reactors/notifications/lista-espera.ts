import { DateTime } from 'luxon';
import type { Knex } from 'knex';
import type { StoredEvent } from '../../eventstore/port.ts';
import type { CitaCancelada } from '../../events/cita.ts';
import type { BloqueoEliminado } from '../../events/agenda.ts';
import { localDateTime } from '../../platform/time.ts';
import { tokenHash } from '../../queries/dispositivos.ts';
import { esperandoHueco } from '../../queries/lista-espera.ts';
import { enqueue, type Reactor } from '../reactor.ts';
import { aviso } from './citas.ts';
import { recipientOf, type Recipient } from './recipients.ts';

// Waitlist notices (docs/lista-espera.md): time freed in a psychologist's agenda (an appointment
// cancelled, alone or with its series, or blocked time removed) is told to every active entry
// whose range holds its day, in the order they joined (outbox ids follow that order). Keys dedupe
// per entry and freed slot, so a re-delivered event or a block spanning two day streams tells
// each entry once. "Now" is the event's own time, so the same log always decides the same.

interface Hueco {
  /** What was freed, for the dedupe key: `cita-<id>` or `bloqueo-<id>`. */
  clave: string;
  idPsicologo: number;
  /** Local start, `YYYY-MM-DDTHH:MM:SS` of the practice's zone. */
  inicio: string;
  /** The patient whose own appointment was cancelled is not told about it. */
  excepto: number | null;
}

/**
 * The freed time, from the event itself (any event store). A block removed before its deletion
 * carried `inicio` frees nothing to announce.
 */
function huecoDe(stored: StoredEvent, zone: string): Hueco | null {
  if (stored.type === 'BloqueoEliminado') {
    const d = (stored as unknown as BloqueoEliminado).data;
    if (!d.inicio) return null;
    return { clave: `bloqueo-${d.idBloqueo}`, idPsicologo: d.idPsicologo, inicio: localDateTime(new Date(d.inicio), zone), excepto: null };
  }
  const d = (stored as unknown as CitaCancelada).data;
  return { clave: `cita-${d.idCita}`, idPsicologo: d.idPsicologo, inicio: d.startDatetime, excepto: d.idPaciente };
}

const TEXTOS = {
  es: { asunto: 'Hueco libre en la agenda', cuerpo: (n: string, psi: string, f: string, h: string, z: string) =>
    `Hola ${n}:\n\nSe ha liberado un hueco con ${psi} el ${f} a las ${h} (hora de ${z}), dentro de su lista de espera. `
    + 'Puede reservarlo desde la aplicación: se lo queda quien reserve primero.\n\nEl equipo de la consulta' },
  en: { asunto: 'A slot has freed up', cuerpo: (n: string, psi: string, f: string, h: string, z: string) =>
    `Hello ${n},\n\nA slot with ${psi} has freed up on ${f} at ${h} (${z} time), within your waitlist. `
    + 'You can book it in the app: the first to book gets it.\n\nThe practice team' },
};

async function avisar(trx: Knex.Transaction, to: Recipient, psicologo: Recipient | null, h: Hueco, idEntrada: number, tz: string): Promise<void> {
  if (!to.notificaciones) return;
  const v = aviso(to, psicologo, h.inicio, tz, false);
  const t = TEXTOS[to.idioma];
  const texto = t.cuerpo(v.nombre.replace(/[\r\n]+/g, ' '), v.contraparte.replace(/[\r\n]+/g, ' '), v.fecha, v.hora, v.zona);
  const key = `espera:${h.clave}:${idEntrada}`;
  await enqueue(trx, 'mail', `${key}:mail`, { to: to.email, subject: `${t.asunto}: ${v.fecha}, ${v.hora}`, text: texto });
  for (const token of to.tokens) {
    await enqueue(trx, 'push', `${key}:push:${tokenHash(token)}`, {
      token, title: t.asunto, body: `${v.fecha}, ${v.hora}`,
      data: { tipo: 'HuecoLibreListaEspera', idEntrada: String(idEntrada), idPsicologo: String(h.idPsicologo), startDatetime: h.inicio },
    });
  }
}

/** CitaCancelada and BloqueoEliminado → a notice to each waiting patient, in join order. */
export function listaEsperaReactor(practiceTimezone: string): Reactor {
  return {
    name: 'notificaciones-lista-espera',
    handles: ['CitaCancelada', 'BloqueoEliminado'],
    async react(trx, stored) {
      const h = huecoDe(stored, practiceTimezone);
      const ahora = DateTime.fromISO(stored.metadata.occurredAt, { zone: practiceTimezone });
      if (!h || h.inicio <= ahora.toFormat("yyyy-LL-dd'T'HH:mm:ss")) return; // time already past frees nothing
      const entradas = await esperandoHueco(trx, h.idPsicologo, h.inicio, ahora.toISODate()!);
      if (entradas.length === 0) return;
      const psicologo = await recipientOf(trx, 'psicologo', h.idPsicologo, practiceTimezone);
      for (const e of entradas) {
        if (e.id_paciente === h.excepto) continue;
        const to = await recipientOf(trx, 'paciente', e.id_paciente, practiceTimezone);
        if (to) await avisar(trx, to, psicologo, h, e.id_entrada, practiceTimezone);
      }
    },
  };
}
