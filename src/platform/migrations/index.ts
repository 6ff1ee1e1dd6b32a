import type { Knex } from 'knex';
import * as m001 from './001_event_store.ts';
import * as m002 from './002_runners.ts';
import * as m003 from './003_sequences.ts';
import * as m004 from './004_directory_read_models.ts';
import * as m005 from './005_data_keys.ts';
import * as m006 from './006_pacientes.ts';
import * as m007 from './007_psicologos.ts';
import * as m008 from './008_directorio.ts';
import * as m009 from './009_retencion.ts';
import * as m010 from './010_server_keys.ts';
import * as m011 from './011_citas.ts';
import * as m012 from './012_sesiones.ts';
import * as m013 from './013_clinico.ts';
import * as m014 from './014_mensajes.ts';
import * as m015 from './015_event_store_append.ts';
import * as m016 from './016_parked_events.ts';
import * as m017 from './017_agenda_legacy_index.ts';
import * as m022 from './022_citas_series.ts';
import * as m018 from './018_feeds_calendario.ts';
import * as m020 from './020_horarios.ts';
import * as m024 from './024_recordatorios_usuario.ts';
import * as m026 from './026_lista_espera.ts';
import * as m027 from './027_analitica.ts';
import * as m028 from './028_analitica_funciones.ts';
import * as m029 from './029_analitica_supresion_complementaria.ts';
import * as m040 from './040_audit_log.ts';
import * as m041 from './041_firmas_clinicas.ts';
import * as m042 from './042_throttles.ts';
import * as m043 from './043_consumer_leases.ts';
import * as m044 from './044_append_key_rows.ts';
import * as m045 from './045_fhir.ts';
import * as m046 from './046_fhir_clientes.ts';
import * as m047 from './047_fhir_export.ts';
import * as m051 from './051_fhir_export_marcas_jobs.ts';
import * as m048 from './048_throttle_login_reservations.ts';
import * as m049 from './049_adendas_huella_clave.ts';
import * as m050 from './050_secret_checks.ts';
import * as m052 from './052_tarifas.ts';
import * as m053 from './053_facturas.ts';
import * as m054 from './054_aeat_registros.ts';
import * as m055 from './055_cargos.ts';
import * as m056 from './056_retencion_facturacion.ts';
import * as m057 from './057_bonos.ts';
import * as m058 from './058_facturas_recordatorios.ts';
import * as m059 from './059_stripe_eventos.ts';
import * as m060 from './060_pagos.ts';
import * as m061 from './061_analitica_facturas.ts';
import * as m062 from './062_inline_append.ts';
import * as m063 from './063_event_log_identity.ts';
import * as m064 from './064_cuestionarios.ts';
import * as m067 from './067_citas_modalidad.ts';
import * as m068 from './068_psicologos_modalidades.ts';
import * as m069 from './069_consentimientos.ts';
import * as m071 from './071_analitica_puntuaciones.ts';

export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Every migration, by name; applied in name order. */
export const migrations: Record<string, Migration> = {
  '001_event_store': m001,
  '002_runners': m002,
  '003_sequences': m003,
  '004_directory_read_models': m004,
  '005_data_keys': m005,
  '006_pacientes': m006,
  '007_psicologos': m007,
  '008_directorio': m008,
  '009_retencion': m009,
  '010_server_keys': m010,
  '011_citas': m011,
  '012_sesiones': m012,
  '013_clinico': m013,
  '014_mensajes': m014,
  '015_event_store_append': m015,
  '016_parked_events': m016,
  '017_agenda_legacy_index': m017,
  '022_citas_series': m022,
  '018_feeds_calendario': m018,
  '020_horarios': m020,
  '024_recordatorios_usuario': m024,
  '026_lista_espera': m026,
  '027_analitica': m027,
  '028_analitica_funciones': m028,
  '029_analitica_supresion_complementaria': m029,
  '040_audit_log': m040,
  '041_firmas_clinicas': m041,
  '042_throttles': m042,
  '043_consumer_leases': m043,
  '044_append_key_rows': m044,
  '045_fhir': m045,
  '046_fhir_clientes': m046,
  '047_fhir_export': m047,
  '051_fhir_export_marcas_jobs': m051,
  '048_throttle_login_reservations': m048,
  '049_adendas_huella_clave': m049,
  '050_secret_checks': m050,
  '052_tarifas': m052,
  '053_facturas': m053,
  '054_aeat_registros': m054,
  '055_cargos': m055,
  '056_retencion_facturacion': m056,
  '057_bonos': m057,
  '058_facturas_recordatorios': m058,
  '059_stripe_eventos': m059,
  '060_pagos': m060,
  '061_analitica_facturas': m061,
  '062_inline_append': m062,
  '063_event_log_identity': m063,
  '064_cuestionarios': m064,
  '067_citas_modalidad': m067,
  '068_psicologos_modalidades': m068,
  '069_consentimientos': m069,
  '071_analitica_puntuaciones': m071,
};
