import type { Context } from 'koa';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { codigoPostalSchema } from '../../commands/direccion-rules.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { normaliseEmail, signToken } from '../../platform/security.ts';
import { checkPassword } from '../password-check.ts';
import { findAuthUser, findPaciente, pageAdmins, pageAuditores, type AuthUser } from '../../queries/usuarios.ts';
import { answerPage } from '../paging.ts';
import {
  darDeBajaPaciente, PASSWORD_PATTERN, registerAdmin, registerAuditor, registerPaciente, registerPsicologo, type Registered,
} from '../../commands/registration.ts';

const loginResponse = named('LoginRespuesta', s.object(
  { idUsuario: s.int(), nombre: s.string(), rol: s.enum(['ADMIN', 'PSICOLOGO', 'PACIENTE', 'AUDITOR']), token: s.string(), idPsicologo: s.nullable(s.int()), idPaciente: s.nullable(s.int()) },
  ['idUsuario', 'nombre', 'rol', 'token', 'idPsicologo', 'idPaciente'],
));
// The registration's password rule (checkPassword also counts bytes: bcrypt reads at most 72).
const usuarioFields = {
  nombre: s.nonEmpty(100), apellido: s.nonEmpty(100), email: s.email(),
  password: s.string({ minLength: 8, maxLength: 72, pattern: PASSWORD_PATTERN, example: 'secreto123' }),
};
const direccion = s.object(
  { calle: s.nonEmpty(200), ciudad: s.string({ maxLength: 100 }), provincia: s.string({ maxLength: 100 }), codigoPostal: codigoPostalSchema(), pais: s.string({ maxLength: 100 }), descripcion: s.nullable(s.string({ maxLength: 500 })) },
  ['calle', 'codigoPostal'],
);
const registerPacienteBody = named('RegistroPaciente', s.object(
  {
    usuario: s.object({ ...usuarioFields, dni: s.nullable(s.string({ maxLength: 20 })) }, ['nombre', 'apellido', 'email', 'password']),
    fechaNacimiento: s.date(), genero: s.nullable(s.string({ maxLength: 50 })), telefono: s.nullable(s.string({ maxLength: 30, pattern: '^[0-9+() -]*$' })),
    direccion: s.array(direccion, { maxItems: 10 }), metodoPago: s.nullable(s.enum(['PRESENCIAL', 'ONLINE'])),
    aceptaTerminos: { type: 'boolean', const: true }, aceptaVideoconferencia: s.bool(), aceptaComunicacion: s.bool(),
  },
  ['usuario', 'fechaNacimiento', 'aceptaTerminos'],
));
const registerPsicologoBody = named('RegistroPsicologo', s.object(
  { ...usuarioFields, especialidad: s.nullable(s.string({ maxLength: 200 })), experiencia: s.int({ minimum: 0, maximum: 80 }), descripcion: s.nullable(s.string({ maxLength: 2000 })), licencia: s.nullable(s.string({ maxLength: 50 })) },
  ['nombre', 'apellido', 'email', 'password', 'experiencia'],
));
const usuarioItem = { idUsuario: s.int(), nombre: s.string(), apellido: s.string(), email: s.string(), rol: s.string(), activo: s.bool() };
const adminItem = named('Administrador', s.object(usuarioItem));
const auditorItem = named('Auditor', s.object(usuarioItem));
// An auditor registers with the administrator registration body.
const registerAdminBody = named('RegistroAdmin', s.object(usuarioFields, ['nombre', 'apellido', 'email', 'password']));

export function sessionOf(deps: AppDeps, user: AuthUser) {
  return {
    idUsuario: user.idUsuario,
    nombre: user.nombre,
    rol: user.rol,
    token: signToken(deps.config.jwtSecret, user, deps.clock.now(), deps.config.jwtExpirationMs),
    idPsicologo: user.idPsicologo,
    idPaciente: user.idPaciente,
  };
}

/** The new user's session, from the registration's decided events (never read back: the write is stored). */
function registeredUser(registered: Registered): AuthUser | null {
  const data = (type: string) => registered.events.find((e) => e.type === type)?.data as Record<string, unknown> | undefined;
  const u = data('UsuarioRegistrado');
  if (!u) return null;
  return {
    idUsuario: u.idUsuario as number, email: u.email as string, nombre: u.nombre as string, apellido: u.apellido as string,
    rol: u.rol as AuthUser['rol'], activo: true, passwordHash: '',
    idPaciente: (data('PacienteRegistrado')?.idPaciente as number | undefined) ?? null,
    idPsicologo: (data('PsicologoRegistrado')?.idPsicologo as number | undefined) ?? null,
  };
}

async function respondWithSession(deps: AppDeps, ctx: Context, registered: Registered, email: string) {
  await settled(deps, registered);
  const user = registeredUser(registered) ?? (await findAuthUser(deps.knex, deps.lookupHash('email', normaliseEmail(email))));
  if (!user) throw new Error('a registration decided no UsuarioRegistrado');
  ctx.body = sessionOf(deps, user);
}

/**
 * The user behind an e-mail and password. Counted towards the account's lockout (checkPassword):
 * a locked account answers 429 without running bcrypt; failures of unknown e-mails count too, so
 * probing for accounts gets locked alike.
 */
async function checkLogin(deps: AppDeps, email: string, password: string): Promise<AuthUser> {
  const key = deps.lookupHash('email', normaliseEmail(email));
  const { ok, found: user } = await checkPassword(deps, key, password, () => findAuthUser(deps.knex, key), (u) => (u?.activo ? u.passwordHash : null));
  if (!user) throw errors.notFound('Usuario', 'User');
  if (!ok) throw errors.badCredentials();
  return user;
}

const actorOf = (ctx: Context) => {
  const u = ctx.state.user as AuthUser | undefined;
  return { idUsuario: u?.idUsuario ?? null, rol: u?.rol ?? null };
};

export function authRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'post', path: '/auth/login', operationId: 'login', tag: 'Autenticación', summary: 'Iniciar sesión', auth: 'public', throttle: 'auth',
      body: named('Credenciales', s.object({ email: s.email(), password: s.string({ maxLength: 200 }) }, ['email', 'password'])),
      responses: {
        200: { description: 'Sesión', schema: loginResponse },
        // A public operation gets no 401 from the document builder, but a wrong password or an inactive user is one.
        401: { description: 'Contraseña incorrecta o usuario dado de baja', schema: { $ref: '#/components/schemas/Error' } },
      },
      handler: async (ctx, { body }) => {
        ctx.body = sessionOf(deps, await checkLogin(deps, body.email, body.password));
      },
    },
    {
      method: 'post', path: '/auth/register-paciente', operationId: 'registerPaciente', tag: 'Autenticación', summary: 'Registrar un paciente', auth: 'public', throttle: 'registration',
      body: registerPacienteBody, responses: { 200: { description: 'Sesión del paciente registrado', schema: loginResponse } },
      handler: async (ctx, { body }) => {
        const r = await registerPaciente(deps, actorOf(ctx), body);
        await respondWithSession(deps, ctx, r, body.usuario.email);
      },
    },
    {
      method: 'post', path: '/auth/register-admin', operationId: 'registerAdmin', tag: 'Autenticación', summary: 'Registrar un administrador', auth: ['ADMIN'],
      body: registerAdminBody, responses: { 200: { description: 'Sesión del administrador registrado', schema: loginResponse } },
      handler: async (ctx, { body }) => {
        const r = await registerAdmin(deps, actorOf(ctx), body);
        await respondWithSession(deps, ctx, r, body.email);
      },
    },
    {
      method: 'post', path: '/auth/register-auditor', operationId: 'registerAuditor', tag: 'Autenticación', summary: 'Registrar un auditor', auth: ['ADMIN'],
      description: 'Registra un auditor: un usuario de solo lectura que puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y los registros VERI*FACTU (GET /api/admin/facturacion/registros) '
        + 'y nada más (403 en cualquier otra ruta y en el canal STOMP). Mismo cuerpo que el registro de administradores.',
      body: registerAdminBody, responses: { 200: { description: 'Sesión del auditor registrado', schema: loginResponse } },
      handler: async (ctx, { body }) => {
        const r = await registerAuditor(deps, actorOf(ctx), body);
        await respondWithSession(deps, ctx, r, body.email);
      },
    },
    {
      method: 'post', path: '/auth/register-psicologo', operationId: 'registerPsicologo', tag: 'Autenticación', summary: 'Registrar un psicólogo', auth: ['ADMIN'],
      body: registerPsicologoBody, responses: { 200: { description: 'Sesión del psicólogo registrado', schema: loginResponse } },
      handler: async (ctx, { body }) => {
        const r = await registerPsicologo(deps, actorOf(ctx), body);
        await respondWithSession(deps, ctx, r, body.email);
      },
    },
    {
      method: 'get', path: '/auth/admins', operationId: 'listAdmins', tag: 'Autenticación', summary: 'Listar administradores', auth: ['ADMIN'],
      responses: { 200: { description: 'Administradores', schema: s.array(adminItem) } },
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageAdmins(deps.knex, p));
      },
    },
    {
      method: 'get', path: '/auth/auditores', operationId: 'listAuditores', tag: 'Autenticación', summary: 'Listar auditores', auth: ['ADMIN'],
      responses: { 200: { description: 'Auditores', schema: s.array(auditorItem) } },
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageAuditores(deps.knex, p));
      },
    },
    {
      method: 'put', path: '/auth/pacientes/:id/baja', operationId: 'deactivatePaciente', tag: 'Autenticación', summary: 'Dar de baja a un paciente', auth: ['ADMIN'],
      responses: { 200: { description: 'Confirmación', schema: s.string(), contentType: 'text/plain' } },
      handler: async (ctx, { params }) => {
        caller(ctx);
        const paciente = await findPaciente(deps.knex, params.id);
        if (!paciente) throw errors.notFound('Paciente', 'Patient');
        const r = await darDeBajaPaciente(deps, actorOf(ctx), params.id, paciente.id_usuario);
        await settled(deps, r);
        ctx.type = 'text/plain; charset=utf-8';
        ctx.body = 'Paciente dado de baja correctamente';
      },
    },
  ];
}
