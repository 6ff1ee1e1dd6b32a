import type { Knex } from 'knex';
import type { FhirScope } from './types.ts';

/**
 * Restricts a query to the patients the viewer may see through `column` (a patient id column):
 * everyone (admin, system client), the patients assigned to a psychologist, or the patient self.
 */
export function wherePacienteInScope(q: Knex.QueryBuilder, column: string, scope: FhirScope): Knex.QueryBuilder {
  switch (scope.kind) {
    case 'all':
      return q;
    case 'paciente':
      return q.where(column, scope.idPaciente);
    case 'psicologo':
      return q.whereIn(column, (sub: Knex.QueryBuilder) => sub.select('id_paciente').from('pacientes').where('id_psicologo', scope.idPsicologo));
    default: {
      const never: never = scope;
      return never;
    }
  }
}

/** The patients in scope as a list (null: everyone), for bulk exports and the access log. */
export async function pacientesInScope(db: Knex, scope: FhirScope): Promise<number[] | null> {
  if (scope.kind === 'all') return null;
  if (scope.kind === 'paciente') return [scope.idPaciente];
  const rows = await db('pacientes').where('id_psicologo', scope.idPsicologo).orderBy('id_paciente').select('id_paciente');
  return rows.map((r: { id_paciente: number }) => r.id_paciente);
}
