import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { answerPage } from '../paging.ts';
import { AUDIT_READERS } from '../auditor-access.ts';
import { pageRegistrosAeat } from '../../queries/registros-aeat.ts';

const ESTADOS = ['PENDIENTE', 'ENVIADO', 'CORRECTO', 'ACEPTADO_CON_ERRORES', 'INCORRECTO', 'RECHAZADO'];
const texto = (description: string) => ({ ...s.nullable(s.string()), description });
const registroAeatSchema = named('RegistroAeat', s.object(
  {
    idRegistro: s.int(), operacion: { ...s.enum(['Alta', 'Anulacion']), description: 'Registro de alta (factura emitida) o de anulación' },
    idFactura: s.int(), emisorNif: s.string(), numSerie: { ...s.string(), example: '2026-A/000001' }, fechaExpedicion: s.string(),
    huella: { ...s.string(), description: 'Huella SHA-256 del registro, encadenada a la del anterior del emisor' },
    estado: { ...s.enum(ESTADOS), description: 'PENDIENTE (sin enviar o a la espera de reintento; también siempre que no se envía a la AEAT), ENVIADO (en curso), y la respuesta de la AEAT: CORRECTO, ACEPTADO_CON_ERRORES, INCORRECTO, o RECHAZADO (la AEAT rechazó el envío entero)' },
    csv: texto('Código seguro de verificación del envío que la AEAT aceptó'),
    codigoError: texto('Código de error de la AEAT'), descripcionError: texto('Descripción del error'),
    incidencia: { ...s.bool(), description: 'Generado mientras la AEAT no era alcanzable: enviado con Incidencia = S' },
    intentos: { ...s.int(), description: 'Envíos a la AEAT de este registro (uno más si no llegó respuesta)' },
  },
  ['idRegistro', 'operacion', 'idFactura', 'emisorNif', 'numSerie', 'fechaExpedicion', 'huella', 'estado', 'csv', 'codigoError', 'descripcionError', 'incidencia', 'intentos'],
));

// Read by ADMIN and by the read-only AUDITOR (src/http/auditor-access.ts lists the path).
export function registrosAeatRoutes(deps: AppDeps): RouteDef[] {
  return [{
    method: 'get', path: '/api/admin/facturacion/registros', operationId: 'listRegistrosFacturacion', tag: 'Facturas', auth: AUDIT_READERS,
    summary: 'Registros VERI*FACTU (altas y anulaciones) y la respuesta de la AEAT a cada uno',
    description: 'En el orden en que se generaron (el de la cadena de cada emisor). Sin envío a la AEAT configurado (VERIFACTU_SUBMIT), quedan PENDIENTE.',
    responses: { 200: { description: 'Registros, por idRegistro', schema: s.array(registroAeatSchema) } },
    handler: async (ctx, { page }) => {
      await answerPage(ctx, page, (p) => pageRegistrosAeat(deps.knex, p));
    },
  }];
}
