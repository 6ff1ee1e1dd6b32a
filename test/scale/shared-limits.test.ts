import { expect } from 'chai';
import { pacienteBody, psicologoBody, uniqueEmail } from '../http/helpers.ts';
import { waitFor, type Persona } from '../mensajes/support.ts';
import { ADMIN, FAST, RawStomp, startCluster, type Instance } from '../realtime/support.ts';

// The abuse limits hold for the practice, not per instance (issue 24): a client that a load
// balancer spreads over two instances on one database gets each limit once, not twice.

type Response = { status: number; body: any; headers: Headers };

/** A request from `address`, as the trusted proxy reports it (TRUST_PROXY: the last X-Forwarded-For entry). */
async function call(inst: Instance, method: string, path: string, o: { body?: unknown; token?: string; address: string }): Promise<Response> {
  const headers: Record<string, string> = { 'X-Forwarded-For': o.address };
  if (o.token) headers.Authorization = `Bearer ${o.token}`;
  if (o.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${inst.url}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

let addresses = 0;
/** Every setup step from an address of its own, so it spends no test's per-address budget. */
const fresh = () => `192.0.2.${++addresses}`;

describe('limits shared by two instances on one database', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let a: Instance;
  let b: Instance;
  const sockets: RawStomp[] = [];
  const register = async (inst: Instance, email = uniqueEmail('compartido')): Promise<Persona & { email: string }> => {
    const r = await call(inst, 'POST', '/auth/register-paciente', { body: pacienteBody({}, { email, password: 'secreto123' }), address: fresh() });
    expect(r.status).to.equal(200);
    return { ...(r.body as Persona), email };
  };

  before(async () => {
    cluster = await startCluster(2, FAST, {
      TRUST_PROXY: 'true', WRITES_PER_MINUTE: '1', WRITE_BURST: '6', AUTH_RATE_PER_MINUTE: '4', REGISTRATIONS_PER_HOUR: '2',
      LOGIN_MAX_FAILURES: '3', STOMP_SESSIONS_PER_USER: '2',
    });
    [a, b] = cluster.instances;
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.ws.close();
  });
  after(async () => { await cluster?.stop(); });

  it("limits one user's writes alternating between the instances to the burst, not twice it", async () => {
    const p = await register(a);
    const write = (inst: Instance) => call(inst, 'POST', '/api/diario-emocional', { token: p.token, body: { emocion: 'calma', intensidad: 3 }, address: fresh() });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await write(i % 2 === 0 ? a : b)).status);
    expect(statuses.filter((s) => s === 201), statuses.join(',')).to.have.length(6);
    expect(statuses.slice(6)).to.deep.equal([429, 429, 429, 429, 429, 429]);
    const list = await call(b, 'GET', '/api/diario-emocional', { token: p.token, address: fresh() });
    expect(list.body).to.have.length(6);
  });

  it("shares one bucket between a user's REST writes on one instance and STOMP SENDs on the other", async () => {
    const admin = (await call(a, 'POST', '/auth/login', { body: ADMIN, address: fresh() })).body.token as string;
    const psi = (await call(a, 'POST', '/auth/register-psicologo', { token: admin, body: psicologoBody(), address: fresh() })).body as Persona;
    const p = await register(b);
    const assigned = await call(a, 'POST', '/api/admin/psicologos/asignar-psicologo', { token: admin, body: { idPaciente: p.idPaciente, idPsicologo: psi.idPsicologo }, address: fresh() });
    expect(assigned.status).to.equal(200);
    for (let i = 0; i < 4; i++) expect((await call(a, 'POST', '/api/diario-emocional', { token: p.token, body: { emocion: 'calma', intensidad: 3 }, address: fresh() })).status).to.equal(201);
    const s = await RawStomp.open(b.wsUrl);
    sockets.push(s);
    expect((await s.connect(p.token)).command).to.equal('CONNECTED');
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) {
      s.frame('SEND', { destination: '/app/chat', receipt: `r${i}` }, JSON.stringify({ receiverId: psi.idUsuario, mensaje: `m${i}` }));
      const f = await s.frames.next();
      answers.push(f.command === 'ERROR' ? `ERROR ${f.headers['retry-after'] ? 'retry-after' : ''}` : f.command);
    }
    // 6 tokens: 4 REST writes on A leave 2 for the SENDs on B.
    expect(answers).to.deep.equal(['RECEIPT', 'RECEIPT', 'ERROR retry-after', 'ERROR retry-after']);
  });

  it('limits self-registrations from one address across the instances', async () => {
    const address = '198.51.100.20';
    const statuses: number[] = [];
    for (const inst of [a, b, a, b]) statuses.push((await call(inst, 'POST', '/auth/register-paciente', { body: pacienteBody(), address })).status);
    expect(statuses).to.deep.equal([200, 200, 429, 429]);
  });

  it('limits auth requests from one address across the instances', async () => {
    const address = '198.51.100.21';
    const statuses: number[] = [];
    // A different unknown e-mail each time: the lockout of one account does not answer first.
    for (const [i, inst] of [a, b, a, b, a, b].entries()) {
      statuses.push((await call(inst, 'POST', '/auth/login', { body: { email: `nadie${i}@example.com`, password: 'whatever1' }, address })).status);
    }
    expect(statuses).to.deep.equal([404, 404, 404, 404, 429, 429]);
  });

  it('locks an account on every instance after failures on one: the right password on the other answers 429', async () => {
    const p = await register(a);
    const login = (inst: Instance, password: string) => call(inst, 'POST', '/auth/login', { body: { email: p.email, password }, address: fresh() });
    for (let i = 0; i < 3; i++) expect((await login(a, 'wrong-pass1')).status).to.equal(401);
    const onB = await login(b, 'secreto123');
    expect(onB.status).to.equal(429);
    expect(Number(onB.headers.get('retry-after'))).to.be.at.least(1);
    // Another account is not affected on either instance.
    const other = await register(b);
    expect((await call(a, 'POST', '/auth/login', { body: { email: other.email, password: 'secreto123' }, address: fresh() })).status).to.equal(200);
  });

  it('checks at most LOGIN_MAX_FAILURES wrong passwords of guesses racing on both instances (issue 31)', async () => {
    const p = await register(b);
    const login = (inst: Instance, password: string) => call(inst, 'POST', '/auth/login', { body: { email: p.email, password }, address: fresh() });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(i % 2 === 0 ? a : b, `adivina${i}`)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401), statuses.join(',')).to.have.length(3);
    expect(statuses.filter((s) => s === 429)).to.have.length(17);
    for (const inst of [a, b]) expect((await login(inst, 'secreto123')).status).to.equal(429);
  });

  describe('STOMP sessions per user (STOMP_SESSIONS_PER_USER = 2)', () => {
    const open = async (inst: Instance) => {
      const s = await RawStomp.open(inst.wsUrl);
      sockets.push(s);
      return s;
    };

    it('counts the sessions on both instances: the third CONNECT is refused wherever it lands', async () => {
      const p = await register(a);
      expect((await (await open(a)).connect(p.token)).command).to.equal('CONNECTED');
      const onB = await open(b);
      expect((await onB.connect(p.token)).command).to.equal('CONNECTED');
      for (const inst of [a, b]) {
        const extra = await open(inst);
        const f = await extra.connect(p.token);
        expect(f.command).to.equal('ERROR');
        expect(JSON.parse(f.body)).to.include({ status: 429 });
        await extra.waitClosed();
      }
      // Closing the session on B frees a slot, which a CONNECT on A may take.
      onB.ws.close();
      await onB.closed;
      await waitFor(async () => {
        const s = await open(a);
        return (await s.connect(p.token)).command === 'CONNECTED';
      }, 5000, 'a freed session slot');
    });

    it('lets only two of six CONNECTs racing on both instances through', async () => {
      const p = await register(b);
      const socketsOf = await Promise.all([a, b, a, b, a, b].map(open));
      const frames = await Promise.all(socketsOf.map((s) => s.connect(p.token)));
      const commands = frames.map((f) => f.command).sort();
      expect(commands).to.deep.equal(['CONNECTED', 'CONNECTED', 'ERROR', 'ERROR', 'ERROR', 'ERROR']);
    });
  });
});
