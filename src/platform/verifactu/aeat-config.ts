import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { ConfigError } from '../config-error.ts';
import type { Env } from '../env.ts';
import { AEAT_ENDPOINTS, type CertificadoCliente } from './aeat-soap.ts';

// Submission of VERI*FACTU records to AEAT (docs/billing.md "Submission to AEAT"). Off unless
// VERIFACTU_SUBMIT=true; then a client certificate is required, and it is loaded here, at start,
// so that a wrong path or password stops the start rather than the first submission.

export interface AeatConfig {
  /** VERIFACTU_SUBMIT: records go to AEAT through the SOAP adapter; otherwise to the recording fake. */
  enviar: boolean;
  /** AEAT_ENDPOINT: prod, test (AEAT's pre-production) or a URL. */
  endpoint: string;
  certificado: CertificadoCliente | null;
}

/** A PEM value: the text itself when it starts like PEM, else the path of a file holding it. */
function pem(name: string, value: string): string {
  if (value.trimStart().startsWith('-----BEGIN')) return value;
  try {
    return readFileSync(value, 'utf8');
  } catch (err) {
    throw new ConfigError(`${name}: cannot read ${value} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function certificado(env: Env): CertificadoCliente | null {
  const { AEAT_CERT_P12: p12, AEAT_CERT_PEM: cert, AEAT_KEY_PEM: key } = env;
  if (p12 && (cert || key)) throw new ConfigError('set either AEAT_CERT_P12 or AEAT_CERT_PEM and AEAT_KEY_PEM, not both');
  if (!p12 && !cert && !key) return null;
  if (!p12 && (!cert || !key)) throw new ConfigError('AEAT_CERT_PEM and AEAT_KEY_PEM go together');
  let c: CertificadoCliente;
  try {
    c = p12 ? { pfx: readFileSync(p12), passphrase: env.AEAT_CERT_PASSWORD ?? '' } : { cert: pem('AEAT_CERT_PEM', cert!), key: pem('AEAT_KEY_PEM', key!) };
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(`AEAT_CERT_P12: cannot read ${p12} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    createSecureContext(c);
  } catch (err) {
    throw new ConfigError(`the AEAT client certificate cannot be loaded (${p12 ? 'AEAT_CERT_P12, AEAT_CERT_PASSWORD' : 'AEAT_CERT_PEM, AEAT_KEY_PEM'}): ${(err as Error).message}`);
  }
  return c;
}

function endpoint(env: Env, production: boolean): string {
  const value = env.AEAT_ENDPOINT || (production ? 'prod' : 'test');
  if (value === 'prod' || value === 'test') return AEAT_ENDPOINTS[value];
  if (/^https:\/\/[^\s]+$/.test(value)) return value;
  throw new ConfigError('AEAT_ENDPOINT must be prod, test or an https:// URL');
}

export function loadAeatConfig(env: Env, production: boolean): AeatConfig {
  const submit = env.VERIFACTU_SUBMIT || 'false';
  if (submit !== 'true' && submit !== 'false') throw new ConfigError('VERIFACTU_SUBMIT must be true or false');
  const enviar = submit === 'true';
  const cert = certificado(env);
  if (enviar && !cert) {
    throw new ConfigError(`VERIFACTU_SUBMIT=true needs AEAT's client certificate: AEAT_CERT_P12 (and AEAT_CERT_PASSWORD), or AEAT_CERT_PEM and AEAT_KEY_PEM${production ? ' (production)' : ''}`);
  }
  return { enviar, endpoint: endpoint(env, production), certificado: cert };
}
