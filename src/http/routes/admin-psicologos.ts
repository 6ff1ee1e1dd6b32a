import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { localStorageIn } from '../../platform/storage.ts';
import { pagePsicologosAdmin, pagePsicologosConPacientes } from '../../queries/psicologos.ts';
import { answerPage } from '../paging.ts';
import { actualizarBody, actualizarHandler, crearBody, crearHandler, eliminarHandler, perfilSchema } from './psicologos.ts';

const adminItemFields = {
  idPsicologo: s.int(), idUsuario: s.int(), nombre: s.string(), apellido: s.string(), email: s.string(), especialidad: s.nullable(s.string()),
};
const adminItem = named('PsicologoResumen', s.object(adminItemFields, Object.keys(adminItemFields)));
const conPacientes = named('PsicologoConPacientes', s.object(
  {
    idPsicologo: s.int(), nombrePsicologo: s.string(),
    pacientes: s.array(s.object({ idPaciente: s.int(), nombrePaciente: s.string(), email: s.string() }, ['idPaciente', 'nombrePaciente', 'email'])),
  },
  ['idPsicologo', 'nombrePsicologo', 'pacientes'],
));

/** The administrator's view of psychologists; create, update and delete behave as under /api/psicologo. */
export function adminPsicologosRoutes(deps: AppDeps): RouteDef[] {
  const storage = localStorageIn(deps.config.dataDir);
  const tag = 'Administración de psicólogos';
  return [
    {
      method: 'get', path: '/api/admin/psicologos', operationId: 'listPsicologosAdmin', tag, summary: 'Listar psicólogos', auth: ['ADMIN'],
      responses: { 200: { description: 'Psicólogos, por idPsicologo', schema: s.array(adminItem) } },
      handler: (ctx, { page }) => answerPage(ctx, page, (p) => pagePsicologosAdmin(deps.knex, p)),
    },
    {
      method: 'post', path: '/api/admin/psicologos/create', operationId: 'createPsicologoAdmin', tag, summary: 'Crear el perfil de psicólogo de un usuario PSICOLOGO', auth: ['ADMIN'],
      body: crearBody, responses: { 201: { description: 'Psicólogo creado', schema: perfilSchema } }, handler: crearHandler(deps),
    },
    {
      method: 'get', path: '/api/admin/psicologos/pacientes', operationId: 'listPsicologosConPacientes', tag, summary: 'Psicólogos con sus pacientes', auth: ['ADMIN'],
      responses: { 200: { description: 'Cada psicólogo con sus pacientes activos', schema: s.array(conPacientes) } },
      handler: (ctx, { page }) => answerPage(ctx, page, (p) => pagePsicologosConPacientes(deps.knex, p)),
    },
    {
      method: 'put', path: '/api/admin/psicologos/:id', operationId: 'updatePsicologoAdmin', tag, summary: 'Actualizar un perfil de psicólogo', auth: ['ADMIN'],
      body: actualizarBody, responses: { 200: { description: 'Perfil actualizado', schema: perfilSchema } }, handler: actualizarHandler(deps),
    },
    {
      method: 'delete', path: '/api/admin/psicologos/:id', operationId: 'deletePsicologoAdmin', tag, summary: 'Eliminar un perfil de psicólogo', auth: ['ADMIN'],
      responses: { 204: { description: 'Eliminado' } }, handler: eliminarHandler(deps, storage),
    },
  ];
}
