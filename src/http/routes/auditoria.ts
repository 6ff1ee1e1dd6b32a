import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { queryId } from '../query-integer.ts';
import { localDateTimeOut, utcInstantOut } from '../datetime-schemas.ts';
import { recordAccess } from '../access-log.ts';
import { AUDIT_READERS } from '../auditor-access.ts';
import { errors } from '../../platform/errors.ts';
import {
  EVENTO_KEY, eventoKey, eventosClinicos, historialAsOf, historialKey, pacienteEnLog, pageAccesos, parseAsOf, type AuditDeps,
} from '../../queries/auditoria.ts';
import { pageAfterItem, pageInMemory } from '../../queries/paging.ts';
import { answerPage } from '../paging.ts';
// Past states of the clinical record have the shape of its current ones.
import { historialSchema } from './historial.ts';

const TAG = 'Auditoría';
const asOfQuery = s.object({ asOf: { ...s.datetime({ fraction: true }), description: 'Fecha y hora local de la consulta, incluida entera: sin fracción abarca todo su segundo (HH:MM:SS, como se muestran firmadoEn y occurredAt) o minuto (HH:MM)' } });
const nullableInt = s.nullable(s.int());
const eventoSchema = named('EventoAuditoria', s.object(
  {
    eventId: s.string(), stream: s.string(), type: s.string(), occurredAt: localDateTimeOut(), occurredAtUtc: utcInstantOut('Momento del evento'),
    actor: s.object({ idUsuario: nullableInt, rol: s.nullable(s.string()) }, ['idUsuario', 'rol']),
    data: { type: 'object' }, erased: s.array(s.string()),
  },
  ['eventId', 'stream', 'type', 'occurredAt', 'occurredAtUtc', 'actor', 'data', 'erased'],
));
export const accesoSchema = named('AccesoExpediente', s.object(
  { idAcceso: s.int(), idUsuario: nullableInt, idClienteFhir: { ...nullableInt, description: 'El cliente FHIR (SMART Backend Services) que leyó; null si fue una persona' }, rol: s.string(), idPaciente: s.int(), recurso: s.string(), metodo: s.string(), ruta: s.string(), accedidoEn: localDateTimeOut() },
  ['idAcceso', 'idUsuario', 'idClienteFhir', 'rol', 'idPaciente', 'recurso', 'metodo', 'ruta', 'accedidoEn'],
));

export const auditDeps = (deps: AppDeps): AuditDeps => ({
  store: deps.store, knex: deps.knex, timezone: deps.config.practiceTimezone, scanLog: deps.config.eventStore !== 'postgres',
});

// Read by ADMIN and by the read-only AUDITOR (decisions.md "Signed records and audit"; the rule
// in src/http/auditor-access.ts). Every read of a patient's record here is itself logged.
export function auditoriaRoutes(deps: AppDeps): RouteDef[] {
  const audit = auditDeps(deps);
  /** The patient must be known to the log (erased patients too); asOf defaults to now. */
  const target = async (idPaciente: number, asOf?: string) => {
    const at = asOf === undefined ? undefined : parseAsOf(asOf, audit.timezone);
    if (!(await pacienteEnLog(deps.store, idPaciente))) throw errors.notFound('Paciente', 'Patient');
    return at;
  };
  return [
    {
      method: 'get', path: '/api/admin/auditoria/pacientes/:idPaciente/eventos', operationId: 'listAuditoriaEventos', tag: TAG, auth: AUDIT_READERS,
      summary: 'Eventos del expediente clínico de un paciente, sus mensajes y los motivos de sus citas, en orden del registro, hasta asOf (hora local; opcional)',
      query: asOfQuery, responses: { 200: { description: 'Eventos con actor, hora, tipo y datos abiertos (borrados: null y en erased)', schema: s.array(eventoSchema) } },
      handler: async (ctx, { params, query, page }) => {
        const asOf = await target(params.idPaciente, query.asOf);
        const eventos = await eventosClinicos(audit, params.idPaciente, asOf);
        await recordAccess(deps, ctx, 'AUDITORIA', [params.idPaciente]);
        await answerPage(ctx, page, async (p) => pageAfterItem(eventos, p, eventoKey, EVENTO_KEY));
      },
    },
    {
      method: 'get', path: '/api/admin/auditoria/pacientes/:idPaciente/historial-clinico', operationId: 'getAuditoriaHistorial', tag: TAG, auth: AUDIT_READERS,
      summary: 'El historial clínico tal como estaba en asOf (hora local; por defecto ahora), reconstruido desde los eventos',
      query: asOfQuery, responses: { 200: { description: 'Registros vigentes en asOf, por idHistory', schema: s.array(historialSchema) } },
      handler: async (ctx, { params, query, page }) => {
        const asOf = (await target(params.idPaciente, query.asOf)) ?? deps.clock.now();
        const records = await historialAsOf(audit, params.idPaciente, asOf);
        await recordAccess(deps, ctx, 'AUDITORIA', [params.idPaciente]);
        await answerPage(ctx, page, async (p) => pageInMemory(records, p, historialKey, ['id']));
      },
    },
    {
      method: 'get', path: '/api/admin/auditoria/accesos', operationId: 'listAuditoriaAccesos', tag: TAG, auth: AUDIT_READERS,
      summary: 'Lecturas del expediente clínico por psicólogos, administradores y auditores (de un paciente, o todas)',
      query: s.object({ idPaciente: queryId() }),
      responses: { 200: { description: 'Accesos, por idAcceso', schema: s.array(accesoSchema) } },
      handler: async (ctx, { query, page }) => {
        const idPaciente = query.idPaciente === undefined ? undefined : Number(query.idPaciente);
        if (idPaciente !== undefined && idPaciente > 2_147_483_647) throw errors.invalid('Identificador no válido: idPaciente', 'Invalid identifier: idPaciente');
        await answerPage(ctx, page, (p) => pageAccesos(deps.knex, audit.timezone, p, idPaciente));
      },
    },
  ];
}
