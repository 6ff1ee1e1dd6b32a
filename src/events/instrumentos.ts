import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Outcome instruments are data (docs/care.md "Outcome measures"): each is a JSON file in
// src/events/instrumentos with its items, answer options, LOINC codes, bands, safety item and
// reliable-change threshold. Scoring, the safety alert and the overview read only these fields, so
// a third instrument is a file, not a code path. Checked when loaded: a bad file stops the start.

export interface Texto { es: string; en: string }
export interface Opcion { valor: number; loinc: string | null; texto: Texto }
export interface Item { numero: number; loinc: string | null; texto: Texto }
export interface Banda { codigo: string; desde: number; hasta: number; etiqueta: Texto }

export interface Instrumento {
  codigo: string;
  /** The date (YYYY-MM-DD) the file's content last changed: FHIR Questionnaire.date and meta.lastUpdated. */
  actualizado?: string;
  nombre: Texto;
  fuente: Record<string, string>;
  loinc: { panel: string | null; total: string | null; listaRespuestas?: string | null };
  instrucciones: Texto;
  opciones: Opcion[];
  items: Item[];
  puntuacion: { minimo: number; maximo: number; bandas: Banda[] };
  /** The item whose answer at or above `umbral` alerts the psychologist at once; null: none. */
  seguridad: { item: number; umbral: number } | null;
  /**
   * A change of at least `puntos` is reliable change; `mejora` says which way is better (BAJA for
   * symptom scales like PHQ-9 and GAD-7, SUBE for well-being scales like WHO-5).
   */
  cambioFiable: { puntos: number; mejora: 'BAJA' | 'SUBE' };
}

export const INSTRUMENTOS_DIR = join(fileURLToPath(new URL('.', import.meta.url)), 'instrumentos');

function bad(file: string, why: string): never {
  throw new Error(`instrument ${file}: ${why}`);
}

const texto = (t: unknown) => !!t && typeof (t as Texto).es === 'string' && typeof (t as Texto).en === 'string';

/** The sum of the items' extremes must be the stated range, and the bands must tile it. */
function check(file: string, i: Instrumento): Instrumento {
  if (typeof i.codigo !== 'string' || !/^[A-Z0-9-]{2,20}$/.test(i.codigo)) bad(file, 'codigo');
  if (!texto(i.nombre) || !texto(i.instrucciones)) bad(file, 'nombre/instrucciones');
  if (!i.fuente || typeof i.fuente.url !== 'string') bad(file, 'fuente.url (cite the source)');
  if (!Array.isArray(i.opciones) || !i.opciones.length || !i.opciones.every((o) => Number.isInteger(o.valor) && texto(o.texto))) bad(file, 'opciones');
  if (!Array.isArray(i.items) || !i.items.length || !i.items.every((it, n) => it.numero === n + 1 && texto(it.texto))) bad(file, 'items (numbered 1..n)');
  const valores = i.opciones.map((o) => o.valor);
  const [lo, hi] = [Math.min(...valores), Math.max(...valores)];
  const { minimo, maximo, bandas } = i.puntuacion ?? ({} as Instrumento['puntuacion']);
  if (minimo !== lo * i.items.length || maximo !== hi * i.items.length) bad(file, 'puntuacion.minimo/maximo do not match the items');
  let next = minimo;
  for (const b of bandas ?? []) {
    if (b.desde !== next || b.hasta < b.desde || !texto(b.etiqueta)) bad(file, `band ${b.codigo}`);
    next = b.hasta + 1;
  }
  if (next !== maximo + 1) bad(file, 'bands do not cover the range');
  if (i.seguridad && !i.items.some((it) => it.numero === i.seguridad!.item)) bad(file, 'seguridad.item');
  const c = i.cambioFiable;
  if (!c || !Number.isInteger(c.puntos) || c.puntos < 1 || (c.mejora !== 'BAJA' && c.mejora !== 'SUBE')) bad(file, 'cambioFiable');
  return i;
}

/** Every `*.json` of the directories given (later ones add to or replace earlier ones by codigo). */
export function cargarInstrumentos(dirs: readonly string[] = [INSTRUMENTOS_DIR]): Map<string, Instrumento> {
  const out = new Map<string, Instrumento>();
  for (const dir of dirs) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
      const i = check(file, JSON.parse(readFileSync(join(dir, file), 'utf8')) as Instrumento);
      out.set(i.codigo, i);
    }
  }
  return out;
}

let catalogo: Map<string, Instrumento> | null = null;

/** The practice's instruments, loaded once from the shipped files. */
export function instrumentos(): Map<string, Instrumento> {
  catalogo ??= cargarInstrumentos();
  return catalogo;
}

/** Tests: the catalogue from these directories instead (a fixture instrument beside the shipped ones). */
export function usarInstrumentos(dirs: readonly string[] | null): void {
  catalogo = dirs ? cargarInstrumentos(dirs) : null;
}

export const instrumento = (codigo: string): Instrumento | undefined => instrumentos().get(codigo);

/** The band a total falls in (the bands tile the range, checked at load). */
export function bandaDe(i: Instrumento, puntuacion: number): Banda {
  return i.puntuacion.bandas.find((b) => puntuacion >= b.desde && puntuacion <= b.hasta)!;
}

export interface Puntuado {
  /** One value per item, in item order. */
  valores: number[];
  puntuacion: number;
  banda: string;
  /** The safety item reached its threshold. */
  alerta: boolean;
}

/** What is wrong with an answer set, naming the item; null when every item has an allowed value. */
export function problemaRespuestas(i: Instrumento, respuestas: Record<string, unknown>): { item: string; falta: boolean } | null {
  const numeros = new Set(i.items.map((it) => String(it.numero)));
  for (const key of Object.keys(respuestas)) if (!numeros.has(key)) return { item: key, falta: false };
  const valores = new Set(i.opciones.map((o) => o.valor));
  for (const it of i.items) {
    const v = respuestas[String(it.numero)];
    if (v === undefined) return { item: String(it.numero), falta: true };
    if (typeof v !== 'number' || !valores.has(v)) return { item: String(it.numero), falta: false };
  }
  return null;
}

/** Scores a complete, checked answer set (see problemaRespuestas). */
export function puntuar(i: Instrumento, respuestas: Record<string, number>): Puntuado {
  const valores = i.items.map((it) => respuestas[String(it.numero)]);
  const puntuacion = valores.reduce((a, b) => a + b, 0);
  const alerta = i.seguridad !== null && valores[i.seguridad.item - 1] >= i.seguridad.umbral;
  return { valores, puntuacion, banda: bandaDe(i, puntuacion).codigo, alerta };
}
