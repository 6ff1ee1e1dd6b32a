import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { asignar, newPaciente, newPsicologo, type Paciente } from '../directory/support.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { startServer } from '../../src/server.ts';
import { cargosReactor } from '../../src/reactors/cargos.ts';
import { registrarCargo } from '../../src/commands/cargo.ts';
import type { AppDeps } from '../../src/deps.ts';

// Charges (issue 32 item 2, docs/billing.md "Charges") against the real server: a completed
// appointment is charged once at its fee, whatever repeats it; late cancellations and no-shows
// cost the practice's fee; each patient reads only their own.
const ZONE = 'Europe/Madrid';
const FEE = 2500;

describe('charges: completed appointments, late cancellations and no-shows, once each', function () {
  this.timeout(90_000);
  let srv: TestServer;
  let clock: ManualClock;
  let admin: string;
  let psi: { token: string; idPsicologo: number };
  let pac: Paciente;
  let otro: Paciente;
  let idServicio: number;

  before(async () => {
    // A minute on: billing is installed (migration 055, by the database's clock) as the server starts, and
    // only what happens after that is charged.
    clock = new ManualClock(new Date(Date.now() + 60_000));
    srv = await startTestServer({ clock, env: { BILLING_LATE_CANCEL_FEE_CENTS: String(FEE) } });
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    pac = await newPaciente(srv);
    otro = await newPaciente(srv);
    await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);
    await asignar(srv, admin, otro.idPaciente, psi.idPsicologo);
    const s = await req('POST', '/api/admin/servicios', admin, { nombre: 'Sesión individual', precioCentimos: 6000, duracionMinutos: 50 });
    idServicio = s.body.idServicio;
    // The fees of docs/billing.md's example: the psychologist's 70.00 € and a 25% discount for `pac`.
    expect((await req('PUT', `/api/admin/psicologos/${psi.idPsicologo}/tarifas/${idServicio}`, admin, { precioCentimos: 7000 })).status).to.equal(200);
    expect((await req('PUT', `/api/pacientes/${pac.idPaciente}/tarifa`, admin, { descuentoPorcentaje: 25 })).status).to.equal(200);
  });
  after(async () => { await srv?.stop(); });

  const req = (method: string, path: string, token: string, body?: unknown) => srv.request(method, path, { token, body });
  /** A practice-local start `hours` from the test clock's now, on the minute. */
  const enHoras = (hours: number) => DateTime.fromJSDate(clock.now()).setZone(ZONE).plus({ hours }).startOf('minute').toFormat("yyyy-LL-dd'T'HH:mm:ss");
  async function reservar(p: Paciente, hours: number): Promise<{ idCita: number; startDatetime: string }> {
    const r = await req('POST', '/api/citas', p.token, { idPsicologo: psi.idPsicologo, startDatetime: enHoras(hours), durationMinutes: 50, motivo: null });
    expect(r.status, r.text).to.equal(201);
    return r.body;
  }
  const estado = (idCita: number, e: string) => req('PUT', `/api/psicologo/citas/${idCita}`, psi.token, { estado: e });
  /** The reactors past everything written so far, then the read models past what they wrote. */
  async function alDia(deps: AppDeps = srv.deps) {
    expect(await srv.reactors.waitFor(await deps.store.head(), 20_000), 'reactors caught up').to.equal(true);
    expect(await deps.projections.waitFor(await deps.store.head(), 20_000), 'read models caught up').to.equal(true);
  }
  const cargosDe = async (idCita: number) => ((await req('GET', '/api/admin/cargos', admin)).body as { idCita: number }[]).filter((c) => c.idCita === idCita);
  const streamCargo = (idCita: number) => srv.deps.store.readStream(`cargo-cita-${idCita}`);

  it('charges a completed appointment once, at its fee with the patient\'s discount, pending invoicing', async () => {
    const cita = await reservar(pac, 30);
    expect((await estado(cita.idCita, 'CONFIRMADA')).status).to.equal(200);
    expect((await estado(cita.idCita, 'COMPLETADA')).status).to.equal(200);
    await alDia();
    const cargos = await cargosDe(cita.idCita);
    expect(cargos).to.deep.equal([{
      idCargo: cita.idCita, idCita: cita.idCita, idPaciente: pac.idPaciente, idPsicologo: psi.idPsicologo, concepto: 'SESION', idServicio,
      precioCentimos: 5250, iva: 'EXENTO', cuotaIvaCentimos: 0, totalCentimos: 5250, fecha: cita.startDatetime.slice(0, 10), estado: 'PENDIENTE_FACTURAR', idFactura: null, idBono: null,
    }]);

    // Completing again is refused; the psychologist's session record of it charges nothing more.
    expectError(await estado(cita.idCita, 'COMPLETADA'), 409);
    const sesion = await req('POST', '/api/psicologo/sesiones', psi.token, {
      idCita: cita.idCita, idPaciente: pac.idPaciente, sessionDate: cita.startDatetime, durationMinutes: 50, notas: null, recomendaciones: null,
    });
    expect(sesion.status, sesion.text).to.equal(201);
    await alDia();
    expect(await cargosDe(cita.idCita)).to.have.length(1);
    expect(await streamCargo(cita.idCita)).to.have.length(1);
  });

  it('records nothing more when the completion is replayed, on two instances at once, or the command repeated', async () => {
    const cita = await reservar(pac, 40);
    await estado(cita.idCita, 'CONFIRMADA');
    await estado(cita.idCita, 'COMPLETADA');
    const second = await startServer({ config: { ...srv.config, port: 0 }, database: srv.db, push: srv.push, clock });
    try {
      await alDia();
      const completada = (await srv.deps.store.readStream(`cita-${cita.idCita}`)).find((e) => e.type === 'CitaCompletada')!;
      const replay = (deps: AppDeps) => deps.knex.transaction((trx) =>
        cargosReactor({ store: deps.store, practiceTimezone: ZONE, lateCancelHours: 24, lateCancelFeeCents: FEE }).react(trx, completada));
      // Both instances replay the event at the same time, twice each.
      await Promise.all([replay(srv.deps), replay(second.deps), replay(srv.deps), replay(second.deps)]);
      const [cargo] = (await streamCargo(cita.idCita)).map((e) => e.data);
      const again = await registrarCargo(second.deps.store, { ...(cargo as any), precioCentimos: 1 }, { now: new Date(), timezone: ZONE, causationId: null });
      expect(again.events, 'a repeated command is a no-op').to.deep.equal([]);
      await alDia();
    } finally {
      await second.close();
    }
    expect(await streamCargo(cita.idCita)).to.have.length(1);
    const cargos = await cargosDe(cita.idCita);
    expect(cargos.map((c: any) => c.precioCentimos)).to.deep.equal([5250]);
  });

  it('charges the configured fee for a patient\'s late cancellation and a no-show, nothing for an early one or the practice\'s', async () => {
    const tardia = await reservar(otro, 3);
    const temprana = await reservar(otro, 72);
    const dePsicologo = await reservar(otro, 5);
    const ausencia = await reservar(otro, 2);
    expect((await req('DELETE', `/api/citas/${tardia.idCita}`, otro.token)).status).to.equal(204);
    expect((await req('DELETE', `/api/citas/${temprana.idCita}`, otro.token)).status).to.equal(204);
    expect((await estado(dePsicologo.idCita, 'CANCELADA')).status).to.equal(200);
    await estado(ausencia.idCita, 'CONFIRMADA');
    clock.advance(3 * 3_600_000); // the appointment's start has passed and the patient did not come
    expect((await estado(ausencia.idCita, 'CANCELADA')).status).to.equal(200);
    await alDia();
    const fee = { idServicio: null, precioCentimos: FEE, iva: 'EXENTO', cuotaIvaCentimos: 0, totalCentimos: FEE, estado: 'PENDIENTE_FACTURAR', idFactura: null, idBono: null };
    expect(await cargosDe(tardia.idCita)).to.deep.equal([{
      idCargo: tardia.idCita, idCita: tardia.idCita, idPaciente: otro.idPaciente, idPsicologo: psi.idPsicologo, concepto: 'CANCELACION_TARDIA',
      ...fee, fecha: tardia.startDatetime.slice(0, 10),
    }]);
    expect((await cargosDe(ausencia.idCita)).map((c: any) => c.concepto)).to.deep.equal(['NO_PRESENTADO']);
    expect(await cargosDe(temprana.idCita)).to.deep.equal([]);
    expect(await cargosDe(dePsicologo.idCita)).to.deep.equal([]);
  });

  it('shows a patient only their own charges; the administrator filters by patient, psychologist and state', async () => {
    const propios = await req('GET', `/api/pacientes/${pac.idPaciente}/cargos`, pac.token);
    expect(propios.status, propios.text).to.equal(200);
    expect(propios.body).to.have.length(2);
    expect(propios.body.every((c: { idPaciente: number }) => c.idPaciente === pac.idPaciente)).to.equal(true);
    expectError(await req('GET', `/api/pacientes/${otro.idPaciente}/cargos`, pac.token), 404);
    expect((await req('GET', `/api/pacientes/${otro.idPaciente}/cargos`, psi.token)).body).to.have.length(2);
    expectError(await req('GET', '/api/admin/cargos', pac.token), 403);

    const q = async (query: string) => (await req('GET', `/api/admin/cargos?${query}`, admin)).body as { idPaciente: number }[];
    expect(await q(`idPaciente=${otro.idPaciente}`)).to.have.length(2);
    expect(await q(`idPsicologo=${psi.idPsicologo}&estado=PENDIENTE_FACTURAR`)).to.have.length(4);
    expect(await q('estado=FACTURADO')).to.deep.equal([]);
    expectError(await req('GET', '/api/admin/cargos?estado=PAGADO', admin), 400);
    const pagina = await req('GET', '/api/admin/cargos?limit=1', admin);
    expect(pagina.body).to.have.length(1);
    expect(pagina.headers.get('link')).to.match(/rel="next"/);
  });

  it('charges nothing that happened before billing was installed (an upgraded practice\'s past appointments)', async () => {
    const cita = await reservar(pac, 50);
    await estado(cita.idCita, 'CONFIRMADA');
    // The completion of that appointment, as the log would hand it to a newly installed reactor.
    const completada = {
      type: 'CitaCompletada', data: { idCita: cita.idCita },
      metadata: { eventId: `prueba-${cita.idCita}`, occurredAt: clock.now().toISOString() },
    } as never;
    const reactor = () => cargosReactor({ store: srv.deps.store, practiceTimezone: ZONE, lateCancelHours: 24, lateCancelFeeCents: FEE });
    const desde = await srv.deps.knex('cargos_inicio').first('desde');
    try {
      await srv.deps.knex('cargos_inicio').update({ desde: new Date(clock.now().getTime() + 3_600_000) });
      await srv.deps.knex.transaction((trx) => reactor().react(trx, completada));
      expect(await streamCargo(cita.idCita), 'before billing began').to.deep.equal([]);
      await srv.deps.knex('cargos_inicio').update({ desde: new Date(clock.now().getTime() - 3_600_000) });
      await srv.deps.knex.transaction((trx) => reactor().react(trx, completada));
      expect(await streamCargo(cita.idCita), 'after it').to.have.length(1);
    } finally {
      await srv.deps.knex('cargos_inicio').update({ desde: desde.desde });
    }
  });
});
