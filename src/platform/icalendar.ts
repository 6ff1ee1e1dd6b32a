// A minimal iCalendar (RFC 5545) writer: just what a read-only appointments feed needs.

export type EstadoIcal = 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';

export interface EventoIcal {
  uid: string;
  /** UTC instants (ISO 8601). */
  inicio: string;
  fin: string;
  summary: string;
  description?: string;
  /** LOCATION (TEXT). */
  location?: string;
  /** URL (a URI, 3.8.4.6): written as is, so it must be a plain absolute or relative URL. */
  url?: string;
  status: EstadoIcal;
}

/** TEXT values (3.3.11): backslash, semicolon, comma and line breaks are escaped. */
export function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line at 75 octets (3.1): continuation lines start with one space, which counts
 * towards their 75. Cuts fall between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const max = parts.length === 0 ? 75 : 74;
    if (octets + size > max) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** `2026-03-14T09:30:00.000Z` → `20260314T093000Z` (a UTC DATE-TIME, 3.3.5 form #2). */
export function utcStamp(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

function eventLines(e: EventoIcal, dtstamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${dtstamp}`,
    `DTSTART:${utcStamp(e.inicio)}`,
    `DTEND:${utcStamp(e.fin)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.description === undefined ? [] : [`DESCRIPTION:${escapeText(e.description)}`]),
    ...(e.location === undefined ? [] : [`LOCATION:${escapeText(e.location)}`]),
    ...(e.url === undefined ? [] : [`URL:${e.url.replace(/[\r\n]/g, '')}`]),
    `STATUS:${e.status}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** A whole VCALENDAR object: CRLF line ends, every line folded; `now` is each event's DTSTAMP. */
export function icalendar(nombre: string, eventos: EventoIcal[], now: Date): string {
  const dtstamp = utcStamp(now.toISOString());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Psicologia//Citas//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(nombre)}`,
    ...eventos.flatMap((e) => eventLines(e, dtstamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
