// Percentages of money in integer cents: VAT on a base, a patient's discount. One rounding rule for
// fees (src/queries/precio-sesion.ts) and invoices (src/commands/factura.ts), so a session's price
// and the invoice line made of it never disagree by a cent.

/**
 * `centimos × porcentaje / 100` rounded to the nearest cent, halves up in magnitude: 10.5 cents is
 * 11, and a negative amount (a rectifying invoice's difference) mirrors its positive, −10.5 is −11,
 * so lowering an invoice by an amount lowers its VAT by exactly what raising it would add. Integer
 * arithmetic: amounts up to 10^8 cents times 100 % stay exact in a double.
 */
export function porcentajeDe(centimos: number, porcentaje: number): number {
  const magnitud = Math.floor((Math.abs(centimos) * porcentaje + 50) / 100);
  return centimos < 0 ? -magnitud : magnitud;
}
