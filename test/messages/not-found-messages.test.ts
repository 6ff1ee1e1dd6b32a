import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { errors } from '../../src/platform/errors.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { newPaciente, newPsicologo, type Paciente, type Psicologo } from '../citas/support.ts';

// Spanish agreement in every 404: the participle takes the gender of the noun it follows.
// The genders here are the dictionary's, written independently of the source.
const GENERO: Record<string, 'm' | 'f'> = {
  Archivo: 'm', Bloqueo: 'm', Cita: 'f', 'Cliente FHIR': 'm', Dirección: 'f', Dispositivo: 'm', 'Entrada de lista de espera': 'f', 'Entrada del diario': 'f',
  'Feed de calendario': 'm', 'Historial clínico': 'm', 'Horario laboral': 'm', Mensaje: 'm', Paciente: 'm', 'Perfil de psicólogo': 'm',
  Psicólogo: 'm', 'Psicólogo asignado': 'm', Recurso: 'm', Serie: 'f', Servicio: 'm', Sesión: 'f', Situación: 'f', Tarifa: 'f', Usuario: 'm',
  Factura: 'f', Pago: 'm', 'Alerta de seguridad': 'f', 'Asignación de cuestionario': 'f', 'Documento de consentimiento': 'm', Instrumento: 'm',
};
const participio = (noun: string) => (GENERO[noun] === 'f' ? 'no encontrada' : 'no encontrado');

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (path.endsWith('.ts')) yield path;
  }
}

describe('not-found messages agree in gender', function () {
  this.timeout(60_000);

  it('every noun a 404 names in src, and every literal "no encontrado/a", agrees with its noun', () => {
    const nouns = new Set<string>();
    const literals: string[] = [];
    for (const file of sources('src')) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/errors\.notFound\(\s*'([^']+)'/g)) nouns.add(m[1]);
      for (const m of text.matchAll(/'([^'`]*?) (no encontrad[oa]s?)'/g)) literals.push(`${file}: ${m[1]} ${m[2]}`);
    }
    expect(nouns.size, 'nouns found').to.be.greaterThan(10);
    for (const noun of nouns) {
      expect(GENERO, `gender of "${noun}" (add it to this table)`).to.have.property(noun);
      expect(errors.notFound(noun as never, 'x').mensaje.es).to.equal(`${noun} ${participio(noun)}`);
    }
    for (const line of literals) {
      const [, noun, said] = /: (.*) (no encontrad[oa]s?)$/.exec(line)!;
      expect(GENERO, `${line}: gender of "${noun}"`).to.have.property(noun);
      expect(said, line).to.equal(participio(noun));
    }
  });

  describe('as answered', () => {
    let srv: TestServer;
    let ana: Paciente;
    let mio: Psicologo;
    before(async () => {
      srv = await startTestServer();
      ana = await newPaciente(srv);
      mio = await newPsicologo(srv, await srv.adminToken());
    });
    after(async () => {
      await srv?.stop();
    });

    it('a series, a waitlist entry, an appointment and a session are feminine; a patient masculine', async () => {
      expectError(await srv.request('GET', '/api/citas/series/999999', { token: ana.token }), 404, 'Serie no encontrada');
      expectError(await srv.request('DELETE', '/api/lista-espera/999999', { token: ana.token }), 404, 'Entrada de lista de espera no encontrada');
      expectError(await srv.request('DELETE', '/api/citas/999999', { token: ana.token }), 404, 'Cita no encontrada');
      expectError(await srv.request('GET', '/api/sesiones/999999', { token: ana.token }), 404, 'Sesión no encontrada');
      expectError(await srv.request('GET', '/api/psicologo/sesiones?idPaciente=999999', { token: mio.token }), 404, 'Paciente no encontrado');
      expectError(await srv.request('GET', '/api/citas/series/999999', { token: ana.token, headers: { 'Accept-Language': 'en' } }), 404, 'Series not found');
    });
  });
});
