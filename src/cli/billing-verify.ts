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
import { primeraRotura, type RegistroEncadenado } from '../platform/verifactu/cadena.ts';
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

interface Leido { registro: RegistroEncadenado; evento: StoredEvent }

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
    // The recipient is left out: the huella does not cover it (and it may be sealed or erased).
    return { tipo: 'alta', registro: { ...d.registro }, huella: d.huella };
  }
  if (e.type === 'RegistroFacturacionAnulacionGenerado') {
    const d = e.data as unknown as RegistroFacturacionAnulacionGenerado['data'];
    return { tipo: 'anulacion', registro: d.registro, huella: d.huella };
  }
  return null;
}

/** Every issuer's chain, in log order (each chain is one stream, so log order is the chain's). */
export async function verificarRegistros(store: EventStore): Promise<Informe> {
  const cadenas = new Map<string, Leido[]>();
  let desde = null;
  for (;;) {
    const { events, last } = await store.readAll(desde, PAGINA);
    for (const evento of events) {
      if (!evento.streamId.startsWith(PREFIJO)) continue;
      const registro = encadenado(evento);
      if (!registro) continue;
      const nif = evento.streamId.slice(PREFIJO.length);
      if (!cadenas.has(nif)) cadenas.set(nif, []);
      cadenas.get(nif)!.push({ registro, evento });
    }
    if (events.length === 0) break;
    desde = last;
  }
  let rotura: Rotura | null = null;
  for (const [nif, leidos] of [...cadenas].sort(([a], [b]) => a.localeCompare(b))) {
    const r = primeraRotura(leidos.map((l) => l.registro));
    if (!r) continue;
    const { registro, evento } = leidos[r.indice];
    const candidata: Rotura = {
      emisor: nif, indice: r.indice, motivo: r.motivo, tipo: registro.tipo, idFactura: Number((evento.data as { idFactura: number }).idFactura),
      numSerie: registro.tipo === 'alta' ? registro.registro.factura.numSerie : registro.registro.anulada.numSerie,
      huellaGuardada: registro.huella, eventId: evento.metadata.eventId, posicion: evento.position,
    };
    // Of several broken chains, the one broken earliest in the log.
    if (!rotura || store.compare(candidata.posicion, rotura.posicion) < 0) rotura = candidata;
  }
  const emisores = [...cadenas].map(([nif, l]) => ({ nif, registros: l.length })).sort((a, b) => a.nif.localeCompare(b.nif));
  return { valido: rotura === null, registros: emisores.reduce((a, e) => a + e.registros, 0), emisores, rotura };
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
