import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { answerPage } from '../paging.ts';
import { pageDirectorio } from '../../queries/directorio-psicologos.ts';
import { MODALIDADES } from '../../events/cita.ts';

const itemFields = {
  idPsicologo: s.int(), nombre: s.string(), apellido: s.string(), especialidad: s.nullable(s.string()),
  experiencia: s.int(), descripcion: s.nullable(s.string()), fotoPerfilUrl: s.nullable(s.string()),
  modalidades: { ...s.array(s.enum(MODALIDADES)), description: 'Modalidades de cita que ofrece: PRESENCIAL, ONLINE o las dos (docs/care.md)' },
};
const itemSchema = named('PsicologoDirectorio', s.object(itemFields, Object.keys(itemFields)));
const directorioQuery = s.object({
  especialidad: s.string({
    minLength: 1, maxLength: 200, pattern: '\\S', example: 'ansiedad',
    description: 'Solo los psicólogos cuya especialidad contiene este texto, sin distinguir mayúsculas (1 a 200 caracteres)',
  }),
});

/**
 * The directory a patient chooses a psychologist from: GET /api/psicologo is staff-only (it shows
 * e-mails and licences), and a self-registered patient needs some idPsicologo to book with.
 */
export function directorioPsicologosRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'get', path: '/api/psicologos/directorio', operationId: 'listDirectorioPsicologos', tag: 'Psicólogos', auth: 'authenticated',
      summary: 'Directorio de psicólogos para elegir con quién pedir cita',
      description: 'Psicólogos activos con perfil, por idPsicologo: datos profesionales, nombre y foto; nunca el correo ni la licencia. '
        + 'El idPsicologo es el que pide POST /api/citas.',
      query: directorioQuery,
      responses: { 200: { description: 'Psicólogos activos con perfil, por idPsicologo', schema: s.array(itemSchema) } },
      handler: (ctx, { page, query }) => answerPage(ctx, page, (p) => pageDirectorio(deps.knex, (query as { especialidad?: string }).especialidad, p)),
    },
  ];
}
