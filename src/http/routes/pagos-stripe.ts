import { settled, type AppDeps } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import { rawBodyOf } from '../raw-body.ts';
import { pagarOnline, recibirWebhook, type StripeDeps } from '../../commands/pagos-stripe.ts';

const TAG = 'Facturas';

/** Where Stripe posts its events: the path to give in Stripe's dashboard (docs/billing.md "Online payments (Stripe)"). */
export const STRIPE_WEBHOOK_PATH = '/api/pagos/stripe/webhook';

const sesionSchema = named('SesionPagoOnline', s.object(
  {
    url: s.string({ format: 'uri', example: 'https://checkout.stripe.com/c/pay/cs_test_a1b2', description: 'La página de pago de Stripe a la que se lleva al paciente' }),
    idSesion: s.string({ example: 'cs_test_a1b2', description: 'La sesión de Stripe Checkout' }),
    importeCentimos: s.int({ minimum: 1, maximum: 99_999_999, description: 'Lo que se cobra: lo pendiente de la factura, en céntimos' }),
  },
  ['url', 'idSesion', 'importeCentimos'],
));
const webhookSchema = named('WebhookStripeRecibido', s.object(
  {
    recibido: { type: 'boolean', description: 'Siempre true' },
    resultado: { ...s.enum(['procesado', 'duplicado', 'ignorado']), description: 'procesado; duplicado (ya procesado: nada más se registra); ignorado (un tipo de evento que la facturación no usa)' },
  },
  ['recibido', 'resultado'],
));

export const stripeDeps = (deps: AppDeps): StripeDeps => ({ ...deps, pasarela: deps.pasarela ?? null, esperarLecturas: (position) => settled(deps, position) });

/** "Pay now" and Stripe's webhook (docs/billing.md "Online payments (Stripe)"). */
export function pagosStripeRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'post', path: '/api/facturas/:id/pago-online', operationId: 'pagarFacturaOnline', tag: TAG, summary: 'Pagar ahora con tarjeta: una sesión de Stripe Checkout por lo pendiente', auth: ['ADMIN', 'PACIENTE'],
      description: 'El paciente, sus facturas (las de otro: 404). Se cobra lo pendiente de la factura; a Stripe solo van el importe, el número de factura y su id. '
        + '409 si no hay nada pendiente, si está anulada o es rectificativa, o si los pagos online no están configurados (STRIPE_SECRET_KEY); 503 si Stripe no responde. '
        + 'El pago se registra cuando Stripe lo confirma por su webhook.',
      responses: { 201: { description: 'Sesión creada: lleve al paciente a `url`', schema: sesionSchema } },
      handler: async (ctx, { params }) => {
        const r = await pagarOnline(stripeDeps(deps), caller(ctx), params.id);
        ctx.status = 201;
        ctx.body = r;
      },
    },
    {
      method: 'post', path: STRIPE_WEBHOOK_PATH, operationId: 'webhookStripe', tag: TAG, summary: 'Eventos de Stripe (los envía Stripe, firmados)', auth: 'public', rawBody: true,
      description: 'Sin token: la autenticación es la firma de Stripe (cabecera Stripe-Signature) sobre los bytes exactos del cuerpo, con STRIPE_WEBHOOK_SECRET. '
        + 'Firma ausente o no válida: 400 y nada se registra. Cada evento se procesa una vez: un duplicado responde 200. checkout.session.completed y '
        + 'payment_intent.succeeded registran el pago (STRIPE), payment_intent.payment_failed el intento fallido, charge.refunded el reembolso; otros tipos, 200 ignorados.',
      responses: { 200: { description: 'Evento recibido', schema: webhookSchema } },
      handler: async (ctx) => {
        const resultado = await recibirWebhook(stripeDeps(deps), rawBodyOf(ctx), ctx.get('Stripe-Signature') || undefined);
        ctx.body = { recibido: true, resultado };
      },
    },
  ];
}
