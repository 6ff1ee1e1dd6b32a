import { expect } from 'chai';
import { DateTime } from 'luxon';
import { diasLocales, localInstant, tramoBloqueo, tramoCita } from '../../src/platform/agenda-time.ts';
import { localizador, tramosLaborables } from '../../src/platform/horario-time.ts';
import { localDate, localDateTime } from '../../src/platform/time.ts';
import type { Plantilla } from '../../src/events/horario.ts';

// The zone arithmetic of the write path no longer goes through luxon (src/platform/zone-clock.ts):
// every answer must still be luxon's, to the millisecond and the character, above all around the
// hour skipped and the hour repeated. The references below are the luxon code as it was.

const ref = {
  localInstant(local: string, zone: string): number | null {
    const dt = DateTime.fromISO(local, { zone });
    if (!dt.isValid || dt.toFormat("yyyy-LL-dd'T'HH:mm") !== local.slice(0, 16)) return null;
    return dt.toMillis();
  },
  tramoCita(start: string, minutes: number, zone: string) {
    const dt = DateTime.fromISO(start, { zone });
    if (!dt.isValid || dt.toFormat("yyyy-LL-dd'T'HH:mm") !== start.slice(0, 16)) return null;
    const end = dt.plus({ minutes });
    return { inicio: dt.toUTC().toISO()!, fin: end.toUTC().toISO()!, endDatetime: end.setZone(zone).toFormat("yyyy-LL-dd'T'HH:mm:ss") };
  },
  diasLocales(t: { inicio: string; fin: string }, zone: string): string[] {
    const fin = Date.parse(t.fin);
    let day = DateTime.fromISO(t.inicio, { zone }).startOf('day');
    const days = [day.toFormat('yyyy-LL-dd')];
    for (day = day.plus({ days: 1 }).startOf('day'); day.toMillis() < fin && days.length < 32; day = day.plus({ days: 1 }).startOf('day')) days.push(day.toFormat('yyyy-LL-dd'));
    return days;
  },
  /** localizador's day check as it was: one offset from the day's midnight to noon of the next. */
  offsetFijo(fecha: string, zone: string): number | null {
    const d = DateTime.fromISO(fecha, { zone }).startOf('day');
    const checks = [d, d.plus({ days: 1 }).startOf('day'), d.plus({ days: 1 }).startOf('day').plus({ hours: 12 })].map((x) => x.offset);
    return checks.every((x) => x === checks[0]) ? checks[0] : null;
  },
  instante(fecha: string, hora: string, zone: string): number {
    const day = DateTime.fromISO(fecha, { zone }).startOf('day');
    if (hora === '24:00') return day.plus({ days: 1 }).startOf('day').toMillis();
    return DateTime.fromISO(`${fecha}T${hora}`, { zone }).toMillis();
  },
};

const ZONES = [
  'Europe/Madrid', 'Atlantic/Canary', 'America/New_York', 'America/Santiago', 'America/Havana', 'Asia/Beirut',
  'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kolkata', 'America/St_Johns', 'UTC',
];
const pad = (n: number) => String(n).padStart(2, '0');
const localOf = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** Instants where the zone's offset changes in [from, to): found hour by hour, then narrowed to the minute. */
function transitions(zone: string, from: number, to: number): number[] {
  const off = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  const out: number[] = [];
  for (let t = from; t < to; t += 3_600_000) {
    if (off(t) === off(t + 3_600_000)) continue;
    let [lo, hi] = [t, t + 3_600_000];
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (off(mid) === off(lo)) lo = mid;
      else hi = mid;
    }
    out.push(hi);
  }
  return out;
}

/** Wall-clock times every 15 minutes over the local days around each change of 2026, plus ordinary days. */
function wallTimes(zone: string): string[] {
  const out: string[] = [];
  const changes = transitions(zone, Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
  const days = [...changes, Date.UTC(2026, 0, 15, 12), Date.UTC(2026, 6, 15, 12)];
  for (const at of days) {
    const base = Date.UTC(...(localOf(at).slice(0, 10).split('-').map(Number).map((x, i) => (i === 1 ? x - 1 : x)) as [number, number, number]));
    for (let m = -12 * 60; m < 36 * 60; m += 15) out.push(localOf(base + m * 60_000));
  }
  return out;
}

describe('zone arithmetic without luxon: the answers are luxon\'s', () => {
  for (const zone of ZONES) {
    it(`${zone}: instants, appointment spans and their days, wall clocks, working hours`, () => {
      const times = wallTimes(zone);
      for (const local of times) {
        const short = local.slice(0, 16);
        expect(localInstant(local, zone), local).to.equal(ref.localInstant(local, zone));
        expect(localInstant(short, zone), short).to.equal(ref.localInstant(short, zone));
        for (const minutes of [50, 600]) {
          const t = tramoCita(local, minutes, zone);
          expect(t, `${local} +${minutes}`).to.deep.equal(ref.tramoCita(local, minutes, zone));
          if (t) expect(diasLocales(t, zone), `${local} +${minutes}`).to.deep.equal(ref.diasLocales(t, zone));
        }
        const instant = new Date(Date.parse(`${local}Z`) + 7_000);
        expect(localDateTime(instant, zone)).to.equal(DateTime.fromJSDate(instant, { zone }).toFormat("yyyy-LL-dd'T'HH:mm:ss"));
        expect(localDate(instant, zone)).to.equal(DateTime.fromJSDate(instant, { zone }).toFormat('yyyy-LL-dd'));
      }
      const fechas = [...new Set(times.map((t) => t.slice(0, 10)))];
      const plantilla = (fecha: string): Plantilla => ({
        desde: '2000-01-01', hasta: null,
        dias: [{ dia: DateTime.fromISO(fecha, { zone: 'UTC' }).weekday, intervalos: [{ horaInicio: '00:00', horaFin: '02:30' }, { horaInicio: '02:30', horaFin: '24:00' }] }],
      } as Plantilla);
      const situar = localizador(zone);
      for (const fecha of fechas) {
        const spans = tramosLaborables(plantilla(fecha), fecha, zone);
        expect(spans, fecha).to.deep.equal([
          { inicio: ref.instante(fecha, '00:00', zone), fin: ref.instante(fecha, '02:30', zone) },
          { inicio: ref.instante(fecha, '02:30', zone), fin: ref.instante(fecha, '24:00', zone) },
        ]);
        for (const h of [0, 1, 2, 3, 23]) {
          const local = `${fecha}T${pad(h)}:30:00`;
          const o = ref.offsetFijo(fecha, zone);
          const r = ref.tramoCita(local, 50, zone);
          const wall = Date.parse(`${local}Z`);
          expect(situar(local, 50), local).to.deep.equal(o === null
            ? r && { inicio: Date.parse(r.inicio), fin: Date.parse(r.fin), endDatetime: r.endDatetime }
            : { inicio: wall - o * 60_000, fin: wall - o * 60_000 + 50 * 60_000, endDatetime: localOf(wall + 50 * 60_000) });
        }
        expect(tramoBloqueo(fecha, '01:30', '03:30', zone), fecha).to.deep.equal((() => {
          const [a, b] = [ref.localInstant(`${fecha}T01:30`, zone), ref.localInstant(`${fecha}T03:30`, zone)];
          return a === null || b === null ? null : { inicio: new Date(a).toISOString(), fin: new Date(b).toISOString() };
        })());
      }
    });
  }

  it('odd text and unknown zones get luxon\'s answers too', () => {
    for (const local of ['2030-02-30T10:00', '2030-01-07T24:00', '2030-01-07T10', '2030-01-07T10:20:30.250', '2030-01-07 10:20', '0999-01-07T10:00', 'mañana']) {
      expect(localInstant(local, 'Europe/Madrid'), local).to.equal(ref.localInstant(local, 'Europe/Madrid'));
      expect(tramoCita(local, 50, 'Europe/Madrid'), local).to.deep.equal(ref.tramoCita(local, 50, 'Europe/Madrid'));
    }
    expect(localInstant('2030-01-07T10:00', 'Nowhere/Nada')).to.equal(null);
    expect(diasLocales({ inicio: '2030-01-07T10:00:00.000Z', fin: '2030-01-07T11:00:00.000Z' }, 'Nowhere/Nada'))
      .to.deep.equal(ref.diasLocales({ inicio: '2030-01-07T10:00:00.000Z', fin: '2030-01-07T11:00:00.000Z' }, 'Nowhere/Nada'));
    expect(localDateTime(new Date(NaN), 'Europe/Madrid')).to.equal(DateTime.fromJSDate(new Date(NaN), { zone: 'Europe/Madrid' }).toFormat("yyyy-LL-dd'T'HH:mm:ss"));
  });
});
