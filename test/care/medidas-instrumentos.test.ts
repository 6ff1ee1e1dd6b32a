import { expect } from 'chai';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cargarInstrumentos, INSTRUMENTOS_DIR, problemaRespuestas, puntuar } from '../../src/events/instrumentos.ts';

// docs/care.md "Outcome measures": the instruments are data; these are their published rules.
const FIXTURES = fileURLToPath(new URL('./fixtures/instrumentos', import.meta.url));
const todas = (n: number, v: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i + 1), v]));

describe('care: instruments as data', () => {
  const cat = cargarInstrumentos();
  const phq9 = cat.get('PHQ-9')!;
  const gad7 = cat.get('GAD-7')!;

  it('ships PHQ-9 and GAD-7 with their LOINC panel and total codes and a cited source', () => {
    expect([...cat.keys()].sort()).to.deep.equal(['GAD-7', 'PHQ-9']);
    expect(phq9.loinc).to.include({ panel: '44249-1', total: '44261-6' });
    expect(gad7.loinc).to.include({ panel: '69737-5', total: '70274-6' });
    expect(phq9.items.map((i) => i.loinc)).to.deep.equal(['44250-9', '44255-8', '44259-0', '44254-1', '44251-7', '44258-2', '44252-5', '44253-3', '44260-8']);
    expect(gad7.items.map((i) => i.loinc)).to.deep.equal(['69725-0', '68509-9', '69733-4', '69734-2', '69735-9', '69689-8', '69736-7']);
    for (const i of [phq9, gad7]) {
      expect(i.opciones.map((o) => o.loinc)).to.deep.equal(['LA6568-5', 'LA6569-3', 'LA6570-1', 'LA6571-9']);
      expect(i.fuente.url).to.equal('https://www.phqscreeners.com/');
      for (const it of i.items) expect(it.texto.es).to.not.equal(it.texto.en);
    }
  });

  it('scores PHQ-9 into its five bands at the published cut points', () => {
    const banda = (total: number) => {
      const r: Record<string, number> = todas(9, 0);
      for (let k = 1, left = total; left > 0; k++) { r[String(k)] = Math.min(3, left); left -= r[String(k)]; }
      return puntuar(phq9, r);
    };
    expect([0, 4, 5, 9, 10, 14, 15, 19, 20, 27].map((t) => [banda(t).puntuacion, banda(t).banda])).to.deep.equal([
      [0, 'MINIMA'], [4, 'MINIMA'], [5, 'LEVE'], [9, 'LEVE'], [10, 'MODERADA'], [14, 'MODERADA'],
      [15, 'MODERADAMENTE_GRAVE'], [19, 'MODERADAMENTE_GRAVE'], [20, 'GRAVE'], [27, 'GRAVE'],
    ]);
  });

  it('scores GAD-7 into its four bands; it has no safety item', () => {
    expect(puntuar(gad7, todas(7, 0)).banda).to.equal('MINIMA');
    expect(puntuar(gad7, { ...todas(7, 0), 1: 3, 2: 2 }).banda).to.equal('LEVE');
    expect(puntuar(gad7, { ...todas(7, 1), 1: 3, 2: 3, 3: 3 }).banda).to.equal('MODERADA');
    expect(puntuar(gad7, todas(7, 3))).to.include({ puntuacion: 21, banda: 'GRAVE', alerta: false });
  });

  it('alerts on PHQ-9 item 9 at 1 or more, and only there', () => {
    expect(puntuar(phq9, { ...todas(9, 0), 9: 1 }).alerta).to.equal(true);
    expect(puntuar(phq9, { ...todas(9, 3), 9: 0 }).alerta).to.equal(false);
    expect(phq9.seguridad).to.deep.equal({ item: 9, umbral: 1 });
    expect(phq9.cambioFiable).to.deep.equal({ puntos: 5, mejora: 'BAJA' });
    expect(gad7.cambioFiable).to.deep.equal({ puntos: 4, mejora: 'BAJA' });
  });

  it('names the missing, unknown or out-of-range item', () => {
    const { 9: _, ...sin9 } = todas(9, 0);
    expect(problemaRespuestas(phq9, sin9)).to.deep.equal({ item: '9', falta: true });
    expect(problemaRespuestas(phq9, { ...todas(9, 0), 4: 4 })).to.deep.equal({ item: '4', falta: false });
    expect(problemaRespuestas(phq9, { ...todas(9, 0), 2: -1 })).to.deep.equal({ item: '2', falta: false });
    expect(problemaRespuestas(phq9, { ...todas(9, 0), 10: 0 })).to.deep.equal({ item: '10', falta: false });
    expect(problemaRespuestas(phq9, todas(9, 2))).to.equal(null);
  });

  it('takes a third instrument (WHO-5) from a file alone, with its own range and direction of change', () => {
    const withWho = cargarInstrumentos([INSTRUMENTOS_DIR, FIXTURES]);
    const who5 = withWho.get('WHO-5')!;
    expect([...withWho.keys()].sort()).to.deep.equal(['GAD-7', 'PHQ-9', 'WHO-5']);
    expect(puntuar(who5, todas(5, 5))).to.deep.equal({ valores: [5, 5, 5, 5, 5], puntuacion: 25, banda: 'ADECUADO', alerta: false });
    expect(problemaRespuestas(who5, { ...todas(5, 0), 3: 5 })).to.equal(null);
    expect(problemaRespuestas(who5, { ...todas(5, 0), 3: 6 })).to.deep.equal({ item: '3', falta: false });
  });

  it('refuses an instrument file whose bands do not cover its range', () => {
    const dir = mkdtempSync(join(tmpdir(), 'instrumentos-'));
    const who = JSON.parse(readFileSync(join(FIXTURES, 'who-5.json'), 'utf8'));
    who.puntuacion.bandas[1].desde = 14;
    writeFileSync(join(dir, 'who-5.json'), JSON.stringify(who));
    expect(() => cargarInstrumentos([dir])).to.throw(/band/);
  });
});
