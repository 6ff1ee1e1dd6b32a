import type { ClientRequest } from 'node:http';
import { Agent, request } from 'node:https';
import { leerRespuesta, sobreSoap } from './aeat-mensaje.ts';
import { AeatError, type AeatSubmitter, type Lote, type RespuestaLote } from './aeat-tipos.ts';

// The real adapter: RegFactuSistemaFacturacion over SOAP 1.1 and HTTPS, authenticated by the
// obligado's (or its representative's) certificate in the TLS handshake, as AEAT's web services
// require. Endpoints from AEAT's SistemaFacturacion.wsdl (service sfVerifactu): production port
// SistemaVerifactu, pre-production (tests with test certificates) SistemaVerifactuPruebas.

export const AEAT_ENDPOINTS = {
  prod: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  test: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
} as const;

/** The client certificate: a PKCS#12 file's bytes and password, or PEM certificate (chain) and key. */
export type CertificadoCliente = { pfx: Buffer; passphrase: string } | { cert: string | Buffer; key: string | Buffer };

export interface OpcionesSoap {
  endpoint: string;
  certificado: CertificadoCliente;
  /** Longest wait for the whole answer (ms). */
  timeoutMs?: number;
  /** Extra trusted CAs (tests' own; AEAT's chain is in Node's default store). */
  ca?: string | Buffer;
}

const MAX_RESPUESTA = 16 * 1024 * 1024;

// TLS failures are this installation's certificate or trust, which a retry does not repair.
const TLS = /^(ERR_SSL_|ERR_TLS_CERT|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL_)/;

function deRed(err: NodeJS.ErrnoException): AeatError {
  const code = err.code ?? '';
  if (TLS.test(code) || /certificate|mac verify|bad decrypt|no start line/i.test(err.message)) {
    return new AeatError(`AEAT TLS or certificate failure (${code || err.message})`, 'configuracion', code || null);
  }
  return new AeatError(`AEAT unreachable (${code || err.message})`, 'transitoria', code || null);
}

/** What an HTTP answer means: the parsed answer, or the error it is. */
function interpretar(status: number, cuerpo: string): RespuestaLote {
  let leido: RespuestaLote | AeatError | null = null;
  try {
    leido = leerRespuesta(cuerpo);
  } catch {
    leido = null;
  }
  if (leido instanceof AeatError) throw leido;
  if (status === 200 && leido) return leido;
  if (status >= 500 || status === 429 || status === 408) throw new AeatError(`AEAT answered HTTP ${status}`, 'transitoria', String(status));
  if (status !== 200) throw new AeatError(`AEAT answered HTTP ${status}`, 'configuracion', String(status));
  // A 200 we cannot read: whether AEAT kept the records is unknown; a resend is answered as duplicate.
  throw new AeatError('AEAT answered something that is not RespuestaRegFactuSistemaFacturacion', 'transitoria');
}

/** One POST; resolves with the HTTP status and body, rejects with an AeatError. */
function post(cuerpo: Buffer, o: OpcionesSoap, agent: Agent): Promise<{ status: number; texto: string }> {
  const timeoutMs = o.timeoutMs ?? 60_000;
  return new Promise((resolver, rechazar) => {
    const fallo = (err: Error) => rechazar(err instanceof AeatError ? err : deRed(err as NodeJS.ErrnoException));
    let req: ClientRequest;
    try {
      req = request(o.endpoint, {
        method: 'POST', agent, timeout: timeoutMs,
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""', 'Content-Length': cuerpo.length },
      }, (res) => {
        const partes: Buffer[] = [];
        let total = 0;
        res.on('data', (b: Buffer) => {
          total += b.length;
          if (total > MAX_RESPUESTA) req.destroy(new AeatError('AEAT answer too large', 'transitoria'));
          else partes.push(b);
        });
        res.on('error', fallo);
        res.on('end', () => resolver({ status: res.statusCode ?? 0, texto: Buffer.concat(partes).toString('utf8') }));
      });
    } catch (err) {
      // A certificate Node cannot load (wrong password, neither PKCS#12 nor PEM) throws here.
      fallo(err as Error);
      return;
    }
    const vencido = () => req.destroy(new AeatError(`AEAT did not answer within ${timeoutMs} ms`, 'transitoria', 'ETIMEDOUT'));
    // A deadline for the whole exchange: the socket's timeout alone restarts with every byte.
    const plazo = setTimeout(vencido, timeoutMs);
    req.on('timeout', vencido);
    req.on('error', fallo);
    req.on('close', () => clearTimeout(plazo));
    req.end(cuerpo);
  });
}

export class SoapAeatSubmitter implements AeatSubmitter {
  // Its own agent: connections kept alive between submissions are never shared with other TLS
  // settings (Node's global agent would reuse a socket opened with another certificate).
  private readonly agent: Agent;

  constructor(private readonly opciones: OpcionesSoap) {
    this.agent = new Agent({ keepAlive: true, maxSockets: 1, ...opciones.certificado, ...(opciones.ca ? { ca: opciones.ca } : {}) });
  }

  async submit(lote: Lote): Promise<RespuestaLote> {
    const { status, texto } = await post(Buffer.from(sobreSoap(lote), 'utf8'), this.opciones, this.agent);
    return interpretar(status, texto);
  }
}
