import type { Knex } from 'knex';
import type { FacturaView } from './facturas.ts';
import type { AuthUser } from './usuarios.ts';

/**
 * An erased patient's invoices keep their recipient for the tax period (docs/billing.md
 * "Retention"), for those who must keep them: the administrator (the practice) and the psychologist
 * who issued them as a professional. The patient's psychologist who did not issue an invoice no
 * longer reads it once the patient is erased (404, as if absent). Erased: no row in `pacientes`
 * (PacienteEliminado deletes it; an invoice names a patient who existed).
 */
export async function legibleTrasEliminacion(knex: Knex, user: AuthUser, f: Pick<FacturaView, 'idPaciente' | 'idPsicologoEmisor'>): Promise<boolean> {
  if (user.rol !== 'PSICOLOGO' || (user.idPsicologo !== null && f.idPsicologoEmisor === user.idPsicologo)) return true;
  return (await knex('pacientes').where({ id_paciente: f.idPaciente }).first('id_paciente')) !== undefined;
}
