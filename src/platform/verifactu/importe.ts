// Amounts in AEAT's decimal notation from integer cents: money never passes through floating point.

/** `12345` -> `"123.45"`, `-5` -> `"-0.05"`: AEAT's ImporteSgn12.2Type (point, two decimals). */
export function importe(centimos: number): string {
  if (!Number.isSafeInteger(centimos)) throw new RangeError(`importe: ${centimos} is not a whole number of cents`);
  const sign = centimos < 0 ? '-' : '';
  const abs = Math.abs(centimos);
  const euros = Math.trunc(abs / 100);
  if (euros >= 1e12) throw new RangeError('importe: more than 12 integer digits (ImporteSgn12.2Type)');
  return `${sign}${euros}.${String(abs % 100).padStart(2, '0')}`;
}

/** A VAT rate in hundredths of a percent (`2100` = 21 %) as AEAT's Tipo2.2Type, `"21.00"`. */
export function tipoImpositivo(centesimasDePorcentaje: number): string {
  if (!Number.isSafeInteger(centesimasDePorcentaje) || centesimasDePorcentaje < 0 || centesimasDePorcentaje >= 100_000) {
    throw new RangeError(`tipoImpositivo: ${centesimasDePorcentaje} is not a rate in hundredths of a percent`);
  }
  return importe(centesimasDePorcentaje);
}
