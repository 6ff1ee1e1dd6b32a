import type { DireccionAnadida } from '../events/direccion.ts';
import type { Knex } from 'knex';
import { pageById, type Page, type Paged } from './paging.ts';

export interface DireccionView {
  idDireccion: number;
  idPaciente: number;
  calle: string;
  ciudad: string | null;
  provincia: string | null;
  codigoPostal: string | null;
  pais: string | null;
  descripcion: string | null;
}

const toView = (r: Record<string, any>): DireccionView => ({
  idDireccion: r.id_direccion, idPaciente: r.id_paciente, calle: r.calle, ciudad: r.ciudad ?? null,
  provincia: r.provincia ?? null, codigoPostal: r.codigo_postal ?? null, pais: r.pais ?? null, descripcion: r.descripcion ?? null,
});

/** An address as the API shows it, from its DireccionAnadida. */
export const direccionFromEvent = (d: DireccionAnadida['data']): DireccionView => ({
  idDireccion: d.idDireccion, idPaciente: d.idPaciente, calle: d.calle, ciudad: d.ciudad ?? null,
  provincia: d.provincia ?? null, codigoPostal: d.codigoPostal ?? null, pais: d.pais ?? null, descripcion: d.descripcion ?? null,
});

/** A patient's addresses, or every address when no patient is given; by id. */
export async function listDirecciones(knex: Knex, idPaciente?: number): Promise<DireccionView[]> {
  return (await of(knex, idPaciente).orderBy('id_direccion')).map(toView);
}

/** One page of `listDirecciones`; keyset and limit in SQL. */
export const pageDirecciones = (knex: Knex, page: Page, idPaciente?: number): Promise<Paged<DireccionView>> =>
  pageById(of(knex, idPaciente), 'id_direccion', page, toView);

const of = (knex: Knex, idPaciente?: number) =>
  (idPaciente === undefined ? knex('direcciones').select('*') : knex('direcciones').select('*').where({ id_paciente: idPaciente }));

export async function findDireccion(knex: Knex, idDireccion: number): Promise<DireccionView | null> {
  const row = await knex('direcciones').where({ id_direccion: idDireccion }).first('*');
  return row ? toView(row) : null;
}

/** Whether the patient exists and is assigned to this psychologist. */
export async function isPacienteOf(knex: Knex, idPaciente: number, idPsicologo: number): Promise<boolean> {
  return Boolean(await knex('pacientes').where({ id_paciente: idPaciente, id_psicologo: idPsicologo }).first('id_paciente'));
}
