// Application services of invoices (docs/billing.md "Invoices and numbering"): the issuer's
// settings, issuing and cancelling. Issuing writes the invoice, its series and its issuer's chain of
// records in ONE atomic append whose expected revisions serialize every issuer's numbering across
// instances: a loser of the race re-reads the series and the chain and tries the next number.
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, StoredEvent, StreamWrite } from '../eventstore/port.ts';
import { WrongExpectedRevisionError } from '../eventstore/port.ts';
import {
  AJUSTES_FACTURACION_STREAM, datosFiscalesPsicologoStream, evolveCadena, evolveFactura, evolveSerie, facturaStream,
  registrosFacturacionStream, serieFacturaStream, type AjustesFacturacion, type CadenaRegistros, type DatosFiscales,
  type EmisorEs, type Factura, type FacturaEmitidaData, type SerieFactura,
} from '../events/factura.ts';
import type { DomainEvent } from '../events/domain-event.ts';
import { errors } from '../platform/errors.ts';
import { fechaHoraHuso } from '../platform/verifactu/fecha.ts';
import { huellaAlta, huellaAnulacion } from '../platform/verifactu/huella.ts';
import { formatDate, wall, atInstant } from '../platform/zone-clock.ts';
import type { Actor, CommandContext } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { datosFiscalesValidos, destinatarioYTipo, lineasFactura, numSerieDe, registroAltaDe, serieDe, totales, type LineaPedida } from './factura.ts';
import { esPacienteDe, pacienteDe, pacienteVigente, psicologoExiste } from './streams.ts';

/** Whose patients the caller may invoice: any (the administrator) or one psychologist's, when they issue. */
export type AlcanceFactura = 'todos' | { idPsicologo: number };

const fold = <S>(events: StoredEvent[], initial: S, evolve: (s: S, e: never) => S) => events.reduce((s, e) => evolve(s, e as never), initial);
const expectedOf = (events: StoredEvent[]) => (events.length ? events[events.length - 1].revision : ('noStream' as const));

function nuevo(e: DomainEvent, ctx: CommandContext): NewEvent {
  return {
    type: e.type, data: e.data as Record<string, unknown>,
    metadata: { eventId: randomUUID(), actor: ctx.actor, correlationId: ctx.correlationId, causationId: null, occurredAt: ctx.now.toISOString() },
  };
}

/** Append, and on a lost race (another issuer took the number or the chain's tip) decide again from a fresh read. */
async function conReintentos(store: EventStore, intento: () => Promise<StreamWrite[]>) {
  for (let i = 1; ; i++) {
    const writes = await intento();
    try {
      return await store.append(writes);
    } catch (err) {
      // 40 issuers at once each lose at most 39 races; jitter keeps them from losing in lockstep.
      if (!(err instanceof WrongExpectedRevisionError) || i >= 200) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, 2 * i)));
    }
  }
}

export async function ajustesFacturacion(store: EventStore): Promise<AjustesFacturacion> {
  const events = await store.readStream(AJUSTES_FACTURACION_STREAM);
  const last = events[events.length - 1];
  return last ? (last.data as unknown as AjustesFacturacion) : { emisorEs: 'CONSULTA', consulta: null };
}

export async function datosFiscalesPsicologo(store: EventStore, idPsicologo: number): Promise<DatosFiscales | null> {
  const events = await store.readStream(datosFiscalesPsicologoStream(idPsicologo));
  const last = events[events.length - 1];
  if (!last) return null;
  const { nombreRazon, nif, domicilio } = last.data as unknown as DatosFiscales;
  return { nombreRazon, nif, domicilio };
}

export async function fijarAjustesFacturacion(deps: CommandDeps, actor: Actor, data: { emisorEs: EmisorEs; consulta: DatosFiscales | null }) {
  const consulta = data.consulta ? datosFiscalesValidos(data.consulta) : null;
  const ctx = commandContext(deps, actor);
  return deps.store.append([{ streamId: AJUSTES_FACTURACION_STREAM, expected: 'any', events: [nuevo({ type: 'AjustesFacturacionFijados', data: { emisorEs: data.emisorEs, consulta } }, ctx)] }]);
}

export async function fijarDatosFiscalesPsicologo(deps: CommandDeps, actor: Actor, idPsicologo: number, data: DatosFiscales) {
  const datos = datosFiscalesValidos(data);
  if (!(await psicologoExiste(deps.store, idPsicologo))) throw errors.notFound('Psicólogo', 'Psychologist');
  const ctx = commandContext(deps, actor);
  return deps.store.append([{ streamId: datosFiscalesPsicologoStream(idPsicologo), expected: 'any', events: [nuevo({ type: 'DatosFiscalesPsicologoFijados', data: { ...datos, idPsicologo } }, ctx)] }]);
}

/** Who issues this patient's invoice, or 409 saying which data are missing and where to set them. */
async function emisorDe(store: EventStore, idPsicologo: number | null, alcance: AlcanceFactura): Promise<{ emisor: DatosFiscales; idPsicologoEmisor: number | null }> {
  const ajustes = await ajustesFacturacion(store);
  if (alcance !== 'todos' && ajustes.emisorEs !== 'PSICOLOGO') throw errors.forbidden();
  if (ajustes.emisorEs === 'CONSULTA') {
    if (!ajustes.consulta) {
      throw errors.conflict(
        'Faltan los datos del emisor: nombreRazon, nif y domicilio de la consulta (PUT /api/admin/facturacion/ajustes)',
        'The issuer data are missing: the practice\'s nombreRazon, nif and domicilio (PUT /api/admin/facturacion/ajustes)',
      );
    }
    return { emisor: ajustes.consulta, idPsicologoEmisor: null };
  }
  if (idPsicologo === null) throw errors.conflict('El paciente no tiene psicólogo asignado, y emite cada psicólogo', 'The patient has no psychologist, and each psychologist issues');
  const datos = await datosFiscalesPsicologo(store, idPsicologo);
  if (!datos) {
    throw errors.conflict(
      `Faltan los datos fiscales del psicólogo ${idPsicologo}, que es quien emite: nombreRazon, nif y domicilio (PUT /api/admin/psicologos/${idPsicologo}/datos-fiscales)`,
      `The fiscal data of psychologist ${idPsicologo}, who issues, are missing: nombreRazon, nif and domicilio (PUT /api/admin/psicologos/${idPsicologo}/datos-fiscales)`,
    );
  }
  return { emisor: datos, idPsicologoEmisor: idPsicologo };
}

export interface EmitirFactura {
  idPaciente: number;
  lineas: LineaPedida[];
  /** The patient's name, NIF (the user's dni) and address, as the read side has them. */
  destinatario: { nombreRazon: string; nif: string | null; domicilio: string[] };
}

export async function emitirFactura(deps: CommandDeps, actor: Actor, alcance: AlcanceFactura, pedido: EmitirFactura) {
  const paciente = await pacienteDe(deps.store, pedido.idPaciente);
  const suyo = alcance === 'todos' || (await esPacienteDe(deps.store, pedido.idPaciente, alcance.idPsicologo));
  if (!pacienteVigente(paciente) || !suyo) throw errors.notFound('Paciente', 'Patient');
  const lineas = lineasFactura(pedido.lineas);
  const sumas = totales(lineas);
  const { tipoFactura, destinatario } = destinatarioYTipo(pedido.destinatario, sumas.importeTotalCentimos);
  const { emisor, idPsicologoEmisor } = await emisorDe(deps.store, paciente.idPsicologo, alcance);
  const idFactura = await deps.ids('factura');
  let emitida: FacturaEmitidaData | undefined;
  const result = await conReintentos(deps.store, async () => {
    const ctx = commandContext(deps, actor);
    const fechaExpedicion = formatDate(wall(atInstant(ctx.now.getTime(), ctx.timezone)));
    const serie = serieDe(fechaExpedicion);
    const [serieEv, cadenaEv] = await deps.store.readStreams([serieFacturaStream(emisor.nif, serie), registrosFacturacionStream(emisor.nif)]);
    const s = fold<SerieFactura>(serieEv, { ultimo: 0, fecha: null }, evolveSerie);
    const cadena = fold<CadenaRegistros>(cadenaEv, { anterior: null }, evolveCadena);
    // Dates never go back within a series (an instance whose clock lags another's): refuse rather than misdate.
    if (s.fecha !== null && s.fecha > fechaExpedicion) throw errors.conflict('La serie ya tiene una factura de fecha posterior', 'The series already has a later invoice');
    const numero = s.ultimo + 1;
    const factura: FacturaEmitidaData = {
      idFactura, idPaciente: pedido.idPaciente, idPsicologo: paciente.idPsicologo, idPsicologoEmisor, serie, numero,
      numSerie: numSerieDe(serie, numero), fechaExpedicion, tipoFactura, emisor, destinatario, lineas, ...sumas,
    };
    emitida = factura;
    const registro = registroAltaDe(factura, cadena.anterior, fechaHoraHuso(ctx.now, ctx.timezone));
    const persona = destinatario && { nombreRazon: destinatario.nombreRazon, nif: destinatario.nif };
    const huella = huellaAlta({ ...registro, ...(persona ? { destinatario: persona } : {}) });
    return [
      { streamId: facturaStream(idFactura), expected: 'noStream', events: [nuevo({ type: 'FacturaEmitida', data: factura }, ctx)] },
      { streamId: serieFacturaStream(emisor.nif, serie), expected: expectedOf(serieEv), events: [nuevo({ type: 'NumeroFacturaAsignado', data: { idFactura, serie, numero, fechaExpedicion } }, ctx)] },
      { streamId: registrosFacturacionStream(emisor.nif), expected: expectedOf(cadenaEv), events: [nuevo({ type: 'RegistroFacturacionAltaGenerado', data: { idFactura, idPaciente: pedido.idPaciente, registro, destinatario: persona, huella } }, ctx)] },
    ];
  });
  return { factura: emitida!, position: result.position };
}

export const facturaNotFound = () => errors.notFound('Factura', 'Invoice');

/** Cancels an issued invoice: it stays, marked anulada, and its issuer's chain gets a registro de anulación. */
export async function anularFactura(deps: CommandDeps, actor: Actor, idFactura: number, motivo: string | null) {
  const result = await conReintentos(deps.store, async () => {
    const ctx = commandContext(deps, actor);
    const facturaEv = await deps.store.readStream(facturaStream(idFactura));
    const estado = fold<Factura>(facturaEv, { status: 'nueva' }, evolveFactura);
    if (estado.status === 'nueva') throw facturaNotFound();
    if (estado.status === 'anulada') throw errors.conflict('La factura ya está anulada', 'The invoice is already cancelled');
    const f = estado.factura;
    const cadenaEv = await deps.store.readStream(registrosFacturacionStream(f.emisor.nif));
    const { anterior } = fold<CadenaRegistros>(cadenaEv, { anterior: null }, evolveCadena);
    const registro = { anulada: { idEmisor: f.emisor.nif, numSerie: f.numSerie, fechaExpedicion: f.fechaExpedicion }, anterior, fechaHoraHusoGenRegistro: fechaHoraHuso(ctx.now, ctx.timezone) };
    return [
      { streamId: facturaStream(idFactura), expected: expectedOf(facturaEv), events: [nuevo({ type: 'FacturaAnulada', data: { idFactura, idPaciente: f.idPaciente, motivo } }, ctx)] },
      { streamId: registrosFacturacionStream(f.emisor.nif), expected: expectedOf(cadenaEv), events: [nuevo({ type: 'RegistroFacturacionAnulacionGenerado', data: { idFactura, registro, huella: huellaAnulacion(registro) } }, ctx)] },
    ];
  });
  return { position: result.position };
}
