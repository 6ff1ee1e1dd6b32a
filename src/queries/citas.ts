import type { Knex } from 'knex';
import type { EstadoCita } from '../events/cita.ts';
import type { Alcance } from '../commands/cita.ts';

/** The appointment resource as the API answers it. */
export interface CitaView {
  idCita: number;
  idPaciente: number;
  idPsicologo: number;
  nombrePsicologo: string;
  nombrePaciente: string;
  startDatetime: string;
  durationMinutes: number;
  estado: EstadoCita;
  motivo: string | null;
}

type Row = Record<string, any>;

// Names are joined, not copied: an erased patient's row is gone from `pacientes` (and blanked in
// `usuarios`), so their appointments read "Paciente eliminado" in the psychologist's history.
const citas = (knex: Knex) =>
  knex('citas as c')
    .leftJoin('psicologos as ps', 'ps.id_psicologo', 'c.id_psicologo')
    .leftJoin('usuarios as ups', 'ups.id_usuario', 'ps.id_usuario')
    .leftJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
    .leftJoin('usuarios as upa', 'upa.id_usuario', 'p.id_usuario')
    .select('c.*', 'ups.nombre as psi_nombre', 'ups.apellido as psi_apellido', 'upa.nombre as pac_nombre', 'upa.apellido as pac_apellido');

const nombre = (n: string | null, a: string | null, fallback: string) => (n ? `${n} ${a ?? ''}`.trim() : fallback);

const view = (r: Row): CitaView => ({
  idCita: r.id_cita,
  idPaciente: r.id_paciente,
  idPsicologo: r.id_psicologo,
  nombrePsicologo: nombre(r.psi_nombre, r.psi_apellido, 'Psicólogo eliminado'),
  nombrePaciente: nombre(r.pac_nombre, r.pac_apellido, 'Paciente eliminado'),
  startDatetime: r.start_datetime,
  durationMinutes: r.duration_minutes,
  estado: r.estado,
  motivo: r.motivo,
});

function scoped(q: Knex.QueryBuilder, alcance: Alcance): Knex.QueryBuilder {
  if (alcance === 'todas') return q;
  return 'idPaciente' in alcance ? q.where('c.id_paciente', alcance.idPaciente) : q.where('c.id_psicologo', alcance.idPsicologo);
}

/** The appointments the caller may see, by id. */
export async function listCitas(knex: Knex, alcance: Alcance): Promise<CitaView[]> {
  return (await scoped(citas(knex), alcance).orderBy('c.id_cita')).map(view);
}

/** One appointment, or null when it does not exist or lies outside the caller's scope. */
export async function findCita(knex: Knex, idCita: number, alcance: Alcance): Promise<CitaView | null> {
  const row = await scoped(citas(knex), alcance).where('c.id_cita', idCita).first();
  return row ? view(row) : null;
}
