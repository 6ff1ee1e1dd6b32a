import { named, s } from '../validation.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';

// Shapes of the outcome measures' endpoints (docs/care.md "Outcome measures").

export const TAG = 'Cuestionarios';
const codigoInstrumento = s.string({ description: 'Código del instrumento (PHQ-9, GAD-7...; GET /api/instrumentos)', example: 'PHQ-9' });
const textoEsEn = s.object({ es: s.string(), en: s.string() }, ['es', 'en']);

export const instrumentoResumen = named('InstrumentoResumen', s.object(
  { codigo: codigoInstrumento, nombre: textoEsEn, items: s.int({ description: 'Número de ítems' }), loincPanel: s.nullable(s.string()), loincTotal: s.nullable(s.string()) },
  ['codigo', 'nombre', 'items', 'loincPanel', 'loincTotal'],
));

const banda = named('BandaInstrumento', s.object(
  { codigo: s.string({ example: 'MODERADA' }), desde: s.int(), hasta: s.int(), etiqueta: s.string() },
  ['codigo', 'desde', 'hasta', 'etiqueta'],
));
const bandaEsEn = named('BandaInstrumentoEsEn', s.object(
  { codigo: s.string({ example: 'MODERADA' }), desde: s.int(), hasta: s.int(), etiqueta: textoEsEn },
  ['codigo', 'desde', 'hasta', 'etiqueta'],
));

export const instrumentoSchema = named('Instrumento', s.object({
  codigo: codigoInstrumento, idioma: s.enum(['es', 'en']), nombre: s.string(), instrucciones: s.string(),
  fuente: s.object({}, [], { additionalProperties: { type: 'string' } }),
  loinc: s.object({ panel: s.nullable(s.string()), total: s.nullable(s.string()), listaRespuestas: s.nullable(s.string()) }, ['panel', 'total', 'listaRespuestas']),
  opciones: s.array(s.object({ valor: s.int(), loinc: s.nullable(s.string()), texto: s.string() }, ['valor', 'loinc', 'texto'])),
  items: s.array(s.object({ numero: s.int(), loinc: s.nullable(s.string()), texto: s.string() }, ['numero', 'loinc', 'texto'])),
  puntuacion: s.object({ minimo: s.int(), maximo: s.int(), bandas: s.array(banda) }, ['minimo', 'maximo', 'bandas']),
  seguridad: s.nullable(s.object({ item: s.int(), umbral: s.int() }, ['item', 'umbral'])),
  cambioFiable: s.object({ puntos: s.int(), mejora: s.enum(['BAJA', 'SUBE']) }, ['puntos', 'mejora']),
}, ['codigo', 'idioma', 'nombre', 'instrucciones', 'fuente', 'loinc', 'opciones', 'items', 'puntuacion', 'seguridad', 'cambioFiable']));

export const idiomaQuery = s.object({ idioma: { ...s.enum(['es', 'en']), description: 'Idioma de los textos (es por defecto)' } });

const pauta = named('PautaCuestionario', {
  oneOf: [
    s.object({ tipo: s.enum(['UNA_VEZ']) }, ['tipo']),
    s.object({ tipo: s.enum(['CADA_N_SEMANAS']), semanas: s.int({ minimum: 1, maximum: 52 }) }, ['tipo', 'semanas']),
    s.object({ tipo: s.enum(['ANTES_DE_CADA_CITA']) }, ['tipo']),
  ],
  description: 'UNA_VEZ: una solicitud ahora; CADA_N_SEMANAS: una ahora y otra cada `semanas` semanas; ANTES_DE_CADA_CITA: una en las 48 horas antes de cada cita con usted',
});

export const asignacionBody = named('AsignacionCuestionarioCrear', s.object(
  { idPaciente: s.int({ minimum: 1, maximum: 2_147_483_647 }), instrumento: { ...s.nonEmpty(20), example: 'PHQ-9' }, pauta },
  ['idPaciente', 'instrumento', 'pauta'],
));

export const asignacionSchema = named('AsignacionCuestionario', s.object({
  idAsignacion: s.int(), idPaciente: s.int(), idPsicologo: s.int(), instrumento: codigoInstrumento, pauta, activa: s.bool(),
  fecha: localDateTimeOut('Cuándo se asignó'),
}, ['idAsignacion', 'idPaciente', 'idPsicologo', 'instrumento', 'pauta', 'activa', 'fecha']));

export const solicitudSchema = named('SolicitudCuestionario', s.object({
  idSolicitud: s.int(), idAsignacion: s.int(), instrumento: codigoInstrumento, fecha: localDateTimeOut('Cuándo se solicitó'),
  idCita: s.nullable(s.int({ description: 'La cita antes de la cual se pide (pauta ANTES_DE_CADA_CITA)' })),
}, ['idSolicitud', 'idAsignacion', 'instrumento', 'fecha', 'idCita']));

export const respuestaBody = named('RespuestaCuestionarioCrear', s.object({
  idSolicitud: s.int({ minimum: 1, maximum: 2_147_483_647, description: 'La solicitud que responde; sin él, la pendiente más antigua de ese instrumento' }),
  respuestas: s.object({}, [], {
    additionalProperties: { type: 'integer' }, maxProperties: 50,
    description: 'Valor de cada ítem por su número ("1": 0, "2": 3...); todos obligatorios, valores de las opciones del instrumento (0 a 3 en PHQ-9 y GAD-7)',
    example: { 1: 0, 2: 1, 3: 0, 4: 2, 5: 0, 6: 0, 7: 1, 8: 0, 9: 0 },
  }),
}, ['respuestas']));

const respuestaFields = {
  idRespuesta: s.int(), idSolicitud: s.int(), idAsignacion: s.int(), idPaciente: s.int(), instrumento: codigoInstrumento,
  fecha: localDateTimeOut('Cuándo se respondió'), respuestas: s.array(s.int()), puntuacion: s.int(), banda: s.string({ example: 'LEVE' }),
  alertaSeguridad: s.bool(),
};
export const respuestaSchema = named('RespuestaCuestionario', s.object(respuestaFields, Object.keys(respuestaFields)));
export const respuestaCreada = named('RespuestaCuestionarioCreada', s.object(
  { ...respuestaFields, ayudaUrgente: s.nullable(s.string({ description: 'Solo con alertaSeguridad: dónde pedir ayuda urgente (CARE_URGENT_HELP_TEXT)' })) },
  [...Object.keys(respuestaFields), 'ayudaUrgente'],
));

export const serieSchema = named('SeriePuntuaciones', s.object({
  instrumento: s.object({ codigo: codigoInstrumento, minimo: s.int(), maximo: s.int(), bandas: s.array(bandaEsEn) }, ['codigo', 'minimo', 'maximo', 'bandas']),
  puntos: s.array(s.object(
    { fecha: localDateTimeOut('Cuándo se respondió'), puntuacion: s.int(), banda: s.string(), alerta: s.bool() },
    ['fecha', 'puntuacion', 'banda', 'alerta'],
  )),
}, ['instrumento', 'puntos']));

const alertaFields = {
  idRespuesta: s.int({ description: 'La respuesta que la disparó; identifica la alerta' }), idAsignacion: s.int(), idPaciente: s.int(), idPsicologo: s.int(),
  instrumento: codigoInstrumento, fecha: localDateTimeOut('Cuándo se respondió'),
  reconocidaPor: s.nullable(s.int({ description: 'idUsuario de quien la reconoció' })), reconocidaFecha: s.nullable(localDateTimeOut('Cuándo se reconoció')),
};
export const alertaSchema = named('AlertaSeguridad', s.object(alertaFields, Object.keys(alertaFields)));

const resumenFields = {
  idPaciente: s.int(), nombre: s.string(), apellido: s.string(), instrumento: codigoInstrumento, fecha: localDateTimeOut('La respuesta más reciente'),
  puntuacion: s.int(), banda: s.string(), anterior: s.nullable(s.int()), inicial: s.int(), respuestas: s.int(), cambio: s.int({ description: 'puntuacion - inicial' }),
  cambioFiable: s.nullable(s.enum(['MEJORA', 'EMPEORAMIENTO'])), alertaSeguridad: s.bool(),
};
export const resumenSchema = named('ResumenCuestionarios', s.object(resumenFields, Object.keys(resumenFields)));

export const instrumentoQuery = (required: boolean) => s.object(
  { instrumento: { ...codigoInstrumento } },
  required ? ['instrumento'] : [],
);
