// Texts of the OpenAPI document that the route definitions share: tags, path parameters and the
// fields that recur in many schemas. A field's own `description` in its schema wins over these.

import { LOCAL_RULE_TEXT as LOCAL } from './datetime-schemas.ts';

export const TAG_DESCRIPTIONS: Record<string, string> = {
  'Autenticación': 'Inicio de sesión (JWT Bearer), registro de pacientes, psicólogos y administradores, bajas',
  'Pacientes': 'Perfiles de paciente: alta, consulta, cambios, supresión y exportación de sus datos',
  'Psicólogos': 'Perfiles profesionales de los psicólogos, su foto y sus pacientes',
  'Administración de psicólogos': 'Gestión de psicólogos por un administrador y asignación de pacientes',
  'Archivos': 'Archivos subidos (fotos de perfil)',
  'Direcciones': 'Direcciones postales de los pacientes',
  'Situaciones': 'Catálogo de situaciones (motivos de consulta) que mantiene la administración',
  'Tarifas': 'Servicios y precios de la consulta (céntimos de euro), precios propios de cada psicólogo, tarifa de cada paciente y precio de una sesión (docs/billing.md)',
  'Facturas': 'Facturas emitidas: emisor (la consulta o cada psicólogo), numeración sin huecos por serie y año, registros VERI*FACTU encadenados, anulación, PDF con el QR (docs/billing.md)',
  'Ajustes': 'Preferencias de cada usuario: idioma, notificaciones, modo oscuro y zona horaria',
  'Dispositivos': 'Tokens de notificaciones push de los dispositivos de cada usuario',
  'Citas': 'Citas entre pacientes y psicólogos: petición, cambios, estados y agenda del paciente',
  'Agenda': 'Agenda mensual del psicólogo y sus bloqueos de tiempo',
  'Sesiones': 'Sesiones terapéuticas registradas a partir de las citas',
  'Historial clínico': 'Registros del historial clínico (cada lectura de un profesional queda registrada)',
  'Diario emocional': 'Entradas del diario emocional del paciente',
  'Cuestionarios': 'Instrumentos de medida (PHQ-9, GAD-7): asignaciones, respuestas puntuadas por el servidor, alertas de seguridad y cambio fiable (docs/care.md)',
  'Consentimiento informado': 'Documentos de consentimiento versionados, firmas del paciente con su contraseña, retiradas y la exigencia antes de reservar (docs/care.md)',
  'Progreso emocional': 'Niveles diarios de estrés, ansiedad y ánimo y sus medias semanales',
  'Gráficas': 'Gráficas dibujadas en el servidor (SVG o PNG) del diario, del progreso y de las puntuaciones de los instrumentos (docs/care.md)',
  'Auditoría': 'Consultas de auditoría del expediente clínico reconstruidas desde los eventos',
  'Registro verificable': 'Registro a prueba de manipulación (docs/audit.md): checkpoints firmados (c2sp.org/tlog-checkpoint) y pruebas de inclusión y consistencia de RFC 9162 sobre una hoja por evento',
  'Mensajes': 'Mensajería del paciente (también en tiempo real por STOMP en /user/queue/messages)',
  'Mensajes (psicólogo)': 'Mensajería del psicólogo',
  'Mensajes (administración)': 'Supervisión de todos los mensajes por un administrador',
  'Calendario': 'URL secreta de calendario (iCalendar) con las citas de cada usuario, para apps de calendario',
  'Clientes FHIR': 'Sistemas que leen la API FHIR con SMART Backend Services (client_credentials con aserción JWT firmada); los registra un administrador',
};

export const PATH_PARAMETERS: Record<string, string> = {
  id: 'Identificador del recurso de la ruta (entero de 1 a 2147483647)',
  idPaciente: 'Identificador del paciente (entero de 1 a 2147483647)',
  idServicio: 'Identificador del servicio (entero de 1 a 2147483647)',
  name: 'Nombre del archivo tal como aparece en fotoPerfilUrl',
  token: 'Token de notificaciones push registrado por el usuario',
  secreto: 'Secreto del feed de calendario, tal como aparece en la URL que dio POST /api/calendario/feed',
  codigo: 'Código del instrumento tal como lo da GET /api/instrumentos (PHQ-9, GAD-7...)',
};

export const QUERY_PARAMETERS: Record<string, string> = {
  month: 'Mes AAAA-MM entre 1900-01 y 2100-12; sin él, el mes en curso en la zona de la consulta',
  idPaciente: 'Identificador del paciente (entero de 1 a 2147483647)',
  desde: 'Primer día incluido (AAAA-MM-DD); sin él, desde el primer registro',
  hasta: 'Último día incluido (AAAA-MM-DD), no anterior a desde; sin él, hasta el último registro',
};

const FIELDS: Record<string, string> = {
  idUsuario: 'Identificador del usuario', idPaciente: 'Identificador del paciente', idPsicologo: 'Identificador del psicólogo',
  idCita: 'Identificador de la cita', idSesion: 'Identificador de la sesión', idHistory: 'Identificador del registro del historial',
  idDiario: 'Identificador de la entrada del diario', idProgress: 'Identificador del registro de progreso',
  idDireccion: 'Identificador de la dirección', idSituacion: 'Identificador de la situación', idBloqueo: 'Identificador del bloqueo',
  idMensaje: 'Identificador del mensaje', idAcceso: 'Identificador del acceso registrado',
  idAjuste: 'Identificador de los ajustes guardados; null mientras el usuario no los haya cambiado nunca',
  nombre: 'Nombre', apellido: 'Apellidos', email: 'Correo electrónico (se compara sin distinguir mayúsculas)',
  password: 'Contraseña en claro (solo viaja por HTTPS; se guarda su hash bcrypt)', dni: 'Documento de identidad',
  rol: 'Rol del usuario: ADMIN, PSICOLOGO, PACIENTE o AUDITOR', token: 'Token (JWT de sesión o token push, según el recurso)',
  activo: 'Si está activo (los inactivos no pueden iniciar sesión o no aparecen en el catálogo público)',
  fechaNacimiento: 'Fecha de nacimiento (AAAA-MM-DD)', genero: 'Género, texto libre', telefono: 'Teléfono: dígitos, espacios, +, ( ) y -',
  metodoPago: 'Método de pago: PRESENCIAL u ONLINE', estadoPago: 'Estado del pago del paciente',
  usuario: 'Datos de la cuenta de usuario', direccion: 'Direcciones postales del paciente (hasta 10)',
  aceptaTerminos: 'Acepta los términos del servicio (obligatorio: true)', aceptaVideoconferencia: 'Acepta sesiones por videoconferencia',
  aceptaComunicacion: 'Acepta recibir comunicaciones',
  especialidad: 'Especialidad clínica', experiencia: 'Años de experiencia (0 a 80)', licencia: 'Número de colegiado o licencia',
  descripcion: 'Descripción en texto libre', fotoPerfilUrl: 'Ruta de la foto de perfil (GET /files/{name}); null si no hay foto',
  nombrePsicologo: 'Nombre completo del psicólogo', nombrePaciente: 'Nombre completo del paciente', pacientes: 'Pacientes asignados',
  calle: 'Calle y número', ciudad: 'Ciudad', provincia: 'Provincia', pais: 'País',
  codigoPostal: 'Código postal: en España cinco dígitos (01–52 al principio); en otro país de 3 a 10 letras, dígitos, espacios o guiones',
  categoria: 'Categoría de la situación', idioma: 'Idioma de la interfaz y de las notificaciones', notificaciones: 'Si recibe notificaciones',
  darkMode: 'Si usa el modo oscuro', timezone: 'Zona horaria IANA del usuario (p. ej. Europe/Madrid)',
  startDatetime: `Inicio de la cita, ${LOCAL}`, endDatetime: `Fin de la cita, ${LOCAL}`, durationMinutes: 'Duración en minutos', estado: 'Estado de la cita',
  motivo: 'Motivo en texto libre', fecha: 'Fecha (AAAA-MM-DD) o fecha y hora local, según el recurso',
  horaInicio: 'Hora de inicio (HH:mm, hora local)', horaFin: 'Hora de fin (HH:mm, hora local)',
  tipo: 'Tipo de entrada: cita o bloqueo', detalle: 'Texto de la entrada (para el paciente, "No disponible" en los bloqueos)',
  referenciaId: 'idCita o idBloqueo, según el tipo', sessionDate: `Fecha y hora de la sesión, ${LOCAL}`,
  notas: 'Notas de la sesión', recomendaciones: 'Recomendaciones tras la sesión',
  titulo: 'Título del registro', diagnostico: 'Diagnóstico', tratamiento: 'Tratamiento', observaciones: 'Observaciones',
  creadoEn: `Momento de creación, ${LOCAL}`, emocion: 'Emoción (texto libre: Ansiedad, Tristeza, Alegría, Calma...)',
  intensidad: 'Intensidad de la emoción, de 1 a 10', nota: 'Nota libre',
  nivelEstres: 'Nivel de estrés, de 0 a 10', nivelAnsiedad: 'Nivel de ansiedad, de 0 a 10', nivelAnimo: 'Nivel de ánimo, de 0 a 10',
  semana: 'Lunes (ISO) de la semana', registros: 'Número de registros de la semana', mediaEstres: 'Media de estrés de la semana',
  mediaAnsiedad: 'Media de ansiedad de la semana', mediaAnimo: 'Media de ánimo de la semana',
  senderId: 'idUsuario del remitente', receiverId: 'idUsuario del destinatario',
  mensaje: 'Texto del mensaje (null si se borró: borrado criptográfico)', enviadoEn: `Momento del envío, ${LOCAL}`, leido: 'Si el destinatario lo leyó',
  eventId: 'Identificador del evento', stream: 'Flujo de eventos al que pertenece', type: 'Tipo de evento',
  occurredAt: `Momento del evento, ${LOCAL}`, firmadoEn: `Momento de la firma, ${LOCAL}`,
  actor: 'Quién causó el evento (null si fue el sistema)', data: 'Datos del evento (los borrados aparecen como null)',
  erased: 'Campos de data borrados (borrado criptográfico)', recurso: 'Parte del expediente leída', metodo: 'Método HTTP de la lectura',
  ruta: 'Ruta HTTP de la lectura', accedidoEn: `Momento de la lectura, ${LOCAL}`,
  generadoEn: `Momento de la exportación, ${LOCAL}`, paciente: 'Perfil del paciente', direcciones: 'Direcciones', ajustes: 'Ajustes',
  dispositivos: 'Dispositivos', citas: 'Citas', sesiones: 'Sesiones', historialClinico: 'Registros del historial clínico',
  diarioEmocional: 'Entradas del diario emocional', progresoEmocional: 'Registros de progreso emocional', mensajes: 'Mensajes',
  eventos: 'Eventos del registro que conciernen al paciente',
  consentimientos: 'Consentimientos informados firmados (también retirados y sustituidos)',
  file: 'La imagen: JPEG, PNG o WebP, máximo 5 MiB',
};

// Valid examples for the fields whose schema has a pattern (a test checks each against its schema).
const EXAMPLES: Record<string, string> = {
  nombre: 'Ana', apellido: 'García López', telefono: '+34 600 123 456', calle: 'Calle Mayor 1, 2º B', token: 'dGVzdC1wdXNoLXRva2Vu',
  horaInicio: '10:00', horaFin: '11:00', motivo: 'Primera consulta', titulo: 'Evaluación inicial', emocion: 'Ansiedad',
  mensaje: 'Hola, ¿podemos cambiar la cita del jueves?', idPaciente: '12',
};

export const fieldExample = (field: string): string | undefined => (Object.hasOwn(EXAMPLES, field) ? EXAMPLES[field] : undefined);

/** The shared description of a field, if it has one. */
export const fieldDescription = (field: string): string | undefined => (Object.hasOwn(FIELDS, field) ? FIELDS[field] : undefined);
