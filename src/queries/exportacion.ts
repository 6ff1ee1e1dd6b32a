import type { Knex } from 'knex';
import { streamsOf, type EventStore, type StoredEvent } from '../eventstore/port.ts';
import { pacienteStream } from '../events/paciente.ts';
import { usuarioStream } from '../events/usuario.ts';
import type { KeyRing } from '../platform/crypto/keyring.ts';
import { localDateTime } from '../platform/time.ts';
import { withLocalInstants } from './event-instants.ts';
import { findAjustes } from './ajustes.ts';
import { listCitas } from './citas.ts';
import { listConsentimientos } from './consentimientos.ts';
import { respuestasDe } from './cuestionarios.ts';
import { listDiario } from './diario.ts';
import { listDirecciones } from './direcciones.ts';
import { listHistorial } from './historial.ts';
import { listMensajes } from './mensajes.ts';
import { getPaciente } from './pacientes.ts';
import { listProgreso } from './progreso.ts';
import { listSesiones } from './sesiones.ts';

export interface ExportDeps {
  knex: Knex;
  store: EventStore;
  keys: KeyRing;
  timezone: string;
  now: Date;
}

type Row = Record<string, any>;

// Secrets of the account, not data about the person: never handed out, not even to themself.
const WITHHELD = new Set(['passwordHash', 'emailHash']);

const camel = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));

interface Person {
  subject: string;
  idUsuario: number;
  idPaciente: number;
}

/**
 * Streams that may hold the person's data: their user and patient streams, every stream where
 * their key sealed a field, every stream where they acted. Found through the store's port, so a
 * KurrentDB log is searched as a PostgreSQL one is.
 */
async function personStreams(store: EventStore, who: Person): Promise<string[]> {
  const found = await streamsOf(store, { sealedFor: who.subject, actor: who.idUsuario });
  return [...new Set([usuarioStream(who.idUsuario), pacienteStream(who.idPaciente), ...found])].sort();
}

/**
 * A stream may be shared (an agenda, a conversation): only the events about this person go out.
 * An event sealed under someone else's key is theirs; an unsealed one counts when it lies in the
 * person's own streams, was their doing, or names them.
 */
function about(e: StoredEvent, who: Person): boolean {
  const sealedFor = e.metadata.sealing?.subject;
  if (sealedFor !== undefined) return sealedFor === who.subject;
  if (e.streamId === usuarioStream(who.idUsuario) || e.streamId === pacienteStream(who.idPaciente)) return true;
  const d = e.data as Row;
  return e.metadata.actor?.idUsuario === who.idUsuario || d.idPaciente === who.idPaciente || d.idUsuario === who.idUsuario;
}

async function eventos(deps: ExportDeps, who: Person) {
  const all: StoredEvent[] = [];
  for (const stream of await personStreams(deps.store, who)) {
    all.push(...(await deps.store.readStream(stream)).filter((e) => about(e, who)));
  }
  all.sort((a, b) => deps.store.compare(a.position, b.position));
  return all.map((e) => ({
    stream: e.streamId,
    type: e.type,
    occurredAt: localDateTime(new Date(e.metadata.occurredAt), deps.timezone),
    data: withLocalInstants(Object.fromEntries(Object.entries(e.data).filter(([k]) => !WITHHELD.has(k))), deps.timezone),
  }));
}

/**
 * The patient's records in the API's own shapes, as the lists show them, read in one snapshot so
 * they agree with each other. Device tokens go too: they are the patient's own data.
 */
function registros(deps: ExportDeps, idPaciente: number, idUsuario: number) {
  return deps.knex.transaction(async (trx) => {
    const ajustes = await findAjustes(trx, idUsuario);
    const dispositivos = await trx('dispositivos').where({ id_usuario: idUsuario }).orderBy('created_at').select('token', 'created_at');
    return {
      direcciones: await listDirecciones(trx, idPaciente),
      ajustes: ajustes ? [ajustes] : [],
      dispositivos: dispositivos.map((d: Row) => ({ token: d.token, registradoEn: localDateTime(new Date(d.created_at), deps.timezone) })),
      citas: await listCitas(trx, { idPaciente }),
      sesiones: await listSesiones(trx, { idPaciente }),
      historialClinico: await listHistorial(trx, idPaciente),
      diarioEmocional: await listDiario(trx, idPaciente),
      progresoEmocional: await listProgreso(trx, idPaciente),
      // Sent and received: both sides of the patient's conversations.
      mensajes: await listMensajes(trx, deps.timezone, idUsuario),
      // Signed, withdrawn and superseded, as GET /api/consentimientos shows them (docs/care.md).
      consentimientos: await listConsentimientos(trx, idPaciente),
      // Scored answers of the outcome measures, as GET /api/cuestionarios/respuestas shows them (docs/care.md).
      cuestionarios: await respuestasDe(trx, idPaciente),
    };
  }, { isolationLevel: 'repeatable read', readOnly: true });
}

/**
 * Every record the service keeps about a patient, as JSON (GDPR art. 20): the user and the
 * profile, every record of every area in the shape the API gives it, and the person's events
 * (the history behind those records). null: no such patient.
 */
export async function exportPaciente(deps: ExportDeps, idPaciente: number) {
  const paciente = await getPaciente(deps.knex, idPaciente);
  if (!paciente) return null;
  const { idUsuario } = paciente;
  const usuario = await deps.knex('usuarios').where({ id_usuario: idUsuario }).first('id_usuario', 'nombre', 'apellido', 'email', 'dni', 'rol', 'activo');
  const perfil = await deps.knex('pacientes').where({ id_paciente: idPaciente })
    .first('activo', 'acepta_terminos', 'acepta_videoconferencia', 'acepta_comunicacion');
  const who = { subject: await deps.keys.resolve(pacienteStream(idPaciente)), idUsuario, idPaciente };
  return {
    generadoEn: localDateTime(deps.now, deps.timezone),
    usuario: camel(usuario),
    paciente: { ...paciente, ...camel(perfil) },
    ...(await registros(deps, idPaciente, idUsuario)),
    eventos: await eventos(deps, who),
  };
}
