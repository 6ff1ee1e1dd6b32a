// What the command side asks of the read side, as narrow ports it defines (dependency inversion):
// the composition root (src/command-lookups.ts, src/server.ts) hands in implementations over the
// read models, so no module under src/commands imports src/queries or src/projections.
import type { Position } from '../eventstore/port.ts';

/**
 * Indexes that no stream holds: a user's patient profile, a device token's owner, who wrote to
 * whom. Facts an aggregate's stream does hold (a user's role, a patient's psychologist, an
 * appointment's parties) are folded from that stream instead (src/commands/streams.ts).
 */
export interface CommandLookups {
  /** Whether any ADMIN user exists (a first start creates one). */
  anyAdminExists(): Promise<boolean>;
  /** The names of every situation in the catalogue, inactive ones included (seeding keeps them). */
  nombresSituaciones(): Promise<string[]>;
  /** The patient profile of a user, whoever created it (registration takes no profile reservation). */
  pacienteDeUsuario(idUsuario: number): Promise<number | null>;
  /** The psychologist profile of a user (registration takes no profile reservation). */
  psicologoDeUsuario(idUsuario: number): Promise<number | null>;
  /** Whether `from` has ever written to `to`: messages live one per stream, no stream per pair. */
  hasWrittenTo(from: number, to: number): Promise<boolean>;
  /** The user a push device token is registered to now. */
  duenoDispositivo(token: string): Promise<number | null>;
  /** A patient's PENDIENTE/CONFIRMADA appointments starting at or after local `desde`: the candidates an erasure cancels (each decided on its own stream). */
  citasVivasDesde(idPaciente: number, desde: string): Promise<{ idCita: number; startDatetime: string }[]>;
  /**
   * A patient's waitlist entries with one psychologist (estado as stored): the per-patient stream
   * does not hold entries from before it, nor which were served (bookings) or left.
   */
  entradasEspera(idPaciente: number, idPsicologo: number): Promise<{ idEntrada: number; desde: string; hasta: string; estado: string }[]>;
  /**
   * What of a user may still wait in undelivered notices (address, name, device tokens), read now,
   * before an erasure blanks the read models; `purge` drops or blanks those notices (null: no such user).
   */
  avisosPendientesDe(idUsuario: number): Promise<{ purge(): Promise<void> } | null>;
}

/** Waiting for the read models to pass a position (the projection engine; start-up steps read after it). */
export interface ReadModelsWait {
  waitFor(position: Position | null, timeoutMs: number): Promise<boolean>;
}
