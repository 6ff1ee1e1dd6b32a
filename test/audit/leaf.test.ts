import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { canonicalJson, leafBytes, parseLeaf, recordDigest } from '../../src/platform/audit/leaf.ts';
import { hashLeaf } from '../../src/platform/audit/merkle.ts';

describe('audit: the leaf format v1 (docs/audit.md)', () => {
  const doc = readFileSync(new URL('../../docs/audit.md', import.meta.url), 'utf8');
  const example = JSON.parse(/Example: this event as stored\n\n```json\n([\s\S]*?)```/.exec(doc)![1]);
  const event = { ...example, revision: BigInt(example.revision) };

  it('gives the leaf and the leaf hash the document shows for its example', () => {
    const leaf = /this leaf\n\n```\n([\s\S]*?)```/.exec(doc)![1];
    expect(leafBytes(event).toString('utf8')).to.equal(leaf);
    const hash = /the leaf hash `([0-9a-f]{64})`/.exec(doc)![1];
    expect(hashLeaf(leafBytes(event)).toString('hex')).to.equal(hash);
    // Every line by hand, as an auditor in another language would compute it.
    const b64 = (s: string) => createHash('sha256').update(s).digest('base64');
    const jcsData = '{"fechaNacimiento":null,"idPaciente":12,"idUsuario":31,"nombre":"k0bK4m0zQm1yVXJ0Z2h0cA=="}';
    expect(canonicalJson(event.data)).to.equal(jcsData);
    expect(leaf.split('\n')[6]).to.equal(b64(jcsData));
  });

  it('canonicalizes as RFC 8785: members by UTF-16 code units, ECMAScript numbers, no whitespace', () => {
    expect(canonicalJson({ b: [1, 2.5, -0, 1e21], a: { z: 'é\u2028"', 'é': true, '\u20ac': null, '\ud83d\ude00': 1 } }))
      .to.equal('{"a":{"z":"é\u2028\\"","é":true,"€":null,"😀":1},"b":[1,2.5,0,1e+21]}');
  });

  it('reads its fields back and refuses anything else', () => {
    expect(parseLeaf(leafBytes(event))).to.deep.include({ eventId: example.metadata.eventId, streamId: 'paciente-12', revision: 0n, type: 'PacienteRegistrado' });
    expect(() => parseLeaf(Buffer.from('practice.audit.leaf/v2\n'))).to.throw();
    expect(() => leafBytes({ ...event, streamId: 'a\nb' })).to.throw(/line break/);
  });

  it('digests a record as SHA-256 of a version line and its leaf hashes', () => {
    const h = hashLeaf(leafBytes(event));
    const expected = createHash('sha256').update('practice.audit.record/v1\n').update(h).digest('base64');
    expect(recordDigest([h])).to.equal(expected);
  });
});
