import { ConfigError } from '../config-error.ts';
import type { Env } from '../env.ts';

// Online card payments (docs/billing.md "Online payments (Stripe)"). Off without STRIPE_SECRET_KEY:
// "pay now" is then refused with 409. Checked at start, like the AEAT configuration.

export interface StripeConfig {
  /** STRIPE_SECRET_KEY (sk_… or a restricted rk_…); null: online payments off. */
  secretKey: string | null;
  /** STRIPE_WEBHOOK_SECRET (whsec_…): the webhook's signatures are checked with it; null: every webhook is refused. */
  webhookSecret: string | null;
  /** Where Stripe sends the patient after paying, and after giving up. */
  successUrl: string | null;
  cancelUrl: string | null;
}

function url(env: Env, name: string): string | null {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return null;
  let ok = false;
  try {
    const u = new URL(raw);
    ok = (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' && /^https?:\/\/[^/]/i.test(raw);
  } catch {
    ok = false;
  }
  if (!ok) throw new ConfigError(`${name} must be an absolute http or https URL (Stripe's {CHECKOUT_SESSION_ID} may appear in it)`);
  return raw;
}

function secret(env: Env, name: string, prefixes: string[]): string | null {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return null;
  if (!prefixes.some((p) => raw.startsWith(p)) || /\s/.test(raw)) throw new ConfigError(`${name} must be a Stripe key starting with ${prefixes.join(' or ')}`);
  return raw;
}

export function loadStripeConfig(env: Env, production: boolean): StripeConfig {
  const secretKey = secret(env, 'STRIPE_SECRET_KEY', ['sk_', 'rk_']);
  const webhookSecret = secret(env, 'STRIPE_WEBHOOK_SECRET', ['whsec_']);
  const successUrl = url(env, 'STRIPE_SUCCESS_URL');
  const cancelUrl = url(env, 'STRIPE_CANCEL_URL');
  // Payments taken that no webhook would record: the patient pays and the invoice stays due.
  if (secretKey && !webhookSecret && production) throw new ConfigError('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET in production: without it no online payment would be recorded');
  if (secretKey && (!successUrl || !cancelUrl)) throw new ConfigError('STRIPE_SECRET_KEY needs STRIPE_SUCCESS_URL and STRIPE_CANCEL_URL (where Stripe sends the patient back)');
  return { secretKey, webhookSecret, successUrl, cancelUrl };
}
