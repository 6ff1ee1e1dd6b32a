import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { caller } from '../auth.ts';
import { answerPage } from '../paging.ts';
import { errors } from '../../platform/errors.ts';
import { atInstant, formatDateTime, fromWall, parseLocal, wall } from '../../platform/zone-clock.ts';
import { METODOS_PAGO, METODOS_PAGO_MANUAL } from '../../events/pago.ts';
import type { AuthUser } from '../../queries/usuarios.ts';
import { findPacienteFor } from '../../queries/pacientes.ts';
import { facturaEnAlcance, findFactura } from '../../queries/facturas.ts';
import { findPago, pagePagosPaciente, pagosDeFactura, saldoPaciente, type PagoView } from '../../queries/pagos.ts';
import { reembolsarPago, registrarPago } from '../../commands/pagos.ts';
import { actorOf } from './direcciones.ts';
import { reembolsoEnLinea } from './pagos-en-linea.ts';

// Payments (docs/billing.md "Payments"): staff record what a patient paid at the desk or by bank,
// refund it, and everyone in the invoice's scope reads payments and the patient's balance.

const TAG = 'Facturas';
const centimos = (description: string) => s.int({ minimum: 0, description });

export const pagoSchema = named('Pago', s.object(
  {
    idPago: s.int(), idFactura: s.int(), idPaciente: s.int(),
    importeCentimos: s.int({ minimum: 1, description: 'Importe pagado, en céntimos' }),
    reembolsadoCentimos: centimos('Lo reembolsado de este pago, en céntimos'),
    metodo: { ...s.enum(METODOS_PAGO), description: 'EFECTIVO, TARJETA (datáfono), TRANSFERENCIA, BIZUM o STRIPE (pago en línea)' },
    fecha: localDateTimeOut('Cuándo se pagó'),
    referencia: s.nullable(s.string({ description: 'Nota del personal (referencia de la transferencia, "ajuste administrativo"…)' })),
    idExterno: s.nullable(s.string({ description: 'Identificador del pago en la pasarela (PaymentIntent de Stripe)' })),
    registradoPor: s.nullable(s.int({ description: 'Usuario que lo registró; null si lo registró la pasarela' })),
  },
  ['idPago', 'idFactura', 'idPaciente', 'importeCentimos', 'reembolsadoCentimos', 'metodo', 'fecha', 'referencia', 'idExterno', 'registradoPor'],
));
const pagoBody = named('PagoDatos', s.object(
  {
    importeCentimos: s.int({ minimum: 1, maximum: 99_999_999, description: 'Importe en céntimos (entero, mayor que 0), como mucho lo pendiente' }),
    metodo: { ...s.enum(METODOS_PAGO_MANUAL), description: 'Cómo se pagó: EFECTIVO, TARJETA, TRANSFERENCIA o BIZUM' },
    referencia: { ...s.nonEmpty(200), example: 'TRF-2026-0042', description: 'Referencia o nota (nunca contenido clínico)' },
    fecha: { ...s.datetime(), description: 'Cuándo se pagó, hora local de la consulta (por defecto, ahora); no en el futuro' },
  },
  ['importeCentimos', 'metodo'],
));
const reembolsoBody = named('ReembolsoDatos', s.object(
  {
    motivo: { ...s.nonEmpty(500), example: 'Sesión cancelada por la consulta', description: 'Por qué se reembolsa (queda en el evento; nunca contenido clínico)' },
    importeCentimos: s.int({ minimum: 1, maximum: 99_999_999, description: 'Importe a reembolsar en céntimos; por defecto, lo que queda del pago' }),
  },
  ['motivo'],
));
const facturaPendiente = named('FacturaPendiente', s.object(
  {
    idFactura: s.int(), numSerie: s.string(), fechaExpedicion: s.date(),
    importeCentimos: s.int({ description: 'Total de la factura con sus rectificativas' }),
    cobradoCentimos: centimos('Pagado, descontados los reembolsos'), pendienteCentimos: centimos('Lo que queda por pagar'),
    estadoCobro: s.enum(['PENDIENTE', 'PARCIAL', 'PAGADA', 'REEMBOLSADA']),
  },
  ['idFactura', 'numSerie', 'fechaExpedicion', 'importeCentimos', 'cobradoCentimos', 'pendienteCentimos', 'estadoCobro'],
));
const saldoSchema = named('SaldoPaciente', s.object(
  {
    idPaciente: s.int(),
    facturadoCentimos: s.int({ description: 'Total de las facturas emitidas y no anuladas, con sus rectificativas' }),
    pagadoCentimos: centimos('Todo lo pagado, antes de reembolsos'), reembolsadoCentimos: centimos('Todo lo reembolsado'),
    pendienteCentimos: centimos('Lo que queda por pagar'),
    facturasPendientes: s.array(facturaPendiente, { description: 'Cada factura con algo pendiente, por idFactura' }),
  },
  ['idPaciente', 'facturadoCentimos', 'pagadoCentimos', 'reembolsadoCentimos', 'pendienteCentimos', 'facturasPendientes'],
));

export function pagosRoutes(deps: AppDeps): RouteDef[] {
  const { knex } = deps;
  const zone = deps.config.practiceTimezone;
  const local = (p: PagoView) => ({ ...p, fecha: formatDateTime(wall(atInstant(Date.parse(p.fecha), zone))) });
  const visible = async (user: AuthUser, id: number) => {
    // The QR's host does not matter here: only the scope and the issuer are read.
    const f = await findFactura(knex, id, 'pruebas');
    if (!f || !facturaEnAlcance(user, f)) throw errors.notFound('Factura', 'Invoice');
    return f;
  };
  const pacienteVisible = async (user: AuthUser, id: number) => {
    if (!(await findPacienteFor(knex, user, id))) throw errors.notFound('Paciente', 'Patient');
  };
  function fechaDe(texto: string | undefined): string | undefined {
    if (texto === undefined) return undefined;
    const f = parseLocal(texto);
    const ts = f && fromWall(f, zone).ts;
    if (!ts || ts > deps.clock.now().getTime()) throw errors.invalid('fecha: una fecha y hora local que no esté en el futuro', 'fecha: a local date and time not in the future');
    return new Date(ts).toISOString();
  }
  return [
    {
      method: 'post', path: '/api/facturas/:id/pagos', operationId: 'createPago', tag: TAG, summary: 'Registrar un pago de una factura', auth: ['ADMIN', 'PSICOLOGO'],
      description: 'El administrador; un psicólogo, solo de las facturas que emite él (emisorEs PSICOLOGO; 403 si no). 409 si la factura está anulada o pagada, '
        + 'si es rectificativa (se paga la original) o si el importe supera lo pendiente (el total con sus rectificativas, menos lo pagado y más lo reembolsado).',
      body: pagoBody, responses: { 201: { description: 'Pago registrado', schema: pagoSchema } },
      handler: async (ctx, { params, body }: { params: Record<string, number>; body: { importeCentimos: number; metodo: (typeof METODOS_PAGO_MANUAL)[number]; referencia?: string; fecha?: string } }) => {
        const user = caller(ctx);
        const f = await visible(user, params.id);
        if (user.rol !== 'ADMIN' && f.idPsicologoEmisor !== user.idPsicologo) throw errors.forbidden();
        const r = await registrarPago(deps, {
          idFactura: params.id, importeCentimos: body.importeCentimos, metodo: body.metodo, referencia: body.referencia?.trim() ?? null,
          fecha: fechaDe(body.fecha), actor: actorOf(user),
        });
        await settled(deps, r.position);
        const pago = await findPago(knex, r.pago.idPago);
        ctx.status = 201;
        ctx.body = local(pago ?? { ...r.pago });
      },
    },
    {
      method: 'get', path: '/api/facturas/:id/pagos', operationId: 'listPagosFactura', tag: TAG, summary: 'Pagos de una factura', auth: ['ADMIN', 'PSICOLOGO', 'PACIENTE'],
      description: 'Quien puede ver la factura (404 si no).',
      responses: { 200: { description: 'Pagos, por idPago', schema: s.array(pagoSchema) } },
      handler: async (ctx, { params }) => {
        await visible(caller(ctx), params.id);
        ctx.body = (await pagosDeFactura(knex, params.id)).map(local);
      },
    },
    {
      method: 'get', path: '/api/pacientes/:id/pagos', operationId: 'listPagosPaciente', tag: TAG, summary: 'Pagos de un paciente', auth: ['ADMIN', 'PSICOLOGO', 'PACIENTE'],
      description: 'El paciente, los suyos; un psicólogo, los de sus pacientes (404 si no lo es).',
      responses: { 200: { description: 'Pagos, por idPago', schema: s.array(pagoSchema) } },
      handler: async (ctx, { page, params }) => {
        await pacienteVisible(caller(ctx), params.id);
        await answerPage(ctx, page, async (p) => {
          const r = await pagePagosPaciente(knex, p, params.id);
          return { ...r, items: r.items.map(local) };
        });
      },
    },
    {
      method: 'get', path: '/api/pacientes/:id/saldo', operationId: 'getSaldoPaciente', tag: TAG, summary: 'Saldo de un paciente: facturado, pagado, reembolsado y pendiente', auth: ['ADMIN', 'PSICOLOGO', 'PACIENTE'],
      description: 'El paciente, el suyo; un psicólogo, el de sus pacientes (404 si no lo es). Las facturas anuladas no cuentan como facturadas ni pendientes; '
        + 'lo pagado de ellas sí cuenta como pagado.',
      responses: { 200: { description: 'Saldo', schema: saldoSchema } },
      handler: async (ctx, { params }) => {
        await pacienteVisible(caller(ctx), params.id);
        ctx.body = await saldoPaciente(knex, params.id);
      },
    },
    {
      method: 'post', path: '/api/pagos/:id/reembolso', operationId: 'reembolsarPago', tag: TAG, summary: 'Reembolsar (parte de) un pago', auth: ['ADMIN'],
      description: 'Por defecto, lo que queda del pago; más que eso, 409. Un pago en línea (STRIPE) se reembolsa a través de la pasarela: sin ella configurada, 409.',
      body: reembolsoBody, responses: { 200: { description: 'El pago, con lo reembolsado', schema: pagoSchema } },
      handler: async (ctx, { params, body }: { params: Record<string, number>; body: { motivo: string; importeCentimos?: number } }) => {
        const user = caller(ctx);
        const pago = await findPago(knex, params.id);
        if (!pago) throw errors.notFound('Pago', 'Payment');
        const cmd = { idPago: params.id, importeCentimos: body.importeCentimos, motivo: body.motivo.trim(), actor: actorOf(user) };
        const r = pago.metodo === 'STRIPE' ? await reembolsoEnLinea(deps, cmd) : await reembolsarPago(deps, cmd);
        await settled(deps, r.position);
        ctx.body = local((await findPago(knex, params.id)) ?? pago);
      },
    },
  ];
}
