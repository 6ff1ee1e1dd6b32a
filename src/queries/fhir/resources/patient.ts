import type { Knex } from 'knex';
import { deletedEntities, joinVersion, META_COLUMNS, metaOf, whereInWindow, whereLastUpdated } from '../meta.ts';
import { intId } from '../params.ts';
import { wherePacienteInScope } from '../scope.ts';
import { fhirDate } from '../format.ts';
import type { FhirDb, FhirResource, FhirResourceType, FhirScope, FhirViewer } from '../types.ts';
import { exportByIntId, pageByIntId, whereIds } from './int-keyset.ts';
import { DNI_SYSTEM, PACIENTE_SYSTEM, wherePatientParams } from './patient-search.ts';

// Patient ← pacientes + usuarios + direcciones (docs/fhir.md "Patient"). An erased patient's row
// is gone from `pacientes`, so they are not found and in no search.

type Row = Record<string, any>;

/** The DNI is shown where the REST API shows it: the patient's own export and the administration (not to psychologists). */
const dniVisible = (scope: FhirScope) => scope.kind !== 'psicologo';

function base(db: Knex, scope: FhirScope): Knex.QueryBuilder {
  const q = db('pacientes as p').join('usuarios as u', 'u.id_usuario', 'p.id_usuario');
  joinVersion(q, 'paciente', 'p.id_paciente');
  wherePacienteInScope(q, 'p.id_paciente', scope);
  return q.select(
    'p.id_paciente', 'p.id_psicologo', 'p.fecha_nacimiento', 'p.genero', 'p.telefono', 'p.activo',
    'u.nombre', 'u.apellido', 'u.email', 'u.dni', 'u.activo as usuario_activo', ...META_COLUMNS,
  );
}

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
const MALE = new Set(['m', 'h', 'masculino', 'hombre', 'varon', 'male', 'man']);
const FEMALE = new Set(['f', 'femenino', 'mujer', 'female', 'woman']);
const OTHER = new Set(['otro', 'otra', 'other', 'no binario', 'no binaria', 'nb', 'x', 'no-binario', 'non-binary']);

/** genero is free text (≤ 50 characters): the usual Spanish and English words map; anything else is `unknown`. */
export function administrativeGender(genero: string | null): string | undefined {
  if (genero === null || genero.trim() === '') return undefined;
  const g = fold(genero);
  if (MALE.has(g)) return 'male';
  if (FEMALE.has(g)) return 'female';
  if (OTHER.has(g)) return 'other';
  return 'unknown';
}

function address(d: Row) {
  const a: Record<string, unknown> = { use: 'home', line: [d.calle] };
  if (d.ciudad) a.city = d.ciudad;
  if (d.provincia) a.state = d.provincia;
  if (d.codigo_postal) a.postalCode = d.codigo_postal;
  if (d.pais) a.country = d.pais;
  return a;
}

function toPatient(r: Row, direcciones: Row[], scope: FhirScope, system: string): FhirResource {
  const identifier: object[] = [{ use: 'usual', system, value: String(r.id_paciente) }];
  if (r.dni && dniVisible(scope)) identifier.push({ use: 'official', system: DNI_SYSTEM, value: r.dni });
  const given = String(r.nombre ?? '').split(/\s+/).filter(Boolean);
  const name = { use: 'official', ...(r.apellido ? { family: r.apellido } : {}), ...(given.length ? { given } : {}) };
  const telecom = [
    ...(r.telefono ? [{ system: 'phone', value: r.telefono }] : []),
    ...(r.email ? [{ system: 'email', value: r.email }] : []),
  ];
  const gender = administrativeGender(r.genero);
  return {
    resourceType: 'Patient', id: String(r.id_paciente), meta: metaOf(r), identifier,
    active: Boolean(r.activo && r.usuario_activo),
    ...(given.length || r.apellido ? { name: [name] } : {}),
    ...(telecom.length ? { telecom } : {}),
    ...(gender ? { gender } : {}),
    ...(r.fecha_nacimiento ? { birthDate: fhirDate(r.fecha_nacimiento) } : {}),
    ...(direcciones.length ? { address: direcciones.map(address) } : {}),
    ...(r.id_psicologo !== null ? { generalPractitioner: [{ reference: `Practitioner/${r.id_psicologo}` }] } : {}),
  };
}

/** The rows' resources, with their addresses read in one query. */
async function build(rc: FhirDb, rows: Row[], scope: FhirScope): Promise<FhirResource[]> {
  const db = rc.knex;
  const dirs: Row[] = rows.length === 0 ? [] : await db('direcciones').whereIn('id_paciente', rows.map((r) => r.id_paciente)).orderBy('id_direccion');
  return rows.map((r) => toPatient(r, dirs.filter((d) => d.id_paciente === r.id_paciente), scope, rc.patientIdSystem ?? PACIENTE_SYSTEM));
}

/** Erased patients in scope: for a psychologist, those assigned now or with an appointment in their agenda (ids only). */
async function erasedIds(db: Knex, scope: FhirScope): Promise<number[] | 'all'> {
  if (scope.kind === 'all') return 'all';
  if (scope.kind === 'paciente') return [scope.idPaciente];
  const rows = await db.raw('select id_paciente from pacientes where id_psicologo = ? union select id_paciente from citas where id_psicologo = ?', [scope.idPsicologo, scope.idPsicologo]);
  return rows.rows.map((r: Row) => r.id_paciente);
}

export const patientType: FhirResourceType = {
  type: 'Patient',
  params: {
    identifier: { type: 'token', documentation: `Our patient id (system FHIR_PATIENT_ID_SYSTEM, by default ${PACIENTE_SYSTEM}) or the DNI (${DNI_SYSTEM}; not for psychologists), [system|]value` },
    name: { type: 'string', documentation: 'Family (apellido) or a given name: starts with, ignoring case and accents; :exact, :contains', modifiers: ['exact', 'contains'] },
    birthdate: { type: 'date', documentation: 'Date of birth, with prefixes' },
  },
  async read(rc: FhirDb, viewer: FhirViewer, id: string) {
    const n = intId(id);
    if (n === null) return null;
    const row = await base(rc.knex, viewer.scope).where('p.id_paciente', n).first();
    return row ? (await build(rc, [row], viewer.scope))[0] : null;
  },
  search(rc, viewer, req) {
    const q = base(rc.knex, viewer.scope);
    whereIds(q, 'p.id_paciente', req.clauses);
    whereLastUpdated(q, req.clauses, rc.zone);
    wherePatientParams(q, req.clauses, rc.zone, dniVisible(viewer.scope), rc.patientIdSystem);
    return pageByIntId<Row>(q, 'p.id_paciente', req.count, req.cursor, (rows) => build(rc, rows, viewer.scope));
  },
  exportPages(rc, viewer, window, pageSize) {
    return exportByIntId<Row>(() => whereInWindow(base(rc.knex, viewer.scope), window), 'p.id_paciente', pageSize, (rows) => build(rc, rows, viewer.scope));
  },
  async deletedIds(rc, viewer, window) {
    return (await deletedEntities(rc.knex, 'paciente', window, await erasedIds(rc.knex, viewer.scope))).map(String);
  },
  patientsOf: (resource) => [Number(resource.id)],
};
