import { named, s } from '../validation.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { SIGNIFICADOS_CONSENTIMIENTO, TIPOS_CONSENTIMIENTO } from '../../events/consentimiento.ts';

// Shapes of informed consent (docs/care.md "3. Informed consent").

export const MAX_TITULO = 200;
export const MAX_CUERPO = 100_000;
const MAX_MOTIVO = 2000;

const tipo = { ...s.enum(TIPOS_CONSENTIMIENTO), description: 'TRATAMIENTO (tratamiento psicológico), DATOS (tratamiento de datos personales) u ONLINE (sesiones en línea)' };
const sha256 = s.string({
  pattern: '^[0-9a-f]{64}$', example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  description: 'SHA-256 (hex en minúsculas) del JSON canónico (RFC 8785) de {tipo, version, titulo, cuerpo}, calculado por el servidor',
});
const password = s.string({ maxLength: 200, description: 'La contraseña de la cuenta del paciente: firmar o retirar un consentimiento es un acto deliberado' });

const versionProps = {
  tipo, version: s.int({ minimum: 1, description: 'Versión del documento, desde 1 por tipo' }), titulo: s.string(), sha256,
  publicadoEn: localDateTimeOut('Cuándo se publicó'),
};
const versionRequired = ['tipo', 'version', 'titulo', 'sha256', 'publicadoEn'];

export const versionSchema = named('VersionDocumentoConsentimiento', s.object(versionProps, versionRequired));
export const versionConTextoSchema = named('DocumentoConsentimiento', s.object(
  { ...versionProps, cuerpo: s.string({ description: 'Texto del documento, tal como se firma' }) },
  [...versionRequired, 'cuerpo'],
));
export const documentoSchema = named('TipoDocumentoConsentimiento', s.object(
  {
    tipo, requerido: { ...s.bool(), description: 'Si hay que firmar su versión vigente antes de reservar una cita' },
    versionActual: { oneOf: [versionSchema, { type: 'null' }], description: 'La versión vigente; null si nunca se publicó' },
  },
  ['tipo', 'requerido', 'versionActual'],
));
export const consentimientoSchema = named('Consentimiento', s.object(
  {
    numero: s.int({ minimum: 1, description: 'Número de la firma entre las del paciente' }), tipo, version: s.int({ minimum: 1 }), titulo: s.string(), sha256,
    significado: s.nullable({ ...s.enum(SIGNIFICADOS_CONSENTIMIENTO), description: 'ACEPTA: el paciente acepta la versión firmada; null si sus datos clínicos se suprimieron' }),
    firmadoEn: localDateTimeOut('Cuándo se firmó'),
    estado: { ...s.enum(['VIGENTE', 'RETIRADO', 'SUSTITUIDO']), description: 'VIGENTE: la última firma del tipo, sin retirar; RETIRADO: retirada (ver retiradoEn); SUSTITUIDO: hay una firma posterior del mismo tipo' },
    retiradoEn: s.nullable(localDateTimeOut('Cuándo se retiró; null si no se retiró')),
  },
  ['numero', 'tipo', 'version', 'titulo', 'sha256', 'significado', 'firmadoEn', 'estado', 'retiradoEn'],
));
export const consentimientoEnSchema = named('ConsentimientoEnFecha', s.object(
  {
    tipo, requerido: { ...s.bool(), description: 'Si era obligatorio en ese instante' },
    versionVigente: s.nullable(s.object(
      { version: s.int(), sha256, publicadoEn: localDateTimeOut('Cuándo se publicó') }, ['version', 'sha256', 'publicadoEn'],
    )),
    firma: s.nullable(s.object(
      {
        numero: s.int(), version: s.int(), sha256, firmadoEn: localDateTimeOut('Cuándo se firmó'),
        retiradoEn: s.nullable(localDateTimeOut('Cuándo se retiró; null si no se había retirado en ese instante')),
      },
      ['numero', 'version', 'sha256', 'firmadoEn', 'retiradoEn'],
    )),
    firmadoVigente: { ...s.bool(), description: 'Si en ese instante el paciente tenía firmada, sin retirar, la versión vigente' },
  },
  ['tipo', 'requerido', 'versionVigente', 'firma', 'firmadoVigente'],
));

export const publicarBody = named('DocumentoConsentimientoCrear', s.object(
  {
    tipo, titulo: { ...s.nonEmpty(MAX_TITULO), example: 'Consentimiento informado para el tratamiento psicológico' },
    cuerpo: { ...s.nonEmpty(MAX_CUERPO), description: `Texto completo (como mucho ${MAX_CUERPO} caracteres)`, example: 'Yo, el/la paciente, he sido informado/a de…' },
  },
  ['tipo', 'titulo', 'cuerpo'],
));
export const requeridosBody = named('ConsentimientosRequeridos', s.object(
  { tipos: s.array(tipo, { maxItems: TIPOS_CONSENTIMIENTO.length, uniqueItems: true, description: 'Tipos que hay que firmar antes de reservar ([]: ninguno, lo predeterminado)' }) },
  ['tipos'],
));
export const firmarBody = named('ConsentimientoFirmar', s.object(
  { tipo, version: s.int({ minimum: 1, maximum: 1_000_000, description: 'La versión que se firma: debe ser la vigente (409 si no)' }), password },
  ['tipo', 'version', 'password'],
));
export const retirarBody = named('ConsentimientoRetirar', s.object(
  { tipo, motivo: s.nullable(s.string({ maxLength: MAX_MOTIVO, description: 'Motivo (opcional; se guarda cifrado con los datos clínicos)' })), password },
  ['tipo', 'password'],
));
