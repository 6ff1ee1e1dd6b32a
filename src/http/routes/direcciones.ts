import type { DireccionAnadida } from '../../events/direccion.ts';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { queryId } from '../query-integer.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import type { AuthUser } from '../../queries/usuarios.ts';
import { direccionFromEvent, findDireccion, isPacienteOf, pageDirecciones } from '../../queries/direcciones.ts';
import { answerPage, type ListPage } from '../paging.ts';
import { anadirDireccion, eliminarDireccion } from '../../commands/directorio.ts';
import { direccionNotFound } from '../../commands/direccion.ts';
import { codigoPostalSchema } from '../../commands/direccion-rules.ts';

const text = (max: number) => s.nullable(s.string({ maxLength: max }));
const direccionSchema = named('Direccion', s.object(
  {
    idDireccion: s.int(), idPaciente: s.int(), calle: s.string(), ciudad: text(100), provincia: text(100),
    codigoPostal: text(10), pais: text(100), descripcion: text(500),
  },
  ['idDireccion', 'idPaciente', 'calle', 'ciudad', 'provincia', 'codigoPostal', 'pais', 'descripcion'],
));
const direccionBody = named('DireccionCrear', s.object(
  { calle: s.nonEmpty(200), ciudad: text(100), provincia: text(100), codigoPostal: codigoPostalSchema(), pais: text(100), descripcion: text(500) },
  ['calle', 'codigoPostal'],
));
// Query values arrive as text; the integer range is checked in the handler (PostgreSQL int).
const idPacienteQuery = s.object({ idPaciente: queryId() }, ['idPaciente']);

interface DireccionBody {
  calle: string;
  ciudad?: string | null;
  provincia?: string | null;
  codigoPostal: string;
  pais?: string | null;
  descripcion?: string | null;
}

export const actorOf = (user: AuthUser) => ({ idUsuario: user.idUsuario, rol: user.rol });

/** The caller's patient id (a PACIENTE always has one; a missing one reads as not found). */
function ownPaciente(user: AuthUser): number {
  if (user.idPaciente === null) throw errors.notFound('Paciente', 'Patient');
  return user.idPaciente;
}

export function direccionesRoutes(deps: AppDeps): RouteDef[] {
  const list = { 200: { description: 'Direcciones, por idDireccion', schema: s.array(direccionSchema) } };
  return [
    {
      method: 'get', path: '/api/direcciones', operationId: 'listDirecciones', tag: 'Direcciones', summary: 'Mis direcciones', auth: ['PACIENTE'], responses: list,
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageDirecciones(deps.knex, p, ownPaciente(caller(ctx))));
      },
    },
    {
      method: 'post', path: '/api/direcciones', operationId: 'createDireccion', tag: 'Direcciones', summary: 'Añadir una dirección', auth: ['PACIENTE'],
      body: direccionBody, responses: { 201: { description: 'Dirección creada', schema: direccionSchema } },
      handler: async (ctx, { body }: { body: DireccionBody }) => {
        const user = caller(ctx);
        const r = await anadirDireccion(deps, actorOf(user), ownPaciente(user), {
          calle: body.calle, ciudad: body.ciudad ?? null, provincia: body.provincia ?? null, codigoPostal: body.codigoPostal,
          pais: body.pais ?? null, descripcion: body.descripcion ?? null,
        });
        await settled(deps, r);
        const anadida = r.events.find((e): e is DireccionAnadida => e.type === 'DireccionAnadida');
        const created = (await findDireccion(deps.knex, r.idDireccion)) ?? (anadida && direccionFromEvent(anadida.data));
        ctx.status = 201;
        ctx.body = created;
      },
    },
    {
      method: 'get', path: '/api/direcciones/:id', operationId: 'getDireccion', tag: 'Direcciones', summary: 'Una de mis direcciones', auth: ['PACIENTE'],
      responses: { 200: { description: 'Dirección', schema: direccionSchema } },
      handler: async (ctx, { params }) => {
        const found = await findDireccion(deps.knex, params.id);
        if (!found || found.idPaciente !== ownPaciente(caller(ctx))) throw direccionNotFound();
        ctx.body = found;
      },
    },
    {
      method: 'delete', path: '/api/direcciones/:id', operationId: 'deleteDireccion', tag: 'Direcciones', summary: 'Eliminar una de mis direcciones', auth: ['PACIENTE'],
      responses: { 204: { description: 'Dirección eliminada' } },
      handler: async (ctx, { params }) => {
        const user = caller(ctx);
        const r = await eliminarDireccion(deps, actorOf(user), ownPaciente(user), params.id);
        await settled(deps, r);
        ctx.status = 204;
      },
    },
    {
      method: 'get', path: '/api/psicologo/direcciones', operationId: 'listDireccionesPsicologo', tag: 'Direcciones', summary: 'Direcciones de uno de mis pacientes', auth: ['PSICOLOGO'],
      query: idPacienteQuery, responses: list,
      handler: async (ctx, { query, page }: { query: { idPaciente: string }; page?: ListPage }) => {
        const idPaciente = Number(query.idPaciente);
        if (idPaciente > 2_147_483_647) throw errors.invalid('Identificador no válido: idPaciente', 'Invalid identifier: idPaciente');
        const { idPsicologo } = caller(ctx);
        // Another psychologist's patient reads exactly like a patient that does not exist.
        if (idPsicologo === null || !(await isPacienteOf(deps.knex, idPaciente, idPsicologo))) throw errors.notFound('Paciente', 'Patient');
        await answerPage(ctx, page, (p) => pageDirecciones(deps.knex, p, idPaciente));
      },
    },
    {
      method: 'get', path: '/api/admin/direcciones', operationId: 'listDireccionesAdmin', tag: 'Direcciones', summary: 'Todas las direcciones', auth: ['ADMIN'], responses: list,
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageDirecciones(deps.knex, p));
      },
    },
  ];
}
