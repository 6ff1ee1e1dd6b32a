// An app outside this repository, using the installed @practice/client tarball: compiled by
// test/client/package.test.ts in a throwaway project, then run against a real server.
// Prints one JSON line with what it saw.
import {
  allItems, connectRealtime, createPracticeClient, RealtimeError, unwrap, type Mensaje, type PracticeClient,
} from '@practice/client';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const baseUrl = env('BASE_URL');
const tag = env('TAG');
const slots = JSON.parse(env('SLOTS')) as string[];

const anon: PracticeClient = createPracticeClient({ baseUrl });
const adminSession = unwrap(await anon.POST('/auth/login', { body: { email: env('ADMIN_EMAIL'), password: env('ADMIN_PASSWORD') } }));
const admin = createPracticeClient({ baseUrl, token: adminSession.token });
const psi = unwrap(await admin.POST('/auth/register-psicologo', {
  body: { nombre: 'Laura', apellido: 'Gómez', email: `psi.${tag}@package.test`, password: 'terapia2024', especialidad: 'Clínica', experiencia: 7 },
}));
const pac = unwrap(await anon.POST('/auth/register-paciente', {
  body: { usuario: { nombre: 'Ana', apellido: 'Pérez', email: `pac.${tag}@package.test`, password: 'secreto123' }, fechaNacimiento: '1990-05-01', aceptaTerminos: true },
}));
unwrap(await admin.POST('/api/admin/psicologos/asignar-psicologo', { body: { idPaciente: pac.idPaciente!, idPsicologo: psi.idPsicologo! } }));

const api = createPracticeClient({ baseUrl, token: pac.token, acceptLanguage: 'en' });
for (const startDatetime of slots) {
  unwrap(await api.POST('/api/citas', { body: { idPsicologo: psi.idPsicologo!, startDatetime, durationMinutes: 50, motivo: 'Primera consulta' } }));
}
let pages = 0;
// limit is an integer parameter: a number here, as the document says.
const citas = await allItems((cursor) => {
  pages++;
  return api.GET('/api/citas', { params: { query: { limit: 2, cursor } } });
});

const patient = await connectRealtime({ baseUrl, token: pac.token, acceptLanguage: 'en', heartbeatMs: 0 });
const psychologist = await connectRealtime({ baseUrl, token: psi.token, heartbeatMs: 0 });
const received = new Promise<Mensaje>((resolve) => psychologist.onMessage(resolve));
const reported: RealtimeError[] = [];
patient.onError((e) => reported.push(e));

const sent: Mensaje = await patient.sendChat({ receiverId: psi.idUsuario, mensaje: 'Hola, ¿podemos hablar?' });
const delivered = await received;
const rejections: unknown[] = [];
await patient.sendChat({ receiverId: psi.idUsuario, mensaje: 'x'.repeat(2001) }).catch((e: unknown) => rejections.push(e));
// A second report of the same refusal would come right behind the first: give it time to.
await new Promise((resolve) => setTimeout(resolve, 300));
const listed = unwrap(await api.GET('/api/mensajes', { params: { query: { limit: 10 } } }));
await Promise.all([patient.disconnect(), psychologist.disconnect()]);

const refusal = rejections[0];
console.log(JSON.stringify({
  pages,
  citas: citas.map((c) => c.startDatetime),
  sent,
  delivered,
  listed,
  rejections: rejections.length,
  refusal: refusal instanceof RealtimeError ? { status: refusal.status, fatal: refusal.fatal, message: refusal.message } : String(refusal),
  reported: reported.map((e) => e.message),
}));
