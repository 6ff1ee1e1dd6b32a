import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer } from '../../src/reactors/mail/mailer.ts';

// Without SMTP_URL the notices are .eml files in <DATA_DIR>/mail (written asynchronously since the
// write path's profile): each is there, readable by the owner only, when its send resolves.
describe('mail without SMTP: .eml files in the data folder', () => {
  it('writes each notice, mode 0600, before the send resolves; the folder is made when missing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'file-mailer-'));
    try {
      const mailer = createMailer({ smtpUrl: null, from: 'Consulta <no-reply@consulta.test>', dataDir });
      await Promise.all([1, 2, 3].map((n) => mailer.send({ to: `p${n}@example.org`, subject: `Cita ${n}`, text: 'Su cita', noticeId: `aviso-${n}` })));
      const files = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
      expect(files).to.have.length(3);
      const texts = files.map((f) => readFileSync(join(dataDir, 'mail', f), 'utf8'));
      for (const n of [1, 2, 3]) expect(texts.some((t) => t.includes(`Subject: Cita ${n}`) && t.includes(`<aviso-${n}@consulta.test>`))).to.equal(true);
      for (const f of files) expect(statSync(join(dataDir, 'mail', f)).mode & 0o777).to.equal(0o600);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
