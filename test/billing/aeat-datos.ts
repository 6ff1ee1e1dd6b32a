import { huellaAlta } from '../../src/platform/verifactu/huella.ts';
import type { RegistroParaEnvio } from '../../src/platform/verifactu/suministro-xml.ts';
import type { Persona, RegistroAlta, SistemaInformatico } from '../../src/platform/verifactu/tipos.ts';

// Records for the tests of the AEAT adapter and its scheduler: one issuer's chain of exempt
// session invoices, each linked to the one before.

export const EMISOR: Persona = { nombreRazon: 'Consulta Peña & Asociados', nif: 'B12345674' };
export const OTRO_EMISOR: Persona = { nombreRazon: 'Ana Psicóloga', nif: '12345678Z' };
export const SISTEMA: SistemaInformatico = {
  productor: { nombreRazon: 'Productor del software', nif: 'A58818501' }, nombre: 'practice-backend', id: 'PB',
  version: '1.0.0', numeroInstalacion: 'instalacion-1', soloVerifactu: true, multiplesObligados: true, indicadorMultiplesObligados: false,
};

/** `n` altas of `emisor`, numbered `A-2026/0001`..., chained. */
export function altas(n: number, emisor: Persona = EMISOR, desde = 1): RegistroParaEnvio[] {
  const out: RegistroParaEnvio[] = [];
  let anterior: RegistroAlta | null = null;
  for (let i = desde; i < desde + n; i++) {
    const registro: RegistroAlta = {
      factura: { idEmisor: emisor.nif, numSerie: `A-2026/${String(i).padStart(4, '0')}`, fechaExpedicion: '2026-03-10' },
      nombreRazonEmisor: emisor.nombreRazon, tipoFactura: 'F1', descripcionOperacion: 'Sesión de psicología',
      destinatario: { nombreRazon: 'Paciente de prueba', nif: '00000000T' },
      desglose: [{ tipo: 'exenta', causa: 'E1', baseCentimos: 6000 }],
      cuotaTotalCentimos: 0, importeTotalCentimos: 6000,
      anterior: anterior ? { ...anterior.factura, huella: huellaAlta(anterior) } : null,
      fechaHoraHusoGenRegistro: '2026-03-10T10:00:00+01:00',
    };
    out.push({ tipo: 'alta', registro });
    anterior = registro;
  }
  return out;
}
