import type { DireccionAnadida } from '../events/direccion.ts';
import type { Knex } from 'knex';

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
  const q = knex('direcciones').orderBy('id_direccion');
  if (idPaciente !== undefined) q.where({ id_paciente: idPaciente });
  return (await q.select('*')).map(toView);
}

export async function findDireccion(knex: Knex, idDireccion: number): Promise<DireccionView | null> {
  const row = await knex('direcciones').where({ id_direccion: idDireccion }).first('*');
  return row ? toView(row) : null;
}

/** Whether the patient exists and is assigned to this psychologist. */
export async function isPacienteOf(knex: Knex, idPaciente: number, idPsicologo: number): Promise<boolean> {
  return Boolean(await knex('pacientes').where({ id_paciente: idPaciente, id_psicologo: idPsicologo }).first('id_paciente'));
}
