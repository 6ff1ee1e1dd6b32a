import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { allProjections } from '../../src/projections/index.ts';
import { shadowRebuild } from '../../src/projections/shadow-rebuild.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { ROOT, runCli, serverEnv, type CliResult } from '../cli/support.ts';
import { practice } from '../clinico/support.ts';
import { pacienteBody } from '../http/helpers.ts';
import { ANALYST_MARK } from '../../src/cli/analytics-grant.ts';

// An analyst's login made by `npm run analytics:grant`, used as an analyst would: a plain PostgreSQL
// connection with the printed host, port, database, role and password. It reads the schema
// analitica and is refused everything else.

interface Login { host: string; port: number; database: string; role: string; password?: string }

describe('analytics:grant: an analyst login that reads the analitica schema and nothing else', function () {
  this.timeout(180_000);
  let srv: TestServer;
  const role = `analista_${process.pid}`;
  let login: Login;
  const clients: pg.Client[] = [];

  const grant = async (...args: string[]) => runCli('analytics-grant', ['--role', role, ...args], serverEnv(srv));
  async function connect(l: Login, password = l.password!): Promise<pg.Client> {
    const c = new pg.Client({ host: l.host, port: l.port, database: l.database, user: l.role, password });
    await c.connect();
    clients.push(c);
    return c;
  }
  /** The command with the password on its standard input (runCli gives none). */
  function grantWithStdin(input: string): Promise<CliResult> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/analytics-grant.ts', '--role', role, '--password-stdin'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...serverEnv(srv) },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.stdin.end(input);
    return new Promise((done) => child.on('close', (c) => done({ code: c, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() })));
  }
  /** Every table and view of analitica, from the catalog. */
  async function analiticaRelations(): Promise<string[]> {
    const { rows } = await srv.deps.knex.raw(`select relname from pg_class where relnamespace = 'analitica'::regnamespace and relkind in ('r', 'v', 'm', 'p') order by 1`);
    return rows.map((r: { relname: string }) => r.relname);
  }
  /** The SQLSTATE a statement fails with ('' when it succeeds). */
  const code = async (c: pg.Client, sql: string): Promise<string> => c.query(sql).then(() => '', (err: { code?: string }) => err.code ?? '?');

  before(async () => {
    srv = await startTestServer();
    const admin = await srv.adminToken();
    const { paciente } = await practice(srv, admin);
    await srv.request('POST', '/api/diario-emocional', { token: paciente.token, body: { emocion: 'Calma', intensidad: 3 } });
    await srv.deps.projections.waitFor(await srv.deps.store.head(), 20_000);
    const r = await grant();
    expect(r.code, r.stderr).to.equal(0);
    login = JSON.parse(r.stdout);
  });
  // The login allows 5 connections at a time.
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.end().catch(() => {});
  });
  after(async () => {
    await srv?.deps.knex.raw(`drop role if exists ${role}`).catch(() => {});
    await srv?.stop();
  });

  it('prints how to connect: host, port, database, role and a password', () => {
    const url = new URL(srv.db.url);
    expect(login).to.include({ host: url.hostname, port: Number(url.port), database: url.pathname.slice(1), role, schema: 'analitica' });
    expect(login.password).to.be.a('string').with.length.greaterThanOrEqual(12);
  });

  it('makes a plain login: no administrative attribute, no membership, the password stored as a SCRAM secret only', async () => {
    const { rows: [r] } = await srv.deps.knex.raw(
      `select r.rolsuper, r.rolcreatedb, r.rolcreaterole, r.rolreplication, r.rolbypassrls, r.rolinherit, r.rolcanlogin, r.rolconnlimit, a.rolpassword, r.rolconfig
         from pg_roles r join pg_authid a on a.oid = r.oid where r.rolname = ?`,
      [role],
    );
    expect(r).to.include({ rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolreplication: false, rolbypassrls: false, rolinherit: false, rolcanlogin: true, rolconnlimit: 5 });
    expect(r.rolconfig).to.include.members(['search_path=analitica', 'default_transaction_read_only=on', 'statement_timeout=5min']);
    expect(r.rolpassword).to.match(/^SCRAM-SHA-256\$4096:/);
    const { rows: members } = await srv.deps.knex.raw('select 1 from pg_auth_members m join pg_roles r on r.oid = m.member where r.rolname = ?', [role]);
    expect(members).to.deep.equal([]);
  });

  it('reads every table and view of analitica, by bare name too', async () => {
    const c = await connect(login);
    const relations = await analiticaRelations();
    expect(relations).to.include.members(['hechos_citas', 'hechos_sesiones', 'hechos_diario', 'hechos_progreso', 'semanal_paciente', 'parametros', 'citas', 'actividad_consulta_semana', 'bienestar_consulta_semana']);
    for (const rel of relations) expect(await code(c, `select * from analitica.${rel} limit 1`), rel).to.equal('');
    expect((await c.query('select count(*)::int as n from hechos_diario')).rows[0].n).to.equal(1);
  });

  it("runs the README's example queries", async () => {
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('## For analysts'), readme.indexOf('## Configuration'));
    const queries = [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(queries).to.have.length(3);
    const c = await connect(login);
    for (const q of queries) {
      const r = await c.query(q);
      expect(r.fields.length, q).to.be.greaterThan(2);
    }
  });

  it('is refused every other table, the event log and the keys', async () => {
    const c = await connect(login);
    const { rows } = await srv.deps.knex.raw(`select schemaname || '.' || tablename as t from pg_tables where schemaname not in ('pg_catalog', 'information_schema', 'analitica') order by 1`);
    const names = rows.map((r: { t: string }) => r.t);
    expect(names).to.include.members(['public.usuarios', 'public.pacientes', 'public.events', 'public.data_keys', 'public.server_keys', 'public.analitica_asignaciones', 'public.mensajes']);
    for (const t of names) expect(await code(c, `select * from ${t} limit 1`), t).to.equal('42501');
    expect(await code(c, 'select * from pg_authid'), 'pg_authid').to.equal('42501');
    // Column statistics of the personal tables (their most common values) are not shown either.
    expect((await c.query(`select count(*)::int as n from pg_stats where schemaname = 'public'`)).rows[0].n).to.equal(0);
  });

  it('can neither write nor create, nor call the service functions or file readers', async () => {
    const c = await connect(login);
    const refused = ['42501', '25006']; // insufficient privilege; read-only transaction
    expect(refused).to.include(await code(c, `insert into analitica.parametros (unica, min_celda) values (true, 1) on conflict (unica) do update set min_celda = 1`));
    expect(refused).to.include(await code(c, 'update analitica.parametros set min_celda = 1'));
    expect(refused).to.include(await code(c, 'delete from analitica.hechos_diario'));
    expect(refused).to.include(await code(c, 'create table analitica.mia (x int)'));
    expect(refused).to.include(await code(c, 'create table public.mia (x int)'));
    expect(await code(c, 'set transaction read write; insert into analitica.parametros values (true, 1)')).to.be.oneOf(refused);
    const callable = await c.query(`select count(*)::int as n from pg_proc where pronamespace = 'public'::regnamespace and has_function_privilege(oid, 'execute')`);
    expect(callable.rows[0].n, 'functions of the service it may call').to.equal(0);
    expect(await code(c, `select public.practice_append(null, null, null, null, null, null, null)`)).to.equal('42501');
    expect(await code(c, `select pg_read_file('/etc/passwd')`)).to.equal('42501');
    expect(await code(c, `select lo_import('/etc/passwd')`)).to.equal('42501');
    expect(await code(c, 'select * from pg_largeobject')).to.equal('42501');
    expect(await code(c, `select pg_ls_dir('.')`)).to.equal('42501');
    expect(await code(c, `copy (select 1) to program 'true'`)).to.equal('42501');
    expect(await code(c, `copy (select 1) to '/tmp/analista.csv'`)).to.equal('42501');
    expect(await code(c, 'set role pg_read_all_data')).to.equal('42501');
    expect(await code(c, `set role ${(await srv.deps.knex.raw('select current_user as me')).rows[0].me}`)).to.equal('42501');
    // dblink and postgres_fdw are not installed, and the login could not install them.
    expect(await code(c, `select dblink_connect('x')`)).to.equal('42883');
    expect(refused).to.include(await code(c, 'create extension dblink'));
    expect(refused).to.include(await code(c, 'set transaction read write; create extension dblink'));
    expect((await srv.deps.knex.raw('select min_celda from analitica.parametros')).rows[0].min_celda).to.equal(5);
  });

  it('can create no temporary table, even read-write, nor connect to the other databases of the cluster; the service still can', async () => {
    const c = await connect(login);
    await c.query('set default_transaction_read_only = off'); // its own session setting: it may
    expect(await code(c, 'create temp table mia (x int)')).to.equal('42501');
    for (const database of ['postgres', 'template1']) {
      const other = new pg.Client({ host: login.host, port: login.port, database, user: role, password: login.password });
      expect(await other.connect().then(() => other.end().then(() => 'connected'), (err: { code?: string }) => err.code), database).to.equal('42501');
    }
    await srv.deps.knex.transaction((trx) => trx.raw('create temp table servicio (x int) on commit drop'));
  });

  it('--views-only: reads the views that suppress small cells, is refused every fact table and everything else, and still so after a rebuild', async () => {
    const name = `agregados_${process.pid}`;
    const views = [
      'actividad_consulta_semana', 'actividad_psicologo_semana', 'bienestar_consulta_semana', 'bienestar_psicologo_semana', 'ingresos_consulta_mes',
      'ingresos_psicologo_mes', 'resultados_consulta_mes', 'resultados_psicologo_mes',
    ];
    const readable = async () => (await srv.deps.knex.raw(
      `select relname from pg_class where relnamespace = 'analitica'::regnamespace and has_table_privilege(?, oid, 'SELECT') order by 1`, [name],
    )).rows.map((r: { relname: string }) => r.relname);
    const check = async (l: Login) => {
      const c = await connect(l);
      for (const v of views) expect(await code(c, `select * from ${v}`), v).to.equal('');
      // One patient's diary entry: the cell is there, suppressed; the fact table that would show it is closed.
      expect((await c.query('select suprimida, pacientes, media_intensidad from bienestar_consulta_semana')).rows).to.deep.equal([{ suprimida: true, pacientes: null, media_intensidad: null }]);
      const others = (await analiticaRelations()).filter((r) => !views.includes(r));
      expect(others).to.include.members(['hechos_citas', 'hechos_sesiones', 'hechos_diario', 'hechos_progreso', 'semanal_paciente', 'hechos_facturas', 'hechos_puntuacion', 'citas', 'parametros']);
      for (const rel of others) expect(await code(c, `select * from analitica.${rel} limit 1`), rel).to.equal('42501');
      for (const t of ['public.usuarios', 'public.events', 'public.analitica_asignaciones']) expect(await code(c, `select * from ${t} limit 1`), t).to.equal('42501');
      expect(await readable()).to.deep.equal(views);
    };
    try {
      const r = await runCli('analytics-grant', ['--role', name, '--views-only'], serverEnv(srv));
      expect(r.code, r.stderr).to.equal(0);
      const l: Login = JSON.parse(r.stdout);
      expect(r.stdout).to.include('"views":');
      await check(l);
      await shadowRebuild({ knex: srv.deps.knex, url: srv.db.url, store: srv.deps.store, projections: allProjections(srv.config) });
      await check(l);
      // Run again without the flag it reads the facts; with it again, the views alone.
      expect((await runCli('analytics-grant', ['--role', name], serverEnv(srv))).code).to.equal(0);
      expect(await readable()).to.include.members(['hechos_diario', 'citas']);
      const back = await runCli('analytics-grant', ['--role', name, '--views-only'], serverEnv(srv));
      expect(back.code, back.stderr).to.equal(0);
      await check(JSON.parse(back.stdout));
    } finally {
      for (const c of clients.splice(0)) await c.end().catch(() => {});
      await runCli('analytics-grant', ['--role', name, '--revoke'], serverEnv(srv));
    }
  });

  it('cannot take the advisory locks the read models and presence run under; the service still takes them', async () => {
    const c = await connect(login);
    for (const sql of [
      `select pg_advisory_lock(hashtext('projection_checkpoints:citas'))`, 'select pg_try_advisory_lock(1)',
      'select pg_advisory_lock_shared(1, 2)', 'begin; select pg_advisory_xact_lock(1)', 'select pg_try_advisory_xact_lock_shared(1)',
    ]) {
      expect(await code(c, sql), sql).to.equal('42501');
      await c.query('rollback').catch(() => {});
    }
    const callable = async () => (await c.query(`select count(*)::int as n from pg_proc where proname like 'pg\\_%advisory%' and has_function_privilege(oid, 'execute')`)).rows[0].n;
    expect(await callable(), 'advisory-lock functions it may call').to.equal(0);
    // The README's statement for a superuser when the service's role is not one: runs, and keeps them closed.
    const readme = readFileSync('README.md', 'utf8');
    const statement = readme.match(/```text\n(DO \$\$[\s\S]*?)```/)![1];
    const me = (await srv.deps.knex.raw('select current_user as me')).rows[0].me;
    await srv.deps.knex.raw(statement.replace('TO app', `TO ${me}`));
    expect(await callable()).to.equal(0);
    // The service (a superuser on the embedded database) keeps its locks: a write reaches the read models.
    const admin = await srv.adminToken();
    const r = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody() });
    expect(r.status, r.text).to.equal(200);
    await srv.deps.projections.waitFor(await srv.deps.store.head(), 20_000);
    expect((await srv.request('GET', `/api/pacientes/${r.body.idPaciente}`, { token: admin })).status).to.equal(200);
  });

  it("does not see other sessions' queries", async () => {
    const c = await connect(login);
    const app = srv.deps.knex.raw('select pg_sleep(0.5), 1 as secreto');
    await new Promise((r) => setTimeout(r, 100));
    const { rows } = await c.query(`select query from pg_stat_activity where usename is distinct from current_user and query <> ''`);
    await app;
    expect(rows.length).to.be.greaterThan(0);
    for (const r of rows) expect(r.query).to.equal('<insufficient privilege>');
  });

  it('keeps reading after a rebuild beside the live tables', async () => {
    await shadowRebuild({ knex: srv.deps.knex, url: srv.db.url, store: srv.deps.store, projections: allProjections(srv.config) });
    const c = await connect(login);
    const relations = await analiticaRelations();
    expect(relations.length).to.be.greaterThan(9);
    for (const rel of relations) expect(await code(c, `select * from analitica.${rel}`), rel).to.equal('');
    expect(await code(c, 'select * from public.analitica_asignaciones')).to.equal('42501');
  });

  it('changes the password when run again, and --revoke removes the login', async () => {
    const again = await grant();
    expect(again.code, again.stderr).to.equal(0);
    const renewed: Login = JSON.parse(again.stdout);
    expect(renewed.password).to.not.equal(login.password);
    await (await connect(renewed)).query('select 1');
    const old = await connect(login).then(() => 'connected', (err: { code?: string }) => err.code);
    expect(old).to.equal('28P01');
    const revoked = await grant('--revoke');
    expect(revoked.code, revoked.stderr).to.equal(0);
    expect((await srv.deps.knex.raw('select count(*)::int as n from pg_roles where rolname = ?', [role])).rows[0].n).to.equal(0);
    expect(await connect(renewed).then(() => 'connected', (err: { code?: string }) => err.code)).to.equal('28P01');
    // A password of one's own from stdin: not printed, and it works.
    const own = 'una clave propia, larga';
    const chosen = await grantWithStdin(`${own}\n`);
    expect(chosen.code, chosen.stderr).to.equal(0);
    const chosenLogin: Login = JSON.parse(chosen.stdout);
    expect(chosenLogin.password).to.equal(undefined);
    expect(chosen.stdout + chosen.stderr).to.not.include(own);
    await (await connect(chosenLogin, own)).query('select 1');
    expect((await grantWithStdin('corta\n')).code).to.equal(1);
    for (const c of clients.splice(0)) await c.end();
    const gone = await grant('--revoke');
    expect(gone.code, gone.stderr).to.equal(0);
    const twice = await grant('--revoke');
    expect(twice.code).to.equal(1);
    expect(twice.stderr).to.include('no role');
  });

  it("refuses the service's own role, built-in names and roles it did not make", async () => {
    const other = `otro_${process.pid}`;
    await srv.deps.knex.raw(`create role ${other} nologin`);
    try {
      const { rows: [{ me }] } = await srv.deps.knex.raw('select current_user as me');
      for (const name of [me, other]) {
        const r = await runCli('analytics-grant', ['--role', name], serverEnv(srv));
        expect(r.code, name).to.equal(1);
        expect(r.stderr).to.match(/refused/);
      }
      const { rows } = await srv.deps.knex.raw('select rolcanlogin from pg_roles where rolname = ?', [other]);
      expect(rows).to.deep.equal([{ rolcanlogin: false }]);
      for (const name of ['postgres', 'pg_monitor', 'pg_read_all_data']) {
        const r = await runCli('analytics-grant', ['--role', name], serverEnv(srv));
        expect(r.code, name).to.equal(1);
        expect(r.stderr).to.match(/refused/);
      }
      for (const bad of ['Ana', '1ana', 'ana-b', 'ana;drop']) expect((await runCli('analytics-grant', ['--role', bad], serverEnv(srv))).code, bad).to.equal(2);
    } finally {
      await srv.deps.knex.raw(`drop role ${other}`);
    }
  });

  it('refuses a login of its own that was made a superuser, a member of a role, or given other privileges, touching nothing', async () => {
    const name = `marcado_${process.pid}`;
    const knex = srv.deps.knex;
    const state = async () => (await knex.raw('select rolcanlogin, rolsuper, rolconfig from pg_roles where rolname = ?', [name])).rows[0];
    const cases: [string, string, RegExp][] = [
      [`alter role ${name} superuser`, `alter role ${name} nosuperuser`, /administrative/],
      [`alter role ${name} createrole`, `alter role ${name} nocreaterole`, /administrative/],
      [`grant pg_read_all_data to ${name}`, `revoke pg_read_all_data from ${name}`, /member of pg_read_all_data/],
      [`grant pg_read_all_stats to ${name}`, `revoke pg_read_all_stats from ${name}`, /member of pg_read_all_stats/],
      [`grant select on public.usuarios to ${name}`, `revoke select on public.usuarios from ${name}`, /outside analitica \(usuarios\)/],
      [`grant usage on schema public to ${name}`, `revoke usage on schema public from ${name}`, /outside analitica \(schema public\)/],
    ];
    await knex.raw(`create role ${name} nologin`);
    await knex.raw(`comment on role ${name} is '${ANALYST_MARK}'`);
    try {
      for (const [make, undo, message] of cases) {
        await knex.raw(make);
        const before = await state();
        const r = await runCli('analytics-grant', ['--role', name], serverEnv(srv));
        expect(r.code, make).to.equal(1);
        expect(r.stderr, make).to.match(message);
        expect(r.stdout, make).to.equal('');
        expect(await state(), make).to.deep.equal(before);
        await knex.raw(undo);
      }
      // Put right, the same role is taken over.
      const r = await runCli('analytics-grant', ['--role', name], serverEnv(srv));
      expect(r.code, r.stderr).to.equal(0);
      expect(await state()).to.include({ rolcanlogin: true, rolsuper: false });
      expect((await runCli('analytics-grant', ['--role', name, '--revoke'], serverEnv(srv))).code).to.equal(0);
    } finally {
      await knex.raw(`drop owned by ${name}`).catch(() => {});
      await knex.raw(`drop role if exists ${name}`);
    }
  });
});
