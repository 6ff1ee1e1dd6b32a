import { atInstant, wall } from '../zone-clock.ts';

// The two date forms of VERI*FACTU records: the invoice date as dd-mm-yyyy (XSD type `fecha`), and
// the moment the record was generated as ISO 8601 with its UTC offset (FechaHoraHusoGenRegistro),
// both in the issuer's zone (Spain's peninsular time unless configured otherwise).

export const ZONA_ESPANA = 'Europe/Madrid';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const FECHA_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2024-01-31` -> `31-01-2024` (FechaExpedicionFactura, and the QR's `fecha`). */
export function fechaAeat(fechaIso: string): string {
  const m = FECHA_ISO.exec(fechaIso);
  if (!m) throw new RangeError(`fechaAeat: ${JSON.stringify(fechaIso)} is not YYYY-MM-DD`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/**
 * An instant as FechaHoraHusoGenRegistro: `2024-01-01T19:20:30+01:00`, the wall clock of `zone`
 * to the second with the offset in force then (+01:00 in winter, +02:00 in summer for Madrid).
 * Milliseconds are dropped: the huella is computed over exactly this text, so it must be stored.
 */
export function fechaHoraHuso(instant: Date, zone: string = ZONA_ESPANA): string {
  const ts = Math.floor(instant.getTime() / 1000) * 1000;
  if (!Number.isFinite(ts)) throw new RangeError('fechaHoraHuso: invalid date');
  const z = atInstant(ts, zone);
  if (!Number.isFinite(z.o)) throw new RangeError(`fechaHoraHuso: unknown zone ${zone}`);
  const f = wall(z);
  const sign = z.o < 0 ? '-' : '+';
  const o = Math.abs(z.o);
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`
    + `${sign}${pad(Math.trunc(o / 60))}:${pad(o % 60)}`;
}
