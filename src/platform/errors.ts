// The closed set of errors the service answers with; one middleware maps them to the spec's body.

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export interface Message {
  es: string;
  en: string;
}

export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly mensaje: Message,
    readonly headers: Record<string, string> = {},
  ) {
    super(mensaje.en);
    this.name = 'AppError';
  }
}

const m = (es: string, en: string): Message => ({ es, en });

/**
 * Every noun a 404 names, with its grammatical gender, so the participle agrees ("Serie no
 * encontrada", "Psicólogo no encontrado"): a new noun does not compile until its gender is stated.
 */
const RECURSOS = {
  'Alerta de seguridad': 'f', Archivo: 'm', 'Asignación de cuestionario': 'f', Bloqueo: 'm', Cita: 'f', 'Cliente FHIR': 'm', 'Dirección': 'f', Dispositivo: 'm', 'Entrada de lista de espera': 'f',
  'Documento de consentimiento': 'm', 'Entrada del diario': 'f', Factura: 'f', 'Feed de calendario': 'm', 'Historial clínico': 'm', 'Horario laboral': 'm', Instrumento: 'm', Mensaje: 'm',
  Paciente: 'm', Pago: 'm', 'Perfil de psicólogo': 'm', 'Psicólogo': 'm', 'Psicólogo asignado': 'm', Recurso: 'm', Serie: 'f',
  Servicio: 'm', 'Sesión': 'f', 'Situación': 'f', Tarifa: 'f', Usuario: 'm',
} as const satisfies Record<string, 'm' | 'f'>;

export type Recurso = keyof typeof RECURSOS;
export const recursos = Object.keys(RECURSOS) as Recurso[];

export const errors = {
  invalid: (es: string, en: string) => new AppError(400, m(es, en)),
  unauthenticated: () => new AppError(401, m('Autenticación requerida o token no válido', 'Authentication required or invalid token')),
  badCredentials: () => new AppError(401, m('Credenciales no válidas', 'Invalid credentials')),
  forbidden: () => new AppError(403, m('No tiene permiso para esta operación', 'You are not allowed to do this')),
  /** An AUDITOR outside the audit reads (src/http/auditor-access.ts). */
  auditorReadOnly: () => new AppError(403, m(
    'El rol AUDITOR solo puede leer la auditoría (GET /audit/v1/**, /api/admin/auditoria/** y /api/admin/facturacion/registros)',
    'The AUDITOR role may only read the audit (GET /audit/v1/**, /api/admin/auditoria/** and /api/admin/facturacion/registros)',
  )),
  notFound: (es: Recurso, en: string) => new AppError(404, m(`${es} ${RECURSOS[es] === 'f' ? 'no encontrada' : 'no encontrado'}`, `${en} not found`)),
  conflict: (es: string, en: string) => new AppError(409, m(es, en)),
  tooLarge: () => new AppError(413, m('El cuerpo de la petición es demasiado grande', 'Request body too large')),
  unsupportedMediaType: () => new AppError(415, m('Tipo de contenido no admitido', 'Unsupported content type')),
  tooManyRequests: (retryAfterSeconds: number, why: Message = m('Demasiadas peticiones; espere antes de volver a intentarlo', 'Too many requests; wait before trying again')) =>
    new AppError(429, why, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    }),
  unavailable: (retryAfterSeconds: number, why: Message = m('Servicio no disponible temporalmente, inténtelo de nuevo', 'Service temporarily unavailable, try again')) =>
    new AppError(503, why, {
      'Retry-After': String(retryAfterSeconds),
    }),
};
