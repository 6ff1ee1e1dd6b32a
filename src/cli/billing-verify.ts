// npm run -s billing:verify
// Recomputes every VERI*FACTU record's huella and each issuer's chain from the event log (through
// the event store port, so on PostgreSQL and KurrentDB alike) and prints JSON: exit 0 when every
// chain holds, 1 naming the first record that does not (docs/billing.md "The chain and
// billing:verify"). The huella covers no personal data, so the log is read as stored: no key opens
// anything, and an erased patient's records verify as before.
import { openEventStore } from '../eventstore/open.ts';
import type { EventStore, StoredEvent } from '../eventstore/port.ts';
import type { RegistroFacturacionAltaGenerado, RegistroFacturacionAnulacionGenerado } from '../events/factura.ts';
import { ConfigError } from '../platform/config.ts';
import { anteriorDe, roturaDe, type RegistroEncadenado } from '../platform/verifactu/cadena.ts';
import type { RegistroAlta, RegistroAnterior } from '../platform/verifactu/tipos.ts';
import { isMainModule, parseCommandLine, UsageError } from './args.ts';
import { openServiceDatabase, serviceConfig } from './service-data.ts';

const USAGE = `Usage: npm run -s billing:verify

Recomputes every VERI*FACTU record's huella and each issuer's chain from the event log and prints
JSON. Exit 0: every chain holds; 1: the first record that does not match is named; 2: usage or
configuration error.

Options:
  --help  this text
`;

const PREFIJO = 'registros-facturacion-';
const PAGINA = 5000;

/** An issuer's chain as read so far: its records, the last one's identity, and its first break. */
interface Cadena { registros: number; anterior: RegistroAnterior | null; rotura: Rotura | null }

export interface Rotura {
  emisor: string;
  /** 0 = the issuer's first record. */
  indice: number;
  motivo: 'huella' | 'encadenamiento';
  tipo: 'alta' | 'anulacion';
  idFactura: number;
  numSerie: string;
  huellaGuardada: string;
  eventId: string;
  posicion: string;
}

export interface Informe {
  valido: boolean;
  registros: number;
  emisores: Array<{ nif: string; registros: number }>;
  rotura: Rotura | null;
}

function encadenado(e: StoredEvent): RegistroEncadenado | null {
  if (e.type === 'RegistroFacturacionAltaGenerado') {
    const d = e.data as unknown as RegistroFacturacionAltaGenerado['data'];
    // The recipient is kept apart (`d.destinatario`): the huella does not cover it, and it may be sealed or erased.
    return { tipo: 'alta', registro: d.registro as RegistroAlta, huella: d.huella };
  }
  if (e.type === 'RegistroFacturacionAnulacionGenerado') {
    const d = e.data as unknown as RegistroFacturacionAnulacionGenerado['data'];
    return { tipo: 'anulacion', registro: d.registro, huella: d.huella };
  }
  return null;
}

/** The first break of a record of `nif`'s chain, where it is in the log. */
function rotura(nif: string, indice: number, motivo: Rotura['motivo'], registro: RegistroEncadenado, evento: StoredEvent): Rotura {
  return {
    emisor: nif, indice, motivo, tipo: registro.tipo, idFactura: Number((evento.data as { idFactura: number }).idFactura),
    numSerie: registro.tipo === 'alta' ? registro.registro.factura.numSerie : registro.registro.anulada.numSerie,
    huellaGuardada: registro.huella, eventId: evento.metadata.eventId, posicion: evento.position,
  };
}

/**
 * Every issuer's chain, in log order (each chain is one stream, so log order is the chain's),
 * checked as the log is read: per issuer only the last record's identity and the first break are
 * kept, so memory does not grow with the records, and the next page is read while one is checked.
 */
export async function verificarRegistros(store: EventStore): Promise<Informe> {
  const cadenas = new Map<string, Cadena>();
  let pagina = store.readAll(null, PAGINA);
  for (;;) {
    const { events, last } = await pagina;
    if (events.length === 0) break;
    pagina = store.readAll(last, PAGINA);
    for (const evento of events) {
      if (!evento.streamId.startsWith(PREFIJO)) continue;
      const registro = encadenado(evento);
      if (!registro) continue;
      const nif = evento.streamId.slice(PREFIJO.length);
      let cadena = cadenas.get(nif);
      if (!cadena) cadenas.set(nif, (cadena = { registros: 0, anterior: null, rotura: null }));
      const motivo = cadena.rotura ? null : roturaDe(registro, cadena.anterior);
      if (motivo) cadena.rotura = rotura(nif, cadena.registros, motivo, registro, evento);
      cadena.anterior = anteriorDe(registro);
      cadena.registros += 1;
    }
  }
  // Of several broken chains, the one broken earliest in the log.
  let primera: Rotura | null = null;
  for (const { rotura: r } of cadenas.values()) if (r && (!primera || store.compare(r.posicion, primera.posicion) < 0)) primera = r;
  const emisores = [...cadenas].map(([nif, c]) => ({ nif, registros: c.registros })).sort((a, b) => a.nif.localeCompare(b.nif));
  return { valido: primera === null, registros: emisores.reduce((a, e) => a + e.registros, 0), emisores, rotura: primera };
}

if (isMainModule(import.meta.url)) {
  let code = 0;
  try {
    if (parseCommandLine(process.argv.slice(2), {}).help) {
      process.stdout.write(USAGE);
      process.exit(0);
    }
    const config = serviceConfig();
    const db = await openServiceDatabase(config, 2);
    const { raw } = await openEventStore(config, db.knex, db.url);
    try {
      const informe = await verificarRegistros(raw);
      process.stdout.write(`${JSON.stringify(informe, null, 2)}\n`);
      code = informe.valido ? 0 : 1;
    } finally {
      await raw.close();
      await db.close();
    }
  } catch (err) {
    if (err instanceof UsageError) process.stderr.write(`${err.message}\n\n${USAGE}`);
    else if (err instanceof ConfigError) process.stderr.write(`Configuration error: ${err.message}\n`);
    else process.stderr.write(`billing:verify failed: ${err instanceof Error ? err.message : String(err)}\n`);
    code = 2;
  }
  process.exit(code);
}
