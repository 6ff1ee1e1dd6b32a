import type { Knex } from 'knex';
import { deletedEntities, joinVersion, META_COLUMNS, metaOf, whereInWindow, whereLastUpdated } from '../meta.ts';
import { intId } from '../params.ts';
import { CODE_SYSTEM_BASE } from '../format.ts';
import type { FhirResource, FhirResourceType, FhirScope } from '../types.ts';
import { exportByIntId, pageByIntId, whereIds } from './int-keyset.ts';

// Practitioner ← psicologos + usuarios (docs/fhir.md "Practitioner"). Every signed-in person may
// read it, as GET /api/psicologo/:id/perfil; a patient does not get the e-mail (the directory a
// patient chooses from never shows it). A deleted psychologist's row is gone: not found.

type Row = Record<string, any>;

export const LICENCIA_SYSTEM = `${CODE_SYSTEM_BASE}/licencia`;

function base(db: Knex): Knex.QueryBuilder {
  const q = db('psicologos as ps').join('usuarios as u', 'u.id_usuario', 'ps.id_usuario');
  joinVersion(q, 'psicologo', 'ps.id_psicologo');
  return q.select('ps.id_psicologo', 'ps.especialidad', 'ps.licencia', 'u.nombre', 'u.apellido', 'u.email', 'u.activo', ...META_COLUMNS);
}

/** The HumanName of a user row (given names split at spaces). */
export function humanName(r: Row): Record<string, unknown>[] {
  const given = String(r.nombre ?? '').split(/\s+/).filter(Boolean);
  if (given.length === 0 && !r.apellido) return [];
  return [{ use: 'official', ...(r.apellido ? { family: r.apellido } : {}), ...(given.length ? { given } : {}) }];
}

function toPractitioner(r: Row, scope: FhirScope): FhirResource {
  const licencia = r.licencia ? [{ system: LICENCIA_SYSTEM, value: r.licencia }] : [];
  const name = humanName(r);
  const email = scope.kind !== 'paciente' && r.email;
  const qualification = r.licencia || r.especialidad
    ? [{ ...(licencia.length ? { identifier: licencia } : {}), code: { text: r.especialidad ?? 'Psicología' } }]
    : [];
  return {
    resourceType: 'Practitioner', id: String(r.id_psicologo), meta: metaOf(r),
    ...(licencia.length ? { identifier: licencia } : {}),
    active: Boolean(r.activo),
    ...(name.length ? { name } : {}),
    ...(email ? { telecom: [{ system: 'email', value: r.email, use: 'work' }] } : {}),
    ...(qualification.length ? { qualification } : {}),
  };
}

export const practitionerType: FhirResourceType = {
  type: 'Practitioner',
  params: {},
  async read(rc, viewer, id) {
    const n = intId(id);
    const row = n === null ? null : await base(rc.knex).where('ps.id_psicologo', n).first();
    return row ? toPractitioner(row, viewer.scope) : null;
  },
  search(rc, viewer, req) {
    const q = whereLastUpdated(whereIds(base(rc.knex), 'ps.id_psicologo', req.clauses), req.clauses, rc.zone);
    return pageByIntId<Row>(q, 'ps.id_psicologo', req.count, req.cursor, (rows) => rows.map((r) => toPractitioner(r, viewer.scope)));
  },
  exportPages(rc, viewer, window, pageSize) {
    return exportByIntId<Row>(() => whereInWindow(base(rc.knex), window), 'ps.id_psicologo', pageSize, (rows) => rows.map((r) => toPractitioner(r, viewer.scope)));
  },
  async deletedIds(rc, _viewer, window) {
    return (await deletedEntities(rc.knex, 'psicologo', window, 'all')).map(String);
  },
  patientsOf: () => [],
};
