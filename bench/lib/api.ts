// A small client of the service's API, used to set up each benchmark through the real endpoints.

export interface Session {
  idUsuario: number;
  token: string;
  idPaciente: number | null;
  idPsicologo: number | null;
}

export const BENCH_ADMIN = { email: 'admin@bench.local', password: 'Bench12345' };

export class Api {
  constructor(readonly base: string) {}

  async call<T = any>(
    method: string, path: string, opts: { body?: unknown; token?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    const res = await fetch(`${this.base}${path}`, {
      method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.timeoutMs === undefined ? undefined : AbortSignal.timeout(opts.timeoutMs),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* plain text */
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }

  /** The call, or an error naming the request when it does not answer 2xx. */
  async ok<T = any>(method: string, path: string, opts: { body?: unknown; token?: string } = {}): Promise<T> {
    const r = await this.call<T>(method, path, opts);
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }

  async login(email: string, password: string): Promise<Session> {
    return this.ok<Session>('POST', '/auth/login', { body: { email, password } });
  }

  admin(): Promise<Session> {
    return this.login(BENCH_ADMIN.email, BENCH_ADMIN.password);
  }

  registerPsicologo(admin: string, tag: string): Promise<Session> {
    return this.ok<Session>('POST', '/auth/register-psicologo', {
      token: admin,
      body: {
        nombre: 'Laura', apellido: `Gómez ${tag}`, email: `psi.${tag}@bench.local`, password: 'terapia2024',
        especialidad: 'Clínica', experiencia: 7, descripcion: 'Terapia cognitivo-conductual',
      },
    });
  }

  registerPaciente(tag: string): Promise<Session> {
    return this.ok<Session>('POST', '/auth/register-paciente', {
      body: {
        usuario: { nombre: 'Ana', apellido: `Pérez ${tag}`, email: `pac.${tag}@bench.local`, password: 'secreto123', dni: '12345678Z' },
        fechaNacimiento: '1990-05-01', genero: 'F', telefono: '+34 600 000 000',
        direccion: [{ calle: 'Calle Mayor 1', ciudad: 'Madrid', provincia: 'Madrid', codigoPostal: '28001', pais: 'España' }],
        metodoPago: 'ONLINE', aceptaTerminos: true, aceptaVideoconferencia: true, aceptaComunicacion: false,
      },
    });
  }

  assign(admin: string, idPaciente: number, idPsicologo: number): Promise<unknown> {
    return this.ok('POST', '/api/admin/psicologos/asignar-psicologo', { token: admin, body: { idPaciente, idPsicologo } });
  }

  book(token: string, idPsicologo: number, startDatetime: string): Promise<{ idCita: number }> {
    return this.ok('POST', '/api/citas', { token, body: { idPsicologo, startDatetime, durationMinutes: 50, motivo: 'Seguimiento' } });
  }
}

/** The environment of a service child: loopback, silent, a fixed admin and master key. */
export function serviceEnv(databaseUrl: string, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent',
    ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, BCRYPT_COST: process.env.BCRYPT_COST ?? '10',
    PRACTICE_TIMEZONE: 'Europe/Madrid', MASTER_KEY: BENCH_MASTER_KEY, JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0123',
    // The load comes from one address and a few users, and books years ahead (2030 onwards): the
    // abuse limits would measure themselves, so the bench turns them off (docs/limits.md).
    BOOKING_HORIZON_DAYS: '36500', LOGIN_MAX_FAILURES: '0', AUTH_RATE_PER_MINUTE: '0', REGISTRATIONS_PER_HOUR: '0', WRITES_PER_MINUTE: '0',
    STOMP_SESSIONS_PER_USER: '0', PATIENT_MAX_FUTURE_APPOINTMENTS: '0', PATIENT_MAX_FUTURE_APPOINTMENTS_PER_PSYCHOLOGIST: '0',
    PATIENT_MAX_FUTURE_APPOINTMENTS_UNASSIGNED: '0',
    ...extra,
  };
}

/** Shared by the service child and the runner's own stores, so both open the same data keys. */
export const BENCH_MASTER_KEY = 'bench-master-key-bench-master-key-0123456789';

/** A local datetime `days` days and `minutes` minutes after 2030-01-07 08:00 (a Monday), far in the future. */
export function futureSlot(days: number, minutes = 0): string {
  const d = new Date(Date.UTC(2030, 0, 7, 8, 0, 0) + days * 86_400_000 + minutes * 60_000);
  return d.toISOString().slice(0, 19);
}
