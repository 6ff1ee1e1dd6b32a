import { expect } from 'chai';
import pg from 'pg';
import { grantAnalyst, revokeAnalyst } from '../../src/cli/analytics-grant.ts';
import { notificationSeal } from '../../src/platform/crypto/notifications.ts';
import { asignar, newPaciente, newPsicologo, waitFor, type Persona } from '../mensajes/support.ts';
import { ADMIN, startCluster, stomp, type Instance, type StompUser } from '../realtime/support.ts';

type Heard = { channel: string; payload: string };

// PostgreSQL lets every login LISTEN on every channel, and no privilege can stop it. An analyst's
// login that listens to all of the service's channels while a patient comes online and is erased
// must learn no one's id from what it hears.
describe('notification channels heard by an analyst login', function () {
  this.timeout(120_000);
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let a: Instance;
  let ear: pg.Client;
  const role = `analista_oye_${process.pid}`;
  const heard: Heard[] = [];
  let socket: StompUser | null = null;

  before(async () => {
    cluster = await startCluster(1);
    [a] = cluster.instances;
    await grantAnalyst(cluster.db.knex, role, 'escucha-canales-1234');
    const url = new URL(cluster.db.url);
    ear = new pg.Client({ host: url.hostname, port: Number(url.port), database: url.pathname.slice(1), user: role, password: 'escucha-canales-1234' });
    await ear.connect();
    for (const channel of ['practice_events', 'practice_checkpoints', 'practice_presence', 'practice_keys']) await ear.query(`listen ${channel}`);
    ear.on('notification', (n) => heard.push({ channel: n.channel, payload: n.payload ?? '' }));
  });
  after(async () => {
    await socket?.close();
    await ear?.end();
    await revokeAnalyst(cluster.db.knex, role).catch(() => undefined);
    await cluster?.stop();
  });

  it('hears that something changed, never whose presence nor whose key', async () => {
    const admin = (await a.request('POST', '/auth/login', { body: ADMIN })).body.token;
    const psi: Persona = await newPsicologo(a, admin);
    const ana = await newPaciente(a);
    await asignar(a, admin, ana.idPaciente, psi.idPsicologo!);
    socket = await stomp(a.wsUrl, ana.token);
    await waitFor(() => heard.some((h) => h.channel === 'practice_presence'), 5000, 'a presence announcement');
    expect((await a.request('DELETE', `/api/pacientes/${ana.idPaciente}`, { token: admin })).status).to.equal(204);
    await waitFor(() => heard.some((h) => h.channel === 'practice_keys'), 5000, 'a key destruction announcement');

    const ids = [`usuario-${ana.idUsuario}`, `paciente-${ana.idPaciente}`, 'idUsuario', '"online"'];
    for (const h of heard) for (const id of ids) expect(h.payload, `${h.channel}: ${h.payload}`).not.to.include(id);
    // What the instances hear is still the whole announcement, for those holding the master key.
    const seal = notificationSeal(cluster.config.masterKey);
    const opened = heard.filter((h) => h.channel === 'practice_presence').map((h) => JSON.parse(seal.open(h.channel, h.payload)!));
    expect(opened[0]).to.include({ idUsuario: ana.idUsuario, online: true });
  });
});
