import { DateTime } from 'luxon';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { answerPage } from '../paging.ts';
import { abandonarListaEspera, MAX_DIAS_ESPERA, unirseListaEspera } from '../../commands/lista-espera.ts';
import { entradaEspera, pageListaEspera, type Hoy } from '../../queries/lista-espera.ts';
import { localDateTime } from '../../platform/time.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { actorOf, ownPsicologo } from './citas.ts';

// Waitlist (docs/lista-espera.md): a patient waits for time to free in a psychologist's agenda
// between two dates and is told, in the order they joined, when an appointment or blocked time
// in the range is removed; booking is the ordinary POST /api/citas (the first one wins).

const TAG = 'Citas';
const ID = s.int({ minimum: 1, maximum: 2_147_483_647 });
const ESTADOS = ['ACTIVA', 'ATENDIDA', 'ABANDONADA', 'EXPIRADA'] as const;

const unirseBody = named('ListaEsperaUnirse', s.object({
  idPsicologo: { ...ID, description: 'El psicólogo cuya agenda se espera' },
  desde: { ...s.date(), description: 'Primer día del rango (AAAA-MM-DD, hora local de la consulta), hoy o después' },
  hasta: { ...s.date(), description: `Último día del rango, incluido: como mucho ${MAX_DIAS_ESPERA} días en total y dentro del plazo de reserva` },
}, ['idPsicologo', 'desde', 'hasta']));

const entradaSchema = named('EntradaListaEspera', s.object({
  idEntrada: { ...s.int(), description: 'Identificador de la entrada' },
  idPaciente: s.int(),
  idPsicologo: s.int(),
  desde: s.date(),
  hasta: s.date(),
  estado: {
    ...s.enum(ESTADOS),
    description: 'ACTIVA: se avisa; ATENDIDA: el paciente reservó con ese psicólogo dentro del rango; ABANDONADA: la dejó; EXPIRADA: pasó `hasta`',
  },
  unidaEn: localDateTimeOut('Cuándo se unió (los avisos siguen el orden de llegada)'),
}, ['idEntrada', 'idPaciente', 'idPsicologo', 'desde', 'hasta', 'estado', 'unidaEn']));

const list = { 200: { description: 'Entradas, en el orden en que se unieron', schema: s.array(entradaSchema) } };

export function listaEsperaRoutes(deps: AppDeps): RouteDef[] {
  const zone = deps.config.practiceTimezone;
  const hoy = (): Hoy => ({ hoy: DateTime.fromJSDate(deps.clock.now(), { zone }).toISODate()!, zone });
  const ownPaciente = (ctx: Parameters<typeof caller>[0]) => {
    const id = caller(ctx).idPaciente;
    if (id === null) throw errors.notFound('Paciente', 'Patient');
    return id;
  };
  const noEncontrada = () => errors.notFound('Entrada de lista de espera', 'Waitlist entry');
  return [
    {
      method: 'post', path: '/api/lista-espera', operationId: 'joinListaEspera', tag: TAG, auth: ['PACIENTE'], body: unirseBody,
      summary: 'Unirse a la lista de espera de un psicólogo para un rango de fechas',
      description: 'Cuando se cancela una cita o se elimina un bloqueo de ese psicólogo en el rango, se avisa por correo y push, por orden de llegada, '
        + 'a quienes esperan; la cita se reserva con POST /api/citas y el primero que reserva se la queda. '
        + `El rango empieza hoy o después, dura como mucho ${MAX_DIAS_ESPERA} días y acaba dentro del plazo de reserva (si no, 400). `
        + 'Con cada psicólogo, un paciente tiene como mucho una entrada ACTIVA para fechas que se solapan (si no, 409); cada hueco liberado se le avisa una vez.',
      responses: { 201: { description: 'Entrada creada, ACTIVA', schema: entradaSchema } },
      handler: async (ctx, { body }) => {
        const idPaciente = ownPaciente(ctx);
        const r = await unirseListaEspera(deps, actorOf(caller(ctx)), idPaciente, body);
        await settled(deps, r);
        const entrada = await entradaEspera(deps.knex, r.idEntrada, { idPaciente }, hoy());
        ctx.status = 201;
        ctx.body = entrada ?? {
          idEntrada: r.idEntrada, idPaciente, idPsicologo: body.idPsicologo, desde: body.desde, hasta: body.hasta, estado: 'ACTIVA',
          unidaEn: localDateTime(deps.clock.now(), zone),
        };
      },
    },
    {
      method: 'get', path: '/api/lista-espera', operationId: 'listListaEspera', tag: TAG, auth: ['PACIENTE'],
      summary: 'Mis entradas en listas de espera', description: 'Todas, en cualquier estado, en el orden en que me uní.', responses: list,
      handler: async (ctx, { page }) => {
        const idPaciente = ownPaciente(ctx);
        await answerPage(ctx, page, (p) => pageListaEspera(deps.knex, { idPaciente }, hoy(), p));
      },
    },
    {
      method: 'delete', path: '/api/lista-espera/:id', operationId: 'leaveListaEspera', tag: TAG, auth: ['PACIENTE'],
      summary: 'Abandonar una de mis entradas de lista de espera',
      description: 'Deja de avisarse; la entrada sigue en la lista como ABANDONADA. Una entrada de otro paciente responde 404; una ya abandonada, 409.',
      responses: { 204: { description: 'Entrada abandonada' } },
      handler: async (ctx, { params }) => {
        const idPaciente = ownPaciente(ctx);
        if (!(await entradaEspera(deps.knex, params.id, { idPaciente }, hoy()))) throw noEncontrada();
        const r = await abandonarListaEspera(deps, actorOf(caller(ctx)), idPaciente, params.id);
        await settled(deps, r);
        ctx.status = 204;
      },
    },
    {
      method: 'get', path: '/api/psicologo/lista-espera', operationId: 'listListaEsperaPsicologo', tag: TAG, auth: ['PSICOLOGO'],
      summary: 'La lista de espera de mi agenda', description: 'Todas sus entradas, en cualquier estado, por orden de llegada.', responses: list,
      handler: async (ctx, { page }) => {
        const idPsicologo = ownPsicologo(caller(ctx));
        await answerPage(ctx, page, (p) => pageListaEspera(deps.knex, { idPsicologo }, hoy(), p));
      },
    },
  ];
}
