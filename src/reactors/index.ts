import type { KeyRing } from '../platform/crypto/keyring.ts';
import type { Reactor } from './reactor.ts';
import { welcomeMailReactor } from './mail/welcome.ts';
import { clinicalKeyReactor } from './retention.ts';
import { billingKeyReactor } from './retencion-facturacion.ts';
import { citaNotificationsReactor } from './notifications/citas.ts';
import { serieNotificationsReactor } from './notifications/series.ts';
import { chatPushReactor } from './chat-push.ts';
import { listaEsperaReactor } from './notifications/lista-espera.ts';
import { cuestionariosReactor } from './notifications/cuestionarios.ts';
import { consentimientoOnlineReactor } from './notifications/consentimientos.ts';
import { aeatColaReactor } from './aeat/cola.ts';
import { cargosReactor, type CargosOptions } from './cargos.ts';
import { correoFacturacionReactor, type CorreoFacturacionOptions } from './facturacion/correo.ts';
import { facturacionCargosReactor } from './facturacion-cargos.ts';
import type { CommandDeps } from '../commands/deps.ts';

/**
 * Every side-effect reactor of the service; `maxDeviceTokens` (MAX_DEVICE_TOKENS_PER_USER) bounds each person's pushes.
 * `cargos` (the store and config.billing) adds the charges reactor, which records events of its own;
 * `facturacion` (the application's deps, built later) the reactor that invoices each charge when the practice chose POR_CARGO.
 * `correoFacturacion` (the store and AEAT_ENDPOINT) adds the invoice and receipt mails.
 * `publicBaseUrl` (PUBLIC_BASE_URL) makes the online reminders' room links absolute.
 */
export function allReactors(keys: KeyRing, opts: { practiceTimezone: string; maxDeviceTokens?: number; publicBaseUrl?: string | null; cargos?: Omit<CargosOptions, 'practiceTimezone'>; correoFacturacion?: Omit<CorreoFacturacionOptions, 'practiceTimezone'>; facturacion?: () => CommandDeps }): Reactor[] {
  const [zone, max] = [opts.practiceTimezone, opts.maxDeviceTokens];
  const cargos = opts.cargos ? [cargosReactor({ ...opts.cargos, practiceTimezone: zone })] : [];
  const correo = opts.correoFacturacion ? [correoFacturacionReactor({ ...opts.correoFacturacion, practiceTimezone: zone })] : [];
  const facturacion = opts.facturacion ? [facturacionCargosReactor(opts.facturacion)] : [];
  return [welcomeMailReactor, clinicalKeyReactor(keys), citaNotificationsReactor(zone, max, opts.publicBaseUrl ?? null), serieNotificationsReactor(zone, max), chatPushReactor(zone, max), listaEsperaReactor(zone, max), cuestionariosReactor(zone, max), consentimientoOnlineReactor(zone, max), ...cargos, ...facturacion, aeatColaReactor, billingKeyReactor(keys), ...correo];
}
