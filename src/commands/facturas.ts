// Application services of invoices (docs/billing.md "Invoices and numbering"): the issuer's
// settings, issuing and cancelling. Issuing writes the invoice, its series and its issuer's chain of
// records in ONE atomic append whose expected revisions serialize every issuer's numbering across
// instances: a loser of the race re-reads the series and the chain and tries the next number.
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, StoredEvent, StreamWrite } from '../eventstore/port.ts';
import {
  AJUSTES_FACTURACION_STREAM, datosFiscalesPsicologoStream, evolveCadena, evolveFactura, evolveSerie, facturaStream,
  registrosFacturacionStream, serieFacturaStream, type AjustesFacturacion, type CadenaRegistros, type DatosFiscales,
  type EmisorEs, type Factura, type FacturaEmitidaData, type FacturarCargos, type SerieFactura,
} from '../events/factura.ts';
import type { DomainEvent } from '../events/domain-event.ts';
import { errors } from '../platform/errors.ts';
import { fechaHoraHuso } from '../platform/verifactu/fecha.ts';
import { huellaAlta, huellaAnulacion } from '../platform/verifactu/huella.ts';
import { formatDate, wall, atInstant } from '../platform/zone-clock.ts';
import type { Actor, CommandContext } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { conReintentos, ultimos } from './facturas-append.ts';
import { numerarEnLote } from './facturas-lote.ts';
import { datosFiscalesValidos, destinatarioYTipo, lineasFactura, numSerieDe, registroAltaDe, serieDe, totales, type LineaPedida } from './factura.ts';
import { esPacienteDe, pacienteDe, pacienteVigente, psicologoExiste } from './streams.ts';

/** Whose patients the caller may invoice: any (the administrator) or one psychologist's, when they issue. */
export type AlcanceFactura = 'todos' | { idPsicologo: number };

const fold = <S>(events: StoredEvent[], initial: S, evolve: (s: S, e: never) => S) => events.reduce((s, e) => evolve(s, e as never), initial);
const expectedOf = (events: StoredEvent[]) => (events.length ? events[events.length - 1].revision : ('noStream' as const));

export function nuevo(e: DomainEvent, ctx: CommandContext): NewEvent {
  return {
    type: e.type, data: e.data as Record<string, unknown>,
    metadata: { eventId: randomUUID(), actor: ctx.actor, correlationId: ctx.correlationId, causationId: null, occurredAt: ctx.now.toISOString() },
  };
}

export async function ajustesFacturacion(store: EventStore): Promise<AjustesFacturacion> {
  const events = await store.readStream(AJUSTES_FACTURACION_STREAM);
  const last = events[events.length - 1];
  // Settings fixed before `facturarCargos` existed read as MENSUAL, the default.
  return { emisorEs: 'CONSULTA', consulta: null, ...(last?.data as Partial<AjustesFacturacion> | undefined), facturarCargos: (last?.data.facturarCargos as FacturarCargos | undefined) ?? 'MENSUAL' };
}

export async function datosFiscalesPsicologo(store: EventStore, idPsicologo: number): Promise<DatosFiscales | null> {
  const events = await store.readStream(datosFiscalesPsicologoStream(idPsicologo));
  const last = events[events.length - 1];
  if (!last) return null;
  const { nombreRazon, nif, domicilio } = last.data as unknown as DatosFiscales;
  return { nombreRazon, nif, domicilio };
}

/** `facturarCargos` left out keeps the current one. */
export async function fijarAjustesFacturacion(deps: CommandDeps, actor: Actor, data: { emisorEs: EmisorEs; consulta: DatosFiscales | null; facturarCargos?: FacturarCargos }) {
  const consulta = data.consulta ? datosFiscalesValidos(data.consulta) : null;
  const facturarCargos = data.facturarCargos ?? (await ajustesFacturacion(deps.store)).facturarCargos;
  const ctx = commandContext(deps, actor);
  return deps.store.append([{ streamId: AJUSTES_FACTURACION_STREAM, expected: 'any', events: [nuevo({ type: 'AjustesFacturacionFijados', data: { emisorEs: data.emisorEs, consulta, facturarCargos } }, ctx)] }]);
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

type Numerada = 'idFactura' | 'serie' | 'numero' | 'numSerie' | 'fechaExpedicion';

/**
 * Other streams written in the invoice's own atomic append, decided afresh on each attempt from a
 * fresh read (with the revisions read as expected): what the invoice is of (a charge's
 * CargoFacturado, a pack's sale), so that it can never be invoiced twice.
 */
export type ExtraEmision = (idFactura: number, ctx: CommandContext) => Promise<StreamWrite | StreamWrite[]>;

/**
 * Numbers `datos` in its issuer's series of today and appends it with its number and its registro de
 * alta in one append (plus `extra`, read afresh on each attempt: a rectified original's stream).
 */
async function numerarYRegistrar(
  deps: CommandDeps, actor: Actor, datos: Omit<FacturaEmitidaData, Numerada>, letra: 'A' | 'R',
  extra?: ExtraEmision,
) {
  const idFactura = await deps.ids('factura');
  const { emisor, destinatario } = datos;
  let emitida: FacturaEmitidaData | undefined;
  let escritos: StreamWrite[] = [];
  const result = await numerarEnLote(deps.store, emisor.nif, async (puntas) => {
    const ctx = commandContext(deps, actor);
    const fechaExpedicion = formatDate(wall(atInstant(ctx.now.getTime(), ctx.timezone)));
    const serie = serieDe(fechaExpedicion, letra);
    // Both states are their stream's last event (as the lot stands): not streams that grow with every invoice.
    const [serieEv, cadenaEv] = (await puntas([serieFacturaStream(emisor.nif, serie), registrosFacturacionStream(emisor.nif)])).map((e) => (e ? [e] : []));
    const s = fold<SerieFactura>(serieEv, { ultimo: 0, fecha: null }, evolveSerie);
    const cadena = fold<CadenaRegistros>(cadenaEv, { anterior: null }, evolveCadena);
    // Dates never go back within a series (an instance whose clock lags another's): refuse rather than misdate.
    if (s.fecha !== null && s.fecha > fechaExpedicion) throw errors.conflict('La serie ya tiene una factura de fecha posterior', 'The series already has a later invoice');
    const numero = s.ultimo + 1;
    const factura: FacturaEmitidaData = { ...datos, idFactura, serie, numero, numSerie: numSerieDe(serie, numero), fechaExpedicion };
    emitida = factura;
    const registro = registroAltaDe(factura, cadena.anterior, fechaHoraHuso(ctx.now, ctx.timezone));
    const persona = destinatario && { nombreRazon: destinatario.nombreRazon, nif: destinatario.nif };
    const huella = huellaAlta({ ...registro, ...(persona ? { destinatario: persona } : {}) });
    return escritos = [
      { streamId: facturaStream(idFactura), expected: 'noStream', events: [nuevo({ type: 'FacturaEmitida', data: factura }, ctx)] },
      { streamId: serieFacturaStream(emisor.nif, serie), expected: expectedOf(serieEv), events: [nuevo({ type: 'NumeroFacturaAsignado', data: { idFactura, serie, numero, fechaExpedicion } }, ctx)] },
      { streamId: registrosFacturacionStream(emisor.nif), expected: expectedOf(cadenaEv), events: [nuevo({ type: 'RegistroFacturacionAltaGenerado', data: { idFactura, idPaciente: datos.idPaciente, registro, destinatario: persona, huella } }, ctx)] },
      ...(extra ? [await extra(idFactura, ctx)].flat() : []),
    ];
  });
  // Its events' types: the answer waits only for the read models they touch (settled).
  return { factura: emitida!, position: result.position, events: escritos.flatMap((w) => w.events) };
}

export async function emitirFactura(deps: CommandDeps, actor: Actor, alcance: AlcanceFactura, pedido: EmitirFactura, extra?: ExtraEmision) {
  const paciente = await pacienteDe(deps.store, pedido.idPaciente);
  const suyo = alcance === 'todos' || (await esPacienteDe(deps.store, pedido.idPaciente, alcance.idPsicologo));
  if (!pacienteVigente(paciente) || !suyo) throw errors.notFound('Paciente', 'Patient');
  const lineas = lineasFactura(pedido.lineas);
  const sumas = totales(lineas);
  const { tipoFactura, destinatario } = destinatarioYTipo(pedido.destinatario, sumas.importeTotalCentimos);
  const { emisor, idPsicologoEmisor } = await emisorDe(deps.store, paciente.idPsicologo, alcance);
  return numerarYRegistrar(deps, actor, {
    idPaciente: pedido.idPaciente, idPsicologo: paciente.idPsicologo, idPsicologoEmisor, tipoFactura, emisor, destinatario, lineas, ...sumas, rectifica: null,
  }, 'A', extra);
}

export interface RectificarFactura {
  /** The differences: negative to lower the original, positive to raise it. */
  lineas: LineaPedida[];
  motivo: string;
  /** R1 (error fundado en derecho, art. 80 Uno, Dos y Seis Ley 37/1992) by default, or R4 (other causes); an F2's is R5. */
  tipo?: 'R1' | 'R4';
}

/**
 * A rectifying invoice "por diferencias" of an issued invoice: its own number in the issuer's `R`
 * series, the original's issuer and recipient, its registro de alta naming the original; the
 * original's stream records it in the same append, so two corrections racing cannot together take
 * the original's total below zero.
 */
export async function rectificarFactura(deps: CommandDeps, actor: Actor, idOriginal: number, pedido: RectificarFactura) {
  const original = fold<Factura>(await deps.store.readStream(facturaStream(idOriginal)), { status: 'nueva' }, evolveFactura);
  if (original.status === 'nueva') throw facturaNotFound();
  const f = original.factura;
  if (original.status === 'anulada') throw errors.conflict('La factura está anulada: no se rectifica', 'The invoice is cancelled: it cannot be rectified');
  if (f.rectifica) throw errors.conflict('Una factura rectificativa no se rectifica: rectifique la original', 'A rectifying invoice is not rectified: rectify the original');
  if (f.tipoFactura === 'F1' && !f.destinatario) throw errors.conflict('Los datos del destinatario se suprimieron: no se puede rectificar', 'The recipient\'s data were erased: it cannot be rectified');
  const lineas = lineasFactura(pedido.lineas, true);
  const sumas = totales(lineas);
  const motivo = pedido.motivo.trim();
  const datos: Omit<FacturaEmitidaData, Numerada> = {
    idPaciente: f.idPaciente, idPsicologo: f.idPsicologo, idPsicologoEmisor: f.idPsicologoEmisor, emisor: f.emisor, destinatario: f.destinatario,
    tipoFactura: f.tipoFactura === 'F2' ? 'R5' : (pedido.tipo ?? 'R1'), lineas, ...sumas,
    rectifica: { idFactura: idOriginal, numSerie: f.numSerie, fechaExpedicion: f.fechaExpedicion, motivo },
  };
  return numerarYRegistrar(deps, actor, datos, 'R', async (idFactura, ctx) => {
    const events = await deps.store.readStream(facturaStream(idOriginal));
    const estado = fold<Factura>(events, { status: 'nueva' }, evolveFactura);
    if (estado.status !== 'emitida') throw errors.conflict('La factura está anulada: no se rectifica', 'The invoice is cancelled: it cannot be rectified');
    if (f.importeTotalCentimos + estado.rectificadoCentimos + sumas.importeTotalCentimos < 0) {
      throw errors.invalid('lineas: la rectificación dejaría el total de la factura por debajo de 0', 'lineas: the correction would take the invoice\'s total below 0');
    }
    return {
      streamId: facturaStream(idOriginal), expected: expectedOf(events),
      events: [nuevo({ type: 'FacturaRectificada', data: { idFactura: idOriginal, idRectificativa: idFactura, importeTotalCentimos: sumas.importeTotalCentimos } }, ctx)],
    };
  });
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
    const [cadenaEv] = await ultimos(deps.store, [registrosFacturacionStream(f.emisor.nif)]);
    const { anterior } = fold<CadenaRegistros>(cadenaEv, { anterior: null }, evolveCadena);
    const registro = { anulada: { idEmisor: f.emisor.nif, numSerie: f.numSerie, fechaExpedicion: f.fechaExpedicion }, anterior, fechaHoraHusoGenRegistro: fechaHoraHuso(ctx.now, ctx.timezone) };
    return [
      { streamId: facturaStream(idFactura), expected: expectedOf(facturaEv), events: [nuevo({ type: 'FacturaAnulada', data: { idFactura, idPaciente: f.idPaciente, motivo } }, ctx)] },
      { streamId: registrosFacturacionStream(f.emisor.nif), expected: expectedOf(cadenaEv), events: [nuevo({ type: 'RegistroFacturacionAnulacionGenerado', data: { idFactura, registro, huella: huellaAnulacion(registro) } }, ctx)] },
    ];
  });
  return { position: result.position };
}
