import { expect } from 'chai';
import { DateTime } from 'luxon';
import type { TestServer } from '../support/server.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import { pacienteBody, psicologoBody } from '../http/helpers.ts';

/** Someone with their credentials, so that their token can be renewed after the clock has moved on by a month. */
export interface Persona { token: string; email: string; password: string; idPaciente: number; idPsicologo: number }
type Paciente = Pick<Persona, 'token' | 'idPaciente'>;

// Shared by the tests of invoicing charges and of packs: appointments completed through the API,
// and waiting until the reactors (which record charges, and then may invoice them) are done.
export const ZONE = 'Europe/Madrid';
export const CONSULTA = { nombreRazon: 'Consulta Ejemplo S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1', '28013 Madrid'] };

/** 08:00 in Madrid on the first day of a month two months ahead: every appointment of a test is on that day, in one month. */
export const inicioDeMes = () => DateTime.now().setZone(ZONE).plus({ months: 2 }).startOf('month').set({ hour: 8 }).toJSDate();

/** JWT_EXPIRATION_MS for these tests: a token outlives the month the clock moves on by. */
export const ENV_TOKENS = { JWT_EXPIRATION_MS: String(31 * 86_400_000) };

export async function registrarPaciente(srv: TestServer, usuario: Record<string, unknown> = {}): Promise<Persona> {
  const body = pacienteBody({}, usuario);
  const r = await srv.request('POST', '/auth/register-paciente', { body });
  expect(r.status, r.text).to.equal(200);
  return { token: r.body.token, email: body.usuario.email, password: body.usuario.password, idPaciente: r.body.idPaciente, idPsicologo: 0 };
}

export async function registrarPsicologo(srv: TestServer, admin: string): Promise<Persona> {
  const body = psicologoBody();
  const r = await srv.request('POST', '/auth/register-psicologo', { token: admin, body });
  expect(r.status, r.text).to.equal(200);
  return { token: r.body.token, email: body.email, password: body.password, idPaciente: 0, idPsicologo: r.body.idPsicologo };
}

/** The clock on to 08:00 of the next month's first day (the month before has ended), and everyone's token renewed. */
export async function nuevoMes(srv: TestServer, clock: ManualClock, ...personas: Persona[]) {
  const siguiente = DateTime.fromJSDate(clock.now()).setZone(ZONE).plus({ months: 1 }).startOf('month').set({ hour: 8 });
  clock.advance(siguiente.toMillis() - clock.now().getTime());
  for (const p of personas) p.token = await srv.login(p.email, p.password);
}

export function citas(srv: TestServer, clock: ManualClock, psi: { token: string; idPsicologo: number }) {
  const req = (method: string, path: string, token: string, body?: unknown) => srv.request(method, path, { token, body });
  const enHoras = (hours: number) => DateTime.fromJSDate(clock.now()).setZone(ZONE).plus({ hours }).startOf('minute').toFormat("yyyy-LL-dd'T'HH:mm:ss");
  async function reservar(p: Paciente, hours: number): Promise<{ idCita: number; startDatetime: string }> {
    const r = await req('POST', '/api/citas', p.token, { idPsicologo: psi.idPsicologo, startDatetime: enHoras(hours), durationMinutes: 50, motivo: 'Ansiedad y duelo' });
    expect(r.status, r.text).to.equal(201);
    return r.body;
  }
  /** An appointment `hours` ahead, completed by the psychologist: its charge follows. */
  async function completada(p: Paciente, hours: number): Promise<number> {
    const c = await reservar(p, hours);
    expect((await req('PUT', `/api/psicologo/citas/${c.idCita}`, psi.token, { estado: 'CONFIRMADA' })).status).to.equal(200);
    expect((await req('PUT', `/api/psicologo/citas/${c.idCita}`, psi.token, { estado: 'COMPLETADA' })).status).to.equal(200);
    return c.idCita;
  }
  return { req, reservar, completada };
}

/** Reactors and read models past everything, again until nothing new is written (a charge's reactor writes what another reacts to). */
export async function alDia(srv: TestServer) {
  for (let head = await srv.deps.store.head(), i = 0; i < 10; i++) {
    expect(await srv.reactors.waitFor(head, 20_000), 'reactors caught up').to.equal(true);
    expect(await srv.deps.projections.waitFor(head, 20_000), 'read models caught up').to.equal(true);
    const next = await srv.deps.store.head();
    if (next === head) return;
    head = next;
  }
}

/** The charge of an appointment as the API shows it. */
export async function cargo(srv: TestServer, admin: string, idCita: number) {
  const r = await srv.request('GET', '/api/admin/cargos?limit=500', { token: admin });
  expect(r.status, r.text).to.equal(200);
  return (r.body as { idCita: number; estado: string; idFactura: number | null; idBono: number | null; totalCentimos: number; fecha: string }[]).find((c) => c.idCita === idCita)!;
}
