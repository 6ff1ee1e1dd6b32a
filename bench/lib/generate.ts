// Realistic event logs written straight to a store (the sealing one, so reads pay decryption as in
// production), in big multi-stream appends. Ids come from the service's sequences, so a server
// started on the same database later hands out ids that do not collide with the generated ones.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { EventStore, NewEvent } from '../../src/eventstore/port.ts';
import { agendaDiaStream, agendaPacienteDiaStream } from '../../src/events/agenda.ts';
import { diasLocales, tramoCita } from '../../src/platform/agenda-time.ts';
import type { SequenceName } from '../../src/platform/ids.ts';

const ZONE = 'Europe/Madrid';

/** `n` fresh ids of a sequence, in one round trip. */
export async function reserveIds(knex: Knex, name: SequenceName, n: number): Promise<number[]> {
  if (n === 0) return [];
  const { rows } = await knex.raw(`select nextval('seq_${name}')::int as id from generate_series(1, ?)`, [n]);
  return rows.map((r: { id: number }) => r.id);
}

function ev(type: string, data: Record<string, unknown>, idUsuario: number | null = null, rol: string | null = null): NewEvent {
  return { type, data, metadata: { eventId: randomUUID(), actor: { idUsuario, rol }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } };
}

/**
 * Collects events per stream and appends them in batches of about `batchEvents`, each batch one
 * atomic multi-stream append (a stream appears once per append, as the port requires).
 */
export class LogWriter {
  private pending = new Map<string, NewEvent[]>();
  private size = 0;
  written = 0;

  constructor(private readonly store: EventStore, private readonly batchEvents = 2000) {}

  async add(streamId: string, ...events: NewEvent[]): Promise<void> {
    const list = this.pending.get(streamId) ?? [];
    list.push(...events);
    this.pending.set(streamId, list);
    this.size += events.length;
    if (this.size >= this.batchEvents) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    const writes = [...this.pending].map(([streamId, events]) => ({ streamId, events, expected: 'any' as const }));
    this.pending = new Map();
    const n = this.size;
    this.size = 0;
    await this.store.append(writes);
    this.written += n;
  }
}

const EMOCIONES = ['Ansiedad', 'Tristeza', 'Alegría', 'Irritabilidad', 'Calma', 'Frustración'];

/**
 * One appointment as a booking writes it (src/commands/citas.ts): CitaCreada (and CitaConfirmada)
 * in `cita-<id>`, the slot in the psychologist's day stream(s) and in the patient's day stream(s)
 * (src/events/agenda.ts).
 */
export async function appointment(
  w: LogWriter, c: { idCita: number; idPaciente: number; idPsicologo: number; startDatetime: string; confirmada?: boolean; durationMinutes?: number },
): Promise<boolean> {
  const durationMinutes = c.durationMinutes ?? 50;
  const t = tramoCita(c.startDatetime, durationMinutes, ZONE);
  if (!t) return false; // the hour skipped by summer time
  const ref = { idCita: c.idCita, idPaciente: c.idPaciente, idPsicologo: c.idPsicologo };
  const events = [ev('CitaCreada', { ...ref, startDatetime: c.startDatetime, durationMinutes, motivo: 'Seguimiento de ansiedad', endDatetime: t.endDatetime })];
  if (c.confirmada) events.push(ev('CitaConfirmada', ref));
  await w.add(`cita-${c.idCita}`, ...events);
  for (const dia of diasLocales(t, ZONE)) {
    await w.add(agendaDiaStream(c.idPsicologo, dia), ev('HuecoReservado', { idPsicologo: c.idPsicologo, idCita: c.idCita, inicio: t.inicio, fin: t.fin }));
    await w.add(agendaPacienteDiaStream(c.idPaciente, dia), ev('HorarioPacienteReservado', { idPaciente: c.idPaciente, idCita: c.idCita, inicio: t.inicio, fin: t.fin }));
  }
  return true;
}

const day = (base: number, days: number) => new Date(base + days * 86_400_000).toISOString().slice(0, 10);

/** A psychologist and `patients` patients with a realistic year of activity each (about 25 events). */
async function practice(knex: Knex, w: LogWriter, patients: number, base: number): Promise<void> {
  const ids = async (name: SequenceName, n: number) => reserveIds(knex, name, n);
  const [usuarios, pacs, [idPsicologo], citas, diarios, progresos, historiales, sesiones, mensajes] = await Promise.all([
    ids('usuario', patients + 1), ids('paciente', patients), ids('psicologo', 1), ids('cita', patients * 6), ids('diario', patients * 2),
    ids('progreso', patients * 2), ids('historial', patients), ids('sesion', patients), ids('mensaje', patients * 2),
  ]);
  const psiUser = usuarios[patients];
  const usuario = (idUsuario: number, rol: string, tag: string) => ev('UsuarioRegistrado', {
    idUsuario, nombre: 'Nombre', apellido: `Apellido ${tag}`, email: `u${idUsuario}@bench.local`, emailHash: `bench-hash-${idUsuario}`,
    passwordHash: '$2b$10$abcdefghijklmnopqrstuuJ4K6wLq3nX9Q8v1Zs5yT2Rm0Pa7Ce', dni: '12345678Z', rol,
  });
  await w.add(`usuario-${psiUser}`, usuario(psiUser, 'PSICOLOGO', 'psi'));
  await w.add(`psicologo-${idPsicologo}`, ev('PsicologoRegistrado', { idPsicologo, idUsuario: psiUser, especialidad: 'Clínica', experiencia: 9, descripcion: 'Terapia cognitivo-conductual', licencia: `M-${idPsicologo}` }));
  for (let p = 0; p < patients; p++) {
    const idPaciente = pacs[p];
    const idUsuario = usuarios[p];
    const actor = [idUsuario, 'PACIENTE'] as const;
    await w.add(`usuario-${idUsuario}`, usuario(idUsuario, 'PACIENTE', 'pac'));
    await w.add(`paciente-${idPaciente}`, ev('PacienteRegistrado', {
      idPaciente, idUsuario, idPsicologo, fechaNacimiento: '1988-03-14', genero: 'F', telefono: '+34 600 000 000',
      direcciones: [{ idDireccion: idPaciente, calle: 'Calle Mayor 1', ciudad: 'Madrid', provincia: 'Madrid', codigoPostal: '28001', pais: 'España', descripcion: null }],
      metodoPago: 'ONLINE', estadoPago: 'PENDIENTE', aceptaTerminos: true, aceptaVideoconferencia: true, aceptaComunicacion: false,
    }));
    for (let k = 0; k < 6; k++) {
      // Patients of one practice share its agenda: slot (p, k) is unique within the practice.
      const startDatetime = `${day(base, k * 14 + Math.floor(p / 8))}T${String(9 + (p % 8)).padStart(2, '0')}:00:00`;
      await appointment(w, { idCita: citas[p * 6 + k], idPaciente, idPsicologo, startDatetime, confirmada: k % 2 === 0 });
    }
    for (let k = 0; k < 2; k++) {
      await w.add(`diario-${diarios[p * 2 + k]}`, ev('DiarioRegistrado', {
        idDiario: diarios[p * 2 + k], idPaciente, fecha: `${day(base, k * 30)}T21:00:00`, emocion: EMOCIONES[(p + k) % 6], intensidad: 1 + ((p + k) % 10), nota: 'Día difícil en el trabajo',
      }, ...actor));
      await w.add(`progreso-${progresos[p * 2 + k]}`, ev('ProgresoRegistrado', {
        idProgress: progresos[p * 2 + k], idPaciente, fecha: day(base, k * 30), nivelEstres: (p + k) % 11, nivelAnsiedad: (p * 3 + k) % 11, nivelAnimo: (p * 7 + k) % 11,
      }, ...actor));
    }
    await w.add(`historial-${historiales[p]}`, ev('HistorialCreado', {
      idHistory: historiales[p], idPaciente, titulo: 'Evaluación inicial', diagnostico: 'Ansiedad generalizada', tratamiento: 'TCC, 12 sesiones', observaciones: 'Buena adherencia', autoria: 'PSICOLOGO', creadoEn: `${day(base, 0)}T10:00:00`,
    }, psiUser, 'PSICOLOGO'));
    await w.add(`sesion-${sesiones[p]}`, ev('SesionRegistrada', {
      idSesion: sesiones[p], idCita: citas[p * 6], idPaciente, idPsicologo, sessionDate: `${day(base, 0)}T10:00:00`, durationMinutes: 50,
      notas: 'Trabajo sobre pensamientos automáticos', recomendaciones: 'Registro diario de emociones', registradaPor: 'PSICOLOGO',
    }, psiUser, 'PSICOLOGO'));
    for (let k = 0; k < 2; k++) {
      const [senderId, receiverId] = k === 0 ? [idUsuario, psiUser] : [psiUser, idUsuario];
      await w.add(`mensaje-${mensajes[p * 2 + k]}`, ev('MensajeEnviado', {
        idMensaje: mensajes[p * 2 + k], senderId, receiverId, idCita: null, idPaciente, mensaje: 'Hola, ¿podemos mover la cita del jueves?', enviadoEn: `${day(base, k)}T18:00:00`,
      }, senderId, k === 0 ? 'PACIENTE' : 'PSICOLOGO'));
    }
  }
}

/** Events per patient of `practice` (for sizing): 2 + 6 citas×(3 or 4) + 2×2 + 1 + 1 + 2. */
export const EVENTS_PER_PATIENT = 2 + 21 + 4 + 1 + 1 + 2;

/**
 * Writes practices of 50 patients until about `target` events are in the log, two practices at a
 * time (they share no stream, so their appends never conflict; one core seals while the other
 * inserts).
 */
export async function generateClinicLog(knex: Knex, store: EventStore, target: number, onProgress?: (written: number) => void): Promise<number> {
  const base = Date.UTC(2031, 0, 6);
  let written = 0;
  let reported = 0;
  const worker = async () => {
    while (written < target) {
      const patients = Math.max(1, Math.min(50, Math.floor((target - written) / EVENTS_PER_PATIENT)));
      written += patients * EVENTS_PER_PATIENT; // claimed now, corrected below, so the two stop together
      const w = new LogWriter(store, 2000);
      await practice(knex, w, patients, base);
      await w.flush();
      written += w.written - patients * EVENTS_PER_PATIENT;
      if (written - reported >= 50_000) {
        reported = written;
        onProgress?.(written);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return written;
}
