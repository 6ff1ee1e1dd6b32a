import { inflateSync } from 'node:zlib';
import type { ReceivedMail } from '../support/smtp.ts';
import { textRuns } from '../support/pdf-read.ts';

// Reads the mails the test SMTP server received as nodemailer writes them: the headers, and each
// MIME part (text, attachments) decoded from base64 or quoted-printable. Enough for the billing
// mails: one level of multipart/mixed, or a single part.

export interface ParteMime {
  tipo: string;
  nombre: string | null;
  contenido: Buffer;
}

export interface CorreoLeido {
  to: string[];
  subject: string;
  text: string;
  partes: ParteMime[];
}

const cabecera = (head: string, name: string) =>
  new RegExp(`^${name}:(.*(?:\\r\\n[ \\t].*)*)`, 'im').exec(head)?.[1].replace(/\r\n[ \t]+/g, ' ').trim() ?? '';

function palabras(h: string): string {
  return h.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, s: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(s, 'base64').toString('utf8')
      : Buffer.from(s.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, x: string) => String.fromCharCode(parseInt(x, 16))), 'latin1').toString('utf8'));
}

function decodificar(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    return Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, x: string) => String.fromCharCode(parseInt(x, 16))), 'latin1');
  }
  return Buffer.from(body, 'utf8');
}

function parte(raw: string): ParteMime {
  const split = raw.indexOf('\r\n\r\n');
  const [head, body] = [raw.slice(0, split), raw.slice(split + 4)];
  const tipo = cabecera(head, 'Content-Type');
  const nombre = /filename="?([^";]+)"?/i.exec(cabecera(head, 'Content-Disposition'))?.[1] ?? null;
  return { tipo: tipo.split(';')[0].trim().toLowerCase(), nombre, contenido: decodificar(body, cabecera(head, 'Content-Transfer-Encoding').toLowerCase()) };
}

export function leerCorreo(mail: ReceivedMail): CorreoLeido {
  const split = mail.raw.indexOf('\r\n\r\n');
  const head = mail.raw.slice(0, split);
  const tipo = cabecera(head, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(tipo)?.[1];
  const partes = boundary
    ? mail.raw.slice(split + 4).split(`--${boundary}`).slice(1, -1).map((p) => parte(p.replace(/^\r\n/, '').replace(/\r\n$/, '')))
    : [parte(mail.raw)];
  const texto = partes.find((p) => p.tipo === 'text/plain');
  return { to: mail.to, subject: palabras(cabecera(head, 'Subject')), text: (texto?.contenido.toString('utf8') ?? '').replace(/\r\n/g, '\n'), partes };
}

/** The text of a PDF as served (its streams deflated, as the invoice route and the mail send it), one run per line. */
export function textoPdf(pdf: Buffer): string {
  const latin = pdf.toString('latin1');
  const runs: string[] = [];
  for (const m of latin.matchAll(/\/FlateDecode[^]*?stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = latin.indexOf('endstream', start);
    const stream = inflateSync(pdf.subarray(start, end)).toString('latin1');
    runs.push(...textRuns(stream).map((r) => r.text));
  }
  return runs.join('\n');
}
