import { named, s, type JsonSchema } from '../validation.ts';

// The invoice as the API answers it (docs/billing.md "Invoices and numbering"). Amounts in integer EUR cents.

// Not bounded below: a rectifying invoice's differences may be negative.
const centimos = (description: string): JsonSchema => s.int({ description });
const parte = (description: string) => named(`ParteFactura${description === 'emisor' ? 'Emisor' : 'Destinatario'}`, s.object(
  {
    nombreRazon: s.string({ description: 'Nombre o razón social' }),
    nif: s.string({ description: 'NIF o NIE' }),
    domicilio: s.array(s.string(), { description: 'Domicilio, una línea por elemento' }),
  },
  ['nombreRazon', 'nif', 'domicilio'],
  { description },
));

const lineaSchema = named('LineaFactura', s.object(
  {
    descripcion: s.string({ description: 'Descripción (nunca contenido clínico)' }),
    idServicio: s.nullable(s.int({ description: 'Servicio facturado; null en una línea escrita a mano' })),
    cantidad: s.int({ minimum: 1 }),
    precioUnitarioCentimos: centimos('Precio unitario antes de IVA'),
    baseCentimos: centimos('Base imponible: precio unitario × cantidad'),
    iva: { type: ['string', 'integer'], enum: ['EXENTO', 21, 10, 4], minimum: 4, maximum: 21, description: 'EXENTO (causa E1, art. 20.Uno.3º Ley 37/1992) o el tipo en porcentaje' },
    cuotaCentimos: centimos('Cuota de IVA (0 si exenta), redondeada al céntimo'),
    fechaOperacion: { ...s.date(), description: 'Día del servicio, en la línea de un cargo (la fecha de la cita); si falta, la de expedición' },
  },
  ['descripcion', 'idServicio', 'cantidad', 'precioUnitarioCentimos', 'baseCentimos', 'iva', 'cuotaCentimos'],
));

export const facturaSchema = named('Factura', s.object(
  {
    idFactura: s.int(),
    idPaciente: s.int(),
    idPsicologo: s.nullable(s.int({ description: 'Psicólogo del paciente al emitirla' })),
    idPsicologoEmisor: s.nullable(s.int({ description: 'Psicólogo que la emite como profesional; null: la emite la consulta' })),
    serie: s.string({ example: '2026-A', description: 'Serie: año y letra, una por emisor y año' }),
    numero: s.int({ minimum: 1, description: 'Número correlativo en la serie, sin huecos ni repeticiones' }),
    numSerie: s.string({ example: '2026-A/000001', description: 'Serie y número, como se registran ante la AEAT' }),
    fechaExpedicion: s.date(),
    tipoFactura: { ...s.enum(['F1', 'F2', 'R1', 'R4', 'R5']), description: 'F1 completa; F2 simplificada (paciente sin NIF o domicilio, hasta 400,00 €); R1, R4 o R5 (de una F2) rectificativa por diferencias' },
    rectifica: s.nullable(named('FacturaRectificadaRef', s.object(
      {
        idFactura: s.int({ description: 'La factura que rectifica' }), numSerie: s.string(), fechaExpedicion: s.date(),
        motivo: s.string({ description: 'Por qué se rectifica' }),
      },
      ['idFactura', 'numSerie', 'fechaExpedicion', 'motivo'],
      { description: 'En una rectificativa, la factura original; null en las demás' },
    ))),
    estado: { ...s.enum(['EMITIDA', 'ANULADA']), description: 'ANULADA tras su registro de anulación; nunca se borra' },
    emisor: parte('emisor'),
    destinatario: s.nullable(parte('destinatario')),
    lineas: s.array(lineaSchema),
    baseTotalCentimos: centimos('Suma de las bases'),
    cuotaTotalCentimos: centimos('Suma de las cuotas (CuotaTotal)'),
    importeTotalCentimos: centimos('Total de la factura (ImporteTotal)'),
    huella: s.nullable(s.string({ description: 'Huella (SHA-256) de su registro de alta' })),
    urlQr: s.string({ description: 'URL del servicio de cotejo de la AEAT que lleva el QR de la factura' }),
    cobradoCentimos: centimos('Pagado de la factura, descontados los reembolsos (una rectificativa se paga a través de la original: 0)'),
    estadoCobro: { ...s.enum(['PENDIENTE', 'PARCIAL', 'PAGADA', 'REEMBOLSADA']), description: 'PENDIENTE, PARCIAL, PAGADA (nada pendiente) o REEMBOLSADA (todo lo pagado se reembolsó); una rectificativa, el de su original' },
  },
  [
    'idFactura', 'idPaciente', 'idPsicologo', 'idPsicologoEmisor', 'serie', 'numero', 'numSerie', 'fechaExpedicion', 'tipoFactura', 'estado',
    'rectifica', 'emisor', 'destinatario', 'lineas', 'baseTotalCentimos', 'cuotaTotalCentimos', 'importeTotalCentimos', 'huella', 'urlQr', 'cobradoCentimos', 'estadoCobro',
  ],
));
