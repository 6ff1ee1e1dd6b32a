import { named, s, type JsonSchema } from '../validation.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { TIPOS_ADENDA } from '../../events/firma.ts';

// The signature block and the addenda that every session and clinical-history record carries
// (docs/api-choices.md "Signed clinical records"), and the bodies that sign and amend.

const HUELLA_REGISTRO = 'Huella del registro: SHA-256 (base64) sobre la versión practice.audit.record/v1 y las hojas '
  + '(practice.audit.leaf/v1) de los eventos del registro tal como están guardados (cifrados), todos los anteriores a la firma; '
  + 'ver docs/audit.md';

const firmaProps = (huella: string) => ({
  idPsicologo: s.int({ description: 'Identificador del psicólogo que firmó' }),
  nombre: s.nullable(s.string({ description: 'Nombre completo del firmante según el directorio al leer (null si ya no está en él)' })),
  licencia: s.nullable(s.string({ description: 'Número de colegiado del firmante según el directorio al leer (null si no consta)' })),
  firmadoEn: localDateTimeOut(),
  significado: { ...s.enum(['AUTOR']), description: 'Significado de la firma: AUTOR (quien firma escribió el registro o la adenda)' },
  huella: s.string({ description: huella }),
});
const firmaRequired = ['idPsicologo', 'nombre', 'licencia', 'firmadoEn', 'significado', 'huella'];

export const firmaSchema = named('Firma', s.object(firmaProps(HUELLA_REGISTRO), firmaRequired));

const firmaAdenda = named('FirmaAdenda', s.object({
  ...firmaProps('Huella de la adenda sobre el JSON canónico (RFC 8785) de {tipo, texto, referencia}, con el texto en claro (base64): '
    + 'con huellaVersion 2, HMAC-SHA-256 con la clave claveHuella; con huellaVersion 1 (adendas anteriores), SHA-256 sin clave'),
  huellaVersion: { type: 'integer', enum: [1, 2], description: '2: huella con clave (HMAC-SHA-256 con claveHuella); 1: adenda anterior, SHA-256 sin clave' },
  claveHuella: s.nullable(s.string({
    description: 'Clave de la huella (base64, 32 bytes), cifrada junto al texto: permite comprobar la huella a quien lee el texto, y a nadie más. '
      + 'null en adendas de versión 1 y, como el texto, si el paciente fue suprimido o su clave clínica destruida',
  })),
}, [...firmaRequired, 'huellaVersion', 'claveHuella']));

export const adendaSchema = named('Adenda', s.object({
  tipo: { ...s.enum(TIPOS_ADENDA), description: 'CORRECCION, ACLARACION o ANULACION (tras una ANULACION el registro no admite más adendas)' },
  texto: s.nullable(s.string({ description: 'Texto de la adenda (null si el paciente fue suprimido o su clave clínica destruida)' })),
  firma: firmaAdenda,
  referencia: s.string({ description: 'La huella del registro que la adenda modifica (su firma.huella)' }),
}, ['tipo', 'texto', 'firma', 'referencia']));

/** The fields every record read adds: `firma` (null while unsigned) and `adendas` ([] when none). */
export const firmadoFields: Record<string, JsonSchema> = {
  firma: { oneOf: [firmaSchema, { type: 'null' }], description: 'Firma del registro; null si no está firmado' },
  adendas: s.array(adendaSchema, { description: 'Adendas firmadas, en el orden en que se añadieron' }),
};
export const firmadoRequired = ['firma', 'adendas'];

const password = s.string({ maxLength: 200, description: 'La contraseña de la cuenta de quien firma: firmar es un acto deliberado (21 CFR 11.200)' });

export const firmarBody = named('FirmaCrear', s.object({ password }, ['password']));

export const adendaBody = named('AdendaCrear', s.object({
  tipo: { ...s.enum(TIPOS_ADENDA), description: 'CORRECCION, ACLARACION o ANULACION' },
  texto: { ...s.nonEmpty(10_000), description: 'Texto de la adenda (se firma tal cual se envía)', example: 'La sesión duró 45 minutos, no 50' },
  password,
}, ['tipo', 'texto', 'password']));
