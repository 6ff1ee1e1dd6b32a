import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { form, named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import { answerPage } from '../paging.ts';
import { queryInteger } from '../query-integer.ts';
import { errors } from '../../platform/errors.ts';
import { EMISORES, FACTURAR_CARGOS, type DatosFiscales, type EmisorEs, type FacturarCargos } from '../../events/factura.ts';
import type { AuthUser } from '../../queries/usuarios.ts';
import { findPacienteFor } from '../../queries/pacientes.ts';
import { destinatarioPaciente, facturaEnAlcance, findFactura, pageFacturas, vistaPdf, type FiltroFacturas } from '../../queries/facturas.ts';
import { legibleTrasEliminacion } from '../../queries/facturas-retencion.ts';
import {
  ajustesFacturacion, anularFactura, datosFiscalesPsicologo, emitirFactura, facturaNotFound, fijarAjustesFacturacion,
  fijarDatosFiscalesPsicologo, rectificarFactura, type AlcanceFactura,
} from '../../commands/facturas.ts';
import { renderFacturaPdf } from '../../platform/factura-pdf/render.ts';
import type { EntornoAeat } from '../../platform/verifactu/qr.ts';
import { AEAT_ENDPOINTS } from '../../platform/verifactu/aeat-soap.ts';
import { actorOf } from './direcciones.ts';
import { facturaSchema } from './facturas-schemas.ts';
import { lineasPedidas, type LineaBody } from './facturas-lineas.ts';

const TAG = 'Facturas';
/** The QR's cotejo host follows AEAT_ENDPOINT: production for `prod`, AEAT's test host otherwise (docs/billing.md). */
const entornoDe = (endpoint: string): EntornoAeat => (endpoint === AEAT_ENDPOINTS.prod ? 'produccion' : 'pruebas');

// 9 characters once separators are dropped; the check character is validarNif's (400 naming nif).
const NIF_PATTERN = form('^[0-9A-Za-z][0-9A-Za-z .-]{7,14}[0-9A-Za-z]$', 'un NIF o NIE (9 caracteres; se comprueba su carácter de control)', 'a NIF or NIE (9 characters; its check character is verified)');
const datosFiscales = named('DatosFiscales', s.object(
  {
    nombreRazon: { ...s.nonEmpty(120), example: 'Consulta Ejemplo S.L.', description: 'Nombre o razón social' },
    nif: s.string({ pattern: NIF_PATTERN, example: 'B12345674', description: 'NIF o NIE, con su carácter de control (se comprueba)' }),
    domicilio: s.array({ ...s.nonEmpty(200), example: 'Calle Mayor 1' }, { minItems: 1, maxItems: 4, example: ['Calle Mayor 1', '28013 Madrid'], description: 'Domicilio, una línea por elemento' }),
  },
  ['nombreRazon', 'nif', 'domicilio'],
));
const FACTURAR_CARGOS_TEXTO = 'Cómo se facturan los cargos: POR_CARGO (cada uno en su factura al registrarse) o MENSUAL (una factura por paciente y mes, POST /api/admin/facturas/mensuales; por defecto)';
const ajustesSchema = named('AjustesFacturacion', s.object(
  {
    emisorEs: { ...s.enum(EMISORES), description: 'Quién emite las facturas: CONSULTA (la consulta, con sus datos) o PSICOLOGO (cada psicólogo como profesional independiente, con sus datos fiscales)' },
    consulta: { ...s.nullable(datosFiscales), description: 'Datos de la consulta como emisor; null si no se han fijado' },
    facturarCargos: { ...s.enum(FACTURAR_CARGOS), description: FACTURAR_CARGOS_TEXTO },
  },
  ['emisorEs', 'consulta', 'facturarCargos'],
));
const ajustesBody = named('AjustesFacturacionDatos', s.object(
  { emisorEs: s.enum(EMISORES), consulta: datosFiscales, facturarCargos: { ...s.enum(FACTURAR_CARGOS), description: `${FACTURAR_CARGOS_TEXTO}. Si se omite, se mantiene` } },
  ['emisorEs'],
));
const lineaBody = named('LineaFacturaDatos', s.object(
  {
    idServicio: s.int({ minimum: 1, maximum: 2_147_483_647, description: 'Servicio facturado: su nombre es la descripción y su precio lo resuelven las tarifas' }),
    cantidad: s.int({ minimum: 1, maximum: 1000, description: 'Unidades (1 por defecto)' }),
    descripcion: { ...s.nonEmpty(200), example: 'Sesión de psicología', description: 'Descripción (por defecto el nombre del servicio o "Sesión de psicología"). Nunca contenido clínico.' },
    precioCentimos: s.int({ minimum: 0, maximum: 99_999_999, description: 'Precio unitario antes de IVA en céntimos, si no se factura un servicio' }),
    iva: { type: ['string', 'integer'], enum: ['EXENTO', 21, 10, 4], minimum: 4, maximum: 21, description: 'IVA de una línea sin servicio: EXENTO (por defecto) o 21, 10, 4' },
  },
));
const emitirBody = named('FacturaDatos', s.object(
  { idPaciente: s.int({ minimum: 1, maximum: 2_147_483_647, description: 'Paciente al que se factura' }), lineas: s.array(lineaBody, { minItems: 1, maxItems: 100 }) },
  ['idPaciente', 'lineas'],
));
const lineaRectificacion = named('LineaRectificacionDatos', s.object(
  {
    descripcion: { ...s.nonEmpty(200), example: 'Sesión de psicología', description: 'Descripción (por defecto "Sesión de psicología"). Nunca contenido clínico.' },
    precioCentimos: s.int({ minimum: -99_999_999, maximum: 99_999_999, description: 'Diferencia unitaria antes de IVA en céntimos: negativa para rebajar la original' }),
    cantidad: s.int({ minimum: 1, maximum: 1000, description: 'Unidades (1 por defecto)' }),
    iva: { type: ['string', 'integer'], enum: ['EXENTO', 21, 10, 4], minimum: 4, maximum: 21, description: 'EXENTO (por defecto) o 21, 10, 4' },
  },
  ['precioCentimos'],
));
const rectificarBody = named('RectificacionFacturaDatos', s.object(
  {
    lineas: s.array(lineaRectificacion, { minItems: 1, maxItems: 100 }),
    motivo: { ...s.nonEmpty(500), example: 'Precio mal aplicado', description: 'Por qué se rectifica (se imprime en la rectificativa)' },
    tipo: { ...s.enum(['R1', 'R4']), description: 'R1 (error fundado en derecho, art. 80 Uno, Dos y Seis Ley 37/1992; por defecto) o R4 (resto); la de una simplificada es R5' },
  },
  ['lineas', 'motivo'],
));
const anularBody = named('AnulacionFacturaDatos', s.object({ motivo: { ...s.nonEmpty(500), example: 'Emitida por error', description: 'Por qué se anula (queda en el evento, no en el registro de la AEAT)' } }, ['motivo']));
const ID = { minimum: 1, maximum: 2_147_483_647 };
const listaQuery = s.object({
  idPaciente: queryInteger(ID, { type: 'string', example: '12', description: 'Solo las de este paciente' }),
  idPsicologo: queryInteger(ID, { type: 'string', example: '3', description: 'Solo las de los pacientes de este psicólogo o emitidas por él' }),
  anio: queryInteger({ minimum: 2000, maximum: 2100 }, { type: 'string', example: '2026', description: 'Solo las de este año (fecha de expedición)' }),
});

const alcanceDe = (user: AuthUser): AlcanceFactura => (user.rol === 'ADMIN' ? 'todos' : { idPsicologo: user.idPsicologo ?? -1 });

/** Invoices (docs/billing.md "Invoices and numbering"): issuer settings, issuing, cancelling, reading, the PDF. */
export function facturasRoutes(deps: AppDeps): RouteDef[] {
  const { knex } = deps;
  const ENTORNO = entornoDe(deps.config.aeat.endpoint);
  const visible = async (user: AuthUser, id: number) => {
    const f = await findFactura(knex, id, ENTORNO);
    if (!f || !facturaEnAlcance(user, f) || !(await legibleTrasEliminacion(knex, user, f))) throw facturaNotFound();
    return f;
  };
  const lista = { 200: { description: 'Facturas, por idFactura', schema: s.array(facturaSchema) } };
  return [
    {
      method: 'get', path: '/api/admin/facturacion/ajustes', operationId: 'getAjustesFacturacion', tag: TAG, summary: 'Quién emite las facturas y los datos de la consulta', auth: ['ADMIN'],
      responses: { 200: { description: 'Ajustes de facturación', schema: ajustesSchema } },
      handler: async (ctx) => { ctx.body = await ajustesFacturacion(deps.store); },
    },
    {
      method: 'put', path: '/api/admin/facturacion/ajustes', operationId: 'setAjustesFacturacion', tag: TAG, summary: 'Fijar quién emite y los datos de la consulta como emisor', auth: ['ADMIN'],
      description: 'El NIF se comprueba (400 nombrando el campo). Sin `consulta`, la consulta queda sin datos de emisor.',
      body: ajustesBody, responses: { 200: { description: 'Ajustes fijados', schema: ajustesSchema } },
      handler: async (ctx, { body }: { body: { emisorEs: EmisorEs; consulta?: DatosFiscales; facturarCargos?: FacturarCargos } }) => {
        const datos = { emisorEs: body.emisorEs, consulta: body.consulta ?? null, facturarCargos: body.facturarCargos };
        await settled(deps, await fijarAjustesFacturacion(deps, actorOf(caller(ctx)), datos));
        ctx.body = await ajustesFacturacion(deps.store);
      },
    },
    {
      method: 'get', path: '/api/admin/psicologos/:id/datos-fiscales', operationId: 'getDatosFiscalesPsicologo', tag: TAG, summary: 'Datos fiscales de un psicólogo como emisor', auth: ['ADMIN'],
      responses: { 200: { description: 'Datos fiscales', schema: datosFiscales } },
      handler: async (ctx, { params }) => {
        const d = await datosFiscalesPsicologo(deps.store, params.id);
        if (!d) throw errors.notFound('Recurso', 'Fiscal data');
        ctx.body = d;
      },
    },
    {
      method: 'put', path: '/api/admin/psicologos/:id/datos-fiscales', operationId: 'setDatosFiscalesPsicologo', tag: TAG, summary: 'Fijar los datos fiscales de un psicólogo (emite cuando emisorEs es PSICOLOGO)', auth: ['ADMIN'],
      body: datosFiscales, responses: { 200: { description: 'Datos fiscales fijados', schema: datosFiscales } },
      handler: async (ctx, { params, body }: { params: Record<string, number>; body: DatosFiscales }) => {
        await fijarDatosFiscalesPsicologo(deps, actorOf(caller(ctx)), params.id, body);
        ctx.body = await datosFiscalesPsicologo(deps.store, params.id);
      },
    },
    {
      method: 'post', path: '/api/admin/facturas', operationId: 'createFactura', tag: TAG, summary: 'Emitir una factura a un paciente', auth: ['ADMIN', 'PSICOLOGO'],
      description: 'Numerada en la serie del emisor y el año (AAAA-A/000001), sin huecos ni repeticiones, con su registro de alta VERI*FACTU encadenado. '
        + 'Un psicólogo solo si emite cada psicólogo (403 si no) y solo a sus pacientes (404). Sin NIF o domicilio del paciente, factura simplificada (F2) '
        + 'hasta 400,00 €; por encima, 409. Sin datos del emisor, 409 diciendo cuáles faltan.',
      body: emitirBody, responses: { 201: { description: 'Factura emitida', schema: facturaSchema } },
      handler: async (ctx, { body }: { body: { idPaciente: number; lineas: LineaBody[] } }) => {
        const user = caller(ctx);
        const paciente = await findPacienteFor(knex, user, body.idPaciente);
        const destinatario = paciente && (await destinatarioPaciente(knex, body.idPaciente));
        if (!paciente || !destinatario) throw errors.notFound('Paciente', 'Patient');
        const lineas = await lineasPedidas(knex, paciente, body.lineas);
        const r = await emitirFactura(deps, actorOf(user), alcanceDe(user), { idPaciente: body.idPaciente, lineas, destinatario });
        await settled(deps, r);
        ctx.status = 201;
        ctx.body = await visible(user, r.factura.idFactura);
      },
    },
    {
      method: 'post', path: '/api/admin/facturas/:id/anulacion', operationId: 'anularFactura', tag: TAG, summary: 'Anular una factura (queda, marcada ANULADA, con su registro de anulación)', auth: ['ADMIN'],
      body: anularBody, responses: { 200: { description: 'Factura anulada', schema: facturaSchema } },
      handler: async (ctx, { params, body }: { params: Record<string, number>; body: { motivo: string } }) => {
        const user = caller(ctx);
        await settled(deps, await anularFactura(deps, actorOf(user), params.id, body.motivo.trim()));
        ctx.body = await visible(user, params.id);
      },
    },
    {
      method: 'post', path: '/api/admin/facturas/:id/rectificativa', operationId: 'rectificarFactura', tag: TAG, summary: 'Emitir una factura rectificativa (por diferencias) de una factura', auth: ['ADMIN'],
      description: 'Numerada en la serie R del emisor de la original y el año (AAAA-R/000001), con su registro de alta que nombra la original. Las diferencias '
        + 'pueden ser negativas, sin dejar el total de la original (con sus rectificaciones) por debajo de 0 (400). Una anulada o una rectificativa no se rectifican (409).',
      body: rectificarBody, responses: { 201: { description: 'Factura rectificativa emitida', schema: facturaSchema } },
      handler: async (ctx, { params, body }: { params: Record<string, number>; body: { lineas: LineaBody[]; motivo: string; tipo?: 'R1' | 'R4' } }) => {
        const user = caller(ctx);
        const lineas = body.lineas.map((l) => ({ descripcion: l.descripcion, idServicio: null, cantidad: l.cantidad ?? 1, precioUnitarioCentimos: l.precioCentimos!, iva: l.iva ?? 'EXENTO' as const }));
        const r = await rectificarFactura(deps, actorOf(user), params.id, { lineas, motivo: body.motivo, tipo: body.tipo });
        await settled(deps, r);
        ctx.status = 201;
        ctx.body = await visible(user, r.factura.idFactura);
      },
    },
    {
      method: 'get', path: '/api/admin/facturas', operationId: 'listFacturas', tag: TAG, summary: 'Facturas emitidas (filtros: paciente, psicólogo, año)', auth: ['ADMIN'],
      query: listaQuery, responses: lista,
      handler: async (ctx, { page, query }: { page?: any; query: Record<string, string | undefined> }) => {
        const filtro: FiltroFacturas = {};
        if (query.idPaciente !== undefined) filtro.idPaciente = Number(query.idPaciente);
        if (query.idPsicologo !== undefined) filtro.idPsicologo = Number(query.idPsicologo);
        if (query.anio !== undefined) filtro.anio = Number(query.anio);
        await answerPage(ctx, page, (p) => pageFacturas(knex, p, filtro, ENTORNO));
      },
    },
    {
      method: 'get', path: '/api/pacientes/:id/facturas', operationId: 'listFacturasPaciente', tag: TAG, summary: 'Facturas de un paciente', auth: ['ADMIN', 'PSICOLOGO', 'PACIENTE'],
      description: 'El paciente, las suyas; un psicólogo, las de sus pacientes (404 si no lo es).',
      responses: lista,
      handler: async (ctx, { page, params }) => {
        const user = caller(ctx);
        if (!(await findPacienteFor(knex, user, params.id))) throw errors.notFound('Paciente', 'Patient');
        await answerPage(ctx, page, (p) => pageFacturas(knex, p, { idPaciente: params.id }, ENTORNO));
      },
    },
    {
      method: 'get', path: '/api/facturas/:id', operationId: 'getFactura', tag: TAG, summary: 'Una factura', auth: ['ADMIN', 'PSICOLOGO', 'PACIENTE'],
      description: 'El paciente, las suyas; un psicólogo, las de sus pacientes y las que emitió (de un paciente eliminado, solo las que emitió); 404 fuera de eso.',
      responses: { 200: { description: 'La factura', schema: facturaSchema } },
      handler: async (ctx, { params }) => { ctx.body = await visible(caller(ctx), params.id); },
    },
    {
      method: 'get', path: '/api/facturas/:id/pdf', operationId: 'getFacturaPdf', tag: TAG, summary: 'La factura en PDF, con el QR de VERI*FACTU', auth: ['ADMIN', 'PSICOLOGO', 'PACIENTE'],
      responses: { 200: { description: 'El PDF', schema: s.string({ format: 'binary' }), contentType: 'application/pdf' } },
      handler: async (ctx, { params }) => {
        const f = await visible(caller(ctx), params.id);
        ctx.type = 'application/pdf';
        ctx.set('Cache-Control', 'private, no-store');
        ctx.set('Content-Disposition', `inline; filename="factura-${f.numSerie.replace(/[^0-9A-Za-z-]/g, '_')}.pdf"`);
        ctx.body = await renderFacturaPdf(vistaPdf(f, ENTORNO));
      },
    },
  ];
}
