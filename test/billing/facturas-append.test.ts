import { expect } from 'chai';
import { enCola } from '../../src/commands/facturas-append.ts';

// The in-process queue of an issuer's numberings (src/commands/facturas-append.ts): one at a time per
// issuer, issuers independent, and an issue that fails (a 409, a lost connection) never holds up the
// issuer's next invoice.
function diferido() {
  let resolver!: () => void;
  let rechazar!: (e: Error) => void;
  const promesa = new Promise<void>((res, rej) => { resolver = res; rechazar = rej; });
  return { promesa, resolver, rechazar };
}
const vuelta = () => new Promise((r) => setImmediate(r));

describe('enCola: an instance numbers one invoice of an issuer at a time', () => {
  it('runs the same issuer\'s work in order, one at a time, and another issuer\'s alongside', async () => {
    const log: string[] = [];
    const a1 = diferido();
    const primera = enCola('B12345674', async () => { log.push('a1 empieza'); await a1.promesa; log.push('a1 acaba'); return 1; });
    const segunda = enCola('B12345674', async () => { log.push('a2 empieza'); return 2; });
    const otra = enCola('12345678Z', async () => { log.push('b1'); return 3; });
    await vuelta();
    expect(log).to.deep.equal(['a1 empieza', 'b1']);
    expect(await otra).to.equal(3);
    a1.resolver();
    expect([await primera, await segunda]).to.deep.equal([1, 2]);
    expect(log).to.deep.equal(['a1 empieza', 'b1', 'a1 acaba', 'a2 empieza']);
  });

  it('passes a failure to its caller and goes on with the next', async () => {
    const fallo = diferido();
    const primera = enCola('B12345674', () => fallo.promesa);
    const segunda = enCola('B12345674', async () => 'emitida');
    fallo.rechazar(new Error('409'));
    let error: unknown;
    try { await primera; } catch (err) { error = err; }
    expect((error as Error).message).to.equal('409');
    expect(await segunda).to.equal('emitida');
    expect(await enCola('B12345674', async () => 'y la siguiente')).to.equal('y la siguiente');
  });
});
