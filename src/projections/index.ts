import type { Projection } from './runner.ts';
import { agendaProjection } from './agenda.ts';
import { ajustesProjection } from './ajustes.ts';
import { analiticaProjection, type AnaliticaOptions } from './analitica.ts';
import { diarioProjection } from './diario.ts';
import { cuestionariosProjection } from './cuestionarios.ts';
import { consentimientosProjection } from './consentimientos.ts';
import { historialProjection } from './historial.ts';
import { firmasProjection } from './firmas.ts';
import { horariosProjection } from './horarios.ts';
import { mensajesProjection } from './mensajes.ts';
import { progresoProjection } from './progreso.ts';
import { citasProjection } from './citas.ts';
import { seriesProjection } from './series.ts';
import { recordatoriosProjection } from './recordatorios.ts';
import { sesionesProjection } from './sesiones.ts';
import { direccionesProjection } from './direcciones.ts';
import { dispositivosProjection } from './dispositivos.ts';
import { pacientesProjection } from './pacientes.ts';
import { psicologosProjection } from './psicologos.ts';
import { retencionProjection } from './retencion.ts';
import { retencionFacturacionProjection } from './retencion-facturacion.ts';
import { situacionesProjection } from './situaciones.ts';
import { tarifasProjection } from './tarifas.ts';
import { facturasProjection } from './facturas.ts';
import { cargosProjection } from './cargos.ts';
import { pagosProjection } from './pagos.ts';
import { bonosProjection } from './bonos.ts';
import { usuariosProjection } from './usuarios.ts';
import { feedsCalendarioProjection } from './feeds-calendario.ts';
import { listaEsperaProjection } from './lista-espera.ts';
import { clientesFhirProjection } from './clientes-fhir.ts';
import { fhirProjection } from './fhir.ts';

/** Every read model of the service; the analysts' schema needs the deployment's pepper and zone (Config has both). */
export const allProjections = (opts: AnaliticaOptions): Projection[] => [
  usuariosProjection,
  pacientesProjection,
  psicologosProjection,
  direccionesProjection,
  situacionesProjection,
  tarifasProjection,
  facturasProjection,
  cargosProjection,
  pagosProjection,
  bonosProjection,
  ajustesProjection,
  dispositivosProjection,
  retencionProjection,
  retencionFacturacionProjection,
  citasProjection,
  seriesProjection,
  agendaProjection,
  horariosProjection,
  sesionesProjection,
  recordatoriosProjection,
  historialProjection,
  firmasProjection,
  diarioProjection,
  cuestionariosProjection,
  consentimientosProjection,
  progresoProjection,
  analiticaProjection(opts),
  mensajesProjection,
  feedsCalendarioProjection,
  listaEsperaProjection,
  fhirProjection,
  clientesFhirProjection,
];
