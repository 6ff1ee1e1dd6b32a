import { expect } from 'chai';
import type { CommandContext } from '../../src/commands/decider.ts';
import { citaDecider, type CitaCommand } from '../../src/commands/cita.ts';
import { agendaDecider, type AgendaCommand } from '../../src/commands/agenda.ts';
import type { Cita, CitaEvent } from '../../src/events/cita.ts';
import type { Agenda, AgendaEvent } from '../../src/events/agenda.ts';
import { AppError } from '../../src/platform/errors.ts';

const ctx = (nowIso: string, timezone = 'Europe/Madrid'): CommandContext => ({
  now: new Date(nowIso), timezone, bookingHorizonDays: 730, actor: { idUsuario: 1, rol: 'PACIENTE' }, correlationId: 'c', causationId: null,
});
const status = (fn: () => unknown): number | 'ok' => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.status;
    throw err;
  }
};
const crear = (startDatetime: string, durationMinutes = 50): CitaCommand => ({
  type: 'CrearCita', data: { idCita: 1, idPaciente: 7, idPsicologo: 3, startDatetime, durationMinutes, motivo: null },
});
const fold = <S, E>(d: { initialState(): S; evolve(s: S, e: E): S }, events: E[]) => events.reduce((s, e) => d.evolve(s, e), d.initialState());

describe('appointment and agenda deciders (pure)', () => {
  it('judges "in the past" on the practice\'s wall clock', () => {
    // 09:30 UTC on 15 January is 10:30 in Madrid: 10:00 there is past, though 10:00 UTC would not be.
    const now = ctx('2030-01-15T09:30:00Z');
    expect(status(() => citaDecider.decide(crear('2030-01-15T10:00:00'), { status: 'nueva' }, now))).to.equal(400);
    expect(status(() => citaDecider.decide(crear('2030-01-15T10:30:00'), { status: 'nueva' }, now))).to.equal(400);
    expect(status(() => citaDecider.decide(crear('2030-01-15T10:31:00'), { status: 'nueva' }, now))).to.equal('ok');
    expect(status(() => citaDecider.decide(crear('2030-01-15T10:00:00'), { status: 'nueva' }, ctx('2030-01-15T09:30:00Z', 'UTC')))).to.equal('ok');
  });

  it('records the local end, real minutes after the start, and rejects a start the clock skips', () => {
    const now = ctx('2030-01-01T00:00:00Z');
    const [e] = citaDecider.decide(crear('2030-03-31T01:30:00', 60), { status: 'nueva' }, now) as Extract<CitaEvent, { type: 'CitaCreada' }>[];
    expect(e.data.endDatetime).to.equal('2030-03-31T03:30:00');
    expect(status(() => citaDecider.decide(crear('2030-03-31T02:30:00'), { status: 'nueva' }, now))).to.equal(400);
    for (const d of [0, -1, 601, 1.5]) expect(status(() => citaDecider.decide(crear('2030-05-01T10:00:00', d), { status: 'nueva' }, now))).to.equal(400);
    expect(status(() => citaDecider.decide(crear('2030-05-01T10:00:00'), fold(citaDecider, [e]), now))).to.equal(409);
  });

  it('hides appointments outside the caller\'s scope as not found', () => {
    const now = ctx('2030-01-01T00:00:00Z');
    const state: Cita = fold(citaDecider, citaDecider.decide(crear('2030-05-01T10:00:00'), { status: 'nueva' }, now));
    const cancel = (alcance: any): CitaCommand => ({ type: 'CancelarCita', data: { alcance, por: 'PACIENTE' } });
    expect(status(() => citaDecider.decide(cancel({ idPaciente: 8 }), state, now))).to.equal(404);
    expect(status(() => citaDecider.decide(cancel({ idPsicologo: 4 }), state, now))).to.equal(404);
    expect(status(() => citaDecider.decide(cancel({ idPaciente: 7 }), state, now))).to.equal('ok');
    expect(status(() => citaDecider.decide(cancel('todas'), { status: 'nueva' }, now))).to.equal(404);
  });

  it('keeps a reschedule that changes nothing silent, and lets the reason of a past appointment be corrected', () => {
    const created = citaDecider.decide(crear('2030-05-01T10:00:00'), { status: 'nueva' }, ctx('2030-01-01T00:00:00Z'));
    const state = fold(citaDecider, created);
    const later = ctx('2030-06-01T00:00:00Z');
    const move = (startDatetime: string, motivo: string | null): CitaCommand => ({ type: 'ReprogramarCita', data: { alcance: { idPaciente: 7 }, startDatetime, durationMinutes: 50, motivo } });
    expect(citaDecider.decide(move('2030-05-01T10:00:00', null), state, later)).to.deep.equal([]);
    expect(citaDecider.decide(move('2030-05-01T10:00:00', 'Duelo'), state, later)[0].type).to.equal('CitaReprogramada');
    expect(status(() => citaDecider.decide(move('2030-05-02T10:00:00', null), state, later))).to.equal(400);
  });

  describe('agenda', () => {
    const now = ctx('2030-01-01T00:00:00Z');
    const reservar = (idCita: number, startDatetime: string, durationMinutes = 60): AgendaCommand => ({ type: 'ReservarHueco', data: { idPsicologo: 3, idCita, startDatetime, durationMinutes } });
    const run = (state: Agenda, cmd: AgendaCommand) => agendaDecider.decide(cmd, state, now);
    const after = (events: AgendaEvent[]) => fold(agendaDecider, events);

    it('rejects overlaps with live slots and blocks; a released slot is free again', () => {
      const a = run({ status: 'vacia' }, reservar(1, '2030-05-01T10:00:00'));
      const s1 = after(a);
      expect(status(() => run(s1, reservar(2, '2030-05-01T10:59:00')))).to.equal(409);
      expect(status(() => run(s1, reservar(2, '2030-05-01T11:00:00')))).to.equal('ok');
      const s2 = after([...a, ...run(s1, { type: 'LiberarHueco', data: { idPsicologo: 3, idCita: 1 } })]);
      expect(status(() => run(s2, reservar(2, '2030-05-01T10:00:00')))).to.equal('ok');
      expect(run(s2, { type: 'LiberarHueco', data: { idPsicologo: 3, idCita: 1 } })).to.deep.equal([]);
    });

    it('moves a slot over its own old time but not over another', () => {
      const events = [...run({ status: 'vacia' }, reservar(1, '2030-05-01T10:00:00'))];
      events.push(...run(after(events), reservar(2, '2030-05-01T12:00:00')));
      const move = (startDatetime: string): AgendaCommand => ({ type: 'MoverHueco', data: { idPsicologo: 3, idCita: 1, startDatetime, durationMinutes: 60 } });
      expect(run(after(events), move('2030-05-01T10:30:00'))[0].type).to.equal('HuecoMovido');
      expect(status(() => run(after(events), move('2030-05-01T11:30:00')))).to.equal(409);
      expect(run(after(events), move('2030-05-01T10:00:00'))).to.deep.equal([]);
    });

    it('makes a whole-day block cover the real day, 23 or 25 hours on DST days', () => {
      const bloqueo = (fecha: string): AgendaCommand => ({ type: 'CrearBloqueo', data: { idPsicologo: 3, idBloqueo: 9, fecha, horaInicio: null, horaFin: null, motivo: 'Libre' } });
      const [b] = run({ status: 'vacia' }, bloqueo('2030-10-27')) as Extract<AgendaEvent, { type: 'BloqueoCreado' }>[];
      expect(b.data).to.include({ horaInicio: '00:00', horaFin: '23:59', diaCompleto: true, inicio: '2030-10-26T22:00:00.000Z', fin: '2030-10-27T23:00:00.000Z' });
      const s = after([b]);
      expect(status(() => run(s, reservar(1, '2030-10-27T23:30:00', 30)))).to.equal(409);
      expect(status(() => run(s, reservar(1, '2030-10-28T00:00:00', 30)))).to.equal('ok');
      expect(status(() => run(s, reservar(1, '2030-10-26T23:00:00', 60)))).to.equal('ok');
      expect(status(() => run(s, { type: 'EliminarBloqueo', data: { idPsicologo: 3, idBloqueo: 10 } }))).to.equal(404);
    });
  });
});
